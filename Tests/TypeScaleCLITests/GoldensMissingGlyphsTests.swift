// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleGoldens
import TypeScaleTestSupport

@testable import TypeScaleCLI

/// `typescale goldens record`/`verify` on a text no font draws: a warning per text, and with
/// `--strict` or a set's `"strict": true`, exit status 1 (issue 19, item 7).
@Suite struct GoldensMissingGlyphsTests {
  /// How a run is made strict.
  enum Strictness: String, CaseIterable, Sendable {
    case flag, casesKey
  }

  /// A folder holding `ui.cases`: an Amharic ("ሰላም ዓለም", no Ethiopic in the embedded Noto
  /// Sans) and an English text, at two categories and two widths.
  private static func workspace(strictKey: Bool = false) throws -> URL {
    let folder = try Fixtures.temporaryDirectory("typescale-goldens-missing")
    let cases = """
      {"format": 1, "fonts": {"default": "embedded"},
       "sets": [{"name": "greet", "styles": ["body"], "categories": ["L", "AX3"],
                 "widths": [60, null]\(strictKey ? #", "strict": true"# : ""),
                 "texts": [["amharic", "ሰላም ዓለም"], ["hello", "Hello"]]}]}
      """
    try Data(cases.utf8).write(to: folder.appendingPathComponent("ui.cases"))
    return folder
  }

  private static let message =
    "greet/amharic/default: no glyph for U+1230 ሰ, U+120B ላ, U+121D ም, U+12D3 ዓ, U+1208 ለ in "
    + "NotoSans-Regular or its fallbacks; they are drawn as .notdef and measured with its width"

  @Test func recordAndVerify_warnOncePerText_andPass() async throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases = folder.appendingPathComponent("ui.cases").path
    let golden = folder.appendingPathComponent("ui.golden").path

    let record = await typescale(["goldens", "record", cases])
    #expect(record.status == 0, "\(record.error)")
    #expect(record.output == "recorded 8 cases in \(golden)\n")
    #expect(record.error == "warning: \(cases): \(Self.message)\n")

    let verify = await typescale(["goldens", "verify", golden, "--json"])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
    #expect(verify.error == "warning: \(Self.message)\n")
    #expect(!verify.output.contains("missingGlyphs"))
  }

  @Test(arguments: Strictness.allCases)
  func strict_recordAndVerifyExit1_namingTheText(_ strictness: Strictness) async throws {
    let folder = try Self.workspace(strictKey: strictness == .casesKey)
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases = folder.appendingPathComponent("ui.cases").path
    let golden = folder.appendingPathComponent("ui.golden").path
    let flag = strictness == .flag ? ["--strict"] : []

    let record = await typescale(["goldens", "record", cases, "--json"] + flag)
    #expect(record.status == 1, "\(record.error)")
    #expect(record.error == "error: \(cases): \(Self.message) (strict)\n")
    #expect(
      record.output
        == #"{"golden": "\#(golden)", "cases": 8, "shard": null, "#
        + #""missingGlyphs": ["greet/amharic/default"]}"# + "\n")
    // The golden file is written all the same, as for a case that must fit and does not.
    #expect(FileManager.default.fileExists(atPath: golden))

    let verify = await typescale(["goldens", "verify", golden, "--json"] + flag)
    #expect(verify.status == 1, "\(verify.output)\(verify.error)")
    #expect(verify.error.hasPrefix("error: \(Self.message) (strict)\n"), "\(verify.error)")
    let report = try JSONDecoder().decode(GoldenReport.self, from: Data(verify.output.utf8))
    #expect(report.differing == 0)
    #expect(report.missingGlyphs == ["greet/amharic/default"])
    #expect(!report.passed)

    let plain = await typescale(["goldens", "verify", golden] + flag)
    #expect(plain.status == 1)
    #expect(
      plain.output.hasPrefix(
        "1 strict text has characters no font draws; all 8 cases match \(golden)"),
      "\(plain.output)")
  }

  @Test func strict_textsEveryFontDraws_pass() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-goldens-missing")
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases = folder.appendingPathComponent("ui.cases")
    try Data(
      #"""
      {"format": 1, "fonts": {"default": "embedded"},
       "sets": [{"name": "s", "styles": ["body"], "categories": ["L"], "strict": true,
                 "texts": [["hello", "Hello 안녕"]]}]}
      """#.utf8
    ).write(to: cases)
    let record = await typescale(["goldens", "record", cases.path, "--strict"])
    #expect(record.status == 0, "\(record.error)")
    #expect(record.error.isEmpty)
    let verify = await typescale([
      "goldens", "verify", folder.appendingPathComponent("ui.golden").path, "--strict",
    ])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
    #expect(verify.error.isEmpty)
  }

  @Test func record_strictNotABool_exits2NamingItsPath() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-goldens-missing")
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases = folder.appendingPathComponent("ui.cases")
    try Data(
      #"""
      {"format": 1, "sets": [{"name": "s", "strict": "yes", "texts": [["a", "A"]]}]}
      """#.utf8
    ).write(to: cases)
    let record = await typescale(["goldens", "record", cases.path])
    #expect(record.status == 2)
    #expect(
      record.error.contains(#"$.sets[0].strict: expected true or false, found "yes""#),
      "\(record.error)")
  }
}
