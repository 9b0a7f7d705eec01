// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleGoldens

/// `typescale goldens`: groups the subcommands that record golden files from cases files, verify
/// them against the engine, and merge the reports of sharded runs.
///
/// ```
/// $ typescale goldens record Goldens/ui.cases
/// $ typescale goldens verify Goldens/ui.golden --shard 2/4 --json > shard-2.json
/// $ typescale goldens merge shard-*.json
/// ```
struct GoldensCommand: Command {
  /// The group's name and subcommands.
  static let configuration = CommandConfiguration(
    commandName: "goldens",
    abstract: "Record golden files of measured UI strings and verify them.",
    discussion: """
      A cases file (JSON) lists fonts and sets of texts, styles, categories and widths; a \
      golden file holds every case's measured size, lines and breaks, with the digests of the \
      fonts and the versions of the libraries that measured them.

      Exit status: 0 on success or a match, 1 when a golden file differs, 2 for a bad option \
      or an input that cannot be read.
      """,
    subcommands: [
      GoldensRecordCommand.self, GoldensVerifyCommand.self, GoldensMergeCommand.self,
    ])

  /// Whether standard error is a terminal, which decides whether a progress line is drawn;
  /// tests set it to draw (or not draw) progress into a string.
  @TaskLocal static var errorOutputIsTerminal: @Sendable () -> Bool = { isatty(2) == 1 }

  /// The progress line is updated every this many cases, and only drawn for runs at least this
  /// long.
  static let progressInterval = 100

  /// Creates the group; it takes no options of its own.
  ///
  /// - Parameter parsed: The parsed command line (unused).
  init(parsed: ParsedArguments) {}
}

// MARK: - Shared by the subcommands

extension GoldensCommand {
  /// Declares `--shard K/N`.
  static let shardOption = OptionSpec.option(
    "shard", valueName: "K/N",
    help: "Only shard K of N: a stable split of the cases by id, for a CI matrix.")

  /// Declares `--strict`.
  static let strictOption = OptionSpec.flag(
    "strict",
    help: "Exit with status 1 when no font draws some characters of a text, as a set's "
      + "\"strict\": true does (they are drawn as .notdef; a warning either way).")

  /// The suite with every case strict, for `--strict`; unchanged without it.
  ///
  /// - Parameters:
  ///   - suite: The suite.
  ///   - strict: Whether `--strict` was given.
  /// - Returns: The suite, its cases ``GoldenCase/strict`` when `strict`.
  static func strict(_ suite: GoldenSuite, _ strict: Bool) -> GoldenSuite {
    guard strict else { return suite }
    var strictSuite = suite
    for index in strictSuite.cases.indices { strictSuite.cases[index].strict = true }
    return strictSuite
  }

  /// Writes each text with characters no font draws to `errorOutput`, one line per text:
  /// `warning: <prefix><text>: no glyph for …`, or for a strict one `error: … (strict)`, the
  /// wording of `typescale measure`.
  ///
  /// - Parameters:
  ///   - missing: The measurer's ``GoldenMeasurer/missingGlyphs``.
  ///   - prefix: Put before each message, such as `ui.cases: `.
  ///   - errorOutput: Standard error.
  /// - Returns: The strict texts' names (``GoldenMissingGlyphs/text``), which fail the run.
  static func reportMissingGlyphs(
    _ missing: [GoldenMissingGlyphs], prefix: String = "",
    to errorOutput: inout some TextOutputStream
  ) -> [String] {
    for text in missing {
      errorOutput.write(
        text.strict
          ? "error: \(prefix)\(text.message) (strict)\n" : "warning: \(prefix)\(text.message)\n")
    }
    return missing.filter(\.strict).map(\.text)
  }

  /// Reads `--shard`.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Returns: The shard, or `nil` when not given.
  /// - Throws: ``CLIError/validation(_:)`` unless the value is `K/N` with 1 ≤ K ≤ N ≤ 10,000.
  static func shard(_ parsed: ParsedArguments) throws(CLIError) -> Shard? {
    try parsed.value("shard").map(Shard.option)
  }

  /// Writes a golden-file error as `error: <message>` (it may span lines, one per problem) and
  /// returns ``ExitCode/validationFailure``: the input cannot be used, which is not a mismatch.
  static func report(
    _ error: GoldenError, to errorOutput: inout some TextOutputStream
  ) -> ExitCode {
    errorOutput.write("error: \(error.message)\n")
    return .validationFailure
  }

  /// Reads a file that must exist and be a regular file (not a FIFO or a device), at most
  /// `maximumSize` bytes, naming it as the user did in messages.
  static func read(
    _ url: URL, displayPath: String, kind: String, maximumSize: Int? = nil
  ) throws(GoldenError) -> Data {
    try GoldenVerification.readFile(
      url, displayPath: displayPath, kind: kind, maximumSize: maximumSize)
  }

  /// Runs `body` with a progress callback that draws `\r[done/total] cases` on `errorOutput`
  /// every ``progressInterval`` cases (and a final newline) when standard error is a terminal,
  /// and with no callback otherwise; the line is drawn by the CLI's ``ProgressReporter``.
  static func withProgress<ErrorStream: TextOutputStream, Result>(
    errorOutput: inout ErrorStream,
    _ body: (((Int, Int) -> Void)?) throws(GoldenError) -> Result
  ) throws(GoldenError) -> Result {
    guard errorOutputIsTerminal() else { return try body(nil) }
    let reporter = ProgressReporter(errorOutput, terminal: true, pace: .every(progressInterval))
    defer {
      reporter.finish()
      errorOutput = reporter.stream
    }
    return try body { done, total in
      reporter.update(done: done, total: total) { "[\(done)/\(total)] cases" }
    }
  }

  /// Measures a suite into memory (for a comparison), with a progress line on a terminal; the
  /// measurer's substitutions (a typography family missing from the fonts) follow as
  /// `warning:` lines, then the texts with characters no font draws
  /// (``reportMissingGlyphs(_:prefix:to:)``).
  ///
  /// - Returns: The measured file, and the strict texts with characters no font draws.
  static func measure<ErrorStream: TextOutputStream>(
    _ suite: GoldenSuite, baseDirectory: URL, shard: Shard?,
    errorOutput: inout ErrorStream
  ) throws(GoldenError) -> (file: GoldenFile, strictMissingGlyphs: [String]) {
    let measurer = try GoldenMeasurer()
    let file = try withProgress(errorOutput: &errorOutput) { progress throws(GoldenError) in
      try measurer.measure(
        suite, baseDirectory: baseDirectory, shard: shard, progress: progress)
    }
    for warning in measurer.warnings { errorOutput.write("warning: \(warning)\n") }
    let strict = reportMissingGlyphs(measurer.missingGlyphs, to: &errorOutput)
    return (file, strict)
  }

  /// `path` with its last component's extension replaced: `Goldens/ui.cases` →
  /// `Goldens/ui.golden`, or `Goldens/ui.shard-1-of-2.golden` with a suffix.
  static func replacingExtension(
    of path: String, suffix: String = "", with pathExtension: String
  ) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    var stem = path[slash...]
    if let dot = stem.lastIndex(of: "."), dot != stem.startIndex {
      stem = stem[..<dot]
    }
    return String(path[..<slash]) + stem + suffix + "." + pathExtension
  }
}
