// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// The report as one self-contained HTML page that starts with the triage and stays at most
/// ``maximumPageBytes`` whatever the run.
///
/// The page needs nothing beyond itself: its CSS, JavaScript and data are inline and images
/// are `data:image/png;base64,…` URLs, so it can be archived as a CI artifact and opened
/// offline. It starts with what to do: the summary sentence, the counts (failing, new,
/// baselined, fixed since the baseline, entries that could not be measured, files that could
/// not be read), a heat map of failing translations by language × category (languages worst
/// first, the ``heatMapLanguages`` worst open, each cell shaded by the language's share),
/// failures by rule, the keys failing in the most languages, the categories where labels start failing, and what is new against the
/// baseline. Then the worst keys' grids: one row per language and variant, one column per
/// content-size category (`✓` fits, `…` truncated, `✗` overflows, `·` not laid out; a failing
/// cell is outlined), the largest fitting category, the text (with its `lang` and
/// `dir="auto"`, so Arabic and Hebrew read right to left) and a link to its `file:line`. Then
/// unreadable files, warnings, entry warnings, keys nothing laid out and entries not checked,
/// each list cut at ``maximumListedItems`` with the exact count of the rest. Each key and row
/// links to its file and line: under ``sourceLinkBase`` when set (`…/blob/main/path#L12`), else
/// relative to ``pageDirectory``, else the path as the report names it.
///
/// Only the first page of keys (at most ``keysPerPage`` keys and ``rowsPerPage`` rows, worst
/// first) is static HTML; every row of the run is in a compact JSON block that a small script
/// renders page by page, so the page opens quickly with 100,000 translations. The filters
/// (language, rule, status, failing category, key search) apply to every row. With scripts off,
/// the triage and the first page still show. When the rows would not fit in the page's budget,
/// passing rows' texts are left out first, then passing rows, then failing rows' texts, then
/// the rows of the least failing keys, and the page says how many (the JSON report has them
/// all).
///
/// Labels are drawn for at most ``maximumImages`` rows, the worst failing rows of the first
/// page (``imageRequests(for:)``), within ``maximumImageBytes``.
///
/// All text is escaped, and the markup is XHTML-compatible (every element closed, scripts
/// and styles in CDATA sections or free of `<` and `&`), so after its `<!DOCTYPE html>` line it
/// parses as XML.
///
/// ```swift
/// let requests = CheckHTMLReport.imageRequests(for: summary)
/// var images: [String: Data] = [:]
/// for (row, category) in requests {
///   images[CheckHTMLReport.imageKey(for: summary, row: row, at: category)] = png
/// }
/// let page = CheckHTMLReport(images: images).write(summary)
/// ```
public struct CheckHTMLReport: Sendable {
  /// The most bytes (UTF-8) the page takes, 10 MB: the rows' data is cut to fit.
  public static let maximumPageBytes = 10_000_000
  /// The most labels drawn on the page: 40, the worst failing rows of the first page.
  ///
  /// Drawing and compressing a label at 2× costs about 15 ms of CPU (an AX5 paragraph more), so
  /// the cap keeps the page's pictures to a few hundred milliseconds whatever the run's size.
  public static let maximumImages = 40
  /// The most bytes of base64 image data on the page: 3 MB; images past it are left out.
  public static let maximumImageBytes = 3_000_000
  /// The most keys on one page of the grids.
  public static let keysPerPage = 50
  /// The most rows on one page of the grids (a page always shows at least one key, cut at this
  /// many rows).
  public static let rowsPerPage = 1_000
  /// The most bytes of the first page's static grids, images aside: 3 MB; rows past it are
  /// left to the script's pages.
  public static let maximumGridBytes = 3_000_000
  /// The most items of each list (unreadable files, warnings, entry warnings, keys not laid
  /// out, entries not checked, rules, keys in the triage tables); the rest are counted.
  public static let maximumListedItems = 100
  /// The most keys in the triage's key tables (failing in most languages, new failures).
  public static let maximumTriageKeys = 20
  /// The languages the heat map shows open, worst first; the others (up to
  /// ``maximumLanguages``) are in a closed `<details>` below it.
  public static let heatMapLanguages = 25
  /// The most languages in the heat map and the language filter; the rest are counted.
  public static let maximumLanguages = 300
  /// The most characters of a text shown; longer ones are cut with their length.
  public static let maximumTextCharacters = 500
  /// The most characters of a key, language, file, rule or message shown.
  public static let maximumNameCharacters = 300

  /// PNG images of failing labels, keyed by ``imageKey(for:row:at:)``.
  public var images: [String: Data]
  /// A sentence shown under the summary, such as why there are no images; `nil` for none.
  public var note: String?
  /// The start of a link to a source file, such as `https://github.com/org/app/blob/main/`.
  ///
  /// The file's path (relative to ``workingDirectory``) and `#L12` are appended. `nil` links
  /// to the file on disk.
  public var sourceLinkBase: String?
  /// The folder the page is written to, so links to files on disk are relative to it; `nil`
  /// links to the path as the report names it.
  public var pageDirectory: URL?
  /// The folder relative paths in the report are relative to; `nil` for the current directory.
  public var workingDirectory: URL?

