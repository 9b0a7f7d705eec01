// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck
import TypeScaleStrings

@Suite struct CheckRunnerTests {
  /// The issue's button rule: headline, 120 pt, one line, no truncation, every category.
  static func buttonConstraints() throws -> CheckConstraints {
    var constraints = CheckConstraints()
    constraints.rules = [
      CheckRule(
        keys: try KeyGlob("button.*"),
        settings: CheckSettings(
          style: "headline", width: 120, lineLimit: 1, truncation: false,
          categories: .all))
    ]
    return constraints
  }

  /// German "Speichern" (Save) in headline (semibold) with the embedded Noto Sans: 84 pt wide
  /// at L, 114 pt at XXXL, 139 pt at AX1 — over 120 pt from AX1 on (measured with
  /// `DynamicType.sweep`); English "OK" fits throughout.
  @Test func germanButton_failsFromAX1() throws {
    let runner = try CheckRunner(constraints: Self.buttonConstraints())
    let report = try runner.run([
      entry("button.subscribe", "en", "OK", line: 4),
      entry("button.subscribe", "de", GermanButton.text, line: 9),
    ])
    #expect(report.skipped.isEmpty)
    #expect(report.results.map(\.language) == ["en", "de"])
    let english = report.results[0]
    let german = report.results[1]
    #expect(english.failures.isEmpty)
    #expect(english.largestFitting == .category(.accessibilityExtraExtraExtraLarge))
    #expect(
      german.failures == [
        .category(.accessibilityMedium), .category(.accessibilityLarge),
        .category(.accessibilityExtraLarge),
        .category(.accessibilityExtraExtraLarge), .category(.accessibilityExtraExtraExtraLarge),
      ])
    #expect(german.largestFitting == .category(.extraExtraExtraLarge))
    #expect(german.cells.count == 12)
    let ax1 = try #require(german.cells.first { $0.category == .accessibilityMedium })
    #expect(ax1.status == .truncated)
    #expect(ax1.lineCount == 1)
    #expect(ax1.neededLines == 2)
    #expect(ax1.pointSize == 28)
    let large = try #require(german.cells.first { $0.category == .large })
    #expect(large.status == .fits)
    #expect(large.neededLines == 1)
    #expect(german.rule == "button.*")
    #expect(german.style == "headline")
    #expect(german.width == 120)
    #expect(german.line == 9)
    #expect(german.file == "Localizable.xcstrings")
    #expect(german.id == "button.subscribe|de")
    #expect(report.exitStatus == 1)
    // With truncation allowed, the same cells are accepted.
    var allowing = try Self.buttonConstraints()
    allowing.rules[0].settings.truncation = true
    let accepted = try CheckRunner(constraints: allowing).run([
      entry("button.subscribe", "de", GermanButton.text)
    ])
    #expect(accepted.results[0].failures.isEmpty)
    #expect(accepted.results[0].largestFitting == .category(.accessibilityExtraExtraExtraLarge))
    #expect(accepted.exitStatus == 0)
  }

  @Test func pluralVariants_eachLaidOut() throws {
    let runner = try CheckRunner(constraints: Self.buttonConstraints())
    let report = try runner.run([
      entry("button.items", "en", "1 item", variant: [.plural("one")]),
      entry("button.items", "en", "88888 items", variant: [.plural("other")]),
    ])
    #expect(report.results.map(\.variant) == ["plural=one", "plural=other"])
    #expect(report.results.map(\.text) == ["1 item", "88888 items"])
    #expect(report.results[0].cells[0].width < report.results[1].cells[0].width)
  }

  /// Whether `PlaceholderSamples` is the real one (its stub returned texts unchanged).
  static let placeholdersAreReal: Bool = {
    let probe = entry("k", "en", "%lld")
    return (try? PlaceholderSamples().text(for: probe)) != "%lld"
  }()

  @Test(.enabled(if: placeholdersAreReal)) func placeholder_replacedByANumber() throws {
    let runner = try CheckRunner(constraints: Self.buttonConstraints())
    let report = try runner.run([entry("button.items", "en", "%lld items")])
    let text = try #require(report.results.first?.text)
    #expect(!text.contains("%"))
    #expect(text.first?.isNumber == true)
  }

  @Test func entriesWithoutRule_areSkipped() throws {
    let runner = try CheckRunner(constraints: Self.buttonConstraints())
    let report = try runner.run([
      entry("title.home", "de", "Start", line: 12), entry("button.ok", "de", "OK"),
    ])
    #expect(report.results.map(\.key) == ["button.ok"])
    #expect(report.skipped.map(\.key) == ["title.home"])
    #expect(report.skipped.first?.line == 12)
    #expect(report.skipped.first?.reason.contains("no rule matches") == true)
  }

  @Test func device_filterKeepsEntriesWithoutDevice() throws {
    var constraints = try Self.buttonConstraints()
    constraints.rules[0].settings.device = "iphone"
    let report = try CheckRunner(constraints: constraints).run([
      entry("button.a", "en", "A", variant: [.device("iphone")]),
      entry("button.a", "en", "A", variant: [.device("ipad")]),
      entry("button.a", "en", "A", variant: [.device("iphone"), .plural("one")]),
      entry("button.b", "en", "B"),
    ])
    #expect(
      report.results.map(\.id) == [
        "button.a|en|device=iphone", "button.a|en|device=iphone/plural=one", "button.b|en",
      ])
    #expect(report.skipped.isEmpty)
  }

  @Test func wordWiderThanTheWidth_overflowsLines() throws {
    var constraints = CheckConstraints()
    constraints.defaults = CheckSettings(width: 60, lineLimit: 0, categories: .all)
    let report = try CheckRunner(constraints: constraints).run([
      entry("any", "de", "Donaudampfschifffahrt")
    ])
    let result = try #require(report.results.first)
    #expect(result.rule == "defaults")
    #expect(result.cells.allSatisfy { $0.status == .overflowsLines })
    #expect(result.largestFitting == nil)
    #expect(result.failures.count == 12)
  }

  static func keys(_ count: Int) -> [LocalizedEntry] {
    (0..<count).flatMap { index in
      ["en", "de"].map { entry("button.\(index)", $0, "Text \(index)") }
    }
  }

  @Test func shards_partitionTheRunAndMergeBack() throws {
    let runner = try CheckRunner(constraints: Self.buttonConstraints())
    let entries = Self.keys(12)
    let whole = try runner.run(entries)
    let parts = try (1...3).map { try runner.run(entries, shard: Shard(parsing: "\($0)/3")) }
    #expect(parts.map(\.shard) == ["1/3", "2/3", "3/3"])
    #expect(parts.allSatisfy { !$0.results.isEmpty })
    let merged = try CheckReport.merged(parts)
    #expect(Set(merged.results.map(\.id)) == Set(whole.results.map(\.id)))
    #expect(merged.results.count == whole.results.count)
    // Both languages of a key are in one shard.
    for part in parts {
      let keys = Set(part.results.map(\.key))
      #expect(part.results.count == keys.count * 2)
    }
  }

  @Test func run_isDeterministicAcrossWorkerCounts() throws {
    let entries = Self.keys(20)
    let one = try CheckRunner(constraints: Self.buttonConstraints(), workers: 1).run(entries)
    let many = try CheckRunner(constraints: Self.buttonConstraints(), workers: 4).run(entries)
    #expect(one == many)
    #expect(one.results.map(\.key) == entries.map(\.key))
  }

  @Test func progress_endsWithTheTotal() throws {
    let calls = Calls()
    let entries = Self.keys(5)
    _ = try CheckRunner(constraints: Self.buttonConstraints()).run(entries) { done, total in
      calls.append(done, total)
    }
    let seen = calls.values
    #expect(seen.last?.0 == 10)
    #expect(seen.allSatisfy { $0.1 == 10 })
    #expect(seen.count <= 11)
  }

  @Test func scriptFont_coversWhatTheDefaultFacesLack() throws {
    let folder = try CheckFolder()
    try folder.copyFonts(["Fixture-Thai.ttf"])
    let thai = entry("button.hello", "th", "สวัสดี")
    let plain = try CheckRunner(constraints: Self.buttonConstraints()).run([thai])
    #expect(!(plain.results.first?.missingGlyphs.isEmpty ?? true))
    var constraints = try folder.constraints(
      #"{ "fontDirectories": ["fonts"], "fonts": { "Thai": "TypeScale Fixture Thai" } }"#)
    constraints.rules = try Self.buttonConstraints().rules
    let covered = try CheckRunner(constraints: constraints).run([thai])
    #expect(covered.results.first?.missingGlyphs == [])
  }

  @Test func image_isAPNGOfTheLabel() throws {
    let runner = try CheckRunner(constraints: Self.buttonConstraints())
    let report = try runner.run([entry("button.subscribe", "de", GermanButton.text)])
    let result = try #require(report.results.first)
    let png = try runner.image(for: result, at: .accessibilityMedium)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let width = png.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) }
    // 120 pt at 2× plus two 8-pixel margins.
    #expect(width == 256)
  }
}

/// The German button text of the issue's check.
enum GermanButton {
  static let text = "Speichern"
}

/// Progress calls, from any thread.
final class Calls: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [(Int, Int)] = []

  func append(_ done: Int, _ total: Int) { lock.withLock { stored.append((done, total)) } }
  var values: [(Int, Int)] { lock.withLock { stored } }
}
