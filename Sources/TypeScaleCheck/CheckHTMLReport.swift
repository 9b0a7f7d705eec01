// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// The report as one self-contained HTML page: a grid per key, filters, and the failing labels
/// drawn inline.
///
/// The page needs nothing beyond itself: its CSS and JavaScript are inline and images are
/// `data:image/png;base64,…` URLs, so it can be archived as a CI artifact and opened offline.
/// Each key has a table with one row per language and variant and one column per content-size
/// category, each cell coloured by status (fits, truncated, overflows; a failing cell is
/// outlined) with the largest fitting category, the text and, for a failing result, the label
/// drawn at its smallest failing category when the caller supplies that image. Keys are ordered
/// worst first, as in ``CheckTerminalReport``. A language select and status checkboxes
/// (new failures, baselined, passing) hide rows with plain JavaScript; with scripts off every row
/// shows.
///
/// Text cells carry the result's `lang` and `dir="auto"`, so Arabic and Hebrew read right to
/// left. All text is escaped, and the markup is XHTML-compatible (every element closed, scripts
/// and styles in CDATA sections), so after its `<!DOCTYPE html>` line it parses as XML.
///
/// ```swift
/// let key = CheckHTMLReport.imageKey(for: result, at: .accessibilityMedium)
/// let page = CheckHTMLReport(images: [key: png]).write(report)
/// ```
public struct CheckHTMLReport: Sendable {
  /// PNG images of failing labels, keyed by ``imageKey(for:at:)``.
  public var images: [String: Data]
  /// A sentence shown under the summary, such as why there are no images; `nil` for none.
  public var note: String?

  /// Creates an HTML writer.
  ///
  /// - Parameters:
  ///   - images: PNG images of failing labels, keyed by ``imageKey(for:at:)``.
  ///   - note: A sentence shown under the summary, or `nil`.
  public init(images: [String: Data] = [:], note: String? = nil) {
    self.images = images
    self.note = note
  }

  /// The key of a label's image in ``images``: the result's ``CheckResult/id``, `@` and the
  /// category's short name (`button.ok|de@AX1`).
  ///
  /// - Parameters:
  ///   - result: A result.
  ///   - category: The category the label is drawn at.
  /// - Returns: The key.
  public static func imageKey(for result: CheckResult, at category: ContentSizeCategory) -> String {
    "\(result.id)@\(category.shortName)"
  }

  /// The category a failing result's label is drawn at: its smallest failing one.
  ///
  /// - Parameter result: A result.
  /// - Returns: The category, or `nil` when the result does not fail.
  public static func imageCategory(for result: CheckResult) -> ContentSizeCategory? {
    result.failures.first
  }

