// SPDX-License-Identifier: Apache-2.0

import TypeScaleGoldens

/// `typescale goldens record FILE.cases`: measures every case of a cases file and writes the
/// golden file.
///
/// ```
/// $ typescale goldens record Goldens/ui.cases
/// recorded 480 cases in Goldens/ui.golden
/// $ typescale goldens record Goldens/ui.cases --shard 1/4 --json
/// {"golden": "Goldens/ui.shard-1-of-4.golden", "cases": 117, "shard": "1/4"}
/// ```
struct GoldensRecordCommand: Command {
  /// The command's options and positionals.
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Measure the cases of a cases file and write a golden file.",
    discussion: """
      Paths in the cases file (fonts, "typography", "fontFolders") are relative to it, or \
      absolute; the golden file's header gives them relative to the golden file, with the SHA-256 \
      of the cases file, the typography and every font, so it can be verified from wherever it is. \
      Records are written as they are measured, to a temporary file beside the golden file that \
      replaces it only when complete; one left by a killed run is removed by the next.

      A cases file may expand to at most 100000 cases (--max-cases), counted before anything is \
      measured. Deprecated spellings in it (a strategy "hangulwordpriority") still read, with a \
      warning.

      Each case is laid out as a UILabel lays it out unless its set gives "target": \
      "attributed-string"; "strategy" defaults to the target's ("standard" for a label: push-out \
      and Hangul word priority; before format 2 golden files, "standard" meant ICU's plain rules, \
      now "none"). With a "typography", sets measure in it by default: each style's or token's \
      family, weight and size come from the typography as DynamicType gives them to the app, and a \
      substituted face is a warning. Otherwise point sizes are the system text style's for the \
      embedded font and scale as UIFontMetrics does for font files, unless the set gives "sizing". \
      The golden file (format 2) records the sizing, target and strategy of every case.

      Default output: the cases file's path with the extension golden, or NAME.shard-K-of-N.golden \
      with --shard.

      Cases that are already truncated, or wider than their width, are listed on standard error \
      with where each text fits ("fits through XL; truncated from XXL"); a set's "mustFit" makes \
      them an error. A text with characters no font draws (drawn as .notdef and measured with its \
      width) is a warning, one line per text; --strict, or a set's "strict": true, makes it an \
      error.

      Exit status: 0 when the golden file was written, 1 when it was written but a case that must \
      fit does not or a strict text has characters no font draws, 2 when the cases file or a font \
      cannot be read, the cases file has problems (each is listed with its JSON path) or expands \
      to more cases than --max-cases allows, or the golden file cannot be written.
      """,
    options: [
      GoldensCommand.outputOption, GoldensCommand.shardOption,
      GoldensCommand.maximumCasesOption, GoldensCommand.strictOption,
      .flag(
        "json",
        help: "Print {\"golden\": path, \"cases\": count, \"shard\": \"K/N\" or null} "
          + "(and \"missingGlyphs\": the strict texts with characters no font draws, if any)."),
    ],
    positionals: [PositionalSpec("cases", help: "The cases file (JSON).")])

  let casesPath: String
  let outputPath: String
  let options: GoldensCommand.RunOptions

  /// Reads the options; throws ``CLIError`` for a bad one, or an output that is the cases file.
  init(parsed: ParsedArguments) throws(CLIError) {
    casesPath = parsed.positional(0) ?? ""
    options = try GoldensCommand.RunOptions(parsed)
    outputPath =
      parsed.value("output")
      ?? GoldenRecordingSession.defaultGoldenPath(forCases: casesPath, shard: options.shard)
    if GoldenRecordingSession.overwritesCasesFile(casesPath, golden: outputPath) {
      throw .validation(
        "the golden file would overwrite the cases file \(casesPath); give another with --output")
    }
  }

  /// Records the golden file (``GoldenRecordingSession``) and prints the ``GoldenRecording``.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async -> ExitCode {
    do throws(GoldenError) {
      let session = try GoldenRecordingSession(
        casesPath: casesPath, goldenPath: outputPath, shard: options.shard,
        strict: options.strict, maximumCaseCount: options.maximumCaseCount)
      // Deprecated spellings in the cases file, before the measurement's progress line.
      for warning in session.warnings { errorOutput.write("warning: \(warning)\n") }
      GoldenFileWriter.removeTemporaryFilesOnInterrupt()
      let recording = try GoldensCommand.withProgress(errorOutput: &errorOutput, session.record)
      GoldensCommand.write(
        recording.lines(json: options.json), to: &output, errorOutput: &errorOutput)
      return recording.passed ? .success : .failure
    } catch {
      return GoldensCommand.report(error, to: &errorOutput)
    }
  }
}
