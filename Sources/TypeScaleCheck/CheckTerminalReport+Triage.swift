// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

extension CheckTerminalReport {
  /// Failing translations per language (worst first) and category.
  ///
  /// Only the categories where any translation fails are columns:
  ///
  /// ```
  /// failing translations by language and category
  ///   language  failing     AX3 AX4 AX5
  ///   de        12 of 34      4   9  12
  ///   … 3 languages where everything fits: en, fr, it
  /// ```
  func languageTable(_ summary: CheckSummary) -> String {
    let languages = summary.languagesByFailures
    let failing = languages.filter { $0.failing > 0 }
    let shown = failing.prefix(Self.maximumListedLanguages)
    let columns = summary.categories.indices.filter { column in
      failing.contains { $0.byCategory[column] > 0 }
    }
    let labels = shown.map { Self.shown($0.language) }
    let counts = shown.map {
      "\(CheckPlan.number($0.failing)) of \(CheckPlan.number($0.translations))"
    }
    let labelWidth = max("language".count, labels.map(\.count).max() ?? 0) + 2
    let countWidth = max("failing".count, counts.map(\.count).max() ?? 0) + 2
    let widths = columns.map { column in
      max(
        summary.categories[column].shortName.count,
        shown.map { CheckPlan.number($0.byCategory[column]).count }.max() ?? 0) + 1
    }
    var out = paint("failing translations by language and category", .bold) + "\n"
    var header = "  " + Self.padded("language", labelWidth) + Self.padded("failing", countWidth)
    for (column, width) in zip(columns, widths) {
      header += Self.rightAligned(summary.categories[column].shortName, width)
    }
    out += Self.trimmed(header) + "\n"
    for (index, language) in shown.enumerated() {
      var line = "  " + Self.padded(labels[index], labelWidth)
      line += Self.padded(counts[index], countWidth)
      for (column, width) in zip(columns, widths) {
        let value = language.byCategory[column]
        line += Self.rightAligned(value == 0 ? "-" : CheckPlan.number(value), width)
      }
      out += Self.trimmed(line) + "\n"
    }
    let hidden = failing.dropFirst(Self.maximumListedLanguages)
    if !hidden.isEmpty {
      let translations = hidden.reduce(0) { $0 + $1.failing }
      out += "  … \(Self.count(hidden.count, "more failing language"))"
      out += " (\(Self.count(translations, "failing translation")))\n"
    }
    let clean = languages.filter { $0.failing == 0 }.map { Self.shown($0.language) }
    if !clean.isEmpty {
      out += "  … \(Self.count(clean.count, "language")) where everything fits: "
      out += Self.list(clean, limit: 8) + "\n"
    }
    return out
  }

  /// The rules whose translations fail, most failing first:
  /// `  button.*  fails in 12 of 34 translations (3 keys); headline, 120 pt, 1 line`.
  func ruleTable(_ summary: CheckSummary) -> String {
    let rules = summary.rulesByFailures.filter { $0.failing > 0 }
    let shown = rules.prefix(Self.maximumListedRules)
    let names = shown.map { Self.shown($0.rule.name) }
    let nameWidth = min(32, names.map(\.count).max() ?? 0) + 2
    var out = paint("failures by rule", .bold) + "\n"
    for (rule, name) in zip(shown, names) {
      out += "  " + Self.padded(name, nameWidth) + "fails in \(CheckPlan.number(rule.failing))"
      out += " of \(Self.count(rule.translations, "translation"))"
      out += " (\(Self.count(rule.failingKeys, "key"))); "
      out += Self.shown(CheckSummary.limits(rule.rule)) + "\n"
    }
    if rules.count > shown.count {
      out += "  … \(Self.count(rules.count - shown.count, "more failing rule"))\n"
    }
    return out
  }

  /// The keys failing in the most languages, with the category where each starts failing.
  func widestKeys(_ summary: CheckSummary) -> String {
    let keys = summary.keysByFailingLanguages(limit: Self.maximumListedKeys)
    let names = keys.map { Self.shown($0.key) }
    let nameWidth = min(40, names.map(\.count).max() ?? 0) + 2
    var out = paint("keys failing in the most languages", .bold) + "\n"
    for (key, name) in zip(keys, names) {
      out += "  " + Self.padded(name, nameWidth)
      out += "\(CheckPlan.number(key.failingLanguages)) of \(Self.count(key.languages, "language"))"
      if let first = key.firstFailure { out += ", from \(first.shortName)" }
      out += "\n"
    }
    return out
  }

