// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScale

@testable import TypeScaleCheck

@Suite struct CheckTerminalReportTests {
  private let text = CheckTerminalReport().write(CheckReportSamples.report)

  private func lines(of key: String) -> [Substring] {
    let all = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = all.firstIndex(where: { $0 == key }) else { return [] }
    return Array(all[start...].prefix { !$0.isEmpty })
  }

  @Test func terminal_gridsFailingKeysWorstFirst() {
    let keys = text.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.contains(" ") }
    // button.subscribe fails at 5 categories, cart.count at 3 (2 + 1 baselined), title.welcome at 1.
    #expect(keys == ["button.subscribe", "cart.count", "title.welcome"])
  }

  @Test func terminal_germanRowShowsTruncationFromAX1AndLargestFit() throws {
    let grid = lines(of: "button.subscribe")
    #expect(grid.count == 4)
    #expect(
      grid[1] == "  language  xS S M L XL XXL XXXL AX1 AX2 AX3 AX4 AX5  fits up to")
    let german = try #require(grid.first { $0.hasPrefix("  de ") })
    #expect(german.filter { $0 == "…" }.count == 5)
    #expect(german.filter { $0 == "✓" }.count == 7)
    #expect(german.hasSuffix("XXXL        Localizable.xcstrings:12"))
    let english = try #require(grid.first { $0.hasPrefix("  en ") })
    #expect(english.filter { $0 == "✓" }.count == 12)
    #expect(english.contains("AX5"))
  }

  @Test func terminal_variantsAndBaselineAreNamed() throws {
    let grid = lines(of: "cart.count")
    let many = try #require(grid.first { $0.contains("ru plural=many") })
    #expect(many.filter { $0 == "✗" }.count == 2)
    #expect(!many.contains("(baselined)"))
    let few = try #require(grid.first { $0.contains("ru plural=few") })
    #expect(few.hasSuffix("res/values-ru/strings.xml:40 (baselined)"))
  }

  @Test func terminal_passingKeysAreOnlyCountedAndErrorsListed() {
    #expect(!text.contains("legal.footer"))
    #expect(text.contains("error: Broken.xcstrings:3:7: expected ',' or '}'"))
    #expect(
      text.hasSuffix(
        "checked 6 translations of 3 keys: 4 fail (3 new, 1 baselined), 1 skipped, "
          + "1 unreadable file\n"))
  }

  @Test func terminal_summaryOfACleanShard() {
    let report = CheckReport(
      shard: "2/4",
      results: [CheckReportSamples.result(key: "ok", language: "en", text: "OK", line: 1)])
    #expect(
      CheckTerminalReport().write(report)
        == "checked 1 translation of 1 key: 0 fail, 0 skipped (shard 2/4)\n")
  }

  @Test(arguments: [true, false])
  func terminal_colourOnlyWhenAsked(_ usesColor: Bool) {
    let output = CheckTerminalReport(usesColor: usesColor).write(CheckReportSamples.report)
    #expect(output.contains("\u{1B}[31m…\u{1B}[0m") == usesColor)
    #expect(output.contains("\u{1B}[") == usesColor)
  }
}
