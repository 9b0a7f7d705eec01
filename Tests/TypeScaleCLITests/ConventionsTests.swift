// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleTestSupport

@testable import TypeScaleCLI

/// Text in Ge'ez (Ethiopic) script, which none of the embedded fonts draws.
private let amharic = "ሰላም ዓለም"

/// The conventions every command shares (issue 19, items 7, 9, 10, 11): missing glyphs,
/// `--version`, "did you mean", usage lines, one name per concept, exit codes, output paths.
@Suite struct ConventionsTests {
  // MARK: - Missing glyphs (item 7)

  @Test func measure_missingGlyphs_warnsOnStandardErrorNamingThemAndTheFont() async throws {
    let run = await typescale(["measure", amharic])
    #expect(run.status == 0)
    #expect(run.output.contains("missing:"))
    let line = try #require(run.error.split(separator: "\n").first)
    #expect(
      line.hasPrefix("warning: no glyph for U+1230 ሰ, U+120B ላ, U+121D ም, U+12D3 ዓ, U+1208 ለ "),
      "\(run.error)")
    #expect(line.contains(" in NotoSans-Regular or its fallbacks; "))
    #expect(line.hasSuffix("they are drawn as .notdef and measured with its width"))
  }

  @Test func measure_strict_missingGlyphsExit1_andPrintTheResult() async {
    let strict = await typescale(["measure", amharic, "--strict", "--json"])
    #expect(strict.status == 1)
    #expect(strict.output.contains("\"missingCharacters\": [\"U+1230\""), "\(strict.output)")
    #expect(strict.error.hasPrefix("error: no glyph for U+1230 ሰ"))
    #expect(strict.error.hasSuffix(" (--strict)\n"))
    // Text every character of which has a glyph passes --strict, silently.
    let drawn = await typescale(["measure", "Hello 안녕", "--strict"])
    #expect(drawn.status == 0)
    #expect(drawn.error.isEmpty, "\(drawn.error)")
  }

  @Test func measureBatch_strictKey_exits1AfterAnsweringEveryLine() async {
    let lines = [
      #"{"text": "Hello"}"#,
      #"{"text": "\#(amharic)"}"#,
      #"{"text": "\#(amharic)", "strict": true}"#,
      #"{"text": "Hello", "strict": true}"#,
    ]
    let run = await MeasureCommand.$input.withValue(.lines(lines)) {
      await typescale(["measure", "--batch"])
    }
    #expect(run.status == 1)
    #expect(run.output.split(separator: "\n").count == 4)
    #expect(!run.output.contains("\"error\""), "\(run.output)")
    let errors = run.error.split(separator: "\n")
    #expect(errors.count == 2, "\(run.error)")
    #expect(errors.first?.hasPrefix("warning: line 2: no glyph for U+1230 ሰ") == true)
    #expect(errors.last?.hasPrefix("error: line 3: no glyph for U+1230 ሰ") == true)
    // Without a strict request the batch passes, warnings and all.
    let lenient = await MeasureCommand.$input.withValue(.lines(Array(lines.prefix(2)))) {
      await typescale(["measure", "--batch"])
    }
    #expect(lenient.status == 0)
    #expect(lenient.error.hasPrefix("warning: line 2: no glyph for"))
    let badKey = await MeasureCommand.$input.withValue(.lines([#"{"text": "a", "strict": 1}"#])) {
      await typescale(["measure", "--batch"])
    }
    #expect(badKey.output == "{\"error\": \"\\\"strict\\\" must be true or false\"}\n")
  }

  @Test func render_missingGlyphs_warns_andStrictExits1AfterWritingTheImage() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("a.png").path
    let run = await typescale(["render", amharic, "-o", out])
    #expect(run.status == 0)
    #expect(run.error.hasPrefix("warning: no glyph for U+1230 ሰ"), "\(run.error)")
    let strict = await typescale(["render", amharic, "-o", out, "--strict"])
    #expect(strict.status == 1)
    #expect(strict.output == out + "\n")
    #expect(strict.error.hasPrefix("error: no glyph for U+1230 ሰ"), "\(strict.error)")
    #expect(FileManager.default.fileExists(atPath: out))
  }

  @Test func missingGlyphs_listsAtMostTwentyThenCounts() async {
    let text = String(String.UnicodeScalarView((0x1200..<0x1220).compactMap(Unicode.Scalar.init)))
    let run = await typescale(["measure", text])
    #expect(run.error.contains(", U+1213 ሓ and 12 more in NotoSans-Regular"), "\(run.error)")
  }

  // MARK: - --version, did you mean, usage, names (item 9)

  @Test func version_printsTypeScaleAndTheCLibrariesRuntimeVersions() async {
    let run = await typescale(["--version"])
    #expect(run.status == 0)
    #expect(run.error.isEmpty)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(run.output)")
    #expect(lines.first == "typescale \(TypeScaleCommand.version)")
    // The versions golden files record, from the libraries loaded at run time.
    let libraries = TextLayoutEngine.libraryVersions
    #expect(lines.dropFirst().first == "harfbuzz \(libraries["harfbuzz"] ?? "?")")
    #expect(lines.dropFirst(2).first == "freetype \(FontRegistry.freeTypeVersion)")
    #expect(
      lines.last == "icu \(libraries["icu"] ?? "?") (unicode \(libraries["unicode"] ?? "?"))")
    for line in lines.dropFirst() {
      #expect(line.split(separator: " ")[1].allSatisfy { $0.isNumber || $0 == "." }, "\(line)")
    }
  }

  @Test(arguments: [
    (["mesure", "x"], "unknown subcommand 'mesure' for 'typescale'; did you mean 'measure'?"),
    (
      ["fonts", "inspcet"],
      "unknown subcommand 'inspcet' for 'typescale fonts'; did you mean 'inspect'?"
    ),
    (
      ["measure", "x", "--widht", "100"],
      "unknown option '--widht' for 'typescale measure'; did you mean '--width'?"
    ),
    (
      ["scale", "--style", "body", "--sise", "17"],
      "unknown option '--sise' for 'typescale scale'; did you mean '--size'?"
    ),
    (
      ["render", "x", "-o", "x.png", "--overlay", "all"],
      "unknown option '--overlay' for 'typescale render'; did you mean '--overlays'?"
    ),
  ])
  func mistypedNames_suggestTheNearest(_ arguments: [String], _ prefix: String) async {
    let run = await typescale(arguments)
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("error: " + prefix), "\(run.error)")
    // The valid names are still listed.
    #expect(run.error.contains("valid "))
  }

  @Test func farFromEveryName_suggestsNothing() async {
    let run = await typescale(["measure", "x", "--frobnicate"])
    #expect(
      run.error.hasPrefix("error: unknown option '--frobnicate' for 'typescale measure'; valid"))
    #expect(!run.error.contains("did you mean"))
  }

  @Test(arguments: [
    ("mesure", "measure", 1), ("--widht", "--width", 1), ("sizes", "sizes", 0), ("", "abc", 3),
    ("kitten", "sitting", 3), ("MEASURE", "measure", 0),
  ])
  func editDistance(_ a: String, _ b: String, _ expected: Int) {
    #expect(EditDistance.distance(a, b) == expected)
    #expect(EditDistance.distance(b, a) == expected)
  }

  /// Every command, with the words that name it.
  private static func commands() -> [(path: [String], configuration: CommandConfiguration)] {
    var result: [(path: [String], configuration: CommandConfiguration)] = []
    func walk(_ command: any Command.Type, _ path: [String]) {
      let configuration = command.configuration
      result.append((path, configuration))
      for subcommand in configuration.subcommands {
        walk(subcommand, path + [subcommand.configuration.commandName])
      }
    }
    walk(TypeScaleCommand.self, ["typescale"])
    return result
  }

  @Test func usage_listsEveryOption_andMarksNoOptionRequiredThatAnotherCanReplace() {
    for (path, configuration) in Self.commands() {
      let usage = HelpGenerator.usage(for: configuration, commandPath: path)
      let words = Set(
        usage.split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init))
      for option in configuration.options {
        #expect(
          words.contains("--\(option.name)")
            || option.short.map { words.contains("-\($0)") } == true,
          "'\(path.joined(separator: " "))' usage lacks --\(option.name)")
      }
    }
    // scale: --typography can replace --size, so --size is optional in the second form.
    let scale = HelpGenerator.usage(for: ScaleCommand.configuration)
    #expect(scale.contains("--typography <file>"))
    #expect(scale.contains("[--size <points>]"))
  }

  @Test func help_neverMentionsNil() async {
    for (path, _) in Self.commands() {
      let help = await typescale(Array(path.dropFirst()) + ["--help"])
      #expect(help.status == 0)
      let words = help.output.split { !$0.isLetter }
      #expect(!words.contains("nil"), "'\(path.joined(separator: " ")) --help' mentions nil")
    }
  }

  @Test(arguments: [
    ["measure", "x", "--lines", "-1"], ["render", "x", "-o", "x.png", "--lines", "-1"],
  ])
  func errors_neverMentionNil(_ arguments: [String]) async {
    let run = await typescale(arguments)
    #expect(run.status == 2)
    #expect(
      run.error.hasPrefix(
        "error: line limit -1 is not valid; use 0 for no limit, or 1…\(Int.max)"), "\(run.error)")
    let batch = await MeasureCommand.$input.withValue(.lines([#"{"text": "x", "lines": -1}"#])) {
      await typescale(["measure", "--batch"])
    }
    #expect(!batch.output.contains("nil"), "\(batch.output)")
  }

  @Test func render_displayScale_isTheNameEverywhere_andScaleStillWorksWithAWarning() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (path, configuration) in Self.commands() {
      #expect(configuration.option(named: "scale") == nil, "\(path) has --scale")
    }
    #expect(RenderCommand.configuration.option(named: "display-scale") != nil)
    let new = folder.appendingPathComponent("new.png").path
    let newRun = await typescale(["render", "Hi", "--display-scale", "3", "-o", new])
    #expect(newRun.status == 0)
    #expect(newRun.error.isEmpty)
    let old = folder.appendingPathComponent("old.png").path
    let oldRun = await typescale(["render", "Hi", "--scale", "3", "-o", old])
    #expect(oldRun.status == 0)
    #expect(oldRun.error == "warning: '--scale' is deprecated; use '--display-scale'\n")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: new)) == Data(contentsOf: URL(fileURLWithPath: old))
    )
    // The old name is not listed among the options or in the usage.
    let help = await typescale(["render", "--help"])
    #expect(!help.output.contains("--scale <"))
    #expect(help.output.contains("--display-scale <pixels>"))
  }

  // MARK: - Exit codes (item 10)

  @Test func rootHelp_documentsTheExitCodes() async {
    let help = await typescale(["--help"])
    #expect(help.output.contains(ExitCode.helpTable))
    #expect(help.output.contains("  0  success"))
    #expect(help.output.contains("  1  a check failed"))
    #expect(help.output.contains("  2  nothing was checked"))
  }

  /// One command line per row of the exit-code table.
  ///
  /// 0 success, 1 a check failed, 2 a usage mistake (with the hint to run --help), 2 an unusable
  /// input (without it). Golden files that differ exit 1
  /// in `GoldensCommandTests` (`verify_editedWidth_namesTheCaseWithExpectedAndActual`).
  @Test(arguments: [
    (["sizes"], Int32(0), nil as String?),
    (["measure", amharic, "--strict"], Int32(1), "error: no glyph for"),
    (["measure", "x", "--width", "wide"], Int32(2), "(see 'typescale measure --help')\n"),
    (["measure", "x", "--typography", "/nonexistent/t.json"], Int32(2), "/nonexistent/t.json"),
  ])
  func exitCodes_oneMeaningEverywhere(_ arguments: [String], _ status: Int32, _ error: String?)
    async
  {
    let run = await typescale(arguments)
    #expect(run.status == status)
    if let error { #expect(run.error.contains(error), "\(run.error)") }
    if status == 2, arguments.contains("--typography") {
      #expect(!run.error.contains("--help"), "an unusable file is not a usage mistake")
    }
  }

  /// A font file that does not exist: every command that takes fonts exits 2, with one `error:`
  /// line naming it and no hint to run `--help`.
  @Test func missingFontFile_exits2FromEveryCommandThatTakesFonts() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("Missing-Regular.ttf").path
    let typography = folder.appendingPathComponent("typography.json")
    try Data(#"{"styles": {"body": {"family": "Noto Sans", "size": 17}}}"#.utf8)
      .write(to: typography)
    let cases = folder.appendingPathComponent("ui.cases")
    try Data(
      #"""
      {"format": 1, "fonts": {"f": "Missing-Regular.ttf"},
       "sets": [{"name": "s", "fonts": ["f"], "texts": [["a", "Save"]], "widths": [null]}]}
      """#.utf8
    ).write(to: cases)
    let commands: [[String]] = [
      ["measure", "Hi", "--font-file", missing],
      ["measure", "Hi", "--typography", typography.path, "--font-file", missing],
      ["render", "Hi", "--font-file", missing, "-o", folder.appendingPathComponent("a.png").path],
      [
        "scale", "--style", "body", "--typography", typography.path, "--font-file", missing,
        "--all-categories",
      ],
      ["fonts", "inspect", missing],
      ["fonts", "install", missing, "--store", folder.appendingPathComponent("store").path],
      ["fonts", "match", "--dir", missing, "--family", "Missing"],
      ["goldens", "record", cases.path],
    ]
    for arguments in commands {
      let run = await typescale(arguments)
      #expect(run.status == 2, "\(arguments): \(run.error)")
      #expect(run.error.hasPrefix("error: "), "\(arguments): \(run.error)")
      #expect(run.error.contains("Missing-Regular.ttf"), "\(arguments): \(run.error)")
      #expect(!run.error.contains("--help"), "\(arguments): \(run.error)")
    }
  }

  // MARK: - Output paths (item 11)

  @Test func render_intoAMissingFolder_failsUnlessCreateDirs() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("no/such")
    let out = missing.appendingPathComponent("x.png").path
    let refused = await typescale(["render", "Hi", "-o", out])
    #expect(refused.status == 2)
    #expect(
      refused.error
        == "error: cannot write \(out): no folder at \(missing.path); create it, or pass "
        + "--create-dirs\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path))
    let created = await typescale(["render", "Hi", "-o", out, "--create-dirs"])
    #expect(created.status == 0, "\(created.error)")
    #expect(created.output == out + "\n")
    // Written to a temporary file and renamed: nothing else is left in the folder.
    #expect(try FileManager.default.contentsOfDirectory(atPath: missing.path) == ["x.png"])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }

  @Test(arguments: ["x.jpg", "x.jpeg", "x", "x.png.tmp", "x.webp"])
  func render_toAnotherExtension_isRefusedNamingPNG(_ name: String) async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent(name).path
    let run = await typescale(["render", "Hi", "-o", out])
    #expect(run.status == 2)
    #expect(
      run.error.hasPrefix(
        "error: '\(out)' for '--output': render writes PNG images only; give a path ending in "
          + ".png"), "\(run.error)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func render_pngExtension_ignoresCase() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("Shot.PNG").path
    let run = await typescale(["render", "Hi", "-o", out])
    #expect(run.status == 0, "\(run.error)")
    #expect(FileManager.default.fileExists(atPath: out))
  }
}
