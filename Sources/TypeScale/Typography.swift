// SPDX-License-Identifier: Apache-2.0

import Foundation

/// An app's type scale: for every text style, a family, weight, slope, size and how the size
/// follows Dynamic Type — "body is Pretendard Regular 14, headline is Pretendard SemiBold 17".
///
/// ```swift
/// var typography = Typography.default                    // Apple's sizes, UIFontMetrics scaling
/// typography[.body] = .init(family: "Pretendard", weight: .regular, size: 14)
/// typography[.headline] = .init(family: "Pretendard", weight: .semibold, size: 17)
/// let loaded = try Typography.load(URL(fileURLWithPath: "typography.json"))
/// ```
///
/// Two typographies come with TypeScale, both in the embedded default family (Noto Sans):
///
/// | | ``system`` | ``default`` |
/// |---|---|---|
/// | Apple | `UIFont.preferredFont(forTextStyle:)` | `UIFontMetrics(forTextStyle:).scaledFont(for:)` over a custom font at Apple's sizes |
/// | Sizing | `FontSizing.system(_:)`: the table's sizes | `FontSizing.relative(to:)`: leading ratios |
/// | Body at AX5 | 53 pt | 48 pt |
/// | Used by | `DynamicType`, the CLI and goldens when no typography is given | styles a custom typography does not set |
///
/// A custom typography (a family of the app's own) keeps `UIFontMetrics` scaling, as a custom
/// font does on iOS. Styles a typography does not set use ``default``'s: Apple's iOS size and
/// weight at Large in the embedded default family, scaling relative to the style.
public struct Typography: Hashable, Sendable {
  /// How one style is set.
  public struct Style: Hashable, Sendable {
    /// A family name or a PostScript name, resolved through the registry.
    public var family: String
    /// The weight (CSS 1–1000).
    public var weight: FontWeight
    /// Whether to use an italic face.
    public var italic: Bool
    /// The size at the default category (Large), in points.
    public var size: DesignSize
    /// How the size follows the content-size category; `nil` scales relative to the style the
    /// value is set for (`Font.custom(_:size:relativeTo:)` with that style).
    public var sizing: FontSizing?
    /// Apple's `.tracking` (iOS 14, SwiftUI's `tracking(_:)`), in points: space after every
    /// character, nonessential ligatures off, hanging at a line's end; `nil` for none.
    ///
    /// Becomes `LayoutOptions.tracking` unless the layout's options set their own.
    public var tracking: Double?
    /// Apple's `.kern`, in points: space after every character, ligatures kept; `nil` for none.
    ///
    /// Becomes `LayoutOptions.kern` unless the layout's options set their own.
    public var kern: Double?
    /// `lineHeightMultiple` of the paragraph style; `nil` for the font's own line height.
    public var lineHeightMultiple: Double?
    /// The largest point size, whatever the category (`maximumPointSize`); `nil` for none.
    public var maximumPointSize: Double?

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - family: A family or PostScript name.
    ///   - weight: The weight.
    ///   - italic: Whether to use an italic face.
    ///   - size: The size at Large, in points.
    ///   - sizing: How it scales; `nil` scales relative to the style it is set for.
    ///   - tracking: Apple's `.tracking` in points, or `nil`.
    ///   - kern: Apple's `.kern` in points, or `nil`.
    ///   - lineHeightMultiple: The line-height multiple, or `nil`.
    ///   - maximumPointSize: The largest point size, or `nil`.
    public init(
      family: String, weight: FontWeight = .regular, italic: Bool = false, size: DesignSize,
      sizing: FontSizing? = nil, tracking: Double? = nil, kern: Double? = nil,
      lineHeightMultiple: Double? = nil, maximumPointSize: Double? = nil
    ) {
      self.family = family
      self.weight = weight
      self.italic = italic
      self.size = size
      self.sizing = sizing
      self.tracking = tracking
      self.kern = kern
      self.lineHeightMultiple = lineHeightMultiple
      self.maximumPointSize = maximumPointSize
    }

    /// The sizing for `style`: ``sizing``, or relative to `style` when `nil`.
    ///
    /// For a style Apple publishes no per-category sizes for (`extraLargeTitle`), the result
    /// cannot scale (`FontSizing.scales(with:)` is `false`): ``DynamicType`` then keeps the
    /// size at Large at every category and says so in a diagnostic.
    public func sizing(for style: TextStyle) -> FontSizing {
      sizing ?? .relative(to: style)
    }
  }

  /// The typography's name.
  public var name: String
  private var _styles: [TextStyle: Style]
  /// The app's own tokens (``setToken(_:_:)``), by name.
  var _tokens: [String: Style] = [:]

