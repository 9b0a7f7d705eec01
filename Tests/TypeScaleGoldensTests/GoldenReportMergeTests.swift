// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleGoldens
import TypeScaleTestSupport

/// `GoldenReport.merge(files:)`: the `--json` reports of sharded verifications read, checked
/// and merged, with the missing shards as warnings — what `typescale goldens merge` prints.
@Suite struct GoldenReportMergeTests {
  /// A folder of report files.
  private struct Reports {
    let folder: URL

    init() throws {
      folder = try Fixtures.temporaryDirectory("golden-report-merge")
    }

    /// Writes a report of `ui.golden` and returns its path.
    func write(
      _ name: String, shard: String, total: Int, mismatches: [(id: String, width: [String])] = []
    ) throws -> String {
      let listed = mismatches.map { mismatch in
        #"{"id": "\#(mismatch.id)", "text": "Save", "kind": "changed", "#
          + #""fields": {"width": ["\#(mismatch.width[0])", "\#(mismatch.width[1])"]}}"#
      }
      let json = """
        {"golden": "ui.golden", "shards": ["\(shard)"], "total": \(total),
         "differing": \(mismatches.count), "mismatches": [\(listed.joined(separator: ", "))],
         "causes": [], "notes": []}
        """
      let url = folder.appendingPathComponent(name)
      try Data(json.utf8).write(to: url)
      return url.path
    }

    func remove() {
      try? FileManager.default.removeItem(at: folder)
    }
  }

  @Test func shards_sumTheirCountsAndListTheirMismatches() throws {
    let reports = try Reports()
    defer { reports.remove() }
    let first = try reports.write("1.json", shard: "1/2", total: 3)
    let second = try reports.write(
      "2.json", shard: "2/2", total: 4, mismatches: [("ui/save/L/120", ["88", "91.5"])])
    let merge = try GoldenReport.merge(files: [first, second])
    #expect(merge.report.golden == "ui.golden")
    #expect(merge.report.shards == ["1/2", "2/2"])
    #expect(merge.report.total == 7)
    #expect(merge.report.differing == 1)
    #expect(merge.report.mismatches.map(\.id) == ["ui/save/L/120"])
    #expect(merge.warnings.isEmpty)
    #expect(!merge.passed)
    let lines = merge.lines(json: false)
    #expect(lines.count == 1)
    #expect(lines.first?.isDiagnostic == false)
    #expect(lines.first?.text.hasPrefix("1 of 7 cases differ from ui.golden\n") == true)
    #expect(merge.lines(json: true).first?.text == merge.report.json())
  }

  @Test func missingShards_areWarnings() throws {
    let reports = try Reports()
    defer { reports.remove() }
    let only = try reports.write("2.json", shard: "2/3", total: 5)
    let merge = try GoldenReport.merge(files: [only])
    #expect(merge.report.total == 5)
    #expect(merge.passed)
    #expect(merge.warnings == ["ui.golden: shards 1/3, 3/3 not given; their cases are not counted"])
    #expect(
      merge.lines(json: false) == [
        .init(isDiagnostic: true, text: "warning: " + merge.warnings[0]),
        .init(isDiagnostic: false, text: "5 cases match ui.golden"),
      ])
  }

  @Test func aShardGivenTwice_isRefused() throws {
    let reports = try Reports()
    defer { reports.remove() }
    let first = try reports.write("a.json", shard: "1/2", total: 3)
    let again = try reports.write("b.json", shard: "1/2", total: 3)
    let error = #expect(throws: GoldenError.self) {
      try GoldenReport.merge(files: [first, again])
    }
    #expect(error?.code == .malformedGolden)
    #expect(error?.message == "shard 1/2 of ui.golden is given twice")
  }

  @Test func anInconsistentReport_isRefusedNamingItsFile() throws {
    let reports = try Reports()
    defer { reports.remove() }
    let path = reports.folder.appendingPathComponent("bad.json").path
    try Data(
      #"{"golden": "ui.golden", "shards": [], "total": "many"}"#.utf8
    ).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: GoldenError.self) { try GoldenReport.merge(files: [path]) }
    #expect(error?.code == .io)
    #expect(
      error?.message
        == "\(path) is not a report of 'typescale goldens verify --json': \"total\" has the "
        + "wrong type")
  }
}
