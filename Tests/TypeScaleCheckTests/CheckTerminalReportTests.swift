// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScale

@testable import TypeScaleCheck

@Suite struct CheckTerminalReportTests {
  private static let count =
    "checked 6 translations of 3 keys in 5 languages: 4 fail (3 new, 1 baselined), "
    + "1 skipped (no rule matches), 1 file could not be read"

  /// The whole summary of the sample: triage first, then the grids, the error, the count.
  @Test func terminal_sampleReadsTriageFirst() {
    let expected = """
      \(Self.count)

      failing translations by language and category
        language  failing  AX1 AX2 AX3 AX4 AX5
        ru        2 of 2     -   -   -   1   2
        de        1 of 1     1   1   1   1   1
        he        1 of 1     -   -   -   -   1
        … 2 languages where everything fits: ar, en

      failures by rule
        button.*  fails in 4 of 6 translations (3 keys); headline, 120 pt, 1 line

      keys failing in the most languages
        button.subscribe  1 of 2 languages, from AX1
        cart.count        1 of 1 language, from AX4
        title.welcome     1 of 2 languages, from AX5
      where labels start failing: AX1 1, AX4 1, AX5 2

      against the baseline: 3 new failing translations in 3 keys, 1 still baselined
        new in: button.subscribe (1), cart.count (1), title.welcome (1)

      failing keys, worst first
        languages       xS S M L XL XXL XXXL AX1 AX2 AX3 AX4 AX5  fits up to
      button.subscribe  fails in 1 of 2 languages
        de              ✓  ✓ ✓ ✓ ✓  ✓   ✓    …   …   …   …   …    XXXL        Localizable.xcstrings:12
        en              ✓  ✓ ✓ ✓ ✓  ✓   ✓    ✓   ✓   ✓   ✓   ✓    AX5         Localizable.xcstrings:12
      cart.count  fails in 1 of 1 language
        ru plural=many  ✓  ✓ ✓ ✓ ✓  ✓   ✓    ✓   ✓   ✓   ✗   ✗    AX3         res/values-ru/strings.xml:40
        ru plural=few   ✓  ✓ ✓ ✓ ✓  ✓   ✓    ✓   ✓   ✓   ✓   ✗    AX4         res/values-ru/strings.xml:40 (baselined)
      title.welcome  fails in 1 of 2 languages
        he              ✓  ✓ ✓ ✓ ✓  ✓   ✓    ✓   ✓   ✓   ✓   …    AX4         Localizable.xcstrings:30
        ar              ✓  ✓ ✓ ✓ ✓  ✓   ✓    ✓   ✓   ✓   ✓   ✓    AX5         Localizable.xcstrings:30

      error: Broken.xcstrings:3:7: expected ',' or '}' after an object member

      \(Self.count)

      """
    #expect(CheckTerminalReport().write(CheckReportSamples.report) == expected)
  }

