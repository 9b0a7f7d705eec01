// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleFonts

/// A registry holding the static fixture family: weights 100, 300, 400, 500, 600, 700, 900,
/// italics 400 and 700, and a condensed 400.
private func fixtureFamily() throws -> FontRegistry {
  let registry = try FontRegistry()
  for name in [
    "Fixture-Thin.ttf", "Fixture-Light.ttf", "Fixture-Regular.ttf", "Fixture-Medium.ttf",
    "Fixture-SemiBold.ttf", "Fixture-Bold.ttf", "Fixture-Black.ttf", "Fixture-Italic.ttf",
    "Fixture-BoldItalic.ttf", "Fixture-CondensedRegular.ttf", "Fixture-Variable.ttf",
    "Fixture-Hangul.otf",
  ] {
    try registry.register(fileAt: Fixtures.font(name))
  }
  return registry
}

@Suite struct FontResolutionTests {
  fileprivate struct Case: Sendable, CustomTestStringConvertible {
    let weight: Int
    let italic: Bool
    let width: FontWidth
    let expected: String
    let exact: Bool
    var testDescription: String { "\(weight)\(italic ? " italic" : "") \(width) → \(expected)" }
  }

  private static let cases = [
    Case(
      weight: 400, italic: false, width: .normal, expected: "TypeScaleFixture-Regular", exact: true),
    Case(
      weight: 500, italic: false, width: .normal, expected: "TypeScaleFixture-Medium", exact: true),
    Case(
      weight: 450, italic: false, width: .normal, expected: "TypeScaleFixture-Medium", exact: false),
    Case(
      weight: 650, italic: false, width: .normal, expected: "TypeScaleFixture-Bold", exact: false),
    Case(
      weight: 800, italic: false, width: .normal, expected: "TypeScaleFixture-Black", exact: false),
    Case(
      weight: 200, italic: false, width: .normal, expected: "TypeScaleFixture-Thin", exact: false),
    Case(
      weight: 1000, italic: false, width: .normal, expected: "TypeScaleFixture-Black", exact: false),
    Case(
      weight: 400, italic: true, width: .normal, expected: "TypeScaleFixture-Italic", exact: true),
    Case(
      weight: 600, italic: true, width: .normal, expected: "TypeScaleFixture-BoldItalic",
      exact: false),
    Case(
      weight: 300, italic: true, width: .normal, expected: "TypeScaleFixture-Italic", exact: false),
    Case(
      weight: 400, italic: false, width: .condensed, expected: "TypeScaleFixture-CondensedRegular",
      exact: true),
    Case(
      weight: 700, italic: false, width: .condensed, expected: "TypeScaleFixture-CondensedRegular",
      exact: false),
    Case(
      weight: 400, italic: false, width: .semiCondensed,
      expected: "TypeScaleFixture-CondensedRegular", exact: false),
    Case(
      weight: 400, italic: false, width: .expanded, expected: "TypeScaleFixture-Regular",
      exact: false),
  ]

  @Test(arguments: cases)
  fileprivate func match_staticFamilyFollowsCSSFonts4(_ test: Case) throws {
    let registry = try fixtureFamily()
    let query = FontQuery(
      family: "TypeScale Fixture", weight: try FontWeight(test.weight), italic: test.italic,
      width: test.width)
    let match = try registry.match(query)
    #expect(match.face.postScriptName == test.expected)
    #expect(match.isExact == test.exact)
    #expect(match.diagnostics.isEmpty == test.exact)
    #expect(match.variations.isEmpty)
  }

