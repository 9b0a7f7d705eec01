// SPDX-License-Identifier: Apache-2.0

/// One platform's published text-style metrics: point size, leading and weights for each text
/// style at each content-size category, as versioned data with its source.
///
/// The numbers are literal copies of Apple's Human Interface Guidelines, cross-checked against
/// runtime dumps; ``source`` and ``notes`` say which and where the sources disagree. The data lives
/// in `SizeTable+Data.swift`.
///
/// ```swift
/// let body = try SizeTable.iOS.entry(for: .body, at: .accessibilityExtraLarge)
/// body.pointSize   // 40
/// body.leading     // 48
/// ```
///
/// A table holds only what Apple publishes. `extraLargeTitle` on iOS is known at Large only, so
/// ``entry(for:at:)`` throws for every other category rather than inventing a size; watchOS has no
/// Medium, AX4 or AX5 column.
public struct SizeTable: Hashable, Sendable {
  /// One immutable allocation per table, so that copying a table (every ``FontMetrics`` and
  /// ``ResolvedSize`` holds one) costs a single reference count.
  private final class _Storage: Sendable {
    let platform: Platform
    let version: String
    let source: String
    let categories: [ContentSizeCategory]
    let defaultCategory: ContentSizeCategory
    let supportsDynamicType: Bool
    let notes: [String]
    let rows: [TextStyle: Row]
    let styles: [TextStyle]

    init(
      platform: Platform, version: String, source: String, categories: [ContentSizeCategory],
      defaultCategory: ContentSizeCategory, supportsDynamicType: Bool, notes: [String],
      rows: [TextStyle: Row]
    ) {
      self.platform = platform
      self.version = version
      self.source = source
      self.categories = categories
      self.defaultCategory = defaultCategory
      self.supportsDynamicType = supportsDynamicType
      self.notes = notes
      self.rows = rows
      self.styles = TextStyle.allCases.filter { rows[$0] != nil }
    }
  }

  private let _storage: _Storage

  /// The platform the numbers belong to.
  public var platform: Platform { _storage.platform }
  /// The version of the data: the date of the newest source it follows, such as
  /// `HIG 2025-12-16`.
  public var version: String { _storage.version }
  /// Where the numbers come from, with the cross-checks that confirmed them.
  public var source: String { _storage.source }
  /// The content-size categories the platform offers, smallest first (the table's columns).
  public var categories: [ContentSizeCategory] { _storage.categories }
  /// The category sizes are designed for; ``FontMetrics`` scales relative to it.
  public var defaultCategory: ContentSizeCategory { _storage.defaultCategory }
  /// Whether sizes follow the user's category.
  ///
  /// `false` on macOS (no Dynamic Type) and tvOS (no
  /// published per-category table): those tables have one column, the default.
  public var supportsDynamicType: Bool { _storage.supportsDynamicType }
  /// Caveats: conflicting sources and the choice made, rows left out, anomalies kept as published.
  public var notes: [String] { _storage.notes }
  var _rows: [TextStyle: Row] { _storage.rows }
  /// The styles the table has at least one entry for, in ``TextStyle`` order.
  public var styles: [TextStyle] { _storage.styles }

  init(
    platform: Platform, version: String, source: String, categories: [ContentSizeCategory],
    defaultCategory: ContentSizeCategory, supportsDynamicType: Bool, notes: [String],
    rows: [(TextStyle, Row)]
  ) {
    _storage = _Storage(
      platform: platform, version: version, source: source, categories: categories,
      defaultCategory: defaultCategory, supportsDynamicType: supportsDynamicType, notes: notes,
      rows: Self._index(rows, platform: platform, categories: categories))
  }

  private static func _index(
    _ rows: [(TextStyle, Row)], platform: Platform, categories: [ContentSizeCategory]
  ) -> [TextStyle: Row] {
    var byStyle: [TextStyle: Row] = [:]
    for (style, row) in rows {
      precondition(byStyle[style] == nil, "duplicate row \(style) in \(platform) table")
      precondition(
        row.cells.keys.allSatisfy(categories.contains),
        "\(style) row of \(platform) has a cell outside the table's categories")
      byStyle[style] = row
    }
    return byStyle
  }

  /// Tables compare by platform and version; two values of one version hold the same numbers.
  public static func == (lhs: SizeTable, rhs: SizeTable) -> Bool {
    lhs.platform == rhs.platform && lhs.version == rhs.version
  }

