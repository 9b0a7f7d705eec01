// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics

/// `FontSizing.system(_:)`: the system text styles' own sizes (`preferredFont(forTextStyle:)`).
@Suite struct SystemSizingTests {
  /// Every style Apple publishes at every category, with the style's size at Large.
  static let cells: [(TextStyle, ContentSizeCategory)] = TextStyle.allCases
    .filter(SizeTable.iOS.isScalable)
    .flatMap { style in ContentSizeCategory.allCases.map { (style, $0) } }

  @Test(arguments: cells)
  func system_atTheTablesDesignSize_isTheTable(_ style: TextStyle, _ category: ContentSizeCategory)
    throws
  {
    let design = try SizeTable.iOS.entry(for: style, at: .large).pointSize
    let size = try FontSizing.system(style).resolve(try DesignSize(design), in: category)
    #expect(size.points == (try SizeTable.iOS.entry(for: style, at: category).pointSize))
    #expect(size.sizing == .system(style))
    #expect(size.category == category)
    #expect(!size.isClamped)
  }

  @Test func system_bodyAtAX5_is53WhereUIFontMetricsGives48() throws {
    let ax5 = ContentSizeCategory.accessibilityExtraExtraExtraLarge
    #expect(try FontSizing.system(.body).resolve(17, in: ax5).points == 53)
    #expect(try FontSizing.relative(to: .body).resolve(17, in: ax5).points == 48)
    let sizes = try ContentSizeCategory.allCases.map {
      try FontSizing.system(.body).resolve(17, in: $0).points
    }
    #expect(sizes == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
  }

  @Test func system_otherDesignSize_followsTheRatioOfTheTablesSizes() throws {
    // 20 × 53/17 = 62.35 → 62; 20 × 14/17 = 16.47 → 16.
    let ax5 = try FontSizing.system(.body).resolve(20, in: .accessibilityExtraExtraExtraLarge)
    #expect(ax5.points == 62)
    #expect(abs(ax5.factor - 53.0 / 17) < 1e-12)
    #expect(try FontSizing.system(.body).resolve(20, in: .extraSmall).points == 16)
    #expect(try FontSizing.system(.body).resolve(20, in: .large).points == 20)
  }

  @Test func system_capsAtTheMaximumAfterTheTable() throws {
    let size = try FontSizing.system(.body).resolve(
      17, in: .accessibilityExtraExtraExtraLarge, maximumPointSize: 40)
    #expect(size.points == 40)
    #expect(size.isClamped)
    #expect(try size.rescaled(to: .large).points == 17)
  }

  @Test func system_extraLargeTitle_isKnownAtLargeOnly() throws {
    #expect(try FontSizing.system(.extraLargeTitle).resolve(36, in: .large).points == 36)
    #expect(try FontSizing.system(.extraLargeTitle2).resolve(28, in: .large).points == 28)
    let error = #expect(throws: MetricsError.self) {
      try FontSizing.system(.extraLargeTitle).resolve(36, in: .accessibilityMedium)
    }
    #expect(error?.code == .styleNotInTable)
    #expect(!FontSizing.system(.extraLargeTitle).scales())
    #expect(!FontSizing.relative(to: .extraLargeTitle2).scales())
    #expect(FontSizing.system(.body).scales())
    #expect(FontSizing.fixed.scales())
    #expect(FontSizing.scalesWithBody.scales(with: .watchOS))
  }

  @Test func system_hasNoLeadingStyle() {
    #expect(FontSizing.system(.headline).textStyle == nil)
    #expect(FontSizing.system(.headline).systemStyle == .headline)
    #expect(FontSizing.relative(to: .headline).systemStyle == nil)
    #expect(FontSizing.system(.caption1).description == "system(caption1)")
  }

  @Test(arguments: [
    (FontSizing.system(.body), #"{"system":{"style":"body"}}"#),
    (.relative(to: .title1), #"{"relative":{"to":"title1"}}"#),
    (.scalesWithBody, #"{"scalesWithBody":{}}"#),
    (.fixed, #"{"fixed":{}}"#),
  ])
  func codable_roundTripsAsKeyedObjects(_ sizing: FontSizing, _ json: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(String(decoding: try encoder.encode(sizing), as: UTF8.self) == json)
    #expect(try JSONDecoder().decode(FontSizing.self, from: Data(json.utf8)) == sizing)
  }
}
