// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck

/// The HTML page of a large run: within its byte budget, a capped number of images, and a
/// sentence naming what was left out.
@Suite struct CheckHTMLScaleTests {
  /// 1,000 keys × 50 languages: languages 0–9 fail from AX1, 10–19 from AX3, the other 30
  /// fit (20,000 failing, 30,000 passing translations).
  static func summary(textLength: Int) -> CheckSummary {
    var builder = CheckSummary.Builder(run: CheckRunInfo(layouts: 600_000))
    let filler = String(repeating: "x", count: textLength - 12)
    for key in 0..<1_000 {
      for language in 0..<50 {
        let failingFrom: ContentSizeCategory? =
          language < 10 ? .accessibilityMedium : language < 20 ? .accessibilityExtraLarge : nil
        builder.add(
          CheckReportSamples.result(
            key: "key.\(String(format: "%04d", key))", language: "l\(language)",
            text: "\(String(format: "%04d", key))-\(String(format: "%06d", language))-\(filler)",
            line: key + 1, failingFrom: failingFrom))
      }
    }
    return builder.finish()
  }

  /// ``summary(textLength:)`` with 40-character texts, made once for the tests that share it.
  static let shortTexts = summary(textLength: 40)

  private static func images(
    for summary: CheckSummary, bytes: Int
  ) -> [String: Data] {
    var images: [String: Data] = [:]
    for (index, row) in summary.rows.enumerated() {
      guard let category = row.firstFailure else { continue }
      images[CheckHTMLReport.imageKey(for: summary, row: index, at: category)] = Data(
        repeating: 0x89, count: bytes)
    }
    return images
  }

