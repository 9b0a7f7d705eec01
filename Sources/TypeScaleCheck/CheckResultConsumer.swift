// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Receives a run's outcomes as the runner makes them, in entry order: what a streaming report
/// (the JSON report, a service's own sink) implements.
///
/// The runner calls ``begin(_:)`` once, then ``consume(result:)``, ``consume(skipped:)`` and
/// ``consume(warning:)`` in entry order (an entry's warnings before its result), then
/// ``finish(_:)`` with the run's summary. Calls come from one thread at a time, never at once,
/// so a consumer needs no lock of its own. A consumer that throws stops the run: no further
/// entry is laid out, and the runner rethrows the error.
///
/// ```swift
/// final class FailureCounter: CheckResultConsumer {
///   var failing = 0
///   func consume(result: CheckResult) throws(CheckError) { if result.fails { failing += 1 } }
/// }
/// ```
public protocol CheckResultConsumer: AnyObject {
  /// Called once, before any result, with the run's record.
  func begin(_ run: CheckRunInfo) throws(CheckError)
  /// Called for each result, in entry order, with the baseline already applied.
  func consume(result: CheckResult) throws(CheckError)
  /// Called for each entry that was not checked.
  func consume(skipped: CheckSkipped) throws(CheckError)
  /// Called for each warning about one entry, before that entry's result or skipped record.
  func consume(warning: CheckEntryWarning) throws(CheckError)
  /// Called once after the last result, with the run's summary.
  func finish(_ summary: CheckSummary) throws(CheckError)
}

extension CheckResultConsumer {
  /// Does nothing.
  public func begin(_ run: CheckRunInfo) throws(CheckError) {}
  /// Does nothing.
  public func consume(skipped: CheckSkipped) throws(CheckError) {}
  /// Does nothing.
  public func consume(warning: CheckEntryWarning) throws(CheckError) {}
  /// Does nothing.
  public func finish(_ summary: CheckSummary) throws(CheckError) {}
}

/// A consumer that keeps everything as a ``CheckReport``, for runs small enough to hold in
/// memory (tests, a service checking one screen's strings).
public final class CheckReportCollector: CheckResultConsumer {
  /// The report so far: the run's record, then every result, skipped entry and warning.
  public private(set) var report = CheckReport()

  /// Creates an empty collector.
  public init() {}

  /// Records the run.
  public func begin(_ run: CheckRunInfo) throws(CheckError) { report.runInfo = run }
  /// Keeps the result.
  public func consume(result: CheckResult) throws(CheckError) { report.results.append(result) }
  /// Keeps the skipped entry.
  public func consume(skipped: CheckSkipped) throws(CheckError) { report.skipped.append(skipped) }
  /// Keeps the warning.
  public func consume(warning: CheckEntryWarning) throws(CheckError) {
    report.entryWarnings.append(warning)
  }
}
