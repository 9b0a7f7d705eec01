// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Watches a recording for cases that do not fit: those already truncated, or wider than their
/// width, when first recorded — and among them those that must fit (the cases file's
/// `mustFit`), which make recording fail.
///
/// A ``GoldenMeasurementSink`` that passes the header and every record on to another sink (a
/// ``GoldenFileWriter``, or none) and keeps only what a report needs: each text's fit state per
/// category and the measurements that do not fit. A golden file records what the engine measures,
/// so a text that is truncated at XXL on the day it is recorded verifies forever after; this
/// says so at the time.
///
/// ```swift
/// let writer = try GoldenFileWriter(url: goldenURL)
/// var check = GoldenFitCheck(forwardingTo: writer)
/// try measurer.measure(suite, baseDirectory: folder, into: &check)
/// try writer.commit()
/// if let message = check.message(measurer: measurer, baseDirectory: folder) { print(message) }
/// if !check.mustFitFailures.isEmpty { exit(1) }
/// ```
public struct GoldenFitCheck: GoldenMeasurementSink {
  private var next: (any GoldenMeasurementSink)?
  private var groups: GoldenFitGroups
  private var header = GoldenHeader(versions: [:], fonts: [], fontDigests: [:], sizeTolerance: 0.01)

  /// The measurements that do not fit (truncated, or wider than their width), in recording order.
  public private(set) var unfit: [GoldenMeasurement] = []

  /// The ids of the measurements that must fit and do not, in recording order.
  public var mustFitFailures: [String] { unfit.filter(\.testCase.mustFit).map(\.id) }

  /// Creates a check.
  ///
  /// - Parameters:
  ///   - next: The sink that receives the header and measurements too, or `nil`.
  ///   - tolerance: The size tolerance, in points; the measurer's 0.01 pt by default.
  public init(forwardingTo next: (any GoldenMeasurementSink)? = nil, tolerance: Double = 0.01) {
    self.next = next
    self.groups = GoldenFitGroups(tolerance: tolerance)
  }

  /// Checks the measurements of a golden file.
  ///
  /// - Parameter file: A golden file just measured.
  public init(_ file: GoldenFile) {
    self.init(tolerance: file.header.sizeTolerance)
    header = file.header
    for record in file.measurements { note(record) }
  }

  /// Remembers the header (its fonts and typography) and passes it on.
  ///
  /// - Parameter header: The recording's header.
  /// - Throws: What the next sink throws.
  public mutating func writeHeader(_ header: GoldenHeader) throws(GoldenError) {
    self.header = header
    try next?.writeHeader(header)
  }

  /// Notes whether a record fits and passes it on.
  ///
  /// - Parameter record: A measured record.
  /// - Throws: What the next sink throws.
  public mutating func write(_ record: GoldenMeasurement) throws(GoldenError) {
    note(record)
    try next?.write(record)
  }

  private mutating func note(_ record: GoldenMeasurement) {
    groups.add(record)
    if !record.fits(tolerance: groups.tolerance) { unfit.append(record) }
  }

  /// Where each text with a case that does not fit fits and stops, and what those cases need.
  ///
  /// - Parameters:
  ///   - measurer: The measurer that recorded (its registry holds the fonts), or `nil` for a
  ///     new one.
  ///   - baseDirectory: The folder relative font paths start from (the golden file's).
  /// - Returns: The texts, in recording order.
  public func texts(measurer: GoldenMeasurer? = nil, baseDirectory: URL) -> [GoldenTextFit] {
    guard !unfit.isEmpty else { return [] }
    let needs =
      (measurer ?? (try? GoldenMeasurer()))?.needs(
        of: unfit, header: header, baseDirectory: baseDirectory) ?? [:]
    return GoldenFitGroups.texts(
      recorded: GoldenFitGroups(tolerance: groups.tolerance), current: groups, failing: unfit,
      failingRecordedIDs: [], needs: needs)
  }

  /// The message about cases that do not fit, or `nil` when every case fits.
  ///
  /// ```
  /// 2 cases must fit ("mustFit") and do not: buttons/cancel/default/body/XXL/180, …
  /// 7 cases are already truncated when recorded:
  /// buttons/cancel/default/body/*/180 "Cancel subscription"
  ///   fits through XL; truncated from XXL
  ///   XXL: truncated, must fit; needs 192.612 pt unwrapped, box 180 pt; needs 2 lines, limit 1
  /// ```
  ///
  /// - Parameters:
  ///   - measurer: The measurer that recorded, or `nil` for a new one.
  ///   - baseDirectory: The folder relative font paths start from (the golden file's).
  ///   - limit: How many texts (and must-fit ids) to list.
  /// - Returns: The message.
  public func message(
    measurer: GoldenMeasurer? = nil, baseDirectory: URL, limit: Int = 10
  ) -> String? {
    guard !unfit.isEmpty else { return nil }
    var lines: [String] = []
    let mustFit = mustFitFailures
    if !mustFit.isEmpty { lines.append(GoldenReport.mustFitHeadline(mustFit, limit: limit)) }
    let truncated = unfit.filter(\.isTruncated).count
    let overflowing = unfit.count - truncated
    let subject = unfit.count == 1 ? "1 case is" : "\(unfit.count) cases are"
    let what =
      overflowing == 0
      ? "truncated"
      : truncated == 0
        ? "wider than \(unfit.count == 1 ? "its width" : "their widths")"
        : "truncated (\(truncated)) or wider than their widths (\(overflowing))"
    lines.append("\(subject) already \(what) when recorded:")
    lines += GoldenTextFit.messageLines(
      texts(measurer: measurer, baseDirectory: baseDirectory), limit: limit)
    return lines.joined(separator: "\n")
  }
}
