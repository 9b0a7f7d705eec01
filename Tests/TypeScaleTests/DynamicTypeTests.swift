// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleTestSupport

/// One registry with the fixture family "TypeScale Fixture" registered.
private let fixtureRegistry: FontRegistry = {
  do {
    let registry = try FontRegistry()
    for name in [
      "Fixture-Regular.ttf", "Fixture-Bold.ttf", "Fixture-SemiBold.ttf", "Fixture-Italic.ttf",
    ] {
      try registry.register(fileAt: Fixtures.font(name))
    }
    return registry
  } catch {
    preconditionFailure("fixtures must register: \(error)")
  }
}()

@Suite struct DynamicTypeTests {
  /// reference/dynamic-type.md §4.5, xS … AX5.
  private static let worked: [(Double, [Double])] = [
    (17, [15, 15, 16, 17, 19, 20, 22, 26, 31, 37, 43, 48]),
    (20, [17, 18, 19, 20, 22, 24, 26, 31, 36, 44, 51, 56]),
    (16, [14, 15, 15, 16, 17, 19, 21, 25, 29, 35, 41, 45]),
  ]

  @Test(arguments: worked.map(\.0))
  func scaledFont_reproducesTheWorkedExamples(_ size: Double) throws {
    let expected = try #require(Self.worked.first { $0.0 == size }?.1)
    let base = DynamicType(registry: fixtureRegistry)
    let sizes = try ContentSizeCategory.allCases.map { category in
      try base.with(category: category)
        .scaledFont(
          for: BaseFont("TypeScale Fixture", size: try DesignSize(size)), textStyle: .body
        )
        .pointSize
    }
    #expect(sizes == expected)
  }

  @Test func scaledFont_resolvesRegisteredAndMissingNames() throws {
    let user = DynamicType(registry: fixtureRegistry, category: .accessibilityMedium)
    let found = try user.scaledFont(
      for: BaseFont("TypeScale Fixture", size: 17, weight: .semibold), textStyle: .headline)
    #expect(found.face.postScriptName == "TypeScaleFixture-SemiBold")
    #expect(found.diagnostics.isEmpty)
    #expect(found.pointSize == 26)  // 17 × 34/22 = 26.3
    let missing = try user.scaledFont(
      for: BaseFont("Pretendard-Regular", size: 17), textStyle: .body)
    #expect(missing.face.postScriptName == "NotoSans-Regular")
    #expect(missing.diagnostics.first?.kind == .notRegistered)
    #expect(missing.pointSize == 26)
  }

  @Test func typography_registeredFamiliesResolveExactly() throws {
    var typography = Typography(name: "fixture")
    typography[.body] = .init(family: "TypeScale Fixture", size: 15)
    typography[.headline] = .init(family: "TypeScale Fixture", weight: .bold, size: 17)
    typography[.caption1] = .init(family: "TypeScale Fixture", italic: true, size: 12)
    let user = DynamicType(registry: fixtureRegistry, typography: typography, category: .extraLarge)
    #expect(try user.font(for: .body).face.postScriptName == "TypeScaleFixture-Regular")
    #expect(try user.font(for: .headline).face.postScriptName == "TypeScaleFixture-Bold")
    #expect(try user.font(for: .caption1).face.postScriptName == "TypeScaleFixture-Italic")
    #expect(try user.font(for: .body).diagnostics.isEmpty)
    // 15 × 24/22 = 16.4 → 16 at XL, relative to body.
    #expect(try user.font(for: .body).pointSize == 16)
    // A style the typography does not set keeps Apple's size, in the embedded family.
    #expect(try user.font(for: .title1).pointSize == 30)
  }

  @Test func typography_missingFamiliesFallBackWithDiagnostics() throws {
    let typography = try Typography.load(
      packageRoot().appendingPathComponent("Samples/typography-pretendard.json"))
    let user = DynamicType(registry: fixtureRegistry, typography: typography)
    for style in TextStyle.allCases where SizeTable.iOS.isScalable(style) {
      let font = try user.font(for: style)
      #expect(font.face.source.kind == .embedded, "\(style)")
      #expect(font.diagnostics.first?.kind == .notRegistered, "\(style)")
      #expect(font.diagnostics.first?.message.contains("Pretendard") == true)
    }
    #expect(try user.font(for: .largeTitle).face.postScriptName == "NotoSans-Bold")
    #expect(try user.font(for: .body).tracking == -0.2)
    #expect(try user.font(for: .body).lineHeightMultiple == 1.4)
  }

  @Test func typography_fixedSizeNeverChanges() throws {
    let typography = try Typography.load(
      packageRoot().appendingPathComponent("Samples/typography-pretendard.json"))
    let base = DynamicType(registry: fixtureRegistry, typography: typography)
    let sizes = try ContentSizeCategory.allCases.map {
      try base.with(category: $0).font(for: .caption2).pointSize
    }
    #expect(sizes == Array(repeating: 11, count: 12))
    let body = try ContentSizeCategory.allCases.map {
      try base.with(category: $0).font(for: .body).pointSize
    }
    #expect(body.max() == 32)  // maximumPointSize
  }

