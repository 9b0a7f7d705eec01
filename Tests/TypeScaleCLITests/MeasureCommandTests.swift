// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleCLI

/// Runs `typescale measure` in-process and returns its exit status, standard output and
/// standard error.
private func measure(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
  var output = ""
  var error = ""
  let status = CLI.run(
    TypeScaleCommand.self, arguments: ["measure"] + arguments, output: &output,
    errorOutput: &error)
  return (status.rawValue, output, error)
}

/// Runs `typescale measure --batch` with `lines` as its standard input.
private func measureBatch(_ lines: [String]) -> (status: Int32, output: String, error: String) {
  MeasureCommand.$input.withValue(.lines(lines)) { measure(["--batch"]) }
}

/// Parses one JSON object.
private func object(_ text: some StringProtocol) throws -> [String: Any] {
  try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// The `start` of each of a layout object's lines.
private func lineStarts(_ layout: [String: Any]) -> [Int] {
  let lines = layout["lines"] as? [[String: Any]] ?? []
  return lines.compactMap { ($0["start"] as? NSNumber)?.intValue }
}

private func number(_ layout: [String: Any], _ key: String) -> Double? {
  (layout[key] as? NSNumber)?.doubleValue
}

private let korean = "안녕하세요 여러분, 반갑습니다"
private let pangram = "The quick brown fox jumps over the lazy dog"

private struct GoldenRun: Sendable, CustomTestStringConvertible {
  let name: String
  let arguments: [String]
  var testDescription: String { name }
}

@Suite struct MeasureCommandTests {
  private static let goldenRuns = [
    GoldenRun(name: "help_measure", arguments: ["--help"]),
    GoldenRun(
      name: "measure_korean_word_priority",
      arguments: [korean, "--width", "100", "--strategy", "hangul-word-priority"]),
    GoldenRun(
      name: "measure_pangram_all_categories",
      arguments: [pangram, "--all-categories", "--width", "200", "--lines", "2"]),
    GoldenRun(
      name: "measure_pangram_title1_ax3_middle",
      arguments: [
        pangram, "--style", "title1", "--category", "AX3", "--width", "300", "--lines", "2",
        "--truncation", "middle", "--display-scale", "3",
      ]),
  ]

  @Test(arguments: goldenRuns)
  fileprivate func measure_outputMatchesGolden(_ run: GoldenRun) {
    let result = measure(run.arguments)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.isEmpty)
    expectTextGolden(result.output, named: run.name, in: "cli")
  }

  @Test func measure_koreanWordPriorityBreaksOnlyAtSpaces() throws {
    let run = measure([korean, "--width", "100", "--strategy", "hangul-word-priority", "--json"])
    #expect(run.status == 0, "\(run.error)")
    let layout = try object(run.output)
    #expect(lineStarts(layout) == [0, 6, 11])
    #expect((layout["lineCount"] as? NSNumber)?.intValue == 3)
    #expect(layout["isTruncated"] as? Bool == false)
    // The embedded Noto Sans has no Hangul: its cascade's Korean face draws it.
    #expect(layout["fallbacks"] as? [String] == ["NotoSansCJKkr-Regular"])
    #expect(layout["category"] == nil)
  }

  @Test func measure_standardStrategyBreaksBetweenHangulSyllables() throws {
    let run = measure([korean, "--width", "100", "--json"])
    #expect(run.status == 0, "\(run.error)")
    let starts = lineStarts(try object(run.output))
    let units = Array(korean.utf16)
    #expect(starts.count > 1)
    // Some line starts right after a syllable rather than after a space.
    #expect(starts.dropFirst().contains { units[$0 - 1] != 0x20 }, "\(starts)")
  }

  @Test func measure_allCategoriesJSON_hasTwelveEntriesWithGrowingSizes() throws {
    let run = measure(["Continue", "--all-categories", "--json"])
    #expect(run.status == 0, "\(run.error)")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(entries.count == 12)
    #expect(
      entries.compactMap { $0["category"] as? String }
        == ["xS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"])
    let sizes = entries.compactMap { number($0, "pointSize") }
    #expect(sizes == [15, 15, 16, 17, 19, 20, 22, 26, 31, 37, 43, 48])
    let widths = entries.compactMap { number($0, "width") }
    #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(widths.count == 12 && widths[0] < widths[11])
  }

  @Test func measure_styleAndCategoryScaleTheStylesSize() throws {
    let run = measure(["Hello", "--style", "title1", "--category", "AX3", "--json"])
    let layout = try object(run.output)
    // title1 is 28 at L; UIFontMetrics scales it by title1's leading ratio at AX3.
    #expect(number(layout, "pointSize") == 47)
    #expect(layout["category"] as? String == "AX3")
    let plain = try object(measure(["Hello", "--size", "47", "--json"]).output)
    #expect(number(plain, "width") == number(layout, "width"))
  }

  @Test func measure_fontFilesGiveThePrimaryFaceAndItsCascade() throws {
    let run = measure([
      "Hello 안녕", "--font-file", Fixtures.font("Fixture-Regular.ttf").path, "--font-file",
      Fixtures.font("Fixture-Hangul.otf").path, "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    let layout = try object(run.output)
    #expect(layout["face"] as? String == "TypeScaleFixture-Regular")
    #expect(layout["fallbacks"] as? [String] == ["TypeScaleFixtureKR-Regular"])
    #expect(layout["diagnostics"] as? [String] == [])
  }

  @Test func measure_missingFontFallsBackAndSaysSo() throws {
    let run = measure(["Hello", "--font", "Missing", "--json"])
    #expect(run.status == 0, "\(run.error)")
    let layout = try object(run.output)
    #expect(layout["face"] as? String == "NotoSans-Regular")
    let diagnostics = layout["diagnostics"] as? [String] ?? []
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.contains("requested \"Missing\", not registered") == true)

    let text = measure(["Hello", "--font", "Missing"])
    #expect(text.output.contains("note:      requested \"Missing\", not registered"))
  }

  @Test func measure_fontNameResolvesAmongTheFontFiles() throws {
    let run = measure([
      "Hello", "--font", "TypeScale Fixture", "--font-file", Fixtures.font("Fixture-Bold.ttf").path,
      "--json",
    ])
    let layout = try object(run.output)
    #expect(layout["face"] as? String == "TypeScaleFixture-Bold")
    let diagnostics = layout["diagnostics"] as? [String] ?? []
    #expect(diagnostics.first?.contains("no regular (400) face") == true, "\(diagnostics)")
  }

  @Test func measure_lineLimitTruncatesTheTail() throws {
    let run = measure([pangram, "--width", "150", "--lines", "1", "--json"])
    let layout = try object(run.output)
    #expect(layout["isTruncated"] as? Bool == true)
    #expect((layout["lineCount"] as? NSNumber)?.intValue == 1)
    let width = try #require(number(layout, "width"))
    #expect(width <= 150)
    let hidden = layout["hiddenRanges"] as? [[String: Int]]
    #expect(hidden?.count == 1)
    #expect(hidden?.first?["end"] == pangram.utf16.count)

    let text = measure([pangram, "--width", "150", "--lines", "1"])
    #expect(text.output.contains("truncated: yes"))
    #expect(text.output.contains("\"The quick brown…\""))

    let untruncated = try object(measure([pangram, "--width", "150", "--json"]).output)
    #expect(untruncated["isTruncated"] as? Bool == false)
    #expect(untruncated["hiddenRanges"] as? [Any] != nil)
    #expect((untruncated["lineCount"] as? NSNumber)?.intValue ?? 0 > 1)
  }

  @Test func measure_batchAnswersEveryLineInOrder() throws {
    let run = measureBatch([
      #"{"text": "안녕하세요 여러분, 반갑습니다", "width": 100, "strategy": "hangul-word-priority"}"#,
      #"{"text": "oops","#,
      #"{"text": "Hello", "width": -5}"#,
    ])
    #expect(run.status == 0)
    #expect(run.error.isEmpty)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 3)
    guard lines.count == 3 else { return }
    let first = try object(lines[0])
    #expect(lineStarts(first) == [0, 6, 11])
    let second = try object(lines[1])
    #expect((second["error"] as? String)?.hasPrefix("invalid JSON: ") == true)
    #expect(second.count == 1)
    let third = try object(lines[2])
    #expect((third["error"] as? String)?.hasPrefix("width -5") == true, "\(third)")
  }

  @Test func measure_batchMatchesTheCommandLine() throws {
    let regular = Fixtures.font("Fixture-Regular.ttf").path
    let run = measureBatch([
      #"{"text": "Hello", "fontFiles": ["\#(regular)"], "style": "body", "category": "AX1"}"#,
      #"{"text": "Hello", "fontFiles": ["\#(regular)"], "allCategories": true, "width": 40}"#,
    ])
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    let single = measure(["Hello", "--font-file", regular, "--category", "AX1", "--json"])
    #expect(lines.first.map(String.init) == single.output.trimmingCharacters(in: .newlines))
    let sweep = try #require(
      try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [[String: Any]])
    #expect(sweep.count == 12)
    #expect(sweep.allSatisfy { $0["face"] as? String == "TypeScaleFixture-Regular" })
  }

  fileprivate struct BadRequest: Sendable, CustomTestStringConvertible {
    let line: String
    let message: String
    var testDescription: String { line }
  }

  private static let badRequests = [
    BadRequest(line: "", message: "empty line"),
    BadRequest(line: "[1, 2]", message: "a request must be a JSON object"),
    BadRequest(line: #"{"width": 3}"#, message: "missing \"text\""),
    BadRequest(line: #"{"text": "x", "colour": "red"}"#, message: "unknown key \"colour\""),
    BadRequest(line: #"{"text": "x", "width": "wide"}"#, message: "\"width\" must be a number"),
    BadRequest(line: #"{"text": "x", "width": true}"#, message: "\"width\" must be a number"),
    BadRequest(line: #"{"text": "x", "lines": 1.5}"#, message: "\"lines\" must be an integer"),
    BadRequest(
      line: #"{"text": "x", "truncation": "sideways"}"#,
      message: "invalid value \"sideways\" for \"truncation\"; valid values: tail, head"),
    BadRequest(
      line: #"{"text": "x", "strategy": "greedy"}"#,
      message: "valid values: standard, hangul-word-priority"),
    BadRequest(
      line: #"{"text": "x", "category": "AX9"}"#,
      message: "unknown content-size category \"AX9\""),
    BadRequest(
      line: #"{"text": "x", "category": "L", "allCategories": true}"#,
      message: "give either --category or --all-categories"),
    BadRequest(
      line: #"{"text": "x", "fontFiles": ["/nonexistent/font.ttf"]}"#,
      message: "/nonexistent/font.ttf"),
    BadRequest(line: #"{"text": "x", "size": 0}"#, message: "font size 0"),
    BadRequest(line: #"{"text": "x", "lines": -1}"#, message: "line limit -1 is not valid"),
  ]

  @Test(arguments: badRequests)
  fileprivate func measure_batchAnswersABadRequestWithAnError(_ bad: BadRequest) throws {
    let run = measureBatch([bad.line, #"{"text": "ok"}"#])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    let error = try object(lines.first ?? "")["error"] as? String
    #expect(error?.contains(bad.message) == true, "\(error ?? "no error")")
    #expect(try object(lines.last ?? "")["lineCount"] as? Int == 1)
  }

  @Test func measure_sessionRegistersEachFontFileOnce() throws {
    var session = try MeasureSession()
    let scans = session.registry.statistics.scans
    let path = Fixtures.font("Fixture-Regular.ttf").path
    for text in ["one", "two", "three"] {
      var request = MeasureRequest(text: text)
      request.fontFiles = [path]
      _ = try session.measure(request)
    }
    #expect(session.registry.statistics.scans == scans + 1)
    #expect(session.registry.statistics.deduplicatedRegistrations == 0)
  }

  fileprivate struct BadRun: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  private static let badRuns = [
    BadRun(
      arguments: ["x", "--width", "-1"], status: 2,
      message: "width -1"),
    BadRun(
      arguments: ["x", "--category", "AX9"], status: 2,
      message: "unknown content-size category \"AX9\""),
    BadRun(arguments: ["x", "--frobnicate"], status: 2, message: "unknown option '--frobnicate'"),
    BadRun(
      arguments: ["x", "--style", "heading"], status: 2, message: "unknown text style \"heading\""),
    BadRun(
      arguments: ["x", "--category", "L", "--all-categories"], status: 2,
      message: "give either --category or --all-categories, not both"),
    BadRun(
      arguments: ["x", "--strategy", "greedy"], status: 2,
      message: "invalid value 'greedy' for '--strategy'"),
    BadRun(arguments: ["x", "--lines", "two"], status: 2, message: "invalid value 'two'"),
    BadRun(arguments: [], status: 2, message: "missing required argument '<text>'"),
    BadRun(arguments: ["x", "--batch"], status: 2, message: "give no text or other options"),
    BadRun(
      arguments: ["x", "--font-file", "/nonexistent/font.ttf"], status: 1,
      message: "/nonexistent/font.ttf"),
    BadRun(
      arguments: ["x", "--font-file", Fixtures.font("broken-html.ttf").path], status: 1,
      message: "is not a font"),
  ]

  @Test(arguments: badRuns)
  fileprivate func measure_badInputExitsNamingTheValue(_ bad: BadRun) {
    let run = measure(bad.arguments)
    #expect(run.status == bad.status)
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix("error: "), "\(run.error)")
    #expect(run.error.contains(bad.message), "\(run.error)")
  }
}
