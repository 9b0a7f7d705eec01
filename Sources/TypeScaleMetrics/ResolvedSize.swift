// SPDX-License-Identifier: Apache-2.0

/// A point size resolved for one content-size category, with how it was made.
///
/// The result of ``FontMetrics/scaledFont(for:maximumPointSize:in:)`` and
/// ``FontSizing/resolve(_:in:table:maximumPointSize:)``. Like a font returned by UIKit's
/// `UIFontMetrics`, it remembers its design size, style and maximum, so it can be resolved again
/// for another category with ``rescaled(to:)`` — what `adjustsFontForContentSizeCategory` does
/// when the user changes their setting. It cannot be passed where a ``DesignSize`` is expected.
///
/// ```swift
/// let size = try FontMetrics.default.scaledFont(for: 17, in: .large)   // 17 pt
/// try size.rescaled(to: .accessibilityExtraExtraExtraLarge).points     // 48
/// ```
public struct ResolvedSize: Hashable, Sendable, CustomStringConvertible {
  /// The resolved size in points, rounded to whole points and clamped to ``maximumPointSize``
  /// (unless ``sizing`` is fixed, which never rounds or scales).
  public let points: Double
  /// The size as designed for the default category.
  public let designSize: DesignSize
  /// How the size follows Dynamic Type.
  public let sizing: FontSizing
  /// The category the size was resolved for.
  public let category: ContentSizeCategory
  /// The cap applied after rounding, in points, if any.
  public let maximumPointSize: Double?
  /// The size table whose leadings (or, for ``FontSizing/system(_:)``, point sizes) gave the
  /// scale factor.
  public let table: SizeTable

  /// The factor that was applied before rounding: `1` for fixed sizes, the ratio of the table's
  /// point sizes for ``FontSizing/system(_:)``, of its leadings otherwise.
  public let factor: Double
  /// Whether ``maximumPointSize`` lowered the size.
  public let isClamped: Bool

  init(
    points: Double, designSize: DesignSize, sizing: FontSizing, category: ContentSizeCategory,
    maximumPointSize: Double?, table: SizeTable, factor: Double, isClamped: Bool
  ) {
    self.points = points
    self.designSize = designSize
    self.sizing = sizing
    self.category = category
    self.maximumPointSize = maximumPointSize
    self.table = table
    self.factor = factor
    self.isClamped = isClamped
  }

  /// A fixed size with no maximum: the design size itself at any category, which cannot fail —
  /// what ``FontSizing/fixed`` resolves to without a cap.
  ///
  /// - Parameters:
  ///   - size: The design size.
  ///   - category: The category it was asked for (recorded, not applied).
  ///   - table: The table recorded as the size's table.
  /// - Returns: The design size, unscaled and uncapped.
  package static func fixed(
    _ size: DesignSize, in category: ContentSizeCategory, table: SizeTable = .iOS
  ) -> ResolvedSize {
    ResolvedSize(
      points: size.points, designSize: size, sizing: .fixed, category: category,
      maximumPointSize: nil, table: table, factor: 1, isClamped: false)
  }

  /// Resolves the same design size, sizing and maximum for another category.
  ///
  /// - Parameter category: The new content-size category.
  /// - Returns: The size for that category.
  /// - Throws: ``MetricsError`` when the table has no data for the style at `category`.
  public func rescaled(to category: ContentSizeCategory) throws(MetricsError) -> ResolvedSize {
    try sizing.resolve(designSize, in: category, table: table, maximumPointSize: maximumPointSize)
  }

  /// The size and its provenance, such as `37pt (body, AX3, from 17pt)`.
  public var description: String {
    "\(MetricsError.format(points))pt (\(sizing), \(category.shortName), from \(designSize))"
  }
}
