// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// A paragraph of one script in the fixture font that draws it.
struct PushOutParagraph: Sendable, CustomTestStringConvertible {
  let id: String
  let language: String
  let font: String
  let text: String
  /// Hangul word priority on, in both the greedy and the pushed-out layout.
  var hangulWordPriority = false
  var testDescription: String { hangulWordPriority ? "\(id) (Hangul word priority)" : id }

  static let korean1 =
    "큰 글자는 읽기가 더 쉽습니다. 앱은 사용자가 선택한 글자 크기에 맞게 레이아웃을 자동으로 조정합니다. "
    + "출시하기 전에 가장 큰 크기로 모든 화면을 확인하세요."
  static let korean2 = "한국어는 단어 사이를 띄어 쓰지만, 줄바꿈은 글자 단위로도 할 수 있습니다."

  static let all: [PushOutParagraph] = [
    PushOutParagraph(
      id: "en", language: "en", font: "Fixture-Sans.ttf",
      text: "Dynamic Type lets people choose the size of text on their screen. Apps that support "
        + "it adjust their layout so that larger text stays readable. Test every screen at the "
        + "largest accessibility sizes before you ship."),
    PushOutParagraph(
      id: "de", language: "de", font: "Fixture-Sans.ttf",
      text: "Das Bundesausbildungsförderungsgesetz regelt die Förderung von Studierenden. Für "
        + "die Kraftfahrzeug-Haftpflichtversicherung gelten „besondere“ Bedingungen."),
    PushOutParagraph(id: "ko-1", language: "ko", font: "Fixture-KR.otf", text: korean1),
    PushOutParagraph(
      id: "ko-1", language: "ko", font: "Fixture-KR.otf", text: korean1,
      hangulWordPriority: true),
    PushOutParagraph(id: "ko-2", language: "ko", font: "Fixture-KR.otf", text: korean2),
    PushOutParagraph(
      id: "ko-2", language: "ko", font: "Fixture-KR.otf", text: korean2,
      hangulWordPriority: true),
    PushOutParagraph(
      id: "ja", language: "ja", font: "Fixture-CJK.otf",
      text: "大きな文字は読みやすくなります。アプリは選択した文字サイズに合わせてレイアウトを自動的に調整"
        + "します。公開する前に、すべての画面を最大のサイズで確認してください。"),
    PushOutParagraph(
      id: "ar", language: "ar", font: "Fixture-Arabic.ttf",
      text: "يساعد النص الكبير على القراءة بسهولة. يضبط التطبيق التخطيط تلقائياً حسب حجم الخط "
        + "الذي تختاره. اختبر كل شاشة بأكبر الأحجام قبل النشر."),
    PushOutParagraph(
      id: "th", language: "th", font: "Fixture-Thai.ttf",
      text: "ข้อความขนาดใหญ่อ่านได้ง่ายกว่า แอปจะปรับเค้าโครงให้เข้ากับขนาดตัวอักษรที่คุณเลือกโดยอัตโนมัติ "
        + "โปรดทดสอบทุกหน้าจอด้วยขนาดที่ใหญ่ที่สุดก่อนเผยแพร่"),
  ]

  /// The strategy of the greedy layout; the pushed-out one adds ``LayoutOptions/LineBreakStrategy/pushOut``.
  var greedyStrategy: LayoutOptions.LineBreakStrategy {
    hangulWordPriority ? .hangulWordPriority : []
  }
}

/// Push-out (`NSLineBreakStrategyPushOut`): a one-word last line takes the last word of the line
/// above when the two fit.
@Suite struct PushOutTests {
  // MARK: - Helpers

  /// A layout with an explicit strategy and exact sizes (the attributed-string target).
  static func layout(
    _ text: String, font: LayoutFont, language: String, width: Double,
    strategy: LayoutOptions.LineBreakStrategy, engine: TextLayoutEngine
  ) throws -> TextLayout {
    var options = LayoutOptions(width: width)
    options.target = .attributedString
    options.language = language
    options.lineBreakStrategy = strategy
    return try engine.layout(text, font: font, options: options)
  }

  /// The soft opportunities of a one-paragraph text (its end left out).
  static func softOpportunities(
    _ units: [UInt16], language: String, strategy: LayoutOptions.LineBreakStrategy
  ) throws -> [Int] {
    var options = LayoutOptions(width: 100)
    options.language = language
    options.lineBreakStrategy = strategy
    return try LineBreaker.opportunities(
      in: units, boundaries: Array(0...units.count), options: options, context: LayoutContext()
    ).filter { !$0.isMandatory }.map(\.offset)
  }

