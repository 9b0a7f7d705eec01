// SPDX-License-Identifier: Apache-2.0

/// Scales custom font sizes and layout values for a text style, the way UIKit's `UIFontMetrics`
/// does.
///
/// The factor for a category is the style's *leading* (line height) at that category divided by
/// its leading at the default category — not the ratio of point sizes. This is what iOS ships
/// (reference/dynamic-type.md §4.2): with body metrics, a 17 pt font at AX5 becomes 48 pt
/// (17 × 62 ⁄ 22), not the 53 pt of the system body font.
///
/// ```swift
/// let metrics = FontMetrics.default                      // body
/// try metrics.scaledFont(for: 17, in: .accessibilityExtraExtraExtraLarge).points  // 48
/// try metrics.scaledValue(for: 17, in: .medium, displayScale: 3)                  // 16.333…
/// ```
///
/// Matches Apple:
/// - ``scaledFont(for:maximumPointSize:in:)`` rounds to whole points, half away from zero, then
///   caps at the maximum (`UIFontMetrics.scaledFont(for:maximumPointSize:)`).
/// - ``scaledValue(for:in:displayScale:)`` rounds to the pixel grid of the display scale and
///   ignores any maximum (`UIFontMetrics.scaledValue(for:compatibleWith:)`).
/// - ``default`` scales like body (`UIFontMetrics.default`).
///
/// Differs deliberately:
/// - The category is an explicit parameter rather than the current trait environment, so one
///   value serves concurrent requests for different users.
/// - Scaling an already-scaled size does not compile (``DesignSize`` in, ``ResolvedSize`` out)
///   instead of raising at run time.
/// - Styles without a published per-category table (``TextStyle/extraLargeTitle``) throw from
///   ``init(forTextStyle:table:)`` instead of scaling with an unknown factor.
public struct FontMetrics: Hashable, Sendable, CustomStringConvertible {
  /// The text style whose leadings give the factor.
  public let textStyle: TextStyle
  /// The platform table the leadings come from.
  public let table: SizeTable
  /// The style's leading at ``SizeTable/defaultCategory``, in points.
  public let referenceLeading: Double
  /// The factor per category, indexed by raw value; `nil` where the table has no such category.
  ///
  /// Precomputed so that scaling is an array read, not two dictionary lookups.
  private let _factors: [Double?]

  /// Creates metrics for a text style, like `UIFontMetrics(forTextStyle:)`.
  ///
  /// - Parameters:
  ///   - textStyle: The style to scale like.
  ///   - table: The platform's size table; iOS by default.
  /// - Throws: ``MetricsError/Code/styleNotInTable`` when the table lacks a leading for the style
  ///   at any of its categories (``TextStyle/extraLargeTitle`` on iOS, Large Title on tvOS).
  public init(forTextStyle textStyle: TextStyle, table: SizeTable = .iOS) throws(MetricsError) {
    let row = try table._row(for: textStyle)
    let missing = table.categories.filter { row.cells[$0]?.leading == nil }
    guard missing.isEmpty, let reference = row.cells[table.defaultCategory]?.leading,
      reference > 0
    else {
      throw MetricsError(
        .styleNotInTable,
        "cannot scale \(textStyle) with the \(table.platform.displayName) table: it publishes no "
          + "leading at " + missing.map(\.shortName).joined(separator: ", ")
          + "; scale relative to a style that has one, such as body")
    }
    self.init(_style: textStyle, table: table, row: row, reference: reference)
  }

  private init(
    _style textStyle: TextStyle, table: SizeTable, row: SizeTable.Row, reference: Double
  ) {
    self.textStyle = textStyle
    self.table = table
    self.referenceLeading = reference
    self._factors = ContentSizeCategory.allCases.map { category in
      row.cells[category]?.leading.map { $0 / reference }
    }
  }

  private init(_body table: SizeTable) {
    guard let row = table._rows[.body], let reference = row.cells[.large]?.leading else {
      preconditionFailure("the iOS table has a body leading at L")
    }
    self.init(_style: .body, table: table, row: row, reference: reference)
  }

  /// Metrics for the body style on iOS, like `UIFontMetrics.default`.
  public static let `default` = FontMetrics(_body: .iOS)

  /// The style and platform, such as `body (iOS)`.
  public var description: String { "\(textStyle) (\(table.platform.displayName))" }

  // MARK: - Factors

  /// The scale factor at a category: leading(category) ⁄ leading(default category).
  ///
  /// - Parameter category: The content-size category.
  /// - Returns: The unrounded factor; `1` at the default category.
  /// - Throws: ``MetricsError/Code/categoryNotInTable`` when the platform has no such category.
  public func factor(in category: ContentSizeCategory) throws(MetricsError) -> Double {
    guard let factor = _factors[category.rawValue] else {
      _ = try table.entry(for: textStyle, at: category)  // throws categoryNotInTable
      preconditionFailure("init checked every column of \(textStyle) has a leading")
    }
    return factor
  }

  /// The linear curve for a category, to use where any ``ScalingCurve`` is accepted.
  ///
  /// - Parameter category: The content-size category.
  /// - Returns: A curve whose factor is ``factor(in:)``.
  /// - Throws: ``MetricsError/Code/categoryNotInTable`` when the platform has no such category.
  public func curve(at category: ContentSizeCategory) throws(MetricsError) -> LinearScalingCurve {
    LinearScalingCurve(_unchecked: try factor(in: category))
  }

  // MARK: - Scaling

