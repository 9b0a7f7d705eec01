// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// One huge paragraph or word lays out in time linear in its length (issue 15, finding 9).
///
/// Each test asserts the result first; the elapsed-time checks are loose guards (the quadratic
/// paths these replace took minutes at these sizes in a debug build), and where an operation
/// count is available it is the real check.
@Suite struct LinearTimeTests {
  /// Seconds a block takes.
  private static func seconds<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    return (
      value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    )
  }

  // MARK: - Line breaking

  /// The line breaker before it was made linear, kept as the reference its replacement must
  /// agree with exactly.
  private static func referenceBreakLines(
    prefix: [Double], units: [UInt16], boundaries: [Int], opportunities: [BreakOpportunity],
    width: Double?
  ) -> [LineBreaker.Span] {
    let count = units.count
    guard count > 0 else { return [.init(range: 0..<0, contentEnd: 0, mandatory: true)] }
    let limit = (width ?? .infinity) + 1e-6
    var spans: [LineBreaker.Span] = []
    var start = 0
    var fitting: Int? = nil
    var index = 0
    func contentEnd(_ start: Int, _ end: Int) -> Int {
      var position = end
      while position > start {
        let scalar = UTF16Scalars.scalar(endingAt: position, in: units)
        guard UnicodeServices.hangsAtLineEnd(scalar) || scalar == 0x2028 else { break }
        position -= scalar > 0xFFFF ? 2 : 1
      }
      return position
    }
    func measure(_ start: Int, _ end: Int) -> Double { prefix[end] - prefix[start] }
    func emit(_ end: Int, mandatory: Bool, breaksWord: Bool = false) {
      spans.append(
        .init(
          range: start..<end, contentEnd: contentEnd(start, end), mandatory: mandatory,
          breaksWord: breaksWord))
      start = end
      fitting = nil
    }
    while index < opportunities.count {
      let (offset, mandatory) = (opportunities[index].offset, opportunities[index].isMandatory)
      guard offset > start else {
        index += 1
        continue
      }
      if measure(start, contentEnd(start, offset)) <= limit {
        if mandatory { emit(offset, mandatory: true) } else { fitting = offset }
        index += 1
      } else if let fit = fitting {
        emit(fit, mandatory: false)
      } else {
        let content = contentEnd(start, offset)
        var clusterIndex = boundaries.firstIndex { $0 > start } ?? boundaries.count
        var end = start
        while clusterIndex < boundaries.count, boundaries[clusterIndex] <= content {
          let next = boundaries[clusterIndex]
          if end > start && measure(start, next) > limit { break }
          end = next
          clusterIndex += 1
        }
        if end == start { end = min(boundaries.first { $0 > start } ?? offset, offset) }
        if end >= content {
          emit(offset, mandatory: mandatory)
          index += 1
        } else {
          emit(end, mandatory: false, breaksWord: true)
        }
      }
    }
    if start < count { emit(count, mandatory: true) }
    return spans
  }

  /// A random paragraph: clusters of one to three scalars (letters, spaces, tabs, ideographic
  /// spaces, U+2028, emoji as surrogate pairs, combining marks), with random advances (some
  /// negative) and opportunities after white space, or at every cluster.
  private static func randomParagraph(
    using generator: inout SeededGenerator
  ) -> (units: [UInt16], prefix: [Double], boundaries: [Int], opportunities: [BreakOpportunity]) {
    let palette: [[UInt16]] = [
      [0x61], [0x62], [0x20], [0x20], [0x09], [0x3000], [0x2028], [0xD83D, 0xDE00], [0xAC00],
    ]
    var units: [UInt16] = []
    var boundaries = [0]
    let clusters = Int.random(in: 1...40, using: &generator)
    for _ in 0..<clusters {
      units += palette.randomElement(using: &generator) ?? [0x61]
      if Int.random(in: 0..<4, using: &generator) == 0 { units.append(0x301) }
      boundaries.append(units.count)
    }
    var prefix = [0.0]
    var total = 0.0
    for _ in units {
      total += Double.random(in: -1...9, using: &generator)
      prefix.append(total)
    }
    let everyCluster = Bool.random(using: &generator)
    var opportunities: [BreakOpportunity] = []
    for offset in boundaries.dropFirst() where offset < units.count {
      let last = units[offset - 1]
      if last == 0x2028 {
        opportunities.append(BreakOpportunity(offset: offset, isMandatory: true))
      } else if everyCluster || last == 0x20 || last == 0x3000 || last == 0x09 {
        opportunities.append(BreakOpportunity(offset: offset))
      }
    }
    opportunities.append(.end(units.count))
    return (units, prefix, boundaries, opportunities)
  }

  @Test func breakLines_agreesWithTheReferenceOnRandomParagraphs() {
    var generator = SeededGenerator(seed: 0x15_09)
    var forced = 0
    for _ in 0..<4000 {
      let (units, prefix, boundaries, opportunities) = Self.randomParagraph(using: &generator)
      let width: Double? =
        Int.random(in: 0..<8, using: &generator) == 0
        ? nil : Double.random(in: 0...40, using: &generator)
      let spans = LineBreaker.breakLines(
        prefix: prefix, units: units, boundaries: boundaries, opportunities: opportunities,
        width: width)
      let reference = Self.referenceBreakLines(
        prefix: prefix, units: units, boundaries: boundaries, opportunities: opportunities,
        width: width)
      #expect(spans == reference, "\(units) \(prefix) \(String(describing: width))")
      if spans.contains(where: \.breaksWord) { forced += 1 }
    }
    #expect(forced > 1000)  // emergency breaks were exercised
  }

  /// Breaks `letters` "a", `spaces` spaces and a "b" (10 pt each) at 1 pt, with opportunities
  /// after the spaces or at every cluster; checks that the work (units, clusters and
  /// opportunities looked at) stays within a few times the paragraph's size, however many lines
  /// re-examine the same opportunity.
  private static func breakAt1pt(
    letters: Int, spaces: Int, everyCluster: Bool
  ) -> [LineBreaker.Span] {
    let units =
      [UInt16](repeating: 0x61, count: letters) + [UInt16](repeating: 0x20, count: spaces) + [0x62]
    let count = units.count
    let prefix = (0...count).map { Double($0) * 10 }
    let boundaries = Array(0...count)
    let opportunities: [BreakOpportunity] =
      everyCluster
      ? (1...count).map { BreakOpportunity(offset: $0, isMandatory: $0 == count) }
      : (spaces > 0 ? [BreakOpportunity(offset: letters + spaces)] : []) + [.end(count)]
    var steps = LineBreaker.Steps()
    let spans = LineBreaker.breakLines(
      prefix: prefix, units: units, boundaries: boundaries, opportunities: opportunities,
      width: 1, steps: &steps)
    #expect(
      steps.count <= 4 * (count + boundaries.count + opportunities.count),
      "\(steps.count) steps for \(count) units")
    return spans
  }

  @Test func breakLines_aWordOf320000Letters_isOneLetterPerLineInLinearWork() {
    let spans = Self.breakAt1pt(letters: 320_000, spaces: 0, everyCluster: false)
    #expect(spans.count == 320_001)
    #expect(spans.enumerated().allSatisfy { $1.range == $0..<($0 + 1) && $1.contentEnd == $0 + 1 })
    #expect(spans.dropLast().allSatisfy { $0.breaksWord && !$0.mandatory })
    #expect(spans.last?.breaksWord == false)
    #expect(spans.last?.mandatory == true)
  }

  /// The spaces after a word broken into 100,000 lines hang on its last line; they are walked
  /// over once, not once per line.
  @Test func breakLines_aLongWordAndLongWhiteSpace_hangTheSpacesInLinearWork() {
    let letters = 100_000
    let spaces = 100_000
    let spans = Self.breakAt1pt(letters: letters, spaces: spaces, everyCluster: false)
    #expect(spans.count == letters + 1)
    #expect(spans.prefix(letters - 1).allSatisfy { $0.range.count == 1 && $0.breaksWord })
    #expect(spans[letters - 1].range == (letters - 1)..<(letters + spaces))
    #expect(spans[letters - 1].contentEnd == letters)
    #expect(spans[letters - 1].breaksWord == false)
    #expect(spans[letters].range == (letters + spaces)..<(letters + spaces + 1))
  }

  /// With an opportunity at every cluster, 200,000 spaces after a letter too wide for the line
  /// make one line that hangs them all (each opportunity's white space is walked over once).
  @Test func breakLines_anOpportunityInEveryOf200000Spaces_isLinearWork() {
    let spaces = 200_000
    let spans = Self.breakAt1pt(letters: 1, spaces: spaces, everyCluster: true)
    #expect(spans.map(\.range) == [0..<1, 1..<(spaces + 1), (spaces + 1)..<(spaces + 2)])
    #expect(spans.map(\.contentEnd) == [1, 1, spaces + 2])
  }

  @Test func layout_aWordOf320000LettersAtWidth1_isOneLetterPerLine() throws {
    let engine = FontFixture.engine()
    let text = String(repeating: "a", count: 320_000)
    let (layout, elapsed) = try Self.seconds {
      try engine.layout(text, font: try FontFixture.defaultFont(), options: .init(width: 1))
    }
    #expect(layout.lineCount == 320_000)
    #expect(layout.lines.enumerated().allSatisfy { $1.range == $0..<($0 + 1) })
    #expect(layout.lines.dropLast().allSatisfy { $0.breaksWord })
    #expect(layout.lines.last?.endsWithMandatoryBreak == true)
    let advance = try #require(layout.lines.first?.width)
    #expect(advance > 1)  // each letter is wider than the line: one per line regardless
    #expect(layout.lines.allSatisfy { $0.width == advance })
    #expect(elapsed < TimeBudget.seconds(10), "\(elapsed) s")
  }

  /// With character wrapping every cluster is an opportunity; a long run of spaces hangs after
  /// the letter before it, however many opportunities it holds.
  @Test func layout_characterWrappingOver200000Spaces_hangsThemOnOneLine() throws {
    let engine = FontFixture.engine()
    var options = LayoutOptions(width: 30)
    options.wrapping = .character
    let text = "a" + String(repeating: " ", count: 200_000) + "b"
    let (layout, elapsed) = try Self.seconds {
      try engine.layout(text, font: try FontFixture.defaultFont(), options: options)
    }
    #expect(layout.lines.map(\.range) == [0..<200_001, 200_001..<200_002])
    let letter = try engine.layout("a", font: try FontFixture.defaultFont()).exactWidth
    #expect(abs(layout.lines[0].width - letter) < 1e-9)
    #expect(elapsed < TimeBudget.seconds(10), "\(elapsed) s")
  }

  // MARK: - Truncation

  /// Truncating a line whose paragraph holds a long word and long white space looks at each
  /// cluster once per cut: the expected cut is computed from the letter's and the ellipsis'
  /// widths.
  @Test(arguments: LayoutOptions.Truncation.allCases)
  func truncation_ofAHugeParagraph_cutsWhereTheWidthsSay(_ mode: LayoutOptions.Truncation) throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let count = 60_000
    let text =
      String(repeating: "a", count: count) + String(repeating: " ", count: count)
      + "\nmore"
    let width = 100.0
    let options = LayoutOptions(width: width, lineLimit: 1, truncation: mode)
    let (layout, elapsed) = try Self.seconds {
      try engine.layout(text, font: font, options: options)
    }
    // Exact advances, not the label's pixel-rounded sizes.
    let letter = try engine.layout("a", font: font).exactWidth
    let ellipsis = try engine.layout("\u{2026}", font: font).exactWidth
    let total = text.utf16.count
    #expect(layout.lineCount == 1)
    let truncation = try #require(layout.truncation)
    let line = try #require(layout.lines.first)
    // The white space shown after the letters (head and middle) hangs: the line fits its width.
    #expect(line.width <= width + 1e-6)
    switch mode {
    case .tail:
      let shown = Int(((width + 1e-6 - ellipsis) / letter).rounded(.down))
      #expect(line.range == 0..<shown)
      #expect(truncation.hiddenRanges == [shown..<(2 * count), (2 * count)..<total])
    case .head:
      let shown = Int(((width + 1e-6 - ellipsis) / letter).rounded(.down))
      // The trailing white space is shown after the last letters.
      #expect(line.range == (count - shown)..<(2 * count))
      #expect(truncation.hiddenRanges == [0..<(count - shown), (2 * count)..<total])
    case .middle:
      let head = Int(((width + 1e-6 - ellipsis) / 2 / letter).rounded(.down))
      let tail = Int(((width + 1e-6 - ellipsis - Double(head) * letter) / letter).rounded(.down))
      #expect(line.range == 0..<(2 * count))
      #expect(
        truncation.hiddenRanges == [head..<(count - tail), (2 * count)..<total])
    case .clip:
      let shown = Int(((width + 1e-6) / letter).rounded(.down))
      #expect(line.range == 0..<shown)
      #expect(truncation.hiddenRanges == [shown..<(2 * count), (2 * count)..<total])
    }
    #expect(elapsed < TimeBudget.seconds(10), "\(elapsed) s")
  }

  // MARK: - Itemizing

  /// A closing bracket looks for its opening one among at most 64 open brackets, so 150,000
  /// unmatched closers after 150,000 openers take linear time.
  @Test func scripts_ofManyUnmatchedBrackets_areLinear() throws {
    let text = "x" + String(repeating: "(", count: 150_000) + String(repeating: "]", count: 150_000)
    let units = Array(text.utf16)
    let (scripts, elapsed) = Self.seconds {
      units.withUnsafeBufferPointer { Itemizer.scripts($0) }
    }
    #expect(scripts.count == units.count)
    #expect(scripts.allSatisfy { $0 == UnicodeServices.script(0x78) })
    #expect(elapsed < TimeBudget.seconds(10), "\(elapsed) s")
  }

  /// A closing bracket pairs with its opening one among the 64 innermost open brackets, and
  /// takes the script of the text before it; one deeper is unpaired and takes the script of the
  /// text just before the closing bracket.
  @Test func scripts_pairBracketsAmongThe64InnermostOpenOnes() throws {
    let latin = UnicodeServices.script(0x78)
    let hebrew = UnicodeServices.script(0x5D0)
    func closers(_ text: String, count: Int) -> [ScriptCode] {
      let units = Array(text.utf16)
      return Array(units.withUnsafeBufferPointer { Itemizer.scripts($0) }.suffix(count))
    }
    // 70 nested pairs: each closer pairs as the one before it is popped.
    let nested = 70
    #expect(
      closers(
        "x" + String(repeating: "(", count: nested) + "\u{5D0}"
          + String(repeating: ")", count: nested), count: nested)
        == Array(repeating: latin, count: nested))
    // "(" under 64 "[": its ")" is not found; under 63 it is.
    for (depth, expected) in [
      (ScriptResolver.bracketDepth, hebrew), (ScriptResolver.bracketDepth - 1, latin),
    ] {
      let text = "x(" + String(repeating: "[", count: depth) + "\u{5D0})"
      #expect(closers(text, count: 1) == [expected], "\(depth)")
    }
  }

  /// 60,000 distinct characters no face covers (plane 15 private use) are each reported once,
  /// in text order.
  @Test func missingCharacters_ofAHugeTextAreListedOnceEach() throws {
    let engine = FontFixture.engine()
    let scalars = (0..<60_000).compactMap { Unicode.Scalar(0xF_0000 + $0) }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    text.unicodeScalars.append(contentsOf: scalars.prefix(1000))  // repeats are listed once
    let (layout, elapsed) = try Self.seconds {
      try engine.layout(text, font: try FontFixture.defaultFont())
    }
    #expect(layout.diagnostics.missingCharacters == scalars)
    #expect(elapsed < TimeBudget.seconds(10), "\(elapsed) s")
  }

  // MARK: - Over-long clusters

  @Test(arguments: [
    (1, [Int]()), (31, []), (32, [32]), (33, [32]), (64, [32, 64]), (100, [32, 64, 96]),
  ])
  func shapingSplits_fallAfterEvery32ScalarsOfACluster(_ marks: Int, _ expected: [Int]) throws {
    let font = try FontFixture.defaultFont()
    let itemizer = Itemizer(cascade: FontFixture.registry.cascade(for: font.face))
    // "a" and the marks are one cluster of marks + 1 scalars; "b" is a cluster of its own.
    let text = "a" + String(repeating: "\u{301}", count: marks) + "b"
    let itemized = try itemizer.itemize(
      Paragraph(units: Array(text.utf16), start: 0), direction: .natural)
    #expect(itemized.clusterBoundaries == [0, marks + 1, marks + 2])
    #expect(itemized.hasLongClusters == !expected.isEmpty)
    #expect(itemized.shapingSplits(in: Array(text.utf16)) == expected)
  }

  /// A letter with 100,000 combining marks: HarfBuzz sees at most 32 scalars of it at once, so
  /// it shapes in milliseconds instead of half a minute; every mark keeps its glyph, the
  /// cluster stays on one line, and its width is the letter's (the marks have no advance).
  @Test func layout_aLetterWith100000Marks_isShapedInPiecesOf32Scalars() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let marks = 100_000
    let text = "a" + String(repeating: "\u{301}", count: marks)
    let (layout, elapsed) = try Self.seconds {
      try engine.layout(text, font: font, options: .init(width: 1))
    }
    #expect(layout.lineCount == 1)
    #expect(layout.lines[0].range == 0..<(marks + 1))
    let accented = try engine.layout("a\u{301}", font: font)
    #expect(abs(layout.width - accented.width) < 1e-9)
    let runs = layout.lines[0].runs
    // The first piece composes "a" + U+0301 into one glyph; the others are one glyph a mark.
    #expect(runs.count == (marks + 1 + 31) / 32)
    #expect(runs.reduce(0) { $0 + $1.glyphs.count } == marks)
    #expect(runs.allSatisfy { $0.range.count <= TextLayoutEngine.maximumShapedClusterLength })
    // Each piece is a glyph run of its own, its glyphs' cluster the piece's first offset.
    #expect(
      runs.dropFirst().allSatisfy { run in run.clusters.allSatisfy { $0 == run.range.lowerBound } })
    #expect(elapsed < TimeBudget.seconds(10), "\(elapsed) s")
  }

  /// The first 32 scalars of a long cluster are shaped exactly as HarfBuzz shapes them whole;
  /// the marks after them keep their glyphs and advances.
  @Test func longCluster_firstPieceMatchesShapingTheClusterWhole() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let text = "a" + String(repeating: "\u{301}", count: 40)
    let layout = try engine.layout(text, font: font)
    let runs = layout.lines[0].runs
    #expect(runs.map(\.range) == [0..<32, 32..<41])

    // The whole cluster in one HarfBuzz buffer, as before the limit.
    let shaper = Shaper(
      fonts: engine.fonts, cache: ShapeCache(), options: LayoutOptions(), variations: [:])
    let units = Array(text.utf16)
    let run = TextRun(
      range: 0..<units.count, level: 0, script: UnicodeServices.script(0x61),
      face: font.face)
    let whole = try shaper.shape(
      run, range: run.range, in: units, pointSize: 17, context: LayoutContext())
    let scale = 17 / Double(font.face.metrics.unitsPerEm)
    let baseline = layout.lines[0].baseline
    whole.glyphs.withGlyphs { glyphs in
      #expect(runs.flatMap(\.glyphs) == glyphs.map(\.id))
      #expect(runs.flatMap(\.advances) == glyphs.map { Double($0.advance) * scale })
      // Positions as the line places the whole cluster's glyphs.
      var pen = 0.0
      var xs: [Double] = []
      var ys: [Double] = []
      for glyph in glyphs {
        xs.append(pen + Double(glyph.offsetX) * scale)
        ys.append(baseline - Double(glyph.offsetY) * scale)
        pen += Double(glyph.advance) * scale
      }
      let first = runs[0]
      #expect(first.xs == Array(xs.prefix(first.glyphs.count)))
      #expect(first.ys == Array(ys.prefix(first.glyphs.count)))
    }
  }

  /// A piece that starts inside a cluster is not a broken cluster: HarfBuzz's Indic shaper gets
  /// no dotted circle for its leading vowel signs, so the glyphs and the width are those of the
  /// whole cluster.
  @Test func longCluster_piecesGetNoDottedCircle() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.fixtureFont("Fixture-Devanagari.ttf")
    let text = "\u{915}" + String(repeating: "\u{941}", count: 40)  // क and 40 × ु
    let layout = try engine.layout(text, font: font)
    let runs = layout.lines[0].runs
    #expect(runs.map(\.range) == [0..<32, 32..<41])

    let shaper = Shaper(
      fonts: engine.fonts, cache: ShapeCache(), options: LayoutOptions(), variations: [:])
    let units = Array(text.utf16)
    let run = TextRun(
      range: 0..<units.count, level: 0, script: UnicodeServices.script(0x915),
      face: font.face)
    let whole = try shaper.shape(
      run, range: run.range, in: units, pointSize: 17, context: LayoutContext())
    let scale = 17 / Double(font.face.metrics.unitsPerEm)
    whole.glyphs.withGlyphs { glyphs in
      #expect(runs.flatMap(\.glyphs) == glyphs.map(\.id))
      let width = glyphs.reduce(0) { $0 + Double($1.advance) * scale }
      #expect(abs(layout.exactWidth - width) < 1e-9)
    }
  }
}
