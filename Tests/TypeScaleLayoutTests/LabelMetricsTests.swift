// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// The sizes a label reports: rounded up to the pixel grid, with font leading; and the exact
/// ones an attributed string's `boundingRect` gives.
@Suite struct LabelMetricsTests {
  private static let texts: [(String, Double?)] = [
    ("Hello world", nil), ("Hi", nil), ("The quick brown fox jumps over the lazy dog", 120),
    ("안녕하세요 여러분, 반갑습니다", 100), ("a\nb\nc", nil), ("", nil), ("office", 7),
  ]

  // MARK: - Pixel rounding

  @Test(arguments: [10.0, 17, 23.5, 34])
  func label_reportsWholePixelsAt3x(_ size: Double) throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(size)
    for (text, width) in Self.texts {
      let layout = try engine.layout(text, font: font, options: LayoutOptions(width: width))
      #expect(layout.options.effectiveDisplayScale == 3)
      for value in [layout.width, layout.height] {
        #expect((value * 3).rounded() == value * 3, "\(text) at \(size): \(value)")
      }
      #expect(layout.width >= layout.exactWidth && layout.width - layout.exactWidth < 1.0 / 3)
      #expect(layout.height >= layout.exactHeight && layout.height - layout.exactHeight < 1.0 / 3)
      // Lines keep their exact numbers.
      #expect(layout.lines.map(\.width).max() ?? 0 == layout.exactWidth)
      #expect((layout.lines.last.map { $0.top + $0.height } ?? 0) == layout.exactHeight)
    }
  }

  /// 17 pt Noto Sans: line height 17 × 1362 / 1000 = 23.154, which a label reports as 23.333
  /// (69.462 pixels at 3×, rounded up to 70).
  @Test func label_roundsAOneLineHeightUpToThirds() throws {
    let engine = FontFixture.engine()
    let layout = try engine.layout("Hi", font: try FontFixture.defaultFont(17))
    #expect(abs(layout.exactHeight - 23.154) < 1e-9)
    #expect(layout.height == 70.0 / 3)
    #expect(layout.lines[0].height == layout.exactHeight)
  }

  @Test func attributedString_reportsExactSizes() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(17)
    for (text, width) in Self.texts {
      let layout = try engine.layout(
        text, font: font, options: LayoutOptions(width: width, target: .attributedString))
      #expect(layout.options.effectiveDisplayScale == nil)
      #expect(layout.width == layout.exactWidth && layout.height == layout.exactHeight)
    }
    let hi = try engine.layout(
      "Hi", font: font, options: LayoutOptions(target: .attributedString))
    #expect(abs(hi.height - 23.154) < 1e-9)
  }

  @Test func displayScale2_roundsToHalves() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(17)
    for target in LayoutTarget.allCases {
      for (text, width) in Self.texts {
        var options = LayoutOptions(width: width, target: target)
        options.displayScale = 2
        let layout = try engine.layout(text, font: font, options: options)
        for (value, exact) in [
          (layout.width, layout.exactWidth), (layout.height, layout.exactHeight),
        ] {
          #expect((value * 2).rounded() == value * 2)
          #expect(value >= exact && value - exact < 0.5)
        }
      }
    }
  }

  /// Sizes, display scales and what they round up to: a size on the grid stays there, even
  /// when its computation lands a hair above it.
  private static let roundings: [(value: Double, scale: Double, rounded: Double)] = [
    (20.333333333333336, 3, 61.0 / 3), (61.0 / 3, 3, 61.0 / 3), (20.333333, 3, 61.0 / 3),
    (20.3334, 3, 62.0 / 3), (0, 3, 0), (23.154, 3, 70.0 / 3), (10.5, 2, 10.5),
    (10.500000000000002, 2, 10.5), (10.51, 2, 11), (7.1, 1, 8), (1e5, 3, 1e5),
  ]

  @Test func roundedUp_toleratesTheRoundingOfDoubles() {
    for (value, scale, rounded) in Self.roundings {
      let result = TextLayoutEngine.roundedUp(value, toPixelGridOf: scale)
      #expect(result == rounded, "\(value) at \(scale)×")
      #expect(result.sign == .plus)
    }
  }

  // MARK: - Font leading

  /// Fixture-Regular with `hhea.lineGap` set to 200 units, in a registry of its own. (No
  /// checked-in fixture has a line gap: every face has 0.)
  private static func faceWithLineGap() throws -> (FontRegistry, FontFace) {
    var font = try SFNTFont(
      parsing: Array(Data(contentsOf: Fixtures.font("Fixture-Regular.ttf"))))
    var hhea = try #require(font["hhea"])
    hhea[8] = 0
    hhea[9] = 200  // lineGap, a big-endian int16 at offset 8
    font["hhea"] = hhea
    let registry = try FontRegistry()
    let face = try #require(try registry.register(data: font.bytes(), name: "line-gap").faces.first)
    return (registry, face)
  }

  @Test func fontLeading_labelIncludesTheLineGapAndAnAttributedStringDoesNot() throws {
    let (registry, face) = try Self.faceWithLineGap()
    #expect(face.metrics.lineGap == 200)
    let engine = TextLayoutEngine(registry: registry)
    let font = try LayoutFont(face: face, pointSize: 10)
    // Ascender 1069, descender −293 per 1000 units; the gap 200.
    let label = try engine.layout("Hello\nworld", font: font)
    #expect(label.lines.allSatisfy { abs($0.leading - 2) < 1e-9 })
    #expect(label.lines.allSatisfy { abs($0.height - 15.62) < 1e-9 })
    #expect(abs(label.exactHeight - 31.24) < 1e-9)
    // The leading sits below the descent.
    #expect(abs(label.lines[0].baseline - 10.69) < 1e-9)
    #expect(abs(label.lines[1].baseline - (15.62 + 10.69)) < 1e-9)

    let plain = try engine.layout(
      "Hello\nworld", font: font, options: LayoutOptions(target: .attributedString))
    #expect(plain.lines.allSatisfy { $0.leading == 0 })
    #expect(plain.lines.allSatisfy { abs($0.height - 13.62) < 1e-9 })
    #expect(abs(plain.height - 27.24) < 1e-9)
    #expect(abs(plain.lines[1].baseline - (13.62 + 10.69)) < 1e-9)

    // Either default is one option away.
    var withLeading = LayoutOptions(target: .attributedString)
    withLeading.usesFontLeading = true
    #expect(abs(try engine.layout("Hi", font: font, options: withLeading).height - 15.62) < 1e-9)
    var without = LayoutOptions()
    without.usesFontLeading = false
    let noLeading = try engine.layout("Hi", font: font, options: without)
    #expect(abs(noLeading.exactHeight - 13.62) < 1e-9 && noLeading.lines[0].leading == 0)
  }

  /// With no line gap (the embedded face), the two targets' heights differ only by rounding.
  @Test func fontLeading_withoutALineGapChangesNothing() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(17)
    let label = try engine.layout("Hello\nworld", font: font)
    let plain = try engine.layout(
      "Hello\nworld", font: font, options: LayoutOptions(target: .attributedString))
    #expect(label.exactHeight == plain.exactHeight)
    #expect(label.lines.allSatisfy { $0.leading == 0 })
  }
}