  /// Creates a typography; styles not given use ``default``'s.
  ///
  /// - Parameters:
  ///   - name: A name for messages.
  ///   - styles: How each style is set.
  public init(name: String, styles: [TextStyle: Style] = [:]) {
    self.name = name
    self._styles = [:]
    for (style, value) in styles { self[style] = value }
  }

  /// Creates a typography from an app's own token type: each token's style, set under its
  /// ``TypographyToken/tokenName`` — Apple's text style names set styles, other names tokens.
  ///
  /// ```swift
  /// enum FontStyle: String, CaseIterable, TypographyToken {
  ///   case body, headline, button
  ///   var style: Typography.Style {
  ///     switch self {
  ///     case .body: .init(family: "Pretendard", size: 14)
  ///     case .headline: .init(family: "Pretendard", weight: .semibold, size: 17)
  ///     case .button: .init(family: "Pretendard", weight: .semibold, size: 15,
  ///                         sizing: .relative(to: .body))
  ///     }
  ///   }
  /// }
  /// let typography = try Typography(name: "App", tokens: FontStyle.allCases) { $0.style }
  /// ```
  ///
  /// - Parameters:
  ///   - name: A name for messages.
  ///   - tokens: The tokens.
  ///   - style: How each token is set.
  /// - Throws: ``TypeScaleError/Code/invalidTypography`` for a name that is not a valid token
  ///   name (``validateTokenName(_:)``) or that two tokens share.
  public init<Token: TypographyToken>(
    name: String, tokens: some Sequence<Token>, style: (Token) throws(TypeScaleError) -> Style
  ) throws(TypeScaleError) {
    self.init(name: name)
    var seen: Set<String> = []
    for token in tokens {
      let key = token.tokenName
      guard seen.insert(key).inserted else {
        throw TypeScaleError(
          .invalidTypography, "\(name): two tokens are named \"\(key)\"; give each its own name")
      }
      try set(key, try style(token))
    }
  }

  /// How a style is set: the typography's own, or ``default``'s.
  public subscript(style: TextStyle) -> Style {
    get { _styles[style] ?? Self.appleStyle(style) }
    set { _styles[style] = newValue }
  }

  /// The styles this typography sets itself.
  public var definedStyles: [TextStyle] { TextStyle.allCases.filter { _styles[$0] != nil } }

  /// Apple's system text styles as `UIFont.preferredFont(forTextStyle:)` gives them, in
  /// TypeScale's embedded default family (Noto Sans): every style at the size table's size and
  /// weight for each category (`FontSizing.system(_:)`) — body is 17 pt at Large and 53 pt at
  /// AX5, headline Semibold.
  ///
  /// What ``DynamicType`` uses unless given another typography, and what the `typescale` CLI
  /// and golden files without a typography use.
  ///
  /// Matches Apple: the sizes and weights of `SizeTable.iOS` (the HIG's table, cross-checked
  /// with runtime dumps). Differs:
  /// - The family is Noto Sans, not San Francisco, so glyph widths and line heights are Noto's.
  /// - SF's size-specific tracking (the HIG's table: −0.43 pt at 17 pt, +0.06 pt at 11 pt,
  ///   +0.40 pt at 34 pt) and its optical sizes are not applied: they belong to San Francisco,
  ///   and the embedded family has neither. Set ``Style/tracking`` to add them by hand.
  /// - `extraLargeTitle` and `extraLargeTitle2` are published at Large only (36 and 28 pt
  ///   Bold); they keep that size at every category, with a diagnostic
  ///   (``DynamicType/font(for:)-(TextStyle)``).
  public static let system: Typography = {
    var typography = Typography(name: "system")
    for style in TextStyle.allCases {
      var value = appleStyle(style)
      value.sizing = .system(style)
      typography[style] = value
    }
    return typography
  }()

  /// Apple's iOS text-style sizes and weights at Large in the embedded default family (Noto
  /// Sans), each scaling relative to itself with `UIFontMetrics`' rules — what a custom font
  /// set at Apple's sizes looks like, *not* what `UIFont.preferredFont(forTextStyle:)` gives.
  ///
  /// `UIFontMetrics` scales by the style's leading ratio: body is 17 pt at Large and 48 pt at
  /// AX5, where the system body font (``system``) is 53 pt. Styles a custom typography does not
  /// set come from here, so they scale like the typography's own custom fonts.
  public static let `default` = Typography(name: "default")

  static func appleStyle(_ style: TextStyle) -> Style {
    let entry = try? SizeTable.iOS.entry(for: style, at: .large)
    let points = entry?.pointSize ?? 17
    return Style(
      family: "Noto Sans", weight: entry?.weight ?? .regular,
      size: (try? DesignSize(points)) ?? 17)
  }
}
