// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// The report as SARIF 2.1.0, which code-review tools (GitHub code scanning, Azure DevOps, IDE
/// viewers) show as annotations on the catalog line of each failing string.
///
/// The log has one run whose `tool.driver` is `typescale` with four rules:
/// `typescale/truncated` (a label truncates where its rule forbids it),
/// `typescale/overflows` (a text needs more lines than its limit), `typescale/unreadable`
/// (a catalog that could not be read) and `typescale/entry-warning` (a placeholder Foundation
/// formats but that may not say what was meant, or one no platform formats). Each failing result is one SARIF `result` (OASIS SARIF
/// 2.1.0 §3.27) with `level: "error"`, a message naming the key, language, variant and
/// categories, and a location (§3.28) whose `artifactLocation.uri` is the catalog — relative to
/// ``workingDirectory`` with `uriBaseId: "%SRCROOT%"` when it lies under it, else an absolute
/// `file://` URI — and whose `region.startLine` is the key's line. A failure a baseline accepts
/// is reported with `baselineState: "unchanged"` and `level: "note"`, a new one with
/// `baselineState: "new"` (§3.27.24), so viewers can show only new findings. Each entry warning
/// is a result with `level: "warning"` at its file, line and column, with the key, language,
/// variant and whether it was measured in `properties`. Entries that were not checked are not
/// findings and are left out (their entry warning says why).
///
/// Members are written in a fixed order, so the same report gives the same bytes.
public struct CheckSARIFReport: Sendable {
  /// The version written as `tool.driver.version`, such as the CLI's `0.1.0-dev`.
  public var toolVersion: String
  /// The folder relative file URIs are resolved against (SARIF's `%SRCROOT%`); `nil` writes
  /// absolute paths as `file://` URIs and relative ones as given.
  public var workingDirectory: URL?

  /// The schema the log names in `$schema`.
  public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  /// Creates a SARIF writer.
  ///
  /// - Parameters:
  ///   - toolVersion: The version written as `tool.driver.version`.
  ///   - workingDirectory: The folder `%SRCROOT%` stands for.
  public init(toolVersion: String, workingDirectory: URL? = nil) {
    self.toolVersion = toolVersion
    self.workingDirectory = workingDirectory
  }

  /// The rule identifiers, in the order `tool.driver.rules` lists them.
  public static let ruleIDs = [
    "typescale/truncated", "typescale/overflows", "typescale/unreadable",
    "typescale/entry-warning",
  ]

  /// The report as a SARIF log, ending with a newline.
  ///
  /// - Parameter report: A report.
  /// - Returns: The JSON text.
  public func write(_ report: CheckReport) -> String {
    write(CheckSummary(report))
  }

  /// A run's summary as a SARIF log, ending with a newline.
  ///
  /// The results are written as JSON text directly, one per line, so a log of 100,000
  /// results takes one string and no tree of values.
  ///
  /// - Parameter summary: A run's summary.
  /// - Returns: The JSON text.
  public func write(_ summary: CheckSummary) -> String {
    let rules: [JSONValue] = [
      rule(
        0, "LabelTruncates", "A label truncates where its rule does not allow truncation.",
        "The text is cut off with an ellipsis at a content-size category its rule requires to "
          + "fit. Shorten the translation or relax the rule's width, line limit or categories."),
      rule(
        1, "TextOverflowsLines", "A text needs more lines than its rule allows.",
        "At a content-size category its rule requires to fit, the text needs more lines than "
          + "the line limit or is wider than the label."),
      rule(
        2, "CatalogUnreadable", "A strings file could not be read.",
        "The file is malformed; the message gives its line and column and what was expected."),
      rule(
        3, "EntryWarning", "A translation's placeholder may not format as its author meant.",
        "Foundation formats the entry, but a placeholder looks wrong, or no platform formats it "
          + "and the entry was not measured; the message names the key and the placeholder.",
        level: "warning"),
    ]
    let driver: JSONValue = [
      "name": "typescale", "version": .string(toolVersion),
      "informationUri": "https://github.com/typescale/typescale",
      "rules": .array(rules),
    ]
    var out = "{\"$schema\": \(JSONValue.quoted(Self.schema)), \"version\": \"2.1.0\", "
    out += "\"runs\": [{\"tool\": {\"driver\": \(driver.text())}, \"columnKind\": "
    out += "\"unicodeCodePoints\", \"results\": ["
    let failing = summary.rows.count { $0.fails }
    out.reserveCapacity(out.utf8.count + failing * 700 + summary.entryWarnings.count * 400)
    var first = true
    func next() {
      out += first ? "\n  " : ",\n  "
      first = false
    }
    // Each file's artifactLocation, written once.
    let artifacts = summary.files.map { artifact(file: $0) }
    for row in summary.rows where row.fails {
      next()
      write(row, in: summary, artifact: artifacts[Int(row.file)], to: &out)
    }
    for error in summary.run.errors {
      next()
      out += "{\"ruleId\": \"typescale/unreadable\", \"ruleIndex\": 2, \"level\": \"error\", "
      out += "\"message\": {\"text\": "
      JSONValue.writeString(error.message, to: &out)
      out += "}, \"locations\": ["
      writeLocation(artifact(file: error.file), line: error.line, column: error.column, to: &out)
      out += "]}"
    }
    for warning in summary.entryWarnings {
      next()
      out += "{\"ruleId\": \"typescale/entry-warning\", \"ruleIndex\": 3, "
      out += "\"level\": \"warning\", \"message\": {\"text\": "
      JSONValue.writeString(warning.message, to: &out)
      out += "}, \"locations\": ["
      writeLocation(
        artifact(file: warning.file), line: warning.line, column: warning.column, to: &out)
      out += "], \"properties\": {\"key\": "
      JSONValue.writeString(warning.key, to: &out)
      out += ", \"language\": "
      JSONValue.writeString(warning.language, to: &out)
      out += ", \"variant\": "
      JSONValue.writeString(warning.variant, to: &out)
      out += ", \"measured\": \(warning.isMeasured)}}"
    }
    out += first ? "]}]}\n" : "\n]}]}\n"
    return out
  }

