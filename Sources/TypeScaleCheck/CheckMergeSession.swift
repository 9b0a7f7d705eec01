// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// The JSON reports of a sharded check read and merged, ready to write as one run: the whole
/// of `typescale check merge` in two steps, so that the merge's warnings can be shown before
/// the files are written.
///
/// ``init(reportPaths:allowsPartial:baselinePath:outputs:)`` refuses an output that names a
/// report, the baseline or another output, reads every report (at most
/// ``CheckJSONReport/maximumFileSize`` each) and merges them
/// (``CheckReport/merged(_:names:allowsPartial:)``); ``write(htmlNote:)`` reads the baseline,
/// applies it and writes the outputs in one transaction (``CheckOutputs/write(_:baseline:htmlNote:)``).
///
/// ```swift
/// let merge = try CheckMergeSession(
///   reportPaths: ["1.json", "2.json"], outputs: CheckOutputs(junit: "check.xml"))
/// print(merge.report.results.count)
/// var output = ""
/// var errors = ""
/// try merge.write().print(to: &output, errorOutput: &errors)
/// ```
public struct CheckMergeSession: Sendable {
  /// The note a merged report's HTML page shows under its summary: it has no label images,
  /// which only a run that lays the text out can draw.
  public static let htmlNote =
    "Labels are not drawn in a merged report; the HTML pages of the shards' own runs have them."

  /// The reports as given; messages quote them.
  public let reportPaths: [String]
  /// The merged report, before any baseline is applied.
  public let report: CheckReport
  /// The baseline file (as given), or `nil`.
  public let baselinePath: String?
  /// The reports to write and what to print.
  public let outputs: CheckOutputs

  /// Reads the reports and merges them.
  ///
  /// - Parameters:
  ///   - reportPaths: The JSON reports of `typescale check --json`, as given; messages quote
  ///     them.
  ///   - allowsPartial: Whether missing shards are accepted (the report is then partial).
  ///   - baselinePath: The baseline to apply when writing, or `nil`.
  ///   - outputs: The reports to write.
  /// - Throws: ``CheckError``: ``CheckError/Code/outputConflict`` for an output naming a
  ///   report, the baseline or another output; a report that cannot be read or is not valid
  ///   (with file:line:column for malformed JSON); reports that are not every shard of one run
  ///   once each (unless `allowsPartial`), as ``CheckReport/merged(_:names:allowsPartial:)``
  ///   refuses them.
  public init(
    reportPaths: [String], allowsPartial: Bool = false, baselinePath: String? = nil,
    outputs: CheckOutputs = CheckOutputs()
  ) throws(CheckError) {
    try CheckOutputPlan.merge(reports: reportPaths, baselinePath: baselinePath, outputs: outputs)
    var reports: [CheckReport] = []
    for path in reportPaths {
      let data = try CheckConstraints.readLimited(
        URL(fileURLWithPath: path), limit: CheckJSONReport.maximumFileSize, what: "report")
      reports.append(try CheckJSONReport.read(data, file: path))
    }
    self.report = try CheckReport.merged(
      reports, names: reportPaths, allowsPartial: allowsPartial)
    self.reportPaths = reportPaths
    self.baselinePath = baselinePath
    self.outputs = outputs
  }

  /// The lines for standard error that come before the printout: with the JSON report printed,
  /// the merged report's warnings (the summary shows them otherwise).
  public var notices: [CheckNotice] {
    outputs.printsJSON ? report.warnings.map { CheckNotice(.warning, $0) } : []
  }

  /// Reads the baseline, applies it and writes the outputs.
  ///
  /// - Parameter htmlNote: The sentence the HTML page shows under its summary; ``htmlNote`` by
  ///   default.
  /// - Returns: What to print; ``CheckPrintout/exitStatus`` is the merged run's.
  /// - Throws: ``CheckError`` for a baseline that is missing or not valid, or naming the file
  ///   that cannot be written (then none is).
  public func write(htmlNote: String? = Self.htmlNote) throws(CheckError) -> CheckPrintout {
    let baseline = try baselinePath.map { path throws(CheckError) in
      try CheckBaseline(atPath: path)
    }
    return try outputs.write(report, baseline: baseline, htmlNote: htmlNote)
  }
}
