// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleGoldens

/// Characters no font draws in a suite: listed per text by the measurer, kept out of golden
/// files, and a failure for strict sets.
@Suite struct GoldenMissingGlyphsTests {
  /// "ሰላም ዓለም" (Amharic): the embedded Noto Sans has no Ethiopic.
  static let amharic = "ሰላም ዓለም"

  /// A cases file with an Amharic and an English text at two categories and two widths.
  static func casesJSON(strict: String? = nil) -> String {
    let key = strict.map { #", "strict": \#($0)"# } ?? ""
    return """
      {"format": 1, "fonts": {"default": "embedded"},
       "sets": [{"name": "greet", "styles": ["body"], "categories": ["L", "AX3"],
                 "widths": [60, null]\(key),
                 "texts": [["amharic", "\(amharic)"], ["hello", "Hello"]]}]}
      """
  }

  @Test func measurer_listsEachTextWithMissingCharactersOnce() throws {
    let suite = try GoldenCasesFile.parse(Data(Self.casesJSON().utf8), name: "ui.cases")
    let measurer = try GoldenMeasurer()
    let folder = try Fixtures.temporaryDirectory("golden-missing")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try measurer.measure(suite, baseDirectory: folder)
    #expect(file.measurements.count == 8)
    // One record for the text, not one per category or width; the English text has none.
    #expect(measurer.missingGlyphs.count == 1)
    let missing = try #require(measurer.missingGlyphs.first)
    #expect(missing.text == "greet/amharic/default")
    #expect(missing.caseID == "greet/amharic/default/body/L/60")
    #expect(missing.characters == ["ሰ", "ላ", "ም", "ዓ", "ለ"])
    #expect(missing.face == "NotoSans-Regular")
    #expect(!missing.strict)
    #expect(measurer.strictMissingGlyphs.isEmpty)
    #expect(
      missing.message
        == "greet/amharic/default: no glyph for U+1230 ሰ, U+120B ላ, U+121D ም, U+12D3 ዓ, "
        + "U+1208 ለ in NotoSans-Regular or its fallbacks; they are drawn as .notdef and "
        + "measured with its width")
    // The golden file holds no trace of them: the same bytes as a non-strict suite's.
    let strictSuite = try GoldenCasesFile.parse(
      Data(Self.casesJSON(strict: "true").utf8), name: "ui.cases")
    let strictMeasurer = try GoldenMeasurer()
    let strictFile = try strictMeasurer.measure(strictSuite, baseDirectory: folder)
    #expect(strictFile.render() == file.render())
    #expect(strictMeasurer.strictMissingGlyphs.map(\.text) == ["greet/amharic/default"])
    #expect(strictSuite.cases.allSatisfy { $0.strict })
    #expect(!file.render().contains("U+1230"))
  }

  @Test(arguments: ["1", #""yes""#, "null", "[true]"])
  func casesFile_strictNotABool_namesItsJSONPath(_ value: String) {
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(Data(Self.casesJSON(strict: value).utf8), name: "ui.cases")
    }
    #expect(error?.code == .malformedCases)
    #expect(
      error?.message.contains("$.sets[0].strict: expected true or false, found") == true,
      "\(error?.message ?? "")")
  }

  @Test func casesFile_strictFalse_isTheDefault() throws {
    let suite = try GoldenCasesFile.parse(
      Data(Self.casesJSON(strict: "false").utf8), name: "ui.cases")
    #expect(suite.cases.allSatisfy { !$0.strict })
  }

  @Test func verify_strictSet_failsEvenWhenTheGoldenFileMatches() throws {
    let folder = try Fixtures.temporaryDirectory("golden-missing")
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases = folder.appendingPathComponent("ui.cases")
    try Data(Self.casesJSON().utf8).write(to: cases)
    // Not strict: recorded, then it matches quietly.
    let first = verifyMessage(casesFile: cases, record: .missing)
    #expect(first?.hasPrefix("recorded a new golden file") == true)
    #expect(verifyMessage(casesFile: cases, record: .never) == nil)
    // Strict: the same golden file matches, and the text fails.
    try Data(Self.casesJSON(strict: "true").utf8).write(to: cases)
    let message = try #require(verifyMessage(casesFile: cases, record: .never))
    #expect(
      message.hasPrefix("error: greet/amharic/default: no glyph for U+1230 ሰ"), "\(message)")
    #expect(message.contains("(strict)"))
  }

  @Test func report_missingGlyphs_failsAndRoundTrips() throws {
    var report = GoldenReport(
      golden: "ui.golden", shards: [], total: 8, differing: 0, mismatches: [], causes: [])
    #expect(report.passed)
    report.missingGlyphs = ["greet/amharic/default"]
    #expect(!report.passed)
    #expect(
      report.message()
        == "1 strict text has characters no font draws; all 8 cases match ui.golden\n\n"
        + "1 strict text has characters no font draws (\"strict\"): greet/amharic/default")
    #expect(report.json().hasSuffix(#", "missingGlyphs": ["greet/amharic/default"]}"#))
    let decoded = try JSONDecoder().decode(GoldenReport.self, from: Data(report.json().utf8))
    #expect(decoded == report)
    let merged = try GoldenReport.merge([report, report])
    #expect(merged.missingGlyphs == ["greet/amharic/default", "greet/amharic/default"])
  }
}