  /// One line: how many failing translations start failing at each category; empty when
  /// none starts at a category laid out (they fail only where nothing was laid out).
  func firstFailingLine(_ summary: CheckSummary) -> String {
    let counts = summary.firstFailingCategories
    let parts = zip(summary.categories, counts).filter { $0.1 > 0 }.map {
      "\($0.0.shortName) \(CheckPlan.number($0.1))"
    }
    guard !parts.isEmpty else { return "" }
    return paint("where labels start failing:", .bold) + " " + parts.joined(separator: ", ")
      + "\n"
  }

  /// New failures against the baseline and the baselined translations that now fit; `nil`
  /// when the run had no baseline.
  func baselineSection(_ summary: CheckSummary) -> String? {
    let baselined = summary.rows.count { $0.fails && $0.isBaselined }
    guard summary.fixedBaselined != nil || baselined > 0 else { return nil }
    let keys = summary.keysWithNewFailures
    let new = summary.newFailureCount
    var out = paint("against the baseline:", .bold) + " "
    out +=
      new == 0
      ? "no new failures"
      : "\(Self.count(new, "new failing translation")) in \(Self.count(keys.count, "key"))"
    if baselined > 0 { out += ", \(CheckPlan.number(baselined)) still baselined" }
    if let fixed = summary.fixedBaselined {
      out += ", \(CheckPlan.number(fixed)) baselined \(fixed == 1 ? "translation" : "translations")"
      out += " now fit\(fixed == 1 ? "s" : "")"
    }
    out += "\n"
    if !keys.isEmpty {
      let names = keys.map { "\(Self.shown($0.key)) (\(CheckPlan.number($0.newFailures)))" }
      out += "  new in: " + Self.list(names, limit: Self.maximumListedKeys, separator: ", ")
      out += "\n"
    }
    return out
  }

  /// Unreadable files, run warnings, entry warnings and keys nothing laid out, each capped.
  func problemSection(_ summary: CheckSummary) -> String {
    var out = ""
    let limit = Self.maximumListedProblems
    let errors = summary.run.errors
    for error in errors.prefix(limit) {
      out += paint("error:", .red) + " \(Self.shown(error.message))\n"
    }
    if errors.count > limit {
      out += paint("error:", .red) + " \(Self.count(errors.count - limit, "more error"))"
      out += " (see the JSON report)\n"
    }
    let warnings = summary.run.warnings
    for warning in warnings.prefix(limit) {
      out += paint("warning:", .yellow) + " \(Self.shown(warning))\n"
    }
    if warnings.count > limit {
      out += paint("warning:", .yellow)
      out += " \(Self.count(warnings.count - limit, "more warning")) (see the JSON report)\n"
    }
    let entries = summary.entryWarnings
    for warning in entries.prefix(limit) {
      out += paint("warning:", .yellow) + " \(Self.shown(warning.message))\n"
    }
    if entries.count > limit {
      out += paint("warning:", .yellow) + " \(Self.count(entries.count, "entry warning")) in all"
      out += ", \(CheckPlan.number(entries.count - limit)) more in the JSON report\n"
    }
    let unlaid = summary.unlaidRequirements
    for requirement in unlaid.prefix(Self.maximumListedUnlaidKeys) {
      out += paint("not laid out:", .red) + " '\(DisplayText.quoted(requirement.key))' (required "
      out += "\(Self.categoryText(requirement.steps)))\n"
    }
    if unlaid.count > Self.maximumListedUnlaidKeys {
      out += paint("not laid out:", .red)
      out += " \(unlaid.count - Self.maximumListedUnlaidKeys) more keys (see the JSON report)\n"
    }
    return out
  }

  /// Items joined, at most `limit` of them, then `+N more`.
  static func list(_ items: [String], limit: Int, separator: String = ", ") -> String {
    let shown = items.prefix(limit).joined(separator: separator)
    return items.count > limit ? shown + "\(separator)+\(items.count - limit) more" : shown
  }

  /// A line without its trailing spaces.
  static func trimmed(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
