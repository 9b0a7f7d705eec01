// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleTestSupport

@testable import TypeScaleGoldens

/// A small cases file in a temporary folder, with a copy of a fixture font beside it.
private struct Workspace {
  let folder: URL
  var cases: URL { folder.appendingPathComponent("ui.cases") }
  var golden: URL { folder.appendingPathComponent("ui.golden") }
  var font: URL { folder.appendingPathComponent("Fonts/brand.ttf") }

  init() throws {
    folder = try Fixtures.temporaryDirectory("goldens")
    try FileManager.default.createDirectory(
      at: font.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Fixtures.font("Fixture-Regular.ttf"), to: font)
    try Data(Self.casesJSON.utf8).write(to: cases)
  }

  static let casesJSON = """
    {
      "format": 1,
      "fonts": {"default": "embedded", "brand": "Fonts/brand.ttf"},
      "sets": [
        {"name": "buttons", "fonts": ["default", "brand"], "styles": ["body", "headline"],
         "categories": ["L", "AX3"], "widths": [120, null], "lines": 1,
         "texts": [["save", "Save changes"], ["tab", "Tab\\twith\\u200Djoiner"]]},
        {"name": "ko", "font": "default", "language": "ko", "strategy": "hangul-word-priority",
         "categories": "XXXL...AX2", "widths": [140],
         "texts": {"greeting": "안녕하세요 여러분, 반갑습니다"}}
      ]
    }
    """

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

@Suite struct GoldenFileTests {
  @Test func casesFile_expandsTheCrossProduct() throws {
    let suite = try GoldenCasesFile.parse(Data(Workspace.casesJSON.utf8), name: "ui.cases")
    #expect(suite.cases.count == 2 * 2 * 2 * 2 * 2 + 3)
    #expect(suite.cases.first?.id == "buttons/save/default/body/L/120")
    #expect(suite.cases.contains { $0.id == "buttons/tab/brand/headline/AX3/unwrapped" })
    let korean = try #require(suite.cases.last)
    #expect(korean.id == "ko/greeting/default/body/AX2/140")
    #expect(korean.strategy == .hangulWordPriority && korean.language == "ko")
    #expect(suite.fonts.map(\.alias) == ["brand", "default"])
  }

  @Test func casesFile_reportsEveryProblemWithItsPath() {
    let json = """
      {"fonts": {"x": 3}, "sets": [{"fonts": ["nope"], "styles": ["heading"], "categories": "AX9",
        "widths": [-1], "truncation": "end", "colour": 1, "texts": "hello"}]}
      """
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(Data(json.utf8), name: "bad.cases")
    }
    let message = error?.message ?? ""
    #expect(error?.code == .malformedCases)
    for fragment in [
      "bad.cases: 8 problems", "$.fonts.x:", "$.sets[0].colour: unknown key",
      "$.sets[0].fonts: unknown font \"nope\"", "$.sets[0].styles: unknown text style \"heading\"",
      "$.sets[0].categories: unknown content-size category \"AX9\"", "$.sets[0].widths: -1",
      "$.sets[0].truncation: \"end\"", "$.sets[0].texts:",
    ] {
      #expect(message.contains(fragment), "missing \(fragment) in \(message)")
    }
  }

  @Test func header_pathsWithSpacesRoundTrip() throws {
    let header = GoldenHeader(
      versions: ["harfbuzz": "6.0.0"],
      fonts: [GoldenFont(alias: "brand", paths: ["My Fonts/a b.ttf"])],
      fontDigests: ["brand My%20Fonts/a%20b.ttf": String(repeating: "ab", count: 32)],
      sizeTolerance: 0.01, shard: nil)
    let text = GoldenFile(header: header, measurements: []).render()
    #expect(text.contains("# font: brand My%20Fonts/a%20b.ttf\n"))
    let parsed = try GoldenFile.parse(text, name: "x.golden")
    #expect(parsed.header.fonts == header.fonts)
    #expect(parsed.header.fontDigests == header.fontDigests)
  }

  @Test func text_escapesInvisibleCharactersAndRoundTrips() throws {
    let text = "a\tb\nc\\d\u{200D}e\u{00A0}f 한"
    let escaped = GoldenText.escape(text)
    #expect(escaped == "a\\tb\\nc\\\\d\\u{200D}e\\u{A0}f 한")
    #expect(try GoldenText.unescape(escaped, place: "x") == text)
  }

