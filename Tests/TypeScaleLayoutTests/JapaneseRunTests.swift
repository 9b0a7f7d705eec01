// SPDX-License-Identifier: Apache-2.0

import Foundation
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

  /// Debian's Noto Sans CJK (fonts-noto-cjk), when installed: its `hani` and `kana` language
  /// systems have feature records of their own (other indices) that list the same lookups.
  static let notoSansCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

  /// Every Japanese text of the layout corpus, the Japanese benchmark texts, and text that mixes
  /// Han, both kana, brackets, Latin and digits.
  static let japaneseTexts: [String] =
    LayoutCorpus.entries.filter { $0.language == "ja" }.map(\.text) + [
      "大きな文字は読みやすくなります。アプリは選択した文字サイズに合わせてレイアウトを自動的に調整します。",
      "設定を変更すると、すべてのデバイスで同期されます。変更を保存するには、右上の「完了」ボタンをタップしてください。",
      "このアプリはプライバシーを尊重します。位置情報は、地図を表示するときにだけ使用され、サーバーには送信されません。",
      "漢字とカタカナ、ひらがな「括弧」（全角）と ABC 123、ｶﾀｶﾅ〜ー々〆ヶ。",
    ]

  /// The project-made faces of `Tests/Fixtures/Fonts/Made` (Scripts/make-fonts.py --made):
  /// `hani` and `kana` feature records of their own, with the same lookups (Shared) or with a
  /// Han-only lookup missing from kana's `liga` (Split).
  static let sharedFixture = "Made/Fixture-HanKana-Shared.ttf"
  static let splitFixture = "Made/Fixture-HanKana-Split.ttf"

  /// The texts the made faces map: Han, both kana and an ideographic full stop, alternating.
  static let madeTexts = [
    "カタカナと漢字をひらがなで書く。",
    "ひらがなとカタカナ",
    "漢字、カナ、かな。",
  ]

  /// A made face like Noto Sans CJK shapes Japanese as one run, as shaping each script apart.
  ///
  /// Its `hani` and `kana` features differ only in their indices, as Noto Sans CJK's do; this
  /// runs in CI, where Noto Sans CJK is not installed. Comparing the features by index, or
  /// splitting the scripts into runs, fails it.
  @Test(arguments: madeTexts, ["ja", nil, "zh"] as [String?])
  func madeSharedFace_shapesJapaneseAsOneRun_withTheGlyphsOfShapingEachApart(
    text: String, language: String?
  ) throws {
    try Self.expectShapingAsOneRunMatchesShapingApart(
      fileAt: Fixtures.font(Self.sharedFixture), text: text, language: language, shared: true)
  }

  /// A face whose kana `liga` lacks a lookup of Han's is not shaped as one run: comparing only
  /// the feature tags (or nothing) fails it.
  @Test(arguments: madeTexts)
  func madeSplitFace_shapesHanAndKanaApart(text: String) throws {
    try Self.expectShapingAsOneRunMatchesShapingApart(
      fileAt: Fixtures.font(Self.splitFixture), text: text, language: "ja", shared: false)
  }

  /// The made face's lookups take part: カタ is one ligature glyph, 漢 its alternate, and ひら
  /// kerned by -150 units, in the one Japanese run.
  @Test func madeSharedFace_appliesItsLookupsInTheJapaneseRun() throws {
    let registry = try FontRegistry()
    let face = try #require(
      try registry.register(fileAt: Fixtures.font(Self.sharedFixture)).first)
    let plain = try #require(
      try registry.register(fileAt: Fixtures.font(Self.splitFixture)).first)
    let engine = TextLayoutEngine(registry: registry)
    let text = "カタカナと漢字をひらがなで書く。"
    let layout = try engine.layout(text, font: try LayoutFont(face: face, pointSize: 10))
    let runs = try #require(layout.lines.first?.runs)
    #expect(runs.map(\.script) == ["Jpan"])
    // 16 characters, カタ ligated: 15 glyphs, the ligature 2 em wide.
    #expect(runs[0].glyphs.count == text.count - 1)
    #expect(runs[0].advances.first == 20)
    // ひ (the 8th glyph, after the ligature) is kerned against ら.
    #expect(runs[0].advances[7] == 8.5)
    // The split face applies the same lookups run by run: the same widths.
    let apart = try engine.layout(text, font: try LayoutFont(face: plain, pointSize: 10))
    #expect(apart.lines.first?.runs.map(\.script) != ["Jpan"])
    #expect(apart.lines.first?.runs.flatMap(\.advances) == runs[0].advances)
  }

  /// A face whose `hani` and `kana` features differ only in their indices shapes Japanese as
  /// one run (the shortcut), with exactly the glyphs, advances, offsets and clusters of shaping
  /// each script's run apart (the slow path), for every text and language here.
  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: notoSansCJK)),
    arguments: japaneseTexts, ["ja", nil, "zh"] as [String?])
  func notoSansCJK_shapesJapaneseAsOneRun_withTheGlyphsOfShapingEachApart(
    text: String, language: String?
  ) throws {
    try Self.expectShapingAsOneRunMatchesShapingApart(
      fileAt: URL(fileURLWithPath: Self.notoSansCJK), text: text, language: language,
      shared: true)
  }

  /// Lays `text` out in the first face of a font file and shapes it again run by run, one run
  /// per script; expects the face to share Han and kana shaping when `shared`, Japanese with
  /// both to be one run exactly then, and the same glyphs, advances, offsets and clusters.
  static func expectShapingAsOneRunMatchesShapingApart(
    fileAt url: URL, text: String, language: String?, shared: Bool
  ) throws {
    let registry = try FontRegistry()
    let face = try #require(try registry.register(fileAt: url).first)
    let font = try LayoutFont(face: face, pointSize: 17)
    let engine = TextLayoutEngine(registry: registry)
    var options = LayoutOptions()
    options.language = language
    let context = LayoutContext()
    let shaper = Shaper(fonts: engine.fonts, cache: ShapeCache(), options: options, variations: [:])
    #expect(
      try shaper.harfBuzzFont(for: face, pointSize: 17, context: context).font
        .sharesHanKanaShaping == shared)

    let layout = try engine.layout(text, font: font, options: options, context: context)
    let runs = try #require(layout.lines.first?.runs)
    #expect(layout.lineCount == 1)

    let itemizer = Itemizer(cascade: registry.cascade(for: face))
    let paragraph = Paragraph(units: Array(text.utf16), start: 0)
    let itemized = try itemizer.itemize(paragraph, direction: .natural)
    // Text with both Han and kana has runs that are shaped as one, in a face that shares them.
    let scripts = Set(itemized.runs.map(\.script).filter(\.isHanOrKana))
    let joined = shared && scripts.count > 1
    #expect(runs.map(\.script).contains("Jpan") == joined)
    #expect((itemized.runs.count > runs.count) == joined)
    var ids: [UInt32] = []
    var advances: [Int32] = []
    var offsets: [Int32] = []
    var clusters: [Int] = []
    for run in itemized.runs {
      let shaped = try shaper.shape(
        run, range: run.range, in: paragraph.units, pointSize: 17, context: context)
      shaped.glyphs.withGlyphs { glyphs in
        ids += glyphs.map(\.id)
        advances += glyphs.map(\.advance)
        offsets += glyphs.flatMap { [$0.offsetX, $0.offsetY] }
        clusters += glyphs.map { run.range.lowerBound + Int($0.cluster) }
      }
    }
    let scale = 17 / Double(face.metrics.unitsPerEm)
    #expect(runs.flatMap(\.glyphs) == ids)
    #expect(runs.flatMap(\.advances) == advances.map { Double($0) * scale })
    #expect(runs.flatMap(\.clusters) == clusters)
    // Pen positions and baselines follow from advances and offsets.
    var pen = 0.0
    var xs: [Double] = []
    var ys: [Double] = []
    for (index, advance) in advances.enumerated() {
      xs.append(pen + Double(offsets[2 * index]) * scale)
      ys.append(layout.lines[0].baseline - Double(offsets[2 * index + 1]) * scale)
      pen += Double(advance) * scale
    }
    #expect(runs.flatMap(\.xs) == xs)
    #expect(runs.flatMap(\.ys) == ys)
  }
}
