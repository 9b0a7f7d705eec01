// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck

/// The HTML page's triage, filters' data, data block and links, on the hand-made sample.
@Suite struct CheckHTMLTriageTests {
  private func page(_ writer: CheckHTMLReport = CheckHTMLReport()) throws -> XMLNode {
    let text = writer.write(CheckReportSamples.report)
    return try XMLNode.parse(String(text.dropFirst("<!DOCTYPE html>\n".count))).get()
  }

  @Test func heatMapCountsFailingTranslationsByLanguageAndCategory() throws {
    let root = try page()
    let table = try #require(root.all.first { $0.attributes["class"] == "heatmap" })
    let rows = table.all.filter { $0.name == "tr" && $0.attributes["data-language"] != nil }
    // Worst first (ru fails twice), then by code; languages without failures last.
    #expect(rows.compactMap { $0.attributes["data-language"] } == ["ru", "de", "he", "ar", "en"])
    func counts(_ row: XMLNode) -> [Int] {
      row.children.filter { $0.attributes["class"]?.hasPrefix("heat") == true }
        .compactMap { $0.attributes["data-count"].flatMap { Int($0) } }
    }
    let zeros = { (count: Int) in Array(repeating: 0, count: count) }
    #expect(counts(rows[0]) == zeros(10) + [1, 2])
    #expect(counts(rows[1]) == zeros(7) + [1, 1, 1, 1, 1])
    #expect(counts(rows[2]) == zeros(11) + [1])
    #expect(counts(rows[3]) == zeros(12))
    #expect(rows[0].children.first { $0.attributes["class"] == "total" }?.text == "2 of 2")
    let cell = try #require(rows[0].children.last)
    #expect(cell.attributes["title"] == "ru at AX5: 2 of 2 translations fail (100%)")
    #expect(cell.attributes["style"] == "background:rgba(200,0,0,0.90)")
  }

