// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension CheckSummary {
  /// A row's label in a grid: its language, and its variant when it has one (`de plural=one`).
  ///
  /// - Parameter row: A row of this summary.
  /// - Returns: The label.
  package func label(of row: Row) -> String {
    row.variant.isEmpty ? language(of: row) : "\(language(of: row)) \(row.variant)"
  }

  /// The required categories where a row fails with a status, smallest first.
  ///
  /// - Parameters:
  ///   - row: A row of this summary.
  ///   - status: The status; `nil` for categories that were not laid out.
  /// - Returns: The categories.
  package static func failures(of row: Row, with status: CheckStatus?) -> [SizeStep] {
    row.failures.filter { row.statuses[$0] == status }
  }

  /// Whether the row's most severe failure overflows its lines (else it truncates or was not
  /// laid out).
  ///
  /// - Parameter row: A row.
  /// - Returns: Whether a failing category overflows.
  package static func overflows(_ row: Row) -> Bool {
    row.failures.contains { row.statuses[$0] == .overflowsLines }
  }

  /// One sentence naming what a failing row does, as ``CheckReportFormatting`` words it for a
  /// result: `'button.subscribe' in de (plural=one) truncates at AX1, AX2; fits up to XXXL`.
  ///
  /// - Parameter row: A row of this summary.
  /// - Returns: The sentence.
  package func failureSentence(_ row: Row) -> String {
    var parts: [String] = []
    for status in [CheckStatus.truncated, .overflowsLines] {
      let categories = Self.failures(of: row, with: status)
      guard !categories.isEmpty else { continue }
      let verb = status == .truncated ? "truncates" : "overflows its lines"
      parts.append("\(verb) at \(CheckReportFormatting.names(categories))")
    }
    let unlaid = Self.failures(of: row, with: nil)
    if !unlaid.isEmpty {
      parts.append("was not laid out at \(CheckReportFormatting.names(unlaid))")
    }
    let variant = row.variant.isEmpty ? "" : " (\(row.variant))"
    let fits = row.largestFitting.map { "fits up to \($0.shortName)" } ?? "fits at no category"
    return "'\(key(of: row))' in \(language(of: row))\(variant) "
      + "\(parts.joined(separator: " and ")); \(fits)"
  }

  /// The limits of a rule and its name: `headline, 120 pt, 1 line, rule button.*`.
  ///
  /// - Parameter rule: A rule.
  /// - Returns: The text.
  package static func ruleSummary(_ rule: Rule) -> String {
    "\(limits(rule)), rule \(rule.name)"
  }

  /// The limits of a rule: `headline, 120 pt, 1 line, truncation allowed`.
  ///
  /// - Parameter rule: A rule.
  /// - Returns: The text.
  package static func limits(_ rule: Rule) -> String {
    // Android widths are in dp.
    let unit = rule.required.first?.isFontScale == true ? "dp" : "pt"
    let width = rule.width.map { "\(CheckReportFormatting.points($0)) \(unit)" } ?? "unwrapped"
    let lines =
      rule.lineLimit == 0
      ? "no line limit" : "\(rule.lineLimit) line\(rule.lineLimit == 1 ? "" : "s")"
    let truncation = rule.truncationAllowed ? ", truncation allowed" : ""
    return "\(rule.style), \(width), \(lines)\(truncation)"
  }
}