  @Test func terminal_aCleanRunIsTheCountAlone() {
    let report = CheckReport(
      shard: "2/4", layouts: 12,
      results: [CheckReportSamples.result(key: "ok", language: "en", text: "OK", line: 1)])
    #expect(
      CheckTerminalReport().write(report)
        == "checked 1 translation of 1 key in 1 language (12 layouts): all fit (shard 2/4)\n")
  }

  /// "could not be measured" counts entries a rule matched but that were skipped (a
  /// placeholder, a layout); "could not be read" counts files; each only when there are some.
  @Test(arguments: [
    (0, 0, "all fit"),
    (2, 0, "all fit, 2 entries could not be measured"),
    (1, 0, "all fit, 1 entry could not be measured"),
    (0, 1, "all fit, 1 file could not be read"),
    (3, 2, "all fit, 3 entries could not be measured, 2 files could not be read"),
  ])
  func terminal_countNamesWhatCouldNotBeMeasuredOrRead(
    unmeasured: Int, unreadable: Int, tail: String
  ) {
    let skipped = (0..<unmeasured).map {
      CheckSkipped(
        key: "k\($0)", language: "de", variant: "", file: "de.lproj/Localizable.strings",
        line: $0 + 1, reason: "placeholder %1$@ cannot be formatted")
    }
    // Two errors in each file: the count is of files.
    let errors = (0..<unreadable).flatMap { file in
      (1...2).map { (line: Int) in
        CheckInputError(
          file: "F\(file).strings", line: line, column: 1,
          message: "F\(file).strings:\(line): bad")
      }
    }
    let report = CheckReport(
      results: [CheckReportSamples.result(key: "ok", language: "en", text: "OK", line: 1)],
      skipped: skipped, errors: errors)
    let first = CheckTerminalReport().write(report).split(separator: "\n").first
    #expect(first.map(String.init) == "checked 1 translation of 1 key in 1 language: " + tail)
  }

  /// Translations that fare alike are one row, labelled with their languages.
  @Test func terminal_rowsSharingAPatternAreOneRow() {
    let languages = ["de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi"]
    var results = languages.map {
      CheckReportSamples.result(
        key: "button.go", language: $0, text: "Los", line: 5, failingFrom: .accessibilityLarge)
    }
    results.append(
      CheckReportSamples.result(
        key: "button.go", language: "ja", text: "行く", line: 5,
        failingFrom: .accessibilityExtraLarge, status: .overflowsLines))
    results.append(CheckReportSamples.result(key: "button.go", language: "en", text: "Go", line: 5))
    let text = CheckTerminalReport().write(CheckReport(results: results))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = lines.firstIndex { $0.hasPrefix("button.go ") } ?? lines.endIndex
    #expect(
      lines[start...].prefix(4).map(String.init) == [
        "button.go  fails in 11 of 12 languages",
        "  de fr es it pt nl sv +3  ✓  ✓ ✓ ✓ ✓  ✓   ✓    ✓   …   …   …   …    AX1         "
          + "Localizable.xcstrings:5",
        "  ja                       ✓  ✓ ✓ ✓ ✓  ✓   ✓    ✓   ✓   ✗   ✗   ✗    AX2         "
          + "Localizable.xcstrings:5",
        "  en                       ✓  ✓ ✓ ✓ ✓  ✓   ✓    ✓   ✓   ✓   ✓   ✓    AX5         "
          + "Localizable.xcstrings:5",
      ])
  }

  /// The keys drawn as grids: the worst `keyLimit`, or all, or none (then counted).
  @Test(
    arguments: [
      (nil, ["button.subscribe", "cart.count", "title.welcome"], "failing keys, worst first"),
      (3, ["button.subscribe", "cart.count", "title.welcome"], "failing keys, worst first"),
      (
        2, ["button.subscribe", "cart.count"],
        "worst 2 of 3 failing keys (--keys all for every key)"
      ),
      (0, [], "3 failing keys: --keys N draws the worst N as grids"),
    ] as [(Int?, [String], String)])
  func terminal_keyLimitChoosesTheGrids(limit: Int?, keys: [String], title: String) {
    let text = CheckTerminalReport(keyLimit: limit).write(CheckReportSamples.report)
    let lines = text.split(separator: "\n").map(String.init)
    let keyLines = lines.filter { !$0.hasPrefix(" ") && $0.contains("  fails in ") }
    #expect(keyLines.map { String($0.prefix { $0 != " " }) } == keys)
    #expect(lines.contains(title))
  }

  /// Without a limit every row of a key is drawn (six patterns); with one, three and the rest
  /// counted.
  @Test(arguments: [(nil, 6, 0), (20, 3, 1)] as [(Int?, Int, Int)])
  func terminal_gridRowsAreCappedWithALimit(limit: Int?, rows: Int, more: Int) {
    let summary = CheckSyntheticSummary.make(keys: 1, languages: 48, failing: 48)
    let text = CheckTerminalReport(keyLimit: limit).write(summary)
    let lines = text.split(separator: "\n")
    let start = lines.firstIndex { $0.hasPrefix("screen0.label0 ") } ?? lines.endIndex
    let grid = lines[start...].dropFirst().prefix { $0.hasPrefix("  ") }
    #expect(grid.filter { !$0.hasPrefix("  … ") }.count == rows)
    #expect(grid.filter { $0 == "  … 3 more rows (24 languages)" }.count == more)
  }

  /// 10,000 failures in 31 languages over 600 keys: under 200 lines by default; the line
  /// count follows the limit, not the report.
  @Test(arguments: [(20, 200), (5, 100), (0, 60)])
  func terminal_aLargeRunPrintsFewLines(limit: Int, most: Int) {
    let summary = CheckSyntheticSummary.make(keys: 600, languages: 31, failing: 10_000)
    #expect(summary.failingCount == 10_000)
    let lines = CheckTerminalReport(keyLimit: limit).write(summary).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count < most)
    #expect(lines.contains("  … 16 more failing languages (5,155 failing translations)"))
  }

  @Test(arguments: [
    (
      false, 2,
      "3 new failing translations in 3 keys, 1 still baselined, "
        + "2 baselined translations now fit"
    ),
    (true, 1, "no new failures, 4 still baselined, 1 baselined translation now fits"),
  ])
  func terminal_baselineSectionCountsWhatNowFits(allBaselined: Bool, fixed: Int, line: String) {
    var summary = CheckSummary(CheckReportSamples.report)
    if allBaselined {
      for index in summary.rows.indices { summary.rows[index].isBaselined = true }
    }
    summary.fixedBaselined = fixed
    let lines = CheckTerminalReport().write(summary).split(separator: "\n").map(String.init)
    #expect(lines.contains("against the baseline: " + line))
    #expect(lines.contains { $0.hasPrefix("  new in: ") } == !allBaselined)
  }

  @Test func terminal_problemListsAreCapped() {
    var report = CheckReportSamples.report
    report.errors = (1...25).map {
      CheckInputError(file: "F\($0)", line: 1, column: 1, message: "F\($0):1:1: bad")
    }
    report.entryWarnings = (1...12).map { (line: Int) in
      CheckEntryWarning(
        key: "k\(line)", language: "de", variant: "", file: "A.strings", line: line, column: 3,
        message: "A.strings:\(line):3: 'k\(line)' uses %1$@ and %ld", isMeasured: true)
    }
    let lines = CheckTerminalReport().write(report).split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("error: F") }.count == 10)
    #expect(lines.contains("error: 15 more errors (see the JSON report)"))
    #expect(lines[0].hasSuffix(", 25 files could not be read"))
    #expect(lines.filter { $0.hasPrefix("warning: A.strings:") }.count == 10)
    #expect(lines.contains("warning: 12 entry warnings in all, 2 more in the JSON report"))
  }

  @Test(arguments: [true, false])
  func terminal_colourOnlyWhenAsked(_ usesColor: Bool) {
    let output = CheckTerminalReport(usesColor: usesColor).write(CheckReportSamples.report)
    #expect(output.contains("\u{1B}[31m…\u{1B}[0m") == usesColor)
    #expect(output.contains("\u{1B}[") == usesColor)
  }
}
