// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension CheckSummary {
  /// Makes a summary from results as they stream, keeping one compact ``Row`` per result.
  ///
  /// ```swift
  /// var builder = CheckSummary.Builder(run: report.runInfo)
  /// for result in report.results { builder.add(result) }
  /// let summary = builder.finish()
  /// ```
  public struct Builder: Sendable {
    private var summary: CheckSummary
    private var keyIndex: [String: Int32] = [:]
    private var languageIndex: [String: Int32] = [:]
    private var fileIndex: [String: Int32] = [:]
    private var ruleIndex: [Rule: Int32] = [:]
    private var laid = CategorySet()
    private var baseline: CheckBaseline?

    /// Starts a summary of a run.
    ///
    /// - Parameters:
    ///   - run: The run's record.
    ///   - baseline: The baseline the results were marked with, to count the failures it
    ///     accepts that now fit; `nil` for none.
    public init(run: CheckRunInfo, baseline: CheckBaseline? = nil) {
      summary = CheckSummary(run: run)
      self.baseline = baseline
    }

    /// Adds a result.
    public mutating func add(_ result: CheckResult) {
      let rule = Rule(
        name: result.rule, style: result.style, width: result.width, lineLimit: result.lineLimit,
        truncationAllowed: result.truncationAllowed, required: CategorySet(steps: result.required))
      var failures = CategorySet(steps: result.failures)
      for category in result.unlaidCategories { failures.insert(category) }
      let statuses = CheckStatusPattern(result.cells)
      laid.formUnion(CategorySet(steps: result.cells.map(\.step)))
      summary.rows.append(
        Row(
          key: Self.index(result.key, in: &keyIndex, table: &summary.keys),
          language: Self.index(result.language, in: &languageIndex, table: &summary.languages),
          file: Self.index(result.file, in: &fileIndex, table: &summary.files),
          rule: Self.index(rule, in: &ruleIndex, table: &summary.rules),
          line: Int32(clamping: result.line), variant: result.variant, text: result.text,
          statuses: statuses, failures: failures,
          unlaid: CategorySet(steps: result.unlaidCategories),
          largestFitting: result.largestFitting,
          isFallback: result.isFallback, isBaselined: result.isBaselined,
          missingGlyphs: result.missingGlyphs))
    }

    /// Adds an entry that was not checked.
    public mutating func add(_ skipped: CheckSkipped) {
      summary.skipped.append(skipped)
    }

    /// Adds a warning about one entry.
    public mutating func add(_ warning: CheckEntryWarning) {
      summary.entryWarnings.append(warning)
    }

    /// The summary: the rows added, the categories laid out, the requirements nothing laid out
    /// (a key whose entries could not be measured is not one: its warnings say why) and, with a
    /// baseline, how many of its failures now fit.
    public func finish() -> CheckSummary {
      var summary = self.summary
      summary.categories = Array(laid)
      summary.unlaidRequirements = CheckReport.unlaid(
        summary.run.requirements, shard: summary.run.shard, handled: Set(keyIndex.keys),
        skipped: summary.skipped)
      if let baseline {
        // Translations the baseline accepts that now fit at every required category.
        summary.fixedBaselined = summary.rows.count { row in
          !row.fails && baseline.accepted[summary.id(of: row)] != nil
        }
      }
      return summary
    }

    private static func index<Value: Hashable>(
      _ value: Value, in index: inout [Value: Int32], table: inout [Value]
    ) -> Int32 {
      if let known = index[value] { return known }
      let next = Int32(table.count)
      index[value] = next
      table.append(value)
      return next
    }
  }
}
