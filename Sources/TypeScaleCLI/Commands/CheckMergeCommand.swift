// SPDX-License-Identifier: Apache-2.0

import TypeScaleCheck
import TypeScaleInternals

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

      The reports must be every shard of one run, once each: a shard that is missing, \
      given twice, or of another run (another constraints digest or shard count) is \
      refused, naming it. --allow-partial merges what is given into a report marked \
      partial, in which every key of a missing shard counts as a failure.

      Exit status: 0 when every constraint holds, 1 when there are new failures or keys \
      that nothing laid out, 2 when a report cannot be read (the message gives \
      file:line:column for malformed JSON), the shards are not one whole run, or any report \
      lists an unreadable catalog.
      """,
    options: CheckReportOptions.specs + [
      .flag(
        "allow-partial",
        help: "Merge even when shards are missing; the report is marked partial and fails.")
    ],
    positionals: [
      PositionalSpec(
        "report", help: "Reports printed by 'typescale check --json'.", isRepeatable: true)
    ])

  let paths: [String]
  let options: CheckReportOptions
  /// `--allow-partial`: whether missing shards are accepted.
  let allowsPartial: Bool

  /// Reads the paths.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` when no report is given.
  init(parsed: ParsedArguments) throws(CLIError) {
    paths = parsed.positionals
    guard !paths.isEmpty else {
      throw .validation("missing required argument '<report> ...'")
    }
    options = try CheckReportOptions(parsed: parsed)
    allowsPartial = parsed.flag("allow-partial")
  }

  /// Merges the reports (``CheckMergeSession``), writes the outputs and prints the printout.
  ///
  /// - Returns: The merged report's ``CheckPrintout/exitStatus``.
  /// - Throws: ``CLIError/input(_:)`` when a report, the baseline or an output file cannot be
  ///   used, or the reports are not every shard of one run (without `--allow-partial`).
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    InterruptCleanup.install()
    let printout = try CLIError.checking { () throws(CheckError) in
      let merge = try CheckMergeSession(
        reportPaths: paths, allowsPartial: allowsPartial, baselinePath: options.baseline,
        outputs: options.outputs)
      for notice in merge.notices { errorOutput.write("\(notice)\n") }
      return try merge.write()
    }
    return try CheckReportOptions.print(printout, output: &output, errorOutput: &errorOutput)
  }
}
