// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck

@testable import TypeScaleCLI

/// `typescale check`'s run semantics: the layout estimate and `--max-layouts`, empty runs and
/// `--allow-empty`, unmatched rules, shards that `check merge` refuses, and control characters
/// in keys.
@Suite struct CheckRunLimitsTests {
  /// Twelve keys in English and German, "OK" (which fits everywhere), a rule for them, and a
  /// rule with a typo that matches nothing.
  static func catalog(keys: Int = 12, extra: String = "") -> String {
    let entries = (0..<keys).map { index in
      """
      "button.k\(index)" : { "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated", "value" : "OK" } },
        "en" : { "stringUnit" : { "state" : "translated", "value" : "OK" } } } }
      """
    }
    return "{ \"sourceLanguage\" : \"en\", \"version\" : \"1.0\", \"strings\" : {\n"
      + (entries + (extra.isEmpty ? [] : [extra])).joined(separator: ",\n") + "\n} }\n"
  }

  static let constraints = """
    { "catalogs": ["Localizable.xcstrings"],
      "rules": [
        { "keys": "button.*", "style": "body", "width": 120, "lineLimit": 1,
          "categories": "xS...AX5" },
        { "keys": "buton.*", "style": "body" },
        { "keys": "evil*", "style": "body", "width": 120, "lineLimit": 1,
          "categories": "L...AX1" } ] }
    """

  /// A fresh folder with the catalog and constraints.
  private func project(catalog: String = CheckRunLimitsTests.catalog()) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-check-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(catalog.utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
    try Data(Self.constraints.utf8).write(to: folder.appendingPathComponent("constraints.json"))
    return folder
  }

  static let warning =
    "warning: rule \"buton.*\" matches no key in any catalog; check its \"keys\" pattern, or "
    + "remove the rule\n"
    + "warning: rule \"evil*\" matches no key in any catalog; check its \"keys\" pattern, or "
    + "remove the rule\n"

