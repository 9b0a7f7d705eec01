// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScale
import TypeScaleTestSupport

/// The fixture family "TypeScale Fixture", registered once.
private let fixtureRegistry: FontRegistry = {
  do {
    let registry = try FontRegistry()
    try registry.register(fileAt: Fixtures.font("Fixture-Regular.ttf"))
    return registry
  } catch {
    preconditionFailure("fixtures must register: \(error)")
  }
}()

/// A `ScaledFont` lays out the same whichever path is taken: `DynamicType.layout(_:_:)`,
/// `engine.layout(_:font: scaled.layoutFont())`, and the typography's own
/// `DynamicType.layout(_:style:)` — tracking, kern and line height included — at every category.
@Suite struct ScaledFontLayoutTests {
  static let text = "Subscribe to the weekly newsletter and never miss an issue"
  static let width = 150.0

  /// Body has tracking and a line-height multiple; callout has kern and a line-height multiple
  /// (kern is ignored while tracking is not 0, as on Apple platforms).
  static let typography: Typography = {
    var typography = Typography(name: "spaced")
    typography[.body] = .init(
      family: "TypeScale Fixture", size: 17, tracking: 0.7, lineHeightMultiple: 1.35)
    typography[.callout] = .init(
      family: "TypeScale Fixture", size: 16, kern: 1.25, lineHeightMultiple: 0.85)
    return typography
  }()

  static func breaks(_ layout: TextLayout) -> [Range<Int>] { layout.lines.map(\.range) }

  @Test(arguments: [TextStyle.body, .callout], ContentSizeCategory.allCases)
  func layout_sameEitherWay(style: TextStyle, category: ContentSizeCategory) throws {
    let user = DynamicType(registry: fixtureRegistry, typography: Self.typography)
      .with(category: category)
    let scaled = try user.font(for: style)
    let options = LayoutOptions(width: Self.width)
    let engine = try user.engine.layout(Self.text, font: try scaled.layoutFont(), options: options)
    let dynamic = try user.layout(Self.text, scaled, width: Self.width)
    let byStyle = try user.layout(Self.text, style: style, width: Self.width)
    for other in [dynamic, byStyle] {
      #expect(other.width == engine.width)
      #expect(other.height == engine.height)
      #expect(other.exactWidth == engine.exactWidth)
      #expect(other.exactHeight == engine.exactHeight)
      #expect(other.lineCount == engine.lineCount)
      #expect(Self.breaks(other) == Self.breaks(engine))
      #expect(other.options.tracking == engine.options.tracking)
      #expect(other.options.kern == engine.options.kern)
      #expect(other.options.lineHeight.multiple == engine.options.lineHeight.multiple)
    }
    // The spacing did apply: the same font without it lays out differently.
    let bare = try LayoutFont(match: scaled.match, pointSize: scaled.pointSize)
    let plain = try user.engine.layout(Self.text, font: bare, options: options)
    #expect(plain.exactHeight != engine.exactHeight)
    #expect(engine.options.lineHeight.multiple == (style == .body ? 1.35 : 0.85))
    #expect(engine.options.tracking == (style == .body ? 0.7 : 0))
    #expect(engine.options.kern == (style == .body ? 0 : 1.25))
  }

  /// The spacing travels into sweeps too: the engine's sweep of a spaced layout font gives, at
  /// each category, the layout `DynamicType.layout(_:_:)` gives at that category.
  @Test(arguments: [TextStyle.body, .callout])
  func sweep_keepsTheSpacing(style: TextStyle) throws {
    let base = DynamicType(registry: fixtureRegistry, typography: Self.typography)
    let sweep = try base.sweep(Self.text, style: style, width: Self.width)
    #expect(sweep.map(\.category) == ContentSizeCategory.allCases)
    for swept in sweep {
      let user = base.with(category: swept.category)
      let single = try user.layout(Self.text, try user.font(for: style), width: Self.width)
      #expect(swept.layout.exactWidth == single.exactWidth, "\(swept.category)")
      #expect(swept.layout.exactHeight == single.exactHeight, "\(swept.category)")
      #expect(Self.breaks(swept.layout) == Self.breaks(single), "\(swept.category)")
    }
  }
}
