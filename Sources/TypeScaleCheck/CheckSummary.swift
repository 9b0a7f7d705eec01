// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// A run's results in compact form, with the counts a person triages by: what the terminal,
/// HTML, JUnit and SARIF reports are written from.
///
/// A summary keeps one ``Row`` per translation (its key, language, file and rule as indices into
/// shared tables, its statuses packed in one word, and its text) instead of its cells, so a run
/// of 100,000 translations keeps a few megabytes whatever its report formats. ``Builder`` makes
/// one from results as a run streams them (``CheckRunner``), and ``init(_:)`` from a
/// ``CheckReport`` (a merge, a test). The triage views (``languagesByFailures``, ``rulesByFailures``,
/// ``keysByFailingLanguages(limit:)``, ``firstFailingCategories``, ``worstKeys(limit:)``) are
/// computed from the rows.
public struct CheckSummary: Sendable {
  /// One translation (key × language × variant): where it is and how it fares.
  public struct Row: Hashable, Sendable {
    /// The key's index in ``CheckSummary/keys``.
    public var key: Int32
    /// The language's index in ``CheckSummary/languages``.
    public var language: Int32
    /// The file's index in ``CheckSummary/files``.
    public var file: Int32
    /// The rule's index in ``CheckSummary/rules``.
    public var rule: Int32
    /// The 1-based line of the key in its file.
    public var line: Int32
    /// The variant's spelling; empty when the key does not vary.
    public var variant: String
    /// The text as laid out.
    public var text: String
    /// The status at each category laid out.
    public var statuses: CheckStatusPattern
    /// The required categories where the text does not fit, or that were not laid out.
    public var failures: CategorySet
    /// The required categories that nothing laid out (a report cut short): failures no
    /// baseline accepts.
    public var unlaid = CategorySet()
    /// The largest category at which the text fits.
    public var largestFitting: SizeStep?
    /// Whether the text is the source language's, the language having none.
    public var isFallback: Bool
    /// Whether a baseline accepts this row's failures.
    public var isBaselined: Bool
    /// Characters no font drew, as `U+XXXX`.
    public var missingGlyphs: [String]

    /// Whether the row fails (ignoring the baseline).
    public var fails: Bool { !failures.isEmpty }
    /// Whether the row fails and no baseline accepts it; a required category nothing laid out
    /// always makes it new, as ``CheckReport/newFailures`` counts it.
    public var isNewFailure: Bool { fails && (!isBaselined || !unlaid.isEmpty) }
    /// The smallest failing category.
    public var firstFailure: SizeStep? { failures.first }
  }

  /// The limits a rule sets, as the rows share them.
  public struct Rule: Hashable, Sendable {
    /// The rule's key pattern, or `defaults`.
    public var name: String
    /// The text style or typography token.
    public var style: String
    /// The width in points, or `nil` for unwrapped.
    public var width: Double?
    /// The line limit; 0 for none.
    public var lineLimit: Int
    /// Whether truncation is accepted.
    public var truncationAllowed: Bool
    /// The categories that must fit.
    public var required: CategorySet
  }

  /// The run's record.
  public var run: CheckRunInfo
  /// The keys, in the order they first appear.
  public var keys: [String] = []
  /// The languages, in the order they first appear.
  public var languages: [String] = []
  /// The files, in the order they first appear.
  public var files: [String] = []
  /// The rules, in the order they first appear.
  public var rules: [Rule] = []
  /// The translations, in catalog order.
  public var rows: [Row] = []
  /// Entries that were not checked.
  public var skipped: [CheckSkipped] = []
  /// Warnings about single entries.
  public var entryWarnings: [CheckEntryWarning] = []
  /// The requirements of this part of the run that no row covers.
  public var unlaidRequirements: [CheckRequirement] = []
  /// Every category any row laid out, smallest first.
  public var categories: [SizeStep] = []
  /// How many translations the baseline accepts now fit at every required category, or `nil`
  /// without a baseline.
  public var fixedBaselined: Int?

  /// Creates an empty summary of a run.
  ///
  /// - Parameter run: The run's record.
  public init(run: CheckRunInfo) {
    self.run = run
  }

  /// The summary of a report held in memory.
  ///
  /// - Parameter report: A report.
  public init(_ report: CheckReport) {
    var builder = Builder(run: report.runInfo)
    for result in report.results { builder.add(result) }
    for skipped in report.skipped { builder.add(skipped) }
    for warning in report.entryWarnings { builder.add(warning) }
    self = builder.finish()
  }

  /// Rows that fail.
  public var failingCount: Int { rows.count { $0.fails } }
  /// Rows that fail and no baseline accepts.
  public var newFailureCount: Int { rows.count { $0.isNewFailure } }
  /// Entries that could not be measured (a placeholder no platform formats, a text that could
  /// not be laid out).
  public var unmeasuredCount: Int { skipped.count { $0.isUnmeasured } }

  /// The exit status: 2 when a file could not be read, else 1 with new failures or required
  /// keys nothing laid out, else 0.
  public var exitStatus: Int32 {
    !run.errors.isEmpty ? 2 : newFailureCount == 0 && unlaidRequirements.isEmpty ? 0 : 1
  }

  /// The key of a row.
  public func key(of row: Row) -> String { keys[Int(row.key)] }
  /// The language of a row.
  public func language(of row: Row) -> String { languages[Int(row.language)] }
  /// The file of a row.
  public func file(of row: Row) -> String { files[Int(row.file)] }
  /// The rule of a row.
  public func rule(of row: Row) -> Rule { rules[Int(row.rule)] }
  /// A row's identity, as ``CheckResult/id``: `key|language` or `key|language|variant`.
  public func id(of row: Row) -> String {
    let base = "\(key(of: row))|\(language(of: row))"
    return row.variant.isEmpty ? base : base + "|\(row.variant)"
  }
}

extension CheckSkipped {
  /// Whether the entry was matched by a rule but could not be measured.
  public var isUnmeasured: Bool { !reason.hasPrefix("no rule matches") }
}