  @Test func match_diagnosticsSayWhatWasSubstituted() throws {
    let registry = try fixtureFamily()
    let match = try registry.match(
      FontQuery(family: "TypeScale Fixture", weight: .semibold, italic: true))
    #expect(
      match.diagnostics.map(\.message) == [
        "no semibold (600) face of \"TypeScale Fixture\"; using TypeScaleFixture-BoldItalic "
          + "(weight 700) by CSS Fonts 4 matching; bold is not synthesized"
      ])
    #expect(match.diagnostics.map(\.kind) == [.weightSubstituted])
    let upright = try registry.match(FontQuery(family: "TypeScale Fixture KR", italic: true))
    #expect(upright.face.postScriptName == "TypeScaleFixtureKR-Regular")
    #expect(upright.diagnostics.map(\.kind) == [.slopeSubstituted])
    #expect(upright.diagnostics.first?.message.contains("does not synthesize") == true)
  }

  @Test func match_variableFontSetsTheAxisForWeightsBetweenInstances() throws {
    let registry = try fixtureFamily()
    let between = try registry.match(
      FontQuery(family: "TypeScale Variable", weight: FontWeight(650)))
    #expect(between.isExact)
    #expect(between.variations == ["wght": 650])
    #expect(
      ["TypeScaleVariable-SemiBold", "TypeScaleVariable-Bold"].contains(between.face.postScriptName)
    )
    let instance = try registry.match(FontQuery(family: "TypeScale Variable", weight: .bold))
    #expect(instance.face.postScriptName == "TypeScaleVariable-Bold")
    #expect(instance.isExact && instance.variations.isEmpty)
  }

  @Test func match_postScriptNameWinsOverWeightAndSaysSo() throws {
    // The name names one face, as `UIFont(name:size:)` takes it; the weight it cannot give is a
    // diagnostic (issue 19 item 1: every substitution is reported).
    let registry = try fixtureFamily()
    let match = try registry.match(FontQuery(family: "TypeScaleFixture-Light", weight: .bold))
    #expect(match.face.postScriptName == "TypeScaleFixture-Light" && !match.isExact)
    #expect(match.diagnostics.map(\.kind) == [.weightSubstituted])
    let plain = try registry.match(FontQuery(family: "TypeScaleFixture-Light"))
    #expect(plain.face.postScriptName == "TypeScaleFixture-Light" && plain.isExact)
  }

  @Test func match_unknownNameThrowsStrictly() throws {
    let registry = try fixtureFamily()
    let error = #expect(throws: FontError.self) {
      try registry.match(FontQuery(family: "Pretendard"))
    }
    #expect(error?.code == .notRegistered)
    #expect(
      error?.message.hasPrefix("no registered face is named or in a family named \"Pretendard\"")
        == true)
    #expect(error?.message.contains("Noto Sans") == true)
  }

  @Test func resolve_unknownNameFallsBackToTheDefaultWithADiagnostic() throws {
    let registry = try FontRegistry()
    let match = registry.resolve(FontQuery(family: "Pretendard-Regular"))
    #expect(match.face == registry.defaultFace)
    #expect(match.usedDefault && !match.isExact)
    #expect(
      match.diagnostics.first?.message
        == "requested \"Pretendard-Regular\", not registered; using NotoSans-Regular "
        + "(TypeScale's default)")
    let bold = registry.resolve(FontQuery(family: "Pretendard", weight: .bold))
    #expect(bold.face.postScriptName == "NotoSans-Bold")
    let semibold = registry.resolve(FontQuery(family: "Pretendard", weight: .semibold))
    #expect(semibold.face.postScriptName == "NotoSans-Bold")
    #expect(semibold.diagnostics.map(\.kind) == [.notRegistered, .weightSubstituted])
  }

  @Test func embeddedDefault_coversLatinGreekCyrillicAndHangul() throws {
    let registry = try FontRegistry()
    #expect(registry.defaultFace.postScriptName == "NotoSans-Regular")
    #expect(registry.defaultFace.source.kind == .embedded)
    #expect(registry.embeddedFaces.count == 4)
    let cascade = registry.cascade(for: registry.defaultFace)
    for text in ["Hello", "Ελληνικά", "Кириллица", "안녕하세요", "Ġ€…"] {
      for scalar in text.unicodeScalars where scalar != " " {
        #expect(cascade.face(for: scalar) != nil, "\(scalar) in \(text)")
      }
    }
    #expect(cascade.face(for: "한")?.postScriptName == "NotoSansCJKkr-Regular")
    #expect(
      registry.defaultCascade(weight: .bold).map(\.postScriptName)
        == ["NotoSans-Bold", "NotoSansCJKkr-Bold"])
  }

  @Test func cascade_ordersRequestedThenPreferredThenDefault() throws {
    let registry = try fixtureFamily()
    let latin = try #require(registry.face(postScriptName: "TypeScaleFixture-Regular"))
    let korean = try #require(registry.face(postScriptName: "TypeScaleFixtureKR-Regular"))
    let cascade = registry.cascade(for: latin, preferring: [korean])
    #expect(
      cascade.faces.prefix(3).map(\.postScriptName) == [
        "TypeScaleFixture-Regular", "TypeScaleFixtureKR-Regular", "NotoSans-Regular",
      ])
    #expect(cascade.face(for: "A") == latin)
    #expect(cascade.face(for: "안") == korean)
    #expect(cascade.face(for: "Ж")?.postScriptName == "NotoSans-Regular")
    #expect(cascade.face(for: "\u{1F600}") == nil)
    // A cluster is not split: é as e + combining acute goes to a face with both.
    #expect(cascade.face(forCluster: "e\u{0301}")?.postScriptName == "NotoSans-Regular")
    #expect(cascade.face(forCluster: "e\u{200D}") == latin)
  }

  @Test func systemFallback_usesAPrivateFontconfigConfiguration() throws {
    let registry = try FontRegistry()
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: Fixtures.font("Fixture-Hangul.otf"), to: folder.appendingPathComponent("kr.otf"))
    let system = try SystemFontFallback(directories: [folder])
    let face = system.face(for: "녕", registry: registry)
    #expect(face?.postScriptName == "TypeScaleFixtureKR-Regular")
    #expect(registry.face(postScriptName: "TypeScaleFixtureKR-Regular") != nil)
    #expect(system.face(for: "\u{1F600}", registry: registry) == nil)
    // A cascade consults it only after its own faces.
    let cascade = registry.cascade(for: registry.defaultFace, systemFallback: system)
    #expect(cascade.face(for: "녕")?.postScriptName == "NotoSansCJKkr-Regular")
  }

  /// Hostile text cannot grow the system fallback's remembered answers without bound: long
  /// clusters are not remembered, and the count stays at or under its limit.
  @Test func systemFallback_remembersABoundedNumberOfShortClusters() throws {
    let registry = try FontRegistry()
    let system = try SystemFontFallback(directories: [])
    let mark = Unicode.Scalar(0x0301)!
    let long = [Unicode.Scalar("a")] + Array(repeating: mark, count: 1_000)
    #expect(system.face(forScalars: long, registry: registry) == nil)
    #expect(system.rememberedAnswerCount == 0)
    let limit = SystemFontFallback.maximumRememberedAnswers
    for value in 0..<(limit + 10) {
      let key = [
        Unicode.Scalar(0xE000 + UInt32(value % 6_400))!,
        Unicode.Scalar(0x41 + UInt32(value / 6_400))!,
      ]
      _ = system.face(forScalars: key, registry: registry)
      #expect(system.rememberedAnswerCount <= limit)
    }
    #expect(system.rememberedAnswerCount == 10)
  }
}

