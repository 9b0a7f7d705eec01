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
  /// Declares `record`'s `--output FILE`.
  static let outputOption = OptionSpec.option(
    "output", short: "o", valueName: "file",
    help: "The golden file to write (default: the cases file's path with .golden).")

  /// Declares `--shard K/N`.
  static let shardOption = OptionSpec.option(
    "shard", valueName: "K/N",
    help: "Only shard K of N: a stable split of the cases by id, for a CI matrix.")

  /// Declares `--strict`.
  static let strictOption = OptionSpec.flag(
    "strict",
    help: "Exit with status 1 when no font draws some characters of a text, as a set's "
      + "\"strict\": true does (they are drawn as .notdef; a warning either way).")

  /// Declares `--max-cases N`.
  static let maximumCasesOption = OptionSpec.option(
    "max-cases", valueName: "n",
    help: "Refuse a cases file that expands to more than n cases (default: 100000).")

  /// The options `record` and `verify` share: `--shard`, `--max-cases`, `--strict`, `--json`.
  struct RunOptions {
    /// `--shard K/N`, or `nil`.
    let shard: Shard?
    /// `--max-cases`, or ``GoldenCasesFile/defaultMaximumCaseCount``.
    let maximumCaseCount: Int
    /// `--json`.
    let json: Bool
    /// `--strict`.
    let strict: Bool

    /// Reads the options.
    ///
    /// - Parameter parsed: The parsed command line.
    /// - Throws: ``CLIError/validation(_:)`` for a bad `--shard` (unless `K/N` with
    ///   1 ≤ K ≤ N ≤ 10,000) or `--max-cases`.
    init(_ parsed: ParsedArguments) throws(CLIError) {
      shard = try parsed.value("shard").map(Shard.option)
      maximumCaseCount =
        try parsed.value("max-cases", expected: "a whole number ≥ 1") { text in
          Int(text).flatMap { $0 >= 1 ? $0 : nil }
        } ?? GoldenCasesFile.defaultMaximumCaseCount
      json = parsed.flag("json")
      strict = parsed.flag("strict")
    }
  }

  /// Writes a golden-file error as `error: <message>` (it may span lines, one per problem) and
  /// returns ``ExitCode/validationFailure``: the input cannot be used, which is not a mismatch.
  static func report(
    _ error: GoldenError, to errorOutput: inout some TextOutputStream
  ) -> ExitCode {
    errorOutput.write("error: \(error.message)\n")
    return .validationFailure
  }

  /// Writes the lines of a verification, a recording or a merge: the report to `output`,
  /// diagnostics to `errorOutput`, in order, each ending in a newline.
  static func write(
    _ lines: [GoldenVerification.Outcome.Line], to output: inout some TextOutputStream,
    errorOutput: inout some TextOutputStream
  ) {
    for line in lines {
      if line.isDiagnostic {
        errorOutput.write(line.text + "\n")
      } else {
        output.write(line.text + "\n")
      }
    }
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
  /// and with no callback otherwise.
  static func withProgress<ErrorStream: TextOutputStream, Result>(
    errorOutput: inout ErrorStream,
    _ body: (((Int, Int) -> Void)?) throws(GoldenError) -> Result
  ) throws(GoldenError) -> Result {
    guard errorOutputIsTerminal() else { return try body(nil) }
    // The measurer's callback escapes, so it cannot write to the `inout` stream: it writes to a
    // copy (a file descriptor stream writes at once), which is handed back at the end.
    let line = ProgressLine(errorOutput)
    defer {
      line.finish()
      errorOutput = line.stream
    }
    return try body { line.update(done: $0, total: $1) }
  }
}

/// The `\r[done/total] cases` line drawn while measuring on a terminal.
private final class ProgressLine<Stream: TextOutputStream> {
  var stream: Stream
  private var drawn = false

  init(_ stream: Stream) {
    self.stream = stream
  }

  func update(done: Int, total: Int) {
    let interval = GoldensCommand.progressInterval
    guard total >= interval, done % interval == 0 || done == total else { return }
    stream.write("\r[\(done)/\(total)] cases")
    drawn = true
  }

  /// Ends the line, so what follows starts on a line of its own.
  func finish() {
    if drawn { stream.write("\n") }
    drawn = false
  }
}
