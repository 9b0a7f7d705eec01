// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics

/// Android values decode the spellings their parsers accept, as a constraints file writes them,
/// and refuse bad ones with the parser's message.
@Suite struct AndroidCodableTests {
  /// Decodes `json` (one value) as `T`, wrapped in an array so any JSON value is a document.
  private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    let values = try JSONDecoder().decode([T].self, from: Data("[\(json)]".utf8))
    return try #require(values.first)
  }

  /// Encodes `value` and returns its JSON text (without the array).
  private func encode<T: Encodable>(_ value: T) throws -> String {
    let text = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
    return String(text.dropFirst().dropLast())
  }

  @Test func version_decodesNumbersAndText() throws {
    #expect(try decode(AndroidVersion.self, "13") == .android13)
    #expect(try decode(AndroidVersion.self, "\"Android 14\"") == .android14)
    #expect(try encode(AndroidVersion.android14) == "14")
    #expect(throws: DecodingError.self) { try decode(AndroidVersion.self, "0") }
  }

  @Test func toolkit_decodesTargetNames() throws {
    #expect(try decode(AndroidToolkit.self, "\"textview\"") == .view)
    #expect(try decode(AndroidToolkit.self, "\"compose\"") == .compose)
    #expect(try encode(AndroidToolkit.view) == "\"textview\"")
    do {
      _ = try decode(AndroidToolkit.self, "\"flutter\"")
      Issue.record("flutter decoded")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.debugDescription.contains("textview or compose"))
      #expect((context.underlyingError as? MetricsError)?.code == .invalidValue)
    }
  }

  @Test func density_decodesNumbersAndText() throws {
    #expect(try decode(AndroidDensity.self, "2.625") == .phone420)
    #expect(try decode(AndroidDensity.self, "\"xxhdpi\"") == .xxhdpi)
    #expect(try encode(AndroidDensity.phone420) == "2.625")
    #expect(throws: DecodingError.self) { try decode(AndroidDensity.self, "20") }
  }

  @Test func fontScales_decodeTextNumbersAndLists() throws {
    let all: [Double] = [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2]
    #expect(try decode(AndroidFontScaleSelection.self, "\"0.85...2.0\"").fontScales() == all)
    #expect(try decode(AndroidFontScaleSelection.self, "1.3").fontScales() == [1.3])
    #expect(
      try decode(AndroidFontScaleSelection.self, "[2, \"130%\", 1]").fontScales() == [1, 1.3, 2])
    let text = try AndroidFontScaleSelection(parsing: "85%...200%, 1.24")
    #expect(text.description == "0.85...2, 1.24")
    #expect(try encode(text) == "\"0.85...2, 1.24\"")
    #expect(try AndroidFontScaleSelection(parsing: text.description) == text)
    #expect(throws: DecodingError.self) { try decode(AndroidFontScaleSelection.self, "9") }
    #expect(throws: DecodingError.self) {
      try decode(
        AndroidFontScaleSelection.self,
        "[" + Array(repeating: "1", count: 65).joined(separator: ",") + "]")
    }
  }

  @Test func textAppearance_decodesNamesAndEncodesStyleNames() throws {
    let role = try decode(MaterialTextAppearance.self, "\"labelLarge\"")
    #expect(role.sizeSp == 14)
    #expect(try encode(role) == "\"TextAppearance.Material3.LabelLarge\"")
    let platform = try MaterialTextAppearance(parsing: "TextAppearance.Material.Body1")
    #expect(try decode(MaterialTextAppearance.self, try encode(platform)) == platform)
    do {
      _ = try decode(MaterialTextAppearance.self, "\"labelLarj\"")
      Issue.record("labelLarj decoded")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.debugDescription.contains("did you mean labelLarge?"))
    }
  }
}