  /// The page, ending with a newline.
  ///
  /// - Parameter report: A report.
  /// - Returns: The HTML text.
  public func write(_ report: CheckReport) -> String {
    let groups = CheckReportFormatting.keyGroups(report.results)
    var out = """
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
    let summary = CheckTerminalReport().summary(report, keyCount: groups.count)
    out += "<p class=\"summary\">\(Self.escaped(summary))</p>\n"
    if let note { out += "<p class=\"note\">\(Self.escaped(note))</p>\n" }
    writeFilters(languages: Set(report.results.map(\.language)).sorted(), to: &out)
    if !report.errors.isEmpty {
      out += "<h2>Unreadable files</h2>\n<ul class=\"errors\">\n"
      for error in report.errors { out += "<li>\(Self.escaped(error.message))</li>\n" }
      out += "</ul>\n"
    }
    if !report.warnings.isEmpty {
      out += "<h2>Warnings</h2>\n<ul class=\"warnings\">\n"
      for warning in report.warnings { out += "<li>\(Self.escaped(warning))</li>\n" }
      out += "</ul>\n"
    }
    let unlaid = report.unlaidRequirements
    if !unlaid.isEmpty {
      out += "<h2>Not laid out</h2>\n<ul class=\"errors unlaid\">\n"
      for requirement in unlaid {
        let categories = CheckTerminalReport.categoryText(requirement.categories)
        out += "<li>\(Self.escaped(requirement.key)): required at \(categories); nothing laid "
        out += "it out</li>\n"
      }
      out += "</ul>\n"
    }
    for group in groups { writeGroup(group, to: &out) }
    if !report.skipped.isEmpty {
      out += "<h2>Not checked</h2>\n<table class=\"skipped\">\n<thead><tr><th>key</th>"
      out += "<th>language</th><th>variant</th><th>file</th><th>reason</th></tr></thead>\n<tbody>\n"
      for skipped in report.skipped {
        out += "<tr><td dir=\"auto\">\(Self.escaped(skipped.key))</td>"
        out += "<td>\(Self.escaped(skipped.language))</td><td>\(Self.escaped(skipped.variant))</td>"
        out += "<td>\(Self.escaped("\(skipped.file):\(skipped.line)"))</td>"
        out += "<td>\(Self.escaped(skipped.reason))</td></tr>\n"
      }
      out += "</tbody>\n</table>\n"
    }
    out += "<script>//<![CDATA[\n\(Self.script)\n//]]></script>\n</body>\n</html>\n"
    return out
  }

  private func writeFilters(languages: [String], to out: inout String) {
    out += "<form class=\"filters\" action=\"#\">\n<label>Language <select id=\"filter-language\">"
    out += "<option value=\"\">all</option>"
    for language in languages {
      out += "<option value=\"\(Self.attribute(language))\">\(Self.escaped(language))</option>"
    }
    out += "</select></label>\n"
    for (value, title) in [
      ("fails", "new failures"), ("baselined", "baselined"), ("passes", "passing"),
    ] {
      out += "<label><input type=\"checkbox\" class=\"filter-status\" value=\"\(value)\""
      out += " checked=\"checked\"/> \(title)</label>\n"
    }
    out += "</form>\n"
  }

  private func writeGroup(_ group: CheckReportFormatting.KeyGroup, to out: inout String) {
    let categories = CheckReportFormatting.categories(group.results)
    out += "<section class=\"key\">\n<h2 dir=\"auto\">\(Self.escaped(group.key))</h2>\n"
    out += "<table>\n<thead><tr><th>language</th>"
    for category in categories { out += "<th>\(category.shortName)</th>" }
    out += "<th>fits up to</th><th>text</th><th>label where it breaks</th></tr></thead>\n<tbody>\n"
    for result in group.results {
      let status = !result.fails ? "passes" : result.isBaselined ? "baselined" : "fails"
      out += "<tr class=\"result \(status)\" data-language=\"\(Self.attribute(result.language))\""
      out += " data-status=\"\(status)\">"
      out += "<th>\(Self.escaped(CheckReportFormatting.label(result)))</th>"
      for category in categories {
        guard let cell = result.cells.first(where: { $0.category == category }) else {
          out += "<td class=\"absent\">·</td>"
          continue
        }
        var classes = [cell.status == .overflowsLines ? "overflows" : cell.status.rawValue]
        if CheckReportFormatting.isFailing(cell, of: result) { classes.append("failing") }
        if !result.required.contains(category) { classes.append("optional") }
        let title =
          "\(category.shortName): \(cell.status.rawValue), "
          + "\(CheckReportFormatting.points(cell.pointSize)) pt, \(cell.lineCount) of "
          + "\(cell.neededLines) lines"
        out += "<td class=\"\(classes.joined(separator: " "))\" title=\"\(Self.attribute(title))\">"
        out += CheckTerminalReport.mark(cell.status) + "</td>"
      }
      out += "<td>\(result.largestFitting?.shortName ?? "none")</td>"
      let language = Self.attribute(result.language)
      out += "<td class=\"text\" lang=\"\(language)\" dir=\"auto\">\(Self.escaped(result.text))"
      out += "<div class=\"where\">\(Self.escaped("\(result.file):\(result.line)")) · "
      out += "\(Self.escaped(CheckReportFormatting.ruleSummary(result)))</div></td>"
      out += "<td class=\"image\">"
      if let category = Self.imageCategory(for: result),
        let png = images[Self.imageKey(for: result, at: category)]
      {
        out += "<img src=\"data:image/png;base64,\(png.base64EncodedString())\""
        out += " alt=\"\(Self.attribute(result.text))\" title=\"at \(category.shortName)\"/>"
        out += "<div class=\"where\">at \(category.shortName)</div>"
      }
      out += "</td></tr>\n"
    }
    out += "</tbody>\n</table>\n</section>\n"
  }

  private static func escaped(_ text: String) -> String {
    CheckReportFormatting.xmlEscaped(text)
  }

  private static func attribute(_ text: String) -> String {
    CheckReportFormatting.xmlEscaped(text, attribute: true)
  }

  private static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}\
    table{border-collapse:collapse;margin:.5em 0 1.5em}\
    th,td{border:1px solid #ccc;padding:2px 6px;text-align:center;vertical-align:top}\
    td.text{text-align:start;max-width:28em}\
    td.fits{background:#d9f2d9}td.truncated{background:#fff0c2}td.overflows{background:#f8d0d0}\
    td.failing{outline:2px solid #c00;outline-offset:-2px;font-weight:bold}\
    td.optional{opacity:.6}td.absent{color:#999}\
    tr.baselined th{font-style:italic}\
    .where{color:#666;font-size:12px}\
    .filters label{margin-right:1em}\
    td.image img{max-width:400px;border:1px dashed #999}\
    .errors li{color:#a00}
    """

  private static let script = """
    (function () {
      var language = document.getElementById("filter-language");
      var boxes = document.querySelectorAll("input.filter-status");
      function update() {
        var shown = {};
        for (var i = 0; i < boxes.length; i++) { shown[boxes[i].value] = boxes[i].checked; }
        var sections = document.querySelectorAll("section.key");
        for (var s = 0; s < sections.length; s++) {
          var rows = sections[s].querySelectorAll("tr.result");
          var visible = 0;
          for (var r = 0; r < rows.length; r++) {
            var row = rows[r];
            var show = shown[row.getAttribute("data-status")] === true;
            if (language.value !== "" && row.getAttribute("data-language") !== language.value) {
              show = false;
            }
            row.style.display = show ? "" : "none";
            if (show) { visible++; }
          }
          sections[s].style.display = visible > 0 ? "" : "none";
        }
      }
      language.addEventListener("change", update);
      for (var b = 0; b < boxes.length; b++) { boxes[b].addEventListener("change", update); }
    })();
    """
}
