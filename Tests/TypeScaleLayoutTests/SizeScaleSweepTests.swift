// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics
import TypeScaleTestSupport

/// The engine's one sweep takes any `SizeScale`: each step's layout is the single layout at the
/// scale's size, and the category sweep is that sweep with a `ContentSizeScale`.
@Suite struct SizeScaleSweepTests {
  static let text = "Continue to the next step of the setup"
  static let options = LayoutOptions(width: 160)

  @Test func androidSweep_equalsSingleLayouts() throws {
    let engine = FontFixture.sharedEngine
    let font = try FontFixture.defaultFont()
    let scale = try AndroidFontScale(14)
    let sweep = try engine.sweep(Self.text, font: font, scale: scale, options: Self.options)
    #expect(sweep.map(\.step) == scale.steps)
    for swept in sweep {
      let single = try engine.layout(
        Self.text, font: try font.withSize(swept.size.points), options: Self.options)
      #expect(swept.layout.exactWidth == single.exactWidth, "\(swept.step)")
      #expect(swept.layout.exactHeight == single.exactHeight, "\(swept.step)")
      #expect(swept.layout.lines.map(\.range) == single.lines.map(\.range), "\(swept.step)")
    }
    // Android computes in float: each size is within a float's precision of the table's value.
    let expected: [Double] = [11.9, 14, 16.4, 18.8, 22, 24.4, 26]
    #expect(sweep.count == expected.count)
    #expect(zip(sweep.map(\.size.points), expected).allSatisfy { abs($0 - $1) < 1e-5 })
  }

  @Test func categorySweep_isTheContentSizeScaleSweep() throws {
    let engine = FontFixture.sharedEngine
    let font = try FontFixture.defaultFont()
    let bySizing = try engine.sweep(
      Self.text, font: font, sizing: .relative(to: .headline), maximumPointSize: 40,
      options: Self.options)
    let byScale = try engine.sweep(
      Self.text, font: font,
      scale: try ContentSizeScale(
        try DesignSize(font.pointSize), sizing: .relative(to: .headline), maximumPointSize: 40),
      options: Self.options)
    #expect(bySizing.map(\.category) == byScale.map(\.step))
    #expect(bySizing.map(\.size) == byScale.map(\.size))
    #expect(bySizing.map(\.layout.exactHeight) == byScale.map(\.layout.exactHeight))
  }

  /// A layout font's spacing applies in the engine's layouts and sweeps unless the options set
  /// their own.
  @Test func spacing_appliesWhereOptionsLeaveIt() throws {
    let engine = FontFixture.sharedEngine
    let font = try FontFixture.defaultFont()
    let spaced = font.withSpacing(LayoutFont.Spacing(tracking: 0.5, lineHeightMultiple: 1.5))
    let layout = try engine.layout(Self.text, font: spaced, options: Self.options)
    #expect(layout.options.tracking == 0.5 && layout.options.lineHeight.multiple == 1.5)
    var explicit = LayoutFont.Spacing.none.applied(to: Self.options)
    explicit.tracking = 2
    let own = try engine.layout(Self.text, font: spaced, options: explicit)
    #expect(own.options.tracking == 2)
    #expect(try spaced.withSize(30).spacing == spaced.spacing)
    let sweep = try engine.sweep(Self.text, font: spaced, options: Self.options)
    #expect(sweep.allSatisfy { $0.layout.options.tracking == 0.5 })
  }
}
