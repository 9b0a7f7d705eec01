// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleMetrics

/// The one reader of category ranges (`xS...AX3`), behind cases files and check constraints.
@Suite struct DynamicTypeRangeParsingTests {
  static let ranges: [(text: String, lower: ContentSizeCategory, upper: ContentSizeCategory)] = [
    ("xS...AX3", .extraSmall, .accessibilityExtraLarge),
    ("L...L", .large, .large),
    ("L", .large, .large),
    (
      "accessibility1...UICTContentSizeCategoryAccessibilityXXXL", .accessibilityMedium,
      .accessibilityExtraExtraExtraLarge
    ),
  ]

  @Test(arguments: ranges)
  func parsing_readsRangesAndSingleNames(
    text: String, lower: ContentSizeCategory, upper: ContentSizeCategory
  ) throws {
    let range = try DynamicTypeRange(parsing: text)
    #expect(range.lowerBound == lower)
    #expect(range.upperBound == upper)
  }

  @Test func parsing_xSToAX3_listsTheTenCategoriesInOrder() throws {
    #expect(
      try DynamicTypeRange(parsing: "xS...AX3").categories.map(\.shortName)
        == ["xS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3"])
  }

  static let bad: [(text: String, code: MetricsError.Code, message: String)] = [
    (
      "AX3...xS", .invalidValue,
      #"category range "AX3...xS" runs backwards; write xS...AX3 (the smaller category first)"#
    ),
    (
      "XL...S", .invalidValue,
      #"category range "XL...S" runs backwards; write S...XL (the smaller category first)"#
    ),
    (
      "L...XL...AX1", .invalidValue,
      #""L...XL...AX1" is not a category range; use A...B such as xS...AX3, or one category name"#
    ),
  ]

  @Test(arguments: bad)
  func parsing_refusesBackwardsAndMalformedRanges(
    text: String, code: MetricsError.Code, message: String
  ) {
    #expect(throws: MetricsError(code, message)) { try DynamicTypeRange(parsing: text) }
  }

  @Test(arguments: ["L...", "...AX1", "huge", ""])
  func parsing_unknownBoundIsAnUnknownCategory(text: String) {
    #expect {
      try DynamicTypeRange(parsing: text)
    } throws: { error in
      (error as? MetricsError)?.code == .unknownCategory
    }
  }
}
