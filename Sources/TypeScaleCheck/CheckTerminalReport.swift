// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// The summary `typescale check` prints on a terminal: a grid per failing key, worst first, and
/// a closing count.
///
/// Each key with a failing result (new or accepted by a baseline) gets a grid with one row per
/// language and variant and one column per content-size category laid out, then the largest
/// category at which that translation fits and the catalog's `file:line`:
///
/// ```
/// button.subscribe
///   language  xS S M L XL XXL XXXL AX1 AX2 AX3 AX4 AX5  fits up to
///   de        ✓  ✓ ✓ ✓ ✓  ✓   ✓    …   …   …   …   …    XXXL        Localizable.xcstrings:12
///   en        ✓  ✓ ✓ ✓ ✓  ✓   ✓    ✓   ✓   ✓   ✓   ✓    AX5         Localizable.xcstrings:12
///
/// checked 2 translations of 1 key (24 layouts): 1 fails (1 new), 0 skipped
/// ```
///
/// The marks are `✓` fits, `…` truncated, `✗` overflows its lines and `·` not laid out; they
/// are always UTF-8 (every terminal `typescale` supports shows them). Keys are ordered by the
/// number of failing categories, most first, then by key. Keys where everything fits are only
/// counted: the JSON and HTML reports carry their grids. With ``usesColor`` the failing cells
/// are red (allowed truncations yellow, fits green) and the key bold, with ANSI SGR codes; the
/// caller decides, as the CLI does from `isatty(1)` and `NO_COLOR` (<https://no-color.org>).
/// Unreadable files are listed as `error: file:line:column: …` lines before the count, then the
/// report's warnings (`warning: rule "x.*" matches no key in any catalog; …`) and the keys that
/// nothing laid out (`not laid out: 'key' (required xS...AX5)`, each a failure).
///
/// Keys, languages, variants, paths and messages come from the user's files: their control
/// characters (an `ESC[2J` in a key) are written as escapes (`\u{1B}[2J`), so the summary cannot
/// move the cursor, recolour or retitle the terminal.
public struct CheckTerminalReport: Sendable {
  /// The most keys that nothing laid out listed one by one; the rest are counted.
  public static let maximumListedUnlaidKeys = 20

  /// Whether to colour the output with ANSI escape codes.
  public var usesColor: Bool

  /// Creates a terminal report writer.
  ///
  /// - Parameter usesColor: Whether to colour the output with ANSI escape codes.
  public init(usesColor: Bool = false) {
    self.usesColor = usesColor
  }

  /// The summary of a report, ending with a newline.
  ///
  /// - Parameter report: A report.
  /// - Returns: The text.
  public func write(_ report: CheckReport) -> String {
    var out = ""
    let groups = CheckReportFormatting.keyGroups(report.results)
    for group in groups where group.failureCount > 0 {
      writeGrid(group, to: &out)
      out += "\n"
    }
    for error in report.errors {
      out += paint("error:", .red) + " \(DisplayText.escapingControls(error.message))\n"
    }
    for warning in report.warnings {
      out += paint("warning:", .yellow) + " \(DisplayText.escapingControls(warning))\n"
    }
    let unlaid = report.unlaidRequirements
    for requirement in unlaid.prefix(Self.maximumListedUnlaidKeys) {
      out += paint("not laid out:", .red) + " '\(DisplayText.quoted(requirement.key))' (required "
      out += "\(Self.categoryText(requirement.categories)))\n"
    }
    if unlaid.count > Self.maximumListedUnlaidKeys {
      out += paint("not laid out:", .red)
      out += " \(unlaid.count - Self.maximumListedUnlaidKeys) more keys (see the JSON report)\n"
    }
    out += summary(report, keyCount: groups.count) + "\n"
    return out
  }

  /// Categories as a range (`xS...AX5`) when contiguous, else their names.
  static func categoryText(_ categories: [ContentSizeCategory]) -> String {
    guard let first = categories.first, let last = categories.last, categories.count > 1,
      categories.count == CheckRunner.sweepLength(categories)
    else { return CheckReportFormatting.names(categories) }
    return "\(first.shortName)...\(last.shortName)"
  }

