// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension CheckHTMLReport {
  /// The sentence the page starts with: `checked 24 translations of 6 keys (288 layouts):
  /// 3 fail (2 new, 1 baselined), 2 skipped (1 could not be measured), 1 file could not be
  /// read, 1 key not laid out (shard 2/4)`, with `(partial: shard 4/4 is missing)` for a
  /// partial merge.
  static func sentence(_ summary: CheckSummary) -> String {
    let failing = summary.failingCount
    let new = summary.newFailureCount
    var line = "checked \(Self.counted(summary.rows.count, "translation"))"
    line += " of \(Self.counted(summary.keys.count, "key"))"
    if summary.run.layouts > 0 { line += " (\(CheckPlan.number(summary.run.layouts)) layouts)" }
    line += ": \(CheckPlan.number(failing)) fail\(failing == 1 ? "s" : "")"
    if failing > 0 {
      line += " (\(CheckPlan.number(new)) new"
      line += (failing > new ? ", \(CheckPlan.number(failing - new)) baselined" : "") + ")"
    }
    line += ", \(CheckPlan.number(summary.skipped.count)) skipped"
    let unmeasured = summary.unmeasuredCount
    if unmeasured > 0 { line += " (\(CheckPlan.number(unmeasured)) could not be measured)" }
    let unreadable = unreadableFiles(summary)
    if unreadable > 0 {
      line += ", \(Self.counted(unreadable, "file")) could not be read"
    }
    let unlaid = summary.unlaidRequirements.count
    if unlaid > 0 { line += ", \(Self.counted(unlaid, "key")) not laid out" }
    if let shard = summary.run.shard { line += " (shard \(shard))" }
    if summary.run.isPartial {
      line += " (partial: \(CheckReport.missingText(summary.run.missingShards)))"
    }
    return line
  }

  /// The files that could not be read (an error names each once or more).
  static func unreadableFiles(_ summary: CheckSummary) -> Int {
    Set(summary.run.errors.map(\.file)).count
  }

  /// The triage: the counts, the heat map, failures by rule, the keys failing in most
  /// languages, where labels start failing and what is new against the baseline.
  func writeTriage(_ summary: CheckSummary, to out: inout String) {
    out += "<section class=\"triage\" id=\"triage\">\n<ul class=\"counts\">\n"
    let failing = summary.failingCount
    let new = summary.newFailureCount
    var counts: [(String, Int, String)] = [
      ("failing", failing, failing == 1 ? "failing translation" : "failing translations"),
      ("new", new, "new against the baseline"),
      ("baselined", failing - new, "baselined"),
    ]
    if let fixed = summary.fixedBaselined {
      counts.append(("fixed", fixed, "fixed since the baseline"))
    }
    let unmeasured = summary.unmeasuredCount
    counts.append(
      (
        "unmeasured", unmeasured,
        unmeasured == 1 ? "entry could not be measured" : "entries could not be measured"
      ))
    let unreadable = Self.unreadableFiles(summary)
    counts.append(
      (
        "unreadable", unreadable,
        unreadable == 1 ? "file could not be read" : "files could not be read"
      ))
    if !summary.unlaidRequirements.isEmpty {
      let unlaid = summary.unlaidRequirements.count
      counts.append(("unlaid", unlaid, unlaid == 1 ? "key not laid out" : "keys not laid out"))
    }
    for (name, value, label) in counts {
      out += "<li class=\"count-\(name)\" data-count=\"\(value)\"><b>\(CheckPlan.number(value))</b>"
      out += " \(label)</li>\n"
    }
    out += "</ul>\n"
    guard failing > 0 else {
      out += "<p class=\"all-fit\">Every translation fits at every required category.</p>\n"
      out += "</section>\n"
      return
    }
    writeHeatMap(summary, to: &out)
    out += "<div class=\"panels\">\n<div class=\"panel\">\n"
    writeRules(summary, to: &out)
    writeFirstFailures(summary, to: &out)
    out += "</div>\n<div class=\"panel\">\n"
    writeKeysByLanguages(summary, to: &out)
    out += "</div>\n<div class=\"panel\">\n"
    writeBaseline(summary, to: &out)
    out += "</div>\n</div>\n</section>\n"
  }

  private func writeHeatMap(_ summary: CheckSummary, to out: inout String) {
    let languages = summary.languagesByFailures
    let listed = languages.prefix(Self.maximumLanguages)
    var head = "<thead><tr><th>language</th><th>failing</th>"
    for category in summary.categories { head += "<th>\(category.shortName)</th>" }
    head += "</tr></thead>\n"
    out += "<h2>Failing translations by language and category</h2>\n"
    out += "<table class=\"heatmap\">\n\(head)<tbody>\n"
    for language in listed.prefix(Self.heatMapLanguages) {
      Self.writeHeatMapRow(language, categories: summary.categories, to: &out)
    }
    out += "</tbody>\n</table>\n"
    if listed.count > Self.heatMapLanguages {
      let rest = listed.count - Self.heatMapLanguages
      out += "<details class=\"more-languages\"><summary>\(Self.counted(rest, "more language"))"
      out += "</summary>\n<table class=\"heatmap rest\">\n\(head)<tbody>\n"
      for language in listed.dropFirst(Self.heatMapLanguages) {
        Self.writeHeatMapRow(language, categories: summary.categories, to: &out)
      }
      out += "</tbody>\n</table>\n</details>\n"
    }
    Self.writeMore(languages.count - Self.maximumLanguages, "language", to: &out)
  }

  private static func writeHeatMapRow(
    _ language: CheckSummary.LanguageFailures, categories: [SizeStep],
    to out: inout String
  ) {
    out += "<tr data-language=\"\(attribute(language.language))\"><th>\(text(language.language))"
    out += "</th><td class=\"total\">\(CheckPlan.number(language.failing)) of "
    out += "\(CheckPlan.number(language.translations))</td>"
    for (category, cell) in zip(categories, language.byCategory) {
      guard cell > 0 else {
        out += "<td class=\"heat zero\" data-count=\"0\"></td>"
        continue
      }
      let share = Double(cell) / Double(max(language.translations, 1))
      let alpha = 0.12 + 0.78 * share
      let percent = Int((share * 100).rounded())
      let title =
        "\(language.language) at \(category.shortName): \(CheckPlan.number(cell)) of "
        + "\(counted(language.translations, "translation")) fail (\(percent)%)"
      out += "<td class=\"heat\(alpha >= 0.55 ? " dark" : "")\" data-count=\"\(cell)\""
      out +=
        " style=\"background:rgba(200,0,0,\(NumberText.fixed(alpha, decimals: 2, trimsZeros: false)))\""
      out += " title=\"\(attribute(title))\">\(CheckPlan.number(cell))</td>"
    }
    out += "</tr>\n"
  }

  private func writeRules(_ summary: CheckSummary, to out: inout String) {
    let rules = summary.rulesByFailures.filter { $0.failing > 0 }
    out += "<h2>Failures by rule</h2>\n<table class=\"rules\">\n<thead><tr><th>rule</th>"
    out += "<th>limits</th><th>translations</th><th>failing</th><th>failing keys</th></tr>"
    out += "</thead>\n<tbody>\n"
    for rule in rules.prefix(Self.maximumListedItems) {
      out += "<tr><th>\(Self.text(rule.rule.name))</th>"
      out += "<td>\(Self.text(Self.ruleSummary(rule.rule), 1_000))</td>"
      out += "<td>\(CheckPlan.number(rule.translations))</td>"
      out += "<td class=\"fail-count\">\(CheckPlan.number(rule.failing))</td>"
      out += "<td>\(CheckPlan.number(rule.failingKeys))</td></tr>\n"
    }
    out += "</tbody>\n</table>\n"
    Self.writeMore(rules.count - Self.maximumListedItems, "rule", to: &out)
  }

  private func writeKeysByLanguages(_ summary: CheckSummary, to out: inout String) {
    let keys = summary.keysByFailingLanguages()
    out += "<h2>Keys failing in the most languages</h2>\n<table class=\"keys-by-languages\">\n"
    out += "<thead><tr><th>key</th><th>failing languages</th><th>failing categories</th>"
    out += "<th>first fails at</th></tr></thead>\n<tbody>\n"
    for key in keys.prefix(Self.maximumTriageKeys) {
      out += "<tr><th dir=\"auto\">\(Self.text(key.key))</th>"
      out += "<td>\(CheckPlan.number(key.failingLanguages)) of "
      out += "\(CheckPlan.number(key.languages))</td>"
      out += "<td>\(CheckPlan.number(key.failureCount))</td>"
      out += "<td>\(key.firstFailure?.shortName ?? "")</td></tr>\n"
    }
    out += "</tbody>\n</table>\n"
    Self.writeMore(keys.count - Self.maximumTriageKeys, "failing key", to: &out)
  }

  private func writeFirstFailures(_ summary: CheckSummary, to out: inout String) {
    let counts = summary.firstFailingCategories
    let largest = max(counts.max() ?? 1, 1)
    out += "<h2>Where labels start failing</h2>\n<table class=\"first-failures\">\n"
    out += "<thead><tr><th>category</th><th>translations that start failing there</th>"
    out += "<th></th></tr></thead>\n<tbody>\n"
    for (category, value) in zip(summary.categories, counts) {
      let width = Int((Double(value) / Double(largest) * 100).rounded())
      out += "<tr data-category=\"\(category.shortName)\" data-count=\"\(value)\">"
      out += "<th>\(category.shortName)</th><td>\(CheckPlan.number(value))</td>"
      out += "<td class=\"bar\"><div style=\"width:\(width)%\"></div></td></tr>\n"
    }
    out += "</tbody>\n</table>\n"
  }

  private func writeBaseline(_ summary: CheckSummary, to out: inout String) {
    let failing = summary.failingCount
    let new = summary.newFailureCount
    out += "<h2>New against the baseline</h2>\n"
    guard summary.fixedBaselined != nil || failing > new else {
      let all = failing == 1 ? "the failure is" : "all \(CheckPlan.number(failing)) failures are"
      out += "<p class=\"baseline\">No baseline was given: \(all) new.</p>\n"
      return
    }
    let keys = summary.keysWithNewFailures
    var sentence = "\(Self.counted(new, "new failure")) in \(Self.counted(keys.count, "key")), "
    sentence += "\(CheckPlan.number(failing - new)) baselined"
    if let fixed = summary.fixedBaselined {
      sentence += ", \(CheckPlan.number(fixed)) fixed since the baseline"
    }
    out += "<p class=\"baseline\">\(sentence).</p>\n"
    guard !keys.isEmpty else { return }
    out += "<table class=\"new-keys\">\n<thead><tr><th>key</th><th>new failing translations</th>"
    out += "<th>translations</th></tr></thead>\n<tbody>\n"
    for key in keys.prefix(Self.maximumTriageKeys) {
      out += "<tr><th dir=\"auto\">\(Self.text(key.key))</th>"
      out += "<td>\(CheckPlan.number(key.newFailures))</td>"
      out += "<td>\(CheckPlan.number(key.rows.count))</td></tr>\n"
    }
    out += "</tbody>\n</table>\n"
    Self.writeMore(
      keys.count - Self.maximumTriageKeys, "key with new failures",
      plural: "keys with new failures", to: &out)
  }

  /// `N more things (the JSON report has them all)` when `remaining` is positive.
  static func writeMore(
    _ remaining: Int, _ noun: String, plural: String? = nil, to out: inout String
  ) {
    guard remaining > 0 else { return }
    out +=
      "<p class=\"more\">"
      + Self.counted(remaining, "more " + noun, plural: plural.map { "more " + $0 })
    out += " (the JSON report has them all)</p>\n"
  }
}
