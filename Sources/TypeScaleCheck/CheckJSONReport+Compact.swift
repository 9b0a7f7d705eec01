// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension CheckJSONReport {
  /// The compact report's shape, as ``Writer`` writes it, for reading it back.
  struct Compact: Decodable {
    struct Requirement: Decodable {
      var key: String
      var categories: [SizeStep]
    }
    struct Result: Decodable {
      var key: String
      var language: String
      var variant: String?
      var text: String
      var file: Int
      var line: Int
      var rule: Int
      var state: String?
      var fallback: Bool?
      var from: ContentSizeCategory?
      var cells: [Cell]
      var missing: [String]?
      var baselined: Bool?
      var faces: [String]?
    }
    struct Cell: Decodable {
      var pointSize: Double
      var width: Double
      var height: Double
      var lineCount: Int
      var neededLines: Int
      var status: CheckStatus
      var step: SizeStep?
      var android: Android?

      /// An Android cell's sizes.
      struct Android: Decodable {
        var fontScale: Double
        var sp: Double?
        var dp: Double?
        var px: Double?
      }

      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        pointSize = try container.decode(Double.self)
        width = try container.decode(Double.self)
        height = try container.decode(Double.self)
        lineCount = try container.decode(Int.self)
        neededLines = try container.decode(Int.self)
        let code = try container.decode(String.self)
        switch code {
        case "f": status = .fits
        case "t": status = .truncated
        case "o": status = .overflowsLines
        default:
          throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "status \"\(code)\" is not f, t or o")
        }
        if container.isAtEnd {
          step = nil
        } else if let sizes = try? container.decode(Android.self) {
          android = sizes
          step = .fontScale(sizes.fontScale)
        } else {
          step = try container.decode(SizeStep.self)
        }
      }
    }
    struct Skipped: Decodable {
      var key: String
      var language: String
      var variant: String?
      var file: String
      var line: Int
      var reason: String
    }
    struct Warning: Decodable {
      var key: String
      var language: String
      var variant: String?
      var file: String
      var line: Int?
      var column: Int?
      var message: String
      var measured: Bool?
    }
    struct Rule: Decodable {
      var name: String
      var style: String
      var width: Double?
      var lineLimit: Int
      var truncation: Bool
      var required: [SizeStep]
    }

    var version: Int
    var shard: String?
    var constraintsDigest: String?
    var layouts: Int
    var isPartial: Bool?
    var missingShards: [String]?
    var requirements: [Requirement]
    var warnings: [String]
    var errors: [CheckInputError]
    var results: [Result]
    var skipped: [Skipped]
    var entryWarnings: [Warning]
    var files: [String]
    var rules: [Rule]

    /// The report it records.
    ///
    /// - Throws: `DecodingError` for a result whose file or rule index is not in the tables.
    func report() throws -> CheckReport {
      var report = CheckReport(
        version: version, shard: shard, constraintsDigest: constraintsDigest, layouts: layouts,
        requirements: requirements.map { CheckRequirement(key: $0.key, steps: $0.categories) },
        isPartial: isPartial ?? false, missingShards: missingShards ?? [], warnings: warnings,
        errors: errors)
      report.results.reserveCapacity(results.count)
      for (offset, item) in results.enumerated() {
        guard files.indices.contains(item.file), rules.indices.contains(item.rule) else {
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: [],
              debugDescription: "results[\(offset)] names file \(item.file) or rule "
                + "\(item.rule), which the report's \"files\" or \"rules\" table lacks"))
        }
        let rule = rules[item.rule]
        let first = item.from ?? rule.required.first?.category ?? .large
        var cells: [CheckCell] = []
        cells.reserveCapacity(item.cells.count)
        for (index, cell) in item.cells.enumerated() {
          guard
            let step = cell.step
              ?? ContentSizeCategory(rawValue: first.rawValue + index).map(SizeStep.category)
          else {
            throw DecodingError.dataCorrupted(
              .init(
                codingPath: [],
                debugDescription: "results[\(offset)] has more cells than categories"))
          }
          cells.append(
            CheckCell(
              step: step, status: cell.status, pointSize: cell.pointSize,
              width: cell.width, height: cell.height, lineCount: cell.lineCount,
              neededLines: cell.neededLines, sp: cell.android?.sp, dp: cell.android?.dp,
              px: cell.android?.px))
        }
        let largest = cells.last {
          $0.status == .fits || ($0.status == .truncated && rule.truncation)
        }
        var result = CheckResult(
          key: item.key, language: item.language, variant: item.variant ?? "",
          text: item.text, file: files[item.file], line: item.line, state: item.state,
          isFallback: item.fallback ?? false, rule: rule.name, style: rule.style,
          width: rule.width, lineLimit: rule.lineLimit, truncationAllowed: rule.truncation,
          required: rule.required, cells: cells, largestFitting: largest?.step,
          missingGlyphs: item.missing ?? [], isBaselined: item.baselined ?? false)
        result.faces = item.faces
        report.results.append(result)
      }
      report.skipped = skipped.map {
        CheckSkipped(
          key: $0.key, language: $0.language, variant: $0.variant ?? "", file: $0.file,
          line: $0.line, reason: $0.reason)
      }
      report.entryWarnings = entryWarnings.map {
        CheckEntryWarning(
          key: $0.key, language: $0.language, variant: $0.variant ?? "", file: $0.file,
          line: $0.line, column: $0.column, message: $0.message, isMeasured: $0.measured ?? true)
      }
      return report
    }
  }
}
