// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleGoldens
import TypeScaleRender

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
      GoldensCommand.shardOption,
      .option(
        "max-cases", valueName: "n",
        help: "Refuse a cases file that expands to more than n cases (default: 100000)."),
      GoldensCommand.strictOption,
      .flag("json", help: "Print the report as JSON, for 'typescale goldens merge'."),
    ],
    positionals: [PositionalSpec("golden", help: "The golden file.")])

  let goldenPath: String
  let shard: Shard?
  let maximumCaseCount: Int
  let json: Bool
  let strict: Bool

  /// Reads the options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` for a bad `--shard` or `--max-cases`.
  init(parsed: ParsedArguments) throws(CLIError) {
    goldenPath = parsed.positional(0) ?? ""
    shard = try GoldensCommand.shard(parsed)
    maximumCaseCount =
      try parsed.value("max-cases", expected: "a whole number ≥ 1") { text in
        Int(text).flatMap { $0 >= 1 ? $0 : nil }
      } ?? GoldenCasesFile.defaultMaximumCaseCount
    json = parsed.flag("json")
    strict = parsed.flag("strict")
  }

  /// Reads the golden file, measures its cases (from its cases file when that exists) and
  /// prints the report.
  ///
  /// - Parameters:
  ///   - output: Where the report goes.
  ///   - errorOutput: Where problems with the input go, and the progress line on a terminal.
  /// - Returns: ``ExitCode/success`` when every case matches, ``ExitCode/failure`` when any
  ///   differs, ``ExitCode/validationFailure`` when the golden file or a font cannot be used.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async -> ExitCode {
    let goldenURL = URL(fileURLWithPath: goldenPath)
    let report: GoldenReport
    let files: (expected: GoldenFile, actual: GoldenFile)
    do throws(GoldenError) {
      let data = try GoldensCommand.read(goldenURL, displayPath: goldenPath, kind: "golden file")
      guard let text = String(data: data, encoding: .utf8) else {
        throw GoldenError(.malformedGolden, "\(goldenPath): not UTF-8 text")
      }
      var expected = try GoldenFile.parse(text, name: goldenPath)
      try GoldenVerification.checkHasRecords(expected, name: goldenPath)
      if let shard, let recorded = expected.header.shard, recorded != shard.description {
        throw GoldenError(
          .malformedGolden,
          "\(goldenPath) holds shard \(recorded) only; verify it with --shard \(recorded) or "
            + "without --shard")
      }
      let recordedShard = try Self.recordedShard(of: expected, name: goldenPath)
      let cases = try GoldenVerification.casesToVerify(
        expected, goldenURL: goldenURL, displayPath: goldenPath,
        maximumCaseCount: maximumCaseCount)
      // Deprecated spellings in the cases file, as `record` warns of them.
      if case .casesFile(let path, _) = cases.source {
        for warning in cases.suite.warnings { errorOutput.write("warning: \(path): \(warning)\n") }
      }
      // A file recorded with --shard holds one shard: its cases file's cases are that shard's.
      let measured = try GoldensCommand.measure(
        GoldensCommand.strict(cases.suite, strict),
        baseDirectory: goldenURL.deletingLastPathComponent(),
        shard: shard ?? recordedShard, errorOutput: &errorOutput)
      var actual = measured.file
      if let shard {
        // A renamed case is compared in the shard of its new id, where it is measured.
        let renames = GoldenComparison.renames(
          from: expected.measurements.map(\.testCase), to: cases.suite.cases)
        expected.measurements = expected.measurements.filter {
          shard.contains(renames[$0.id] ?? $0.id)
        }
      } else {
        // Its report says which shard it is, for merging.
        actual.header.shard = expected.header.shard
      }
      var compared = GoldenComparison.compare(
        expected: expected, actual: actual, name: goldenPath)
      if let note = cases.note(
        verifying: expected.measurements.count, formatVersion: expected.header.formatVersion)
      {
        compared.notes.append(note)
      }
      // Strict texts with characters no font draws fail even when they match.
      if !measured.strictMissingGlyphs.isEmpty {
        compared.missingGlyphs = measured.strictMissingGlyphs
      }
      report = compared
      files = (expected, actual)
    } catch {
      return GoldensCommand.report(error, to: &errorOutput)
    }
    // Where each failing text fits, and the cases that must fit and do not.
    var fitted = report
    fitted.addFit(
      expected: files.expected, actual: files.actual,
      baseDirectory: goldenURL.deletingLastPathComponent())
    print(json ? fitted.json() : fitted.message(), to: &output)
    if !fitted.passed {
      drawFailures(fitted, files, goldenURL: goldenURL, errorOutput: &errorOutput)
    }
    return fitted.passed ? .success : .failure
  }

  /// The shard a golden file recorded with `--shard` holds, or `nil`.
  private static func recordedShard(
    of golden: GoldenFile, name: String
  ) throws(GoldenError) -> Shard? {
    guard let text = golden.header.shard else { return nil }
    do throws(TypeScaleError) {
      return try Shard(parsing: text)
    } catch {
      throw GoldenError(.malformedGolden, "\(name): \"# shard: \(text)\": \(error.message)")
    }
  }

  /// Writes the failing cases' image beside the measured file (`$TYPESCALE_ARTIFACTS` or
  /// `.build/golden-actual/`) and says where on standard error (`image: <path>`), wherever
  /// the output goes and with `--json` too, so a CI log names it; the report on standard
  /// output stays as it is.
  private func drawFailures(
    _ report: GoldenReport, _ files: (expected: GoldenFile, actual: GoldenFile), goldenURL: URL,
    errorOutput: inout some TextOutputStream
  ) {
    let url = Renderer.goldenFailureImageURL(for: goldenURL)
    let message: String
    do {
      let renderer = Renderer(registry: try FontRegistry())
      guard
        let image = try renderer.goldenFailureImage(
          report: report, expected: files.expected, actual: files.actual, goldenURL: goldenURL)
      else { return }
      try PNG.write(image, to: url)
      message = "image: \(url.path)"
    } catch {
      message = "could not draw the failing cases: \(error)"
    }
    errorOutput.write(message + "\n")
  }
}
