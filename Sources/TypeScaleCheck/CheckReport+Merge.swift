// SPDX-License-Identifier: Apache-2.0

import Foundation

extension CheckReport {
  /// Combines the reports of shards (`typescale check merge`) into one.
  ///
  /// Results and skipped entries are concatenated in the order of `reports`, then results are
  /// ordered by catalog (in the order the files first appear) and line, as one whole run lists
  /// them. Input errors are kept once each: every shard reads, and so reports, every catalog.
  /// The merged report has no ``shard``. Every report must have the same ``version``, and no
  /// result (file, key, language, variant) may appear in two reports — two shards covering one
  /// key means they were run with different shard counts or the same shard twice.
  ///
  /// - Parameter reports: The reports, at least one.
  /// - Returns: The merged report.
  /// - Throws: ``CheckError`` for no reports, mixed versions, or a result in two reports.
  public static func merged(_ reports: [CheckReport]) throws(CheckError) -> CheckReport {
    guard let first = reports.first else {
      throw CheckError("nothing to merge; pass the JSON reports of each shard")
    }
    var merged = CheckReport(version: first.version)
    var owners: [String: Int] = [:]
    var seenSkipped: Set<CheckSkipped> = []
    var seenErrors: Set<CheckInputError> = []
    for (index, report) in reports.enumerated() {
      guard report.version == first.version else {
        throw CheckError(
          "report \(index + 1) has version \(report.version) but report 1 has \(first.version); "
            + "merge reports written by the same typescale")
      }
      for result in report.results {
        let identity = result.file + "\u{0}" + result.id
        if let owner = owners[identity] {
          throw CheckError(
            "\(result.id) of \(result.file) is in report \(owner + 1)"
              + (reports[owner].shard.map { " (shard \($0))" } ?? "") + " and report \(index + 1)"
              + (report.shard.map { " (shard \($0))" } ?? "")
              + "; merge reports of distinct shards of one run (the same N in every --shard K/N)")
        }
        owners[identity] = index
      }
      merged.results += report.results
      merged.skipped += report.skipped.filter { seenSkipped.insert($0).inserted }
      merged.errors += report.errors.filter { seenErrors.insert($0).inserted }
    }
    let order = Dictionary(
      merged.results.enumerated().map { ($0.element.file, $0.offset) }, uniquingKeysWith: min)
    merged.results = merged.results.enumerated().sorted { left, right in
      let (a, b) = (left.element, right.element)
      if a.file != b.file { return order[a.file, default: 0] < order[b.file, default: 0] }
      if a.line != b.line { return a.line < b.line }
      return left.offset < right.offset
    }.map(\.element)
    return merged
  }
}
