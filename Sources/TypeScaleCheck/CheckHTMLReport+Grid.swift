// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension CheckHTMLReport {
  /// One key on a page of grids: its index in ``CheckSummary/keys`` and the rows shown.
  struct PageKey {
    /// The key's index in ``CheckSummary/keys``.
    var key: Int
    /// The rows shown, indices in ``CheckSummary/rows``, in catalog order.
    var rows: [Int]
    /// All the key's rows, shown or not.
    var total: Int
  }

  /// The keys in the grids' order: failing keys worst first (as
  /// ``CheckSummary/worstKeys(limit:)``), then the others in catalog order, each with its rows.
  static func keyOrder(_ summary: CheckSummary) -> [(key: Int, rows: [Int])] {
    let table = summary.keyFailures
    let failing = table.indices.filter { table[$0].failureCount > 0 }.sorted {
      table[$0].failureCount != table[$1].failureCount
        ? table[$0].failureCount > table[$1].failureCount
        : table[$0].key.unicodeScalars.lexicographicallyPrecedes(table[$1].key.unicodeScalars)
    }
    let passing = table.indices.filter { table[$0].failureCount == 0 }
    return (failing + passing).map { ($0, table[$0].rows) }
  }

  /// The first page of grids, the one written as static HTML.
  ///
  /// It holds the keys in ``keyOrder(_:)`` while there are fewer than ``keysPerPage`` and
  /// their rows stay within ``rowsPerPage`` (the first key always, cut at ``rowsPerPage``
  /// rows). The script pages the same way.
  static func firstPage(_ summary: CheckSummary) -> [PageKey] {
    var page: [PageKey] = []
    var rows = 0
    for (key, keyRows) in keyOrder(summary) {
      guard page.count < keysPerPage else { break }
      guard page.isEmpty || rows + keyRows.count <= rowsPerPage else { break }
      page.append(PageKey(key: key, rows: Array(keyRows.prefix(rowsPerPage)), total: keyRows.count))
      rows += keyRows.count
    }
    return page
  }

  /// The labels the page shows, for the CLI to draw: the worst failing rows of the first page
  /// (most failing categories, new before baselined, then page order), at most
  /// ``maximumImages``, each at its smallest failing category.
  ///
  /// - Parameter summary: A run's summary.
  /// - Returns: Each row's index in ``CheckSummary/rows`` and the category to draw it at.
  public static func imageRequests(
    for summary: CheckSummary
  ) -> [(row: Int, category: SizeStep)] {
    let rows = firstPage(summary).flatMap(\.rows).filter { summary.rows[$0].fails }
    let ranked = rows.enumerated().sorted { left, right in
      let a = summary.rows[left.element]
      let b = summary.rows[right.element]
      if a.failures.count != b.failures.count { return a.failures.count > b.failures.count }
      if a.isBaselined != b.isBaselined { return !a.isBaselined }
      return left.offset < right.offset
    }
    return ranked.prefix(maximumImages).compactMap { entry in
      summary.rows[entry.element].firstFailure.map { (entry.element, $0) }
    }
  }

  /// The filters: language, rule, failing category, key search and status boxes, hidden until
  /// the script shows them.
  func writeFilters(_ summary: CheckSummary, to out: inout String) {
    out += "<form class=\"filters\" id=\"filters\" action=\"#\" hidden=\"hidden\">\n"
    out += "<label>Language <select id=\"filter-language\"><option value=\"\">all</option>"
    let languages = summary.languages.sorted {
      $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars)
    }
    for language in languages.prefix(Self.maximumLanguages) {
      out += "<option value=\"\(Self.attribute(language))\">\(Self.text(language))</option>"
    }
    out += "</select></label>\n<label>Rule <select id=\"filter-rule\">"
    out += "<option value=\"\">all</option>"
    var names = Set<String>()
    for rule in summary.rules where names.count < Self.maximumListedItems {
      let name = Self.clipped(rule.name)
      guard names.insert(name).inserted else { continue }
      out += "<option value=\"\(Self.attribute(name))\">\(Self.text(name))</option>"
    }
    out += "</select></label>\n<label>Failing at <select id=\"filter-category\">"
    out += "<option value=\"\">any category</option>"
    for category in summary.categories {
      out += "<option value=\"\(category.shortName)\">\(category.shortName)</option>"
    }
    out += "</select></label>\n<label>Key <input type=\"search\" id=\"filter-key\""
    out += " placeholder=\"contains\"/></label>\n"
    for (value, title) in [
      ("fails", "new failures"), ("baselined", "baselined"), ("passes", "passing"),
    ] {
      out += "<label><input type=\"checkbox\" class=\"filter-status\" value=\"\(value)\""
      out += " checked=\"checked\"/> \(title)</label>\n"
    }
    out += "</form>\n"
  }

  /// The heading of the grids, what the first page shows and what the data leaves out.
  static func keysHeading(_ summary: CheckSummary, plan: [PageKey], data: DataBlock) -> String {
    var out = "<h2 id=\"worst-keys\">Worst keys</h2>\n"
    let shownRows = plan.reduce(0) { $0 + $1.rows.count }
    guard !plan.isEmpty else {
      return out + "<p class=\"page-note\" id=\"page-note\">No translation was checked.</p>\n"
    }
    var sentence =
      "The first \(Self.counted(plan.count, "key")) of \(CheckPlan.number(summary.keys.count)) "
      + "(\(Self.counted(shownRows, "translation")) of \(CheckPlan.number(summary.rows.count)))"
      + " are shown here, worst first"
    sentence += "; with scripts on, the filters and pages cover every translation below."
    out += "<p class=\"page-note\" id=\"page-note\">\(sentence)</p>\n"
    if let leftOut = data.leftOutSentence {
      out += "<p class=\"left-out\">\(text(leftOut, 2_000))</p>\n"
    }
    return out
  }

  /// The first page's grids, then the empty containers the script renders other pages into.
  func writeFirstPage(
    _ plan: [PageKey], of summary: CheckSummary, links: Links, to out: inout String
  ) {
    let drawn = drawnImages(summary)
    out += "<div id=\"static-keys\">\n"
    var textBytes = 0
    for key in plan where textBytes <= Self.maximumGridBytes {
      writeKey(key, of: summary, links: links, images: drawn, textBytes: &textBytes, to: &out)
    }
    out += "</div>\n<div id=\"dynamic-keys\"></div>\n<p id=\"pager\" class=\"pager\"></p>\n"
  }

  /// The images shown, by row: those ``imageRequests(for:)`` names that ``images`` has, in
  /// that order, while their base64 text stays within ``maximumImageBytes``.
  func drawnImages(_ summary: CheckSummary) -> [Int: (String, SizeStep)] {
    var drawn: [Int: (String, SizeStep)] = [:]
    var bytes = 0
    for (row, category) in Self.imageRequests(for: summary) {
      guard let png = images[Self.imageKey(for: summary, row: row, at: category)] else {
        continue
      }
      let encoded = png.base64EncodedString()
      guard bytes + encoded.utf8.count <= Self.maximumImageBytes else { continue }
      bytes += encoded.utf8.count
      drawn[row] = (encoded, category)
    }
    return drawn
  }

  /// The categories a key's grid shows: every one any of its rows laid out or requires.
  static func columns(_ rows: [Int], of summary: CheckSummary) -> [SizeStep] {
    var steps = CategorySet()
    for index in rows {
      let row = summary.rows[index]
      steps.formUnion(CategorySet(steps: row.statuses.steps))
      steps.formUnion(row.failures)
    }
    return steps.steps
  }

  private func writeKey(
    _ key: PageKey, of summary: CheckSummary, links: Links,
    images: [Int: (String, SizeStep)], textBytes: inout Int, to out: inout String
  ) {
    let columns = Self.columns(key.rows, of: summary)
    out += "<section class=\"key\" id=\"key-\(key.key)\">\n"
    out += "<h2 dir=\"auto\">"
    if let first = key.rows.first {
      let row = summary.rows[first]
      out += "<a href=\"\(Self.attribute(links.href(file: row.file, line: row.line), 4_000))\">"
      out += "\(Self.text(summary.keys[key.key]))</a>"
    } else {
      out += Self.text(summary.keys[key.key])
    }
    out += "</h2>\n"
    out += "<table>\n<thead><tr><th>language</th>"
    for category in columns { out += "<th>\(category.shortName)</th>" }
    out += "<th>fits up to</th><th>text</th><th>label where it breaks</th></tr></thead>\n<tbody>\n"
    var written = 0
    for index in key.rows {
      guard textBytes <= Self.maximumGridBytes else { break }
      var row = ""
      writeRow(index, of: summary, columns: columns, links: links, image: images[index], to: &row)
      textBytes += row.utf8.count - (images[index]?.0.utf8.count ?? 0)
      out += row
      written += 1
    }
    if written < key.rows.count {
      out += "<tr class=\"more\"><td colspan=\"\(columns.count + 4)\">"
      out += "\(Self.counted(key.total - written, "more row")) of this key are left out of the"
      out += " static grids (capped at \(Self.maximumGridBytes / 1_000_000) MB); the script's pages"
      out += " show them</td></tr>\n"
    } else if key.total > key.rows.count {
      out += "<tr class=\"more\"><td colspan=\"\(columns.count + 4)\">"
      out +=
        "\(Self.counted(key.total - key.rows.count, "more row")) of this key; filter by language"
      out += " to see them</td></tr>\n"
    }
    out += "</tbody>\n</table>\n</section>\n"
  }

  private func writeRow(
    _ index: Int, of summary: CheckSummary, columns: [SizeStep], links: Links,
    image: (String, SizeStep)?, to out: inout String
  ) {
    let row = summary.rows[index]
    let rule = summary.rule(of: row)
    let language = summary.language(of: row)
    let status = Self.status(of: row)
    out += "<tr class=\"result \(status)\" data-row=\"\(index)\""
    out += " data-language=\"\(Self.attribute(language))\""
    out += " data-rule=\"\(Self.attribute(rule.name))\" data-status=\"\(status)\""
    out += " data-failing=\"\(row.failures.map(\.shortName).joined(separator: " "))\">"
    let label = row.variant.isEmpty ? language : "\(language) \(row.variant)"
    out += "<th>\(Self.text(label))</th>"
    for category in columns {
      let failing = row.failures.contains(category)
      let optional = rule.required.contains(category) ? "" : " optional"
      guard let cellStatus = row.statuses[category] else {
        let title = "\(category.shortName): not laid out"
        out += "<td class=\"absent\(failing ? " failing" : "")\(optional)\" title=\"\(title)\">"
        out += "·</td>"
        continue
      }
      let name = cellStatus == .overflowsLines ? "overflows" : cellStatus.rawValue
      out += "<td class=\"\(name)\(failing ? " failing" : "")\(optional)\""
      out += " title=\"\(category.shortName): \(Self.statusWords(cellStatus))\">"
      out += CheckTerminalReport.mark(cellStatus) + "</td>"
    }
    out += "<td>\(row.largestFitting?.shortName ?? "none")</td>"
    let fileLine = "\(summary.file(of: row)):\(row.line)"
    out += "<td class=\"text\" lang=\"\(Self.attribute(language))\" dir=\"auto\">"
    out += Self.text(row.text, Self.maximumTextCharacters)
    let href = Self.attribute(links.href(file: row.file, line: row.line), 4_000)
    out += "<div class=\"where\"><a href=\"\(href)\">"
    out += "\(Self.text(fileLine))</a> · \(Self.text(Self.ruleSummary(rule), 1_000))"
    if row.isFallback { out += " · the source language's text" }
    out += "</div></td><td class=\"image\">"
    if let (png, category) = image {
      out += "<img src=\"data:image/png;base64,\(png)\" loading=\"lazy\" data-row=\"\(index)\""
      out += " alt=\"\(Self.attribute(row.text, Self.maximumTextCharacters))\""
      out += " title=\"at \(category.shortName)\"/>"
      out += "<div class=\"where\">at \(category.shortName)</div>"
    }
    out += "</td></tr>\n"
  }

  /// A status in words, as a cell's title says it.
  static func statusWords(_ status: CheckStatus) -> String {
    switch status {
    case .fits: "fits"
    case .truncated: "truncated"
    case .overflowsLines: "overflows its lines"
    }
  }
}
