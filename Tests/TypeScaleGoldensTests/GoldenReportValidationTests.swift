// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import TypeScaleGoldens

/// Reports read back from files are checked before their numbers are used, and merged without
/// overflow (issue 15, finding 5).
@Suite struct GoldenReportValidationTests {
  /// A consistent report: 10 cases, one changed, one new.
  private static let valid = GoldenReport(
    golden: "ui.golden", shards: ["1/2"], total: 10, differing: 2,
    mismatches: [
      .init(id: "a", text: "A", kind: .changed, fields: ["width": ["40", "41"]]),
      .init(id: "b", text: "B", kind: .new, fields: [:]),
    ],
    causes: ["the layout changed"])

  fileprivate struct BadReport: Sendable, CustomTestStringConvertible {
    let name: String
    let change: @Sendable (inout GoldenReport) -> Void
    let message: String
    var testDescription: String { name }
  }

  private static let badReports = [
    BadReport(
      name: "negative total", change: { $0.total = -1 },
      message: "\"total\" is -1; a count of cases is ≥ 0"),
    BadReport(
      name: "Int.min total", change: { $0.total = .min },
      message: "\"total\" is \(Int.min); a count of cases is ≥ 0"),
    BadReport(
      name: "negative differing", change: { $0.differing = -5 },
      message: "\"differing\" is -5; a count of cases is ≥ 0"),
    BadReport(
      name: "differing above the mismatches", change: { $0.differing = .max },
      message: "\"differing\" is \(Int.max), but \"mismatches\" lists 2 cases; they must agree"),
    BadReport(
      name: "total below the changed cases", change: { $0.total = 0 },
      message: "\"total\" is 0, but 1 case of the golden file is listed as changed or missing"),
    BadReport(
      name: "field with one value", change: { $0.mismatches[0].fields["width"] = ["40"] },
      message: "\"mismatches[0].fields.width\" has 1 value; a field holds two"),
    BadReport(
      name: "field with no value", change: { $0.mismatches[0].fields["height"] = [] },
      message: "\"mismatches[0].fields.height\" has 0 values"),
    BadReport(
      name: "shard 0/2", change: { $0.shards = ["0/2"] },
      message: "\"shards[0]\" is \"0/2\": shard \"0/2\" is out of range"),
    BadReport(
      name: "shard text", change: { $0.shards = ["1/2", "half"] },
      message: "\"shards[1]\" is \"half\""),
  ]

  @Test(arguments: badReports)
  fileprivate func validate_badReport_throwsNamingTheField(_ bad: BadReport) {
    var report = Self.valid
    bad.change(&report)
    let error = #expect(throws: GoldenError.self) { try report.validate() }
    #expect(error?.code == .malformedGolden)
    #expect(error?.message.hasPrefix(bad.message) == true, "\(error?.message ?? "")")
    // Merging refuses it the same way, before any arithmetic.
    #expect(throws: GoldenError.self) { try GoldenReport.merge([Self.valid, report]) }
  }

  @Test func validate_consistentReports_pass() throws {
    try Self.valid.validate()
    var big = Self.valid
    big.total = .max
    try big.validate()
  }

  @Test func merge_totalsPastIntMax_throwInsteadOfTrapping() {
    var first = Self.valid
    first.total = .max
    var second = Self.valid
    second.shards = ["2/2"]
    let error = #expect(throws: GoldenError.self) { try GoldenReport.merge([first, second]) }
    #expect(error?.message.hasPrefix("the reports' totals add up to more than \(Int.max)") == true)
  }

  @Test func merge_validReports_sumTheirCounts() throws {
    var second = Self.valid
    second.shards = ["2/2"]
    second.total = .max - 10
    let merged = try GoldenReport.merge([Self.valid, second])
    #expect(merged.total == .max)
    #expect(merged.differing == 4)
    #expect(merged.shards == ["1/2", "2/2"])
  }

  @Test func message_anyLimit_doesNotTrap() {
    #expect(Self.valid.message(limit: -1).hasPrefix("2 of 10 cases differ from ui.golden"))
    var unchecked = Self.valid
    unchecked.mismatches[0].fields["width"] = []
    #expect(unchecked.message().contains("width ? → ?"))
  }

  @Test func validate_decodedFromJSON_catchesWhatDecodingAllows() throws {
    let json = Data(
      #"{"golden": "g", "shards": [], "total": -3, "differing": 0, "mismatches": [], "causes": []}"#
        .utf8)
    let report = try JSONDecoder().decode(GoldenReport.self, from: json)
    #expect(throws: GoldenError.self) { try report.validate() }
    // A kind that is not one is refused while decoding, naming it and the valid ones.
    let unknownKind =
      #"{"golden": "g", "shards": [], "total": 1, "differing": 1, "causes": [], "mismatches": "#
      + #"[{"id": "a", "text": "A", "kind": "gone", "fields": {}}]}"#
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(GoldenReport.self, from: Data(unknownKind.utf8))
    }
    guard case .dataCorrupted(let context)? = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription == "is \"gone\"; use one of changed, missing, new, renamed")
    #expect(context.codingPath.last?.stringValue == "kind")
  }
}
