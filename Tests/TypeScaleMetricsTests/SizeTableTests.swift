// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleMetrics

/// The iOS table as printed in reference/dynamic-type.md §1.1, copied verbatim.
///
/// HIG order of rows. The library's literal table is checked against this independent transcription.
private let iOSReference = """
  | Large Title | Regular | Bold | 31/38 | 32/39 | 33/40 | 34/41 | 36/43 | 38/46 | 40/48 | 44/52 | 48/57 | 52/61 | 56/66 | 60/70 |
  | Title 1 | Regular | Bold | 25/31 | 26/32 | 27/33 | 28/34 | 30/37 | 32/39 | 34/41 | 38/46 | 43/51 | 48/57 | 53/62 | 58/68 |
  | Title 2 | Regular | Bold | 19/24 | 20/25 | 21/26 | 22/28 | 24/30 | 26/32 | 28/34 | 34/41 | 39/47 | 44/52 | 50/59 | 56/66 |
  | Title 3 | Regular | Semibold | 17/22 | 18/23 | 19/24 | 20/25 | 22/28 | 24/30 | 26/32 | 31/38 | 37/44 | 43/51 | 49/58 | 55/65 |
  | Headline | Semibold | Semibold | 14/19 | 15/20 | 16/21 | 17/22 | 19/24 | 21/26 | 23/29 | 28/34 | 33/40 | 40/48 | 47/56 | 53/62 |
  | Body | Regular | Semibold | 14/19 | 15/20 | 16/21 | 17/22 | 19/24 | 21/26 | 23/29 | 28/34 | 33/40 | 40/48 | 47/56 | 53/62 |
  | Callout | Regular | Semibold | 13/18 | 14/19 | 15/20 | 16/21 | 18/23 | 20/25 | 22/28 | 26/32 | 32/39 | 38/46 | 44/52 | 51/60 |
  | Subheadline | Regular | Semibold | 12/16 | 13/18 | 14/19 | 15/20 | 17/22 | 19/24 | 21/28 | 25/31 | 30/37 | 36/43 | 42/50 | 49/58 |
  | Footnote | Regular | Semibold | 12/16 | 12/16 | 12/16 | 13/18 | 15/20 | 17/22 | 19/24 | 23/29 | 27/33 | 33/40 | 38/46 | 44/52 |
  | Caption 1 | Regular | Semibold | 11/13 | 11/13 | 11/13 | 12/16 | 14/19 | 16/21 | 18/23 | 22/28 | 26/32 | 32/39 | 37/44 | 43/51 |
  | Caption 2 | Regular | Semibold | 11/13 | 11/13 | 11/13 | 11/13 | 13/18 | 15/20 | 17/22 | 20/25 | 24/30 | 29/35 | 34/41 | 40/48 |
  """

private struct ReferenceCell: Sendable, CustomTestStringConvertible {
  let style: TextStyle
  let category: ContentSizeCategory
  let size: Double
  let leading: Double
  let weight: String
  let emphasized: String
  var testDescription: String { "\(style) \(category.shortName)" }
}

