// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// The summary `typescale check` prints on a terminal: the count, then what to fix first, then
/// the worst keys as grids.
///
/// The output reads top down, triage first:
///
/// 1. The count: `checked 20,934 translations of 614 keys in 31 languages (251,208 layouts):
///    9,204 fail (9,204 new), 136 entries could not be measured` — naming entries that could
///    not be measured and files that could not be read only when there are some.
/// 2. Failing translations by language and category (worst ``maximumListedLanguages``
///    languages), failures by rule, the keys failing in the most languages, the categories
///    where labels start failing and, with a baseline, what is new against it.
/// 3. The worst ``keyLimit`` keys, each a grid of marks per category whose rows share a status
///    pattern: `de fr es +8  ✓ ✓ … ✗` is eleven translations that fare alike (at most
///    ``maximumGridRows`` rows per key, then `… N more rows`).
/// 4. Unreadable files (`error: file:line:column: …`), run warnings, entry warnings and keys
///    nothing laid out, each list capped, then the count again, so it is the last line seen.
///
/// A clean run prints the count alone (`checked 34 translations of 34 keys in 1 language
/// (408 layouts): all fit`). Every section is capped, so with a ``keyLimit`` the output has
/// O(``keyLimit``) lines whatever the report's size (under 200 with the default limit).
///
/// The marks are `✓` fits, `…` truncated, `✗` overflows its lines and `·` not laid out; they
/// are always UTF-8 (every terminal `typescale` supports shows them). With ``usesColor`` the
/// failing cells are red (allowed truncations yellow, fits green) and keys and headings bold,
/// with ANSI SGR codes; the caller decides, as the CLI does from `isatty(1)` and `NO_COLOR`
/// (<https://no-color.org>).
///
/// Keys, languages, variants, paths and messages come from the user's files: their control
/// characters (an `ESC[2J` in a key) are written as escapes (`\u{1B}[2J`), so the summary cannot
/// move the cursor, recolour or retitle the terminal.
public struct CheckTerminalReport: Sendable {
  /// The most keys that nothing laid out listed one by one; the rest are counted.
  public static let maximumListedUnlaidKeys = 20
  /// The worst keys drawn as grids unless ``keyLimit`` says otherwise.
  public static let defaultKeyLimit = 20
  /// The most languages in the language × category table; the rest are counted.
  public static let maximumListedLanguages = 15
  /// The most rules, and the most keys failing in the most languages, listed.
  public static let maximumListedRules = 10
  /// The most keys listed as failing in the most languages, and as having new failures.
  public static let maximumListedKeys = 10
  /// The most rows of one key's grid when ``keyLimit`` is set; the rest are counted.
  public static let maximumGridRows = 3
  /// The most unreadable files, run warnings and entry warnings listed, each; the rest are
  /// counted.
  public static let maximumListedProblems = 10

  /// Whether to colour the output with ANSI escape codes.
  public var usesColor: Bool
  /// The most failing keys drawn as grids, worst first; `nil` draws every failing key with
  /// every row.
  public var keyLimit: Int?

  /// Creates a terminal report writer.
  ///
  /// - Parameters:
  ///   - usesColor: Whether to colour the output with ANSI escape codes.
  ///   - keyLimit: The most failing keys drawn as grids; `nil` for all.
  public init(usesColor: Bool = false, keyLimit: Int? = CheckTerminalReport.defaultKeyLimit) {
    self.usesColor = usesColor
    self.keyLimit = keyLimit
  }

  /// The summary of a report, ending with a newline.
  ///
  /// - Parameter report: A report.
  /// - Returns: The text.
  public func write(_ report: CheckReport) -> String {
    write(CheckSummary(report))
  }

  /// The summary of a run, ending with a newline.
  ///
  /// - Parameter summary: A run's summary.
  /// - Returns: The text.
  public func write(_ summary: CheckSummary) -> String {
    let count = self.summary(summary)
    var sections: [String] = []
    if summary.rows.contains(where: \.fails) {
      sections.append(languageTable(summary))
      sections.append(ruleTable(summary))
      sections.append(widestKeys(summary) + firstFailingLine(summary))
    }
    if let baseline = baselineSection(summary) { sections.append(baseline) }
    let grids = gridSection(summary)
    if !grids.isEmpty { sections.append(grids) }
    let problems = problemSection(summary)
    if !problems.isEmpty { sections.append(problems) }
    guard !sections.isEmpty else { return count + "\n" }
    var out = count + "\n"
    out.reserveCapacity(sections.reduce(2 * count.utf8.count + 8) { $0 + $1.utf8.count + 1 })
    for section in sections { out += "\n" + section }
    out += "\n" + count + "\n"
    return out
  }

