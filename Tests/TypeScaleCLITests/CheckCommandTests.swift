// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleCheck

@testable import TypeScaleCLI

@Suite struct CheckCommandTests {
  /// A fresh folder for a test's files.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private static func result(
    _ key: String, _ language: String, failing: Bool, file: String = "A.xcstrings", line: Int
  ) -> CheckResult {
    let cells = [
      CheckCell(
        category: .large, status: .fits, pointSize: 17, width: 80, height: 22, lineCount: 1,
        neededLines: 1),
      CheckCell(
        category: .accessibilityMedium, status: failing ? .truncated : .fits, pointSize: 28,
        width: 120, height: 34, lineCount: 1, neededLines: failing ? 2 : 1),
    ]
    return CheckResult(
      key: key, language: language, variant: "", text: key, file: file, line: line,
      rule: "*", style: "body", width: 120, lineLimit: 1, truncationAllowed: false,
      required: [.large, .accessibilityMedium], cells: cells,
      largestFitting: failing ? .large : .accessibilityMedium)
  }

  @Test func check_withoutConstraintsIsAUsageError() async {
    let run = await typescale("check")
    #expect(run.status == 2)
    #expect(
      run.error
        == "error: missing required argument '<constraints>' (see 'typescale check --help')\n")
  }

  @Test func check_missingConstraintsFileIsAnInputError() async {
    let run = await typescale("check", "/nonexistent/typescale-check.json")
    #expect(run.status == 2)
    #expect(
      run.error
        == "error: /nonexistent/typescale-check.json: no such file; expected the check's "
        + "constraints file (JSON)\n")
    let typo = await typescale("check", "mrege", "a.json")
    #expect(typo.status == 2)
    #expect(typo.error.hasSuffix("(did you mean the subcommand 'merge'?)\n"))
  }

  @Test(arguments: ["0/2", "3/2", "a/b", "2", "1/0", "1/2/3", "-1/2", "１/２"])
  func check_badShardIsAUsageError(_ shard: String) async {
    let run = await typescale("check", "rules.json", "--shard=\(shard)")
    #expect(run.status == 2)
    #expect(run.error.contains("for '--shard'"), "\(run.error)")
    #expect(run.output.isEmpty)
  }

  @Test func check_updateBaselineNeedsBaseline() async {
    let run = await typescale("check", "rules.json", "--update-baseline")
    #expect(run.status == 2)
    #expect(
      run.error
        == "error: '--update-baseline' needs '--baseline <file>' naming where to write "
        + "(see 'typescale check --help')\n")
  }

  @Test func check_noCatalogsAnywhereIsAnInputError() async throws {
    let folder = try folder()
    let constraints = folder.appendingPathComponent("rules.json")
    try Data("{\"rules\": []}".utf8).write(to: constraints)
    let run = await typescale("check", constraints.path)
    #expect(run.status == 2)
    #expect(run.error.contains("no catalogs to check"), "\(run.error)")
  }

  /// A report over the limit is refused from its size, before a byte is read (a sparse file:
  /// nothing is written to disk).
  @Test func merge_oversizeReportIsRefusedBeforeReading() async throws {
    let folder = try folder()
    let huge = folder.appendingPathComponent("huge.json")
    #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: UInt64(CheckJSONReport.maximumFileSize + 1))
    try handle.close()
    let run = await typescale("check", "merge", huge.path)
    #expect(run.status == 2)
    #expect(
      run.error
        == "error: \(huge.path): the report is \(CheckJSONReport.maximumFileSize + 1) bytes; "
        + "expected at most \(CheckJSONReport.maximumFileSize) bytes\n")
  }

  @Test func merge_malformedJSONNamesFileLineAndColumn() async throws {
    let folder = try folder()
    let good = folder.appendingPathComponent("1.json")
    try Data(CheckJSONReport().write(CheckReport()).utf8).write(to: good)
    let bad = folder.appendingPathComponent("2.json")
    try Data("{\"version\": 1,\n \"results\": [,]}".utf8).write(to: bad)
    let run = await typescale("check", "merge", good.path, bad.path)
    #expect(run.status == 2)
    let prefix = "error: \(bad.path):2:"
    #expect(run.error.hasPrefix(prefix), "\(run.error)")
    let column = run.error.dropFirst(prefix.count).prefix { $0.isNumber }
    #expect(Int(column) != nil)
    #expect(run.output.isEmpty)
  }

  /// The HTML page links each key to its file and line: into the repository with
  /// `--source-url`, else relative to the page's own folder.
  @Test func html_linksKeysToTheirFileAndLine() async throws {
    let folder = try folder()
    let url = folder.appendingPathComponent("1.json")
    let report = CheckReport(
      results: [Self.result("button.ok", "de", failing: true, file: "App/A.xcstrings", line: 4)])
    try Data(CheckJSONReport().write(report).utf8).write(to: url)
    let page = folder.appendingPathComponent("out/check.html")
    try FileManager.default.createDirectory(
      at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
    let linked = await typescale(
      "check", "merge", url.path, "--html", page.path, "--source-url",
      "https://example.com/app/blob/main/")
    #expect(linked.status == 1, "\(linked.error)")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains("href=\"https://example.com/app/blob/main/App/A.xcstrings#L4\""))
    // A file given by its full path is linked relative to the page's folder.
    let absolute = CheckReport(
      results: [
        Self.result(
          "button.ok", "de", failing: true,
          file: folder.appendingPathComponent("App/A.xcstrings").path, line: 4)
      ])
    try Data(CheckJSONReport().write(absolute).utf8).write(to: url)
    let plain = await typescale("check", "merge", url.path, "--html", page.path)
    #expect(plain.status == 1, "\(plain.error)")
    let relative = try String(contentsOf: page, encoding: .utf8)
    #expect(relative.contains("href=\"../App/A.xcstrings\""))
  }

  @Test func merge_combinesShardsAndWritesEveryFormat() async throws {
    let folder = try folder()
    let first = CheckReport(
      shard: "1/2",
      results: [Self.result("button.ok", "de", failing: true, line: 4)],
      errors: [
        CheckInputError(file: "B.strings", line: 2, column: 1, message: "B.strings:2:1: bad")
      ])
    let second = CheckReport(
      shard: "2/2",
      results: [Self.result("title", "en", failing: false, line: 2)],
      errors: [
        CheckInputError(file: "B.strings", line: 2, column: 1, message: "B.strings:2:1: bad")
      ])
    var paths: [String] = []
    for (index, report) in [first, second].enumerated() {
      let url = folder.appendingPathComponent("\(index + 1).json")
      try Data(CheckJSONReport().write(report).utf8).write(to: url)
      paths.append(url.path)
    }
    let outputs = ["junit": "check.xml", "sarif": "check.sarif", "html": "check.html"].mapValues {
      folder.appendingPathComponent($0).path
    }
    let run = await typescale(
      ["check", "merge", "--json"] + paths
        + outputs.sorted { $0.key < $1.key }.flatMap {
          ["--\($0.key)", $0.value]
        })
    // An unreadable catalog in the shards makes the merged run exit 2 too.
    #expect(run.status == 2)
    #expect(run.error == "error: B.strings:2:1: bad\n")
    let merged = try CheckJSONReport.read(Data(run.output.utf8), file: "stdout")
    #expect(merged.shard == nil)
    #expect(merged.results.map(\.id) == ["title|en", "button.ok|de"])
    #expect(merged.errors.count == 1)
    let junit = try String(contentsOfFile: try #require(outputs["junit"]), encoding: .utf8)
    #expect(junit.contains("<testcase classname=\"A.xcstrings\" name=\"button.ok [de]\">"))
    let sarif = try String(contentsOfFile: try #require(outputs["sarif"]), encoding: .utf8)
    #expect(sarif.contains("\"startLine\": 4"))
    let html = try String(contentsOfFile: try #require(outputs["html"]), encoding: .utf8)
    #expect(
      html.contains("Labels are not drawn in a merged report; the HTML pages of the shards&apos;"))
    #expect(!html.contains("data:image"))
  }

  @Test func merge_summaryAndExitStatusOfFailures() async throws {
    let folder = try folder()
    let url = folder.appendingPathComponent("1.json")
    let report = CheckReport(results: [Self.result("button.ok", "de", failing: true, line: 4)])
    try Data(CheckJSONReport().write(report).utf8).write(to: url)
    let run = await CheckReportOptions.$outputIsTerminal.withValue({ true }) {
      await CheckReportOptions.$environment.withValue({ [:] }) {
        await typescale("check", "merge", url.path, "--no-color")
      }
    }
    #expect(run.status == 1)
    #expect(run.output.hasPrefix("checked 1 translation of 1 key in 1 language: 1 fails (1 new)\n"))
    #expect(run.output.contains("\nbutton.ok  fails in 1 of 1 language\n"))
    #expect(!run.output.contains("\u{1B}["))
    #expect(run.output.hasSuffix("checked 1 translation of 1 key in 1 language: 1 fails (1 new)\n"))
    let missing = await typescale("check", "merge")
    #expect(missing.status == 2)
  }

  @Test(
    arguments: [
      (false, true, [:], true),
      (true, true, [:], false),
      (false, false, [:], false),
      (false, true, ["NO_COLOR": "1"], false),
      (false, true, ["NO_COLOR": ""], true),
    ] as [(Bool, Bool, [String: String], Bool)])
  func check_colourFollowsNoColorAndTheTerminal(
    _ flag: Bool, _ terminal: Bool, _ environment: [String: String], _ expected: Bool
  ) {
    #expect(
      CheckReportOptions.usesColor(noColor: flag, isTerminal: terminal, environment: environment)
        == expected)
  }

  @Test func check_mergeHelpIsTheSubcommands() async {
    let run = await typescale("check", "merge", "--help")
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("OVERVIEW: Combine the JSON reports of 'typescale check --shard'"))
  }

  @Test(arguments: [
    (["check", "rules.json", "merge"], "check", ["rules.json", "merge"]),
    (["check", "merge", "1.json"], "merge", ["1.json"]),
    (["check", "--", "merge"], "check", ["merge"]),
  ])
  func parser_positionalBesideSubcommands(
    _ arguments: [String], _ command: String, _ positionals: [String]
  ) {
    guard
      case .run(let type, let parsed) = ArgumentScanner(root: TypeScaleCommand.self).parse(
        arguments)
    else {
      Issue.record("\(arguments) did not parse")
      return
    }
    #expect(type.configuration.commandName == command)
    #expect(parsed.positionals == positionals)
  }
}
