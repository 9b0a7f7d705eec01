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

  /// SwiftUI's `Font.custom(_:fixedSize:)`: the size is the same at every category (and is not
  /// rounded), while the face resolves as for any other font, with its diagnostics.
  @Test(arguments: ContentSizeCategory.allCases)
  func fixedSizeFont_keepsItsSizeAtEveryCategory(_ category: ContentSizeCategory) throws {
    let user = DynamicType(
      registry: fixtureRegistry, category: category,
      range: DynamicTypeRange(...ContentSizeCategory.small))
    let base = BaseFont("TypeScale Fixture", size: try DesignSize(13.5), weight: .semibold)
    let fixed = user.fixedSizeFont(for: base)
    #expect(fixed.pointSize == 13.5)
    #expect(fixed.size.sizing == .fixed && fixed.size.factor == 1 && !fixed.size.isClamped)
    #expect(fixed.face.postScriptName == "TypeScaleFixture-SemiBold")
    #expect(fixed.diagnostics.isEmpty)
    #expect(try user.scaledFont(for: base, sizing: .fixed) == fixed)
    let capped = try user.scaledFont(for: base, sizing: .fixed, maximumPointSize: 12)
    #expect(capped.pointSize == 12 && capped.size.isClamped)
  }

  @Test func fixedSizeFont_reportsSubstitutionsLikeEveryFont() throws {
    let user = DynamicType(registry: fixtureRegistry, category: .accessibilityExtraExtraExtraLarge)
    let heavy = user.fixedSizeFont(for: BaseFont("TypeScale Fixture", size: 11, weight: .black))
    #expect(heavy.pointSize == 11)
    #expect(heavy.face.postScriptName == "TypeScaleFixture-Bold")
    #expect(heavy.diagnostics.map(\.kind) == [.weightSubstituted])
    let missing = user.fixedSizeFont(for: BaseFont("Pretendard", size: 11))
    #expect(missing.pointSize == 11)
    #expect(missing.diagnostics.first?.kind == .notRegistered)
  }

  @Test func scaledFontWithSizing_matchesTheTextStyleForm() throws {
    let user = DynamicType(registry: fixtureRegistry, category: .accessibilityMedium)
    let base = BaseFont("TypeScale Fixture", size: 17)
    #expect(
      try user.scaledFont(for: base, sizing: .relative(to: .headline)).pointSize
        == user.scaledFont(for: base, textStyle: .headline).pointSize)
    #expect(try user.scaledFont(for: base, sizing: .scalesWithBody).pointSize == 26)
    let error = #expect(throws: TypeScaleError.self) {
      try user.scaledFont(for: base, sizing: .fixed, maximumPointSize: -1)
    }
    #expect(error?.code == .invalidValue)
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
    #expect(body.pointSize == 23)  // the system body's 23 pt at XXXL, not 53 at AX5
    #expect(try clamped.scaledValue(for: 17) == 67.0 / 3)
    let sweep = try clamped.sweep("Hello", style: .body)
    #expect(sweep.map(\.category) == DynamicTypeRange.nonAccessibility.categories)
  }

  @Test func layout_usesTheStylesFontKernTrackingAndLineHeight() throws {
    var typography = Typography(name: "t")
    typography[.body] = .init(
      family: "TypeScale Fixture", size: 17, kern: 1, lineHeightMultiple: 2)
    typography[.callout] = .init(family: "TypeScale Fixture", size: 16, tracking: 0.5)
    let user = DynamicType(registry: fixtureRegistry, typography: typography)
    let layout = try user.layout("Hello", style: .body)
    let plain = try user.engine.layout(
      "Hello",
      font: try LayoutFont(
        face: try #require(fixtureRegistry.face(postScriptName: "TypeScaleFixture-Regular")),
        pointSize: 17))
    // Kern adds 1 pt after each of the five clusters, the last one included.
    #expect(abs(layout.exactWidth - plain.exactWidth - 5) < 1e-9)
    #expect(abs(layout.exactHeight - 2 * plain.exactHeight) < 1e-9)
    #expect(layout.options.kern == 1 && layout.options.tracking == 0)
    let callout = try user.layout("Hello", style: .callout)
    #expect(callout.options.tracking == 0.5 && callout.options.kern == 0)
    // Options that set their own keep them.
    var own = LayoutOptions()
    own.kern = 2
    #expect(try user.layout("Hello", style: .body, options: own).options.kern == 2)
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

/// `Typography.system`: what TypeScale uses when no typography is given.
@Suite struct SystemTypographyTests {
  static let cells: [(TextStyle, ContentSizeCategory)] = TextStyle.allCases
    .filter(SizeTable.iOS.isScalable)
    .flatMap { style in ContentSizeCategory.allCases.map { (style, $0) } }

  @Test func system_isDynamicTypesDefault() {
    #expect(DynamicType(registry: fixtureRegistry).typography == .system)
    #expect(Typography.system.definedStyles == TextStyle.allCases)
    #expect(Typography.system[.headline].weight == .semibold)
    #expect(Typography.system[.largeTitle].family == "Noto Sans")
    #expect(Typography.system[.caption2].sizing == .system(.caption2))
  }

  @Test(arguments: cells)
  func font_hasTheTablesSizeAndWeight(_ style: TextStyle, _ category: ContentSizeCategory)
    throws
  {
    let font = try DynamicType(registry: fixtureRegistry, category: category).font(for: style)
    let entry = try SizeTable.iOS.entry(for: style, at: category)
    #expect(font.pointSize == entry.pointSize)
    #expect(font.size.sizing == .system(style))
    #expect(Typography.system[style].weight == entry.weight)
  }

  @Test func bodyAtAX5_is53_andACustom17ptBodyIs48() throws {
    let ax5 = ContentSizeCategory.accessibilityExtraExtraExtraLarge
    let system = DynamicType(registry: fixtureRegistry, category: ax5)
    #expect(try system.font(for: .body).pointSize == 53)
    #expect(try system.layout("Hi", style: .body).pointSize == 53)
    var custom = Typography(name: "custom")
    custom[.body] = .init(family: "TypeScale Fixture", size: 17)
    let app = DynamicType(registry: fixtureRegistry, typography: custom, category: ax5)
    #expect(try app.font(for: .body).pointSize == 48)
    #expect(try app.layout("Hi", style: .body).pointSize == 48)
    // Typography.default is Apple's sizes scaled as custom fonts are.
    let scaled = DynamicType(registry: fixtureRegistry, typography: .default, category: ax5)
    #expect(try scaled.font(for: .body).pointSize == 48)
  }

  @Test func sweep_laysOutAtTheTablesSizes() throws {
    let sweep = try DynamicType(registry: fixtureRegistry).sweep("Hello", style: .title2)
    let table = try SizeTable.iOS.entries(for: .title2).map(\.entry.pointSize)
    #expect(sweep.map(\.layout.pointSize) == table)
    #expect(sweep.map(\.size.points) == table)
    #expect(sweep.last?.layout.pointSize == 56)
  }

  @Test(arguments: [nil, 1.0, 2.0, 3.0])
  func layout_roundsALabelUpToTheDisplayScale(_ scale: Double?) throws {
    var base = DynamicType(registry: fixtureRegistry, category: .accessibilityLarge)
    if let scale { base.displayScale = scale }
    let grid = scale ?? 3
    let text = "The quick brown fox jumps over the lazy dog"
    let layouts =
      [try base.layout(text, style: .body, width: 200)]
      + (try base.sweep(text, style: .footnote, width: 150)).map(\.layout)
    for layout in layouts {
      #expect(layout.options.displayScale == grid)
      #expect((layout.width * grid).rounded() == layout.width * grid)
      #expect((layout.height * grid).rounded() == layout.height * grid)
      #expect(layout.width >= layout.exactWidth && layout.width - layout.exactWidth < 1 / grid)
      #expect(layout.height >= layout.exactHeight && layout.height - layout.exactHeight < 1 / grid)
    }
  }

  @Test func layout_optionsDisplayScaleAndTargetWin() throws {
    let base = DynamicType(registry: fixtureRegistry, displayScale: 2)
    var options = LayoutOptions()
    options.displayScale = 1
    let one = try base.layout("Hello", style: .body, options: options)
    #expect(one.options.displayScale == 1 && one.width == one.exactWidth.rounded(.up))
    let exact = try base.layout("Hello", style: .body, options: .init(target: .attributedString))
    #expect(exact.options.displayScale == nil)
    #expect(exact.width == exact.exactWidth && exact.height == exact.exactHeight)
  }

  @Test func layout_displayScaleOutOfRange_failsNamingIt() {
    let base = DynamicType(registry: fixtureRegistry, displayScale: 20)
    let error = #expect(throws: TypeScaleError.self) { try base.layout("Hi", style: .body) }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains("display scale 20") == true)
  }
}

/// `extraLargeTitle` and `extraLargeTitle2`: published at Large only.
@Suite struct ExtraLargeTitleTests {
  @Test(arguments: [
    (TextStyle.extraLargeTitle, 36.0), (.extraLargeTitle2, 28.0),
  ])
  func systemFont_keepsItsLargeSizeWithADiagnostic(_ style: TextStyle, _ points: Double) throws {
    for category in ContentSizeCategory.allCases {
      let user = DynamicType(registry: fixtureRegistry, category: category)
      let font = try user.font(for: style)
      #expect(font.pointSize == points, "\(category)")
      #expect(font.size.sizing == .fixed)
      let note = try #require(font.diagnostics.last)
      #expect(note.kind == .sizeNotScaled)
      #expect(
        note.message == "\(style) keeps \(Int(points))pt at every category: Apple publishes no "
          + "per-category sizes for \(style) (it is published at L only), and TypeScale does "
          + "not invent them")
      let layout = try user.layout("Hello", style: style)
      #expect(layout.pointSize == points)
      #expect(layout.diagnostics.fontResolution.contains(note))
    }
    let sweep = try DynamicType(registry: fixtureRegistry).sweep("Hello", style: style)
    #expect(sweep.map(\.layout.pointSize) == Array(repeating: points, count: 12))
    #expect(
      sweep.allSatisfy { $0.layout.diagnostics.fontResolution.last?.kind == .sizeNotScaled })
  }

  @Test func scaledFont_agreesWithFont() throws {
    let user = DynamicType(registry: fixtureRegistry, category: .accessibilityExtraLarge)
    let scaled = try user.scaledFont(
      for: BaseFont("TypeScale Fixture", size: 40, weight: .bold), textStyle: .extraLargeTitle)
    #expect(scaled.pointSize == 40)
    #expect(scaled.face.postScriptName == "TypeScaleFixture-Bold")
    #expect(scaled.diagnostics.map(\.kind) == [.sizeNotScaled])
    #expect(scaled.match.isExact)
    let capped = try user.scaledFont(
      for: BaseFont("TypeScale Fixture", size: 40), textStyle: .extraLargeTitle2,
      maximumPointSize: 30)
    #expect(capped.pointSize == 30)
    // The metrics layer stays strict: it has no factor to scale by.
    #expect(throws: MetricsError.self) { try FontMetrics(forTextStyle: .extraLargeTitle) }
  }

  @Test func customTypography_sameRule_butAnExplicitFixedSizingSaysNothing() throws {
    var typography = Typography(name: "t")
    typography[.extraLargeTitle] = .init(family: "TypeScale Fixture", size: 40)
    typography[.extraLargeTitle2] = .init(family: "TypeScale Fixture", size: 30, sizing: .fixed)
    let user = DynamicType(
      registry: fixtureRegistry, typography: typography, category: .accessibilityMedium)
    let first = try user.font(for: .extraLargeTitle)
    #expect(first.pointSize == 40 && first.diagnostics.map(\.kind) == [.sizeNotScaled])
    let second = try user.font(for: .extraLargeTitle2)
    #expect(second.pointSize == 30 && second.diagnostics.isEmpty)
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
        "$.styles.body.weight: font weight 1200 is out of range; use 1…1000 or a name: thin "
          + "(100), extraLight (200), ultraLight (200), light (300), regular (400), normal (400), "
          + "medium (500), semibold (600), demiBold (600), bold (700), extraBold (800), "
          + "ultraBold (800), black (900), heavy (900)",
        "$.styles.body.size: -3 is not a size; use points > 0",
        "$.styles.caption1.sizing: unknown sizing mode \"stretchy\"; use relative, body, fixed or "
          + "system",
        "$.styles.heading: unknown text style \"heading\"; valid styles: largeTitle, title1, "
          + "title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2, "
          + "extraLargeTitle, extraLargeTitle2",
        "$.styles.title1.lineHeightMultiple: 0 is not valid; use a number > 0",
      ])
    #expect(error?.message.hasPrefix("bad.json: 5 problems:") == true)
  }

  @Test func load_systemSizingKernAndDefaults() throws {
    let json = """
      {"defaults": {"family": "TypeScale Fixture", "sizing": "system"},
       "styles": {
        "body": {"kern": 0.5, "tracking": -0.2},
        "callout": {"sizing": "system", "relativeTo": "body"},
        "footnote": {"sizing": "relative"},
        "extraLargeTitle": {}
      }}
      """
    let typography = try Typography.load(json: Data(json.utf8), name: "system.json")
    #expect(typography[.body].sizing == .system(.body))
    #expect(typography[.body].kern == 0.5 && typography[.body].tracking == -0.2)
    #expect(typography[.callout].sizing == .system(.body))
    #expect(typography[.footnote].sizing == .relative(to: .footnote))
    // Unlisted styles take the defaults' family and sizing.
    #expect(typography[.headline].sizing == .system(.headline))
    #expect(typography[.headline].family == "TypeScale Fixture")
    #expect(typography[.extraLargeTitle].sizing == .system(.extraLargeTitle))
    let user = DynamicType(
      registry: fixtureRegistry, typography: typography,
      category: .accessibilityExtraExtraExtraLarge)
    #expect(try user.font(for: .body).pointSize == 53)
    #expect(try user.font(for: .footnote).pointSize == 38)  // 13 × 52/18 = 37.6, UIFontMetrics
    #expect(try user.font(for: .callout).pointSize == 50)  // 16 × 53/17 = 49.9, body's table
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
    let system = try Typography.load(
      packageRoot().appendingPathComponent("Samples/typography-system.json"))
    for style in TextStyle.allCases {
      #expect(system[style] == Typography.system[style], "\(style)")
    }
  }
}
