// SPDX-License-Identifier: Apache-2.0

/// How a custom font's size follows Dynamic Type: SwiftUI's three ways to make a custom font.
///
/// | Case | SwiftUI |
/// |---|---|
/// | ``scalesWithBody`` | `Font.custom(_:size:)` |
/// | ``relative(to:)`` | `Font.custom(_:size:relativeTo:)` |
/// | ``fixed`` | `Font.custom(_:fixedSize:)` |
///
/// ```swift
/// try FontSizing.relative(to: .title1).resolve(28, in: .accessibilityExtraLarge).points  // 47
/// try FontSizing.fixed.resolve(28, in: .accessibilityExtraLarge).points                 // 28
/// ```
public enum FontSizing: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Scales like body, as `Font.custom(_:size:)` does.
  case scalesWithBody
  /// Scales like the given text style, as `Font.custom(_:size:relativeTo:)` does.
  case relative(to: TextStyle)
  /// Never scales, as `Font.custom(_:fixedSize:)` does.
  case fixed

  /// The style whose leadings give the factor: body for ``scalesWithBody``, `nil` for ``fixed``.
  public var textStyle: TextStyle? {
    switch self {
    case .scalesWithBody: .body
    case .relative(let style): style
    case .fixed: nil
    }
  }

  /// `body`, `relative(title1)` or `fixed`.
  public var description: String {
    switch self {
    case .scalesWithBody: "body"
    case .relative(let style): "relative(\(style))"
    case .fixed: "fixed"
    }
  }

  /// Resolves a design size for a category.
  ///
  /// Scaling sizes round to whole points as SwiftUI does (`round(factor × size)`) and are then
  /// capped at `maximumPointSize`; a fixed size is returned as it is (still capped), at any
  /// category, even one the table lacks.
  ///
  /// - Parameters:
  ///   - size: The size at the default category.
  ///   - category: The user's content-size category.
  ///   - table: The platform's size table; iOS by default.
  ///   - maximumPointSize: The largest size to return, in points; `nil` or `0` for no cap.
  /// - Returns: The resolved size.
  /// - Throws: ``MetricsError`` when the style cannot be scaled with `table`, when the table has no
  ///   such category, or for an invalid maximum.
  public func resolve(
    _ size: DesignSize, in category: ContentSizeCategory, table: SizeTable = .iOS,
    maximumPointSize: Double? = nil
  ) throws(MetricsError) -> ResolvedSize {
    guard let style = textStyle else {
      let maximum = try FontMetrics._checkMaximum(maximumPointSize)
      let points = maximum.map { min(size.points, $0) } ?? size.points
      return ResolvedSize(
        points: points, designSize: size, sizing: self, category: category,
        maximumPointSize: maximum, table: table, factor: 1, isClamped: points < size.points)
    }
    let metrics = try FontMetrics(forTextStyle: style, table: table)
    return try metrics.scaledFont(for: size, maximumPointSize: maximumPointSize, in: category)
  }
}