  /// Hashes the platform and version.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(platform)
    hasher.combine(version)
  }

  // MARK: - Entries

  /// The published metrics of one text style at one category.
  public struct Entry: Hashable, Sendable {
    /// The font's point size, in points.
    public let pointSize: Double
    /// The line height Apple publishes for the style ("leading" in the HIG), in points, or `nil`
    /// where none is published (`extraLargeTitle` on iOS).
    ///
    /// ``FontMetrics`` scales by the ratio of this value between two categories, as
    /// `UIFontMetrics` does.
    public let leading: Double?
    /// The style's regular weight.
    public let weight: FontWeight
    /// The weight of the emphasized (bold) variant of the style.
    public let emphasizedWeight: FontWeight
  }

  struct Row: Hashable, Sendable {
    let weight: FontWeight
    let emphasizedWeight: FontWeight
    let cells: [ContentSizeCategory: Cell]
  }

  struct Cell: Hashable, Sendable {
    let size: Double
    let leading: Double?
  }

  /// The published metrics of a style at a category.
  ///
  /// - Parameters:
  ///   - style: The text style.
  ///   - category: The content-size category.
  /// - Returns: The size, leading and weights.
  /// - Throws: ``MetricsError/Code/categoryNotInTable`` when the platform has no such category
  ///   (watchOS Medium); ``MetricsError/Code/styleNotInTable`` when the platform publishes nothing
  ///   for the style there (tvOS Large Title, iOS `extraLargeTitle` at AX3).
  public func entry(for style: TextStyle, at category: ContentSizeCategory) throws(MetricsError)
    -> Entry
  {
    guard categories.contains(category) else {
      throw MetricsError(
        .categoryNotInTable,
        "\(platform.displayName) has no \(category.shortName) category; its categories are "
          + categories.map(\.shortName).joined(separator: ", "))
    }
    let row = try _row(for: style)
    guard let cell = row.cells[category] else {
      let known = categories.filter { row.cells[$0] != nil }.map(\.shortName)
      throw MetricsError(
        .styleNotInTable,
        "\(platform.displayName) publishes no size for \(style) at \(category.shortName); it is "
          + "known only at \(known.joined(separator: ", ")), and TypeScale does not invent sizes")
    }
    return Entry(
      pointSize: cell.size, leading: cell.leading, weight: row.weight,
      emphasizedWeight: row.emphasizedWeight)
  }

  /// Every published entry of a style, smallest category first.
  ///
  /// - Parameter style: The text style.
  /// - Returns: The categories with an entry and their metrics; fewer than ``categories`` where
  ///   the platform publishes only some (iOS `extraLargeTitle`: Large only).
  /// - Throws: ``MetricsError/Code/styleNotInTable`` when the platform has no such style.
  public func entries(for style: TextStyle) throws(MetricsError)
    -> [(category: ContentSizeCategory, entry: Entry)]
  {
    let row = try _row(for: style)
    return categories.compactMap { category in
      row.cells[category].map {
        (
          category,
          Entry(
            pointSize: $0.size, leading: $0.leading, weight: row.weight,
            emphasizedWeight: row.emphasizedWeight)
        )
      }
    }
  }

  /// The categories at which the table has an entry for `style`, smallest first.
  ///
  /// - Parameter style: The text style.
  /// - Returns: The categories, or an empty array when the table has no such style.
  public func categories(for style: TextStyle) -> [ContentSizeCategory] {
    guard let row = _rows[style] else { return [] }
    return categories.filter { row.cells[$0] != nil }
  }

  /// Whether the table has a leading for `style` at every one of its categories — what
  /// ``FontMetrics`` needs to scale the style.
  ///
  /// - Parameter style: The text style.
  /// - Returns: `true` when the style can be scaled with this table.
  public func isScalable(_ style: TextStyle) -> Bool {
    guard let row = _rows[style] else { return false }
    return categories.allSatisfy { row.cells[$0]?.leading != nil }
  }

  func _row(for style: TextStyle) throws(MetricsError) -> Row {
    guard let row = _rows[style] else {
      throw MetricsError(
        .styleNotInTable,
        "\(platform.displayName) has no \(style) text style; its styles are "
          + styles.map(\.rawValue).joined(separator: ", "))
    }
    return row
  }

  /// All tables, one per platform.
  public static var all: [SizeTable] { Platform.allCases.map(\.sizeTable) }
}
