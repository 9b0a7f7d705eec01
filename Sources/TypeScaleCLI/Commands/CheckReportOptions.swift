// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleCheck
import TypeScaleInternals

/// The report flags `typescale check` and `typescale check merge` share, read into the
/// library's ``CheckOutputs``.
///
/// `--json` prints the report's JSON on standard output instead of the terminal summary;
/// `--junit`, `--sarif` and `--html` write files, all of a run's together
/// (``CheckOutputs`` says how); `--baseline` names known failures;
/// `--no-color` turns colour off (it is on only when standard output is a terminal and
/// `NO_COLOR` is unset or empty, <https://no-color.org>).
struct CheckReportOptions: Sendable {
  /// The declarations, in the order help lists them.
  static let specs: [OptionSpec] = [
    .flag(
      "json", help: "Print the report as JSON (for 'typescale check merge') instead of the summary."
    ),
    .option(
      "junit", valueName: "file",
      help: "Write the report as JUnit XML, a test case per key and language."),
    .option(
      "sarif", valueName: "file",
      help: "Write the findings as SARIF 2.1.0, at each key's catalog line."),
    .option(
      "html", valueName: "file",
      help: "Write a self-contained HTML page with the grids and filters."),
    .option(
      "source-url", valueName: "prefix",
      help: "Link keys in the HTML page to prefix + file + #Lline (a repository's blob URL)."),
    .option(
      "baseline", valueName: "file",
      help: "Accept the failures this file lists; fail only on new ones."),
    .option(
      "keys", valueName: "N|all",
      help: "Show the worst N keys' grids in the summary (default 20), or all of them."),
    .flag(
      "no-color",
      help: "Do not colour the summary (also off when NO_COLOR is set or output is not a terminal)."
    ),
  ]

  /// Whether standard output is a terminal, which allows colour; tests replace it.
  @TaskLocal static var outputIsTerminal: @Sendable () -> Bool = { isatty(1) == 1 }
  /// The environment colour is decided from; tests replace it.
  @TaskLocal static var environment: @Sendable () -> [String: String] = {
    ProcessInfo.processInfo.environment
  }

  /// `--json`.
  let json: Bool
  /// `--junit`.
  let junit: String?
  /// `--sarif`.
  let sarif: String?
  /// `--html`.
  let html: String?
  /// `--baseline`.
  let baseline: String?
  /// `--no-color`.
  let noColor: Bool
  /// `--source-url`: the start of the HTML page's links to source files.
  let sourceURL: String?
  /// `--keys`: the most keys whose grids the summary shows; `nil` for all.
  let keyLimit: Int?

  /// Reads the flags.
  ///
  /// - Parameter parsed: The parsed command line of a command that declares ``specs``.
  /// - Throws: ``CLIError/validation(_:)`` for a `--keys` that is neither a whole number nor
  ///   `all`.
  init(parsed: ParsedArguments) throws(CLIError) {
    keyLimit =
      try parsed.value("keys", expected: "a whole number of keys, or 'all'", Self.keyLimit)
      ?? CheckTerminalReport.defaultKeyLimit
    sourceURL = parsed.value("source-url")
    json = parsed.flag("json")
    junit = parsed.value("junit")
    sarif = parsed.value("sarif")
    html = parsed.value("html")
    baseline = parsed.value("baseline")
    noColor = parsed.flag("no-color")
  }

  /// `--keys`'s value: `all` (every key, `.some(nil)`) or a whole number of at least 0.
  static func keyLimit(_ text: String) -> Int?? {
    text == "all" ? .some(nil) : Int(text).flatMap { $0 >= 0 ? .some($0) : nil }
  }

  /// Whether the summary is coloured: not with `--no-color`, only on a terminal, and not when
  /// `NO_COLOR` is set to anything but the empty string (no-color.org).
  ///
  /// - Parameters:
  ///   - noColor: Whether `--no-color` was given.
  ///   - isTerminal: Whether standard output is a terminal.
  ///   - environment: The process environment.
  /// - Returns: Whether to colour.
  static func usesColor(noColor: Bool, isTerminal: Bool, environment: [String: String]) -> Bool {
    !noColor && isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
  }

  /// The reports the flags ask for, for ``CheckSession/run(writing:)`` and
  /// ``CheckOutputs/write(_:baseline:htmlNote:)``: the JSON report or the summary (coloured by
  /// ``usesColor(noColor:isTerminal:environment:)``), and the files.
  var outputs: CheckOutputs {
    let color = Self.usesColor(
      noColor: noColor, isTerminal: Self.outputIsTerminal(), environment: Self.environment())
    return CheckOutputs(
      printed: json ? .json : .summary(CheckTerminalReport(usesColor: color, keyLimit: keyLimit)),
      junit: junit, sarif: sarif, html: html, sourceLinkBase: sourceURL,
      toolVersion: TypeScaleCommand.version)
  }

  /// Prints a check's or a merge's printout: the summary or JSON, then its notices.
  ///
  /// - Parameters:
  ///   - printout: What the library wrote.
  ///   - output: Standard output.
  ///   - errorOutput: Standard error.
  /// - Returns: The run's exit status.
  /// - Throws: ``CLIError/input(_:)`` when the JSON report cannot be read back.
  static func print(
    _ printout: CheckPrintout, output: inout some TextOutputStream,
    errorOutput: inout some TextOutputStream
  ) throws(CLIError) -> ExitCode {
    try CLIError.checking { () throws(CheckError) in
      try printout.print(to: &output, errorOutput: &errorOutput)
    }
    return ExitCode(printout.exitStatus)
  }
}

extension CLIError {
  /// The error of a check: a usage error (with the help hint) for an output that names an
  /// input or another output, else an input error; control characters escaped.
  ///
  /// - Parameter error: The library's error.
  init(_ error: CheckError) {
    self =
      error.code == .outputConflict
      ? .validation(error.message) : .input(DisplayText.escapingControls(error.message))
  }
}

extension CLIError {
  /// Runs a step of the check library, its error as ``init(_:)`` makes it.
  ///
  /// - Parameter body: The step.
  /// - Returns: Its value.
  /// - Throws: The step's ``CheckError`` as a ``CLIError``.
  static func checking<Value>(_ body: () throws(CheckError) -> Value) throws(CLIError) -> Value {
    do throws(CheckError) {
      return try body()
    } catch {
      throw CLIError(error)
    }
  }
}
