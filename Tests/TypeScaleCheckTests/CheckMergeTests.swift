// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck
import TypeScaleStrings

/// Merges that cannot lie: missing, repeated and foreign shards, partial reports, and required
/// categories or keys that nothing laid out.
@Suite struct CheckMergeTests {
  /// Sixteen keys in two languages, "OK" everywhere: it fits at every category.
  static let entries = (0..<16).flatMap { index in
    ["en", "de"].map { entry("button.\(index)", $0, "OK") }
  }

  /// The four shards of one run.
  static func shards(inputs: [String] = ["A.xcstrings"]) throws -> [CheckReport] {
    let runner = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints())
    return try (1...4).map {
      try runner.run(
        entries, shard: Shard(parsing: "\($0)/4"), inputs: inputs, allowsEmpty: true)
    }
  }

  private func message(_ reports: [CheckReport], _ names: [String], partial: Bool = false)
    -> CheckError?
  {
    do {
      _ = try CheckReport.merged(reports, names: names, allowsPartial: partial)
      return nil
    } catch {
      return error
    }
  }

  @Test func merge_ofEveryShardIsTheWholeRun() throws {
    let shards = try Self.shards()
    #expect(shards.allSatisfy { !$0.results.isEmpty })
    let merged = try CheckReport.merged(shards)
    #expect(!merged.isPartial)
    #expect(merged.layouts == 16 * 2 * 12)
    #expect(merged.requirements.count == 16)
    #expect(merged.unlaidRequirements.isEmpty)
    #expect(merged.constraintsDigest == shards[0].constraintsDigest)
    #expect(merged.exitStatus == 0)
  }

  @Test func merge_ofThreeOfFourShardsNamesTheMissingOne() throws {
    let shards = try Self.shards()
    let error = message(Array(shards.prefix(3)), ["1.json", "2.json", "3.json"])
    #expect(error?.code == .incompleteMerge)
    #expect(
      error?.message
        == "shard 4/4 is missing; pass every shard's report, or --allow-partial to merge these "
        + "into a partial report (which fails for the keys the missing shards hold)")
    let two = message([shards[0], shards[2]], ["1.json", "3.json"])
    #expect(error != nil)
    #expect(two?.message.hasPrefix("shards 2/4, 4/4 are missing;") == true)
  }

  @Test func partialMerge_isMarkedAndFailsForTheMissingShardsKeys() throws {
    let shards = try Self.shards()
    let merged = try CheckReport.merged(Array(shards.prefix(3)), allowsPartial: true)
    #expect(merged.isPartial)
    #expect(merged.missingShards == ["4/4"])
    #expect(merged.newFailures.isEmpty)
    let missing = Set(shards[3].results.map(\.key))
    #expect(!missing.isEmpty)
    #expect(Set(merged.unlaidRequirements.map(\.key)) == missing)
    #expect(merged.unlaidRequirements.allSatisfy { $0.categories == ContentSizeCategory.allCases })
    #expect(merged.exitStatus == 1)
    #expect(
      merged.warnings.last
        == "partial report: shard 4/4 is missing; the keys those shards hold were not laid out")
    let back = try CheckJSONReport.read(Data(CheckJSONReport().write(merged).utf8), file: "m")
    #expect(back == merged)
    let again = try CheckReport.merged([back])
    #expect(again.isPartial)
    #expect(again.missingShards == ["4/4"])
    #expect(again.exitStatus == 1)
    let summary = CheckTerminalReport().write(merged)
    #expect(summary.contains("not laid out: 'button."))
    #expect(summary.hasSuffix("(partial: shard 4/4 is missing)\n"))
    #expect(summary.contains("\(missing.count) keys not laid out (partial"))
  }

  @Test func merge_refusesAShardGivenTwice() throws {
    let shards = try Self.shards()
    let error = message(
      [shards[0], shards[1], shards[1], shards[2], shards[3]],
      ["1.json", "2.json", "copy.json", "3.json", "4.json"])
    #expect(error?.code == .incompleteMerge)
    #expect(
      error?.message == "2.json and copy.json are both shard 2/4; merge each shard's report once")
  }

  @Test func merge_refusesAShardOfAnotherRun() throws {
    let shards = try Self.shards()
    let other = try Self.shards(inputs: ["B.xcstrings"])
    let names = ["a.json", "b.json", "c.json", "d.json"]
    let error = message([shards[0], other[1], shards[2], shards[3]], names)
    let digest = try #require(other[1].constraintsDigest?.prefix(12))
    let ours = try #require(shards[0].constraintsDigest?.prefix(12))
    #expect(digest != ours)
    #expect(error?.code == .incompleteMerge)
    #expect(
      error?.message
        == "b.json is shard 2/4 of another run (constraints digest \(digest)); a.json is shard "
        + "1/4 (constraints digest \(ours)); merge the reports of one run's shards, made with "
        + "the same constraints file, catalogs and --shard K/N count")
    var count = shards[1]
    count.shard = "2/3"
    #expect(
      message([shards[0], count], names)?.message.hasPrefix(
        "b.json is shard 2/3 of another run") == true)
  }

  /// A result whose rule requires xS…AX5 but whose shard laid out only up to AX3 fails at AX4
  /// and AX5, and no baseline accepts that.
  @Test func requiredCategoryNothingLaidOut_isAFailureNoBaselineAccepts() throws {
    let report = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints()).run([
      entry("button.ok", "en", "OK")
    ])
    #expect(report.exitStatus == 0)
    var cut = report
    cut.results[0].cells.removeAll { $0.step > .category(.accessibilityExtraLarge) }
    let result = cut.results[0]
    #expect(
      result.unlaidCategories == [
        .category(.accessibilityExtraExtraLarge), .category(.accessibilityExtraExtraExtraLarge),
      ]
    )
    #expect(result.fails)
    #expect(cut.exitStatus == 1)
    let accepting = CheckBaseline(failuresOf: cut)
    #expect(accepting.apply(to: cut).exitStatus == 1)
    #expect(
      CheckTerminalReport().write(cut).hasSuffix(
        "checked 1 translation of 1 key in 1 language (12 layouts): 1 fails (1 new)\n"))
  }

  @Test func requiredKeyNothingLaidOut_isAFailure() throws {
    var report = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints()).run(
      Array(Self.entries.prefix(4)))
    report.results.removeAll { $0.key == "button.1" }
    #expect(report.unlaidRequirements.map(\.key) == ["button.1"])
    #expect(report.exitStatus == 1)
    #expect(
      CheckTerminalReport().write(report).contains("not laid out: 'button.1' (required xS...AX5)\n")
    )
  }
}