private func parseReference(_ text: String) -> [ReferenceCell] {
  var cells: [ReferenceCell] = []
  for line in text.split(separator: "\n") {
    let columns = line.split(separator: "|").map { $0.trimmingSpaces }
    guard columns.count == 15, let style = try? TextStyle(parsing: columns[0]) else {
      Issue.record("unparseable reference row: \(line)")
      continue
    }
    for (category, cell) in zip(ContentSizeCategory.allCases, columns[3...]) {
      let parts = cell.split(separator: "/").compactMap { Double($0) }
      cells.append(
        ReferenceCell(
          style: style, category: category, size: parts[0], leading: parts[1],
          weight: columns[1], emphasized: columns[2]))
    }
  }
  return cells
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

private let iOSCells = parseReference(iOSReference)

@Suite struct SizeTableTests {
  @Test func iOSReference_hasEveryCell() {
    #expect(iOSCells.count == 11 * 12)
  }

  @Test(arguments: iOSCells)
  fileprivate func iOSTable_matchesHIG(_ cell: ReferenceCell) throws {
    let entry = try SizeTable.iOS.entry(for: cell.style, at: cell.category)
    #expect(entry.pointSize == cell.size)
    #expect(entry.leading == cell.leading)
    #expect(entry.weight == (try FontWeight(parsing: cell.weight)))
    #expect(entry.emphasizedWeight == (try FontWeight(parsing: cell.emphasized)))
  }

  @Test func iOSTable_bodyColumnMatchesFlutterEngine() throws {
    // Flutter's iOS text-scale table (reference §1.2, S5).
    let flutter: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    let sizes = try ContentSizeCategory.allCases.map {
      try SizeTable.iOS.entry(for: .body, at: $0).pointSize
    }
    #expect(sizes == flutter)
  }

  @Test(arguments: Platform.allCases)
  func table_sizesAndLeadingsNeverShrink(_ platform: Platform) throws {
    let table = platform.sizeTable
    var leadingDrops: [String] = []
    for style in table.styles where table.isScalable(style) {
      let entries = try table.entries(for: style)
      for (smaller, larger) in zip(entries, entries.dropFirst()) {
        #expect(smaller.entry.pointSize <= larger.entry.pointSize, "\(platform) \(style) size")
        if (smaller.entry.leading ?? 0) > (larger.entry.leading ?? 0) {
          leadingDrops.append("\(style) \(smaller.category.shortName)")
        }
      }
    }
    // The one leading that shrinks is a HIG anomaly kept as published (watchOS Title 2 AX1 = 41,
    // where the pattern predicts 36.5); the table's notes say so.
    #expect(leadingDrops == (platform == .watchOS ? ["title2 AX1"] : []))
  }

  @Test func iOSTable_extraLargeTitlesKnownOnlyAtLarge() throws {
    let title = try SizeTable.iOS.entry(for: .extraLargeTitle, at: .large)
    #expect(title.pointSize == 36)
    #expect(title.leading == nil)
    #expect(title.weight == .bold)
    #expect(try SizeTable.iOS.entry(for: .extraLargeTitle2, at: .large).pointSize == 28)
    #expect(SizeTable.iOS.categories(for: .extraLargeTitle) == [.large])
    #expect(!SizeTable.iOS.isScalable(.extraLargeTitle))
    let error = #expect(throws: MetricsError.self) {
      try SizeTable.iOS.entry(for: .extraLargeTitle, at: .accessibilityExtraLarge)
    }
    #expect(error?.code == .styleNotInTable)
    #expect(error?.message.contains("known only at L") == true)
  }

  @Test func watchOSTable_followsNewerSourceInConflictingCells() throws {
    #expect(try SizeTable.watchOS.entry(for: .title2, at: .large).pointSize == 28)
    #expect(try SizeTable.watchOS.entry(for: .caption2, at: .extraExtraLarge).pointSize == 16)
    #expect(SizeTable.watchOS.notes.contains { $0.contains("Title 2 at L") })
  }

  @Test func watchOSTable_hasNineCategories() throws {
    #expect(
      SizeTable.watchOS.categories.map(\.shortName)
        == ["xS", "S", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3"])
    let error = #expect(throws: MetricsError.self) {
      try SizeTable.watchOS.entry(for: .body, at: .medium)
    }
    #expect(error?.code == .categoryNotInTable)
    #expect(
      error?.message
        == "watchOS has no M category; its categories are xS, S, L, XL, XXL, XXXL, AX1, AX2, AX3")
    let body = try SizeTable.watchOS.entry(for: .body, at: .accessibilityExtraLarge)
    #expect(body.pointSize == 23 && body.leading == 25.5)
    #expect(try SizeTable.watchOS.entry(for: .title2, at: .accessibilityMedium).leading == 41)
  }

  @Test(arguments: [
    (WatchCaseSize.mm38, ContentSizeCategory.small), (.mm40, .large), (.mm41, .large),
    (.mm42, .large), (.mm44, .extraLarge), (.mm45, .extraLarge), (.mm49, .extraLarge),
  ])
  func watchCaseSize_defaultCategory(_ watch: WatchCaseSize, _ expected: ContentSizeCategory) {
    #expect(watch.defaultCategory == expected)
  }

  @Test func macOSTable_fixedSizes() throws {
    let table = SizeTable.macOS
    #expect(!table.supportsDynamicType)
    #expect(table.categories == [.large])
    let sizes = try table.styles.map { try table.entry(for: $0, at: .large).pointSize }
    #expect(sizes == [26, 22, 17, 15, 13, 11, 13, 12, 10, 10, 10])
    let headline = try table.entry(for: .headline, at: .large)
    #expect(headline.weight == .bold && headline.emphasizedWeight == FontWeight(uiKit: .heavy))
    #expect(
      headline.emphasizedWeight == .extraBold && headline.emphasizedWeight.appleName == "heavy")
    #expect(try table.entry(for: .caption2, at: .large).weight == .medium)
  }

  @Test func tvOSTable_fixedSizesWithoutLargeTitle() throws {
    let table = SizeTable.tvOS
    let sizes = try table.styles.map { try table.entry(for: $0, at: .large).pointSize }
    #expect(
      table.styles == [.title1, .title2, .title3, .headline, .body, .callout, .caption1, .caption2])
    #expect(sizes == [76, 57, 48, 38, 29, 31, 25, 23])
    let error = #expect(throws: MetricsError.self) {
      try table.entry(for: .largeTitle, at: .large)
    }
    #expect(error?.code == .styleNotInTable)
    #expect(error?.message.hasPrefix("tvOS has no largeTitle text style") == true)
  }

  @Test func tables_carryVersionAndSource() {
    for table in SizeTable.all {
      #expect(table.version == "HIG 2025-12-16")
      #expect(table.source.contains("Human Interface Guidelines"))
    }
  }
}
