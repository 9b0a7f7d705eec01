// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics

@testable import TypeScaleGoldens

/// A cases file and the exact message reading it must give.
private struct BadCases: Sendable, CustomTestStringConvertible {
  let name: String
  let json: String
  let message: String
  var testDescription: String { name }
}

/// A cases file of one set, `{"texts": [["a", "A"]]}` plus `fields`.
private func oneSet(_ fields: String) -> String {
  #"{"sets": [{"# + fields + #", "texts": [["a", "A"]]}]}"#
}

/// The message for one problem in `t.cases`.
private func one(_ problem: String) -> String { "t.cases: 1 problem:\n  " + problem }

@Suite struct GoldenCasesFileTests {
  // MARK: - Wrong types

  private static let wrongTypes: [BadCases] = [
    BadCases(
      name: "styles is a string", json: oneSet(#""styles": "title1""#),
      message: one(
        #"$.sets[0].styles: expected a non-empty array of text styles, found "title1" (a string)"#)),
    BadCases(
      name: "lines is a string", json: oneSet(#""lines": "2""#),
      message: one(
        #"$.sets[0].lines: expected a whole number ≥ 0 (0 for no limit), found "2" (a string)"#)),
    BadCases(
      name: "widths is a string", json: oneSet(#""widths": "343""#),
      message: one(
        "$.sets[0].widths: expected a non-empty array of widths (points ≥ 0, or null for "
          + #"unwrapped), found "343" (a string)"#)),
    BadCases(
      name: "lines is 1e30", json: oneSet(#""lines": 1e30"#),
      message: one(
        "$.sets[0].lines: expected a whole number from 0 to 9223372036854775807, found 1e+30 "
          + "(a number)")),
    BadCases(
      name: "lines is 1e400", json: oneSet(#""lines": 1e400"#),
      message: one(
        "$.sets[0].lines: expected a whole number from 0 to 9223372036854775807, found a number "
          + "too large to represent")),
    BadCases(
      name: "lines is negative", json: oneSet(#""lines": -1"#),
      message: one(
        "$.sets[0].lines: expected a whole number ≥ 0 (0 for no limit), found -1 (a number)")),
    BadCases(
      name: "lines is a fraction", json: oneSet(#""lines": 2.5"#),
      message: one(
        "$.sets[0].lines: expected a whole number ≥ 0 (0 for no limit), found 2.5 (a number)")),
    BadCases(
      name: "lines is a boolean", json: oneSet(#""lines": true"#),
      message: one(
        "$.sets[0].lines: expected a whole number ≥ 0 (0 for no limit), found true (a boolean)")),
    BadCases(
      name: "a width is a string", json: oneSet(#""widths": [120, "343", null]"#),
      message: one(
        #"$.sets[0].widths[1]: expected a width (a number of points ≥ 0) or null, found "343" (a string)"#
      )),
    BadCases(
      name: "a style is a number", json: oneSet(#""styles": ["body", 3]"#),
      message: one("$.sets[0].styles[1]: expected a text style (a string), found 3 (a number)")),
    BadCases(
      name: "categories is a number", json: oneSet(#""categories": 12"#),
      message: one(
        "$.sets[0].categories: expected \"all\", a range such as \"L...AX5\", or a non-empty array "
          + "of category names, found 12 (a number)")),
    BadCases(
      name: "a category range runs backwards", json: oneSet(#""categories": "AX3...xS""#),
      message: one(
        #"$.sets[0].categories: category range "AX3...xS" runs backwards; write xS...AX3 "#
          + "(the smaller category first)")),
    BadCases(
      name: "a category range has two ...", json: oneSet(#""categories": "L...XL...AX1""#),
      message: one(
        #"$.sets[0].categories: "L...XL...AX1" is not a category range; use A...B such as "#
          + "xS...AX3, or one category name")),
    BadCases(
      name: "a category is null", json: oneSet(#""categories": ["L", null]"#),
      message: one("$.sets[0].categories[1]: expected a category name (a string), found null")),
    BadCases(
      name: "fonts is a string", json: oneSet(#""fonts": "default""#),
      message: one(
        #"$.sets[0].fonts: expected a non-empty array of font aliases, found "default" (a string)"#)
    ),
    BadCases(
      name: "font is an array", json: oneSet(#""font": ["default"]"#),
      message: one("$.sets[0].font: expected a font alias (a string), found an array")),
    BadCases(
      name: "name is a number", json: oneSet(#""name": 7"#),
      message: one("$.sets[0].name: expected a non-empty string, found 7 (a number)")),
    BadCases(
      name: "truncation is null", json: oneSet(#""truncation": null"#),
      message: one(
        "$.sets[0].truncation: expected one of tail, head, middle, clip (a string), found null")),
    BadCases(
      name: "strategy is a boolean", json: oneSet(#""strategy": false"#),
      message: one(
        "$.sets[0].strategy: expected standard, none, push-out, hangul-word-priority, or options "
          + "joined by commas (a string), found false (a boolean)")),
    BadCases(
      name: "strategy is unknown", json: oneSet(#""strategy": "greedy""#),
      message: one(
        "$.sets[0].strategy: \"greedy\" is not standard, none, push-out, hangul-word-priority, "
          + "or options joined by commas")),
    BadCases(
      name: "target is unknown", json: oneSet(#""target": "view""#),
      message: one(
        #"$.sets[0].target: expected label or attributed-string (a string), found "view" (a string)"#
      )),
    BadCases(
      name: "sizing is unknown", json: oneSet(#""sizing": "preferred""#),
      message: one(
        #"$.sets[0].sizing: expected system or relative (a string), found "preferred" (a string)"#
      )),
    BadCases(
      name: "language has a space", json: oneSet(#""language": "k o""#),
      message: one(
        #"$.sets[0].language: expected a BCP 47 language such as "ko" or "zh-Hant", found "k o" (a string)"#
      )),
    BadCases(
      name: "a text is a number", json: #"{"sets": [{"texts": [["a", 1]]}]}"#,
      message: one("$.sets[0].texts[0][1]: expected a text (a string), found 1 (a number)")),
    BadCases(
      name: "a pair has three items", json: #"{"sets": [{"texts": [["a", "A", "B"]]}]}"#,
      message: one(
        "$.sets[0].texts[0]: expected [id, text] (an array of two strings), found an array")),
    BadCases(
      name: "texts is empty", json: #"{"sets": [{"texts": []}]}"#,
      message: one(
        "$.sets[0].texts: expected a non-empty [[id, text], …] or {id: text, …}, found an array")),
    BadCases(
      name: "a text in an object is an object", json: #"{"sets": [{"texts": {"a": {}}}]}"#,
      message: one("$.sets[0].texts.a: expected a text (a string), found an object")),
    BadCases(
      name: "a set is a string", json: #"{"sets": ["buttons"]}"#,
      message: one(#"$.sets[0]: expected an object (a set of texts), found "buttons" (a string)"#)),
    BadCases(
      name: "sets is an object", json: #"{"sets": {}}"#,
      message: one("$.sets: expected an array of sets, found an object")),
    BadCases(
      name: "format is a string", json: #"{"format": "1", "sets": [{"texts": [["a", "A"]]}]}"#,
      message: one(#"$.format: expected the number 1, found "1" (a string)"#)),
    BadCases(
      name: "a font path is a number",
      json: #"{"fonts": {"kr": ["a.ttf", 2]}, "sets": [{"texts": [["a", "A"]]}]}"#,
      message: one("$.fonts.kr[1]: expected a path (a string), found 2 (a number)")),
    BadCases(
      name: "an unknown top-level key", json: #"{"set": [], "sets": [{"texts": [["a", "A"]]}]}"#,
      message: one(
        "$.set: unknown key; valid keys: format, typography, fontFolders, fonts, sets, platform")),
  ]

  @Test(arguments: wrongTypes)
  fileprivate func casesFile_wrongTypeNamesThePathTheValueAndTheType(_ bad: BadCases) {
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(Data(bad.json.utf8), name: "t.cases")
    }
    #expect(error?.code == .malformedCases)
    #expect(error?.message == bad.message)
  }

  @Test func casesFile_everyProblemAtOnce() {
    let json =
      #"{"sets": [{"styles": "title1", "lines": "2", "widths": "343", "texts": [["a", "A"]]}]}"#
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(Data(json.utf8), name: "t.cases")
    }
    #expect(error?.message.hasPrefix("t.cases: 3 problems:\n  $.sets[0].styles: ") == true)
  }

  @Test func casesFile_notJSONSaysWhere() {
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(Data(#"{"sets": [["a" "A"]]}"#.utf8), name: "t.cases")
    }
    #expect(error?.message == "t.cases: not valid JSON: Invalid value around character 15.")
    let array = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(Data("[1]".utf8), name: "t.cases")
    }
    #expect(array?.message == "t.cases: the top level must be an object, found an array")
  }

  // MARK: - Ids

  private static let controlCharacters: [BadCases] = [
    BadCases(
      name: "a tab in a text id", json: #"{"sets": [{"texts": [["a\tb", "A"]]}]}"#,
      message: one(
        #"$.sets[0].texts[0][0]: the id "a\tb" contains the control character U+0009; "#
          + "a golden file holds it raw in a tab-separated line, so use letters, digits and "
          + "punctuation")),
    BadCases(
      name: "a newline in a text id", json: #"{"sets": [{"texts": {"a\nb": "A"}}]}"#,
      message: one(
        #"$.sets[0].texts.a\nb: the id "a\nb" contains the control character U+000A; "#
          + "a golden file holds it raw in a tab-separated line, so use letters, digits and "
          + "punctuation")),
    BadCases(
      name: "a carriage return in a set name",
      json: #"{"sets": [{"name": "x\ry", "texts": [["a", "A"]]}]}"#,
      message: one(
        #"$.sets[0].name: the name "x\ry" contains the control character U+000D; "#
          + "a golden file holds it raw in a tab-separated line, so use letters, digits and "
          + "punctuation")),
    BadCases(
      name: "a bell in a text id", json: #"{"sets": [{"texts": [["a\u0007", "A"]]}]}"#,
      message: one(
        #"$.sets[0].texts[0][0]: the id "a\u{7}" contains the control character U+0007; "#
          + "a golden file holds it raw in a tab-separated line, so use letters, digits and "
          + "punctuation")),
    BadCases(
      name: "a line separator in a font path",
      json: #"{"fonts": {"kr": "a\u2028b.ttf"}, "sets": [{"texts": [["a", "A"]]}]}"#,
      message: one(
        #"$.fonts.kr: the path "a\u{2028}b.ttf" contains the control character U+2028; "#
          + "a golden file holds it raw in a tab-separated line, so use letters, digits and "
          + "punctuation")),
  ]

  @Test(arguments: controlCharacters)
  fileprivate func casesFile_idsWithControlCharactersAreRefused(_ bad: BadCases) {
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(Data(bad.json.utf8), name: "t.cases")
    }
    #expect(error?.message == bad.message)
  }

  @Test func casesFile_textsMayHoldControlCharacters() throws {
    // Only ids are written raw; texts are escaped.
    let json = #"{"sets": [{"texts": [["tab", "a\tb\nc"]]}]}"#
    let suite = try GoldenCasesFile.parse(Data(json.utf8), name: "t.cases")
    #expect(suite.cases.map(\.text) == Array(repeating: "a\tb\nc", count: 12))
  }

  // MARK: - Expansion limit

  /// A few hundred bytes that expand to `texts × 10 fonts × 10 styles × 12 categories × widths`
  /// cases.
  private static func huge(texts: Int, widths: Int) -> Data {
    let styles = [
      "body", "headline", "title1", "title2", "title3", "callout", "subheadline",
      "footnote", "caption1", "caption2",
    ]
    let json = """
      {"fonts": {\((0..<10).map { "\"f\($0)\": \"embedded\"" }.joined(separator: ", "))},
       "sets": [{"fonts": [\((0..<10).map { "\"f\($0)\"" }.joined(separator: ", "))],
         "styles": [\(styles.map { "\"\($0)\"" }.joined(separator: ", "))],
         "widths": [\((0..<widths).map(String.init).joined(separator: ", "))],
         "texts": [\((0..<texts).map { "[\"t\($0)\", \"x\"]" }.joined(separator: ", "))]}]}
      """
    return Data(json.utf8)
  }

  @Test func casesFile_aBillionCasesAreRefusedBeforeExpanding() throws {
    // 1,000 texts × 10 fonts × 10 styles × 12 categories × 834 widths ≈ 10⁹ cases.
    let data = Self.huge(texts: 1_000, widths: 834)
    #expect(data.count < 70_000)
    let clock = ContinuousClock()
    let start = clock.now
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(data, name: "huge.cases")
    }
    let elapsed = clock.now - start
    #expect(error?.code == .tooManyCases)
    #expect(
      error?.message
        == "huge.cases: the sets expand to 1000800000 cases ($.sets[0] alone to 1000800000), "
        + "more than the limit of 100000 cases per file; split the sets, or raise the limit "
        + "(--max-cases N on the command line, maximumCaseCount: in code)")
    // Expanding would take minutes and gigabytes; counting takes milliseconds.
    #expect(elapsed < .seconds(2), "took \(elapsed)")
  }

  @Test func casesFile_anExpansionPastIntMaxIsCountedWithoutOverflow() {
    // 40,000 of each list × 12 categories ≈ 3 × 10¹⁹ > Int.max.
    let many = 40_000
    let set = CasesSet(
      path: "$.sets[0]", name: "s", texts: Array(repeating: (id: "a", text: "A"), count: many),
      fonts: Array(repeating: "default", count: many),
      styles: Array(repeating: .style(.body), count: many),
      categories: ContentSizeCategory.allCases, widths: Array(repeating: 1, count: many), lines: 0,
      truncation: .tail, target: .label, strategy: .standard, sizing: nil, language: nil,
      mustFit: [])
    #expect(set.caseCount.overflow)
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.checkCount([set], name: "o.cases", maximumCaseCount: .max)
    }
    #expect(
      error?.message.hasPrefix(
        "o.cases: the sets expand to more than 9223372036854775807 cases ($.sets[0] alone to "
          + "more than 9223372036854775807), more than the limit of 9223372036854775807") == true)
    // Two sets that fit one at a time but not summed.
    let half = CasesSet(
      path: "$.sets[1]", name: "t", texts: [(id: "a", text: "A")],
      fonts: ["default"], styles: [.style(.body)], categories: [.large], widths: [1], lines: 0,
      truncation: .tail, target: .label, strategy: .standard, sizing: nil, language: nil,
      mustFit: [])
    #expect(throws: Never.self) {
      try GoldenCasesFile.checkCount([half, half], name: "o.cases", maximumCaseCount: 2)
    }
    #expect(throws: GoldenError.self) {
      try GoldenCasesFile.checkCount([half, half, half], name: "o.cases", maximumCaseCount: 2)
    }
  }

  @Test func casesFile_theLimitIsTheCallersToRaise() throws {
    let data = Self.huge(texts: 1, widths: 1)  // 10 × 10 × 12 = 1,200 cases
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(data, name: "h.cases", maximumCaseCount: 1_199)
    }
    #expect(
      error?.message.hasPrefix(
        "h.cases: the sets expand to 1200 cases ($.sets[0] alone to 1200), more than the limit "
          + "of 1199 cases per file") == true)
    let suite = try GoldenCasesFile.parse(data, name: "h.cases", maximumCaseCount: 1_200)
    #expect(suite.cases.count == 1_200)
    #expect(GoldenCasesFile.defaultMaximumCaseCount == 100_000)
  }

  @Test func load_refusesAFileLargerThanTheLimitBeforeReadingIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cases-size-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A sparse file: declared size past the limit, no data on disk.
    let url = folder.appendingPathComponent("big.cases")
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(GoldenCasesFile.maximumFileSize + 1))
    try handle.close()
    let error = #expect(throws: GoldenError.self) { try GoldenCasesFile.load(url) }
    #expect(
      error?.message
        == "\(url.path) is 16777217 bytes, larger than a cases file may be (16777216 bytes); "
        + "split it")
  }

  @Test func load_refusesAFIFOWithoutBlocking() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cases-fifo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("pipe.cases")
    #expect(mkfifo(url.path, 0o600) == 0)
    let error = #expect(throws: GoldenError.self) { try GoldenCasesFile.load(url) }
    #expect(error?.message == "\(url.path) is a FIFO (named pipe), not a cases file")
    let device = #expect(throws: GoldenError.self) {
      try GoldenVerification.read(URL(fileURLWithPath: "/dev/zero"))
    }
    #expect(device?.message == "/dev/zero is a character device, not a golden file")
  }
}
