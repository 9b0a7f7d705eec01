// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck

/// Keys and values holding ESC sequences and other control characters: escaped on the
/// terminal, well-formed in HTML, JUnit and SARIF.
@Suite struct CheckControlCharacterTests {
  static let key = "evil\u{1B}]0;pwned\u{07}\u{1B}[2J.key\u{0}"

  static func report() -> CheckReport {
    let cells = ContentSizeCategory.allCases.map { category in
      CheckCell(
        category: category, status: category > .large ? .truncated : .fits, pointSize: 17,
        width: 100, height: 22, lineCount: 1, neededLines: 2)
    }
    let result = CheckResult(
      key: key, language: "de\u{1B}[31m", variant: "", text: "Text\u{1B}[1m\u{8}\u{7F}",
      file: "A\u{1B}.xcstrings", line: 3, rule: "*", style: "body", width: 120, lineLimit: 1,
      truncationAllowed: false, required: ContentSizeCategory.allCases, cells: cells,
      largestFitting: .large)
    return CheckReport(
      requirements: [
        CheckRequirement(key: key, categories: [.large]),
        CheckRequirement(key: "gone\u{1B}[H", categories: [.large]),
      ],
      isPartial: true, missingShards: ["2/2"], warnings: ["rule \"\u{1B}[5m\" matches no key"],
      results: [result],
      errors: [CheckInputError(file: "B", line: 1, column: 1, message: "B:1:1: bad \u{1B}[K")])
  }

  @Test func terminal_escapesEveryControlCharacter() {
    let text = CheckTerminalReport().write(Self.report())
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F })
    #expect(
      text.contains("\nevil\\u{1B}]0;pwned\\u{7}\\u{1B}[2J.key\\u{0}  fails in 1 of 1 language\n"))
    #expect(text.contains("\n  de\\u{1B}[31m  1 of 1 "))
    #expect(text.contains("  de\\u{1B}[31m "))
    #expect(text.contains("A\\u{1B}.xcstrings:3"))
    #expect(text.contains("error: B:1:1: bad \\u{1B}[K\n"))
    #expect(text.contains("warning: rule \"\\u{1B}[5m\" matches no key\n"))
    #expect(text.contains("not laid out: 'gone\\u{1B}[H' (required L)\n"))
  }

  @Test func junit_staysWellFormedXML() throws {
    let xml = CheckJUnitReport().write(Self.report())
    let root = try XMLNode.parse(xml).get()
    let names = root.all.filter { $0.name == "testcase" }.compactMap { $0.attributes["name"] }
    #expect(names.contains("evilU+001B]0;pwnedU+0007U+001B[2J.keyU+0000 [deU+001B[31m]"))
    #expect(names.contains("every shard merged"))
    #expect(names.contains("goneU+001B[H [not laid out]"))
    let failures = root.all.filter { $0.name == "failure" }.compactMap { $0.attributes["message"] }
    #expect(failures.contains("partial report: shard 2/2 is missing"))
  }

  @Test func html_staysWellFormedXHTML() throws {
    let html = CheckHTMLReport().write(Self.report())
    let root = try XMLNode.parse(html).get()
    #expect(root.allText.contains("evilU+001B]0;pwnedU+0007U+001B[2J.keyU+0000"))
    #expect(!html.unicodeScalars.contains { $0.value == 0x1B })
    #expect(root.allText.contains("(partial: shard 2/2 is missing)"))
  }

  @Test func sarif_isJSONWithTheKeyIntact() throws {
    let text = CheckSARIFReport(toolVersion: "1").write(Self.report())
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let runs = try #require(json["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    let properties = results.compactMap { $0["properties"] as? [String: Any] }
    #expect(properties.first?["key"] as? String == Self.key)
  }
}

/// Values from the constraints file quoted in messages: cut at 200 characters with the total.
@Suite struct CheckQuotedValueTests {
  @Test func longCategoryRangeIsCutInTheMessage() {
    let text = String(repeating: "x", count: 5_000) + "...AX1"
    #expect {
      _ = try CategorySelection(parsing: text)
    } throws: { error in
      let message = (error as? CheckError)?.message ?? ""
      return message.hasPrefix(
        "unknown content-size category \"" + String(repeating: "x", count: 200)
          + "… (5000 characters)\"; valid names: xS, S,")
        && message.count < 1_000
    }
  }
}