  @Test func range_holdsTheSizeAtItsBound() throws {
    let clamped = DynamicType(
      registry: fixtureRegistry, category: .accessibilityExtraExtraExtraLarge,
      range: DynamicTypeRange(...ContentSizeCategory.extraExtraExtraLarge))
    #expect(clamped.effectiveCategory == .extraExtraExtraLarge)
    let body = try clamped.font(for: .body)
    #expect(body.pointSize == 22)  // 17 × 29/22 = 22.4 at XXXL, not 48 at AX5
    #expect(try clamped.scaledValue(for: 17) == 67.0 / 3)
    let sweep = try clamped.sweep("Hello", style: .body)
    #expect(sweep.map(\.category) == DynamicTypeRange.nonAccessibility.categories)
  }

  @Test func layout_usesTheStylesFontTrackingAndLineHeight() throws {
    var typography = Typography(name: "t")
    typography[.body] = .init(
      family: "TypeScale Fixture", size: 17, tracking: 1, lineHeightMultiple: 2)
    let user = DynamicType(registry: fixtureRegistry, typography: typography)
    let layout = try user.layout("Hello", style: .body)
    let plain = try user.engine.layout(
      "Hello",
      font: try LayoutFont(
        face: try #require(fixtureRegistry.face(postScriptName: "TypeScaleFixture-Regular")),
        pointSize: 17))
    // Tracking 1 after each of the five clusters, the last one's hanging (Apple's `.tracking`);
    // exact sizes, as a label rounds the reported ones up to the pixel grid.
    #expect(abs(layout.exactWidth - plain.exactWidth - 4) < 1e-9)
    #expect(abs(layout.exactHeight - 2 * plain.exactHeight) < 1e-9)
  }

  @Test func concurrentRequests_matchSerialResults() async throws {
    let base = DynamicType(registry: fixtureRegistry)
    let texts = ["Save", "안녕하세요 여러분", "The quick brown fox jumps over the lazy dog"]
    func request(_ index: Int) throws -> String {
      let category = ContentSizeCategory.allCases[index % 12]
      let user = base.with(category: category)
      let layout = try user.layout(texts[index % texts.count], style: .body, width: 200)
      let font = try user.scaledFont(
        for: BaseFont("TypeScale Fixture", size: 17), textStyle: .title2)
      return "\(category) \(layout.width) \(layout.height) \(layout.lineCount) \(font.pointSize)"
    }
    let serial = try (0..<200).map(request)
    let parallel = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for index in 0..<200 { group.addTask { (index, try request(index)) } }
      return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
    }
    #expect((0..<200).map { parallel[$0] } == serial)
  }
}

@Suite struct TypographyLoadingTests {
  @Test func load_reportsEveryProblemWithItsPath() {
    let json = """
      {"styles": {
        "heading": {"size": 20},
        "body": {"weight": 1200, "size": -3},
        "caption1": {"sizing": "stretchy"},
        "title1": {"size": 28, "lineHeightMultiple": 0}
      }}
      """
    let error = #expect(throws: TypeScaleError.self) {
      try Typography.load(json: Data(json.utf8), name: "bad.json")
    }
    #expect(error?.code == .invalidTypography)
    #expect(
      error?.problems == [
        "$.styles.body.weight: font weight 1200 is out of range; use 1…1000",
        "$.styles.body.size: -3 is not a size; use points > 0",
        "$.styles.caption1.sizing: unknown sizing mode \"stretchy\"; use relative, body or fixed",
        "$.styles.heading: unknown text style \"heading\"; valid styles: largeTitle, title1, "
          + "title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2, "
          + "extraLargeTitle, extraLargeTitle2",
        "$.styles.title1.lineHeightMultiple: 0 is not valid; use a number > 0",
      ])
    #expect(error?.message.hasPrefix("bad.json: 5 problems:") == true)
  }

  @Test func load_samplesParse() throws {
    let pretendard = try Typography.load(
      packageRoot().appendingPathComponent("Samples/typography-pretendard.json"))
    #expect(pretendard.name == "Pretendard app")
    #expect(pretendard[.caption1].family == "Pretendard-Medium")
    #expect(pretendard[.callout].sizing == .relative(to: .body))
    #expect(pretendard[.caption2].sizing == .fixed)
    #expect(pretendard[.title1].weight == .bold)
    let apple = try Typography.load(
      packageRoot().appendingPathComponent("Samples/typography-default.json"))
    for style in TextStyle.allCases where SizeTable.iOS.isScalable(style) {
      #expect(apple[style].size == Typography.default[style].size, "\(style)")
      #expect(apple[style].sizing(for: style) == .relative(to: style))
    }
  }
}