  /// Scales a font size designed for the default category, like
  /// `UIFontMetrics.scaledFont(for:maximumPointSize:compatibleWith:)`.
  ///
  /// The size is multiplied by ``factor(in:)``, rounded to a whole point (half away from zero),
  /// then capped at `maximumPointSize`.
  ///
  /// - Parameters:
  ///   - size: The size at the default category.
  ///   - maximumPointSize: The largest size to return, in points; `nil` or `0` for no cap (UIKit
  ///     treats `0` the same way).
  ///   - category: The user's content-size category.
  /// - Returns: The resolved size.
  /// - Throws: ``MetricsError/Code/invalidSize`` for a negative, NaN or infinite maximum, or a
  ///   scaled size (after the cap) over ``ValueRanges/maximumPoints``;
  ///   ``MetricsError/Code/categoryNotInTable`` when the platform has no such category.
  /// - Complexity: O(1).
  public func scaledFont(
    for size: DesignSize, maximumPointSize: Double? = nil, in category: ContentSizeCategory
  ) throws(MetricsError) -> ResolvedSize {
    let maximum = try Self.checkMaximum(maximumPointSize)
    let factor = try factor(in: category)
    let rounded = (size.points * factor).rounded(.toNearestOrAwayFromZero)
    let points = maximum.map { min(rounded, $0) } ?? rounded
    try Self.checkScaled(points, from: size, in: category)
    return ResolvedSize(
      points: points, designSize: size, sizing: _sizing, category: category,
      maximumPointSize: maximum, table: table, factor: factor, isClamped: points < rounded)
  }

  /// Scales a layout value (a padding, a row height), like
  /// `UIFontMetrics.scaledValue(for:compatibleWith:)` and SwiftUI's `@ScaledMetric`.
  ///
  /// The value is multiplied by ``factor(in:)`` and rounded to the pixel grid, `1 ⁄ displayScale`
  /// (half away from zero). No maximum applies, as on Apple platforms.
  ///
  /// - Parameters:
  ///   - value: The value at the default category, in points; may be negative.
  ///   - category: The user's content-size category.
  ///   - displayScale: Pixels per point: 1, 2 or 3 on Apple devices; any value in
  ///     ``ValueRanges/displayScales`` (0.5…10).
  /// - Returns: The scaled value, in points, on the pixel grid.
  /// - Throws: ``MetricsError/Code/invalidValue`` for a NaN or infinite value, or one whose
  ///   magnitude is over ``ValueRanges/maximumPoints``;
  ///   ``MetricsError/Code/invalidDisplayScale`` for a display scale outside
  ///   ``ValueRanges/displayScales``; ``MetricsError/Code/categoryNotInTable`` when the platform
  ///   has no such category.
  /// - Complexity: O(1).
  public func scaledValue(
    for value: Double, in category: ContentSizeCategory, displayScale: Double
  ) throws(MetricsError) -> Double {
    guard value.isFinite, abs(value) <= ValueRanges.maximumPoints else {
      throw MetricsError(
        .invalidValue,
        "value \(MetricsError.format(value)) cannot be scaled; use a finite number of points in "
          + "-\(MetricsError.format(ValueRanges.maximumPoints))…"
          + "\(MetricsError.format(ValueRanges.maximumPoints)) (ValueRanges.maximumPoints)")
    }
    try Self.checkDisplayScale(displayScale)
    let scaled = value * (try factor(in: category))
    let rounded = (scaled * displayScale).rounded(.toNearestOrAwayFromZero) / displayScale
    return rounded == 0 ? 0 : rounded  // never -0: a tiny negative value rounds to 0
  }

  // MARK: - Helpers

  var _sizing: FontSizing { textStyle == .body ? .scalesWithBody : .relative(to: textStyle) }

  /// Throws unless `displayScale` is in ``ValueRanges/displayScales``.
  ///
  /// - Parameter displayScale: Pixels per point.
  /// - Throws: ``MetricsError/Code/invalidDisplayScale`` naming the value and the range.
  static func checkDisplayScale(_ displayScale: Double) throws(MetricsError) {
    guard displayScale.isFinite, ValueRanges.displayScales.contains(displayScale) else {
      throw MetricsError(
        .invalidDisplayScale,
        "display scale \(MetricsError.format(displayScale)) is not valid; use a number of pixels "
          + "per point in \(ValueRanges.displayScalesText) (ValueRanges.displayScales; 1, 2 or 3 "
          + "on Apple devices)")
    }
  }

  /// Throws unless a scaled size is at most ``ValueRanges/maximumPoints``: a design size in
  /// range can scale past it (a 40,000 pt body is over 120,000 pt at AX5).
  ///
  /// - Parameters:
  ///   - points: The scaled size, after any cap.
  ///   - size: The design size it was scaled from.
  ///   - category: The category it was scaled for.
  /// - Throws: ``MetricsError/Code/invalidSize`` naming both sizes and the category.
  static func checkScaled(
    _ points: Double, from size: DesignSize, in category: ContentSizeCategory
  ) throws(MetricsError) {
    guard points > ValueRanges.maximumPoints else { return }
    throw MetricsError(
      .invalidSize,
      "\(MetricsError.format(size.points)) pt at \(category.shortName) scales to "
        + "\(MetricsError.format(points)) pt; expected at most "
        + "\(MetricsError.format(ValueRanges.maximumPoints)) pt (ValueRanges.maximumPoints); use a "
        + "smaller size or a maximum point size")
  }

  static func checkMaximum(_ maximum: Double?) throws(MetricsError) -> Double? {
    guard let maximum else { return nil }
    try MetricsError.checkSize(maximum, "maximum point size")
    return maximum == 0 ? nil : maximum
  }
}
