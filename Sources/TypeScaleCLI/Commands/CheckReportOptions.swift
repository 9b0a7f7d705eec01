// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleCheck
import TypeScaleInternals

/// The report flags `typescale check` and `typescale check merge` share, and how they write.
///
/// `--json` prints the report's JSON on standard output instead of the terminal summary;
/// `--junit`, `--sarif` and `--html` write files, all of a run's together (each to a temporary
/// file beside it, renamed over it only once every one is complete, so a reader never sees half
/// a report and a full disk changes none of them; a symbolic link is followed and stays a link,
/// a device such as `/dev/null` is written through); `--baseline` names known failures;
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

  /// The baseline `--baseline` names, read before the run so that a missing or unreadable
  /// baseline (a FIFO, a malformed file) is reported before any layout, or `nil` without one.
  ///
  /// - Returns: The baseline, or `nil` when no `--baseline` was given.
  /// - Throws: ``CLIError/input(_:)`` when the baseline is missing or cannot be read.
  func loadBaseline() throws(CLIError) -> CheckBaseline? {
    guard let baseline else { return nil }
    guard FileManager.default.fileExists(atPath: baseline) else {
      throw .input(
        "\(baseline): no such baseline file; record one with '--baseline \(baseline) "
          + "--update-baseline'")
    }
    do {
      return try CheckBaseline(contentsOf: URL(fileURLWithPath: baseline))
    } catch {
      throw .input(error.message)
    }
  }

  /// The report with the baseline applied, when `--baseline` names one.
  ///
  /// - Parameter report: The report.
  /// - Returns: The report, its accepted failures marked.
  /// - Throws: ``CLIError/input(_:)`` when the baseline cannot be read.
  func applyingBaseline(to report: CheckReport) throws(CLIError) -> CheckReport {
    try loadBaseline()?.apply(to: report) ?? report
  }

  /// Prints the summary (or JSON) and writes the report files asked for.
  ///
  /// - Parameters:
  ///   - summary: The run's summary.
  ///   - spool: The JSON report streamed during the run, with `--json`.
  ///   - htmlWriter: The HTML writer, with its images.
  ///   - output: Standard output.
  ///   - errorOutput: Standard error: unreadable files and entry warnings again, with `--json`.
  /// - Throws: ``CLIError/input(_:)`` when a file cannot be written; then none of them is.
  func write(
    _ summary: CheckSummary, json spool: CheckSpoolOutput?, html htmlWriter: CheckHTMLReport,
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) throws(CLIError) {
    let outputs = OutputTransaction()
    if let junit { try Self.stage(CheckJUnitReport().write(summary), to: junit, in: outputs) }
    if let sarif {
      let writer = CheckSARIFReport(
        toolVersion: TypeScaleCommand.version,
        workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
      try Self.stage(writer.write(summary), to: sarif, in: outputs)
    }
    if let html {
      // Links to files on disk are relative to the page's folder; with --source-url they
      // point into the repository instead.
      var writer = htmlWriter
      let working = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      writer.workingDirectory = working
      writer.pageDirectory = URL(fileURLWithPath: html, relativeTo: working)
        .deletingLastPathComponent()
      writer.sourceLinkBase = sourceURL
      try Self.stage(writer.write(summary), to: html, in: outputs)
    }
    do throws(OutputFileError) {
      try outputs.commit()
    } catch {
      throw .input(error.message)
    }
    if let spool {
      try spool.copy(to: &output)
      for error in summary.run.errors {
        errorOutput.write("error: \(DisplayText.escapingControls(error.message))\n")
      }
      let shown = summary.entryWarnings.prefix(Self.maximumListedWarnings)
      for warning in shown {
        errorOutput.write("warning: \(DisplayText.escapingControls(warning.message))\n")
      }
      if summary.entryWarnings.count > shown.count {
        errorOutput.write(
          "warning: \(summary.entryWarnings.count - shown.count) more entry warnings "
            + "(the report's \"entryWarnings\" has them all)\n")
      }
    } else {
      let color = Self.usesColor(
        noColor: noColor, isTerminal: Self.outputIsTerminal(), environment: Self.environment())
      output.write(CheckTerminalReport(usesColor: color, keyLimit: keyLimit).write(summary))
    }
  }

  /// The most entry warnings `--json` repeats on standard error; the rest are counted.
  static let maximumListedWarnings = 20

  /// The outputs this run writes, for ``CheckOutputPlan``: `--junit`, `--sarif`, `--html`.
  var outputs: [RunPaths.Output] {
    [("--junit", junit), ("--sarif", sarif), ("--html", html)].compactMap { role, path in
      path.map { RunPaths.Output($0, role: role) }
    }
  }

  /// Stages text for one output of the run's transaction.
  ///
  /// - Parameters:
  ///   - text: The contents.
  ///   - path: The file.
  ///   - outputs: The run's outputs, committed together.
  /// - Throws: ``CLIError/input(_:)`` naming the file and the reason; every output staged so
  ///   far is then removed.
  static func stage(_ text: String, to path: String, in outputs: OutputTransaction)
    throws(CLIError)
  {
    do throws(OutputFileError) {
      try outputs.stage(text: text, to: path)
    } catch {
      throw .input(error.message)
    }
  }
}
