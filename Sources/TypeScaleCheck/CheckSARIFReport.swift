// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// The report as SARIF 2.1.0, which code-review tools (GitHub code scanning, Azure DevOps, IDE
/// viewers) show as annotations on the catalog line of each failing string.
///
/// The log has one run whose `tool.driver` is `typescale` with three rules:
/// `typescale/truncated` (a label truncates where its rule forbids it),
/// `typescale/overflows` (a text needs more lines than its limit) and `typescale/unreadable`
/// (a catalog that could not be read). Each failing result is one SARIF `result` (OASIS SARIF
/// 2.1.0 §3.27) with `level: "error"`, a message naming the key, language, variant and
/// categories, and a location (§3.28) whose `artifactLocation.uri` is the catalog — relative to
/// ``workingDirectory`` with `uriBaseId: "%SRCROOT%"` when it lies under it, else an absolute
/// `file://` URI — and whose `region.startLine` is the key's line. A failure a baseline accepts
/// is reported with `baselineState: "unchanged"` and `level: "note"`, a new one with
/// `baselineState: "new"` (§3.27.24), so viewers can show only new findings. Entries that were
/// not checked are not findings and are left out.
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
  ]

  /// The report as a SARIF log, ending with a newline.
  ///
  /// - Parameter report: A report.
  /// - Returns: The JSON text.
  public func write(_ report: CheckReport) -> String {
    var results: [JSONValue] = []
    for result in report.results where result.fails {
      results.append(sarifResult(result))
    }
    for error in report.errors {
      results.append(
        [
          "ruleId": "typescale/unreadable", "ruleIndex": 2, "level": "error",
          "message": ["text": .string(error.message)],
          "locations": [location(file: error.file, line: error.line, column: error.column)],
        ])
    }
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
    ]
    let driver: JSONValue = [
      "name": "typescale", "version": .string(toolVersion),
      "informationUri": "https://github.com/typescale/typescale",
      "rules": .array(rules),
    ]
    var out = "{\"$schema\": \(JSONValue.quoted(Self.schema)), \"version\": \"2.1.0\", "
    out += "\"runs\": [{\"tool\": {\"driver\": \(driver.text())}, \"columnKind\": "
    out += "\"unicodeCodePoints\", \"results\": ["
    for (index, result) in results.enumerated() {
      out += (index == 0 ? "\n  " : ",\n  ") + result.text()
    }
    out += results.isEmpty ? "]}]}\n" : "\n]}]}\n"
    return out
  }

  private func rule(_ index: Int, _ name: String, _ short: String, _ full: String) -> JSONValue {
    [
      "id": .string(Self.ruleIDs[index]), "name": .string(name),
      "shortDescription": ["text": .string(short)], "fullDescription": ["text": .string(full)],
      "defaultConfiguration": ["level": "error"],
    ]
  }

  private func sarifResult(_ result: CheckResult) -> JSONValue {
    let isOverflow = CheckReportFormatting.worstFailingStatus(result) == .overflowsLines
    let text =
      "\(CheckReportFormatting.failureSentence(result)). Text: \"\(result.text)\"; "
      + CheckReportFormatting.ruleSummary(result) + "."
    return [
      "ruleId": .string(Self.ruleIDs[isOverflow ? 1 : 0]),
      "ruleIndex": .integer(isOverflow ? 1 : 0),
      "level": result.isBaselined ? "note" : "error",
      "message": ["text": .string(text)],
      "locations": [location(file: result.file, line: result.line, column: nil)],
      "baselineState": result.isBaselined ? "unchanged" : "new",
      "partialFingerprints": ["typescaleResultId/v1": .string(result.id)],
      "properties": [
        "key": .string(result.key), "language": .string(result.language),
        "variant": .string(result.variant),
        "failingCategories": JSONValue(result.failures.map(\.shortName)),
        "largestFitting": JSONValue(result.largestFitting?.shortName),
      ],
    ]
  }

  private func location(file: String, line: Int?, column: Int?) -> JSONValue {
    let (uri, base) = CheckReportFormatting.artifactURI(file, relativeTo: workingDirectory)
    var artifact: [(key: String, value: JSONValue)] = [("uri", .string(uri))]
    if let base { artifact.append(("uriBaseId", .string(base))) }
    var physical: [(key: String, value: JSONValue)] = [("artifactLocation", .object(artifact))]
    if let line, line >= 1 {
      var region: [(key: String, value: JSONValue)] = [("startLine", .integer(line))]
      if let column, column >= 1 { region.append(("startColumn", .integer(column))) }
      physical.append(("region", .object(region)))
    }
    return ["physicalLocation": .object(physical)]
  }
}
