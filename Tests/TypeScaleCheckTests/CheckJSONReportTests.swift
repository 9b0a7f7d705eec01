// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck

@Suite struct CheckJSONReportTests {
  @Test func json_roundTripsToAnEqualReport() throws {
    var report = CheckReportSamples.report
    report.entryWarnings = [
      CheckEntryWarning(
        key: "k", language: "de", variant: "plural=one", file: "A.strings", line: 3, column: 9,
        message: "A.strings:3:9: odd", isMeasured: true)
    ]
    let text = CheckJSONReport().write(report)
    let back = try CheckJSONReport.read(Data(text.utf8), file: "r.json")
    #expect(back == report)
    #expect(CheckJSONReport().write(back) == text)
  }

  /// The compact form: one result per line, its rule and file as indices into tables written
  /// once, each cell a six-element array from the rule's first required category.
  @Test func json_isCompactWithOneResultPerLine() throws {
    let cells = [ContentSizeCategory.large, .extraLarge].map {
      CheckCell(
        category: $0, status: $0 == .large ? .fits : .truncated, pointSize: 17, width: 100.5,
        height: 22, lineCount: 1, neededLines: $0 == .large ? 1 : 2)
    }
    let results = ["de", "fr"].map {
      CheckResult(
        key: "button.ok", language: $0, variant: "", text: "OK \"\($0)\"", file: "A.xcstrings",
        line: 4, rule: "button.*", style: "headline", width: 120, lineLimit: 1,
        truncationAllowed: false, required: [.large, .extraLarge], cells: cells,
        largestFitting: .large)
    }
    let report = CheckReport(constraintsDigest: "d", layouts: 4, results: results)
    let text = CheckJSONReport().write(report)
    #expect(
      text == """
        {"version":3,"constraintsDigest":"d","layouts":4,
        "requirements":[],
        "warnings":[],
        "errors":[],
        "results":[
        {"key":"button.ok","language":"de","text":"OK \\"de\\"","file":0,"line":4,"rule":0,\
        "cells":[[17,100.5,22,1,1,"f"],[17,100.5,22,1,2,"t"]]},
        {"key":"button.ok","language":"fr","text":"OK \\"fr\\"","file":0,"line":4,"rule":0,\
        "cells":[[17,100.5,22,1,1,"f"],[17,100.5,22,1,2,"t"]]}
        ],
        "skipped":[],
        "entryWarnings":[],
        "files":["A.xcstrings"],
        "rules":[
        {"name":"button.*","style":"headline","width":120,"lineLimit":1,"truncation":false,\
        "required":["L","XL"]}]}

        """)
    #expect(try CheckJSONReport.read(Data(text.utf8), file: "r.json") == report)
  }

  /// Cells that do not start at the rule's first category name where they start; cells that
  /// skip a category name each one.
  @Test(arguments: [
    ([ContentSizeCategory.medium, .large], "\"from\":\"M\""),
    ([ContentSizeCategory.small, .large], ",\"S\"]"),
  ])
  func json_cellsOffTheRulesRunNameTheirCategories(
    _ categories: [ContentSizeCategory], marker: String
  ) throws {
    let cells = categories.map {
      CheckCell(
        category: $0, status: .fits, pointSize: 17, width: 10, height: 20, lineCount: 1,
        neededLines: 1)
    }
    let result = CheckResult(
      key: "k", language: "en", variant: "", text: "t", file: "f", line: 1, rule: "defaults",
      style: "body", width: nil, lineLimit: 0, truncationAllowed: true,
      required: [.extraSmall, .large], cells: cells, largestFitting: .large)
    let report = CheckReport(results: [result])
    let text = CheckJSONReport().write(report)
    #expect(text.contains(marker))
    #expect(try CheckJSONReport.read(Data(text.utf8), file: "r.json") == report)
  }

  /// The writer hands the output its text in pieces as results stream, not at the end.
  @Test func writer_streamsBeforeTheRunEnds() throws {
    final class Counting: CheckTextOutput {
      var pieces: [Int] = []
      func write(_ text: String) throws(CheckError) { pieces.append(text.utf8.count) }
    }
    let output = Counting()
    let writer = CheckJSONReport.Writer(to: output)
    try writer.begin(CheckRunInfo())
    let result = CheckReportSamples.report.results[0]
    // Each result's line is longer than 100 bytes: three buffers' worth at least.
    for _ in 0..<(CheckJSONReport.Writer.bufferSize / 100 * 3) {
      try writer.consume(result: result)
    }
    #expect(output.pieces.count >= 2)
    #expect(output.pieces.allSatisfy { $0 <= CheckJSONReport.Writer.bufferSize + 8192 })
    try writer.finish(CheckSummary(run: CheckRunInfo()))
    #expect(output.pieces.count >= 3)
  }

  @Test(arguments: [
    ("{\"version\": 1,\n  \"results\": [}", 2),
    ("{\n\n\"version\" 1}", 3),
  ])
  func json_malformedReportNamesFileLineAndColumn(_ text: String, line: Int) {
    #expect {
      _ = try CheckJSONReport.read(Data(text.utf8), file: "shard-1.json")
    } throws: { error in
      let message = (error as? CheckError)?.message ?? ""
      return message.hasPrefix("shard-1.json:\(line):")
        && message.split(separator: ":").count >= 4
        && Int(message.split(separator: ":")[2]) != nil
        && message.contains("not valid JSON")
    }
  }

  @Test func json_aReportWithAMissingFieldIsNamed() {
    #expect {
      _ = try CheckJSONReport.read(Data("{\"version\": 3, \"results\": []}".utf8), file: "a.json")
    } throws: { error in
      (error as? CheckError)?.message
        == "a.json: not a report of 'typescale check --json': no \"layouts\" in the top level"
    }
  }

  /// A version 1 report (no run record) is named as such, not as a missing field.
  @Test func json_aVersion1ReportIsRefusedByVersion() {
    let old = "{\"version\": 1, \"results\": [], \"skipped\": [], \"errors\": []}"
    #expect {
      _ = try CheckJSONReport.read(Data(old.utf8), file: "old.json")
    } throws: { error in
      (error as? CheckError)?.message
        == "old.json: report version 1 is not supported; this typescale reads version 3, the "
        + "compact form (write the report again with this typescale's 'check --json')"
    }
  }
}
