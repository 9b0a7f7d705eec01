// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension GoldenReport {
  /// What merging the reports of sharded verifications gave: the merged report and the
  /// warnings about shards that are missing — what `typescale goldens merge` prints
  /// (``lines(json:)``).
  ///
  /// ```swift
  /// let merge = try GoldenReport.merge(files: ["shard-1.json", "shard-2.json"])
  /// print(merge.report.total, merge.report.differing)  // 480 0
  /// for warning in merge.warnings { print("warning: \(warning)") }
  /// ```
  ///
  /// ``GoldenReport/merge(files:)`` makes it.
  public struct MergeOutcome: Hashable, Sendable {
    /// The merged report (``GoldenReport/merge(_:)``).
    public var report: GoldenReport
    /// The shards missing from a split, one line per golden file and shard count:
    /// `ui.golden: shard 3/4 not given; its cases are not counted`.
    public var warnings: [String]

    /// Whether every case of every report matched (``GoldenReport/passed``).
    public var passed: Bool { report.passed }

    /// The outcome as `typescale goldens merge` prints it: each warning as a `warning:` line on
    /// standard error, then the merged report on standard output (its message, or one line of
    /// JSON).
    ///
    /// - Parameter json: Whether the report is JSON.
    /// - Returns: The lines.
    public func lines(json: Bool) -> [GoldenVerification.Outcome.Line] {
      warnings.map { GoldenVerification.Outcome.Line(isDiagnostic: true, text: "warning: \($0)") }
        + [.init(isDiagnostic: false, text: json ? report.json() : report.message())]
    }
  }

  /// The most missing shards a warning names one by one; the rest are counted.
  public static let missingShardsNamed = 10

  /// Reads the `--json` reports of `typescale goldens verify` and merges them, as `typescale
  /// goldens merge` does.
  ///
  /// Each report is decoded and checked (``validate()``) before any is merged; the counts are
  /// summed with overflow checks that name the report that overflows. A golden file reported
  /// whole twice, a shard given twice, or a golden file given both whole and as shards is
  /// refused; shards missing from a split are warnings.
  ///
  /// - Parameter files: The reports' paths as given; messages quote them.
  /// - Returns: The merged report and the warnings.
  /// - Throws: ``GoldenError/Code/io`` for a report that cannot be read or is not a report
  ///   (naming the key or value); ``GoldenError/Code/malformedGolden`` for one that is not
  ///   valid, counts that add up past `Int.max`, or a shard or golden file given twice.
  public static func merge(files: [String]) throws(GoldenError) -> MergeOutcome {
    var reports: [GoldenReport] = []
    var total = 0
    var differing = 0
    for path in files {
      let report = try decode(path)
      // Summed here too, so that a sum past Int.max names the report that overflows it.
      for (field, sum, count) in [
        ("total", total, report.total), ("differing", differing, report.differing),
      ] where sum.addingReportingOverflow(count).overflow {
        throw GoldenError(
          .malformedGolden,
          "\(path): \"\(field)\" is \(count), which takes the reports' \(field) past "
            + "\(Int.max); a report's counts are wrong")
      }
      total += report.total
      differing += report.differing
      reports.append(report)
    }
    let warnings = try checkShards(reports)
    return MergeOutcome(report: try merge(reports), warnings: warnings)
  }

  /// Reads, decodes and validates one report.
  private static func decode(_ path: String) throws(GoldenError) -> GoldenReport {
    let data = try GoldenVerification.readFile(
      URL(fileURLWithPath: path), displayPath: path, kind: "report")
    let report: GoldenReport
    do {
      report = try JSONDecoder().decode(GoldenReport.self, from: data)
    } catch let error as DecodingError {
      let detail: String
      switch error {
      case .keyNotFound(let key, _): detail = "no \"\(key.stringValue)\" key"
      case .typeMismatch(_, let context), .valueNotFound(_, let context):
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        detail = "\"\(path)\" has the wrong type"
      case .dataCorrupted(let context) where !context.codingPath.isEmpty:
        // A value decoding refuses by name, such as a mismatch kind that is not one.
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        detail = "\"\(path)\" \(context.debugDescription)"
      case .dataCorrupted: detail = corruption(in: data)
      @unknown default: detail = "\(error)"
      }
      throw GoldenError(
        .io, "\(path) is not a report of 'typescale goldens verify --json': \(detail)")
    } catch {
      throw GoldenError(.io, "cannot decode \(path): \(error)")
    }
    do throws(GoldenError) {
      try report.validate()
    } catch {
      throw GoldenError(error.code, "\(path) is not a valid report: \(error.message)")
    }
    return report
  }

  /// What is wrong with a report `JSONDecoder` calls corrupted: a count that is not an `Int`
  /// (Foundation reports `9223372036854775808` as "not valid JSON"), or JSON that is not valid.
  private static func corruption(in data: Data) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      return "not valid JSON"
    }
    for key in ["total", "differing"] {
      if let number = object[key] as? NSNumber, (object[key] as? Int) == nil {
        return "\"\(key)\" is \(number), not a count of cases (an integer in 0…\(Int.max))"
      }
    }
    return "a value does not fit its field"
  }

  /// Refuses a shard given twice for one golden file (it would be counted twice) and warns
  /// about shards missing from a split.
  private static func checkShards(_ reports: [GoldenReport]) throws(GoldenError) -> [String] {
    var shardsByGolden: [String: [String]] = [:]
    var wholeSuites: Set<String> = []
    for report in reports {
      if report.shards.isEmpty {
        guard wholeSuites.insert(report.golden).inserted else {
          throw GoldenError(.malformedGolden, "\(report.golden) is reported twice")
        }
      }
      shardsByGolden[report.golden, default: []] += report.shards
    }
    var warnings: [String] = []
    for (golden, shards) in shardsByGolden.sorted(by: { $0.key < $1.key }) {
      var seen: Set<String> = []
      for shard in shards where !seen.insert(shard).inserted {
        throw GoldenError(.malformedGolden, "shard \(shard) of \(golden) is given twice")
      }
      if wholeSuites.contains(golden) && !shards.isEmpty {
        throw GoldenError(
          .malformedGolden,
          "\(golden) is given both whole and as shards "
            + shards.sorted().joined(separator: ", "))
      }
      let parsed = shards.compactMap { text -> Shard? in try? Shard(parsing: text) }
      for count in Set(parsed.map(\.count)).sorted() {
        let given = Set(parsed.filter { $0.count == count }.map(\.index))
        // N may be up to Shard.maximumCount: name the first few missing shards, count the rest.
        let missingCount = count - given.count
        guard missingCount > 0 else { continue }
        var named: [String] = []
        for index in 1...count where !given.contains(index) {
          named.append("\(index)/\(count)")
          if named.count == missingShardsNamed { break }
        }
        let more = missingCount > named.count ? " and \(missingCount - named.count) more" : ""
        warnings.append(
          "\(golden): shard\(missingCount == 1 ? "" : "s") \(named.joined(separator: ", "))\(more)"
            + " not given; \(missingCount == 1 ? "its" : "their") cases are not counted")
      }
    }
    return warnings
  }
}
