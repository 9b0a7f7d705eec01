// SPDX-License-Identifier: Apache-2.0

import Foundation

extension CheckReport {
  /// Combines the reports of shards (`typescale check merge`) into one.
  ///
  /// Results, skipped entries and input errors are concatenated in the order of `reports`; the
  /// merged report has no ``shard``. Every report must have the same ``version``, and no result
  /// id (key, language, variant) may appear in two reports — two shards covering one key means
  /// they were run with different shard counts or the same shard twice.
  ///
  /// - Parameter reports: The reports, at least one.
  /// - Returns: The merged report.
  /// - Throws: ``CheckError`` for no reports, mixed versions, or a duplicated result id.
  public static func merged(_ reports: [CheckReport]) throws(CheckError) -> CheckReport {
    guard let first = reports.first else {
      throw CheckError("nothing to merge; pass the JSON reports of each shard")
    }
    var merged = CheckReport(version: first.version)
    var owners: [String: Int] = [:]
    for (index, report) in reports.enumerated() {
      guard report.version == first.version else {
        throw CheckError(
          "report \(index + 1) has version \(report.version) but report 1 has \(first.version); "
            + "merge reports written by the same typescale")
      }
      for result in report.results {
        if let owner = owners[result.id] {
          throw CheckError(
            "\(result.id) is in report \(owner + 1)"
              + (reports[owner].shard.map { " (shard \($0))" } ?? "") + " and report \(index + 1)"
              + (report.shard.map { " (shard \($0))" } ?? "")
              + "; merge reports of distinct shards of one run (the same N in every --shard K/N)")
        }
        owners[result.id] = index
      }
      merged.results += report.results
      merged.skipped += report.skipped
      merged.errors += report.errors
    }
    return merged
  }
}
