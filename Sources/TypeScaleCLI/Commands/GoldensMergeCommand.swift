// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleGoldens

/// `typescale goldens merge REPORT.json...`: combines the reports of sharded verifications.
///
/// ```
/// $ typescale goldens verify ui.golden --shard 1/2 --json > 1.json
/// $ typescale goldens verify ui.golden --shard 2/2 --json > 2.json
/// $ typescale goldens merge 1.json 2.json
/// 480 cases match ui.golden
/// ```
struct GoldensMergeCommand: Command {
  /// The command's options and positionals.
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Combine the JSON reports of 'typescale goldens verify --shard' into one.",
    discussion: """
      Totals are summed and the differing cases listed together; the likely causes that \
      depend on the cases (texts changed, cases added, removed, renamed) are named again for \
      all of them. A shard given twice for the same golden file is refused; a warning names \
      shards that are missing. Each report is checked first: counts ≥ 0, "differing" equal to \
      the number of mismatches, at most "total" cases changed, missing or renamed, two values \
      per field, an "id" field [old, new] for each renamed case, shards K/N.

      Exit status: 0 when every case of every report matches, 1 when any differs, 2 when a \
      report cannot be read or is inconsistent, or a shard is given twice.
      """,
    options: [.flag("json", help: "Print the merged report as JSON.")],
    positionals: [
      PositionalSpec(
        "report", help: "Reports printed by 'typescale goldens verify --json'.",
        isRepeatable: true)
    ])

  let paths: [String]
  let json: Bool

  /// Reads the paths.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` when no report is given.
  init(parsed: ParsedArguments) throws(CLIError) {
    paths = parsed.positionals
    guard !paths.isEmpty else {
      throw .validation("missing required argument '<report> ...'")
    }
    json = parsed.flag("json")
  }

  /// Reads the reports and prints the merged one.
  ///
  /// - Parameters:
  ///   - output: Where the merged report goes.
  ///   - errorOutput: Where unreadable reports and missing shards are reported.
  /// - Returns: ``ExitCode/success`` when the merged report passed, ``ExitCode/failure`` when
  ///   it did not, ``ExitCode/validationFailure`` when a report cannot be used.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async -> ExitCode {
    var reports: [GoldenReport] = []
    do throws(GoldenError) {
      var total = 0
      var differing = 0
      for path in paths {
        let report = try Self.decode(path)
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
      for warning in try Self.checkShards(reports) {
        errorOutput.write("warning: \(warning)\n")
      }
    } catch {
      return GoldensCommand.report(error, to: &errorOutput)
    }
    let merged: GoldenReport
    do throws(GoldenError) {
      merged = try GoldenReport.merge(reports)
    } catch {
      return GoldensCommand.report(error, to: &errorOutput)
    }
    print(json ? merged.json() : merged.message(), to: &output)
    return merged.passed ? .success : .failure
  }

  private static func decode(_ path: String) throws(GoldenError) -> GoldenReport {
    let data = try GoldensCommand.read(
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
      case .dataCorrupted: detail = Self.corruption(in: data)
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

  /// The most missing shards a warning names one by one.
  static let missingShardsNamed = 10

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
          if named.count == Self.missingShardsNamed { break }
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
