// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension CheckHTMLReport {
  /// The lists after the grids, each cut at ``maximumListedItems``: unreadable files, warnings,
  /// entry warnings, keys nothing laid out and entries not checked.
  func writeLists(_ summary: CheckSummary, to out: inout String) {
    let limit = Self.maximumListedItems
    let errors = summary.run.errors
    if !errors.isEmpty {
      out += "<h2 id=\"unreadable\">Files that could not be read</h2>\n<ul class=\"errors\">\n"
      for error in errors.prefix(limit) { out += "<li>\(Self.text(error.message, 1_000))</li>\n" }
      out += "</ul>\n"
      Self.writeMore(errors.count - limit, "error", to: &out)
    }
    let warnings = summary.run.warnings
    if !warnings.isEmpty {
      out += "<h2 id=\"warnings\">Warnings</h2>\n<ul class=\"warnings\">\n"
      for warning in warnings.prefix(limit) { out += "<li>\(Self.text(warning, 1_000))</li>\n" }
      out += "</ul>\n"
      Self.writeMore(warnings.count - limit, "warning", to: &out)
    }
    let entryWarnings = summary.entryWarnings
    if !entryWarnings.isEmpty {
      out += "<h2 id=\"entry-warnings\">Entry warnings</h2>\n<ul class=\"warnings entries\">\n"
      for warning in entryWarnings.prefix(limit) {
        let measured = warning.isMeasured ? "measured" : "not measured"
        out += "<li class=\"\(measured == "measured" ? "measured" : "unmeasured")\">"
        out += "\(Self.text(warning.message, 1_000)) (\(measured))</li>\n"
      }
      out += "</ul>\n"
      Self.writeMore(entryWarnings.count - limit, "entry warning", to: &out)
    }
    let unlaid = summary.unlaidRequirements
    if !unlaid.isEmpty {
      out += "<h2 id=\"unlaid\">Not laid out</h2>\n<ul class=\"errors unlaid\">\n"
      for requirement in unlaid.prefix(limit) {
        let categories = CheckTerminalReport.categoryText(requirement.steps)
        out += "<li>\(Self.text(requirement.key)): required at \(categories); nothing laid "
        out += "it out</li>\n"
      }
      out += "</ul>\n"
      Self.writeMore(
        unlaid.count - limit, "key not laid out", plural: "keys not laid out", to: &out)
    }
    let skipped = summary.skipped
    if !skipped.isEmpty {
      out += "<h2 id=\"skipped\">Not checked</h2>\n<table class=\"skipped\">\n<thead><tr>"
      out += "<th>key</th><th>language</th><th>variant</th><th>file</th><th>reason</th></tr>"
      out += "</thead>\n<tbody>\n"
      for entry in skipped.prefix(limit) {
        out += "<tr><td dir=\"auto\">\(Self.text(entry.key))</td>"
        out += "<td>\(Self.text(entry.language))</td><td>\(Self.text(entry.variant))</td>"
        out += "<td>\(Self.text("\(entry.file):\(entry.line)"))</td>"
        out += "<td>\(Self.text(entry.reason, 1_000))</td></tr>\n"
      }
      out += "</tbody>\n</table>\n"
      Self.writeMore(
        skipped.count - limit, "entry not checked", plural: "entries not checked", to: &out)
    }
  }
}