@Suite struct CharacterCoverageTests {
  @Test func coverage_mergesRangesAndAnswersMembership() {
    let coverage = CharacterCoverage(ranges: [
      0x61...0x7A, 0x41...0x5A, 0x5B...0x5B, 0xAC00...0xD7A3,
    ])
    #expect(coverage.ranges == [0x41...0x5B, 0x61...0x7A, 0xAC00...0xD7A3])
    #expect(coverage.count == 27 + 26 + 11172)
    #expect(coverage.contains("A") && coverage.contains("[") && coverage.contains("한"))
    #expect(!coverage.contains("@") && !coverage.contains("\\") && !coverage.contains("€"))
    #expect(coverage.covers("Hello한") && !coverage.covers("Hello!"))
    #expect(CharacterCoverage.empty.isEmpty && !CharacterCoverage.empty.contains("a"))
  }

  @Test func coverage_fromSortedScalars() {
    let coverage = CharacterCoverage(sortedScalars: [1, 2, 2, 3, 7, 9, 10])
    #expect(coverage.ranges == [1...3, 7...7, 9...10])
  }

  @Test(arguments: [
    (UInt32(0x1F), ClosedRange<UInt32>?.none),
    (0x20, 0x20...0x7F),  // adjacent ranges merged
    (0x41, 0x20...0x7F),
    (0x7F, 0x20...0x7F),
    (0x80, nil),
    (0x3000, 0x3000...0x3000),
    (0xABFF, nil),
    (0xAC00, 0xAC00...0xD7A3),
    (0xD7A3, 0xAC00...0xD7A3),
    (0xD7A4, nil),
    (0x10FFFF, nil),
  ])
  func coveredRange_isTheRangeThatHoldsTheValue(
    _ value: UInt32, _ expected: ClosedRange<UInt32>?
  ) {
    let coverage = CharacterCoverage(ranges: [
      0xAC00...0xD7A3, 0x20...0x7E, 0x7F...0x7F, 0x3000...0x3000,
    ])
    #expect(coverage.coveredRange(containing: value) == expected)
    #expect(coverage.contains(value) == (expected != nil))
    #expect(CharacterCoverage.empty.coveredRange(containing: value) == nil)
  }
}

@Suite struct FontDataCacheTests {
  @Test func cache_countsHitsAndEvictsLeastRecentlyUsed() throws {
    let registry = try FontRegistry(options: .init(dataCacheBudget: 30_000))
    let regular = try #require(
      try registry.register(fileAt: Fixtures.font("Fixture-Regular.ttf")).first)
    let bold = try #require(try registry.register(fileAt: Fixtures.font("Fixture-Bold.ttf")).first)
    let black = try #require(
      try registry.register(fileAt: Fixtures.font("Fixture-Black.ttf")).first)
    let cache = registry.dataCache
    #expect(try cache.bytes(for: regular.source).count == 13728)
    #expect(try cache.bytes(for: regular.source).count == 13728)
    _ = try cache.bytes(for: bold.source)
    _ = try cache.bytes(for: regular.source)  // regular is now the most recent
    _ = try cache.bytes(for: black.source)  // over 30 000 bytes: bold goes
    let statistics = cache.statistics
    #expect(statistics.hits == 2 && statistics.misses == 3)
    #expect(statistics.evictions == 1 && statistics.files == 2)
    #expect(statistics.bytes == 13728 + 13788)
    _ = try cache.bytes(for: regular.source)
    #expect(cache.statistics.hits == 3)
  }
}
