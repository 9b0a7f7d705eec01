// SPDX-License-Identifier: Apache-2.0

import TypeScaleGoldens

/// `typescale goldens merge REPORT.json...`: combines the reports of sharded verifications.
///
/// ```
/// $ typescale goldens verify ui.golden --shard 1/2 --json > 1.json
/// $ typescale goldens verify ui.golden --shard 2/2 --json > 2.json
/// $ typescale goldens merge 1.json 2.json
/// 480 cases match ui.golden
/// ```
struct GoldensMergeCommand: Command {
  /// The command's options and positionals.
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Combine the JSON reports of 'typescale goldens verify --shard' into one.",
    discussion: """
      Totals are summed and the differing cases listed together; the likely causes that \
      depend on the cases (texts changed, cases added, removed, renamed) are named again for \
      all of them. A shard given twice for the same golden file is refused; a warning names \
      shards that are missing. Each report is checked first: counts ≥ 0, "differing" equal to \
      the number of mismatches, at most "total" cases changed, missing or renamed, two values \
      per field, an "id" field [old, new] for each renamed case, shards K/N.

      Exit status: 0 when every case of every report matches, 1 when any differs, 2 when a \
      report cannot be read or is inconsistent, or a shard is given twice.
      """,
    options: [.flag("json", help: "Print the merged report as JSON.")],
    positionals: [
      PositionalSpec(
        "report", help: "Reports printed by 'typescale goldens verify --json'.",
        isRepeatable: true)
    ])

  let paths: [String]
  let json: Bool

  /// Reads the paths.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` when no report is given.
  init(parsed: ParsedArguments) throws(CLIError) {
    paths = parsed.positionals
    guard !paths.isEmpty else {
      throw .validation("missing required argument '<report> ...'")
    }
    json = parsed.flag("json")
  }

  /// Merges the reports (``GoldenReport/merge(files:)``) and prints the merged one.
  ///
  /// Returns ``ExitCode/success`` when the merged report passed, ``ExitCode/failure`` when it
  /// did not, ``ExitCode/validationFailure`` when a report cannot be used.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async -> ExitCode {
    do throws(GoldenError) {
      let merge = try GoldenReport.merge(files: paths)
      GoldensCommand.write(merge.lines(json: json), to: &output, errorOutput: &errorOutput)
      return merge.passed ? .success : .failure
    } catch {
      return GoldensCommand.report(error, to: &errorOutput)
    }
  }
}
