// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck
import TypeScaleRender

@Suite struct CheckHTMLReportTests {
  private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  private func page(note: String? = nil) throws -> (text: String, root: XMLNode) {
    let report = CheckReportSamples.report
    var images: [String: Data] = [:]
    for result in report.results {
      guard let category = CheckHTMLReport.imageCategory(for: result) else { continue }
      let image = Image(width: 3 + result.line, height: 2, color: .black)
      images[CheckHTMLReport.imageKey(for: result, at: category)] = try PNG.encode(image)
    }
    let text = CheckHTMLReport(images: images, note: note).write(report)
    #expect(text.hasPrefix("<!DOCTYPE html>\n"))
    let root = try XMLNode.parse(String(text.dropFirst("<!DOCTYPE html>\n".count))).get()
    return (text, root)
  }

  @Test func html_isWellFormedAndSelfContained() throws {
    let (text, root) = try page()
    #expect(root.name == "html")
    #expect(root.all.contains { $0.name == "style" })
    #expect(root.all.contains { $0.name == "script" && $0.allText.contains("filter-language") })
    // Images are inline; links go to the catalogs, by the paths the report names.
    for node in root.all {
      if let value = node.attributes["src"] { #expect(value.hasPrefix("data:")) }
    }
    let links = Set(root.all.filter { $0.name == "a" }.compactMap { $0.attributes["href"] })
    #expect(links == ["Localizable.xcstrings", "res/values-ru/strings.xml"])
    #expect(!text.contains("http://") || text.contains("xmlns=\"http://www.w3.org/1999/xhtml\""))
    #expect(!text.contains("https://"))
  }

  @Test func html_everyFailingKeyHasAGridAndFilters() throws {
    let root = try page().root
    let headings = root.all.filter { $0.name == "h2" }.map(\.allText)
    for key in ["button.subscribe", "cart.count", "title.welcome"] {
      #expect(headings.contains(key))
    }
    func options(_ id: String) -> [String] {
      let select = root.all.first { $0.attributes["id"] == id }
      return (select?.children ?? []).compactMap { $0.attributes["value"] }
    }
    #expect(options("filter-language") == ["", "ar", "de", "en", "he", "ru"])
    #expect(options("filter-rule") == ["", "button.*"])
    #expect(
      options("filter-category") == [
        "", "xS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5",
      ])
    let statuses = root.all.filter { $0.attributes["class"] == "filter-status" }
    #expect(statuses.compactMap { $0.attributes["value"] } == ["fails", "baselined", "passes"])
    let rows = root.all.filter { $0.name == "tr" && $0.attributes["data-status"] != nil }
    #expect(rows.count == 6)
    let german = try #require(rows.first { $0.attributes["data-language"] == "de" })
    #expect(german.attributes["data-status"] == "fails")
    let failingCells = german.children.filter {
      $0.attributes["class"]?.contains("failing") == true
    }
    #expect(
      failingCells.compactMap { $0.attributes["title"]?.prefix(4) } == [
        "AX1:", "AX2:", "AX3:", "AX4:", "AX5:",
      ])
    #expect(
      rows.first { $0.allText.contains("plural=few") }?.attributes["data-status"] == "baselined")
    #expect(root.all.contains { $0.name == "td" && $0.allText == "legal.footer" })
    #expect(root.allText.contains("Broken.xcstrings:3:7:"))
  }

  @Test func html_textCellsCarryLanguageAndDirection() throws {
    let root = try page().root
    let cells = root.all.filter { $0.attributes["class"] == "text" }
    #expect(cells.count == 6)
    #expect(cells.allSatisfy { $0.attributes["dir"] == "auto" && $0.attributes["lang"] != nil })
    let hebrew = try #require(cells.first { $0.attributes["lang"] == "he" })
    #expect(hebrew.text == "<b>ברוכים & \"הבאים\"</b>' U+0007")
    #expect(cells.contains { $0.attributes["lang"] == "ar" && $0.text == "مرحبا بكم" })
  }

  @Test func html_failingLabelsAreDecodablePNGs() throws {
    let root = try page().root
    let images = root.all.filter { $0.name == "img" }
    // de, ru many, ru few, he: every failing result, none for passing ones.
    #expect(images.count == 4)
    var widths: [Int] = []
    for image in images {
      let source = try #require(image.attributes["src"])
      let prefix = "data:image/png;base64,"
      #expect(source.hasPrefix(prefix))
      let data = try #require(Data(base64Encoded: String(source.dropFirst(prefix.count))))
      #expect(Array(data.prefix(8)) == Self.pngSignature)
      widths.append(try PNG.decode(data).width)
    }
    #expect(widths == [15, 43, 43, 33])
    let captions = root.all.filter { $0.attributes["class"] == "image" }.map(\.allText)
    #expect(captions.filter { !$0.isEmpty } == ["at AX1", "at AX4", "at AX5", "at AX5"])
  }

  @Test func html_noteIsShown() throws {
    let note = "Labels are not drawn in a merged report."
    let root = try page(note: note).root
    #expect(root.all.contains { $0.attributes["class"] == "note" && $0.text == note })
  }
}