  /// Creates an HTML writer.
  ///
  /// - Parameters:
  ///   - images: PNG images of failing labels, keyed by ``imageKey(for:row:at:)``.
  ///   - note: A sentence shown under the summary, or `nil`.
  ///   - sourceLinkBase: The start of links to source files, or `nil` for files on disk.
  ///   - pageDirectory: The page's folder, for relative links to files on disk, or `nil`.
  ///   - workingDirectory: The folder relative paths start from, or `nil` for the current one.
  public init(
    images: [String: Data] = [:], note: String? = nil, sourceLinkBase: String? = nil,
    pageDirectory: URL? = nil, workingDirectory: URL? = nil
  ) {
    self.images = images
    self.note = note
    self.sourceLinkBase = sourceLinkBase
    self.pageDirectory = pageDirectory
    self.workingDirectory = workingDirectory
  }

  /// The key of a label's image in ``images``: the result's ``CheckResult/id``, `@` and the
  /// category's short name (`button.ok|de@AX1`).
  ///
  /// - Parameters:
  ///   - result: A result.
  ///   - category: The category the label is drawn at.
  /// - Returns: The key.
  public static func imageKey(for result: CheckResult, at category: SizeStep) -> String {
    "\(result.id)@\(category.shortName)"
  }

  /// The key of a row's image in ``images``: the row's ``CheckSummary/id(of:)``, `@` and the
  /// category's short name (`button.ok|de@AX1`), as ``imageKey(for:at:)`` for its result.
  ///
  /// - Parameters:
  ///   - summary: The summary.
  ///   - row: The row's index in ``CheckSummary/rows``.
  ///   - category: The category the label is drawn at.
  /// - Returns: The key.
  public static func imageKey(
    for summary: CheckSummary, row: Int, at category: SizeStep
  ) -> String {
    "\(summary.id(of: summary.rows[row]))@\(category.shortName)"
  }

  /// The category a failing result's label is drawn at: its smallest failing one.
  ///
  /// - Parameter result: A result.
  /// - Returns: The category, or `nil` when the result does not fail.
  public static func imageCategory(for result: CheckResult) -> SizeStep? {
    result.failures.first
  }

  /// The page, ending with a newline.
  ///
  /// - Parameter report: A report.
  /// - Returns: The HTML text.
  public func write(_ report: CheckReport) -> String {
    write(CheckSummary(report))
  }

  /// The page, ending with a newline; at most ``maximumPageBytes`` bytes.
  ///
  /// - Parameter summary: A run's summary.
  /// - Returns: The HTML text.
  public func write(_ summary: CheckSummary) -> String {
    let links = Links(
      summary: summary, base: sourceLinkBase, pageDirectory: pageDirectory,
      workingDirectory: workingDirectory)
    let plan = Self.firstPage(summary)
    var top = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>typescale check</title>
      <style>/*<![CDATA[*/\(Self.style)/*]]>*/</style>
      </head>
      <body>
      <h1>typescale check</h1>

      """
    top += "<p class=\"summary\">\(Self.text(Self.sentence(summary)))</p>\n"
    if let note { top += "<p class=\"note\">\(Self.text(note, 2_000))</p>\n" }
    writeTriage(summary, to: &top)
    var filters = ""
    writeFilters(summary, to: &filters)
    var grids = ""
    writeFirstPage(plan, of: summary, links: links, to: &grids)
    var lists = ""
    writeLists(summary, to: &lists)
    let script = "<script>//<![CDATA[\n\(Self.script)\n//]]></script>\n</body>\n</html>\n"
    // The data block takes what the rest leaves, with room for its notice and the tags.
    let fixed =
      top.utf8.count + filters.utf8.count + grids.utf8.count + lists.utf8.count + script.utf8.count
    let data = Self.dataBlock(
      summary, links: links, budget: Self.maximumPageBytes - fixed - 4_096)
    var out = top
    out.reserveCapacity(fixed + data.json.utf8.count + 4_096)
    out += Self.keysHeading(summary, plan: plan, data: data)
    out += filters
    out += grids
    out += lists
    out += "<script type=\"application/json\" id=\"check-data\">"
    out += data.json
    out += "</script>\n"
    out += script
    // Only names and messages thousands of characters long, by the hundred, get here.
    guard out.utf8.count <= Self.maximumPageBytes else { return Self.shortPage(summary) }
    return out
  }

  /// The page when even the triage and first page pass ``maximumPageBytes``: the summary and
  /// the counts only.
  static func shortPage(_ summary: CheckSummary) -> String {
    var out = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>typescale check</title>
      </head>
      <body>
      <h1>typescale check</h1>

      """
    out += "<p class=\"summary\">\(text(sentence(summary), 2_000))</p>\n"
    out += "<p class=\"left-out\">This run's keys, languages and messages are too long to show"
    out += " within \(maximumPageBytes / 1_000_000) MB; the JSON report (check --json) has every"
    out += " translation.</p>\n</body>\n</html>\n"
    return out
  }
}
