// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck

/// A result with the given cells' statuses at L, AX1 and AX2 (all required).
func result(
  _ key: String, _ language: String = "de", variant: String = "",
  statuses: [CheckStatus] = [.fits, .truncated, .truncated]
) -> CheckResult {
  let categories: [ContentSizeCategory] = [.large, .accessibilityMedium, .accessibilityLarge]
  let cells = zip(categories, statuses).map { category, status in
    CheckCell(
      category: category, status: status, pointSize: 17, width: 100, height: 22, lineCount: 1,
      neededLines: 1)
  }
  return CheckResult(
    key: key, language: language, variant: variant, text: key, file: "A.xcstrings", line: 1,
    rule: "*", style: "body", width: 120, lineLimit: 1, truncationAllowed: false,
    required: categories, cells: cells, largestFitting: .large)
}

@Suite struct CheckBaselineTests {
  @Test func roundTrip_isSortedAndDeterministic() throws {
    let folder = try CheckFolder()
    let report = CheckReport(results: [
      result("b.key", variant: "plural=one"),
      result("a.key", statuses: [.fits, .fits, .overflowsLines]),
      result("c.key", statuses: [.fits, .fits, .fits]),
    ])
    let baseline = CheckBaseline(failuresOf: report)
    #expect(
      String(decoding: baseline.data, as: UTF8.self) == """
        {"version":1,"accepted":[
        {"id":"a.key|de","categories":["AX2"]},
        {"id":"b.key|de|plural=one","categories":["AX1","AX2"]}
        ]}

        """)
    let file = folder.url.appendingPathComponent("baseline.json")
    try baseline.write(to: file)
    let read = try CheckBaseline(contentsOf: file)
    #expect(read == baseline)
    #expect(try Data(contentsOf: file) == baseline.data)
    // Writing again replaces the file and leaves no temporary file behind.
    try CheckBaseline(failuresOf: CheckReport()).write(to: file)
    #expect(try CheckBaseline(contentsOf: file).accepted.isEmpty)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(names == ["baseline.json"])
  }

  @Test func apply_acceptsKnownFailuresOnly() throws {
    let recorded = CheckReport(results: [
      result("a", statuses: [.fits, .truncated, .fits]), result("b"),
    ])
    let baseline = CheckBaseline(failuresOf: recorded)
    let same = baseline.apply(to: recorded)
    #expect(same.results.map(\.isBaselined) == [true, true])
    #expect(same.exitStatus == 0)
    // "a" now also fails at AX2: a new failure. "c" is new. "b" fails at fewer categories.
    let later = CheckReport(results: [
      result("a", statuses: [.fits, .truncated, .truncated]),
      result("b", statuses: [.fits, .fits, .truncated]), result("c"),
      result("d", statuses: [.fits, .fits, .fits]),
    ])
    let marked = baseline.apply(to: later)
    #expect(marked.results.map(\.isBaselined) == [false, true, false, false])
    #expect(marked.newFailures.map(\.key) == ["a", "c"])
    #expect(marked.exitStatus == 1)
  }

  @Test func write_failureLeavesNoTemporaryFile() throws {
    let folder = try CheckFolder()
    let missing = folder.url.appendingPathComponent("no-such-folder/baseline.json")
    #expect(throws: CheckError.self) {
      try CheckBaseline(failuresOf: CheckReport()).write(to: missing)
    }
    // A folder in the file's place: the rename fails and the temporary file is removed.
    let blocked = folder.url.appendingPathComponent("taken")
    try FileManager.default.createDirectory(
      at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
    #expect(throws: CheckError.self) {
      try CheckBaseline(failuresOf: CheckReport(results: [result("a")])).write(to: blocked)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["taken"])
  }

  static let badFiles: [(text: String, expected: String)] = [
    (#"{"version":2,"accepted":[]}"#, "baseline version 2 is not supported"),
    (#"{"version":1,"accepted":[{"id":"a","categories":["AX9"]}]}"#, "accepted[0].categories[0]"),
    (#"{"version":1}"#, "accepted: required field is missing"),
    (#"{"version":1,"accepted":[}"#, "baseline.json:1:26: "),
  ]

  @Test(arguments: badFiles)
  func read_errorsNameTheFileAndPlace(text: String, expected: String) throws {
    let folder = try CheckFolder()
    let file = try folder.write("baseline.json", text)
    #expect {
      try CheckBaseline(contentsOf: file)
    } throws: { error in
      let message = (error as? CheckError)?.message ?? ""
      return message.hasPrefix(file.path) && message.contains(expected)
    }
  }

  @Test func read_missingFile() throws {
    let folder = try CheckFolder()
    let file = folder.url.appendingPathComponent("none.json")
    #expect {
      try CheckBaseline(contentsOf: file)
    } throws: { error in
      (error as? CheckError)?.message.contains(file.path) == true
    }
  }

  @Test func merged_concatenatesInOrder() throws {
    let one = CheckReport(
      shard: "1/2", results: [result("a")],
      skipped: [
        CheckSkipped(key: "x", language: "de", variant: "", file: "A", line: 2, reason: "r")
      ])
    let two = CheckReport(
      shard: "2/2", results: [result("b"), result("a", "en")],
      errors: [CheckInputError(file: "B", line: 1, column: 2, message: "bad")])
    let merged = try CheckReport.merged([one, two])
    #expect(merged.shard == nil)
    #expect(merged.results.map(\.id) == ["a|de", "b|de", "a|en"])
    #expect(merged.skipped.map(\.key) == ["x"])
    #expect(merged.errors.map(\.message) == ["bad"])
    #expect(merged.exitStatus == 2)
  }

  @Test func merged_rejectsDuplicatesVersionsAndNothing() {
    let one = CheckReport(shard: "1/2", results: [result("a")])
    #expect {
      try CheckReport.merged([one, CheckReport(shard: "2/2", results: [result("a")])])
    } throws: { error in
      let message = (error as? CheckError)?.message ?? ""
      return message.contains("is in report 1 (shard 1/2) and report 2 (shard 2/2)")
        && (error as? CheckError)?.code == .incompleteMerge
    }
    #expect {
      try CheckReport.merged([one, CheckReport(version: 1, shard: "2/2")])
    } throws: { error in
      (error as? CheckError)?.message
        == "report 2 has report version 1; this typescale merges version 3 (run the shards "
        + "again with this typescale)"
    }
    #expect(throws: CheckError.self) { try CheckReport.merged([]) }
  }
}
