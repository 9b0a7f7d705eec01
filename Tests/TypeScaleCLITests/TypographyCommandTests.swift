// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleRender
import TypeScaleTestSupport

@testable import TypeScaleCLI

/// Runs `typescale measure --batch` with `lines` as its standard input.
private func measureBatch(_ lines: [String]) async -> (status: Int32, output: String, error: String)
{
  await MeasureCommand.$input.withValue(.lines(lines)) { await typescale(["measure", "--batch"]) }
}

/// Parses one JSON object.
private func object(_ text: some StringProtocol) throws -> [String: Any] {
  try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// Parses a JSON array of objects.
private func objects(_ text: some StringProtocol) throws -> [[String: Any]] {
  try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
}

private func number(_ object: [String: Any], _ key: String) -> Double? {
  (object[key] as? NSNumber)?.doubleValue
}

/// An app's type scale in the fixture family, written to a temporary folder beside a folder
/// holding the family's Regular, SemiBold and Bold faces (copies, for `--font-dir`).
private struct TypeScaleFixture {
  /// The typography: caption2 fixed at 11 pt, body capped at 32 pt, a semibold headline, a
  /// black title2 (the folder has no black face), a title1 in a family nobody registered, and
  /// the tokens `button` (bold, relative to callout) and `overline` (fixed).
  static let json = """
    {
      "name": "Fixture app",
      "defaults": { "family": "TypeScale Fixture" },
      "styles": {
        "caption2": { "size": 11, "sizing": "fixed" },
        "body": { "size": 17, "maximumPointSize": 32 },
        "headline": { "weight": "semibold", "size": 17 },
        "title2": { "weight": "black", "size": 22 },
        "title1": { "family": "Nope Sans", "size": 28 }
      },
      "tokens": {
        "button": { "size": 15, "weight": "bold", "relativeTo": "callout" },
        "overline": { "size": 11, "sizing": "fixed" }
      }
    }
    """

  /// The faces copied into ``fonts``.
  static let faces = ["Fixture-Regular.ttf", "Fixture-SemiBold.ttf", "Fixture-Bold.ttf"]

  let folder: URL
  /// The typography file.
  let typography: String
  /// The folder of fonts.
  let fonts: String

  init() throws {
    folder = try Fixtures.temporaryDirectory("typescale-typography-cli")
    let file = folder.appendingPathComponent("typography.json")
    try Data(Self.json.utf8).write(to: file)
    typography = file.path
    let fontsFolder = folder.appendingPathComponent("Fonts")
    try FileManager.default.createDirectory(at: fontsFolder, withIntermediateDirectories: true)
    for name in Self.faces {
      try FileManager.default.copyItem(
        at: Fixtures.font(name), to: fontsFolder.appendingPathComponent(name))
    }
    fonts = fontsFolder.path
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func remove() { try? FileManager.default.removeItem(at: folder) }

  /// What `DynamicType` itself gives for a style or token at every category, with the same
  /// fonts registered: the reference the CLI must match.
  func dynamicTypeFonts(_ name: String) throws -> [ScaledFont] {
    let registry = try FontRegistry()
    _ = try registry.registerFonts(in: URL(fileURLWithPath: fonts))
    let base = DynamicType(
      registry: registry, typography: try Typography.load(URL(fileURLWithPath: typography)))
    return try ContentSizeCategory.allCases.map {
      try base.with(category: $0).font(for: Typography.TokenName(name))
    }
  }
}

@Suite struct TypographyCommandTests {
  fileprivate struct Case: Sendable, CustomTestStringConvertible {
    let style: String
    let category: String
    let pointSize: Double
    let face: String
    var testDescription: String { "\(style) at \(category)" }
  }

  /// The issue's checks: caption2 fixed at 11 and body capped at 32 at AX5, the semibold
  /// headline in the family's SemiBold face, a token bold and relative to callout (15 pt ×
  /// callout's AX2 factor 28/15, rounded: 28).
  private static let cases = [
    Case(style: "caption2", category: "AX5", pointSize: 11, face: "TypeScaleFixture-Regular"),
    Case(style: "body", category: "AX5", pointSize: 32, face: "TypeScaleFixture-Regular"),
    Case(style: "body", category: "L", pointSize: 17, face: "TypeScaleFixture-Regular"),
    Case(style: "headline", category: "L", pointSize: 17, face: "TypeScaleFixture-SemiBold"),
    Case(style: "headline", category: "AX5", pointSize: 48, face: "TypeScaleFixture-SemiBold"),
    Case(style: "button", category: "AX2", pointSize: 28, face: "TypeScaleFixture-Bold"),
    Case(style: "overline", category: "AX5", pointSize: 11, face: "TypeScaleFixture-Regular"),
  ]

  @Test(arguments: cases)
  fileprivate func measure_typographyWithFontDir_followsItsSizesAndFaces(_ test: Case) async throws
  {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale([
      "measure", "Hello", "--typography", fixture.typography, "--style", test.style,
      "--category", test.category, "--font-dir", fixture.fonts, "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.isEmpty)
    let layout = try object(run.output)
    #expect(number(layout, "pointSize") == test.pointSize)
    #expect(layout["face"] as? String == test.face)
    #expect(layout["diagnostics"] as? [String] == [])
    #expect(layout["category"] as? String == test.category)
  }

  @Test(arguments: ["body", "caption2", "headline", "title2", "button", "overline"])
  func measure_allCategories_matchesDynamicType(_ style: String) async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale([
      "measure", "Hello", "--typography", fixture.typography, "--style", style,
      "--all-categories", "--font-dir", fixture.fonts, "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    let layouts = try objects(run.output)
    let reference = try fixture.dynamicTypeFonts(style)
    #expect(layouts.compactMap { number($0, "pointSize") } == reference.map(\.pointSize))
    #expect(layouts.compactMap { $0["face"] as? String } == reference.map(\.face.postScriptName))
    #expect(layouts.count == 12)
  }

  /// The issue's bug: font files made the CLI drop the typography (caption2 at 41, not 11;
  /// the headline in the first file's regular face).
  @Test(arguments: [
    ("caption2", 11.0, "TypeScaleFixture-Regular"), ("headline", 48, "TypeScaleFixture-SemiBold"),
    ("body", 32, "TypeScaleFixture-Regular"),
  ])
  func measure_fontFilesWithTypography_keepTheTypography(
    _ style: String, _ pointSize: Double, _ face: String
  ) async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale([
      "measure", "Hello", "--typography", fixture.typography, "--style", style, "--category",
      "AX5", "--font-file", Fixtures.font("Fixture-Bold.ttf").path, "--font-file",
      Fixtures.font("Fixture-SemiBold.ttf").path, "--font-file",
      Fixtures.font("Fixture-Regular.ttf").path, "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    let layout = try object(run.output)
    #expect(number(layout, "pointSize") == pointSize)
    #expect(layout["face"] as? String == face)
  }

  /// A `--typography` that is a device, a folder or missing is refused by name before anything
  /// is read (a device would otherwise be read without end).
  @Test(arguments: [
    ("/dev/zero", "/dev/zero is a character device, not a typography file"),
    ("/tmp", "/tmp is a folder, not a typography file"),
    ("/nonexistent/typo.json", "no typography file at /nonexistent/typo.json"),
  ])
  func measure_typographyThatIsNotAFile_isRefusedByName(_ path: String, _ message: String) async {
    let run = await typescale(["measure", "Hi", "--typography", path])
    #expect(run.status == 2)
    #expect(run.error.contains(message), "\(run.error)")
  }

  @Test func measure_unknownFamily_warnsOnStandardErrorAndInJSON() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let arguments = [
      "measure", "Hello", "--typography", fixture.typography, "--style", "title1",
      "--font-dir", fixture.fonts,
    ]
    let run = await typescale(arguments + ["--json"])
    #expect(run.status == 0, "\(run.error)")
    let message =
      "requested \"Nope Sans\", not registered; using NotoSans-Regular (TypeScale's default)"
    #expect(run.error == "warning: \(message)\n")
    let layout = try object(run.output)
    #expect(layout["diagnostics"] as? [String] == [message])
    #expect(layout["face"] as? String == "NotoSans-Regular")
    #expect(number(layout, "pointSize") == 28)
    let text = await typescale(arguments)
    #expect(text.error == "warning: \(message)\n")
    #expect(text.output.contains("note:      \(message)\n"), "\(text.output)")
  }

  @Test func measure_missingWeight_warnsWithTheNearestFace() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale([
      "measure", "Hello", "--typography", fixture.typography, "--style", "title2",
      "--font-dir", fixture.fonts, "--all-categories", "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    // Black (900) is missing: CSS matching picks the heaviest face, Bold, and says so once.
    let warnings = run.error.split(separator: "\n")
    #expect(warnings.count == 1, "\(run.error)")
    #expect(warnings.first?.hasPrefix("warning: ") == true)
    #expect(warnings.first?.contains("(900)") == true, "\(run.error)")
    let layouts = try objects(run.output)
    #expect(layouts.allSatisfy { $0["face"] as? String == "TypeScaleFixture-Bold" })
    #expect(layouts.allSatisfy { ($0["diagnostics"] as? [String])?.count == 1 })
  }

  @Test func measure_sizeReplacesATokensDesignSize() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale([
      "measure", "Hello", "--typography", fixture.typography, "--style", "overline", "--size",
      "13", "--category", "AX5", "--font-dir", fixture.fonts, "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    // Still fixed: 13 at every category.
    #expect(number(try object(run.output), "pointSize") == 13)
  }

  @Test func measure_fontDirWithFont_resolvesTheName() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale([
      "measure", "Hello", "--font-dir", fixture.fonts, "--font", "TypeScaleFixture-SemiBold",
      "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(try object(run.output)["face"] as? String == "TypeScaleFixture-SemiBold")
  }

  @Test func measure_fontDirSkipsFilesThatAreNotFonts_withAWarning() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    try FileManager.default.copyItem(
      at: Fixtures.font("broken-html.ttf"),
      to: URL(fileURLWithPath: fixture.fonts).appendingPathComponent("broken-html.ttf"))
    let run = await typescale([
      "measure", "Hello", "--typography", fixture.typography, "--style", "headline",
      "--font-dir", fixture.fonts, "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.hasPrefix("warning: font folder \(fixture.fonts): skipped "), "\(run.error)")
    #expect(run.error.contains("broken-html.ttf is not a font"), "\(run.error)")
    #expect(run.error.split(separator: "\n").count == 1)
    #expect(try object(run.output)["face"] as? String == "TypeScaleFixture-SemiBold")
  }

  fileprivate struct BadRun: Sendable, CustomTestStringConvertible {
    let arguments: @Sendable (TypeScaleFixture) -> [String]
    let status: Int32
    let message: @Sendable (TypeScaleFixture) -> String
    let name: String
    var testDescription: String { name }
  }

  private static let badRuns = [
    BadRun(
      arguments: { ["measure", "x", "--typography", $0.typography, "--style", "buton"] },
      status: 2,
      message: { _ in
        "\"buton\" is neither a text style nor a token of typography Fixture app: text styles "
          + "are largeTitle, title1, title2, title3, headline, subheadline, body, callout, "
          + "footnote, caption1, caption2, extraLargeTitle, extraLargeTitle2; its tokens are "
          + "button, overline"
      }, name: "unknown token"),
    BadRun(
      arguments: { _ in ["measure", "x", "--style", "button"] }, status: 2,
      message: { _ in
        "unknown text style \"button\"; valid styles: largeTitle, title1, title2, title3, "
          + "headline, subheadline, body, callout, footnote, caption1, caption2, "
          + "extraLargeTitle, extraLargeTitle2; a custom token needs the typography that "
          + "defines it"
      }, name: "token without typography"),
    BadRun(
      arguments: { ["measure", "x", "--font-dir", $0.fonts] }, status: 2,
      message: { _ in
        "--font-dir registers fonts for a name to resolve to; give --typography <file>"
      }, name: "font-dir alone"),
    BadRun(
      arguments: { ["measure", "x", "--typography", $0.typography, "--font", "Noto Sans"] },
      status: 2, message: { _ in "give either --font Noto Sans or --typography" },
      name: "font and typography"),
    BadRun(
      arguments: { ["measure", "x", "--typography", $0.typography, "--font-dir", $0.path("no")] },
      status: 2, message: { "no folder at \($0.path("no"))" }, name: "missing folder"),
    BadRun(
      arguments: { ["measure", "x", "--typography", $0.path("none.json")] }, status: 2,
      message: { "no typography file at \($0.path("none.json"))" }, name: "missing typography"),
    BadRun(
      arguments: { ["render", "x", "-o", $0.path("x.png"), "--font-dir", $0.fonts] }, status: 2,
      message: { _ in "--font-dir registers fonts" }, name: "render font-dir alone"),
    BadRun(
      arguments: {
        ["render", "x", "-o", $0.path("x.png"), "--typography", $0.typography, "--style", "cta"]
      }, status: 2, message: { _ in "its tokens are button, overline" },
      name: "render unknown token"),
    BadRun(
      arguments: {
        ["scale", "--style", "body", "--size", "17", "--category", "L", "--font-dir", $0.fonts]
      }, status: 2, message: { _ in "give --typography <file> with them" },
      name: "scale fonts without typography"),
    BadRun(
      arguments: {
        [
          "scale", "--typography", $0.typography, "--style", "body", "--category", "L",
          "--platform", "watchos",
        ]
      }, status: 2, message: { _ in "--typography sizes follow the iOS table" },
      name: "scale typography on watchOS"),
    BadRun(
      arguments: {
        ["scale", "--typography", $0.typography, "--style", "cta", "--all-categories"]
      }, status: 2, message: { _ in "\"cta\" is neither a text style nor a token" },
      name: "scale unknown token"),
  ]

  @Test(arguments: badRuns)
  fileprivate func typography_badInput_exitsNamingTheValue(_ bad: BadRun) async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale(bad.arguments(fixture))
    #expect(run.status == bad.status, "\(run.error)")
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix("error: "), "\(run.error)")
    #expect(run.error.contains(bad.message(fixture)), "\(run.error)")
  }

  // MARK: - Batch

  @Test func batch_typographyAndFontDirs_matchTheCommandLine() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let typography = fixture.typography
    let fonts = fixture.fonts
    let run = await measureBatch([
      #"{"text": "Hello", "typography": "\#(typography)", "fontDirs": ["\#(fonts)"], "style": "caption2", "category": "AX5"}"#,
      #"{"text": "Hello", "typography": "\#(typography)", "fontDirs": ["\#(fonts)"], "style": "button", "allCategories": true}"#,
      #"{"text": "Hello", "typography": "\#(typography)", "style": "cta"}"#,
      #"{"text": "Hello", "typography": "\#(typography)", "style": "title1"}"#,
    ])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    guard lines.count == 4 else { return }
    let single = await typescale([
      "measure", "Hello", "--typography", typography, "--font-dir", fonts, "--style",
      "caption2", "--category", "AX5", "--json",
    ])
    #expect(lines[0] == single.output.trimmingCharacters(in: .newlines))
    #expect(number(try object(lines[0]), "pointSize") == 11)
    let sweep = try objects(lines[1])
    let reference = try fixture.dynamicTypeFonts("button")
    #expect(sweep.compactMap { number($0, "pointSize") } == reference.map(\.pointSize))
    #expect(sweep.allSatisfy { $0["face"] as? String == "TypeScaleFixture-Bold" })
    #expect((try object(lines[2])["error"] as? String)?.contains("its tokens are button") == true)
    #expect(
      (try object(lines[3])["diagnostics"] as? [String])?.first?.contains("\"Nope Sans\"") == true)
    #expect(
      run.error
        == "warning: line 4: requested \"Nope Sans\", not registered; using NotoSans-Regular "
        + "(TypeScale's default)\n")
  }

  @Test func batch_typographyFile_isReadOncePerBatch() throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    var session = try MeasureSession()
    let first = try session.typography(at: fixture.typography)
    try FileManager.default.removeItem(atPath: fixture.typography)
    // The file is gone, but the batch still has it.
    #expect(try session.typography(at: fixture.typography) == first)
    #expect(first.tokenNames == ["button", "overline"])
  }

  // MARK: - scale

  @Test(arguments: ["body", "caption2", "headline", "button", "overline"])
  func scale_typographyAllCategories_matchesDynamicType(_ style: String) async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale([
      "scale", "--typography", fixture.typography, "--style", style, "--all-categories",
      "--font-dir", fixture.fonts, "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.isEmpty)
    let rows = try objects(run.output)
    let reference = try fixture.dynamicTypeFonts(style)
    #expect(rows.compactMap { number($0, "pointSize") } == reference.map(\.pointSize))
    #expect(rows.compactMap { $0["face"] as? String } == reference.map(\.face.postScriptName))
    #expect(rows.allSatisfy { ($0["diagnostics"] as? [String]) == [] })
  }

  @Test func scale_typographyWithoutFonts_keepsItsColumns() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale([
      "scale", "--typography", fixture.typography, "--style", "body", "--all-categories",
      "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    let rows = try objects(run.output)
    #expect(
      rows.compactMap { number($0, "pointSize") }
        == [15, 15, 16, 17, 19, 20, 22, 26, 31, 32, 32, 32])
    #expect(
      rows.allSatisfy {
        Set($0.keys) == ["category", "pointSize", "scaledValue", "factor", "clamped"]
      })
    #expect(
      rows.map { $0["clamped"] as? Bool } == Array(repeating: false, count: 9) + [true, true, true])
  }

  @Test func scale_typographyToken_printsItsFaceAndMetrics() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale([
      "scale", "--typography", fixture.typography, "--style", "button", "--category", "AX2",
      "--font-dir", fixture.fonts,
    ])
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(
      lines.first
        == "button: callout metrics, 15pt at L; iOS table (HIG 2025-12-16); display scale 3×")
    #expect(lines.dropFirst().first == "face: TypeScaleFixture-Bold")
    #expect(lines.last?.hasPrefix("AX2       28 ") == true, "\(run.output)")
  }

  @Test func scale_unknownFamily_warnsAndListsTheDiagnostic() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let run = await typescale([
      "scale", "--typography", fixture.typography, "--style", "title1", "--category", "AX5",
      "--font-dir", fixture.fonts, "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    let message =
      "requested \"Nope Sans\", not registered; using NotoSans-Regular (TypeScale's default)"
    #expect(run.error == "warning: \(message)\n")
    let row = try #require(try objects(run.output).first)
    #expect(row["diagnostics"] as? [String] == [message])
    #expect(row["face"] as? String == "NotoSans-Regular")
  }

  // MARK: - render

  @Test func render_typographyHeadline_drawsTheSemiBoldFaceAtItsSize() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    let typography = fixture.path("typography.png")
    let run = await typescale([
      "render", "Hello", "--typography", fixture.typography, "--style", "headline",
      "--font-dir", fixture.fonts, "-o", typography,
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.isEmpty)
    #expect(run.output == typography + "\n")
    // The same face at the same size, given directly, draws the same pixels.
    let direct = fixture.path("direct.png")
    let plain = await typescale([
      "render", "Hello", "--font-file", Fixtures.font("Fixture-SemiBold.ttf").path, "--size",
      "17", "-o", direct,
    ])
    #expect(plain.status == 0, "\(plain.error)")
    let drawn = try PNG.decode(try Data(contentsOf: URL(fileURLWithPath: typography)))
    let expected = try PNG.decode(try Data(contentsOf: URL(fileURLWithPath: direct)))
    #expect(drawn.width == expected.width && drawn.height == expected.height)
    #expect(drawn.pixels == expected.pixels)
    // And not the regular face's.
    let regular = fixture.path("regular.png")
    _ = await typescale([
      "render", "Hello", "--font-file", Fixtures.font("Fixture-Regular.ttf").path, "--size",
      "17", "-o", regular,
    ])
    #expect(
      try PNG.decode(try Data(contentsOf: URL(fileURLWithPath: regular))).pixels
        != drawn.pixels)
  }

  @Test func render_typographyContactSheet_keepsAFixedStyleAtItsSize() async throws {
    let fixture = try TypeScaleFixture()
    defer { fixture.remove() }
    func sheet(_ style: String, _ options: [String]) async throws -> Image {
      let out = fixture.path(style + "-\(options.count).png")
      let run = await typescale(
        ["render", "Hello", "--style", style, "--all-categories", "--title", "Sheet", "-o", out]
          + options)
      #expect(run.status == 0, "\(run.error)")
      #expect(run.error.isEmpty)
      return try PNG.decode(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    let typography = ["--typography", fixture.typography, "--font-dir", fixture.fonts]
    let fixed = try await sheet("caption2", typography)
    let system = try await sheet("caption2", [])
    // Twelve rows of 11 pt text are shorter than the system caption2's, which grows to 40 pt.
    #expect(fixed.height < system.height)
    // The overline token, also fixed at 11 pt in the regular face, draws the same sheet; the
    // button token (bold, growing with callout) does not.
    #expect(try await sheet("overline", typography).pixels == fixed.pixels)
    let button = try await sheet("button", typography)
    #expect(button.height > fixed.height)
  }
}
