// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

@Suite struct LayoutOptionsTests {
  private static let sentence = "The quick brown fox jumps over the lazy dog"

  @Test(arguments: LayoutOptions.Truncation.allCases)
  func truncation_lineLimitOneInEveryMode(_ mode: LayoutOptions.Truncation) throws {
    let engine = FontFixture.engine()
    let layout = try engine.layout(
      Self.sentence, font: try FontFixture.defaultFont(),
      options: .init(width: 120, lineLimit: 1, truncation: mode))
    #expect(layout.lineCount == 1)
    #expect(layout.isTruncated)
    #expect(layout.lines[0].isTruncated)
    #expect(layout.width <= 120 + 1e-6)
    let truncation = try #require(layout.truncation)
    #expect(truncation.mode == mode && truncation.lineIndex == 0)
    let hidden = truncation.hiddenRanges.reduce(0) { $0 + $1.count }
    #expect(hidden > 0 && hidden < 43)
    let ellipses = layout.lines[0].runs.filter(\.isEllipsis)
    #expect(ellipses.count == (mode == .clip ? 0 : 1))
    switch mode {
    case .tail: #expect(truncation.hiddenRanges.last?.upperBound == 43)
    case .head: #expect(truncation.hiddenRanges.first?.lowerBound == 0)
    case .middle:
      #expect(truncation.hiddenRanges.count == 1)
      #expect(
        truncation.hiddenRanges[0].lowerBound > 0 && truncation.hiddenRanges[0].upperBound < 43)
    case .clip: #expect(truncation.hiddenRanges.last?.upperBound == 43)
    }
  }

  @Test func truncation_ellipsisNeverCutsAGraphemeCluster() throws {
    let engine = FontFixture.engine()
    let text = String(repeating: "e\u{301}", count: 40)
    let layout = try engine.layout(
      text, font: try FontFixture.defaultFont(), options: .init(width: 60, lineLimit: 1))
    let hidden = try #require(layout.truncation?.hiddenRanges.first)
    #expect(hidden.lowerBound % 2 == 0)
  }

  @Test func truncation_secondOfThreeLines() throws {
    let engine = FontFixture.engine()
    let layout = try engine.layout(
      Self.sentence, font: try FontFixture.defaultFont(), options: .init(width: 120, lineLimit: 2)
    )
    #expect(layout.lineCount == 2)
    #expect(!layout.lines[0].isTruncated && layout.lines[1].isTruncated)
    #expect(layout.truncation?.lineIndex == 1)
  }

  @Test func truncation_moreParagraphsThanLines() throws {
    let engine = FontFixture.engine()
    let layout = try engine.layout(
      "One\nTwo\nThree", font: try FontFixture.defaultFont(), options: .init(lineLimit: 2))
    #expect(layout.lineCount == 2)
    #expect(layout.truncation?.hiddenRanges == [7..<13])
  }

  /// Kern and tracking add space after each of the five clusters of "Hello"; the tracking after
  /// the last one hangs at the line's end, the kern counts (exact widths: no pixel rounding).
  @Test func tracking_addsToEveryCluster() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let plain = try engine.layout("Hello", font: font)
    var options = LayoutOptions()
    options.tracking = 1.5
    let tracked = try engine.layout("Hello", font: font, options: options)
    #expect(abs(tracked.exactWidth - plain.exactWidth - 4 * 1.5) < 1e-9)
    let advances = tracked.lines[0].runs.flatMap(\.advances).reduce(0, +)
    #expect(abs(advances - plain.exactWidth - 5 * 1.5) < 1e-9)
    options.tracking = 0
    options.kern = 1.5
    let kerned = try engine.layout("Hello", font: font, options: options)
    #expect(abs(kerned.exactWidth - plain.exactWidth - 5 * 1.5) < 1e-9)
  }

  @Test func features_turningKerningOffWidensAV() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let kerned = try engine.layout("AVAVAV", font: font)
    var options = LayoutOptions()
    options.features = [.off("kern")]
    let unkerned = try engine.layout("AVAVAV", font: font, options: options)
    #expect(unkerned.width > kerned.width + 1)
  }

  @Test func lineHeight_multipleThenClampThenSpacing() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(10)  // natural line height 13.62
    var options = LayoutOptions()
    options.lineHeight = LineHeight(multiple: 2)
    // Exact heights: a label rounds them up to the pixel grid (54.48 → 54.666…).
    #expect(
      abs(try engine.layout("a\nb", font: font, options: options).exactHeight - 54.48) < 1e-9)
    options.lineHeight = LineHeight(multiple: 2, maximum: 20)
    #expect(abs(try engine.layout("a\nb", font: font, options: options).exactHeight - 40) < 1e-9)
    options.lineHeight = LineHeight(minimum: 30, spacing: 5)
    let spaced = try engine.layout("a\nb", font: font, options: options)
    #expect(abs(spaced.exactHeight - 65) < 1e-9)
    #expect(abs(spaced.lines[1].top - 35) < 1e-9)
    // The extra height sits above the text: the baseline is the descent above the line's bottom.
    #expect(abs(spaced.lines[0].baseline - (30 - 2.93)) < 1e-9)
  }

  @Test func minimumScaleFactor_shrinksUntilItFits() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(17)
    var options = LayoutOptions(width: 200, lineLimit: 1)
    options.minimumScaleFactor = 0.5
    let layout = try engine.layout(Self.sentence, font: font, options: options)
    #expect(!layout.isTruncated)
    #expect(layout.scaleFactor < 1 && layout.scaleFactor >= 0.5)
    #expect(abs(layout.pointSize - 17 * layout.scaleFactor) < 1e-9)
    #expect(layout.width <= 200 + 1e-6)
    // A little larger no longer fits.
    let larger = try engine.layout(
      Self.sentence, font: try font.withSize(17 * (layout.scaleFactor + 0.01)),
      options: .init(width: 200, lineLimit: 1))
    #expect(larger.isTruncated)
    options.minimumScaleFactor = 0.9
    let floor = try engine.layout(Self.sentence, font: font, options: options)
    #expect(floor.isTruncated && floor.scaleFactor == 0.9)
  }

  @Test func displayScale_roundsTheSizeUpToThePixelGrid() throws {
    let engine = FontFixture.engine()
    var options = LayoutOptions()
    options.displayScale = 3
    let layout = try engine.layout(
      "Hello world", font: try FontFixture.defaultFont(), options: options)
    #expect(layout.width >= layout.exactWidth && layout.width - layout.exactWidth < 1.0 / 3)
    #expect((layout.width * 3).rounded() == layout.width * 3)
    #expect((layout.height * 3).rounded() == layout.height * 3)
  }

  @Test func justified_linesFillTheWidthButTheLast() throws {
    let engine = FontFixture.engine()
    let layout = try engine.layout(
      Self.sentence, font: try FontFixture.defaultFont(),
      options: .init(width: 150, alignment: .justified))
    for line in layout.lines.dropLast() {
      let last = try #require(line.runs.last)
      let right = (last.xs.last ?? 0) + (last.advances.last ?? 0)
      #expect(line.width == 150)
      #expect(right >= 149)
    }
    #expect(try #require(layout.lines.last).width < 150)
  }

  fileprivate struct BadOption: Sendable, CustomTestStringConvertible {
    let name: String
    let options: LayoutOptions
    let message: String
    var testDescription: String { name }
  }

  private static var badOptions: [BadOption] {
    var tracking = LayoutOptions()
    tracking.tracking = .infinity
    var scale = LayoutOptions()
    scale.minimumScaleFactor = 0
    var display = LayoutOptions()
    display.displayScale = -1
    var feature = LayoutOptions()
    feature.features = [FontFeature("ligature")]
    var spacing = LayoutOptions()
    spacing.lineHeight.spacing = -2
    return [
      BadOption(name: "NaN width", options: .init(width: .nan), message: "width nan is not valid"),
      BadOption(
        name: "negative width", options: .init(width: -1), message: "width -1 is not valid"),
      BadOption(
        name: "negative limit", options: .init(lineLimit: -2), message: "line limit -2 is not valid"
      ),
      BadOption(name: "tracking", options: tracking, message: "tracking inf is not valid"),
      BadOption(name: "scale", options: scale, message: "minimum scale factor 0 is not valid"),
      BadOption(name: "display", options: display, message: "display scale -1 is not valid"),
      BadOption(
        name: "feature", options: feature, message: "feature tag \"ligature\" is not valid"),
      BadOption(name: "spacing", options: spacing, message: "line spacing -2 is not valid"),
    ]
  }

  @Test(arguments: badOptions)
  fileprivate func layout_badOptionThrowsNamingTheValue(_ bad: BadOption) throws {
    let engine = FontFixture.engine()
    let error = #expect(throws: LayoutError.self) {
      try engine.layout("Hello", font: try FontFixture.defaultFont(), options: bad.options)
    }
    #expect(error?.code == .invalidOption)
    #expect(error?.message.hasPrefix(bad.message) == true, "\(error?.message ?? "")")
  }

  @Test(arguments: [Double.nan, -1, 0, .infinity])
  func layoutFont_rejectsBadSizes(_ size: Double) {
    let error = #expect(throws: LayoutError.self) {
      try LayoutFont(face: FontFixture.registry.defaultFace, pointSize: size)
    }
    let shown = size == size.rounded() && size.isFinite ? String(Int(size)) : String(size)
    #expect(error?.message.hasPrefix("font size \(shown) is not valid") == true)
  }

  @Test func layout_megabyteStringDoesNotCrash() throws {
    let engine = FontFixture.engine()
    let sentence = "Typography at scale: 안녕하세요, Ελληνικά, кириллица. "
    let text = String(repeating: sentence, count: 1_048_576 / sentence.utf8.count + 1)
    #expect(text.utf8.count >= 1_048_576)
    let layout = try engine.layout(
      text, font: try FontFixture.defaultFont(), options: .init(width: 400))
    #expect(layout.lineCount > 1000)
    #expect(layout.lines.last?.range.upperBound == text.utf16.count)
  }

  @Test func layout_concurrentCallsMatchASerialRun() async throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let texts = ["Hello world", "안녕하세요 여러분", Self.sentence, "Ελληνικά κείμενα", "e\u{301}e\u{301}"]
    let serial = try texts.map { try engine.layout($0, font: font, options: .init(width: 100)) }
    let parallel = try await withThrowingTaskGroup(of: (Int, Double, Int).self) { group in
      for round in 0..<40 {
        let index = round % texts.count
        group.addTask {
          let layout = try engine.layout(texts[index], font: font, options: .init(width: 100))
          return (index, layout.height, layout.lineCount)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for (index, height, lines) in parallel {
      #expect(height == serial[index].height && lines == serial[index].lineCount)
    }
  }
}
