// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleGoldens

/// `typescale goldens verify FILE.golden`: measures a golden file's cases again — from the cases
/// file it was recorded from, when that still exists — and compares.
///
/// ```
/// $ typescale goldens verify Goldens/ui.golden
/// 480 cases match Goldens/ui.golden
/// $ typescale goldens verify Goldens/ui.golden --shard 2/4 --json > shard-2.json
/// ```
struct GoldensVerifyCommand: Command {
  /// The command's options and positionals.
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Measure a golden file's cases again and compare them with the recorded results.",
    discussion: """
      The cases come from the cases file named on the golden file's "# cases:" line (relative \
      to the golden file), expanded again, so an edited text or an added, removed or renamed \
      case is seen; a note says when that file changed since recording. When it is gone, or \
      the golden file names none, the cases stored in the golden file are measured, with a \
      note saying so. A text with characters no font draws (measured with the .notdef width) \
      is a warning on standard error; with --strict, or a set's "strict": true, it fails the \
      run and --json lists it under "missingGlyphs". Font paths are relative to the golden file. Sizes compare within the \
      recorded tolerance; point sizes, line counts, truncation and breaks exactly.

      When cases differ, the report lists them (expected → actual) and the likely causes, in \
      this order: the cases file changed (each text as old → new, cases added, removed, and \
      renamed — a case matching a removed one in everything but its id), a font file whose \
      digest changed, a library version that changed, or the layout itself.

      A golden file in format 1, recorded before TypeScale laid text out as a UILabel does, \
      verifies as it was measured: its strategy "standard" (ICU's plain rules then) as "none", \
      its point sizes as UIFontMetrics scaling. The report adds a note saying so; record the \
      file again to write format 2.

      With --shard, only that shard's cases are measured and compared (a renamed case in the \
      shard of its new id); 'typescale goldens merge' combines the --json reports of all \
      shards.

      Exit status: 0 when every case matches, 1 when any differs (or a case that must fit does \
      not, or a strict text has characters no font draws), 2 when the golden file is \
      missing, malformed (the message gives the line) or holds no cases, its cases file \
      cannot be read or expands to more than --max-cases, or a font cannot be read. Lines may \
      end in CRLF.
      """,
    options: [
      GoldensCommand.shardOption, GoldensCommand.maximumCasesOption, GoldensCommand.strictOption,
      .flag("json", help: "Print the report as JSON, for 'typescale goldens merge'."),
    ],
    positionals: [PositionalSpec("golden", help: "The golden file.")])

  let goldenPath: String
  let options: GoldensCommand.RunOptions

  /// Reads the options; throws ``CLIError`` for a bad `--shard` or `--max-cases`.
  init(parsed: ParsedArguments) throws(CLIError) {
    goldenPath = parsed.positional(0) ?? ""
    options = try GoldensCommand.RunOptions(parsed)
  }

  /// Verifies the golden file (``GoldenVerificationSession``) and prints the outcome.
  ///
  /// Returns ``ExitCode/success`` when every case matches, ``ExitCode/failure`` when any
  /// differs, ``ExitCode/validationFailure`` when the golden file or a font cannot be used.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async -> ExitCode {
    do throws(GoldenError) {
      let session = try GoldenVerificationSession(
        golden: URL(fileURLWithPath: goldenPath), displayPath: goldenPath, shard: options.shard,
        strict: options.strict, maximumCaseCount: options.maximumCaseCount)
      // Deprecated spellings in the cases file, before the measurement's progress line.
      for warning in session.warnings { errorOutput.write("warning: \(warning)\n") }
      let outcome = try GoldensCommand.withProgress(errorOutput: &errorOutput) {
        progress throws(GoldenError) in
        try session.verify(failureImage: true, progress: progress)
      }
      GoldensCommand.write(
        outcome.lines(.commandLine(json: options.json)), to: &output, errorOutput: &errorOutput)
      return outcome.passed ? .success : .failure
    } catch {
      return GoldensCommand.report(error, to: &errorOutput)
    }
  }
}
