// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleCheck

/// `typescale check merge REPORT.json…`: combines the `--json` reports of sharded checks.
///
/// ```
/// $ typescale check rules.json --shard 1/2 --json > 1.json
/// $ typescale check rules.json --shard 2/2 --json > 2.json
/// $ typescale check merge 1.json 2.json --junit check.xml
/// ```
struct CheckMergeCommand: Command {
  /// The command's options and positionals.
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Combine the JSON reports of 'typescale check --shard' into one.",
    discussion: """
      The results, skipped entries and unreadable files of every report are put together \
      (a result or unreadable file that two reports both hold is kept once) and reported as \
      one run: the summary or --json, and --junit, --sarif and --html files. The HTML page \
      has no label images, which only a run that lays the text out can draw. --baseline \
      applies a baseline to the merged results.

      Exit status: 0 when every constraint holds, 1 when there are new failures, 2 when a \
      report cannot be read (the message gives file:line:column for malformed JSON) or any \
      report lists an unreadable catalog.
      """,
    options: CheckReportOptions.specs,
    positionals: [
      PositionalSpec(
        "report", help: "Reports printed by 'typescale check --json'.", isRepeatable: true)
    ])

  /// The note the HTML page of a merged report shows.
  static let htmlNote =
    "Labels are not drawn in a merged report; the HTML pages of the shards' own runs have them."

  let paths: [String]
  let options: CheckReportOptions

  /// Reads the paths.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` when no report is given.
  init(parsed: ParsedArguments) throws(CLIError) {
    paths = parsed.positionals
    guard !paths.isEmpty else {
      throw .validation("missing required argument '<report> ...'")
    }
    options = CheckReportOptions(parsed: parsed)
  }

  /// Reads the reports, merges them and prints or writes the merged one.
  ///
  /// - Parameters:
  ///   - output: The summary or JSON.
  ///   - errorOutput: Unreadable files again, with `--json`.
  /// - Returns: The merged report's ``CheckReport/exitStatus``.
  /// - Throws: ``CLIError/input(_:)`` when a report, the baseline or an output file cannot be
  ///   used.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    var reports: [CheckReport] = []
    for path in paths {
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw .input("cannot read \(path): \((error as NSError).localizedDescription)")
      }
      do {
        reports.append(try CheckJSONReport.read(data, file: path))
      } catch {
        throw .input(error.message)
      }
    }
    let report = try options.applyingBaseline(to: Self.merged(reports))
    try options.write(
      report, html: CheckHTMLReport(note: Self.htmlNote), output: &output,
      errorOutput: &errorOutput)
    return ExitCode(report.exitStatus)
  }

  /// The reports as one: results, skipped entries and errors concatenated in report order,
  /// each kept once (the first, by file and ``CheckResult/id`` for results; by value for the
  /// rest, since every shard reads, and reports, every catalog), results then ordered by file
  /// and line as one run lists them.
  ///
  /// H-C is adding `CheckReport.merged(_:)` to TypeScaleCheck; this stands in until it lands.
  static func merged(_ reports: [CheckReport]) -> CheckReport {
    var merged = CheckReport()
    var seenResults: Set<String> = []
    var seenSkipped: Set<CheckSkipped> = []
    var seenErrors: Set<CheckInputError> = []
    for report in reports {
      for result in report.results
      where seenResults.insert("\(result.file)\u{0}\(result.id)").inserted {
        merged.results.append(result)
      }
      for skipped in report.skipped where seenSkipped.insert(skipped).inserted {
        merged.skipped.append(skipped)
      }
      for error in report.errors where seenErrors.insert(error).inserted {
        merged.errors.append(error)
      }
    }
    let order = Dictionary(
      merged.results.enumerated().map { ($0.element.file, $0.offset) }, uniquingKeysWith: min)
    merged.results = merged.results.enumerated().sorted { left, right in
      let (a, b) = (left.element, right.element)
      if a.file != b.file { return order[a.file, default: 0] < order[b.file, default: 0] }
      if a.line != b.line { return a.line < b.line }
      return left.offset < right.offset
    }.map(\.element)
    return merged
  }
}
