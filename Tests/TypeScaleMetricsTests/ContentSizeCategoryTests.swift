// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import TypeScaleMetrics

@Suite struct ContentSizeCategoryTests {
  private static let uiKitRawValues = [
    "UICTContentSizeCategoryXS", "UICTContentSizeCategoryS", "UICTContentSizeCategoryM",
    "UICTContentSizeCategoryL", "UICTContentSizeCategoryXL", "UICTContentSizeCategoryXXL",
    "UICTContentSizeCategoryXXXL", "UICTContentSizeCategoryAccessibilityM",
    "UICTContentSizeCategoryAccessibilityL", "UICTContentSizeCategoryAccessibilityXL",
    "UICTContentSizeCategoryAccessibilityXXL", "UICTContentSizeCategoryAccessibilityXXXL",
  ]
  private static let swiftUINames = [
    "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
    "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5",
  ]
  private static let shortNames = [
    "xS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5",
  ]

  @Test func categories_areTwelveInUIKitOrder() {
    #expect(ContentSizeCategory.allCases.count == 12)
    #expect(ContentSizeCategory.allCases == ContentSizeCategory.allCases.sorted())
    #expect(ContentSizeCategory.extraSmall < .large)
    #expect(ContentSizeCategory.extraExtraExtraLarge < .accessibilityMedium)
    #expect(ContentSizeCategory.default == .large)
  }

  @Test(arguments: zip(ContentSizeCategory.allCases, uiKitRawValues))
  func uiKitRawValue_roundTrips(_ category: ContentSizeCategory, _ raw: String) throws {
    #expect(category.uiKitRawValue == raw)
    #expect(try ContentSizeCategory(parsing: raw) == category)
    #expect(try ContentSizeCategory(parsing: raw.uppercased()) == category)
    #expect(try ContentSizeCategory(parsing: raw.lowercased()) == category)
  }

  @Test(arguments: zip(ContentSizeCategory.allCases, swiftUINames))
  func dynamicTypeSizeName_roundTrips(_ category: ContentSizeCategory, _ name: String) throws {
    #expect(category.dynamicTypeSizeName == name)
    #expect(try ContentSizeCategory(parsing: name) == category)
    #expect(try ContentSizeCategory(parsing: name.uppercased()) == category)
  }

  @Test(arguments: zip(ContentSizeCategory.allCases, shortNames))
  func shortName_roundTrips(_ category: ContentSizeCategory, _ name: String) throws {
    #expect(category.shortName == name)
    #expect(category.description == name)
    #expect(try ContentSizeCategory(parsing: name) == category)
    #expect(try ContentSizeCategory(parsing: " \(name.lowercased()) ") == category)
    #expect(try ContentSizeCategory(parsing: category.uiKitName) == category)
  }

  @Test(arguments: ContentSizeCategory.allCases)
  func isAccessibilityCategory_onlyForAX(_ category: ContentSizeCategory) {
    #expect(category.isAccessibilityCategory == category.shortName.hasPrefix("AX"))
  }

  @Test func nextAndPrevious_walkTheOrder() {
    #expect(ContentSizeCategory.large.next == .extraLarge)
    #expect(ContentSizeCategory.accessibilityExtraExtraExtraLarge.next == nil)
    #expect(ContentSizeCategory.extraSmall.previous == nil)
    #expect(ContentSizeCategory.accessibilityMedium.previous == .extraExtraExtraLarge)
  }

  @Test(arguments: ["huge", "", "AX6", "XXXXL", "accessibility0"])
  func parsing_unknownNameListsValidNames(_ name: String) {
    let error = #expect(throws: MetricsError.self) { try ContentSizeCategory(parsing: name) }
    #expect(error?.code == .unknownCategory)
    #expect(
      error?.message.hasPrefix(
        "unknown content-size category \"\(name)\"; valid names: xS, S, M, L, XL, XXL, XXXL, "
          + "AX1, AX2, AX3, AX4, AX5") == true)
  }

  @Test func parsing_unspecifiedSaysAConcreteCategoryIsNeeded() {
    let error = #expect(throws: MetricsError.self) {
      try ContentSizeCategory(parsing: "UICTContentSizeCategoryUnspecified")
    }
    #expect(error?.code == .unknownCategory)
    #expect(error?.message.contains("pass a concrete category") == true)
  }

  @Test func codable_usesShortNamesAndAcceptsAnySpelling() throws {
    let data = try JSONEncoder().encode([ContentSizeCategory.accessibilityExtraLarge])
    #expect(String(decoding: data, as: UTF8.self) == "[\"AX3\"]")
    let decoded = try JSONDecoder().decode(
      [ContentSizeCategory].self,
      from: Data("[\"accessibility3\", \"UICTContentSizeCategoryL\"]".utf8))
    #expect(decoded == [.accessibilityExtraLarge, .large])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([ContentSizeCategory].self, from: Data("[\"huge\"]".utf8))
    }
  }
}

@Suite struct TextStyleTests {
  @Test(arguments: TextStyle.allCases)
  func parsing_everyNameRoundTrips(_ style: TextStyle) throws {
    #expect(try TextStyle(parsing: style.uiKitName) == style)
    #expect(try TextStyle(parsing: style.swiftUIName) == style)
    #expect(try TextStyle(parsing: style.displayName) == style)
    #expect(try TextStyle(parsing: style.coreTextName) == style)
    #expect(try TextStyle(parsing: style.rawValue.uppercased()) == style)
  }

  @Test func names_matchUIKitSwiftUIAndCoreText() throws {
    #expect(TextStyle.allCases.count == 13)
    #expect(TextStyle.title1.swiftUIName == "title")
    #expect(TextStyle.caption1.swiftUIName == "caption")
    #expect(TextStyle.largeTitle.coreTextName == "UICTFontTextStyleTitle0")
    #expect(TextStyle.subheadline.coreTextName == "UICTFontTextStyleSubhead")
    #expect(try TextStyle(parsing: "large-title") == .largeTitle)
  }

  @Test func parsing_unknownStyleListsValidStyles() {
    let error = #expect(throws: MetricsError.self) { try TextStyle(parsing: "heading") }
    #expect(error?.code == .unknownTextStyle)
    #expect(
      error?.message
        == "unknown text style \"heading\"; valid styles: largeTitle, title1, title2, title3, "
        + "headline, subheadline, body, callout, footnote, caption1, caption2, extraLargeTitle, "
        + "extraLargeTitle2")
  }
}

@Suite struct PlatformTests {
  @Test func parsing_acceptsNamesCaseInsensitively() throws {
    #expect(try Platform(parsing: "iOS") == .iOS)
    #expect(try Platform(parsing: "iPadOS") == .iOS)
    #expect(try Platform(parsing: "WATCHOS") == .watchOS)
    let error = #expect(throws: MetricsError.self) { try Platform(parsing: "android") }
    #expect(
      error?.message == "unknown platform \"android\"; valid platforms: ios, watchos, macos, tvos")
  }
}
