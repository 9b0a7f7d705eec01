// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleGoldens
import TypeScaleTestSupport
import TypeScaleTesting

/// A temporary folder holding `cases/ui.cases`, `cases/typography.json` and `cases/Fonts/` with
/// the fixture family "TypeScale Fixture" (Regular, SemiBold, Bold); goldens go in `goldens/`.
private struct TypographyWorkspace {
  /// Caption2 fixed at 11 pt, body capped at 32 pt, a semibold headline and a bold `button`
  /// token relative to callout, all in the fixture family.
  static let typography = """
    {"name": "Fixture", "defaults": {"family": "TypeScale Fixture"},
     "styles": {"caption2": {"size": 11, "sizing": "fixed"},
                "body": {"size": 17, "maximumPointSize": 32},
                "headline": {"size": 17, "weight": "semibold"}},
     "tokens": {"button": {"size": 15, "weight": "bold", "relativeTo": "callout"}}}
    """

  static let fontFiles = ["Fixture-Regular.ttf", "Fixture-SemiBold.ttf", "Fixture-Bold.ttf"]

  let root: URL
  var casesFolder: URL { root.appendingPathComponent("cases") }
  var casesURL: URL { casesFolder.appendingPathComponent("ui.cases") }
  var typographyURL: URL { casesFolder.appendingPathComponent("typography.json") }
  var fontsFolder: URL { casesFolder.appendingPathComponent("Fonts") }
  var goldenURL: URL { root.appendingPathComponent("goldens/ui.golden") }

  /// Creates the folder with the fonts, the typography and a cases file of one set.
  ///
  /// - Parameters:
  ///   - styles: The set's styles, as JSON.
  ///   - typographyPath: The cases file's `typography`.
  ///   - folders: The cases file's `fontFolders`, as JSON.
  ///   - fonts: The cases file's `fonts`, as JSON, or `nil`.
  ///   - moreSets: Sets after the first, as JSON starting with a comma.
  ///   - setOptions: More members of the first set, as JSON ending with a comma.
  /// - Throws: When the folder or its files cannot be written.
  init(
    styles: String = #"["caption2", "body", "headline", "button"]"#,
    typographyPath: String = "typography.json", folders: String = #"["Fonts"]"#,
    fonts: String? = nil, moreSets: String = "", setOptions: String = ""
  ) throws {
    root = try Fixtures.temporaryDirectory("golden-typography")
    try FileManager.default.createDirectory(at: fontsFolder, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: goldenURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    for name in Self.fontFiles {
      try FileManager.default.copyItem(
        at: Fixtures.font(name), to: fontsFolder.appendingPathComponent(name))
    }
    try writeTypography(Self.typography)
    let fontsMember = fonts.map { #""fonts": \#($0),"# } ?? ""
    try Data(
      """
      {"typography": "\(typographyPath)", "fontFolders": \(folders), \(fontsMember)
       "sets": [{"name": "ui", "styles": \(styles), "categories": "all", "widths": [120],
                 \(setOptions) "texts": [["save", "Save changes"]]}\(moreSets)]}
      """.utf8
    ).write(to: casesURL)
  }

  func writeTypography(_ json: String) throws {
    try Data(json.utf8).write(to: typographyURL)
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}

@Suite struct GoldenTypographyTests {
  // MARK: - Sizes and faces

  @Test func typographyCases_recordTheSizesAndLayoutsDynamicTypeGives() throws {
    let workspace = try TypographyWorkspace()
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.casesURL)
    let measurer = try GoldenMeasurer()
    let file = try measurer.measure(suite, baseDirectory: workspace.casesFolder)
    #expect(measurer.warnings.isEmpty, "\(measurer.warnings)")
    #expect(file.measurements.count == 4 * ContentSizeCategory.allCases.count)

    // The app's view: a registry of its own with the same fonts, and the same typography.
    let registry = try FontRegistry()
    #expect(try registry.registerFonts(in: workspace.fontsFolder).failures.isEmpty)
    let typography = try Typography.load(workspace.typographyURL)
    for record in file.measurements {
      let test = record.testCase
      #expect(test.font == GoldenSuite.typographyAlias)
      #expect(test.sizing == .typography, "\(record.id)")
      let app = DynamicType(registry: registry, typography: typography, category: test.category)
      let token = Typography.TokenName(test.styleName)
      let layout = try app.layout(
        test.text, token: token, width: test.width, options: test.layoutOptions)
      #expect(record.pointSize == (try app.font(for: token)).pointSize, "\(record.id)")
      #expect(record.width == layout.exactWidth, "\(record.id)")
      #expect(record.height == layout.exactHeight, "\(record.id)")
      #expect(record.lineCount == layout.lineCount, "\(record.id)")
    }

    func size(_ style: String, _ category: String) -> Double? {
      file.measurements.first { $0.id == "ui/save/typography/\(style)/\(category)/120" }?.pointSize
    }
    #expect(size("caption2", "xS") == 11)
    #expect(size("caption2", "AX5") == 11)
    #expect(size("body", "L") == 17)
    #expect(size("body", "AX5") == 32)
    #expect(size("headline", "L") == 17)
    #expect(size("button", "L") == 15)
    // Relative to callout, the token grows with the category.
    #expect((size("button", "AX5") ?? 0) > 30)
  }

  @Test func typographyCases_drawInTheStylesFaces() throws {
    let workspace = try TypographyWorkspace()
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.casesURL)
    var layouts = GoldenLayouts(
      registry: try FontRegistry(), folder: workspace.casesFolder, fonts: suite.fonts,
      typography: suite.typography, fontFolders: suite.fontFolders)
    let engine = TextLayoutEngine(registry: layouts.registry)
    var measured: [String: GoldenLayouts.Measured] = [:]
    for test in suite.cases where test.category == .large {
      measured[test.styleName] = try layouts.measure(test, engine: engine)
    }
    let faces = measured.mapValues(\.layout.font.face.postScriptName)
    #expect(faces["body"] == "TypeScaleFixture-Regular")
    #expect(faces["headline"] == "TypeScaleFixture-SemiBold")
    #expect(faces["button"] == "TypeScaleFixture-Bold")
    // The same text at the same size (17 pt) is wider in SemiBold than in Regular.
    let body = try #require(measured["body"])
    let headline = try #require(measured["headline"])
    #expect(body.pointSize == headline.pointSize)
    #expect(headline.layout.exactWidth > body.layout.exactWidth + 1)
    #expect(layouts.warnings.isEmpty)
  }

  // MARK: - Errors and warnings

  @Test func unknownToken_failsNamingTheCaseAndTheTypographysNames() throws {
    let workspace = try TypographyWorkspace(styles: #"["body", "buton"]"#)
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.casesURL)
    let error = #expect(throws: GoldenError.self) {
      try GoldenMeasurer().measure(suite, baseDirectory: workspace.casesFolder)
    }
    #expect(error?.code == .measurement)
    let message = error?.message ?? ""
    #expect(message.hasPrefix("case ui/save/typography/buton/xS/120: \"buton\" is neither a "))
    #expect(message.contains("typography Fixture"))
    #expect(message.contains("text styles are largeTitle, "))
    #expect(message.hasSuffix("its tokens are button"))
  }