  /// Where a line's content ends: before its trailing white space.
  static func contentEnd(_ range: Range<Int>, in units: [UInt16]) -> Int {
    var end = range.upperBound
    while end > range.lowerBound {
      let scalar = UTF16Scalars.scalar(endingAt: end, in: units)
      guard UnicodeServices.hangsAtLineEnd(scalar) || scalar == 0x2028 else { break }
      end -= scalar > 0xFFFF ? 2 : 1
    }
    return end
  }

  /// The words of a line: one more than the opportunities inside its content.
  static func words(_ range: Range<Int>, in units: [UInt16], opportunities: [Int]) -> Int {
    let end = contentEnd(range, in: units)
    return opportunities.filter { $0 > range.lowerBound && $0 < end }.count + 1
  }

  // MARK: - The corpus

  /// At every width from 100 to 420 pt where the greedy last line is one word, push-out moves
  /// the last word of the line above down when that word and the last line fit together (measured
  /// on their own), and changes nothing otherwise; without push-out the layout is the greedy one.
  @Test(arguments: PushOutParagraph.all)
  func corpus_aOneWordLastLineTakesAWordFromTheLineAbove(_ paragraph: PushOutParagraph) throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.fixtureFont(paragraph.font)
    let units = Array(paragraph.text.utf16)
    let greedyStrategy = paragraph.greedyStrategy
    let opportunities = try Self.softOpportunities(
      units, language: paragraph.language, strategy: greedyStrategy)
    var oneWordLastLines = 0
    var pushes = 0
    for width in stride(from: 100.0, through: 420, by: 4) {
      func layout(_ strategy: LayoutOptions.LineBreakStrategy) throws -> TextLayout {
        try Self.layout(
          paragraph.text, font: font, language: paragraph.language, width: width,
          strategy: strategy, engine: engine)
      }
      let greedy = try layout(greedyStrategy)
      let pushed = try layout(greedyStrategy.union(.pushOut))
      let greedyRanges = greedy.lines.map(\.range)
      let pushedRanges = pushed.lines.map(\.range)
      #expect(pushed.lineCount == greedy.lineCount, "@\(width)")
      guard greedy.lineCount >= 2, let last = greedy.lines.last,
        Self.words(last.range, in: units, opportunities: opportunities) == 1
      else {
        #expect(pushedRanges == greedyRanges, "@\(width)")
        continue
      }
      oneWordLastLines += 1
      let above = greedy.lines[greedy.lineCount - 2]
      let aboveWords = Self.words(above.range, in: units, opportunities: opportunities)
      guard !above.breaksWord, aboveWords >= 2,
        let moved = opportunities.last(where: {
          above.range.contains($0) && $0 > above.range.lowerBound
        })
      else {
        #expect(pushedRanges == greedyRanges, "@\(width): the line above has one word")
        continue
      }
      // The moved word and the old last line, measured on their own.
      let together = String(
        decoding: units[moved..<Self.contentEnd(last.range, in: units)], as: UTF16.self)
      let needed = try engine.layout(together, font: font, options: LayoutOptions()).exactWidth
      if needed <= width - 0.01 {
        pushes += 1
        let expected =
          greedyRanges.dropLast(2) + [
            above.range.lowerBound..<moved, moved..<last.range.upperBound,
          ]
        #expect(pushedRanges == Array(expected), "@\(width)")
        let pushedLast = try #require(pushed.lines.last)
        #expect(Self.words(pushedLast.range, in: units, opportunities: opportunities) == 2)
        #expect(pushedLast.width <= width + 0.01, "@\(width)")
      } else if needed > width + 0.01 {
        #expect(pushedRanges == greedyRanges, "@\(width): \(needed) pt do not fit")
      }
    }
    // The scan found one-word last lines, and push-out applied to some.
    #expect(oneWordLastLines >= 3, "\(oneWordLastLines) one-word last lines")
    #expect(pushes >= 3, "\(pushes) pushes of \(oneWordLastLines)")
  }

  // MARK: - Rules, on measured units

  /// Lays out `text` with every unit 10 pt wide and opportunities after each space (and a
  /// mandatory one after each U+2028): greedily, then pushed out.
  static func tenPoint(_ text: String, width: Double) -> (greedy: [String], pushed: [String]) {
    let units = Array(text.utf16)
    let prefix = (0...units.count).map { Double($0) * 10 }
    var opportunities: [BreakOpportunity] = []
    for offset in 1..<max(1, units.count)
    where units[offset - 1] == 0x20 || units[offset - 1] == 0x2028 {
      opportunities.append(
        BreakOpportunity(offset: offset, isMandatory: units[offset - 1] == 0x2028))
    }
    opportunities.append(.end(units.count))
    let greedy = LineBreaker.breakLines(
      prefix: prefix, units: units, boundaries: Array(0...units.count),
      opportunities: opportunities, width: width)
    var pushed = greedy
    LineBreaker.pushOut(
      &pushed, prefix: prefix, units: units, opportunities: opportunities, width: width)
    func strings(_ spans: [LineBreaker.Span]) -> [String] {
      spans.map { String(decoding: units[$0.range], as: UTF16.self) }
    }
    return (strings(greedy), strings(pushed))
  }

  struct Rule: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let width: Double
    let greedy: [String]
    let pushed: [String]
    var testDescription: String { name }
  }

  static let rules: [Rule] = [
    Rule(
      name: "pushes one word", text: "aa bb cc", width: 60, greedy: ["aa bb ", "cc"],
      pushed: ["aa ", "bb cc"]),
    Rule(
      name: "only one word, though two would fit", text: "a b c d e f", width: 90,
      greedy: ["a b c d e ", "f"], pushed: ["a b c d ", "e f"]),
    Rule(
      name: "trailing spaces of the last line hang", text: "aa bb cc   ", width: 60,
      greedy: ["aa bb ", "cc   "], pushed: ["aa ", "bb cc   "]),
    Rule(
      name: "the two words do not fit", text: "a bbbbbbbb cc", width: 100,
      greedy: ["a bbbbbbbb ", "cc"], pushed: ["a bbbbbbbb ", "cc"]),
    Rule(
      name: "exactly fits", text: "a bbbbbbb cc", width: 100,
      greedy: ["a bbbbbbb ", "cc"], pushed: ["a ", "bbbbbbb cc"]),
    Rule(
      name: "the line above would be left empty", text: "aaaa bb", width: 50,
      greedy: ["aaaa ", "bb"], pushed: ["aaaa ", "bb"]),
    Rule(
      name: "the line above would keep only white space", text: "   aa bb", width: 60,
      greedy: ["   aa ", "bb"], pushed: ["   aa ", "bb"]),
    Rule(
      name: "the last line has two words", text: "aa bb cc dd", width: 60,
      greedy: ["aa bb ", "cc dd"], pushed: ["aa bb ", "cc dd"]),
    Rule(
      name: "after an emergency break", text: "aa bbbbbbb", width: 50,
      greedy: ["aa ", "bbbbb", "bb"], pushed: ["aa ", "bbbbb", "bb"]),
    Rule(
      name: "a line separator ends a block", text: "aa bb cc\u{2028}dd", width: 60,
      greedy: ["aa bb ", "cc\u{2028}", "dd"], pushed: ["aa ", "bb cc\u{2028}", "dd"]),
    Rule(
      name: "never across a mandatory break", text: "aa bb\u{2028}cc", width: 60,
      greedy: ["aa bb\u{2028}", "cc"], pushed: ["aa bb\u{2028}", "cc"]),
    Rule(
      name: "one line", text: "aa bb", width: 60, greedy: ["aa bb"], pushed: ["aa bb"]),
    Rule(
      name: "only the last lines move", text: "aa bb cc dd ee ff gg", width: 60,
      greedy: ["aa bb ", "cc dd ", "ee ff ", "gg"], pushed: ["aa bb ", "cc dd ", "ee ", "ff gg"]),
  ]

  @Test(arguments: rules)
  func pushOut_rules(_ rule: Rule) {
    let (greedy, pushed) = Self.tenPoint(rule.text, width: rule.width)
    #expect(greedy == rule.greedy)
    #expect(pushed == rule.pushed)
  }

  static let sentence = "Test every screen at the largest sizes."

  /// A width at which the greedy lines of ``sentence`` are "Test every screen at the largest "
  /// and the orphan "sizes.".
  static func orphanWidth(engine: TextLayoutEngine, font: LayoutFont) throws -> Double {
    for width in stride(from: 100.0, through: 400, by: 1) {
      let greedy = try layout(
        sentence, font: font, language: "en", width: width, strategy: [], engine: engine)
      if greedy.lines.map(\.range.lowerBound) == [0, 33] { return width }
    }
    throw LayoutError(.invalidOption, "no width leaves \"sizes.\" alone")
  }

  @Test func pushOut_isTheLabelDefaultAndNeedsWordWrapping() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.fixtureFont("Fixture-Sans.ttf")
    let width = try Self.orphanWidth(engine: engine, font: font)
    func starts(_ configure: (inout LayoutOptions) -> Void) throws -> [Int] {
      var options = LayoutOptions(width: width)
      configure(&options)
      return try engine.layout(Self.sentence, font: font, options: options).lines
        .map(\.range.lowerBound)
    }
    // A label's default strategy (standard) pushes "largest" down; an attributed string's does not.
    #expect(try starts { _ in } == [0, 25])
    #expect(try starts { $0.target = .attributedString } == [0, 33])
    #expect(try starts { $0.lineBreakStrategy = .hangulWordPriority } == [0, 33])
    #expect(try starts { $0.lineBreakStrategy = .pushOut } == [0, 25])
    // No width: one line; character wrapping: no push-out.
    #expect(try starts { $0.width = nil } == [0])
    let characters = try starts { $0.wrapping = .character }
    #expect(
      characters
        == (try starts {
          $0.wrapping = .character
          $0.lineBreakStrategy = []
        }))
  }

  /// Push-out moves lines before the line limit and truncation: the truncated line starts where
  /// the pushed-out paragraph's line does.
  @Test func pushOut_runsBeforeTheLineLimit() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.fixtureFont("Fixture-Sans.ttf")
    let width = try Self.orphanWidth(engine: engine, font: font)
    let text = Self.sentence + "\nMore text follows here."
    var options = LayoutOptions(width: width)
    options.target = .attributedString
    options.lineLimit = 2
    let greedy = try engine.layout(text, font: font, options: options)
    options.lineBreakStrategy = .pushOut
    let pushed = try engine.layout(text, font: font, options: options)
    #expect(greedy.lines.map(\.range.lowerBound) == [0, 33])
    #expect(pushed.lines.map(\.range.lowerBound) == [0, 25])
    #expect(greedy.isTruncated && pushed.isTruncated)
    #expect(pushed.lines[1].isTruncated)
    // With room for every line, the same two lines show, pushed out.
    options.lineLimit = 3
    let all = try engine.layout(text, font: font, options: options)
    #expect(all.lines.map(\.range.lowerBound) == [0, 25, 40])
    #expect(!all.isTruncated)
  }

  // MARK: - Properties

  /// Seeded random paragraphs of 10-point units: push-out never adds a line, never makes a line
  /// wider than the width, keeps the text, and moves only the boundary between the last two
  /// lines of a block.
  @Test func pushOut_properties_onMeasuredUnits() {
    var generator = SeededGenerator(seed: 0x9055_0017)
    var moved = 0
    for _ in 0..<3000 {
      let count = Int.random(in: 1...60, using: &generator)
      let units: [UInt16] = (0..<count).map { _ in
        [0x61, 0x61, 0x61, 0x20, 0x2028, 0x3000].randomElement(using: &generator) ?? 0x61
      }
      var prefix = [0.0]
      for _ in 0..<count {
        prefix.append(prefix.last! + Double.random(in: 1...12, using: &generator))
      }
      var opportunities: [BreakOpportunity] = []
      for offset in 1..<count where [0x20, 0x2028, 0x3000].contains(units[offset - 1]) {
        opportunities.append(
          BreakOpportunity(offset: offset, isMandatory: units[offset - 1] == 0x2028))
      }
      opportunities.append(.end(count))
      let width = Double.random(in: 5...200, using: &generator)
      let greedy = LineBreaker.breakLines(
        prefix: prefix, units: units, boundaries: Array(0...count), opportunities: opportunities,
        width: width)
      var pushed = greedy
      LineBreaker.pushOut(
        &pushed, prefix: prefix, units: units, opportunities: opportunities, width: width)
      if pushed != greedy { moved += 1 }
      Self.expectOnlyLastLinesMoved(
        greedy: greedy.map { ($0.range, $0.mandatory) },
        pushed: pushed.map { ($0.range, $0.mandatory) },
        "\(units) @\(width)")
      for (index, span) in pushed.enumerated() where span != greedy[index] {
        #expect(prefix[span.contentEnd] - prefix[span.range.lowerBound] <= width + 1e-6)
        #expect(span.contentEnd > span.range.lowerBound)
      }
    }
    #expect(moved > 300, "\(moved) paragraphs changed")
  }

  /// The same properties on laid-out random paragraphs of English, German, Korean (with and
  /// without Hangul word priority), Japanese, Arabic and Thai words, at many widths.
  @Test func pushOut_properties_onRandomParagraphs() throws {
    let engine = FontFixture.engine()
    let scripts: [(language: String, font: String, words: [String], separator: String)] = [
      (
        "en", "Fixture-Sans.ttf",
        [
          "the", "quick", "brown", "fox", "jumps", "over", "a", "lazy",
          "dog,", "readable", "text.",
        ], " "
      ),
      (
        "de", "Fixture-Sans.ttf",
        [
          "Die", "Donaudampfschifffahrt", "hängt", "am", "Haken", "für",
          "alle.", "Größere", "Schrift",
        ], " "
      ),
      (
        "ko", "Fixture-KR.otf",
        [
          "큰", "글자는", "읽기가", "더", "쉽습니다.", "iOS에서", "3개", "한국어text",
          "모든", "화면을",
        ], " "
      ),
      ("ja", "Fixture-CJK.otf", ["大きな", "文字は", "読みやすく", "なります。", "アプリは", "選択した", "サイズ"], ""),
      (
        "ar", "Fixture-Arabic.ttf",
        ["يساعد", "النص", "الكبير", "على", "القراءة", "بسهولة.", "حجم"], " "
      ),
      ("th", "Fixture-Thai.ttf", ["ข้อความ", "ขนาดใหญ่", "อ่าน", "ได้", "ง่าย", "กว่า", "แอป"], ""),
    ]
    var generator = SeededGenerator(seed: 0x0B_0007)
    var moved = 0
    for _ in 0..<240 {
      let script = scripts.randomElement(using: &generator)!
      let font = try FontFixture.fixtureFont(script.font)
      var text = ""
      for index in 0..<Int.random(in: 2...30, using: &generator) {
        if index > 0 {
          switch Int.random(in: 0..<20, using: &generator) {
          case 0: text += "\u{2028}"
          case 1: text += "\n"
          case 2: text += " "
          default: text += script.separator
          }
        }
        text += script.words.randomElement(using: &generator)!
      }
      let base: LayoutOptions.LineBreakStrategy =
        Bool.random(using: &generator) ? [] : .hangulWordPriority
      for _ in 0..<3 {
        let width = Double.random(in: 30...400, using: &generator)
        let greedy = try Self.layout(
          text, font: font, language: script.language, width: width, strategy: base,
          engine: engine)
        let pushed = try Self.layout(
          text, font: font, language: script.language, width: width,
          strategy: base.union(.pushOut), engine: engine)
        if pushed.lines.map(\.range) != greedy.lines.map(\.range) { moved += 1 }
        Self.expectOnlyLastLinesMoved(
          greedy: greedy.lines.map { ($0.range, $0.endsWithMandatoryBreak) },
          pushed: pushed.lines.map { ($0.range, $0.endsWithMandatoryBreak) },
          "\(text) @\(width)")
        for (index, line) in pushed.lines.enumerated()
        where index < greedy.lineCount && line.range != greedy.lines[index].range {
          #expect(line.width <= width + 0.01, "\(text) @\(width)")
        }
      }
    }
    #expect(moved > 100, "\(moved) layouts changed")
  }

  /// The pushed lines are the greedy ones but for the boundary between the last two lines of a
  /// block (lines ended by a mandatory break): same count, same text, same mandatory breaks.
  static func expectOnlyLastLinesMoved(
    greedy: [(range: Range<Int>, mandatory: Bool)], pushed: [(range: Range<Int>, mandatory: Bool)],
    _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      pushed.count == greedy.count, Comment(rawValue: comment), sourceLocation: sourceLocation)
    guard pushed.count == greedy.count else { return }
    #expect(
      pushed.map(\.mandatory) == greedy.map(\.mandatory), Comment(rawValue: comment),
      sourceLocation: sourceLocation)
    for index in pushed.indices where pushed[index].range != greedy[index].range {
      // Either the last line of a block whose line above moved with it, or that line above.
      let isLast = greedy[index].mandatory && index > 0 && !greedy[index - 1].mandatory
      let isAbove =
        index + 1 < greedy.count && greedy[index + 1].mandatory && !greedy[index].mandatory
      #expect(
        isLast || isAbove, Comment(rawValue: "line \(index) moved: \(comment)"),
        sourceLocation: sourceLocation)
      if isLast {
        // The two lines together hold the same text, and the line above shrank.
        #expect(
          pushed[index].range.upperBound == greedy[index].range.upperBound,
          sourceLocation: sourceLocation)
        #expect(
          pushed[index - 1].range.lowerBound == greedy[index - 1].range.lowerBound,
          sourceLocation: sourceLocation)
        #expect(
          pushed[index - 1].range.upperBound == pushed[index].range.lowerBound,
          sourceLocation: sourceLocation)
        #expect(
          pushed[index].range.lowerBound < greedy[index].range.lowerBound,
          sourceLocation: sourceLocation)
        #expect(!pushed[index - 1].range.isEmpty, sourceLocation: sourceLocation)
      }
    }
  }
}
