// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// The reports a check (``CheckSession``) or a merge writes: one printed (the terminal summary
/// or the JSON report) and any of the JUnit, SARIF and HTML files.
///
/// The files are written together: each to a temporary file beside it, renamed over it only
/// once every one is complete, so a reader never sees half a report and a full disk changes
/// none of them (a symbolic link is followed and stays a link; a device such as `/dev/null` is
/// written through). No output may name an input of the run or another output; messages name
/// the outputs by the command line's options (`--junit`, `--sarif`, `--html`).
///
/// ```swift
/// var outputs = CheckOutputs(printed: .json)
/// outputs.junit = "check.xml"
/// outputs.html = "check.html"
/// ```
public struct CheckOutputs: Sendable {
  /// What the run prints: ``CheckPrintout/print(to:errorOutput:)`` writes it.
  public enum Printed: Sendable {
    /// The terminal summary, written by this writer.
    case summary(CheckTerminalReport)
    /// The JSON report (``CheckJSONReport``), which `typescale check merge` reads; a session
    /// streams it to an unnamed temporary file during the run, so it is never held in memory.
    case json
  }

  /// What the run prints; the terminal summary without colour by default.
  public var printed: Printed
  /// The JUnit XML file to write, or `nil`.
  public var junit: String?
  /// The SARIF 2.1.0 file to write, or `nil`.
  public var sarif: String?
  /// The HTML page to write, or `nil`; a session draws its labels' images for it.
  public var html: String?
  /// The start of the HTML page's links to source files (a repository's blob URL), or `nil`
  /// for links relative to the page's folder.
  public var sourceLinkBase: String?
  /// The tool version the SARIF file names.
  public var toolVersion: String
  /// The folder relative paths start from: the current one by default.
  public var workingDirectory: URL

  /// Creates the outputs.
  ///
  /// - Parameters:
  ///   - printed: What the run prints.
  ///   - junit: The JUnit XML file, or `nil`.
  ///   - sarif: The SARIF file, or `nil`.
  ///   - html: The HTML page, or `nil`.
  ///   - sourceLinkBase: The start of the HTML page's source links, or `nil`.
  ///   - toolVersion: The tool version the SARIF file names.
  ///   - workingDirectory: The folder relative paths start from; the current one when `nil`.
  public init(
    printed: Printed = .summary(CheckTerminalReport()), junit: String? = nil,
    sarif: String? = nil, html: String? = nil, sourceLinkBase: String? = nil,
    toolVersion: String = "", workingDirectory: URL? = nil
  ) {
    self.printed = printed
    self.junit = junit
    self.sarif = sarif
    self.html = html
    self.sourceLinkBase = sourceLinkBase
    self.toolVersion = toolVersion
    self.workingDirectory =
      workingDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }

  /// Whether the JSON report is printed.
  public var printsJSON: Bool {
    if case .json = printed { return true }
    return false
  }

  /// The most entry warnings a printed JSON report repeats on standard error; the rest are
  /// counted.
  public static let maximumListedWarnings = 20

  /// The files written, for ``CheckOutputPlan``.
  var files: [RunPaths.Output] {
    [("--junit", junit), ("--sarif", sarif), ("--html", html)].compactMap { role, path in
      path.map { RunPaths.Output($0, role: role) }
    }
  }

  /// Writes a merged report's outputs: the baseline applied, the JSON report of the whole
  /// report, the files, and the summary.
  ///
  /// - Parameters:
  ///   - report: The merged report.
  ///   - baseline: The failures to accept, or `nil`.
  ///   - htmlNote: A sentence the HTML page shows under its summary, or `nil`.
  /// - Returns: What to print.
  /// - Throws: ``CheckError`` naming the file that cannot be written; then none of them is.
  public func write(
    _ report: CheckReport, baseline: CheckBaseline? = nil, htmlNote: String? = nil
  ) throws(CheckError) -> CheckPrintout {
    let report = baseline?.apply(to: report) ?? report
    var builder = CheckSummary.Builder(run: report.runInfo, baseline: baseline)
    for result in report.results { builder.add(result) }
    for skipped in report.skipped { builder.add(skipped) }
    for warning in report.entryWarnings { builder.add(warning) }
    let json = printsJSON ? CheckPrintout.Text.string(CheckJSONReport().write(report)) : nil
    return try write(builder.finish(), json: json, html: CheckHTMLReport(note: htmlNote))
  }

  /// Writes the files in one transaction and returns what to print.
  ///
  /// - Parameters:
  ///   - summary: The run's summary.
  ///   - json: The JSON report, when ``printsJSON``.
  ///   - html: The HTML writer, with its images or note.
  /// - Returns: What to print.
  /// - Throws: ``CheckError`` naming the file that cannot be written; then none of them is.
  func write(
    _ summary: CheckSummary, json: CheckPrintout.Text?, html: CheckHTMLReport
  ) throws(CheckError) -> CheckPrintout {
    let transaction = OutputTransaction()
    if let junit { try Self.stage(CheckJUnitReport().write(summary), to: junit, in: transaction) }
    if let sarif {
      let writer = CheckSARIFReport(toolVersion: toolVersion, workingDirectory: workingDirectory)
      try Self.stage(writer.write(summary), to: sarif, in: transaction)
    }
    if let page = self.html {
      // Links to files on disk are relative to the page's folder; with a source link base
      // they point into the repository instead.
      var writer = html
      writer.workingDirectory = workingDirectory
      writer.pageDirectory = URL(fileURLWithPath: page, relativeTo: workingDirectory)
        .deletingLastPathComponent()
      writer.sourceLinkBase = sourceLinkBase
      try Self.stage(writer.write(summary), to: page, in: transaction)
    }
    do throws(OutputFileError) {
      try transaction.commit()
    } catch {
      throw CheckError(error.message)
    }
    switch printed {
    case .summary(let terminal):
      return CheckPrintout(summary: summary, text: .string(terminal.write(summary)), notices: [])
    case .json:
      var notices = summary.run.errors.map { CheckNotice(.error, $0.message) }
      let shown = summary.entryWarnings.prefix(Self.maximumListedWarnings)
      notices += shown.map { CheckNotice(.warning, $0.message) }
      if summary.entryWarnings.count > shown.count {
        notices.append(
          CheckNotice(
            .warning,
            "\(summary.entryWarnings.count - shown.count) more entry warnings "
              + "(the report's \"entryWarnings\" has them all)"))
      }
      return CheckPrintout(summary: summary, text: json ?? .string(""), notices: notices)
    }
  }

  private static func stage(
    _ text: String, to path: String, in transaction: OutputTransaction
  ) throws(CheckError) {
    do throws(OutputFileError) {
      try transaction.stage(text: text, to: path)
    } catch {
      throw CheckError(error.message)
    }
  }
}
