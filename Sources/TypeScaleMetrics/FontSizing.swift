// SPDX-License-Identifier: Apache-2.0

/// How a font's size follows Dynamic Type: the system text styles' own sizes, or SwiftUI's three
/// ways to make a custom font.
///
/// | Case | Apple | Size at a category |
/// |---|---|---|
/// | ``system(_:)`` | `UIFont.preferredFont(forTextStyle:)`, SwiftUI `Font.system(_:)` | the size table's point size |
/// | ``scalesWithBody`` | `Font.custom(_:size:)` | `UIFontMetrics.default` scaling |
/// | ``relative(to:)`` | `Font.custom(_:size:relativeTo:)`, `UIFontMetrics(forTextStyle:)` | `UIFontMetrics` scaling |
/// | ``fixed`` | `Font.custom(_:fixedSize:)` | the design size |
///
/// The system sizes and `UIFontMetrics` scaling differ: `UIFontMetrics` scales by the style's
/// *leading* ratio, so a 17 pt custom body font is 48 pt at AX5, where the system body font is
/// the table's 53 pt (reference/dynamic-type.md §4.2).
///
/// ```swift
/// try FontSizing.system(.body).resolve(17, in: .accessibilityExtraExtraExtraLarge).points  // 53
/// try FontSizing.relative(to: .body).resolve(17, in: .accessibilityExtraExtraExtraLarge).points  // 48
/// try FontSizing.relative(to: .title1).resolve(28, in: .accessibilityExtraLarge).points  // 47
/// try FontSizing.fixed.resolve(28, in: .accessibilityExtraLarge).points                 // 28
/// ```
///
/// `Codable` as a keyed object: `{"system": {"style": "body"}}`, `{"relative": {"to": "body"}}`,
/// `{"scalesWithBody": {}}`, `{"fixed": {}}`.
public enum FontSizing: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The system text style's own sizes, as `UIFont.preferredFont(forTextStyle:)` and SwiftUI's
  /// `Font.system(_:)` give them: the size table's point size for the style at the category.
  ///
  /// The design size is the size at the table's default category (Large). At the style's own
  /// size there (body: 17) the result is the table's size at every category — body at AX5 is
  /// 53 pt, not the 48 pt `UIFontMetrics` gives a 17 pt custom font. Another design size
  /// follows the same curve: it is multiplied by the ratio of the table's sizes (size at the
  /// category ⁄ size at Large) and rounded to a whole point, so a 20 pt body is 62 pt at AX5
  /// (20 × 53 ⁄ 17 = 62.4). Apple has no API for that case (a preferred font always has the
  /// table's size); the ratio keeps a typography's own design size meaningful.
  ///
  /// Matches Apple: the sizes of the published table (``SizeTable/iOS``, cross-checked with
  /// runtime dumps). Differs: the size only — the system font's size-specific tracking and its
  /// optical sizes (SF Pro Text and Display) are properties of San Francisco, not of the size,
  /// and are not applied to whatever family draws the text.
  case system(TextStyle)
  /// Scales like body, as `Font.custom(_:size:)` does.
  case scalesWithBody
  /// Scales like the given text style, as `Font.custom(_:size:relativeTo:)` does.
  case relative(to: TextStyle)
  /// Never scales, as `Font.custom(_:fixedSize:)` does.
  case fixed

  /// The key ``system(_:)``'s style is coded under: `{"system": {"style": "body"}}`.
  enum SystemCodingKeys: String, CodingKey {
    case _0 = "style"
  }

  /// The style whose leadings give `UIFontMetrics`' factor: body for ``scalesWithBody``, the
  /// style for ``relative(to:)``; `nil` for ``fixed`` and for ``system(_:)``, whose sizes come
  /// from the table's point sizes rather than from a leading ratio (see ``systemStyle``).
  public var textStyle: TextStyle? {
    switch self {
    case .scalesWithBody: .body
    case .relative(let style): style
    case .fixed, .system: nil
    }
  }

  /// The style whose table sizes ``system(_:)`` follows; `nil` for the other cases.
  public var systemStyle: TextStyle? {
    if case .system(let style) = self { return style }
    return nil
  }

  /// `system(body)`, `body`, `relative(title1)` or `fixed`.
  public var description: String {
    switch self {
    case .system(let style): "system(\(style))"
    case .scalesWithBody: "body"
    case .relative(let style): "relative(\(style))"
    case .fixed: "fixed"
    }
  }

  /// Whether `table` has what this sizing needs at every one of its categories: a leading for
  /// the style of ``relative(to:)`` and ``scalesWithBody``, a size for the style of
  /// ``system(_:)``; always `true` for ``fixed``.
  ///
  /// `false` for iOS's `extraLargeTitle` and `extraLargeTitle2`, published at Large only.
  ///
  /// - Parameter table: The platform's size table; iOS by default.
  /// - Returns: Whether ``resolve(_:in:table:maximumPointSize:)`` succeeds at every category of
  ///   `table` (for a valid maximum).
  public func scales(with table: SizeTable = .iOS) -> Bool {
    switch self {
    case .fixed: true
    case .scalesWithBody, .relative: textStyle.map(table.isScalable) ?? true
    case .system(let style): table.categories(for: style) == table.categories
    }
  }

  /// Resolves a design size for a category: ``ContentSizeScale/size(at:)`` for one category.
  ///
  /// Scaling sizes round to whole points as SwiftUI does (`round(factor × size)`) and are then
  /// capped at `maximumPointSize`; a fixed size is returned as it is (still capped), at any
  /// category, even one the table lacks. A ``system(_:)`` size is the table's size at the
  /// category when `size` is the table's size at Large, and follows the ratio of the table's
  /// sizes otherwise (see ``system(_:)``).
  ///
  /// - Parameters:
  ///   - size: The size at the default category.
  ///   - category: The user's content-size category.
  ///   - table: The platform's size table; iOS by default.
  ///   - maximumPointSize: The largest size to return, in points; `nil` or `0` for no cap.
  /// - Returns: The resolved size.
  /// - Throws: ``MetricsError`` when the style cannot be scaled with `table`
  ///   (``MetricsError/Code/styleNotInTable``: `extraLargeTitle` on iOS, which is published at
  ///   Large only), when the table has no such category, for an invalid maximum, or
  ///   (``MetricsError/Code/invalidSize``) for a scaled size over ``ValueRanges/maximumPoints``.
  public func resolve(
    _ size: DesignSize, in category: ContentSizeCategory, table: SizeTable = .iOS,
    maximumPointSize: Double? = nil
  ) throws(MetricsError) -> ResolvedSize {
    try ContentSizeScale(size, sizing: self, table: table, maximumPointSize: maximumPointSize)
      .size(at: category)
  }
}