  /// Categories as a range (`xS...AX5`) when contiguous, else their names.
  static func categoryText(_ categories: [SizeStep]) -> String {
    let named = categories.compactMap(\.category)
    guard named.count == categories.count, let first = categories.first,
      let last = categories.last, categories.count > 1,
      categories.count == CheckRunner.sweepLength(named)
    else { return CheckReportFormatting.names(categories) }
    return "\(first.shortName)...\(last.shortName)"
  }

  /// The closing line of a report held in memory, as ``summary(_:)`` words it for its summary.
  ///
  /// - Parameters:
  ///   - report: A report.
  ///   - keyCount: Unused: the summary counts the report's keys itself.
  /// - Returns: The line, without a newline.
  func summary(_ report: CheckReport, keyCount: Int) -> String {
    summary(CheckSummary(report))
  }

  /// The count line, first and last in the summary.
  ///
  /// `checked 24 translations of 6 keys in 2 languages (288 layouts): 3 fail (2 new,
  /// 1 baselined), 2 skipped (no rule matches), 4 entries could not be measured, 1 file could
  /// not be read, 1 key not laid out (shard 2/4)`, with `(partial: shard 4/4 is missing)` for a
  /// partial merge, and `…: all fit` when nothing fails. Zero counts after the failures are left
  /// out.
  ///
  /// - Parameter summary: A run's summary.
  /// - Returns: The line, without a newline.
  func summary(_ summary: CheckSummary) -> String {
    let failing = summary.failingCount
    let new = summary.newFailureCount
    let baselined = failing - new
    var line = "checked \(Self.count(summary.rows.count, "translation"))"
    line += " of \(Self.count(summary.keys.count, "key"))"
    line += " in \(Self.count(summary.languages.count, "language"))"
    if summary.run.layouts > 0 { line += " (\(CheckPlan.number(summary.run.layouts)) layouts)" }
    line += ": "
    if failing == 0 {
      line += "all fit"
    } else {
      line += "\(CheckPlan.number(failing)) fail\(failing == 1 ? "s" : "")"
      line += " (\(CheckPlan.number(new)) new"
      line += (baselined > 0 ? ", \(CheckPlan.number(baselined)) baselined" : "") + ")"
    }
    let unmeasured = summary.unmeasuredCount
    let unmatched = summary.skipped.count - unmeasured
    if unmatched > 0 { line += ", \(CheckPlan.number(unmatched)) skipped (no rule matches)" }
    if unmeasured > 0 {
      line += ", \(Self.count(unmeasured, "entry", "entries")) could not be measured"
    }
    // A file can hold several errors; the count is of files.
    let unreadable = Set(summary.run.errors.map(\.file)).count
    if unreadable > 0 { line += ", \(Self.count(unreadable, "file")) could not be read" }
    let unlaid = summary.unlaidRequirements.count
    if unlaid > 0 { line += ", \(Self.count(unlaid, "key")) not laid out" }
    if let shard = summary.run.shard { line += " (shard \(shard))" }
    if summary.run.isPartial {
      line += " (partial: \(CheckReport.missingText(summary.run.missingShards)))"
    }
    return line
  }

  /// `1 key`, `1,204 keys`, `2 entries`.
  static func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(CheckPlan.number(number)) \(number == 1 ? noun : plural ?? noun + "s")"
  }

  /// The mark for a status: `✓`, `…` or `✗`.
  static func mark(_ status: CheckStatus) -> String {
    switch status {
    case .fits: "✓"
    case .truncated: "…"
    case .overflowsLines: "✗"
    }
  }

  /// Text followed by spaces up to a width, and at least one space.
  static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }

  /// Spaces, then text, up to a width, and at least one space after.
  static func rightAligned(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - 1 - text.count)) + text + " "
  }

  /// The ANSI styles the report uses.
  enum Style: String {
    case bold = "1"
    case red = "31"
    case green = "32"
    case yellow = "33"
  }

  /// Text in a style when ``usesColor``.
  func paint(_ text: String, _ style: Style) -> String {
    usesColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }

  /// Text from the user's files with its control characters escaped.
  static func shown(_ text: String) -> String { DisplayText.escapingControls(text) }
}
