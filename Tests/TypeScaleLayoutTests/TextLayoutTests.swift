// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleLayout

@Suite struct TextLayoutTests {
  @Test func layout_unwrappedLatinIsOneLineAsWideAsItsAdvances() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(17)
    let layout = try engine.layout("Hello world", font: font)
    #expect(layout.lineCount == 1)
    #expect(layout.lines[0].range == 0..<11)
    let advances = layout.lines[0].runs.flatMap(\.advances).reduce(0, +)
    #expect(abs(layout.exactWidth - advances) < 1e-9)
    // Noto Sans: ascender 1069, descender −293, gap 0 per 1000 units.
    #expect(abs(layout.exactHeight - 17 * 1362 / 1000) < 1e-9)
    // The label's reported size: the exact one rounded up to thirds of a point.
    #expect(layout.width == (layout.exactWidth * 3).rounded(.up) / 3)
    #expect(layout.height == (layout.exactHeight * 3).rounded(.up) / 3)
    #expect(abs(layout.lines[0].baseline - 17 * 1069 / 1000) < 1e-9)
    #expect(layout.diagnostics.isEmpty)
  }

  @Test func layout_koreanWordPriorityBreaksOnlyAtSpaces() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(17)
    var options = LayoutOptions(width: 100)
    options.lineBreakStrategy = .hangulWordPriority
    let text = "안녕하세요 여러분, 반갑습니다"
    let words = try engine.layout(text, font: font, options: options)
    #expect(words.lines.map(\.range.lowerBound) == [0, 6, 11])
    // The standard strategy holds Hangul word priority (and push-out, which finds "여러분, " too
    // short to give a word away).
    options.lineBreakStrategy = .standard
    #expect(
      try engine.layout(text, font: font, options: options).lines.map(\.range.lowerBound) == [
        0, 6, 11,
      ])
    options.lineBreakStrategy = []
    let syllables = try engine.layout(text, font: font, options: options)
    let starts = syllables.lines.map(\.range.lowerBound)
    #expect(starts.contains { ![0, 6, 11].contains($0) }, "\(starts)")
    #expect(words.diagnostics.fallbackFaces.map(\.postScriptName) == ["NotoSansCJKkr-Regular"])
  }

  @Test func layout_trailingSpacesHang() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let plain = try engine.layout("Hello", font: font)
    let spaced = try engine.layout("Hello   ", font: font)
    #expect(spaced.width == plain.width)
    #expect(spaced.lines[0].range == 0..<8)
    let wrapped = try engine.layout(
      "Hello Hello", font: font, options: .init(width: plain.width + 0.5))
    #expect(wrapped.lines.map(\.range) == [0..<6, 6..<11])
    // A line's width is exact; the layout's is rounded up to the pixel grid.
    #expect(wrapped.lines[0].width == plain.exactWidth)
  }

  @Test func layout_wordWiderThanTheLineBreaksBetweenClusters() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let layout = try engine.layout(
      "Donaudampfschifffahrtsgesellschaft", font: font, options: .init(width: 80))
    #expect(layout.lineCount > 2)
    #expect(layout.lines.allSatisfy { $0.width <= 80 + 1e-6 })
    #expect(layout.breaksWords)
    #expect(layout.lines.dropLast().allSatisfy { $0.breaksWord })
  }

  @Test func layout_tinyWidthPutsOneClusterOnEachLine() throws {
    let engine = FontFixture.engine()
    let text = "e\u{301}👍🏽한a"
    let layout = try engine.layout(
      text, font: try FontFixture.defaultFont(), options: .init(width: 0.1))
    #expect(layout.lines.map(\.range) == [0..<2, 2..<6, 6..<7, 7..<8])
  }

  @Test(arguments: ["", "   ", "\n", "\n\n", "\u{301}\u{301}", "\r\n", "\u{2029}"])
  func layout_edgeCasesNeverCrash(_ text: String) throws {
    let engine = FontFixture.engine()
    let layout = try engine.layout(
      text, font: try FontFixture.defaultFont(), options: .init(width: 50))
    let expectedLines: Int
    switch text {
    case "": expectedLines = 0
    case "\n", "\r\n", "\u{2029}": expectedLines = 2
    case "\n\n": expectedLines = 3
    default: expectedLines = 1
    }
    #expect(layout.lineCount == expectedLines)
    #expect(layout.width >= 0 && layout.height >= 0)
    if text == "   " { #expect(layout.width == 0) }
    if text.isEmpty { #expect(layout.height == 0) }
  }

  @Test func layout_emojiSequencesAndFlagsStayWhole() throws {
    let engine = FontFixture.engine()
    let text = "👨‍👩‍👧‍👦🇰🇷👍🏽"
    let layout = try engine.layout(
      text, font: try FontFixture.defaultFont(), options: .init(width: 0.1))
    // One grapheme cluster per line: ZWJ family (11 units), flag (4), thumbs with tone (4).
    #expect(layout.lines.map(\.range) == [0..<11, 11..<15, 15..<19])
    // The embedded fonts have no emoji: the diagnostics say so.
    #expect(layout.diagnostics.missingCharacters.contains("👍"))
  }

  @Test func layout_mixedDirectionsAreVisuallyOrdered() throws {
    let engine = FontFixture.engine()
    let hebrew = try FontFixture.fixtureFont("Fixture-Regular.ttf")
    _ = hebrew
    let layout = try engine.layout(
      "abc 123 \u{05D0}\u{05D1}\u{05D2} 456", font: try FontFixture.defaultFont())
    let runs = layout.lines[0].runs
    // Left to right: "abc 123 " (LTR), then the Hebrew run (RTL) and " 456" ordered by UAX #9.
    #expect(runs.first?.range.lowerBound == 0)
    #expect(runs.contains { $0.isRightToLeft })
    let xs = runs.map { $0.xs.first ?? 0 }
    #expect(xs == xs.sorted())
  }

  @Test func layout_rightToLeftParagraphIsTrailingAligned() throws {
    let engine = FontFixture.engine()
    var options = LayoutOptions(width: 300)
    options.baseDirection = .rightToLeft
    let layout = try engine.layout("abc", font: try FontFixture.defaultFont(), options: options)
    let line = try #require(layout.lines.first)
    #expect(abs(line.x + line.width - 300) < 1e-9)
    options.baseDirection = .natural
    options.alignment = .center
    let centered = try engine.layout("abc", font: try FontFixture.defaultFont(), options: options)
    #expect(abs(centered.lines[0].x - (300 - centered.lines[0].width) / 2) < 1e-9)
  }

  @Test func layout_relayingOutAtAnotherWidthDoesNotReshape() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let text =
      "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs."
    _ = try engine.layout(text, font: font, options: .init(width: 300))
    let misses = engine.shapeCache.statistics.misses
    for width in [80.0, 120, 200, 250, 400] {
      _ = try engine.layout(text, font: font, options: .init(width: width))
    }
    #expect(engine.shapeCache.statistics.misses == misses)
  }

  @Test func sweep_twelveCategoriesShapeEachRunOnce() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(17)
    let text = "Continue reading 계속 읽기"
    let sweep = try engine.sweep(text, font: font, options: .init(width: 200))
    #expect(sweep.count == 12)
    #expect(sweep.map(\.size.points) == [15, 15, 16, 17, 19, 20, 22, 26, 31, 37, 43, 48])
    #expect(sweep.map(\.layout.pointSize) == sweep.map(\.size.points))
    let statistics = engine.shapeCache.statistics
    // Each run (Latin, the space, Hangul in the KR face, …) shaped once, in font units, and
    // measured at all twelve sizes without asking the cache again.
    #expect(statistics.misses == statistics.entries)
    #expect(statistics.misses == 4)
    #expect(statistics.hits == 0)
    let heights = sweep.map(\.layout.height)
    #expect(heights == heights.sorted())
  }

  @Test func largestFittingCategory_findsTheLastCategoryThatFits() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(17)
    let text = "Einstellungen speichern"
    let found = try engine.largestFittingCategory(text, font: font, width: 250, lineLimit: 1)
    let category = try #require(found)
    let sweep = try engine.sweep(text, font: font, options: .init(width: 250, lineLimit: 1))
    for entry in sweep {
      #expect(entry.layout.isTruncated == (entry.category > category), "\(entry.category)")
    }
    #expect(try engine.largestFittingCategory(text, font: font, width: 5, lineLimit: 1) == nil)
  }
}
