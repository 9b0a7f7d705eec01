// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// What a check or a merge prints once its files are written: the terminal summary or the JSON
/// report for standard output, then notices for standard error (with the JSON report, the
/// unreadable files and the first entry warnings, which the summary would have shown).
public struct CheckPrintout: Sendable {
  /// The printed text: in memory, or streamed to an unnamed temporary file.
  enum Text: Sendable {
    case string(String)
    case spool(CheckSpool)
  }

  /// The run's summary.
  public let summary: CheckSummary
  let text: Text
  /// The lines for standard error after the text.
  public let notices: [CheckNotice]

  /// The exit status: ``CheckSummary/exitStatus``, or 0 for a recorded baseline.
  public let exitStatus: Int32

  init(summary: CheckSummary, text: Text, notices: [CheckNotice], exitStatus: Int32? = nil) {
    self.summary = summary
    self.text = text
    self.notices = notices
    self.exitStatus = exitStatus ?? summary.exitStatus
  }

  /// Writes the text, then each notice on a line of its own.
  ///
  /// - Parameters:
  ///   - output: Standard output.
  ///   - errorOutput: Standard error.
  /// - Throws: ``CheckError`` when a JSON report streamed to its temporary file cannot be read
  ///   back.
  public func print(
    to output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) throws(CheckError) {
    switch text {
    case .string(let string): output.write(string)
    case .spool(let spool): try spool.copy(to: &output)
    }
    for notice in notices { errorOutput.write("\(notice)\n") }
  }
}

/// A line for standard error: a warning or an error, such as an entry warning or a label the
/// HTML page could not draw.
public struct CheckNotice: Hashable, Sendable, CustomStringConvertible {
  /// How serious a notice is.
  public enum Severity: String, Hashable, Sendable {
    /// Worth knowing; the run goes on.
    case warning
    /// An input that could not be used.
    case error
  }

  /// How serious it is.
  public let severity: Severity
  /// What happened.
  public let message: String

  /// Creates a notice.
  ///
  /// - Parameters:
  ///   - severity: How serious it is.
  ///   - message: What happened.
  public init(_ severity: Severity, _ message: String) {
    self.severity = severity
    self.message = message
  }

  /// `warning: <message>` or `error: <message>`, control characters escaped.
  public var description: String {
    "\(severity.rawValue): \(DisplayText.escapingControls(message))"
  }
}