  /// The closing line: `checked 24 translations of 6 keys (288 layouts): 3 fail (2 new,
  /// 1 baselined), 2 skipped, 1 unreadable file, 1 key not laid out (shard 2/4)`, with
  /// `(partial: shard 4/4 is missing)` for a partial merge.
  ///
  /// - Parameters:
  ///   - report: A report.
  ///   - keyCount: The number of distinct keys checked.
  /// - Returns: The line, without a newline.
  func summary(_ report: CheckReport, keyCount: Int) -> String {
    let failing = report.results.filter(\.fails)
    let new = report.newFailures.count
    let baselined = failing.count - new
    var line = "checked \(Self.count(report.results.count, "translation"))"
    line += " of \(Self.count(keyCount, "key"))"
    if report.layouts > 0 { line += " (\(CheckPlan.number(report.layouts)) layouts)" }
    line += ": "
    line += "\(failing.count) fail\(failing.count == 1 ? "s" : "")"
    if !failing.isEmpty {
      line += " (\(new) new" + (baselined > 0 ? ", \(baselined) baselined" : "") + ")"
    }
    line += ", \(report.skipped.count) skipped"
    if !report.errors.isEmpty {
      line += ", \(Self.count(report.errors.count, "unreadable file"))"
    }
    let unlaid = report.unlaidRequirements.count
    if unlaid > 0 { line += ", \(Self.count(unlaid, "key")) not laid out" }
    if let shard = report.shard { line += " (shard \(shard))" }
    if report.isPartial {
      line += " (partial: \(CheckReport.missingText(report.missingShards)))"
    }
    return line
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  private func writeGrid(_ group: CheckReportFormatting.KeyGroup, to out: inout String) {
    let categories = CheckReportFormatting.categories(group.results)
    let labels = group.results.map { DisplayText.escapingControls(CheckReportFormatting.label($0)) }
    let labelWidth = max("language".count, labels.map(\.count).max() ?? 0) + 2
    let fitsWidth = max("fits up to".count, 4) + 2
    out += paint(DisplayText.escapingControls(group.key), .bold) + "\n"
    var header = "  " + Self.padded("language", labelWidth)
    for category in categories { header += Self.padded(category.shortName, category.columnWidth) }
    out += header + " " + "fits up to" + "\n"
    for (result, label) in zip(group.results, labels) {
      var row = "  " + Self.padded(label, labelWidth)
      for category in categories {
        guard let cell = result.cells.first(where: { $0.category == category }) else {
          row += Self.padded("·", category.columnWidth)
          continue
        }
        let mark = Self.mark(cell.status)
        let padding = String(repeating: " ", count: category.columnWidth - 1)
        if CheckReportFormatting.isFailing(cell, of: result) {
          row += paint(mark, .red) + padding
        } else {
          row += paint(mark, cell.status == .fits ? .green : .yellow) + padding
        }
      }
      row += " " + Self.padded(result.largestFitting?.shortName ?? "none", fitsWidth)
      row += DisplayText.escapingControls("\(result.file):\(result.line)")
      if result.fails && result.isBaselined { row += " (baselined)" }
      out += row + "\n"
    }
  }

  /// The mark for a status: `✓`, `…` or `✗`.
  static func mark(_ status: CheckStatus) -> String {
    switch status {
    case .fits: "✓"
    case .truncated: "…"
    case .overflowsLines: "✗"
    }
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }

  private enum Style: String {
    case bold = "1"
    case red = "31"
    case green = "32"
    case yellow = "33"
  }

  private func paint(_ text: String, _ style: Style) -> String {
    usesColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}

extension ContentSizeCategory {
  /// The width of the category's column in the terminal grid: its short name and a space.
  fileprivate var columnWidth: Int { shortName.count + 1 }
}