  @Test func estimate_aboveMaxLayoutsIsRefused_andARaisedLimitRuns() async throws {
    let folder = try project()
    let constraints = folder.appendingPathComponent("constraints.json").path
    let refused = await typescale("check", constraints, "--max-layouts", "287")
    #expect(refused.status == 2)
    #expect(refused.output.isEmpty)
    #expect(
      refused.error
        == "error: the run would make 288 layouts (24 translations), more than the limit of 287; "
        + "check fewer keys or categories, split the run with --shard K/N, or raise the limit "
        + "with --max-layouts 288\n")
    let accepted = await typescale("check", constraints, "--max-layouts", "288", "--no-color")
    #expect(accepted.status == 0)
    #expect(
      accepted.output
        == "checked 24 translations of 12 keys in 2 languages (288 layouts): all fit\n\n"
        + Self.warning
        + "\nchecked 24 translations of 12 keys in 2 languages (288 layouts): all fit\n")
  }

  @Test(arguments: ["0", "-1", "many", "1.5"])
  func maxLayouts_mustBeAWholeNumberOfAtLeastOne(_ value: String) async {
    let run = await typescale("check", "rules.json", "--max-layouts", value)
    #expect(run.status == 2)
    #expect(
      run.error
        == "error: invalid value '\(value)' for '--max-layouts'; expected a whole number of "
        + "layouts, at least 1 (see 'typescale check --help')\n")
  }

  @Test func emptyRun_exits2NamingTheCatalogs_unlessAllowEmpty() async throws {
    let folder = try project()
    let constraints = folder.appendingPathComponent("constraints.json").path
    let empty = folder.appendingPathComponent("res")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let refused = await typescale("check", constraints, empty.path)
    #expect(refused.status == 2)
    #expect(
      refused.error
        == "error: nothing to check: no strings were read from \(empty.path); pass --allow-empty "
        + "to accept a run that checks nothing\n")
    let allowed = await typescale("check", constraints, empty.path, "--allow-empty", "--json")
    #expect(allowed.status == 0)
    let report = try CheckJSONReport.read(Data(allowed.output.utf8), file: "stdout")
    #expect(report.results.isEmpty)
    #expect(report.layouts == 0)
  }

  @Test func unmatchedRule_isAWarningInTheSummaryOnStandardErrorAndInTheJSON() async throws {
    let folder = try project()
    let constraints = folder.appendingPathComponent("constraints.json").path
    let run = await typescale("check", constraints, "--json")
    #expect(run.status == 0)
    // A run over a second on a loaded machine also draws progress lines.
    let warnings = run.error.split(separator: "\n").filter { !$0.hasPrefix("checking ") }
    #expect(warnings.map { $0 + "\n" }.joined() == Self.warning)
    let report = try CheckJSONReport.read(Data(run.output.utf8), file: "stdout")
    #expect(
      report.warnings.map { "warning: \($0)\n" }.joined() == Self.warning)
  }

  @Test func escapeSequencesInKeysArePrintedEscaped() async throws {
    let evil = """
      "evil\\u001b]0;owned\\u0007\\u001b[2J" : { "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated",
                                  "value" : "Speichern Speichern Speichern" } } } }
      """
    let folder = try project(catalog: Self.catalog(keys: 1, extra: evil))
    let constraints = folder.appendingPathComponent("constraints.json").path
    let run = await typescale("check", constraints, "--no-color")
    #expect(run.status == 1)
    #expect(!run.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(
      run.output.contains("\nevil\\u{1B}]0;owned\\u{7}\\u{1B}[2J  fails in 2 of 2 languages\n"))
  }

  @Test func constraintsFileThatIsAFIFOIsNamedAsSuch() async throws {
    let folder = try project()
    let fifo = folder.appendingPathComponent("constraints.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let run = await typescale("check", fifo)
    #expect(run.status == 2)
    #expect(
      run.error
        == "error: \(fifo) is a FIFO (named pipe), not a constraints file; expected a regular "
        + "file\n")
    let constraints = folder.appendingPathComponent("constraints.json").path
    let baseline = await typescale("check", constraints, "--baseline", fifo)
    #expect(baseline.status == 2)
    #expect(
      baseline.error
        == "error: \(fifo) is a FIFO (named pipe), not a baseline; expected a regular file\n")
    let merge = await typescale("check", "merge", fifo)
    #expect(merge.status == 2)
    #expect(
      merge.error
        == "error: \(fifo) is a FIFO (named pipe), not a report; expected a regular file\n")
  }

  // MARK: - Shards and merges

  /// Each shard's `--json` report of a run of `constraints` in the folder, written to
  /// `<prefix><n>.json`.
  private func shards(
    _ folder: URL, constraints: String = "constraints.json", prefix: String = ""
  ) async throws -> [String] {
    let file = folder.appendingPathComponent(constraints).path
    var paths: [String] = []
    for index in 1...4 {
      let run = await typescale(
        ["check", file, "--shard", "\(index)/4", "--json", "--allow-empty"])
      #expect(run.status == 0, "\(run.error)")
      let path = folder.appendingPathComponent("\(prefix)\(index).json").path
      try Data(run.output.utf8).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    return paths
  }

  /// The shard that holds `button.k0`: a shard with keys in it.
  private func shardWithKeys() throws -> Int {
    for index in 1...4 {
      if try Shard(parsing: "\(index)/4").contains("button.k0") { return index }
    }
    Issue.record("button.k0 is in no shard of 4")
    return 0
  }

  @Test func merge_ofThreeOfFourShardsIsRefusedNamingTheMissingOne() async throws {
    let folder = try project()
    let paths = try await shards(folder)
    let missing = try shardWithKeys()
    let given = paths.enumerated().filter { $0.offset + 1 != missing }.map(\.element)
    let refused = await typescale(["check", "merge"] + given)
    #expect(refused.status == 2)
    #expect(
      refused.error
        == "error: shard \(missing)/4 is missing; pass every shard's report, or --allow-partial "
        + "to merge these into a partial report (which fails for the keys the missing shards "
        + "hold)\n")
    let partial = await typescale(["check", "merge", "--allow-partial", "--no-color"] + given)
    #expect(partial.status == 1)
    #expect(partial.output.contains("not laid out: 'button.k0' (required xS...AX5)\n"))
    #expect(partial.output.hasSuffix("(partial: shard \(missing)/4 is missing)\n"))
    let json = await typescale(["check", "merge", "--allow-partial", "--json"] + given)
    #expect(json.status == 1)
    let report = try CheckJSONReport.read(Data(json.output.utf8), file: "stdout")
    #expect(report.isPartial)
    #expect(report.missingShards == ["\(missing)/4"])
    #expect(report.unlaidRequirements.contains { $0.key == "button.k0" })
    let all = await typescale(["check", "merge"] + paths)
    #expect(all.status == 0)
    #expect(
      all.output.hasSuffix(
        "checked 24 translations of 12 keys in 2 languages (288 layouts): all fit\n"))
  }

  @Test func merge_refusesADuplicateAndAForeignShard() async throws {
    let folder = try project()
    let paths = try await shards(folder)
    let duplicate = await typescale(["check", "merge"] + paths + [paths[1]])
    #expect(duplicate.status == 2)
    #expect(
      duplicate.error
        == "error: \(paths[1]) and \(paths[1]) are both shard 2/4; merge each shard's report once\n"
    )
    // The same rules in a file with one more space: another digest.
    try Data((Self.constraints + " ").utf8).write(
      to: folder.appendingPathComponent("other.json"))
    let other = try await shards(folder, constraints: "other.json", prefix: "other-")
    let foreign = await typescale(["check", "merge", paths[0], other[1], paths[2], paths[3]])
    #expect(foreign.status == 2)
    #expect(
      foreign.error.hasPrefix(
        "error: \(other[1]) is shard 2/4 of another run (constraints digest "), "\(foreign.error)")
  }
}
