// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck
import TypeScaleStrings

/// A run counted before it starts: the layout estimate and its limit, empty runs, rules that
/// match nothing, and the run's digest.
@Suite struct CheckPlanTests {
  /// Ten translations of five button keys at all twelve categories, and one key no rule covers.
  static func entries() -> [LocalizedEntry] {
    CheckRunnerTests.keys(5) + [entry("title.main", "en", "Welcome")]
  }

  @Test func plan_countsTranslationsAndLayoutsOfTheRulesSweep() throws {
    var constraints = try CheckRunnerTests.buttonConstraints()
    // A list runs one sweep from its smallest to its largest category: L…AX1 is 5 layouts.
    constraints.rules.insert(
      CheckRule(
        keys: try KeyGlob("button.0"),
        settings: CheckSettings(categories: try CategorySelection(names: ["L", "AX1"]))),
      at: 0)
    let plan = try CheckRunner(constraints: constraints).plan(Self.entries())
    #expect(plan.entryCount == 11)
    #expect(plan.translations == 10)
    #expect(plan.layouts == 2 * 5 + 8 * 12)
    #expect(plan.requirements.map(\.key) == (0..<5).map { "button.\($0)" })
    #expect(plan.requirements[0].categories == [.large, .accessibilityMedium])
    #expect(plan.unmatchedRules.isEmpty)
  }

  @Test func run_aboveTheLimitIsRefusedBeforeAnyLayout() throws {
    let entries = CheckRunnerTests.keys(5)
    let runner = try CheckRunner(
      constraints: CheckRunnerTests.buttonConstraints(), maximumLayouts: 119)
    #expect(runner.maximumLayouts == 119)
    #expect {
      _ = try runner.run(entries)
    } throws: { error in
      let error = try #require(error as? CheckError)
      return error.code == .tooManyLayouts
        && error.message
          == "the run would make 120 layouts (10 translations), more than the limit of 119; "
          + "check fewer keys or categories, split the run with --shard K/N, or raise the "
          + "limit with --max-layouts 120"
    }
    let accepted = try CheckRunner(
      constraints: CheckRunnerTests.buttonConstraints(), maximumLayouts: 120
    ).run(entries)
    #expect(accepted.layouts == 120)
    #expect(accepted.results.count == 10)
    #expect(accepted.results.map(\.cells.count).reduce(0, +) == 120)
  }

  @Test func limit_isCountedOverTheShardOnly() throws {
    let entries = CheckRunnerTests.keys(12)
    let runner = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints())
    let shard = try Shard(parsing: "2/3")
    let plan = runner.plan(entries, shard: shard)
    let keys = (0..<12).filter { shard.contains("button.\($0)") }.count
    #expect(plan.translations == keys * 2)
    #expect(plan.layouts == keys * 2 * 12)
    #expect(plan.requirements.count == 12)
    #expect {
      try plan.validate(maximumLayouts: 1, allowsEmpty: false)
    } throws: { error in
      (error as? CheckError)?.message.contains("translations, shard 2/3), more than") == true
    }
  }

  @Test(
    arguments: [
      ([], [], "no strings were read from the catalogs"),
      (
        [], ["res", "Localizable.xcstrings"], "no strings were read from res, Localizable.xcstrings"
      ),
      (
        [entry("title.main", "en", "Welcome")], ["Localizable.xcstrings"],
        "none of the 1 entries read from Localizable.xcstrings matches a rule (add rules whose "
          + "keys match them, or defaults)"
      ),
    ] as [([LocalizedEntry], [String], String)])
  func run_thatChecksNothingIsRefused(
    entries: [LocalizedEntry], inputs: [String], reason: String
  ) throws {
    let runner = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints())
    #expect {
      _ = try runner.run(entries, inputs: inputs)
    } throws: { error in
      let error = try #require(error as? CheckError)
      return error.code == .nothingToCheck
        && error.message
          == "nothing to check: \(reason); pass --allow-empty to accept a run that checks nothing"
    }
    let allowed = try runner.run(entries, inputs: inputs, allowsEmpty: true)
    #expect(allowed.results.isEmpty)
    #expect(allowed.exitStatus == 0)
  }

  @Test func rule_thatMatchesNoKeyIsAWarning() throws {
    var constraints = try CheckRunnerTests.buttonConstraints()
    constraints.rules += [
      // Shadowed by button.* but matching a key: not warned.
      CheckRule(keys: try KeyGlob("button.1"), settings: CheckSettings()),
      CheckRule(keys: try KeyGlob("buton.*"), settings: CheckSettings()),
    ]
    let report = try CheckRunner(constraints: constraints).run(CheckRunnerTests.keys(3))
    #expect(
      report.warnings == [
        "rule \"buton.*\" matches no key in any catalog; check its \"keys\" pattern, or remove "
          + "the rule"
      ])
    let text = CheckJSONReport().write(report)
    #expect(try CheckJSONReport.read(Data(text.utf8), file: "a.json").warnings == report.warnings)
  }

  @Test func digest_isOneRunsAcrossShardsAndAnotherRunsOtherwise() throws {
    let runner = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints())
    let entries = CheckRunnerTests.keys(8)
    let digests = try (1...4).map {
      runner.plan(entries, shard: try Shard(parsing: "\($0)/4"), inputs: ["A"]).digest
    }
    #expect(Set(digests).count == 1)
    #expect(digests[0].count == 64)
    #expect(runner.plan(entries, inputs: ["B"]).digest != digests[0])
    #expect(runner.plan(CheckRunnerTests.keys(9), inputs: ["A"]).digest != digests[0])
  }
}
