// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleGoldens
import TypeScaleRender
import TypeScaleTestSupport

@testable import TypeScaleCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `typescale goldens` in-process, with standard error a terminal or not, and returns its
/// exit status, standard output and standard error.
private func goldens(
  _ arguments: [String], terminal: Bool = false
) async -> (status: Int32, output: String, error: String) {
  var output = ""
  var error = ""
  let status = await GoldensCommand.$errorOutputIsTerminal.withValue({ terminal }) {
    await CLI.run(
      TypeScaleCommand.self, arguments: ["goldens"] + arguments, output: &output,
      errorOutput: &error)
  }
  return (status.rawValue, output, error)
}

/// A temporary folder with a cases file, `ui.cases`, and a copy of a fixture font,
/// `fonts/Fixture-Regular.ttf`, that the cases file refers to.
private struct Workspace {
  /// The number of cases `ui.cases` expands to with the default categories: 2 texts × 2 fonts
  /// × 2 styles × 2 categories × 2 widths.
  static let caseCount = 32

  let folder: URL

  /// Creates the folder.
  ///
  /// - Parameter categories: The set's `categories`, as JSON.
  /// - Throws: When the folder, the font or the cases file cannot be written.
  init(categories: String = #"["L", "AX3"]"#) throws {
    folder = try Fixtures.temporaryDirectory("typescale-goldens")
    let fonts = folder.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Fixtures.font("Fixture-Regular.ttf"),
      to: fonts.appendingPathComponent("Fixture-Regular.ttf"))
    let cases = """
      {
        "format": 1,
        "fonts": {"default": "embedded", "fixture": "fonts/Fixture-Regular.ttf"},
        "sets": [
          {
            "name": "buttons", "fonts": ["default", "fixture"], "styles": ["body", "headline"],
            "categories": \(categories), "widths": [120, null],
            "texts": [["save", "Save changes"], ["cancel", "Cancel the long operation now"]]
          }
        ]
      }
      """
    try write(cases, to: "ui.cases")
  }

  /// The absolute path of a file in the folder.
  func path(_ relative: String) -> String {
    folder.appendingPathComponent(relative).path
  }

  func read(_ relative: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
  }

  func write(_ text: String, to relative: String) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(relative))
  }

  /// Replaces one field of a golden file's record, such as its width (column 13).
  func edit(_ relative: String, id: String, column: Int, to value: String) throws {
    var lines = try read(relative).components(separatedBy: "\n")
    let index = try #require(lines.firstIndex { $0.hasPrefix(id + "\t") })
    var fields = lines[index].components(separatedBy: "\t")
    fields[column] = value
    lines[index] = fields.joined(separator: "\t")
    try write(lines.joined(separator: "\n"), to: relative)
  }

  /// Text with the folder's path left out, for goldens.
  func relative(_ text: String) -> String {
    text.replacingOccurrences(of: folder.path + "/", with: "")
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}

private struct HelpRun: Sendable, CustomTestStringConvertible {
  let name: String
  let arguments: [String]
  var testDescription: String { name }
}

@Suite struct GoldensCommandTests {
  private static let helpRuns = [
    HelpRun(name: "help_goldens", arguments: ["--help"]),
    HelpRun(name: "help_goldens_record", arguments: ["record", "--help"]),
    HelpRun(name: "help_goldens_verify", arguments: ["verify", "--help"]),
    HelpRun(name: "help_goldens_merge", arguments: ["merge", "--help"]),
  ]

  @Test(arguments: helpRuns)
  fileprivate func goldens_helpMatchesGolden(_ run: HelpRun) async {
    let result = await goldens(run.arguments)
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    expectTextGolden(result.output, named: run.name, in: "cli")
  }

  // MARK: - Record and verify

  @Test func record_thenVerify_matches() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let record = await goldens(["record", workspace.path("ui.cases")])
    #expect(record.status == 0, "\(record.error)")
    #expect(record.error.isEmpty)
    #expect(record.output == "recorded 32 cases in \(workspace.path("ui.golden"))\n")