  @Test func record_renderParseRoundTripsAndIsByteIdentical() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.cases)
    let first = try GoldenMeasurer().measure(suite, baseDirectory: workspace.folder).render()
    let second = try GoldenMeasurer().measure(suite, baseDirectory: workspace.folder).render()
    #expect(first == second)
    let parsed = try GoldenFile.parse(first, name: "ui.golden")
    #expect(parsed.render() == first)
    #expect(parsed.measurements.count == suite.cases.count)
    #expect(first.hasPrefix("# typescale-golden: 2\n"))
    #expect(first.contains("# font: brand Fonts/brand.ttf\n"))
    #expect(first.contains("# font-file: *embedded NotoSans-Regular.ttf "))
    #expect(first.contains("\n" + GoldenFile.columnsLine + "\n"))
    let korean = try #require(
      parsed.measurements.first { $0.id == "ko/greeting/default/body/XXXL/140" })
    #expect(korean.breaks == [6, 11])
    // The embedded font takes the system body's 23 pt at XXXL (UIFontMetrics would give 22).
    #expect(korean.pointSize == 23)
    #expect(korean.testCase.sizing == .system && korean.testCase.target == .label)
    #expect(korean.testCase.strategy == .hangulWordPriority)
    let ax3 = try #require(
      parsed.measurements.first { $0.id == "buttons/save/default/body/AX3/120" })
    #expect(ax3.pointSize == 40 && ax3.isTruncated && ax3.lineCount == 1)
    #expect(ax3.testCase.strategy == .standard)
    // A font file scales as UIFontMetrics scales a custom font: 17 pt body is 37 pt at AX3.
    let brand = try #require(
      parsed.measurements.first { $0.id == "buttons/save/brand/body/AX3/120" })
    #expect(brand.pointSize == 37 && brand.testCase.sizing == .relative)
    let row = try #require(
      first.split(separator: "\n").first { $0.hasPrefix("buttons/save/brand/body/AX3/120\t") })
    #expect(
      row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)[5...12]
        == ["relative", "37.000", "120.000", "1", "tail", "label", "standard", "-"])
  }

  fileprivate struct Malformed: Sendable, CustomTestStringConvertible {
    let name: String
    let edit: @Sendable (String) -> String
    let message: String
    var testDescription: String { name }
  }

  private static let malformed: [Malformed] = [
    Malformed(
      name: "bad header",
      edit: { $0.replacingOccurrences(of: "typescale-golden: 2", with: "golden: 9") },
      message: "ui.golden:1: the first line must be \"# typescale-golden: 2\""),
    Malformed(
      name: "future version",
      edit: { $0.replacingOccurrences(of: "typescale-golden: 2", with: "typescale-golden: 3") },
      message: "ui.golden:1: the first line must be \"# typescale-golden: 2\" (or 1"),
    Malformed(
      name: "format 1 columns in a format 2 file",
      edit: {
        $0.replacingOccurrences(
          of: GoldenFile.columnsLine,
          with: "# columns: " + GoldenFile.columnsVersion1.joined(separator: " "))
      },
      message: "columns are id text font style category pointSize"),
    Malformed(
      name: "bad strategy", edit: { Self.editField(11, of: $0, to: "greedy") },
      message: "line-break strategy \"greedy\" is not valid"),
    Malformed(
      name: "bad sizing", edit: { Self.editField(5, of: $0, to: "preferred") },
      message: "sizing \"preferred\" is not system, relative or typography"),
    Malformed(
      name: "bad target", edit: { Self.editField(10, of: $0, to: "view") },
      message: "target \"view\" is not label or attributed-string"),
    Malformed(
      name: "wrong column count",
      edit: { text in
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = lines.firstIndex { !$0.hasPrefix("#") } ?? 0
        lines[index] = lines[index].components(separatedBy: "\t").dropLast().joined(separator: "\t")
        return lines.joined(separator: "\n")
      },
      message: "expected 18 columns, found 17"),
    Malformed(
      name: "bad number", edit: { Self.editField(13, of: $0, to: "wide") },
      message: "width \"wide\" is not a number ≥ 0"),
    Malformed(
      name: "unknown header key",
      edit: { $0.replacingOccurrences(of: "# harfbuzz:", with: "# hb:") },
      message: "unknown header key \"hb\""),
  ]

  /// The text with one field of its first record replaced.
  private static func editField(_ index: Int, of text: String, to value: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let line = lines.firstIndex { !$0.hasPrefix("#") } ?? 0
    var fields = lines[line].components(separatedBy: "\t")
    fields[index] = value
    lines[line] = fields.joined(separator: "\t")
    return lines.joined(separator: "\n")
  }

  @Test(arguments: malformed)
  fileprivate func parse_malformedGoldenNamesTheLine(_ bad: Malformed) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.cases)
    let text = try GoldenMeasurer().measure(suite, baseDirectory: workspace.folder).render()
    let error = #expect(throws: GoldenError.self) {
      try GoldenFile.parse(bad.edit(text), name: "ui.golden")
    }
    #expect(error?.code == .malformedGolden)
    #expect(error?.message.contains(bad.message) == true, "\(error?.message ?? "")")
    #expect(error?.message.hasPrefix("ui.golden:") == true)
  }

  @Test func verify_recordsWhenMissingThenPasses() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let never = verifyMessage(casesFile: workspace.cases, record: .never)
    #expect(never?.hasPrefix("no golden file at") == true)
    #expect(!FileManager.default.fileExists(atPath: workspace.golden.path))
    let recorded = verifyMessage(casesFile: workspace.cases, record: .missing)
    #expect(recorded?.hasPrefix("recorded a new golden file at") == true)
    let bytes = try Data(contentsOf: workspace.golden)
    #expect(verifyMessage(casesFile: workspace.cases, record: .never) == nil)
    #expect(verifyMessage(casesFile: workspace.cases, record: .all) == nil)
    #expect(try Data(contentsOf: workspace.golden) == bytes)
  }

  @Test func verify_anEditedValueNamesTheCase() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    _ = verifyMessage(casesFile: workspace.cases, record: .missing)
    var golden = try GoldenVerification.read(workspace.golden)
    let index = try #require(
      golden.measurements.firstIndex { $0.id == "buttons/save/brand/body/L/unwrapped" })
    let width = golden.measurements[index].width
    golden.measurements[index].width += 5
    GoldenVerification.write(golden, to: workspace.golden)
    let message = try #require(
      verifyMessage(casesFile: workspace.cases, record: .never))
    #expect(message.hasPrefix("1 of 35 cases differ from \(workspace.golden.path)"))
    #expect(
      message.contains(
        "likely cause: the layout changed: fonts and library versions are as recorded"))
    #expect(
      message.contains(
        "buttons/save/brand/body/L/unwrapped  width \(String(format: "%.3f", width + 5)) → "
          + String(format: "%.3f", width)))
    #expect(message.contains("actual:   "))
  }

  @Test func verify_aSwappedFontIsNamedAsTheCause() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    _ = verifyMessage(casesFile: workspace.cases, record: .missing)
    try FileManager.default.removeItem(at: workspace.font)
    try FileManager.default.copyItem(at: Fixtures.font("Fixture-Bold.ttf"), to: workspace.font)
    let message = try #require(
      verifyMessage(casesFile: workspace.cases, record: .never))
    #expect(message.contains("likely cause: font file changed: brand Fonts/brand.ttf (sha256 "))
    #expect(!message.contains("the layout changed"))
  }

  @Test func shards_partitionTheSuiteAndReportsMerge() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.cases)
    let shards = try (1...3).map { try Shard(parsing: "\($0)/3") }
    let parts = shards.map { suite.shard($0).cases.map(\.id) }
    #expect(parts.map(\.count).reduce(0, +) == suite.cases.count)
    #expect(Set(parts.flatMap { $0 }) == Set(suite.cases.map(\.id)))
    #expect(parts.allSatisfy { !$0.isEmpty })
    let full = try GoldenMeasurer().measure(suite, baseDirectory: workspace.folder)
    let reports = try shards.map { shard in
      let actual = try GoldenMeasurer().measure(
        suite, baseDirectory: workspace.folder, shard: shard)
      var expected = full
      expected.measurements = expected.measurements.filter { shard.contains($0.id) }
      return GoldenComparison.compare(expected: expected, actual: actual, name: "ui.golden")
    }
    let merged = try GoldenReport.merge(reports)
    #expect(merged.total == suite.cases.count && merged.passed)
    #expect(merged.shards == ["1/3", "2/3", "3/3"])
    #expect(throws: TypeScaleError.self) { try Shard(parsing: "4/3") }
  }

  // MARK: - Format 1

  /// A format 1 file as TypeScale wrote it before label defaults: no sizing or target columns,
  /// `standard` for ICU's plain rules.
  static let formatOne = """
    # typescale-golden: 1
    # generator: TypeScale (typescale goldens record)
    # harfbuzz: 6.0.0
    # freetype: 2.12.1
    # icu: 72.1
    # unicode: 15.0
    # font: default embedded
    # tolerance: size 0.01 pt; line counts, truncation and breaks exact
    # columns: id text font style category pointSize widthLimit lineLimit truncation strategy language width height lines truncated breaks
    ko/plain/default/body/XXXL/140\t안녕하세요 여러분, 반갑습니다\tdefault\tbody\tXXXL\t22.000\t140.000\t0\ttail\tstandard\tko\t132.000\t90.000\t3\t0\t9;14
    ko/words/default/body/XXXL/140\t안녕하세요 여러분, 반갑습니다\tdefault\tbody\tXXXL\t22.000\t140.000\t0\ttail\thangul-word-priority\tko\t101.200\t90.000\t3\t0\t6;11

    """

  @Test func formatOne_readsAsItWasMeasured() throws {
    let file = try GoldenFile.parse(Self.formatOne, name: "old.golden")
    #expect(file.header.formatVersion == 1)
    let cases = file.measurements.map(\.testCase)
    #expect(cases.map(\.strategy) == [[], .hangulWordPriority])
    #expect(cases.allSatisfy { $0.sizing == .relative && $0.target == .label })
    // Rendered again, it is format 2 and says what the cases were measured with.
    let rendered = file.render()
    #expect(rendered.hasPrefix("# typescale-golden: 2\n"))
    #expect(rendered.contains("\tXXXL\trelative\t22.000\t140.000\t0\ttail\tlabel\tnone\tko\t"))
    #expect(try GoldenFile.parse(rendered, name: "new.golden").suite.cases == cases)
    // Its strategy column holds format 1's names only.
    let error = #expect(throws: GoldenError.self) {
      try GoldenFile.parse(
        Self.formatOne.replacingOccurrences(of: "\tstandard\t", with: "\tnone\t"),
        name: "old.golden")
    }
    #expect(
      error?.message
        == "old.golden:10: strategy \"none\" is not standard or hangul-word-priority (format 1)")
  }

  @Test func formatOne_verifiesAsMeasuredThen_withANote() throws {
    let expected = try GoldenFile.parse(Self.formatOne, name: "old.golden")
    let actual = try GoldenMeasurer().measure(
      expected.suite, baseDirectory: FileManager.default.temporaryDirectory)
    let report = GoldenComparison.compare(expected: expected, actual: actual, name: "old.golden")
    // The measured cases are the recorded ones: ICU's plain rules, UIFontMetrics sizes.
    #expect(actual.measurements.map(\.pointSize) == [22, 22])
    #expect(actual.measurements.map(\.testCase.strategy) == [[], .hangulWordPriority])
    #expect(
      report.notes == [
        "the golden file is format 1, recorded before TypeScale laid text out as a UILabel does: "
          + "its strategy \"standard\" (ICU's plain rules then) reads as \"none\", and its point "
          + "sizes as UIFontMetrics scaling; record it again to write format 2 with the label's "
          + "defaults"
      ])
    #expect(report.message().contains("\nnote: the golden file is format 1, recorded before"))
    // A current file has no note.
    let current = GoldenComparison.compare(expected: actual, actual: actual, name: "new.golden")
    #expect(current.notes.isEmpty && current.passed)
    #expect(current.message() == "2 cases match new.golden")
  }

  @Test func compare_namesADifferentSizingTargetOrStrategy() throws {
    let expected = try GoldenFile.parse(Self.formatOne, name: "old.golden")
    var suite = expected.suite
    for index in suite.cases.indices {
      suite.cases[index].sizing = nil
      suite.cases[index].strategy = nil
    }
    let actual = try GoldenMeasurer().measure(
      suite, baseDirectory: FileManager.default.temporaryDirectory)
    let report = GoldenComparison.compare(expected: expected, actual: actual, name: "old.golden")
    let plain = try #require(report.mismatches.first { $0.id == "ko/plain/default/body/XXXL/140" })
    #expect(plain.fields["sizing"] == ["relative", "system"])
    #expect(plain.fields["strategy"] == ["none", "standard"])
    #expect(plain.fields["pointSize"] == ["22.000", "23.000"])
    #expect(report.message().contains("sizing relative → system, strategy none → standard"))
  }

  @Test func casesFile_readsTargetSizingAndStrategySpellings() throws {
    let json = """
      {"sets": [
        {"name": "a", "target": "attributed-string", "sizing": "relative",
         "texts": [["x", "Hello"]], "categories": ["L"]},
        {"name": "b", "strategy": "push-out,hangul-word-priority", "texts": [["x", "Hi"]],
         "categories": ["L"]},
        {"name": "c", "strategy": "hangulwordpriority", "texts": [["x", "Hi"]],
         "categories": ["L"]},
        {"name": "d", "strategy": "none", "texts": [["x", "Hi"]], "categories": ["L"]}
      ]}
      """
    let suite = try GoldenCasesFile.parse(Data(json.utf8), name: "t.cases")
    #expect(suite.cases.map(\.target) == [.attributedString, .label, .label, .label])
    #expect(suite.cases.map(\.sizing) == [.relative, nil, nil, nil])
    #expect(
      suite.cases.map(\.strategy) == [
        nil, [.pushOut, .hangulWordPriority], .hangulWordPriority, [],
      ])
    #expect(
      suite.cases.map(\.effectiveStrategy.description)
        == ["none", "push-out,hangul-word-priority", "hangul-word-priority", "none"])
    #expect(
      suite.warnings == [
        #"$.sets[2].strategy: "hangulwordpriority" is deprecated; use "hangul-word-priority""#
      ])
    let file = try GoldenMeasurer().measure(
      suite, baseDirectory: FileManager.default.temporaryDirectory)
    // An attributed string's numbers are boundingRect's: its defaults, recorded as such.
    let first = try #require(file.measurements.first)
    #expect(first.testCase.target == .attributedString)
    #expect(file.render().contains("\tlabel\tpush-out,hangul-word-priority\t"))
    #expect(file.render().contains("\trelative\t17.000\t-\t0\ttail\tattributed-string\tnone\t"))
  }

  // MARK: - Line endings and empty files

  @Test func parse_crlfLineEndingsReadAsLF() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.cases)
    let text = try GoldenMeasurer().measure(suite, baseDirectory: workspace.folder).render()
    let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(crlf.utf8.count == text.utf8.count + text.split(separator: "\n").count)
    let parsed = try GoldenFile.parse(crlf, name: "ui.golden")
    #expect(parsed == (try GoldenFile.parse(text, name: "ui.golden")))
    #expect(parsed.render() == text)

    // Verified on disk, a CRLF file matches and is left as it is.
    try Data(crlf.utf8).write(to: workspace.golden)
    #expect(verifyMessage(casesFile: workspace.cases, record: .never) == nil)
    #expect(try Data(contentsOf: workspace.golden) == Data(crlf.utf8))
  }

  @Test func parse_aRawCarriageReturnInsideALineNamesTheLine() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.cases)
    var lines = try GoldenMeasurer().measure(suite, baseDirectory: workspace.folder).render()
      .components(separatedBy: "\n")
    let index = try #require(lines.firstIndex { !$0.hasPrefix("#") })
    lines[index] = lines[index].replacingOccurrences(of: "buttons/", with: "but\rtons/")
    let error = #expect(throws: GoldenError.self) {
      try GoldenFile.parse(lines.joined(separator: "\n"), name: "ui.golden")
    }
    #expect(
      error?.message
        == "ui.golden:\(index + 1): a raw control character U+000D; golden files escape text "
        + "and hold no control characters but tabs between columns")
  }

  @Test func verify_aGoldenFileWithOnlyAHeaderIsAnError() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    _ = verifyMessage(casesFile: workspace.cases, record: .missing)
    let lines = try String(contentsOf: workspace.golden, encoding: .utf8)
      .split(separator: "\n").filter { $0.hasPrefix("#") }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: workspace.golden)
    let message = verifyMessage(casesFile: workspace.cases, record: .never)
    // The cases' tab has no glyph: the warnings go with the message, as substitutions do.
    #expect(
      message
        == "\(workspace.golden.path): no cases after the header, so nothing would be verified; "
        + "record it again from its cases file (typescale goldens record)\n"
        + "warning: buttons/tab/default: no glyph for U+0009 in NotoSans-Regular or its "
        + "fallbacks; they are drawn as .notdef and measured with its width\n"
        + "warning: buttons/tab/brand: no glyph for U+0009 in TypeScaleFixture-Regular or its "
        + "fallbacks; they are drawn as .notdef and measured with its width")
  }
}
