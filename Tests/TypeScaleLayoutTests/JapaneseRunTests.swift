// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// Japanese runs that alternate Han and kana are shaped as one where the face shapes them alike.
@Suite struct JapaneseRunTests {
  @Test func hanAndKanaRuns_shapeAsOne_withTheGlyphsOfShapingEachApart() throws {
    let font = try FontFixture.fixtureFont("Fixture-CJK.otf")
    let engine = FontFixture.engine()
    let text = "カタカナと漢字をひらがなで書く。"
    let layout = try engine.layout(text, font: font, options: LayoutOptions())
    let runs = try #require(layout.lines.first?.runs)
    #expect(runs.map(\.script) == ["Jpan"])

    // The same text shaped run by run, each with its own script.
    let itemizer = Itemizer(cascade: FontFixture.registry.cascade(for: font.face))
    let paragraph = Paragraph(units: Array(text.utf16), start: 0)
    let itemized = try itemizer.itemize(paragraph, direction: .natural)
    #expect(Set(itemized.runs.map(\.scriptTag)) == ["Kana", "Hira", "Hani"])
    #expect(itemized.runs.count > 4)
    let shaper = Shaper(
      fonts: engine.fonts, cache: ShapeCache(), options: LayoutOptions(), variations: [:])
    let context = LayoutContext()
    #expect(
      try shaper.harfBuzzFont(for: font.face, pointSize: 17, context: context).font
        .sharesHanKanaShaping)
    var ids: [UInt32] = []
    var advances: [Int32] = []
    for run in itemized.runs {
      let shaped = try shaper.shape(
        run, range: run.range, in: paragraph.units, pointSize: 17, context: context)
      shaped.glyphs.withGlyphs { glyphs in
        ids += glyphs.map(\.id)
        advances += glyphs.map(\.advance)
      }
    }
    #expect(runs[0].glyphs == ids)
    let scale = 17 / Double(font.face.metrics.unitsPerEm)
    #expect(runs[0].advances == advances.map { Double($0) * scale })
  }
}