    let verify = await goldens(["verify", workspace.path("ui.golden")])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
    #expect(verify.error.isEmpty)
    #expect(verify.output == "\(Workspace.caseCount) cases match \(workspace.path("ui.golden"))\n")
  }

  @Test func record_twice_writesByteIdenticalFiles() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    let first = try workspace.read("ui.golden")
    #expect(
      await goldens(["record", workspace.path("ui.cases"), "-o", workspace.path("again.golden")])
        .status == 0)
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    #expect(try workspace.read("ui.golden") == first)
    #expect(try workspace.read("again.golden") == first)
  }

  @Test func record_toAnotherFolder_writesFontPathsRelativeToTheGoldenFile() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let golden = workspace.path("out/goldens/ui.golden")
    let record = await goldens(["record", workspace.path("ui.cases"), "--output", golden, "--json"])
    #expect(record.status == 0, "\(record.error)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(record.output.utf8)) as? [String: Any])
    #expect(summary["golden"] as? String == golden)
    #expect((summary["cases"] as? NSNumber)?.intValue == Workspace.caseCount)
    #expect(summary["shard"] is NSNull)

    let text = try workspace.read("out/goldens/ui.golden")
    #expect(text.contains("\n# font: fixture ../../fonts/Fixture-Regular.ttf\n"))
    #expect(text.contains("\n# font-file: fixture ../../fonts/Fixture-Regular.ttf "))
    let verify = await goldens(["verify", golden])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
  }

  @Test func verify_editedWidth_namesTheCaseWithExpectedAndActual() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    let id = "buttons/save/default/body/L/120"
    let recorded = try #require(
      try workspace.read("ui.golden").components(separatedBy: "\n")
        .first { $0.hasPrefix(id + "\t") }?.components(separatedBy: "\t")[13])
    try workspace.edit("ui.golden", id: id, column: 13, to: "250.000")

    let verify = await goldens(["verify", workspace.path("ui.golden")])
    #expect(verify.status == 1)
    #expect(verify.error.hasPrefix("image: "))
    #expect(
      verify.output.hasPrefix(
        "1 of \(Workspace.caseCount) cases differ from \(workspace.path("ui.golden"))\n"))
    #expect(verify.output.contains("likely cause: the layout changed"))
    let row = try #require(verify.output.split(separator: "\n").last { $0.hasPrefix(id) })
    #expect(row.hasSuffix("width 250.000 → \(recorded)"))
    expectTextGolden(workspace.relative(verify.output), named: "goldens_verify_edited", in: "cli")
  }

  @Test func verify_formatOneFile_verifiesAsMeasuredWithANote() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    // Cases measured as format 1 measured them: ICU's plain rules, a font file's sizes.
    try workspace.write(
      """
      {"fonts": {"fixture": "fonts/Fixture-Regular.ttf"},
       "sets": [{"name": "old", "font": "fixture", "strategy": "none", "categories": ["L", "AX3"],
                 "widths": [60], "texts": [["long", "Cancel the long operation now"]]}]}
      """, to: "old.cases")
    #expect(await goldens(["record", workspace.path("old.cases")]).status == 0)
    // Rewrite the golden file as format 1 wrote it.
    let v1 = [
      "id", "text", "font", "style", "category", "pointSize", "widthLimit", "lineLimit",
      "truncation", "strategy", "language", "width", "height", "lines", "truncated", "breaks",
    ]
    var lines = try workspace.read("old.golden").components(separatedBy: "\n")
    for index in lines.indices {
      if lines[index] == "# typescale-golden: 2" { lines[index] = "# typescale-golden: 1" }
      if lines[index].hasPrefix("# columns:") {
        lines[index] = "# columns: " + v1.joined(separator: " ")
      }
      guard !lines[index].hasPrefix("#"), !lines[index].isEmpty else { continue }
      var fields = lines[index].components(separatedBy: "\t")
      #expect(fields[5] == "relative" && fields[10] == "label" && fields[11] == "none")
      fields[11] = "standard"
      fields.remove(at: 10)
      fields.remove(at: 5)
      lines[index] = fields.joined(separator: "\t")
    }
    try workspace.write(lines.joined(separator: "\n"), to: "old.golden")

    let verify = await goldens(["verify", workspace.path("old.golden")])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
    #expect(
      verify.output
        == "2 cases match \(workspace.path("old.golden"))\nnote: the golden file is format 1, "
        + "recorded before TypeScale laid text out as a UILabel does: its strategy \"standard\" "
        + "(ICU's plain rules then) reads as \"none\", and its point sizes as UIFontMetrics "
        + "scaling; record it again to write format 2 with the label's defaults\n")
  }

  @Test func record_deprecatedStrategySpelling_warnsAndRecords() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    try workspace.write(
      #"{"sets": [{"strategy": "hangulwordpriority", "categories": ["L"], "texts": [["a", "안녕"]]}]}"#,
      to: "ko.cases")
    let record = await goldens(["record", workspace.path("ko.cases")])
    #expect(record.status == 0)
    #expect(
      record.error
        == "warning: \(workspace.path("ko.cases")): $.sets[0].strategy: \"hangulwordpriority\" "
        + "is deprecated; use \"hangul-word-priority\"\n")
    #expect(try workspace.read("ko.golden").contains("\tlabel\thangul-word-priority\t"))
  }

  @Test func verify_swappedFontFile_blamesTheFontFile() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    let font = workspace.folder.appendingPathComponent("fonts/Fixture-Regular.ttf")
    try FileManager.default.removeItem(at: font)
    try FileManager.default.copyItem(at: Fixtures.font("Fixture-Bold.ttf"), to: font)

    let verify = await goldens(["verify", workspace.path("ui.golden")])
    #expect(verify.status == 1)
    let lines = verify.output.split(separator: "\n")
    #expect(lines.count > 2)
    #expect(
      lines.dropFirst().first?.hasPrefix(
        "likely cause: font file changed: fixture fonts/Fixture-Regular.ttf (sha256 ") == true)
    // Only the cases in the swapped font differ: the table's rows, before the texts' fit.
    let table = verify.output.components(separatedBy: "\n\n").dropFirst().first ?? ""
    #expect(
      table.split(separator: "\n").dropFirst().allSatisfy {
        $0.contains("/fixture/") || $0.hasPrefix("…")
      })
    expectTextGolden(
      workspace.relative(verify.output), named: "goldens_verify_font_changed", in: "cli")
  }

  /// Damages a golden file's first line, its first record's column count, or its second
  /// record's width, and expects the line to be named.
  @Test(arguments: ["header", "columns", "number"])
  func verify_malformedGolden_exitsWith2AndTheLine(_ damage: String) async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    var lines = try workspace.read("ui.golden").components(separatedBy: "\n")
    let columns = try #require(lines.firstIndex { $0.hasPrefix("# columns:") })
    let index: Int
    switch damage {
    case "header":
      index = 0
      lines[index] = "# typescale-golden: 99"
    case "columns":
      index = columns + 1
      lines[index] = lines[index].components(separatedBy: "\t").dropLast().joined(separator: "\t")
    default:
      index = columns + 2
      var fields = lines[index].components(separatedBy: "\t")
      fields[13] = "wide"
      lines[index] = fields.joined(separator: "\t")
    }
    try workspace.write(lines.joined(separator: "\n"), to: "ui.golden")

    let verify = await goldens(["verify", workspace.path("ui.golden")])
    #expect(verify.status == 2)
    #expect(verify.output.isEmpty)
    #expect(verify.error.hasPrefix("error: \(workspace.path("ui.golden")):\(index + 1): "))
    #expect(verify.error.hasSuffix("\n") && verify.error.split(separator: "\n").count == 1)
  }

  // MARK: - Shards

  @Test func verify_shards_mergeToTheWholeSuitesTotals() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let golden = workspace.path("ui.golden")
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    let whole = await goldens(["verify", golden])
    var totals: [Int] = []
    for index in 1...2 {
      let shard = await goldens(["verify", golden, "--shard", "\(index)/2", "--json"])
      #expect(shard.status == 0, "\(shard.error)")
      let report = try JSONDecoder().decode(GoldenReport.self, from: Data(shard.output.utf8))
      #expect(report.shards == ["\(index)/2"])
      #expect(report.passed)
      totals.append(report.total)
      try workspace.write(shard.output, to: "shard-\(index).json")
    }
    #expect(totals.allSatisfy { $0 > 0 })
    #expect(totals.reduce(0, +) == Workspace.caseCount)

    let reports = [workspace.path("shard-1.json"), workspace.path("shard-2.json")]
    let merged = await goldens(["merge"] + reports)
    #expect(merged.status == 0, "\(merged.error)")
    #expect(merged.error.isEmpty)
    #expect(merged.output == whole.output)
    let json = await goldens(["merge", "--json"] + reports)
    let report = try JSONDecoder().decode(GoldenReport.self, from: Data(json.output.utf8))
    #expect(report.total == Workspace.caseCount)
    #expect(report.differing == 0)
    #expect(report.shards == ["1/2", "2/2"])
    #expect(report.golden == golden)

    // One shard alone passes but says what is missing; the same shard twice is refused.
    let partial = await goldens(["merge", reports[0]])
    #expect(partial.status == 0)
    #expect(partial.error == "warning: \(golden): shard 2/2 not given; its cases are not counted\n")
    let twice = await goldens(["merge", reports[0], reports[0]])
    #expect(twice.status == 2)
    #expect(twice.error == "error: shard 1/2 of \(golden) is given twice\n")
  }

  @Test func merge_aShardThatDiffers_fails() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let golden = workspace.path("ui.golden")
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    let id = "buttons/cancel/fixture/headline/AX3/unwrapped"
    try workspace.edit("ui.golden", id: id, column: 15, to: "7")
    for index in 1...2 {
      let shard = await goldens(["verify", golden, "--shard", "\(index)/2", "--json"])
      try workspace.write(shard.output, to: "shard-\(index).json")
    }
    let merged = await goldens([
      "merge", workspace.path("shard-1.json"), workspace.path("shard-2.json"),
    ])
    #expect(merged.status == 1)
    #expect(merged.output.hasPrefix("1 of \(Workspace.caseCount) cases differ from \(golden)\n"))
    #expect(merged.output.contains("\(id)  lines 7 → 1"))
  }

  @Test func record_shard_writesOneShardThatVerifiesOnItsOwn() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    var counts: [Int] = []
    for index in 1...2 {
      let record = await goldens([
        "record", workspace.path("ui.cases"), "--shard", "\(index)/2", "--json",
      ])
      #expect(record.status == 0, "\(record.error)")
      let summary = try #require(
        try JSONSerialization.jsonObject(with: Data(record.output.utf8)) as? [String: Any])
      let golden = workspace.path("ui.shard-\(index)-of-2.golden")
      #expect(summary["golden"] as? String == golden)
      #expect(summary["shard"] as? String == "\(index)/2")
      counts.append(try #require((summary["cases"] as? NSNumber)?.intValue))
      #expect(
        try workspace.read("ui.shard-\(index)-of-2.golden").contains("\n# shard: \(index)/2\n"))

      let verify = await goldens(["verify", golden, "--json"])
      #expect(verify.status == 0, "\(verify.error)")
      let report = try JSONDecoder().decode(GoldenReport.self, from: Data(verify.output.utf8))
      #expect(report.shards == ["\(index)/2"])
      #expect(report.total == counts.last)
    }
    #expect(counts.reduce(0, +) == Workspace.caseCount)
    let other = await goldens([
      "verify", workspace.path("ui.shard-1-of-2.golden"), "--shard", "2/2",
    ])
    #expect(other.status == 2)
    #expect(other.error.contains("holds shard 1/2 only"))
  }

  // MARK: - Bad input

  @Test func badInput_exitsWith2AndSaysWhy() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let missingCases = await goldens(["record", workspace.path("missing.cases")])
    #expect(missingCases.status == 2)
    #expect(missingCases.error == "error: no cases file at \(workspace.path("missing.cases"))\n")

    try workspace.write(
      #"{"sets": [{"styles": ["bogus"], "frobnicate": 1, "texts": [["a", "A"]]}]}"#,
      to: "bad.cases")
    let badCases = await goldens(["record", workspace.path("bad.cases")])
    #expect(badCases.status == 2)
    #expect(badCases.error.hasPrefix("error: \(workspace.path("bad.cases")): 2 problems:\n"))
    #expect(badCases.error.contains("\n  $.sets[0].frobnicate: unknown key"))
    #expect(badCases.error.contains("\n  $.sets[0].styles: "))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("bad.golden")))

    let missingGolden = await goldens(["verify", workspace.path("missing.golden")])
    #expect(missingGolden.status == 2)
    #expect(missingGolden.error == "error: no golden file at \(workspace.path("missing.golden"))\n")

    let badShard = await goldens(["verify", workspace.path("ui.golden"), "--shard", "3/2"])
    #expect(badShard.status == 2)
    #expect(badShard.error.contains("invalid value '3/2' for '--shard'"))

    let notAReport = await goldens(["merge", workspace.path("ui.cases")])
    #expect(notAReport.status == 2)
    #expect(notAReport.error.contains("is not a report of 'typescale goldens verify --json'"))

    let overwrite = await goldens([
      "record", workspace.path("ui.cases"), "-o", workspace.path("ui.cases"),
    ])
    #expect(overwrite.status == 2)
  }

  @Test func record_missingFont_exitsWith2() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    try FileManager.default.removeItem(
      at: workspace.folder.appendingPathComponent("fonts/Fixture-Regular.ttf"))
    let record = await goldens(["record", workspace.path("ui.cases")])
    #expect(record.status == 2)
    #expect(record.error.hasPrefix("error: font fixture: "))
  }

  // MARK: - Limits, types and leftovers

  @Test func record_aBillionCases_isRefusedAtOnceAndWritesNothing() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    // 1,000 texts × 12 categories × 11 styles × 7,576 widths ≈ 10⁹ cases, in about 50 KB.
    let styles =
      #"["largeTitle", "title1", "title2", "title3", "headline", "body", "callout", "#
      + #""subheadline", "footnote", "caption1", "caption2"]"#
    let texts = (0..<1_000).map { "[\"t\($0)\", \"x\"]" }.joined(separator: ",")
    let widths = (0..<7_576).map(String.init).joined(separator: ",")
    try workspace.write(
      #"{"sets": [{"name": "huge", "styles": \#(styles), "widths": [\#(widths)], "#
        + #""texts": [\#(texts)]}]}"#, to: "huge.cases")
    let before = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path)
    let clock = ContinuousClock()
    let start = clock.now
    let record = await goldens(["record", workspace.path("huge.cases")])
    let elapsed = clock.now - start
    #expect(record.status == 2)
    #expect(
      record.error
        == "error: \(workspace.path("huge.cases")): the sets expand to 1000032000 cases "
        + "($.sets[0] alone to 1000032000), more than the limit of 100000 cases per file; split "
        + "the sets, or raise the limit (--max-cases N on the command line, maximumCaseCount: in "
        + "code)\n")
    #expect(elapsed < .seconds(2), "took \(elapsed)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path).sorted()
        == before.sorted())
  }

  @Test func record_maxCases_setsTheLimit() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let low = await goldens(["record", workspace.path("ui.cases"), "--max-cases", "31"])
    #expect(low.status == 2)
    #expect(
      low.error.contains("expand to 32 cases ($.sets[0] alone to 32), more than the limit of 31"))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("ui.golden")))
    let exact = await goldens(["record", workspace.path("ui.cases"), "--max-cases", "32"])
    #expect(exact.status == 0, "\(exact.error)")
    for bad in ["0", "-3", "many", "1e9"] {
      let run = await goldens(["record", workspace.path("ui.cases"), "--max-cases", bad])
      #expect(run.status == 2)
      #expect(
        run.error.contains("invalid value '\(bad)' for '--max-cases'; expected a whole number ≥ 1"),
        "\(run.error)")
    }
  }

  @Test func record_wrongTypes_nameTheirJSONPaths() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    try workspace.write(
      #"{"sets": [{"styles": "title1", "lines": "2", "widths": "343", "texts": [["a\tb", "A"]]}]}"#,
      to: "typed.cases")
    let record = await goldens(["record", workspace.path("typed.cases")])
    #expect(record.status == 2)
    #expect(
      record.error == """
        error: \(workspace.path("typed.cases")): 4 problems:
          $.sets[0].styles: expected a non-empty array of text styles, found "title1" (a string)
          $.sets[0].widths: expected a non-empty array of widths (points ≥ 0, or null for unwrapped), found "343" (a string)
          $.sets[0].lines: expected a whole number ≥ 0 (0 for no limit), found "2" (a string)
          $.sets[0].texts[0][0]: the id "a\\tb" contains the control character U+0009; a golden file holds it raw in a tab-separated line, so use letters, digits and punctuation

        """)
    #expect(!FileManager.default.fileExists(atPath: workspace.path("typed.golden")))
  }

  @Test func verify_headerOnly_exitsWith2_butAnEmptyShardPasses() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    let header = try workspace.read("ui.golden").split(separator: "\n").filter { $0.hasPrefix("#") }
    try workspace.write(header.joined(separator: "\n") + "\n", to: "empty.golden")
    let verify = await goldens(["verify", workspace.path("empty.golden")])
    #expect(verify.status == 2)
    #expect(verify.output.isEmpty)
    #expect(
      verify.error
        == "error: \(workspace.path("empty.golden")): no cases after the header, so nothing "
        + "would be verified; record it again from its cases file (typescale goldens record)\n")

    // A shard of a small suite may hold no case (ui.cases has none in 8/11); its file says
    // which shard it is.
    let shard = header.map { $0.hasPrefix("# generator:") ? "\($0)\n# shard: 8/11" : String($0) }
    try workspace.write(shard.joined(separator: "\n") + "\n", to: "shard.golden")
    let empty = await goldens(["verify", workspace.path("shard.golden")])
    #expect(empty.status == 0, "\(empty.error)")
    #expect(empty.output == "0 cases match \(workspace.path("shard.golden"))\n")
  }

  @Test func verify_crlfGolden_matches() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    let text = try workspace.read("ui.golden")
    try workspace.write(text.replacingOccurrences(of: "\n", with: "\r\n"), to: "ui.golden")
    let verify = await goldens(["verify", workspace.path("ui.golden")])
    #expect(verify.status == 0, "\(verify.error)")
    #expect(verify.output == "\(Workspace.caseCount) cases match \(workspace.path("ui.golden"))\n")
  }

  @Test func record_aFIFO_isRefusedWithoutWaiting() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(mkfifo(workspace.path("pipe.cases"), 0o600) == 0)
    let record = await goldens(["record", workspace.path("pipe.cases")])
    #expect(record.status == 2)
    #expect(
      record.error
        == "error: \(workspace.path("pipe.cases")) is a FIFO (named pipe), not a cases file\n")
    let device = await goldens(["verify", "/dev/zero"])
    #expect(device.error == "error: /dev/zero is a character device, not a golden file\n")
  }

  /// Starts `typescale goldens record` on a suite of 66,000 cases and returns once measurements are
  /// on disk in its temporary file, with the file.
  private func startLongRecord(_ workspace: Workspace) throws -> (Process, URL) {
    let styles =
      #"["largeTitle", "title1", "title2", "title3", "headline", "body", "callout", "#
      + #""subheadline", "footnote", "caption1", "caption2"]"#
    let widths = (1...100).map { String($0 * 4) }.joined(separator: ",")
    let texts = (0..<5).map { "[\"t\($0)\", \"Notification settings \($0)\"]" }
      .joined(separator: ",")
    try workspace.write(
      #"{"sets": [{"name": "long", "styles": \#(styles), "widths": [\#(widths)], "#
        + #""texts": [\#(texts)]}]}"#, to: "long.cases")
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("typescale")
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path),
      "no typescale at \(binary.path); build it with swift build --build-tests")
    // A test runs on a thread that blocks signals, and a child inherits the mask: unblock
    // SIGTERM before the tool starts, as a shell would have it.
    let unblock = """
      import os, signal, sys
      signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT, signal.SIGTERM])
      os.execv(sys.argv[1], sys.argv[1:])
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c", unblock, binary.path, "goldens", "record", workspace.path("long.cases"),
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let temporary = waitForFile(in: workspace.folder, seconds: 60) { url in
      guard url.lastPathComponent.hasPrefix(".long.golden.typescale-tmp-") else { return false }
      let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
      return (size ?? 0) > 0
    }
    guard let temporary else {
      process.terminate()
      throw CocoaError(.fileWriteUnknown)
    }
    return (process, temporary)
  }

  @Test func record_terminated_removesItsTemporaryFile() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let (process, temporary) = try startLongRecord(workspace)
    let clock = ContinuousClock()
    let start = clock.now
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(clock.now - start < .seconds(5))
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGTERM)
    #expect(!FileManager.default.fileExists(atPath: temporary.path))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("long.golden")))
  }

  @Test func record_killedBeforeTheRename_leavesAFileTheNextRecordRemoves() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let (process, temporary) = try startLongRecord(workspace)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    // SIGKILL cannot be caught: the file stays…
    #expect(FileManager.default.fileExists(atPath: temporary.path))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("long.golden")))
    // …until the next record of the same golden file.
    let record = await goldens([
      "record", workspace.path("ui.cases"), "-o", workspace.path("long.golden"),
    ])
    #expect(record.status == 0, "\(record.error)")
    #expect(!FileManager.default.fileExists(atPath: temporary.path))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path)
      .filter { $0.contains(".typescale-tmp-") }
    #expect(leftovers.isEmpty)
  }

  // MARK: - Progress

  @Test func progress_isDrawnOnATerminalOnly() async throws {
    // 2 texts × 2 fonts × 2 styles × 12 categories × 2 widths.
    let workspace = try Workspace(categories: #""all""#)
    defer { workspace.remove() }
    let quiet = await goldens(["record", workspace.path("ui.cases")], terminal: false)
    #expect(quiet.status == 0)
    #expect(quiet.error.isEmpty)

    let drawn = await goldens(["verify", workspace.path("ui.golden")], terminal: true)
    #expect(drawn.status == 0, "\(drawn.error)")
    #expect(drawn.error == "\r[100/192] cases\r[192/192] cases\n")
    #expect(drawn.output == "192 cases match \(workspace.path("ui.golden"))\n")

    // Short runs draw nothing, even on a terminal.
    let small = try Workspace()
    defer { small.remove() }
    #expect(await goldens(["record", small.path("ui.cases")], terminal: true).error.isEmpty)
  }

  // MARK: - Helpers

  @Test func relativePath_walksUpAndDown() {
    let path = GoldenPaths.relativePath(
      URL(fileURLWithPath: "/a/b/fonts/x.ttf"), from: URL(fileURLWithPath: "/a/c/d"))
    #expect(path == "../../b/fonts/x.ttf")
    #expect(
      GoldenPaths.relativePath(
        URL(fileURLWithPath: "/a/./fonts/../x.ttf"), from: URL(fileURLWithPath: "/a")) == "x.ttf")
  }
}

// MARK: - Fit: cases already truncated, mustFit, and the failure image on standard error

@Suite struct GoldensFitCommandTests {
  /// A folder with `ui.cases`: "Cancel subscription" in body at every category, 180 pt wide, one
  /// line (it fits through XL, truncated from XXL), with `mustFit` as given.
  private static func workspace(mustFit: String? = nil) throws -> URL {
    let folder = try Fixtures.temporaryDirectory("typescale-goldens-fit")
    let must = mustFit.map { #", "mustFit": \#($0)"# } ?? ""
    let cases = """
      {"sets": [{"name": "buttons", "styles": ["body"], "categories": "all", "widths": [180],
        "lines": 1\(must), "texts": [["cancel", "Cancel subscription"]]}]}
      """
    // A unique name: outside a package, failure images go to a shared temporary folder.
    try Data(cases.utf8).write(to: folder.appendingPathComponent("ui-\(UUID().uuidString).cases"))
    return folder
  }

  private static func casesPath(in folder: URL) throws -> String {
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
        $0.hasSuffix(".cases")
      })
    return folder.appendingPathComponent(name).path
  }

  @Test func record_listsCasesAlreadyTruncated_onStandardError() async throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases = try Self.casesPath(in: folder)
    let golden = GoldenRecordingSession.defaultGoldenPath(forCases: cases)
    let run = await goldens(["record", cases])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output == "recorded 12 cases in \(golden)\n")
    #expect(
      run.error.hasPrefix(
        """
        warning: 7 cases are already truncated when recorded:
        buttons/cancel/default/body/*/180 "Cancel subscription"
          fits through XL; truncated from XXL
          XXL: truncated; needs 192.612 pt unwrapped, box 180 pt; needs 2 lines, limit 1

        """), "\(run.error)")
    // With --json, standard output stays the JSON line alone.
    let json = await goldens(["record", cases, "--json"])
    #expect(json.output == "{\"golden\": \"\(golden)\", \"cases\": 12, \"shard\": null}\n")
    #expect(json.error.hasPrefix("warning: 7 cases are already truncated when recorded:\n"))
  }

  @Test func record_mustFit_failsEvenOnFirstRecord() async throws {
    let folder = try Self.workspace(mustFit: #""xS...XXXL""#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases = try Self.casesPath(in: folder)
    let golden = GoldenRecordingSession.defaultGoldenPath(forCases: cases)
    let run = await goldens(["record", cases])
    #expect(run.status == 1)
    #expect(
      run.error.hasPrefix(
        """
        error: 2 cases must fit ("mustFit") and do not: buttons/cancel/default/body/XXL/180, \
        buttons/cancel/default/body/XXXL/180
        7 cases are already truncated when recorded:

        """), "\(run.error)")
    #expect(run.error.contains("\n  XXXL: truncated, must fit; needs "))
    // The golden file is written as measured, so the failure can be looked at.
    #expect(FileManager.default.fileExists(atPath: golden))
  }

  @Test func verify_failure_printsTheImagePathOnStandardError_onATerminalOrNot() async throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases = try Self.casesPath(in: folder)
    let goldenPath = GoldenRecordingSession.defaultGoldenPath(forCases: cases)
    #expect(await goldens(["record", cases]).status == 0)
    // The XXL case recorded as fitting in 170 pt.
    let golden = URL(fileURLWithPath: goldenPath)
    var file = try GoldenVerification.read(golden)
    let index = try #require(file.measurements.firstIndex { $0.id.contains("/XXL/") })
    file.measurements[index].width = 170
    file.measurements[index].isTruncated = false
    GoldenVerification.write(file, to: golden)
    let imageURL = Renderer.goldenFailureImageURL(for: golden)
    defer { try? FileManager.default.removeItem(at: imageURL) }

    for terminal in [false, true] {
      try? FileManager.default.removeItem(at: imageURL)
      let run = await goldens(["verify", goldenPath], terminal: terminal)
      #expect(run.status == 1)
      #expect(run.error == "image: \(imageURL.path)\n", "terminal: \(terminal)")
      #expect(FileManager.default.fileExists(atPath: imageURL.path))
      #expect(
        run.output.contains(
          """
          buttons/cancel/default/body/*/180 "Cancel subscription"
            was: fits through XXL, truncated from XXXL; now: fits through XL, truncated from XXL
            XXL: truncated; needs 192.612 pt unwrapped, box 180 pt; needs 2 lines, limit 1
          """), "\(run.output)")
    }

    // With --json too: the JSON report carries the texts, and the image is drawn.
    try FileManager.default.removeItem(at: imageURL)
    let json = await goldens(["verify", goldenPath, "--json"])
    #expect(json.status == 1)
    #expect(json.error == "image: \(imageURL.path)\n")
    let report = try JSONDecoder().decode(GoldenReport.self, from: Data(json.output.utf8))
    #expect(
      report.textFits?.first?.summary
        == "was: fits through XXL, truncated from XXXL; now: fits through XL, truncated from XXL")
  }
}

// MARK: - Typography

extension GoldensCommandTests {
  /// `goldens record` of a cases file with a typography and a font folder: sizes follow the
  /// typography, and a family the folder lacks is a warning naming the token.
  @Test func record_typography_followsItsSizesAndWarnsOfAMissingFamily() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-goldens-typography")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fonts = folder.appendingPathComponent("Fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    for name in ["Fixture-Regular.ttf", "Fixture-SemiBold.ttf"] {
      try FileManager.default.copyItem(
        at: Fixtures.font(name), to: fonts.appendingPathComponent(name))
    }
    try Data(
      """
      {"name": "App", "defaults": {"family": "TypeScale Fixture"},
       "styles": {"caption2": {"size": 11, "sizing": "fixed"},
                  "body": {"size": 17, "maximumPointSize": 32},
                  "headline": {"size": 17, "weight": "semibold"}},
       "tokens": {"overline": {"size": 11, "family": "Absent Family", "relativeTo": "caption1"}}}
      """.utf8
    ).write(to: folder.appendingPathComponent("typography.json"))
    let cases = folder.appendingPathComponent("ui.cases")
    try Data(
      """
      {"typography": "typography.json", "fontFolders": ["Fonts"],
       "sets": [{"name": "ui", "styles": ["caption2", "body", "headline", "overline"],
                 "categories": ["L", "AX5"], "texts": [["save", "Save"]]}]}
      """.utf8
    ).write(to: cases)

    let record = await goldens(["record", cases.path])
    #expect(record.status == 0, "\(record.error)")
    #expect(record.output == "recorded 8 cases in \(folder.path)/ui.golden\n")
    #expect(
      record.error
        == "warning: \(cases.path): token overline: requested \"Absent Family\", not "
        + "registered; using NotoSans-Regular (TypeScale's default)\n")
    let golden = try String(
      contentsOf: folder.appendingPathComponent("ui.golden"), encoding: .utf8)
    #expect(golden.contains("\n# typography: typography.json "))
    #expect(golden.contains("\n# font-folder: Fonts\n"))
    #expect(golden.contains("\n# font-file: typography Fonts/Fixture-SemiBold.ttf "))
    for (style, size) in [("caption2", "11.000"), ("body", "32.000")] {
      #expect(
        golden.contains(
          "ui/save/typography/\(style)/AX5/unwrapped\tSave\ttypography\t\(style)\tAX5\t"
            + "typography\t\(size)\t"), "\(style)")
    }
    let verify = await goldens(["verify", folder.appendingPathComponent("ui.golden").path])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
  }
}

// MARK: - Verify sees every change (issue 17, item 4)

/// `goldens verify` measures the cases file the golden file was recorded from, and names what
/// changed in it: texts (old → new), cases added, removed and renamed, before fonts, library
/// versions and the layout.
@Suite struct GoldensVerifyChangesCommandTests {
  /// Replaces `old` with `new` in the workspace's `ui.cases`.
  private func editCases(_ workspace: Workspace, _ old: String, _ new: String) throws {
    let text = try workspace.read("ui.cases")
    try #require(text.contains(old))
    try workspace.write(text.replacingOccurrences(of: old, with: new), to: "ui.cases")
  }

  /// The table row of a case in a report, with its padding.
  private func tableRow(_ output: String, _ id: String) -> String? {
    output.split(separator: "\n").first { $0.hasPrefix(id + " ") }.map(String.init)
  }

  private func causes(_ output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("likely cause: ") }
      .map { String($0.dropFirst("likely cause: ".count)) }
  }

  @Test func verify_editedText_exits1AndNamesTheTextChange() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    try editCases(workspace, #""Save changes""#, #""Save all changes""#)

    let verify = await goldens(["verify", workspace.path("ui.golden")])
    #expect(verify.status == 1)
    // Only the failure image's path goes to standard error.
    #expect(verify.error.hasPrefix("image: ") && verify.error.hasSuffix("ui.golden.png\n"))
    #expect(verify.error.split(separator: "\n").count == 1)
    let lines = verify.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "16 of 32 cases differ from \(workspace.path("ui.golden"))")
    #expect(
      lines.dropFirst().first
        == "note: verified against \(workspace.path("ui.cases")), which changed since the golden "
        + "file was recorded")
    let found = causes(verify.output)
    #expect(found.count == 2, "\(found)")
    #expect(found.first?.hasPrefix("the cases file changed: ui.cases (sha256 ") == true)
    #expect(
      found.last
        == "text of buttons/save/default/body/L/120 and 15 more cases: \"Save changes\" → "
        + "\"Save all changes\"")
    #expect(!verify.output.contains("the layout changed"))
    #expect(verify.output.contains("\nbuttons/save/default/body/L/120  "))
    #expect(verify.output.contains("text \"Save changes\" → \"Save all changes\""))

    // As JSON: a changed case with its text as a field, [old, new].
    let json = await goldens(["verify", workspace.path("ui.golden"), "--json"])
    let report = try JSONDecoder().decode(GoldenReport.self, from: Data(json.output.utf8))
    let first = try #require(report.mismatches.first)
    #expect(first.kind == .changed)
    #expect(first.text == "Save all changes")
    #expect(first.fields["text"] == ["Save changes", "Save all changes"])
    #expect(report.causes == found)
  }

  @Test func verify_renamedID_isOneRenameNotARemovalAndAnAddition() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    try editCases(workspace, #"["cancel", "#, #"["dismiss", "#)

    let verify = await goldens(["verify", workspace.path("ui.golden")])
    #expect(verify.status == 1)
    #expect(verify.output.hasPrefix("16 of 32 cases differ from \(workspace.path("ui.golden"))\n"))
    let found = causes(verify.output)
    #expect(found.count == 2, "\(found)")
    #expect(found.first?.hasPrefix("the cases file changed: ui.cases (sha256 ") == true)
    #expect(
      found.last
        == "16 cases renamed (cancel → dismiss): buttons/cancel/default/body/L/120 → "
        + "buttons/dismiss/default/body/L/120 and 15 more")
    #expect(!verify.output.contains("added") && !verify.output.contains("removed"))
    let row = try #require(tableRow(verify.output, "buttons/dismiss/default/body/L/120"))
    #expect(row.hasSuffix("  renamed from buttons/cancel/default/body/L/120"))

    let json = await goldens(["verify", workspace.path("ui.golden"), "--json"])
    let report = try JSONDecoder().decode(GoldenReport.self, from: Data(json.output.utf8))
    #expect(report.mismatches.allSatisfy { $0.kind == .renamed })
    #expect(
      report.mismatches.first?.fields
        == ["id": ["buttons/cancel/default/body/L/120", "buttons/dismiss/default/body/L/120"]])
  }

  @Test func verify_deletedCasesFile_fallsBackToTheStoredCasesWithANote() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    try FileManager.default.removeItem(at: workspace.folder.appendingPathComponent("ui.cases"))

    let verify = await goldens(["verify", workspace.path("ui.golden")])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
    #expect(verify.error.isEmpty)
    #expect(
      verify.output
        == "32 cases match \(workspace.path("ui.golden"))\nnote: the cases file "
        + "\(workspace.path("ui.cases")) is gone; verified the 32 cases stored in the golden "
        + "file\n")

    // The stored cases still catch an edited golden file.
    try workspace.edit("ui.golden", id: "buttons/save/default/body/L/120", column: 13, to: "9.000")
    let edited = await goldens(["verify", workspace.path("ui.golden")])
    #expect(edited.status == 1)
    #expect(edited.output.contains("note: the cases file "))
    #expect(causes(edited.output).first?.hasPrefix("the layout changed: fonts and") == true)
  }

  @Test func verify_headerWithoutCasesLine_verifiesTheStoredCasesAsBefore() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    let lines = try workspace.read("ui.golden").components(separatedBy: "\n")
    #expect(lines.filter { $0.hasPrefix("# cases: ui.cases ") }.count == 1)
    try workspace.write(
      lines.filter { !$0.hasPrefix("# cases:") }.joined(separator: "\n"), to: "ui.golden")
    // An edit to the cases file is not seen: the golden file does not name it.
    try editCases(workspace, #""Save changes""#, #""Save all changes""#)

    let verify = await goldens(["verify", workspace.path("ui.golden")])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
    #expect(
      verify.output
        == "32 cases match \(workspace.path("ui.golden"))\nnote: the golden file names no cases "
        + "file (no \"# cases:\" line); verified the 32 cases stored in it, so edits to a cases "
        + "file are not seen: record it again from its cases file to name it\n")
  }

  @Test func verify_severalCauses_comeInOrder() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    // A text edited, a case renamed, a text added, and a font file swapped.
    try editCases(workspace, #""Cancel the long operation now""#, #""Cancel""#)
    try editCases(workspace, #"["save", "#, #"["store", "#)
    try editCases(workspace, #"]]"#, #"], ["help", "Help"]]"#)
    let font = workspace.folder.appendingPathComponent("fonts/Fixture-Regular.ttf")
    try FileManager.default.removeItem(at: font)
    try FileManager.default.copyItem(at: Fixtures.font("Fixture-Bold.ttf"), to: font)

    let verify = await goldens(["verify", workspace.path("ui.golden")])
    #expect(verify.status == 1)
    #expect(
      verify.output.hasPrefix(
        "48 of 32 cases differ from \(workspace.path("ui.golden")) (16 of them new, not in the "
          + "golden file)\n"))
    let found = causes(verify.output)
    let expected = [
      "the cases file changed: ui.cases (sha256 ",
      "text of buttons/cancel/default/body/L/120 and 15 more cases: \"Cancel the long operation "
        + "now\" → \"Cancel\"",
      "16 cases added: buttons/help/default/body/L/120, ",
      "16 cases renamed (save → store): buttons/save/default/body/L/120 → "
        + "buttons/store/default/body/L/120 and 15 more",
      "font file changed: fixture fonts/Fixture-Regular.ttf (sha256 ",
    ]
    #expect(found.count == expected.count, "\(found)")
    for (cause, prefix) in zip(found, expected) {
      #expect(cause.hasPrefix(prefix), "\(cause) does not start with \(prefix)")
    }
    // The swapped font explains what else differs: the layout is not blamed.
    #expect(!verify.output.contains("the layout changed"))
    // A renamed case measured in the swapped font is a rename with changes.
    let row = try #require(tableRow(verify.output, "buttons/store/fixture/body/L/unwrapped"))
    #expect(row.contains("  renamed from buttons/save/fixture/body/L/unwrapped, width "))
  }

  @Test func verify_casesFileBesideAGoldenFileElsewhere_isFoundRelativeToIt() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let golden = workspace.path("out/ui.golden")
    #expect(await goldens(["record", workspace.path("ui.cases"), "-o", golden]).status == 0)
    #expect(try workspace.read("out/ui.golden").contains("\n# cases: ../ui.cases "))
    try editCases(workspace, #""Save changes""#, #""Save""#)
    let verify = await goldens(["verify", golden])
    #expect(verify.status == 1)
    #expect(
      verify.output.contains(
        "\nnote: verified against \(workspace.path("ui.cases")), which changed since the golden "
          + "file was recorded\n"))
    #expect(verify.output.contains("likely cause: the cases file changed: ../ui.cases (sha256 "))
  }

  @Test func verify_shardsWithARename_mergeWithRenamedKinds() async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let golden = workspace.path("ui.golden")
    #expect(await goldens(["record", workspace.path("ui.cases")]).status == 0)
    try editCases(workspace, #"["cancel", "#, #"["dismiss", "#)
    try editCases(workspace, #""Save changes""#, #""Save""#)
    let whole = await goldens(["verify", golden, "--json"])
    let wholeReport = try JSONDecoder().decode(GoldenReport.self, from: Data(whole.output.utf8))

    var reports: [String] = []
    var totals = 0
    for index in 1...3 {
      let shard = await goldens(["verify", golden, "--shard", "\(index)/3", "--json"])
      #expect(shard.status == 1, "\(shard.error)")
      let report = try JSONDecoder().decode(GoldenReport.self, from: Data(shard.output.utf8))
      try report.validate()
      // Each renamed case is compared once, in the shard of its new id.
      #expect(report.mismatches.allSatisfy { $0.kind == .renamed || $0.kind == .changed })
      totals += report.total
      try workspace.write(shard.output, to: "shard-\(index).json")
      reports.append(workspace.path("shard-\(index).json"))
    }
    #expect(totals == Workspace.caseCount)

    let merged = await goldens(["merge", "--json"] + reports)
    #expect(merged.status == 1, "\(merged.error)")
    #expect(merged.error.isEmpty)
    let report = try JSONDecoder().decode(GoldenReport.self, from: Data(merged.output.utf8))
    #expect(report.total == Workspace.caseCount)
    #expect(report.differing == 32)
    #expect(report.mismatches.filter { $0.kind == .renamed }.count == 16)
    #expect(report.mismatches.filter { $0.kind == .changed }.count == 16)
    // The causes are named again for the whole suite, as the unsharded run names them (with
    // the first case by id as the example, since shards have no common order).
    #expect(report.causes.count == wholeReport.causes.count)
    #expect(report.causes.first == wholeReport.causes.first)
    #expect(
      report.causes.contains(
        "16 cases renamed (cancel → dismiss): buttons/cancel/default/body/AX3/120 → "
          + "buttons/dismiss/default/body/AX3/120 and 15 more"))
    let text = await goldens(["merge"] + reports)
    #expect(text.output.hasPrefix("32 of 32 cases differ from \(golden)\n"))
  }
}

// MARK: - One path rule (issue 17, item 3)

/// A cases file with an absolute font path, and a golden file in another folder, verifies the
/// same through the CLI and through `GoldenVerification.verify` (what `expectGoldens` calls),
/// whichever recorded it; the absolute path is kept as given, never joined under a folder.
@Suite struct GoldensPathRuleCommandTests {
  @Test(arguments: ["cli", "library"])
  func absoluteFontPaths_verifyTheSameThroughTheCLIAndTheLibrary(_ recorder: String) async throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let font = workspace.path("fonts/Fixture-Regular.ttf")
    let cases = try workspace.read("ui.cases").replacingOccurrences(
      of: #""fixture": "fonts/Fixture-Regular.ttf""#, with: "\"fixture\": \"\(font)\"")
    try workspace.write(cases, to: "ui.cases")
    try FileManager.default.createDirectory(
      atPath: workspace.path("elsewhere"), withIntermediateDirectories: true)
    let golden = workspace.path("elsewhere/ui.golden")
    let casesURL = URL(fileURLWithPath: workspace.path("ui.cases"))
    let goldenURL = URL(fileURLWithPath: golden)

    if recorder == "cli" {
      let record = await goldens(["record", workspace.path("ui.cases"), "-o", golden])
      #expect(record.status == 0, "\(record.error)")
    } else {
      let message = try GoldenVerification.verify(
        casesFile: casesURL, golden: goldenURL, record: .missing
      ).failureMessage
      #expect(message?.hasPrefix("recorded a new golden file at \(golden)") == true)
    }
    let text = try workspace.read("elsewhere/ui.golden")
    #expect(text.contains("\n# font: fixture \(font)\n"))
    #expect(text.contains("\n# cases: ../ui.cases "))

    let verify = await goldens(["verify", golden])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
    #expect(verify.output.hasPrefix("\(Workspace.caseCount) cases match \(golden)"))
    #expect(
      try GoldenVerification.verify(casesFile: casesURL, golden: goldenURL, record: .never).passed)
  }
}
