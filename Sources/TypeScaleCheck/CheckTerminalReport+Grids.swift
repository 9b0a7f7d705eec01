// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension CheckTerminalReport {
  /// The translations of one key that fare alike: the same mark at every category, the same
  /// failing categories, largest fitting category and baseline state.
  struct GridRow {
    /// Indices in the summary's rows, in catalog order.
    var rows: [Int]
    /// The label: the first languages (with variants), then `+N`.
    var label: String

    /// Rows with the same pattern share this.
    struct Pattern: Hashable {
      var statuses: CheckStatusPattern
      var failures: CategorySet
      var largestFitting: SizeStep?
      var isBaselinedFailure: Bool

      init(_ row: CheckSummary.Row) {
        statuses = row.statuses
        failures = row.failures
        largestFitting = row.largestFitting
        isBaselinedFailure = row.fails && row.isBaselined
      }
    }
  }

  /// The longest label of a grid row before the rest of its languages are counted as `+N`.
  static let maximumLabelLength = 24

  /// A key's rows grouped by pattern: failing patterns first (most failing categories first),
  /// then those that fit, each group in catalog order.
  static func gridRows(_ key: CheckSummary.KeyFailures, in summary: CheckSummary) -> [GridRow] {
    var order: [GridRow.Pattern] = []
    var groups: [GridRow.Pattern: [Int]] = [:]
    for index in key.rows {
      let pattern = GridRow.Pattern(summary.rows[index])
      if groups[pattern] == nil { order.append(pattern) }
      groups[pattern, default: []].append(index)
    }
    let sorted = order.enumerated().sorted { left, right in
      let (a, b) = (left.element.failures.count, right.element.failures.count)
      return a != b ? a > b : left.offset < right.offset
    }
    return sorted.map { _, pattern in
      let rows = groups[pattern] ?? []
      var labels: [String] = []
      var seen = Set<String>()
      for index in rows {
        let label = shown(summary.label(of: summary.rows[index]))
        if seen.insert(label).inserted { labels.append(label) }
      }
      var label = labels[0]
      var used = 1
      while used < labels.count {
        let next = label + " " + labels[used]
        let rest = labels.count - used - 1
        guard next.count + (rest > 0 ? " +\(rest)".count : 0) <= maximumLabelLength else { break }
        label = next
        used += 1
      }
      if used < labels.count { label += " +\(labels.count - used)" }
      return GridRow(rows: rows, label: label)
    }
  }

  /// The worst ``keyLimit`` failing keys as grids under one header, or a line saying how many
  /// failing keys there are when ``keyLimit`` is 0; empty when no key fails.
  func gridSection(_ summary: CheckSummary) -> String {
    let all = summary.worstKeys()
    guard !all.isEmpty else { return "" }
    let shown = keyLimit.map { Array(all.prefix(max(0, $0))) } ?? all
    guard !shown.isEmpty else {
      return "\(Self.count(all.count, "failing key")): --keys N draws the worst N as grids\n"
    }
    let rowLimit = keyLimit == nil ? Int.max : Self.maximumGridRows
    let grids = shown.map { key in
      let rows = Self.gridRows(key, in: summary)
      return (key, Array(rows.prefix(rowLimit)), rows.dropFirst(rowLimit))
    }
    let labelWidth =
      max("languages".count, grids.flatMap { $0.1.map(\.label.count) }.max() ?? 0) + 2
    var out = ""
    out.reserveCapacity(shown.count * (Self.maximumGridRows + 2) * 120)
    let title =
      shown.count == all.count
      ? "failing keys, worst first"
      : "worst \(shown.count) of \(Self.count(all.count, "failing key")) (--keys all for every key)"
    out += paint(title, .bold) + "\n"
    // iOS keys and Android keys are drawn under their own columns: categories, font scales.
    let android = grids.filter { Self.isAndroid($0.0, in: summary) }
    let iOS = grids.filter { !Self.isAndroid($0.0, in: summary) }
    for (group, isAndroid) in [(iOS, false), (android, true)] where !group.isEmpty {
      let categories = summary.categories.filter { $0.isFontScale == isAndroid }
      if !android.isEmpty && !iOS.isEmpty {
        out += paint(isAndroid ? "Android (font scales)" : "iOS (content-size categories)", .bold)
        out += "\n"
      }
      var header = "  " + Self.padded("languages", labelWidth)
      for category in categories { header += Self.padded(category.shortName, category.columnWidth) }
      out += header + " fits up to\n"
      for (key, rows, hidden) in group {
        out += paint(Self.shown(key.key), .bold)
        out += "  fails in \(CheckPlan.number(key.failingLanguages)) of "
        out += Self.count(key.languages, "language") + "\n"
        for row in rows {
          write(row, categories: categories, labelWidth: labelWidth, summary, &out)
        }
        if !hidden.isEmpty {
          let languages = Set(hidden.flatMap { $0.rows.map { summary.rows[$0].language } }).count
          out += "  … \(Self.count(hidden.count, "more row"))"
          out += " (\(Self.count(languages, "language")))\n"
        }
      }
    }
    return out
  }

  /// Whether a key's translations are Android results (their rule's steps are font scales).
  static func isAndroid(_ key: CheckSummary.KeyFailures, in summary: CheckSummary) -> Bool {
    guard let first = key.rows.first else { return false }
    return summary.rule(of: summary.rows[first]).required.first?.isFontScale ?? false
  }

  private func write(
    _ grid: GridRow, categories: [SizeStep], labelWidth: Int, _ summary: CheckSummary,
    _ out: inout String
  ) {
    let row = summary.rows[grid.rows[0]]
    out += "  " + Self.padded(grid.label, labelWidth)
    for category in categories {
      let padding = String(repeating: " ", count: category.columnWidth - 1)
      let fails = row.failures.contains(category)
      guard let status = row.statuses[category] else {
        out += (fails ? paint("·", .red) : "·") + padding
        continue
      }
      let style: Style = fails ? .red : status == .fits ? .green : .yellow
      out += paint(Self.mark(status), style) + padding
    }
    out += " " + Self.padded(row.largestFitting?.shortName ?? "none", "fits up to".count + 2)
    out += Self.shown("\(summary.file(of: row)):\(row.line)")
    var locations = Set<UInt64>()
    for index in grid.rows {
      let other = summary.rows[index]
      locations.insert(UInt64(UInt32(bitPattern: other.file)) << 32 | UInt64(UInt32(other.line)))
    }
    if locations.count > 1 { out += " +\(locations.count - 1) more" }
    if row.fails && row.isBaselined { out += " (baselined)" }
    out += "\n"
  }
}

extension SizeStep {
  /// The width of the category's column in the terminal grid: its short name and a space.
  var columnWidth: Int { shortName.count + 1 }
}
