// SPDX-License-Identifier: Apache-2.0

import Foundation

/// An app's type scale: for every text style, a family, weight, slope, size and how the size
/// follows Dynamic Type — "body is Pretendard Regular 14, headline is Pretendard SemiBold 17".
///
/// ```swift
/// var typography = Typography.default                    // Apple's iOS sizes, embedded font
/// typography[.body] = .init(family: "Pretendard", weight: .regular, size: 14)
/// typography[.headline] = .init(family: "Pretendard", weight: .semibold, size: 17)
/// let loaded = try Typography.load(URL(fileURLWithPath: "typography.json"))
/// ```
///
/// Styles a typography does not set use ``default``'s: Apple's iOS size and weight at Large in the
/// embedded default family, scaling relative to the style.
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
    /// Extra space after every character, in points (`NSAttributedString.Key.kern`); `nil` for
    /// none.
    public var tracking: Double?
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
    ///   - tracking: Tracking in points, or `nil`.
    ///   - lineHeightMultiple: The line-height multiple, or `nil`.
    ///   - maximumPointSize: The largest point size, or `nil`.
    public init(
      family: String, weight: FontWeight = .regular, italic: Bool = false, size: DesignSize,
      sizing: FontSizing? = nil, tracking: Double? = nil, lineHeightMultiple: Double? = nil,
      maximumPointSize: Double? = nil
    ) {
      self.family = family
      self.weight = weight
      self.italic = italic
      self.size = size
      self.sizing = sizing
      self.tracking = tracking
      self.lineHeightMultiple = lineHeightMultiple
      self.maximumPointSize = maximumPointSize
    }

    /// The sizing for `style`: ``sizing``, or relative to `style` when `nil` (fixed for styles
    /// Apple publishes no per-category sizes for).
    public func sizing(for style: TextStyle) -> FontSizing {
      if let sizing { return sizing }
      return SizeTable.iOS.isScalable(style) ? .relative(to: style) : .fixed
    }
  }

  /// The typography's name.
  public var name: String
  private var _styles: [TextStyle: Style]

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

  /// How a style is set: the typography's own, or ``default``'s.
  public subscript(style: TextStyle) -> Style {
    get { _styles[style] ?? Self._appleStyle(style) }
    set { _styles[style] = newValue }
  }

  /// The styles this typography sets itself.
  public var definedStyles: [TextStyle] { TextStyle.allCases.filter { _styles[$0] != nil } }

  /// Apple's iOS text styles at Large in TypeScale's embedded default family (Noto Sans), each
  /// scaling relative to itself — what `UIFont.preferredFont(forTextStyle:)` sizes look like.
  public static let `default` = Typography(name: "default")

  static func _appleStyle(_ style: TextStyle) -> Style {
    let entry = try? SizeTable.iOS.entry(for: style, at: .large)
    let points = entry?.pointSize ?? 17
    return Style(
      family: "Noto Sans", weight: entry?.weight ?? .regular,
      size: (try? DesignSize(points)) ?? 17)
  }
}
