// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleMetrics

@Suite("AndroidFontScaleSelection")
struct AndroidFontScaleSelectionTests {
  static let all: [Double] = [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2]

  @Test(
    "Forms",
    arguments: [
      ("0.85...2.0", all), ("0.85…2", all), ("85%...200%", all), ("default", all),
      ("1.3", [1.3]), ("1.3x", [1.3]), ("1.3×", [1.3]), ("130%", [1.3]), ("1.3X", [1.3]),
      ("1, 130%, 2×", [1, 1.3, 2]), ("2, 1, 2", [1, 2]), ("1...1.3", [1, 1.15, 1.3]),
      ("1.4...1.45", [1.4, 1.45]), ("1.24", [1.24]), ("0.85...1, 2", [0.85, 1, 2]),
    ])
  func selection_forms(text: String, scales: [Double]) throws {
    #expect(try AndroidFontScaleSelection(parsing: text).fontScales(version: .latest) == scales)
  }

  @Test("A range stands for the release's Settings values")
  func selection_rangePerVersion() throws {
    let range = try AndroidFontScaleSelection(parsing: "0.85...2.0")
    #expect(range.fontScales(version: .android13) == [0.85, 1, 1.15, 1.3])
    #expect(range.fontScales(version: .android14) == Self.all)
    #expect(AndroidFontScaleSelection.settings.fontScales(version: .android13).count == 4)
    #expect(try AndroidFontScaleSelection([2, 1]).fontScales() == [1, 2])
  }

  @Test(
    "Bad text names itself and the valid forms",
    arguments: ["abc", "", "1,,2", "1.3y", "nan", "inf", "1e0", "-1", "0x1p0", "1...2...3", "."])
  func selection_badText(text: String) {
    let error = #expect(throws: MetricsError.self) {
      try AndroidFontScaleSelection(parsing: text)
    }
    #expect(error?.code == .invalidFontScale)
    #expect(error?.message.contains("130%") == true, "\(error?.message ?? "")")
  }

  @Test("Out of range and backwards", arguments: ["5", "0.1", "400.5%", "0.4x"])
  func selection_outOfRange(text: String) {
    let error = #expect(throws: MetricsError.self) {
      try AndroidFontScaleSelection(parsing: text)
    }
    #expect(error?.message.contains("0.5…4") == true, "\(error?.message ?? "")")
  }

  @Test func selection_backwardsAndLimits() {
    let error = #expect(throws: MetricsError.self) {
      try AndroidFontScaleSelection(parsing: "2...1")
    }
    #expect(error?.message.contains("runs backwards") == true)
    #expect(error?.message.contains("1...2") == true)
    let long = String(repeating: "1,", count: 600)
    let tooLong = #expect(throws: MetricsError.self) {
      try AndroidFontScaleSelection(parsing: long)
    }
    #expect(tooLong?.message.contains("1000") == true)
    let many = (0..<65).map { _ in "1" }.joined(separator: ",")
    let tooMany = #expect(throws: MetricsError.self) {
      try AndroidFontScaleSelection(parsing: many)
    }
    #expect(tooMany?.message.contains("at most 64") == true)
    #expect(throws: MetricsError.self) { try AndroidFontScaleSelection([1, 9]) }
  }
}