  private static func dataRows(_ root: XMLNode) throws -> [[Any]] {
    let script = try #require(root.all.first { $0.attributes["id"] == "check-data" })
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(script.allText.utf8)) as? [String: Any])
    return try #require(json["rows"] as? [[Any]])
  }

  @Test func fiftyThousandRowsFitWithEveryRowAndSixtyImages() throws {
    let summary = Self.shortTexts
    #expect(summary.rows.count == 50_000)
    let writer = CheckHTMLReport(images: Self.images(for: summary, bytes: 30_000))
    let text = writer.write(summary)
    #expect(text.utf8.count <= CheckHTMLReport.maximumPageBytes)
    let root = try XMLNode.parse(String(text.dropFirst("<!DOCTYPE html>\n".count))).get()
    #expect(root.all.count { $0.name == "img" } == CheckHTMLReport.maximumImages)
    #expect(CheckHTMLReport.imageRequests(for: summary).count == CheckHTMLReport.maximumImages)
    #expect(try Self.dataRows(root).count == 50_000)
    #expect(!root.all.contains { $0.attributes["class"] == "left-out" })
    // The first page: 20 keys of 50 rows (1,000 rows), static.
    #expect(root.all.count { $0.name == "section" && $0.attributes["class"] == "key" } == 20)
    #expect(root.all.count { $0.name == "tr" && $0.attributes["data-row"] != nil } == 1_000)
    // 25 languages open in the heat map, the other 25 folded.
    let heatMaps = root.all.filter { $0.attributes["class"]?.hasPrefix("heatmap") == true }
    #expect(
      heatMaps.map { $0.all.count { $0.name == "tr" && $0.attributes["data-language"] != nil } }
        == [25, 25])
    #expect(root.all.first { $0.name == "summary" }?.text == "25 more languages")
    let more = root.all.filter { $0.attributes["class"] == "more" }.map(\.text)
    #expect(more == ["980 more failing keys (the JSON report has them all)"])
    let note = try #require(root.all.first { $0.attributes["id"] == "page-note" })
    #expect(
      note.text
        == "The first 20 keys of 1,000 (1,000 translations of 50,000) are shown here, worst "
        + "first; with scripts on, the filters and pages cover every translation below.")
  }

  @Test func imagesStayWithinTheirBudget() throws {
    let summary = Self.shortTexts
    // 80,000 bytes of base64 each: 37 fit in 3,000,000.
    let text = CheckHTMLReport(images: Self.images(for: summary, bytes: 60_000)).write(summary)
    #expect(text.components(separatedBy: "<img ").count - 1 == 37)
    #expect(text.utf8.count <= CheckHTMLReport.maximumPageBytes)
  }

  @Test func passingTextsAreLeftOutFirstAndThePageSaysSo() throws {
    let summary = Self.summary(textLength: 200)
    let text = CheckHTMLReport().write(summary)
    #expect(text.utf8.count <= CheckHTMLReport.maximumPageBytes)
    let root = try XMLNode.parse(String(text.dropFirst("<!DOCTYPE html>\n".count))).get()
    let leftOut = try #require(root.all.first { $0.attributes["class"] == "left-out" })
    #expect(
      leftOut.text
        == "To keep this page within 10 MB, the filtered views leave out the texts of 30,000 "
        + "passing translations; the JSON report (check --json) has every translation.")
    let rows = try Self.dataRows(root)
    #expect(rows.count == 50_000)
    #expect(rows.count { $0[8] is NSNull } == 30_000)
    #expect(rows.count { ($0[7] as? Int).map { $0 & 4 != 0 } ?? false } == 30_000)
  }

  @Test func rowsOfTheLeastFailingKeysAreCutLastAndCounted() throws {
    // 50,000 failing rows whose 300-character variants alone pass the budget.
    var builder = CheckSummary.Builder(run: CheckRunInfo())
    let variant = String(repeating: "v", count: CheckHTMLReport.maximumNameCharacters)
    for key in 0..<1_000 {
      for language in 0..<50 {
        builder.add(
          CheckReportSamples.result(
            key: "key.\(String(format: "%04d", key))", language: "l\(language)",
            variant: variant, text: "text", line: key + 1,
            failingFrom: key < 500 ? .accessibilityMedium : .accessibilityExtraExtraExtraLarge))
      }
    }
    let summary = builder.finish()
    let text = CheckHTMLReport().write(summary)
    #expect(text.utf8.count <= CheckHTMLReport.maximumPageBytes)
    let root = try XMLNode.parse(String(text.dropFirst("<!DOCTYPE html>\n".count))).get()
    let rows = try Self.dataRows(root)
    #expect(rows.count > 20_000 && rows.count < 50_000)
    #expect(rows.allSatisfy { $0[8] is NSNull })
    // The worst keys (failing from AX1) are kept first.
    let keys = try #require(root.all.first { $0.attributes["id"] == "check-data" })
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(keys.allText.utf8)) as? [String: Any])
    #expect((json["keys"] as? [String])?.first == "key.0000")
    let leftOut = try #require(root.all.first { $0.attributes["class"] == "left-out" })
    let cut = 50_000 - rows.count
    #expect(
      leftOut.text
        == "To keep this page within 10 MB, the filtered views leave out the texts of "
        + "\(CheckPlan.number(rows.count)) failing translations, \(CheckPlan.number(cut)) "
        + "failing translations of the least failing keys; the JSON report (check --json) has "
        + "every translation.")
  }

  @Test func staticGridsStopAtTheirByteCap() throws {
    // One key in 1,000 languages, each text 500 quotation marks (3,000 bytes escaped).
    let quotes = String(repeating: "\"", count: CheckHTMLReport.maximumTextCharacters)
    let results = (0..<1_000).map { language in
      CheckReportSamples.result(
        key: "k", language: "l\(language)", text: quotes, line: 1, failingFrom: .large)
    }
    let text = CheckHTMLReport().write(CheckReport(results: results))
    #expect(text.utf8.count <= CheckHTMLReport.maximumPageBytes)
    let root = try XMLNode.parse(String(text.dropFirst("<!DOCTYPE html>\n".count))).get()
    let shown = root.all.count { $0.name == "tr" && $0.attributes["data-row"] != nil }
    #expect(shown > 100 && shown < 1_000)
    let more = root.all.filter { $0.name == "tr" && $0.attributes["class"] == "more" }
    #expect(
      more.map(\.allText) == [
        "\(1_000 - shown) more rows of this key are left out of the static grids (capped at 3 "
          + "MB); the script's pages show them"
      ])
    #expect(try Self.dataRows(root).count == 1_000)
  }
}
