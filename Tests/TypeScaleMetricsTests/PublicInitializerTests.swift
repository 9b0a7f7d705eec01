// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics

/// Every public initializer of the metrics module's value types, given hostile values: each one
/// throws a typed error (or returns `nil`, or the documented valid value) — none traps.
///
/// The list was made with `grep -rn "public init" Sources/TypeScaleMetrics` plus the failable
/// `init?(rawValue:)` and synthesized `init(from:)` of the `RawRepresentable` and `Codable` types.
/// A trap would end the test process, so reaching each `#expect` is itself the assertion that
/// the initializer returned.
@Suite struct PublicInitializerTests {
  static let hostileDoubles: [Double] = [
    -3, -1e-300, -.leastNonzeroMagnitude, .nan, -.nan, .signalingNaN, .infinity, -.infinity,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 100_000.000_001, 1e300,
  ]

  static let hostileStrings: [String] = [
    "", " ", "\t\n", "\0", "🙂", "-", "-100", "+", "1e3", "nan", "inf", "0x10", "١٠٠",
    String(repeating: "a", count: 100_000), "thin\u{301}", "bold\0", "UIFont.Weight.",
  ]

  /// Decodes one JSON value (written as JSON text) as `T`.
  private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode([T].self, from: Data("[\(json)]".utf8))[0]
  }

  // MARK: DesignSize

  @Test(arguments: hostileDoubles)
  func designSize_refusesEveryInvalidDouble(_ value: Double) {
    let error = #expect(throws: MetricsError.self) { try DesignSize(value) }
    #expect(error?.code == .invalidSize)
    #expect(error?.message.contains("design size") == true)
    #expect(error?.message.contains("≤ 100000") == true)
  }

  @Test func designSize_acceptsTheWholeRange() throws {
    let zero: Double = 0
    let largest: Double = 100_000  // over UInt16.max: not a literal, a checked Double
    #expect(try DesignSize(zero).points == 0)
    #expect(try DesignSize(-0.0).points.sign == .plus, "-0 is stored as 0")
    #expect(try DesignSize(.leastNonzeroMagnitude).points == .leastNonzeroMagnitude)
    #expect(try DesignSize(17.5).points == 17.5)
    #expect(try DesignSize(largest).points == 100_000)
  }

  @Test func designSize_literalsAreUInt16AndNeverTrap() {
    // Every literal that compiles is in 0…65535, inside ValueRanges.maximumPoints: a negative
    // or over-large literal is a compile-time error, so the literal initializer needs no check.
    #expect(DesignSize.IntegerLiteralType.self == UInt16.self)
    #expect(Double(UInt16.max) <= ValueRanges.maximumPoints)
    let smallest: DesignSize = 0
    let largest: DesignSize = 65_535
    #expect(smallest.points == 0 && largest.points == 65_535)
    #expect(DesignSize(17).points == 17)
    // A float literal can't be checked at compile time, so there is no float-literal init.
    #expect(!(DesignSize.self is any ExpressibleByFloatLiteral.Type))
  }

  @Test(arguments: ["-3", "1e300", "100001", "\"17\"", "null", "true", "[]"])
  func designSize_decodingRefusesBadJSON(_ json: String) {
    #expect(throws: DecodingError.self) { try decode(DesignSize.self, json) }
  }

  // MARK: FontWeight and UIKitFontWeight

  @Test(arguments: [Int.min, -1, 0, 1001, 65_536, Int.max])
  func fontWeight_refusesOutOfRangeIntegers(_ value: Int) {
    let error = #expect(throws: MetricsError.self) { try FontWeight(value) }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains("\(value)") == true)
    #expect(error?.message.contains("1…1000") == true)
    #expect(error?.message.contains("extraBold (800)") == true)
  }

  @Test(arguments: hostileStrings + ["0", "1001", "-5", "99999999999999999999999", "book"])
  func fontWeight_parsingRefusesGarbage(_ text: String) {
    let error = #expect(throws: MetricsError.self) { try FontWeight(parsing: text) }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains("1…1000") == true)
    #expect(error?.message.contains("thin (100)") == true)
  }

  @Test func fontWeight_literalsClampIntoRangeWithoutTrapping() {
    #expect(FontWeight.IntegerLiteralType.self == UInt16.self)
    let zero: FontWeight = 0
    let huge: FontWeight = 65_535
    #expect(zero.value == 1 && huge.value == 1000)
    #expect(FontWeight(1).value == 1 && FontWeight(1000).value == 1000)
    #expect(FontWeight(800) == .extraBold)
  }

  @Test(arguments: hostileDoubles.filter { !(-1...1).contains($0) } + [-1.000_001, 1.000_001, 2])
  func fontWeight_uiFontWeightRefusesOutOfRange(_ value: Double) {
    let error = #expect(throws: MetricsError.self) { try FontWeight(uiFontWeight: value) }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains("from -1 to 1") == true)
  }

  @Test(arguments: hostileStrings + ["ultra", "extraBold", "UIFont.Weight.extraLight"])
  func uiKitFontWeight_parsingRefusesGarbage(_ text: String) {
    let error = #expect(throws: MetricsError.self) { try UIKitFontWeight(parsing: text) }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains("ultraLight, thin, light") == true)
  }

  @Test func uiKitFontWeight_failableInitializersReturnNil() {
    #expect(UIKitFontWeight(FontWeight(450)) == nil)
    #expect(UIKitFontWeight(FontWeight(1000)) == nil)
    #expect(UIKitFontWeight(FontWeight(1)) == nil)
    #expect(UIKitFontWeight(rawValue: "") == nil)
    #expect(UIKitFontWeight(rawValue: "Heavy") == nil)
  }

  @Test(arguments: ["0", "1001", "-400", "\"\"", "\"chunky\"", "1.5", "true", "null", "{}"])
  func fontWeight_decodingRefusesBadJSON(_ json: String) {
    #expect(throws: DecodingError.self) { try decode(FontWeight.self, json) }
  }

  // MARK: Names: ContentSizeCategory, TextStyle, Platform, WatchCaseSize

  @Test(arguments: hostileStrings)
  func names_parsingRefusesGarbage(_ text: String) {
    let category = #expect(throws: MetricsError.self) { try ContentSizeCategory(parsing: text) }
    #expect(category?.code == .unknownCategory)
    #expect(category?.message.contains("AX5") == true)
    let style = #expect(throws: MetricsError.self) { try TextStyle(parsing: text) }
    #expect(style?.code == .unknownTextStyle)
    #expect(style?.message.contains("largeTitle") == true)
    let platform = #expect(throws: MetricsError.self) { try Platform(parsing: text) }
    #expect(platform?.code == .unknownPlatform)
    #expect(platform?.message.contains("watchos") == true)
  }

  @Test(arguments: [Int.min, -1, 12, 13, Int.max])
  func rawValueInitializersReturnNil(_ value: Int) {
    #expect(ContentSizeCategory(rawValue: value) == nil)
    #expect(WatchCaseSize(rawValue: value) == nil)
  }

  @Test(arguments: hostileStrings)
  func stringRawValueInitializersReturnNil(_ text: String) {
    #expect(TextStyle(rawValue: text) == nil)
    #expect(Platform(rawValue: text) == nil)
    #expect(AndroidFontScaleCurve.Release(rawValue: text) == nil)
  }

  @Test(arguments: ["\"\"", "\"AX9\"", "3", "null", "[]", "{}"])
  func names_decodingRefusesBadJSON(_ json: String) {
    #expect(throws: DecodingError.self) { try decode(ContentSizeCategory.self, json) }
    #expect(throws: DecodingError.self) { try decode(TextStyle.self, json) }
    #expect(throws: DecodingError.self) { try decode(Platform.self, json) }
    #expect(throws: DecodingError.self) { try decode(WatchCaseSize.self, json) }
  }

  // MARK: FontSizing, DynamicTypeRange

  @Test(arguments: [
    "{}", "\"fixed\"", "{\"stretchy\": {}}", "{\"relative\": {\"to\": \"heading\"}}",
    "{\"system\": {}}", "{\"fixed\": {}, \"scalesWithBody\": {}}", "null",
  ])
  func fontSizing_decodingRefusesBadJSON(_ json: String) {
    #expect(throws: DecodingError.self) { try decode(FontSizing.self, json) }
  }

  @Test func dynamicTypeRange_initializersNeverInvert() {
    for lower in ContentSizeCategory.allCases {
      for upper in ContentSizeCategory.allCases {
        let range = DynamicTypeRange(minimum: lower, maximum: upper)
        #expect(range.lowerBound <= range.upperBound)
        #expect(range.upperBound == upper, "the maximum wins")
        _ = range.clamped(to: .all)
      }
    }
    #expect(DynamicTypeRange(minimum: nil, maximum: nil) == .all)
    #expect(DynamicTypeRange(.accessibilityExtraExtraExtraLarge...).categories.count == 1)
    #expect(DynamicTypeRange(...ContentSizeCategory.extraSmall).categories.count == 1)
  }

  @Test func dynamicTypeRange_decodingRefusesAnInvertedRange() throws {
    // On main this decoded, and `clamped(to:)` then trapped building `AX5...xS`.
    let error = #expect(throws: DecodingError.self) {
      try decode(DynamicTypeRange.self, "{\"lowerBound\": \"AX5\", \"upperBound\": \"xS\"}")
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(
      context.debugDescription == "dynamic type range AX5...xS is inverted; the lower bound "
        + "must not be above the upper bound")
    #expect((context.underlyingError as? MetricsError)?.code == .invalidValue)
    let good = try decode(DynamicTypeRange.self, "{\"lowerBound\": \"S\", \"upperBound\": \"AX2\"}")
    #expect(good == DynamicTypeRange(.small ... .accessibilityLarge))
    let data = try JSONEncoder().encode(good)
    #expect(try JSONDecoder().decode(DynamicTypeRange.self, from: data) == good)
  }

  // MARK: FontMetrics, curves

  @Test func fontMetrics_everyStyleAndTableReturnsOrThrows() {
    var made = 0
    for table in SizeTable.all {
      for style in TextStyle.allCases {
        do {
          _ = try FontMetrics(forTextStyle: style, table: table)
          made += 1
        } catch {
          #expect([MetricsError.Code.styleNotInTable].contains(error.code), "\(style) \(table)")
          #expect(error.message.contains(style.rawValue))
        }
      }
    }
    #expect(made > 0)
    let error = #expect(throws: MetricsError.self) {
      try FontMetrics(forTextStyle: .extraLargeTitle)
    }
    #expect(error?.code == .styleNotInTable)
  }

  @Test(arguments: [0, -0.0, -1, .nan, .infinity, -.infinity, -.greatestFiniteMagnitude])
  func curves_refuseInvalidScales(_ value: Double) {
    let linear = #expect(throws: MetricsError.self) { try LinearScalingCurve(factor: value) }
    #expect(linear?.code == .invalidFontScale)
    for release in AndroidFontScaleCurve.Release.allCases {
      let android = #expect(throws: MetricsError.self) {
        try AndroidFontScaleCurve(fontScale: value, release: release)
      }
      #expect(android?.code == .invalidFontScale)
    }
  }

  @Test(arguments: [Double.leastNonzeroMagnitude, 1e-300, 1e300, .greatestFiniteMagnitude])
  func curves_acceptExtremeButFiniteScalesWithoutTrapping(_ value: Double) throws {
    let linear = try LinearScalingCurve(factor: value)
    #expect(linear.factor == value)
    for release in AndroidFontScaleCurve.Release.allCases {
      let curve = try AndroidFontScaleCurve(fontScale: value, release: release)
      _ = curve.scale(17)
      _ = curve.unscale(17)
    }
  }

  // MARK: MetricsError

  @Test func metricsError_takesAnyMessage() {
    let error = MetricsError(.invalidValue, String(repeating: "\0🙂", count: 1000), cause: nil)
    #expect(error.description.count == 2000)
  }
}
