// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleGoldens
import TypeScaleInternals

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
      absolute; the golden file's header gives them relative to the golden file, with the \
      SHA-256 of the cases file, the typography and every font, so it can be verified from \
      wherever it is. Records are \
      written as they are measured, to a temporary file beside the golden file that replaces \
      it only when complete; one left by a killed run is removed by the next.

      A cases file may expand to at most 100000 cases (--max-cases), counted before anything \
      is measured. Deprecated spellings in it (a strategy "hangulwordpriority") still read, \
      with a warning.

      Each case is laid out as a UILabel lays it out unless its set gives "target": \
      "attributed-string"; "strategy" defaults to the target's ("standard" for a label: \
      push-out and Hangul word priority; before format 2 golden files, "standard" meant ICU's \
      plain rules, now "none"). With a "typography", sets measure in it by default: each \
      style's or token's family, weight and size come from the typography as DynamicType \
      gives them to the app, and a substituted face is a warning. Otherwise point sizes are \
      the system text style's for the embedded font and scale as UIFontMetrics does for font \
      files, unless the set gives "sizing". The golden file (format 2) records the sizing, \
      target and strategy of every case.

      Default output: the cases file's path with the extension golden, or \
      NAME.shard-K-of-N.golden with --shard.

      Cases that are already truncated, or wider than their width, are listed on standard \
      error with where each text fits ("fits through XL; truncated from XXL"); a set's \
      "mustFit" makes them an error. A text with characters no font draws (drawn as .notdef \
      and measured with its width) is a warning, one line per text; --strict, or a set's \
      "strict": true, makes it an error.

      Exit status: 0 when the golden file was written, 1 when it was written but a case that \
      must fit does not or a strict text has characters no font draws, 2 when the cases file or a font cannot \
      be read, the cases file has problems (each is listed with its JSON path) or expands to \
      more cases than --max-cases allows, or the golden file cannot be written.
      """,
    options: [
      .option(
        "output", short: "o", valueName: "file",
        help: "The golden file to write (default: the cases file's path with .golden)."),
      GoldensCommand.shardOption, GoldensCommand.maximumCasesOption, GoldensCommand.strictOption,
      .flag(
        "json",
        help: "Print {\"golden\": path, \"cases\": count, \"shard\": \"K/N\" or null} "
          + "(and \"missingGlyphs\": the strict texts with characters no font draws, if any)."),
    ],
    positionals: [PositionalSpec("cases", help: "The cases file (JSON).")])

  let casesPath: String
  let outputPath: String
  let options: GoldensCommand.RunOptions
  var shard: Shard? { options.shard }

  /// Reads the options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` for a bad `--shard` or `--max-cases`, or an output that is the
  ///   cases file itself.
  init(parsed: ParsedArguments) throws(CLIError) {
    casesPath = parsed.positional(0) ?? ""
    options = try GoldensCommand.RunOptions(parsed)
    if let output = parsed.value("output") {
      outputPath = output
    } else if let shard = options.shard {
      outputPath = GoldensCommand.replacingExtension(
        of: casesPath, suffix: ".shard-\(shard.index)-of-\(shard.count)", with: "golden")
    } else {
      outputPath = GoldensCommand.replacingExtension(of: casesPath, with: "golden")
    }
    // Resolved, so that `a/../x.cases`, a symbolic link or a hard link to the cases file is
    // caught too.
    do throws(RunPaths.Conflict) {
      try RunPaths.check(
        inputs: [.file(casesPath, role: "the cases file")],
        outputs: [RunPaths.Output(outputPath, role: "--output")])
    } catch {
      throw .validation(
        "the golden file would overwrite the cases file \(casesPath); give another with --output")
    }
  }

  /// Loads the cases, measures them and writes the golden file.
  ///
  /// - Parameters:
  ///   - output: Where the summary goes.
  ///   - errorOutput: Where problems with the input go, and the progress line on a terminal.
  /// - Returns: ``ExitCode/success``, ``ExitCode/failure`` when the golden file was written but a
  ///   case that must fit does not, or ``ExitCode/validationFailure`` when the input cannot be
  ///   used or the golden file cannot be written.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async -> ExitCode {
    let casesURL = URL(fileURLWithPath: casesPath)
    let goldenURL = URL(fileURLWithPath: outputPath)
    let count: Int
    var unfit: (message: String, mustFitFailed: Bool)?
    var strictMissing: [String] = []
    do throws(GoldenError) {
      let data = try GoldensCommand.read(
        casesURL, displayPath: casesPath, kind: "cases file",
        maximumSize: GoldenCasesFile.maximumFileSize)
      var suite = try GoldenCasesFile.parse(
        data, name: casesPath, maximumCaseCount: options.maximumCaseCount)
      for warning in suite.warnings { errorOutput.write("warning: \(casesPath): \(warning)\n") }
      suite.casesFile = GoldenSourceFile(
        path: casesURL.lastPathComponent, sha256: SHA256Digest.hash(data).hex)
      suite = try suite.rebased(
        from: casesURL.deletingLastPathComponent(), to: goldenURL.deletingLastPathComponent()
      ).strict(options.strict)
      let measurer = try GoldenMeasurer()
      // Each record goes to a temporary file as it is measured; the golden file is replaced
      // only when all are written. SIGINT and SIGTERM remove the temporary file; a SIGKILL
      // leaves it for the next record of the same file to remove.
      GoldenFileWriter.removeTemporaryFilesOnInterrupt()
      // The check passes each record on to the writer and keeps those that do not fit.
      let writer = try GoldenFileWriter(url: goldenURL)
      var check = GoldenFitCheck(forwardingTo: writer)
      count = try GoldensCommand.withProgress(errorOutput: &errorOutput) {
        progress throws(GoldenError) in
        try measurer.measure(
          suite, baseDirectory: goldenURL.deletingLastPathComponent(), shard: shard,
          into: &check, progress: progress)
      }
      try writer.commit()
      // Substituted faces (a typography family not in the fonts, a weight no face has).
      for warning in measurer.warnings { errorOutput.write("warning: \(casesPath): \(warning)\n") }
      // Texts with characters no font draws, one line each; strict ones fail the run.
      for text in measurer.missingGlyphs {
        errorOutput.write(text.diagnostic(prefix: "\(casesPath): ") + "\n")
      }
      strictMissing = measurer.strictMissingGlyphs.map(\.text)
      unfit = check.message(
        measurer: measurer, baseDirectory: goldenURL.deletingLastPathComponent()
      ).map { ($0, !check.mustFitFailures.isEmpty) }
    } catch {
      return GoldensCommand.report(error, to: &errorOutput)
    }
    if options.json {
      var members: [(key: String, value: JSONValue)] = [
        ("golden", .string(outputPath)), ("cases", .integer(count)),
        ("shard", JSONValue(shard?.description)),
      ]
      if !strictMissing.isEmpty { members.append(("missingGlyphs", JSONValue(strictMissing))) }
      print(JSONValue.object(members).text(), to: &output)
    } else {
      let of = shard.map { " of shard \($0)" } ?? ""
      print("recorded \(count) case\(count == 1 ? "" : "s")\(of) in \(outputPath)", to: &output)
    }
    // Cases already truncated or too wide, on standard error; one that must fit fails the run.
    guard let unfit else { return strictMissing.isEmpty ? .success : .failure }
    errorOutput.write((unfit.mustFitFailed ? "error: " : "warning: ") + unfit.message + "\n")
    return unfit.mustFitFailed || !strictMissing.isEmpty ? .failure : .success
  }
}