  @Test func countsAndTriageTables() throws {
    let root = try page()
    var counts: [String: String] = [:]
    for item in root.all where item.attributes["class"]?.hasPrefix("count-") == true {
      counts[item.attributes["class"] ?? ""] = item.attributes["data-count"]
    }
    #expect(
      counts == [
        "count-failing": "4", "count-new": "3", "count-baselined": "1", "count-unmeasured": "0",
        "count-unreadable": "1",
      ])
    let summary = try #require(root.all.first { $0.attributes["class"] == "summary" })
    #expect(
      summary.text
        == "checked 6 translations of 3 keys: 4 fail (3 new, 1 baselined), 1 skipped, 1 file "
        + "could not be read")
    let first = root.all.filter { $0.attributes["data-category"] != nil }
    #expect(
      first.compactMap { $0.attributes["data-count"] } == Array(repeating: "0", count: 7) + [
        "1", "0", "0", "1", "2",
      ])
    let keys = try #require(root.all.first { $0.attributes["class"] == "keys-by-languages" })
    let keyRows = keys.all.filter { $0.name == "tr" }.dropFirst().map {
      $0.children.map(\.allText)
    }
    #expect(
      keyRows == [
        ["button.subscribe", "1 of 2", "5", "AX1"], ["cart.count", "1 of 1", "3", "AX4"],
        ["title.welcome", "1 of 2", "1", "AX5"],
      ])
    let rules = try #require(root.all.first { $0.attributes["class"] == "rules" })
    #expect(
      rules.all.filter { $0.name == "tr" }.last?.children.map(\.allText) == [
        "button.*", "headline, 120 pt, 1 line, rule button.*", "6", "4", "3",
      ])
    let baseline = try #require(root.all.first { $0.attributes["class"] == "baseline" })
    #expect(baseline.text == "3 new failures in 3 keys, 1 baselined.")
  }

  @Test func rowsCarryTheFiltersData() throws {
    let root = try page()
    let rows = root.all.filter { $0.name == "tr" && $0.attributes["data-status"] != nil }
    let described = rows.map {
      [
        $0.attributes["data-language"] ?? "", $0.attributes["data-status"] ?? "",
        $0.attributes["data-rule"] ?? "", $0.attributes["data-failing"] ?? "",
      ]
    }
    #expect(
      described == [
        ["en", "passes", "button.*", ""],
        ["de", "fails", "button.*", "AX1 AX2 AX3 AX4 AX5"],
        ["ru", "fails", "button.*", "AX4 AX5"],
        ["ru", "baselined", "button.*", "AX5"],
        ["ar", "passes", "button.*", ""],
        ["he", "fails", "button.*", "AX5"],
      ])
  }

  @Test func dataBlockHoldsEveryRow() throws {
    let root = try page()
    let script = try #require(root.all.first { $0.attributes["id"] == "check-data" })
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(script.allText.utf8)) as? [String: Any])
    let rows = try #require(json["rows"] as? [[Any]])
    #expect(rows.count == 6)
    #expect(json["keys"] as? [String] == ["button.subscribe", "cart.count", "title.welcome"])
    #expect(json["languages"] as? [String] == ["en", "de", "ru", "ar", "he"])
    let german = rows[1]
    #expect(german[6] as? String == "fffffffTTTTT")
    #expect(german[8] as? String == "Abonnieren und benachrichtigen")
    #expect(german[9] as? Int == ContentSizeCategory.extraExtraExtraLarge.rawValue)
    #expect(rows[3][6] as? String == "fffffffffffO")
    #expect(rows[3][7] as? Int == 1)
    let hebrew = rows[5]
    #expect(hebrew[8] as? String == "<b>ברוכים & \"הבאים\"</b>' \u{7}")
    // The block holds no markup: `<`, `>` and `&` are JSON escapes.
    #expect(!script.allText.contains("<") && !script.allText.contains("&"))
    #expect(!root.all.contains { $0.attributes["class"] == "left-out" })
  }

  @Test(arguments: [
    (
      CheckHTMLReport(sourceLinkBase: "https://example.org/app/blob/main/"),
      [
        "https://example.org/app/blob/main/Localizable.xcstrings#L12",
        "https://example.org/app/blob/main/Localizable.xcstrings#L30",
        "https://example.org/app/blob/main/res/values-ru/strings.xml#L40",
      ]
    ),
    (
      CheckHTMLReport(
        pageDirectory: URL(fileURLWithPath: "/work/app/out/html"),
        workingDirectory: URL(fileURLWithPath: "/work/app")),
      ["../../Localizable.xcstrings", "../../res/values-ru/strings.xml"]
    ),
    (CheckHTMLReport(), ["Localizable.xcstrings", "res/values-ru/strings.xml"]),
  ])
  func keysLinkToTheirFileAndLine(writer: CheckHTMLReport, expected: [String]) throws {
    let root = try page(writer)
    let links = root.all.filter { $0.name == "a" }.compactMap { $0.attributes["href"] }
    #expect(Array(Set(links)).sorted() == expected)
    // Three keys' headings and six rows.
    #expect(links.count == 9)
  }

  @Test func pathsThatLookLikeSchemesStayPaths() throws {
    var result = CheckReportSamples.result(
      key: "k", language: "de", text: "x", line: 3, failingFrom: .accessibilityMedium)
    result.file = "javascript:alert(1)"
    let text = CheckHTMLReport().write(CheckReport(results: [result]))
    let root = try XMLNode.parse(String(text.dropFirst("<!DOCTYPE html>\n".count))).get()
    let links = root.all.filter { $0.name == "a" }.compactMap { $0.attributes["href"] }
    #expect(links == ["./javascript:alert(1)", "./javascript:alert(1)"])
  }

  @Test func imageKeysOfRowsAndResultsAgree() {
    let report = CheckReportSamples.report
    let summary = CheckSummary(report)
    let requests = CheckHTMLReport.imageRequests(for: summary)
    #expect(requests.map(\.row) == [1, 2, 5, 3])
    #expect(requests.map(\.category.shortName) == ["AX1", "AX4", "AX5", "AX5"])
    for (row, category) in requests {
      let result = report.results[row]
      #expect(
        CheckHTMLReport.imageKey(for: summary, row: row, at: category)
          == CheckHTMLReport.imageKey(for: result, at: category))
    }
  }

  @Test func anEmptyRunIsAPageToo() throws {
    let text = CheckHTMLReport().write(CheckReport())
    let root = try XMLNode.parse(String(text.dropFirst("<!DOCTYPE html>\n".count))).get()
    #expect(
      root.all.first { $0.attributes["class"] == "summary" }?.text
        == "checked 0 translations of 0 keys: 0 fail, 0 skipped")
    #expect(
      root.all.first { $0.attributes["id"] == "page-note" }?.text
        == "No translation was checked.")
    #expect(
      root.all.first { $0.attributes["class"] == "all-fit" }?.text
        == "Every translation fits at every required category.")
  }
}
