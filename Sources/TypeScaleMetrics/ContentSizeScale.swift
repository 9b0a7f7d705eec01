// SPDX-License-Identifier: Apache-2.0

/// A design size at every content-size category of an Apple platform: the ``SizeScale`` of
/// Dynamic Type, and the one place TypeScale turns a category into a point size.
///
/// ``FontSizing/resolve(_:in:table:maximumPointSize:)``, ``ResolvedSize/rescaled(to:)``,
/// `DynamicType`, the layout engine's sweep, `typescale measure`, `typescale scale` and `check`
/// all resolve through ``size(at:)``.
///
/// ```swift
/// let scale = try ContentSizeScale(17, sizing: .relative(to: .body), maximumPointSize: 40)
/// try scale.size(at: .accessibilityExtraLarge).points           // 37
/// try scale.size(at: .accessibilityExtraExtraExtraLarge).points // 40 (48, capped)
/// scale.steps.count                                             // 12
/// ```
///
/// Matches Apple, per ``sizing``:
/// - ``FontSizing/system(_:)``: the table's point size (`UIFont.preferredFont(forTextStyle:)`);
///   another design size follows the ratio of the table's sizes, rounded to whole points.
/// - ``FontSizing/scalesWithBody`` and ``FontSizing/relative(to:)``: `UIFontMetrics` — the
///   style's *leading* ratio, rounded to whole points half away from zero, then capped
///   (``FontMetrics/scaledFont(for:maximumPointSize:in:)``).
/// - ``FontSizing/fixed``: the design size at every category, capped, never rounded.
///
/// The style's ``FontMetrics`` are built once, in the initializer, so a sweep reads one factor
/// per category.
public struct ContentSizeScale: SizeScale, Hashable {
  /// The size at the table's default category (Large).
  public let designSize: DesignSize
  /// How the size follows the category.
  public let sizing: FontSizing
  /// The platform's size table.
  public let table: SizeTable
  /// The cap after rounding, as given: `nil` or `0` for none.
  ///
  /// Checked by ``size(at:)``, as `UIFontMetrics` checks it on every call.
  public let maximumPointSize: Double?
  /// The categories ``steps`` is drawn from.
  public let categories: DynamicTypeRange
  /// How ``size(at:)`` computes, decided once.
  private let _rule: _Rule

  private enum _Rule: Hashable, Sendable {
    /// `UIFontMetrics`: the style's leading ratio (``FontSizing/scalesWithBody``,
    /// ``FontSizing/relative(to:)``).
    case metrics(FontMetrics)
    /// The ratio of the table's point sizes (``FontSizing/system(_:)``).
    case system(TextStyle)
    /// The design size (``FontSizing/fixed``).
    case fixed
  }

  /// Creates the scale of a design size.
  ///
  /// - Parameters:
  ///   - designSize: The size at the default category.
  ///   - sizing: How the size follows Dynamic Type; like body by default.
  ///   - table: The platform's size table; iOS by default.
  ///   - maximumPointSize: The largest size, in points; `nil` or `0` for no cap.
  ///   - categories: The categories a sweep visits; all twelve by default.
  /// - Throws: ``MetricsError/Code/styleNotInTable`` when `sizing` scales by a style whose
  ///   leadings `table` does not publish at every category (`extraLargeTitle` on iOS).
  public init(
    _ designSize: DesignSize, sizing: FontSizing = .scalesWithBody, table: SizeTable = .iOS,
    maximumPointSize: Double? = nil, categories: DynamicTypeRange = .all
  ) throws(MetricsError) {
    self.designSize = designSize
    self.sizing = sizing
    self.table = table
    self.maximumPointSize = maximumPointSize
    self.categories = categories
    switch sizing {
    case .scalesWithBody, .relative:
      _rule = .metrics(try FontMetrics(forTextStyle: sizing.textStyle ?? .body, table: table))
    case .system(let style): _rule = .system(style)
    case .fixed: _rule = .fixed
    }
  }

  /// The categories of ``categories`` that ``table`` has, smallest first (watchOS has no
  /// Medium, AX4 or AX5; macOS and tvOS have Large only).
  public var steps: [ContentSizeCategory] {
    categories.categories.filter(table.categories.contains)
  }

  /// The size at a category.
  ///
  /// - Parameter category: The user's content-size category; a ``FontSizing/fixed`` size
  ///   resolves even at a category the table lacks.
  /// - Returns: The size, rounded and capped as ``sizing`` says, with its provenance.
  /// - Throws: ``MetricsError``: an invalid maximum, a category the table lacks
  ///   (``MetricsError/Code/categoryNotInTable``), a ``FontSizing/system(_:)`` style the table
  ///   has no size for there, or a scaled size over ``ValueRanges/maximumPoints``
  ///   (``MetricsError/Code/invalidSize``).
  /// - Complexity: O(1).
  public func size(at category: ContentSizeCategory) throws(MetricsError) -> ResolvedSize {
    switch _rule {
    case .metrics(let metrics):
      return try metrics.scaledFont(
        for: designSize, maximumPointSize: maximumPointSize, in: category)
    case .system(let style):
      let maximum = try FontMetrics.checkMaximum(maximumPointSize)
      let reference = try table.entry(for: style, at: table.defaultCategory).pointSize
      let target = try table.entry(for: style, at: category).pointSize
      let factor = target / reference
      // The table's own design size gives the table's size exactly, with no rounding at all.
      let scaled =
        designSize.points == reference
        ? target : (designSize.points * factor).rounded(.toNearestOrAwayFromZero)
      let points = maximum.map { min(scaled, $0) } ?? scaled
      try FontMetrics.checkScaled(points, from: designSize, in: category)
      return ResolvedSize(
        points: points, designSize: designSize, sizing: sizing, category: category,
        maximumPointSize: maximum, table: table, factor: factor, isClamped: points < scaled)
    case .fixed:
      let maximum = try FontMetrics.checkMaximum(maximumPointSize)
      let points = maximum.map { min(designSize.points, $0) } ?? designSize.points
      return ResolvedSize(
        points: points, designSize: designSize, sizing: .fixed, category: category,
        maximumPointSize: maximum, table: table, factor: 1,
        isClamped: points < designSize.points)
    }
  }
}