  @Test func typographyCases_refuseAnotherSizing() throws {
    let workspace = try TypographyWorkspace(setOptions: #""sizing": "relative","#)
    defer { workspace.remove() }
    // Refused when the cases file is read, with the JSON path.
    let parseError = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.load(workspace.casesURL)
    }
    #expect(
      parseError?.message.contains(
        "$.sets[0].sizing: the typography sets how its styles scale; leave \"sizing\" out")
        == true)
    // A suite made in code is refused when measured.
    var suite = try GoldenCasesFile.parse(
      Data(
        try String(contentsOf: workspace.casesURL, encoding: .utf8)
          .replacingOccurrences(of: #""sizing": "relative","#, with: "").utf8),
      name: "ui.cases")
    suite.cases = suite.cases.map {
      var test = $0; test.sizing = .relative; return test
    }
    let error = #expect(throws: GoldenError.self) {
      try GoldenMeasurer().measure(suite, baseDirectory: workspace.casesFolder)
    }
    #expect(
      error?.message.hasPrefix(
        "case ui/save/typography/caption2/xS/120: sizing relative does not apply to the "
          + "typography's cases") == true)
  }

  @Test func substitutions_areWarnedOncePerStyle() throws {
    let workspace = try TypographyWorkspace(styles: #"["headline", "overline", "body"]"#)
    defer { workspace.remove() }
    try workspace.writeTypography(
      """
      {"name": "Fixture", "defaults": {"family": "TypeScale Fixture"},
       "styles": {"headline": {"size": 17, "weight": "black"}},
       "tokens": {"overline": {"size": 11, "sizing": "fixed", "family": "Absent Family"}}}
      """)
    try FileManager.default.copyItem(
      at: Fixtures.font("broken-html.ttf"),
      to: workspace.fontsFolder.appendingPathComponent("broken.ttf"))
    let suite = try GoldenCasesFile.load(workspace.casesURL)
    let measurer = try GoldenMeasurer()
    let file = try measurer.measure(suite, baseDirectory: workspace.casesFolder)
    #expect(file.measurements.count == 3 * ContentSizeCategory.allCases.count)
    let warnings = measurer.warnings
    #expect(warnings.count == 3, "\(warnings)")
    #expect(
      warnings.first?.hasPrefix("font folder Fonts: \(workspace.fontsFolder.path)/broken.ttf: ")
        == true)
    #expect(warnings.first?.hasSuffix("; skipped") == true)
    #expect(
      warnings.dropFirst().first?.hasPrefix(
        "style headline: no black (900) face of \"TypeScale Fixture\"; using "
          + "TypeScaleFixture-Bold (weight 700)") == true)
    #expect(
      warnings.dropFirst(2).first
        == "token overline: requested \"Absent Family\", not registered; using "
        + "NotoSans-Regular (TypeScale's default)")
    // The broken file is neither registered nor named in the header.
    #expect(!file.header.fontDigests.keys.contains { $0.contains("broken") })
  }

  /// `GoldenVerification.verify` (and so `expectGoldens`) ends its message with the same
  /// warnings, so a recording never hides a substituted face.
  @Test func verify_endsItsMessageWithTheSubstitutions() throws {
    let workspace = try TypographyWorkspace(styles: #"["overline"]"#)
    defer { workspace.remove() }
    try workspace.writeTypography(
      """
      {"name": "Fixture", "styles": {},
       "tokens": {"overline": {"size": 11, "sizing": "fixed", "family": "Absent Family"}}}
      """)
    let message = try #require(
      verifyMessage(casesFile: workspace.casesURL, record: .missing))
    #expect(message.hasPrefix("recorded a new golden file at "))
    #expect(
      message.hasSuffix(
        "\nwarning: token overline: requested \"Absent Family\", not registered; using "
          + "NotoSans-Regular (TypeScale's default)"))
  }

  @Test func missingTypographyOrFolder_failsNamingIt() throws {
    let workspace = try TypographyWorkspace(typographyPath: "absent.json")
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.casesURL)
    let error = #expect(throws: GoldenError.self) {
      try GoldenMeasurer().measure(suite, baseDirectory: workspace.casesFolder)
    }
    #expect(error?.message == "typography: no typography file at absent.json")

    let folders = try TypographyWorkspace(folders: #"["NoFonts"]"#)
    defer { folders.remove() }
    let folderError = #expect(throws: GoldenError.self) {
      try GoldenMeasurer().measure(
        try GoldenCasesFile.load(folders.casesURL), baseDirectory: folders.casesFolder)
    }
    #expect(
      folderError?.message
        == "font folder NoFonts: no folder at \(folders.casesFolder.path)/NoFonts")
  }

  // MARK: - Golden files

  @Test func header_namesTheTypographyTheFoldersAndEveryFolderFont() throws {
    let workspace = try TypographyWorkspace()
    defer { workspace.remove() }
    let golden = workspace.goldenURL
    let recorded = verifyMessage(
      casesFile: workspace.casesURL, golden: golden, record: .missing)
    #expect(recorded?.hasPrefix("recorded a new golden file at ") == true)
    let text = try String(contentsOf: golden, encoding: .utf8)
    let typographySHA = SHA256Digest.hash(try Data(contentsOf: workspace.typographyURL)).hex
    #expect(text.contains("\n# typography: ../cases/typography.json \(typographySHA)\n"))
    #expect(text.contains("\n# font-folder: ../cases/Fonts\n"))
    for name in TypographyWorkspace.fontFiles {
      let sha = SHA256Digest.hash(try Data(contentsOf: Fixtures.font(name))).hex
      #expect(text.contains("\n# font-file: typography ../cases/Fonts/\(name) \(sha)\n"), "\(name)")
    }
    let lines = text.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("# font-file: typography ") }.count == 3)
    #expect(
      text.contains(
        "ui/save/typography/body/AX5/120\tSave changes\ttypography\tbody\tAX5\t"
          + "typography\t32.000\t"))
    #expect(
      text.contains(
        "ui/save/typography/caption2/AX5/120\tSave changes\ttypography\tcaption2\t"
          + "AX5\ttypography\t11.000\t"))
    #expect(
      verifyMessage(casesFile: workspace.casesURL, golden: golden, record: .never)
        == nil)

    // The header reads back, and lays the cases out as the measurer measured them.
    let file = try GoldenVerification.read(golden)
    #expect(file.header.typography?.path == "../cases/typography.json")
    #expect(file.header.typography?.sha256 == typographySHA)
    #expect(file.header.fontFolders == ["../cases/Fonts"])
    var layouts = GoldenLayouts(
      registry: try FontRegistry(), goldenURL: golden, headers: [file.header])
    let engine = TextLayoutEngine(registry: layouts.registry)
    for record in file.measurements
    where record.testCase.category == .accessibilityExtraExtraExtraLarge {
      let measured = try layouts.measure(record.testCase, engine: engine)
      #expect(abs(measured.pointSize - record.pointSize) < 0.0005, "\(record.id)")
      #expect(abs(measured.layout.exactWidth - record.width) < 0.001, "\(record.id)")
    }
  }

  @Test func absolutePaths_verifyTheSameEverywhere() throws {
    let base = try TypographyWorkspace()
    defer { base.remove() }
    // The same workspace, with every path in the cases file absolute.
    let workspace = try TypographyWorkspace(
      typographyPath: base.typographyURL.path, folders: "[\"\(base.fontsFolder.path)\"]",
      fonts: "{\"fixture\": \"\(base.fontsFolder.path)/Fixture-Regular.ttf\"}",
      moreSets: #", {"name": "plain", "font": "fixture", "categories": ["L", "AX5"], "#
        + #""texts": [["save", "Save changes"]]}"#)
    defer { workspace.remove() }
    let golden = workspace.goldenURL

    #expect(
      verifyMessage(casesFile: workspace.casesURL, golden: golden, record: .missing)?
        .hasPrefix("recorded a new golden file at ") == true)
    #expect(
      verifyMessage(casesFile: workspace.casesURL, golden: golden, record: .never)
        == nil)
    expectGoldens(casesFile: workspace.casesURL, golden: golden, record: .never)

    let text = try String(contentsOf: golden, encoding: .utf8)
    #expect(text.contains("\n# typography: \(base.typographyURL.path) "))
    #expect(text.contains("\n# font-folder: \(base.fontsFolder.path)\n"))
    #expect(text.contains("\n# font-file: typography \(base.fontsFolder.path)/Fixture-Bold.ttf "))
    #expect(text.contains("\n# font: fixture \(base.fontsFolder.path)/Fixture-Regular.ttf\n"))

    // GoldenMeasurer, from the cases file's own folder, measures the same.
    let recorded = try GoldenVerification.read(golden)
    let direct = try GoldenMeasurer().measure(
      try GoldenCasesFile.load(workspace.casesURL), baseDirectory: workspace.casesFolder)
    #expect(direct.measurements.count == 4 * 12 + 2)
    let report = GoldenComparison.compare(expected: recorded, actual: direct, name: "direct")
    #expect(report.passed, "\(report.message())")
    #expect(direct.header.typography == recorded.header.typography)
    #expect(direct.header.fontFolders == recorded.header.fontFolders)
    #expect(direct.header.fontDigests == recorded.header.fontDigests)
  }

  @Test func changedTypography_changesTheSizesAndFailsVerification() throws {
    let workspace = try TypographyWorkspace()
    defer { workspace.remove() }
    let golden = workspace.goldenURL
    _ = verifyMessage(casesFile: workspace.casesURL, golden: golden, record: .missing)
    let before = try GoldenVerification.read(golden)
    try workspace.writeTypography(
      TypographyWorkspace.typography.replacingOccurrences(
        of: #""body": {"size": 17"#, with: #""body": {"size": 20"#))

    let message = verifyMessage(
      casesFile: workspace.casesURL, golden: golden, record: .never)
    #expect(message?.contains(" cases differ from \(golden.path)") == true, "\(message ?? "")")

    let suite = try GoldenCasesFile.load(workspace.casesURL).rebased(
      from: workspace.casesFolder, to: golden.deletingLastPathComponent())
    let after = try GoldenMeasurer().measure(
      suite, baseDirectory: golden.deletingLastPathComponent())
    #expect(after.header.typography?.path == before.header.typography?.path)
    #expect(after.header.typography?.sha256 != before.header.typography?.sha256)
    let report = GoldenComparison.compare(expected: before, actual: after, name: "ui.golden")
    let body = report.mismatches.first { $0.id == "ui/save/typography/body/L/120" }
    #expect(body?.fields["pointSize"] == ["17.000", "20.000"])
    // Only body changed; at AX5 it is held at its maximum either way.
    #expect(report.mismatches.allSatisfy { $0.id.contains("/body/") })
    #expect(!report.mismatches.contains { $0.id == "ui/save/typography/body/AX5/120" })
    // The cause names the typography, before fonts, libraries and the layout.
    let typographyCause = try #require(report.causes.first)
    #expect(typographyCause.hasPrefix("typography changed: "))
    #expect(typographyCause.contains("(sha256 \(before.header.typography!.sha256.prefix(12))… → "))
    #expect(!report.causes.contains { $0.hasPrefix("the layout changed") })
    #expect(message?.contains("likely cause: typography changed: ") == true)
  }
}