  private func rule(
    _ index: Int, _ name: String, _ short: String, _ full: String, level: JSONValue = "error"
  ) -> JSONValue {
    [
      "id": .string(Self.ruleIDs[index]), "name": .string(name),
      "shortDescription": ["text": .string(short)], "fullDescription": ["text": .string(full)],
      "defaultConfiguration": ["level": level],
    ]
  }

  private func write(
    _ row: CheckSummary.Row, in summary: CheckSummary, artifact: String, to out: inout String
  ) {
    let index = CheckSummary.overflows(row) ? 1 : 0
    let text =
      "\(summary.failureSentence(row)). Text: \"\(row.text)\"; "
      + CheckSummary.ruleSummary(summary.rule(of: row)) + "."
    out += "{\"ruleId\": \"\(Self.ruleIDs[index])\", \"ruleIndex\": \(index), \"level\": "
    out += row.isBaselined ? "\"note\"" : "\"error\""
    out += ", \"message\": {\"text\": "
    JSONValue.writeString(text, to: &out)
    out += "}, \"locations\": ["
    writeLocation(artifact, line: Int(row.line), column: nil, to: &out)
    out += "], \"baselineState\": " + (row.isBaselined ? "\"unchanged\"" : "\"new\"")
    out += ", \"partialFingerprints\": {\"typescaleResultId/v1\": "
    JSONValue.writeString(summary.id(of: row), to: &out)
    out += "}, \"properties\": {\"key\": "
    JSONValue.writeString(summary.key(of: row), to: &out)
    out += ", \"language\": "
    JSONValue.writeString(summary.language(of: row), to: &out)
    out += ", \"variant\": "
    JSONValue.writeString(row.variant, to: &out)
    out += ", \"failingCategories\": ["
    var separator = ""
    for category in row.failures where row.statuses[category] != nil {
      out += separator + "\"\(category.shortName)\""
      separator = ", "
    }
    out += "], \"largestFitting\": "
    out += row.largestFitting.map { "\"\($0.shortName)\"" } ?? "null"
    out += "}}"
  }

  /// A file's `artifactLocation` object as JSON text.
  private func artifact(file: String) -> String {
    let (uri, base) = CheckReportFormatting.artifactURI(file, relativeTo: workingDirectory)
    var out = "{\"uri\": "
    JSONValue.writeString(uri, to: &out)
    if let base {
      out += ", \"uriBaseId\": "
      JSONValue.writeString(base, to: &out)
    }
    return out + "}"
  }

  private func writeLocation(_ artifact: String, line: Int?, column: Int?, to out: inout String) {
    out += "{\"physicalLocation\": {\"artifactLocation\": " + artifact
    if let line, line >= 1 {
      out += ", \"region\": {\"startLine\": \(line)"
      if let column, column >= 1 { out += ", \"startColumn\": \(column)" }
      out += "}"
    }
    out += "}}"
  }
}
