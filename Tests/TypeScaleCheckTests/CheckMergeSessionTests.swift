// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck
import TypeScaleTestSupport

/// `CheckMergeSession`: the shards' JSON reports read from files, merged, and written as one
/// run — what `typescale check merge` prints and writes.
@Suite struct CheckMergeSessionTests {
  /// Writes the four shards of `CheckMergeTests.shards()` as `1.json` … `4.json` in `folder`.
  private static func writeShards(in folder: URL) throws -> [String] {
    try CheckMergeTests.shards().enumerated().map { index, report in
      let url = folder.appendingPathComponent("\(index + 1).json")
      try Data(CheckJSONReport().write(report).utf8).write(to: url)
      return url.path
    }
  }

  @Test func everyShard_mergesAndWritesTheFiles() throws {
    let folder = try Fixtures.temporaryDirectory("check-merge-session")
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = try Self.writeShards(in: folder)
    let junit = folder.appendingPathComponent("check.xml").path
    let merge = try CheckMergeSession(
      reportPaths: paths, outputs: CheckOutputs(printed: .json, junit: junit))
    #expect(merge.reportPaths == paths)
    #expect(!merge.report.isPartial)
    #expect(merge.report.layouts == 16 * 2 * 12)
    #expect(merge.report.requirements.count == 16)
    #expect(merge.notices.isEmpty)

    let printout = try merge.write()
    #expect(printout.exitStatus == 0)
    var output = ""
    var errors = ""
    try printout.print(to: &output, errorOutput: &errors)
    let printed = try CheckJSONReport.read(Data(output.utf8), file: "printed")
    #expect(printed.layouts == merge.report.layouts)
    #expect(errors.isEmpty)
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.hasPrefix("<?xml"))
  }

  @Test func missingShard_withAllowsPartial_warnsBeforeThePrintout() throws {
    let folder = try Fixtures.temporaryDirectory("check-merge-session")
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = Array(try Self.writeShards(in: folder).prefix(3))
    #expect(throws: CheckError.self) { try CheckMergeSession(reportPaths: paths) }

    let merge = try CheckMergeSession(
      reportPaths: paths, allowsPartial: true, outputs: CheckOutputs(printed: .json))
    #expect(merge.report.isPartial)
    #expect(merge.report.missingShards == ["4/4"])
    #expect(
      merge.notices.map(\.description) == [
        "warning: partial report: shard 4/4 is missing; the keys those shards hold were not "
          + "laid out"
      ])
    #expect(try merge.write().exitStatus == 1)
    // The summary shows the warnings itself: no notices before it.
    #expect(try CheckMergeSession(reportPaths: paths, allowsPartial: true).notices.isEmpty)
  }

  @Test func anOutputNamingAReport_isRefusedBeforeAnyIsRead() throws {
    let folder = try Fixtures.temporaryDirectory("check-merge-session")
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = try Self.writeShards(in: folder)
    let error = #expect(throws: CheckError.self) {
      try CheckMergeSession(reportPaths: paths, outputs: CheckOutputs(junit: paths[1]))
    }
    #expect(error?.code == .outputConflict)
    let kept = try CheckJSONReport.read(Data(contentsOf: URL(fileURLWithPath: paths[1])), file: "2")
    #expect(kept.shard == "2/4")
  }
}
