// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleCLI

/// Runs `typescale measure` in-process and returns its exit status, standard output and
/// standard error.
private func measure(_ arguments: [String]) async -> (status: Int32, output: String, error: String)
{
  var output = ""
  var error = ""
  let status = await CLI.run(
    TypeScaleCommand.self, arguments: ["measure"] + arguments, output: &output,
    errorOutput: &error)
  return (status.rawValue, output, error)
}

/// Runs `typescale measure --batch` with `lines` as its standard input.
private func measureBatch(
  _ lines: [String], options: [String] = []
) async -> (status: Int32, output: String, error: String) {
  await MeasureCommand.$input.withValue(.lines(lines)) { await measure(["--batch"] + options) }
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
  fileprivate func measure_outputMatchesGolden(_ run: GoldenRun) async {
    let result = await measure(run.arguments)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.isEmpty)
    expectTextGolden(result.output, named: run.name, in: "cli")
  }

  @Test func measure_koreanWordPriorityBreaksOnlyAtSpaces() async throws {
    let run = await measure([
      korean, "--width", "100", "--strategy", "hangul-word-priority", "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    let layout = try object(run.output)
    #expect(lineStarts(layout) == [0, 6, 11])
    #expect((layout["lineCount"] as? NSNumber)?.intValue == 3)
    #expect(layout["isTruncated"] as? Bool == false)
    // The embedded Noto Sans has no Hangul: its cascade's Korean face draws it.
    #expect(layout["fallbacks"] as? [String] == ["NotoSansCJKkr-Regular"])
    #expect(layout["category"] == nil)
  }

  @Test func measure_noneStrategyBreaksBetweenHangulSyllables() async throws {
    let run = await measure([korean, "--width", "100", "--strategy", "none", "--json"])
    #expect(run.status == 0, "\(run.error)")
    let starts = lineStarts(try object(run.output))
    let units = Array(korean.utf16)
    #expect(starts.count > 1)
    // Some line starts right after a syllable rather than after a space.
    #expect(starts.dropFirst().contains { units[$0 - 1] != 0x20 }, "\(starts)")
    // The attributed-string target has no strategy either.
    let attributed = await measure([
      korean, "--width", "100", "--target", "attributed-string", "--json",
    ])
    #expect(lineStarts(try object(attributed.output)) == starts)
  }

  /// The issue's check: UILabel's default strategy keeps Korean words whole.
  private static let squirrel =
    "다람쥐 헌 쳇바퀴에 타고파. 키스의 고유조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다."

  @Test func measure_defaultStrategyBreaksKoreanOnlyAtSpaces() async throws {
    let options = ["--style", "body", "--category", "AX3", "--width", "343", "--json"]
    let units = Array(Self.squirrel.utf16)
    let standard = await measure([Self.squirrel] + options)
    #expect(standard.status == 0, "\(standard.error)")
    let starts = lineStarts(try object(standard.output))
    #expect(starts.count > 1)
    #expect(starts.dropFirst().allSatisfy { units[$0 - 1] == 0x20 }, "\(starts)")
    #expect(
      lineStarts(
        try object(await measure([Self.squirrel] + options + ["--strategy", "standard"]).output))
        == starts)
    let none = lineStarts(
      try object(await measure([Self.squirrel] + options + ["--strategy", "none"]).output))
    #expect(none.dropFirst().contains { units[$0 - 1] != 0x20 }, "\(none)")
  }

  /// The issue's check: a paragraph whose greedy last line is one word ends with two words by
  /// default (push-out), and with the one word under `--strategy none`.
  @Test func measure_defaultStrategyPushesAWordOntoAOneWordLastLine() async throws {
    let text = "The quick brown fox jumps over the lazy dog while the band plays on."
    let options = ["--style", "body", "--width", "280", "--json"]
    func lastLine(_ extra: [String]) async throws -> String {
      let run = await measure([text] + options + extra)
      #expect(run.status == 0, "\(run.error)")
      let layout = try object(run.output)
      let start = try #require(lineStarts(layout).last)
      return String(Array(text.utf16)[start...].map { Character(Unicode.Scalar($0)!) })
    }
    #expect(try await lastLine([]) == "plays on.")
    #expect(try await lastLine(["--strategy", "push-out"]) == "plays on.")
    #expect(try await lastLine(["--strategy", "none"]) == "on.")
    #expect(try await lastLine(["--strategy", "hangul-word-priority"]) == "on.")
  }

  @Test(arguments: [
    (
      ["--strategy", "hangulwordpriority"],
      "--strategy hangulwordpriority is deprecated; use hangul-word-priority"
    ),
    (
      ["--strategy", "pushout,hangul_word_priority"],
      "--strategy pushout is deprecated; use push-out"
    ),
  ])
  func measure_deprecatedStrategySpellings_warnAndWork(_ options: [String], _ warning: String)
    async throws
  {
    let run = await measure([korean, "--width", "100", "--json"] + options)
    #expect(run.status == 0)
    #expect(run.error.contains("warning: \(warning)\n"), "\(run.error)")
    #expect(lineStarts(try object(run.output)) == [0, 6, 11])
  }

  @Test func measure_batchDeprecatedStrategy_warnsOnStandardError() async throws {
    let run = await measureBatch([
      #"{"text": "안녕하세요 여러분, 반갑습니다", "width": 100, "strategy": "hangulwordpriority"}"#,
      #"{"text": "안녕하세요 여러분, 반갑습니다", "width": 100, "strategy": "push-out,hangul-word-priority", "target": "attributed-string"}"#,
    ])
    #expect(
      run.error
        == "warning: line 1: \"strategy\": \"hangulwordpriority\" is deprecated; use "
        + "\"hangul-word-priority\"\n")
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(try lines.map { lineStarts(try object($0)) } == [[0, 6, 11], [0, 6, 11]])
    let second = try object(lines.last ?? "")
    #expect(number(second, "width") == number(second, "exactWidth"))
  }

  @Test func measure_allCategoriesJSON_hasTwelveEntriesWithGrowingSizes() async throws {
    let run = await measure(["Continue", "--all-categories", "--json"])
    #expect(run.status == 0, "\(run.error)")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(entries.count == 12)
    #expect(
      entries.compactMap { $0["category"] as? String }
        == ["xS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"])
    // The system body's sizes (UIFont.preferredFont), not UIFontMetrics' 15 … 48.
    let sizes = entries.compactMap { number($0, "pointSize") }
    #expect(sizes == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
    let widths = entries.compactMap { number($0, "width") }
    #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(widths.count == 12 && widths[0] < widths[11])
  }

  @Test func measure_bodyAtAX5_is53_orWithACustomTypography48() async throws {
    let system = try object(
      await measure(["Hi", "--style", "body", "--category", "AX5", "--json"]).output)
    #expect(number(system, "pointSize") == 53)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "typescale-typography-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("body17.json")
    try Data(#"{"styles": {"body": {"family": "Noto Sans", "size": 17}}}"#.utf8).write(to: file)
    let custom = try object(
      await measure([
        "Hi", "--style", "body", "--category", "AX5", "--typography", file.path, "--json",
      ]).output)
    #expect(number(custom, "pointSize") == 48)
    // A custom --size scales as UIFontMetrics does, too.
    let sized = try object(
      await measure(["Hi", "--style", "body", "--category", "AX5", "--size", "17", "--json"]).output
    )
    #expect(number(sized, "pointSize") == 48)
  }

  @Test func measure_styleAndCategoryScaleTheStylesSize() async throws {
    let run = await measure(["Hello", "--style", "title1", "--category", "AX3", "--json"])
    let layout = try object(run.output)
    // The system Title 1 at AX3 is the table's 48; a 28 pt custom font scales to 47.
    #expect(number(layout, "pointSize") == 48)
    #expect(layout["category"] as? String == "AX3")
    let plain = try object(await measure(["Hello", "--size", "48", "--json"]).output)
    #expect(number(plain, "width") == number(layout, "width"))
    let custom = try object(
      await measure(["Hello", "--style", "title1", "--category", "AX3", "--size", "28", "--json"])
        .output)
    #expect(number(custom, "pointSize") == 47)
  }

  @Test(arguments: [
    ["--all-categories", "--width", "200"],
    ["--style", "footnote", "--category", "AX2", "--width", "150", "--lines", "2"],
    ["--size", "13.7", "--width", "90"],
  ])
  func measure_reportsALabelsPixelRoundedSizes_andTheExactOnes(_ options: [String]) async throws {
    let run = await measure([pangram, "--json"] + options)
    #expect(run.status == 0, "\(run.error)")
    let parsed = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
    let objects = (parsed as? [[String: Any]]) ?? [(parsed as? [String: Any]) ?? [:]]
    for object in objects {
      for (key, exactKey) in [("width", "exactWidth"), ("height", "exactHeight")] {
        let value = try #require(number(object, key))
        let exact = try #require(number(object, exactKey))
        // × 3 is whole (to the four decimals JSON prints), and at most a pixel above exact.
        #expect(abs(value * 3 - (value * 3).rounded()) < 1e-3, "\(key) \(value)")
        #expect(value >= exact - 1e-4 && value - exact < 1.0 / 3 + 1e-4, "\(key) \(value) \(exact)")
      }
    }
    let exact = try object(
      await measure([pangram, "--json", "--target", "attributed-string", "--width", "90"]).output)
    #expect(number(exact, "width") == number(exact, "exactWidth"))
    #expect(number(exact, "height") == number(exact, "exactHeight"))
  }

  @Test func measure_fontFilesGiveThePrimaryFaceAndItsCascade() async throws {
    let run = await measure([
      "Hello 안녕", "--font-file", Fixtures.font("Fixture-Regular.ttf").path, "--font-file",
      Fixtures.font("Fixture-Hangul.otf").path, "--json",
    ])
    #expect(run.status == 0, "\(run.error)")
    let layout = try object(run.output)
    #expect(layout["face"] as? String == "TypeScaleFixture-Regular")
    #expect(layout["fallbacks"] as? [String] == ["TypeScaleFixtureKR-Regular"])
    #expect(layout["diagnostics"] as? [String] == [])
  }

  @Test func measure_missingFontFallsBackAndSaysSo() async throws {
    let run = await measure(["Hello", "--font", "Missing", "--json"])
    #expect(run.status == 0, "\(run.error)")
    let layout = try object(run.output)
    #expect(layout["face"] as? String == "NotoSans-Regular")
    let diagnostics = layout["diagnostics"] as? [String] ?? []
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.contains("requested \"Missing\", not registered") == true)

    let text = await measure(["Hello", "--font", "Missing"])
    #expect(text.output.contains("note:      requested \"Missing\", not registered"))
  }

  @Test func measure_fontNameResolvesAmongTheFontFiles() async throws {
    let run = await measure([
      "Hello", "--font", "TypeScale Fixture", "--font-file", Fixtures.font("Fixture-Bold.ttf").path,
      "--json",
    ])
    let layout = try object(run.output)
    #expect(layout["face"] as? String == "TypeScaleFixture-Bold")
    let diagnostics = layout["diagnostics"] as? [String] ?? []
    #expect(diagnostics.first?.contains("no regular (400) face") == true, "\(diagnostics)")
  }

  @Test func measure_lineLimitTruncatesTheTail() async throws {
    let run = await measure([pangram, "--width", "150", "--lines", "1", "--json"])
    let layout = try object(run.output)
    #expect(layout["isTruncated"] as? Bool == true)
    #expect((layout["lineCount"] as? NSNumber)?.intValue == 1)
    let width = try #require(number(layout, "width"))
    #expect(width <= 150)
    let hidden = layout["hiddenRanges"] as? [[String: Int]]
    #expect(hidden?.count == 1)
    #expect(hidden?.first?["end"] == pangram.utf16.count)

    let text = await measure([pangram, "--width", "150", "--lines", "1"])
    #expect(text.output.contains("truncated: yes"))
    #expect(text.output.contains("\"The quick brown…\""))

    let untruncated = try object(await measure([pangram, "--width", "150", "--json"]).output)
    #expect(untruncated["isTruncated"] as? Bool == false)
    #expect(untruncated["hiddenRanges"] as? [Any] != nil)
    #expect((untruncated["lineCount"] as? NSNumber)?.intValue ?? 0 > 1)
  }

  @Test func measure_batchAnswersEveryLineInOrder() async throws {
    let run = await measureBatch([
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

  @Test func measure_batchMatchesTheCommandLine() async throws {
    let regular = Fixtures.font("Fixture-Regular.ttf").path
    let run = await measureBatch([
      #"{"text": "Hello", "fontFiles": ["\#(regular)"], "style": "body", "category": "AX1"}"#,
      #"{"text": "Hello", "fontFiles": ["\#(regular)"], "allCategories": true, "width": 40}"#,
    ])
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    let single = await measure(["Hello", "--font-file", regular, "--category", "AX1", "--json"])
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
      message: "invalid value \"greedy\" for \"strategy\": line-break strategy \"greedy\" is "
        + "not valid; use standard, none, push-out, hangul-word-priority"),
    BadRequest(
      line: #"{"text": "x", "target": "view"}"#,
      message: "invalid value \"view\" for \"target\"; valid values: label, attributed-string"),
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
    // Issue 15, finding 12: values whose results overflowed to inf or rounded to -0.
    BadRequest(
      line: #"{"text": "x", "size": 1e308}"#,
      message: "font size 1e+308 is not valid; use a number of points > 0 and ≤ 100000"),
    BadRequest(
      line: #"{"text": "x", "width": 1e308}"#,
      message: "width 1e+308 is not valid; use a finite number in 0…100000 points"),
    BadRequest(
      line: #"{"text": "x", "displayScale": 1e308}"#,
      message: "display scale 1e+308 is not valid; use a number of pixels per point in 0.5…10"),
    BadRequest(
      line: #"{"text": "x", "displayScale": 1e-308}"#,
      message: "display scale 1e-308 is not valid; use a number of pixels per point in 0.5…10"),
    // Issue 15, finding 14: any Int is a line limit; other numbers name the range.
    BadRequest(
      line: #"{"text": "x", "lines": 1e30}"#,
      message: "\"lines\" must be an integer (0 for no limit, or 1…9223372036854775807); "
        + "1e+30 is not"),
    BadRequest(
      line: #"{"text": "x", "lines": 9223372036854775808}"#,
      message: "1…9223372036854775807); 9223372036854775808 is not"),
    BadRequest(
      line: #"{"text": "x", "lines": true}"#, message: "\"lines\" must be an integer (0 for no"),
  ]

  @Test(arguments: badRequests)
  fileprivate func measure_batchAnswersABadRequestWithAnError(_ bad: BadRequest) async throws {
    let run = await measureBatch([bad.line, #"{"text": "ok"}"#])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    let error = try object(lines.first ?? "")["error"] as? String
    #expect(error?.contains(bad.message) == true, "\(error ?? "no error")")
    #expect(try object(lines.last ?? "")["lineCount"] as? Int == 1)
  }

  @Test(arguments: ["9223372036854775807", "1e3", "0"])
  func measure_batchAnyIntLineLimit_isAccepted(_ lines: String) async throws {
    let run = await measureBatch([#"{"text": "Hello world", "width": 60, "lines": \#(lines)}"#])
    #expect(run.status == 0)
    let layout = try object(run.output)
    #expect(layout["error"] == nil, "\(run.output)")
    #expect(layout["lineCount"] as? Int == 2)
    let single = await measure(["Hello world", "--width", "60", "--lines", "\(Int.max)", "--json"])
    #expect(single.status == 0)
    #expect(try object(single.output)["lineCount"] as? Int == 2)
  }

  @Test func measure_batchLineOverTheLimit_isAnsweredWithoutBeingRead() async throws {
    let long = #"{"text": ""# + String(repeating: "a", count: 100) + #""}"#
    let run = await measureBatch(
      [long, #"{"text": "ok"}"#, long], options: ["--batch-line-limit", "64"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      try object(lines[0])["error"] as? String
        == "line 1 is 112 bytes, longer than the limit of 64 (--batch-line-limit); split the "
        + "text or raise the limit")
    #expect(try object(lines[1])["lineCount"] as? Int == 1)
    let third = try object(lines[2])["error"] as? String
    #expect(third?.hasPrefix("line 3 is 112 bytes, longer than the limit of 64") == true)
  }

  @Test func measure_batchDefaultLineLimit_isOneMebibyte() async throws {
    #expect(MeasureCommand.defaultBatchLineLimit == 1_048_576)
    let text = String(repeating: "a", count: MeasureCommand.defaultBatchLineLimit)
    let run = await measureBatch([#"{"text": ""# + text + #""}"#, #"{"text": "ok"}"#])
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      try object(lines[0])["error"] as? String
        == "line 1 is 1048588 bytes, longer than the limit of 1048576 (--batch-line-limit); "
        + "split the text or raise the limit")
    #expect(try object(lines[1])["lineCount"] as? Int == 1)
  }

  /// The largest accepted values give JSON with finite numbers only: no `inf`, no `-0`.
  @Test(arguments: [
    ["--size", "100000", "--width", "100000", "--display-scale", "10"],
    ["--size", "30000", "--all-categories", "--display-scale", "0.5"],
    ["--size", "0.001", "--display-scale", "0.5", "--width", "0"],
  ])
  func measure_jsonAtTheEdgesOfTheRanges_isValidJSON(_ options: [String]) async throws {
    let run = await measure(["Hello", "--json"] + options)
    #expect(run.status == 0, "\(run.error)")
    #expect(!run.output.contains("inf") && !run.output.contains("nan"))
    #expect(!run.output.contains("-0,") && !run.output.contains("-0}"))
    let parsed = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
    let objects = (parsed as? [[String: Any]]) ?? [(parsed as? [String: Any]) ?? [:]]
    for object in objects {
      for key in ["pointSize", "width", "height"] {
        let value = try #require(number(object, key), "\(key) in \(run.output)")
        #expect(value.isFinite && value >= 0)
      }
    }
  }

  @Test func batchLineReader_splitsLinesAcrossReads() throws {
    let input = "one\r\ntwo\n\nthree-is-long\nfour"
    var reader = BatchLineReader.reading(Array(input.utf8), chunk: 3)
    var lines: [BatchLine] = []
    while let line = try reader.nextLine(limit: 5) { lines.append(line) }
    #expect(
      lines == [
        .text("one"), .text("two"), .text(""), .tooLong(byteCount: 13), .text("four"),
      ])
  }

  /// A 20 MB line — the request the issue found taking 2 GB — is counted and dropped as it
  /// arrives: the reader never holds more than the limit and two reads' worth of bytes.
  @Test func batchLineReader_hugeLine_holdsOnlyTheLimit() throws {
    let size = 20_000_000
    let tail = Array("\n{\"text\": \"ok\"}\n".utf8)
    var produced = 0
    var reader = BatchLineReader { (buffer) throws(CLIError) -> Int in
      // Generates the input on the fly: 20 MB of "a", then the tail; nothing is stored.
      let count = min(buffer.count, size + tail.count - produced)
      let letters = max(0, min(count, size - produced))
      if let base = buffer.baseAddress {
        base.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "a"), count: letters)
      }
      for index in letters..<count { buffer[index] = tail[produced + index - size] }
      produced += count
      return count
    }
    let limit = 1 << 20
    #expect(try reader.nextLine(limit: limit) == .tooLong(byteCount: size))
    #expect(reader.heldByteCapacity <= 2 * (limit + 2 * BatchLineReader.chunkSize))
    #expect(try reader.nextLine(limit: limit) == .text(#"{"text": "ok"}"#))
    #expect(try reader.nextLine(limit: limit) == nil)
    #expect(produced == size + tail.count)
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
      message: "invalid value 'greedy' for '--strategy': line-break strategy \"greedy\" is not "
        + "valid; use standard, none, push-out, hangul-word-priority, or options joined by commas"),
    BadRun(
      arguments: ["x", "--target", "view"], status: 2,
      message: "invalid value 'view' for '--target'"),
    BadRun(arguments: ["x", "--lines", "two"], status: 2, message: "invalid value 'two'"),
    BadRun(arguments: [], status: 2, message: "missing required argument '<text>'"),
    BadRun(arguments: ["x", "--batch"], status: 2, message: "give no text or other options"),
    BadRun(
      arguments: ["x", "--font-file", "/nonexistent/font.ttf"], status: 2,
      message: "/nonexistent/font.ttf"),
    BadRun(
      arguments: ["x", "--font-file", Fixtures.font("broken-html.ttf").path], status: 2,
      message: "is not a font"),
    // Issue 15, finding 12: sizes and display scales whose results printed inf or -0.
    BadRun(
      arguments: ["x", "--size", "1e308", "--json"], status: 2,
      message: "font size 1e+308 is not valid; use a number of points > 0 and ≤ 100000 "
        + "(ValueRanges.maximumPoints)"),
    BadRun(
      arguments: ["x", "--size", "1e308", "--all-categories", "--json"], status: 2,
      message: "font size 1e+308 is not valid"),
    BadRun(
      arguments: ["x", "--width", "1e308", "--json"], status: 2,
      message: "width 1e+308 is not valid; use a finite number in 0…100000 points"),
    BadRun(
      arguments: ["x", "--display-scale", "1e308", "--json"], status: 2,
      message: "display scale 1e+308 is not valid; use a number of pixels per point in 0.5…10 "
        + "(ValueRanges.displayScales)"),
    BadRun(
      arguments: ["x", "--display-scale", "1e-308", "--json"], status: 2,
      message: "display scale 1e-308 is not valid; use a number of pixels per point in 0.5…10"),
    BadRun(
      arguments: ["x", "--batch-line-limit", "10"], status: 2,
      message: "--batch-line-limit applies only with --batch"),
    BadRun(
      arguments: ["--batch", "--batch-line-limit", "0"], status: 2,
      message: "--batch-line-limit 0 is not valid; use a number of bytes ≥ 1 (default: 1048576)"),
  ]

  @Test(arguments: badRuns)
  fileprivate func measure_badInputExitsNamingTheValue(_ bad: BadRun) async {
    let run = await measure(bad.arguments)
    #expect(run.status == bad.status)
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix("error: "), "\(run.error)")
    #expect(run.error.contains(bad.message), "\(run.error)")
  }
}
