// SPDX-License-Identifier: Apache-2.0

import CUnicode
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// The itemizer's shortcuts must give what the slow paths give: grapheme clusters as Swift's
/// `Character`s, bidi levels as ICU, scripts as ICU.
@Suite struct ItemizerTests {
  let itemizer = Itemizer(
    cascade: FontFixture.registry.cascade(for: FontFixture.registry.defaultFace))

  /// A text of 1 to `length` scalars drawn from `pool`.
  static func randomText(
    from pool: [Unicode.Scalar], upTo length: Int, using generator: inout SeededGenerator
  ) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 1...length, using: &generator) {
      text.unicodeScalars.append(pool.randomElement(using: &generator) ?? "a")
    }
    return text
  }

  /// The UTF-16 offsets where Swift's `Character`s start, and the end.
  static func characterBoundaries(_ text: String) -> [Int] {
    var offsets = [0]
    var offset = 0
    for character in text {
      offset += character.utf16.count
      offsets.append(offset)
    }
    return offsets
  }

  @Test(arguments: [
    "plain ASCII text, with punctuation!",
    "e\u{301}te\u{301} cafe\u{0301}",  // combining marks after plain letters
    "a\u{200D}b ©\u{200D}x ®\u{FE0F}",  // ZWJ, © and ® (Extended_Pictographic) beside plain
    "👨‍👩‍👧‍👦 family, 🏳️‍🌈 flag, 👍🏽 tone",
    "🇰🇷🇯🇵🇺🇸x🇩",  // regional indicator pairs
    "क्षत्रिय हिन्दी",  // Devanagari conjuncts (GB9c)
    "한국어 ᄀ\u{1161}\u{11A8} 가\u{11A8}",  // syllables, conjoining jamo, LV + T
    "ภาษาไทย น้ำ",  // Thai marks and SARA AM
    "Ελληνικά Русский й\u{0306} עברית",
    "ひらがな カタカナ゛ か\u{3099}",  // kana with a combining voiced mark
    "漢字とかな\u{2028}next",  // an ideograph run, a line separator
    "\u{00AD}soft\u{00AD}hyphen \u{7F}del",  // Control characters among plain ones
  ])
  func clusterBoundaries_matchSwiftCharacters(_ text: String) throws {
    let paragraph = Paragraph(units: Array(text.utf16), start: 0)
    let result = try itemizer.itemize(paragraph, direction: .natural)
    #expect(result.clusterBoundaries == Self.characterBoundaries(text))
  }

  /// A seeded mix of plain and property-bearing scalars: any order the fast path might skip
  /// wrongly shows up as a boundary Swift does not have.
  @Test func clusterBoundaries_matchSwiftCharacters_onRandomMixes() throws {
    let pool: [Unicode.Scalar] = [
      "a", "Z", " ", "é", "\u{301}", "\u{200D}", "\u{FE0F}", "©", "®", "👍", "🏽", "🇰", "🇷",
      "한", "ᄀ", "\u{1161}", "\u{11A8}", "क", "\u{94D}", "ष", "ि", "ก", "\u{E49}", "\u{E33}",
      "\u{AD}", "ж", "\u{483}", "か", "\u{3099}", "字", "\u{600}", "ب", "\u{2028}",
      "\u{64E}", "\u{670}", "٣", "अ", "\u{93C}", "\u{902}", "า", "เ", "\u{E31}", "ฯ",
      // Tamil and Thai bases and the marks `GraphemeClusters.isMark` takes without the
      // recognizer, beside what breaks its assumptions: a linker, an emoji, a joiner.
      "க", "ம", "\u{BBE}", "\u{BBF}", "\u{BC1}", "\u{BC6}", "\u{BCA}", "\u{BCD}", "\u{BD7}",
      "\u{B82}", "ต", "\u{E33}", "\u{E34}", "\u{E38}", "\u{E48}", "\u{E4C}", "\u{E47}",
    ]
    var generator = SeededGenerator(seed: 0x5EED)
    for _ in 0..<6000 {
      let text = Self.randomText(from: pool, upTo: 12, using: &generator)
      let paragraph = Paragraph(units: Array(text.utf16), start: 0)
      let result = try itemizer.itemize(paragraph, direction: .natural)
      #expect(
        result.clusterBoundaries == Self.characterBoundaries(text),
        "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  /// Every mark `GraphemeClusters.isMark` takes without the recognizer, after plain bases of
  /// the Indic, Thai and Tamil blocks, followed by every pair of scalars that could look back
  /// past it (joiners, linkers, conjunct consonants, emoji, regional indicators, jamo, controls,
  /// other marks): the clusters are Swift's `Character`s.
  @Test func marks_clusterAsSwiftCharacters_beforeEveryFollowingPair() throws {
    let bases: [Unicode.Scalar] = ["क", "ক", "க", "ம", "ก", "ต"]
    let following: [Unicode.Scalar] = [
      "\u{200D}", "\u{94D}", "\u{9CD}", "क", "ষ", "\u{93C}", "\u{301}", "👍", "🏽", "🇰", "ᄀ",
      "\u{1161}", "\r", "\n", "க", "ก", " ", "\u{600}", "\u{BCD}", "\u{E48}", "\u{BBF}",
    ]
    var checked = 0
    for base in bases {
      let block = base.value & ~0x7F
      for value in block..<(block + 0x80) where GraphemeClusters.isMark(value, after: base.value) {
        let mark = try #require(Unicode.Scalar(value))
        for next in following {
          for last in following {
            var text = ""
            text.unicodeScalars.append(contentsOf: [base, mark, next, last])
            let paragraph = Paragraph(units: Array(text.utf16), start: 0)
            let result = try itemizer.itemize(paragraph, direction: .natural)
            #expect(
              result.clusterBoundaries == Self.characterBoundaries(text),
              "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 10_000)
  }

  /// Every scalar the itemizer calls plain breaks from its neighbours, plain or not: before and
  /// after a letter, and beside itself (an Extend, SpacingMark, ZWJ or Prepend would join).
  @Test func plainScalars_alwaysBreakFromTheirNeighbours() {
    var joined: [UInt32] = []
    for value in UInt32(0)...0xFFFF where GraphemeClusters.isPlain(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for pair in [[scalar, "a"], ["a", scalar], [scalar, scalar]] as [[Unicode.Scalar]] {
        var text = ""
        text.unicodeScalars.append(contentsOf: pair)
        if text.count != 2 {
          joined.append(value)
          break
        }
      }
    }
    #expect(joined.isEmpty, "\(joined.prefix(5).map { String($0, radix: 16) })")
  }

  @Test(arguments: [
    ("left to right only, 123", LayoutOptions.BaseDirection.natural),
    ("left to right only, 123", .rightToLeft),
    ("שלום עולם 123", .natural),
    ("English then עברית", .leftToRight),
    ("مرحبا ١٢٣", .natural),
    ("isolate \u{2067}abc\u{2069} here", .natural),
    ("mark\u{200F} here", .natural),
    ("𐤀𐤁 Phoenician", .natural),
  ])
  func bidiLevels_matchICU(_ text: String, _ direction: LayoutOptions.BaseDirection) throws {
    let units = Array(text.utf16)
    let requested: Int32 =
      switch direction {
      case .natural: -1
      case .leftToRight: 0
      case .rightToLeft: 1
      }
    let icu = try units.withUnsafeBufferPointer { (buffer) throws(LayoutError) in
      try UnicodeServices.bidiLevels(buffer, paragraphLevel: requested)
    }
    let result = try itemizer.itemize(Paragraph(units: units, start: 0), direction: direction)
    #expect(result.paragraphLevel == icu.paragraphLevel)
    for run in result.runs {
      #expect(run.range.allSatisfy { icu.levels[$0] == run.level }, "\(run.range)")
    }
  }

  /// The CJK and Hebrew punctuation of real text is plain and answered without ICU: the
  /// commonest non-letters of Japanese, Chinese and Hebrew paragraphs (U+3001, U+30FC, U+05F3)
  /// take the shortcuts. (The two tests above check that the shortcuts give ICU's answers.)
  @Test(arguments: [
    (UInt32(0x3001), ScriptCode.common), (0x3002, .common), (0x30FB, .common),
    (0x30FC, .common), (0xFF08, .common), (0xFF09, .common), (0x05F3, .hebrew),
    (0x05F4, .hebrew),
  ])
  func punctuation_takesTheShortcuts(_ value: UInt32, _ script: ScriptCode) {
    #expect(GraphemeClusters.isPlain(value))
    #expect(Itemizer.script(of: value) == script)
    #expect(UnicodeServices.script(value) == script)
  }

  /// Each cluster's face is the first of the cascade that covers it all, whatever order the
  /// primary face's covered ranges come in: the itemizer remembers the last three ranges it
  /// found, and text that cycles through four or more, or returns to an older one, must get
  /// the faces a lookup for every cluster gives.
  ///
  /// Primary faces: the embedded default, and fixtures that cover their script's block with
  /// many small ranges, whose block's coverage the itemizer keeps as bits. The pool adds every
  /// scalar of the block of the face's most ranges, so that both are crossed at every step.
  @Test(arguments: [nil, "Fixture-Devanagari.ttf", "Fixture-Thai.ttf", "Fixture-Arabic.ttf"])
  func faces_matchACascadeLookupPerCluster_acrossManyRanges(_ file: String?) throws {
    let face =
      try file.map { try FontFixture.fixtureFont($0).face } ?? FontFixture.registry.defaultFace
    let cascade = FontFixture.registry.cascade(for: face)
    let itemizer = Itemizer(cascade: cascade)
    let primary = cascade.faces[0]
    // One scalar from each of up to eight covered ranges, and a few the primary face lacks.
    let ranges = primary.coverage.ranges
    #expect(ranges.count >= 4, "the fixture face's coverage has \(ranges.count) ranges")
    let step = max(1, ranges.count / 8)
    var pool: [Unicode.Scalar] = stride(from: 0, to: ranges.count, by: step).compactMap {
      Unicode.Scalar(ranges[$0].lowerBound).flatMap { scalar in
        scalar.properties.generalCategory == .control ? nil : scalar
      }
    }
    pool += ["\u{3042}", "\u{4E00}", "\u{05D0}", "a"]
    let blocks = Dictionary(grouping: ranges.filter { $0.lowerBound > 0x7F }) {
      $0.lowerBound >> 8
    }
    if let (block, inBlock) = blocks.max(by: { $0.value.count < $1.value.count }) {
      #expect(inBlock.count >= 2, "block \(block) has \(inBlock.count) ranges")
      pool += (block << 8...(block << 8 | 0xFF)).compactMap(Unicode.Scalar.init)
    }
    var generator = SeededGenerator(seed: 0xFACE)
    for _ in 0..<500 {
      let text = Self.randomText(from: pool, upTo: 16, using: &generator)
      let units = Array(text.utf16)
      let result = try itemizer.itemize(Paragraph(units: units, start: 0), direction: .natural)
      for (start, end) in zip(result.clusterBoundaries, result.clusterBoundaries.dropFirst()) {
        let cluster = String(decoding: units[start..<end], as: UTF16.self)
        let scalars = Array(cluster.unicodeScalars)
        // The primary face draws a lone scalar it covers, or a longer cluster it covers all of
        // but default ignorables; the cascade chooses for the rest (the primary face when none
        // covers it).
        let whole =
          scalars.count == 1
          ? primary.coverage.contains(scalars[0])
          : scalars.allSatisfy {
            primary.coverage.contains($0) || FontCascade.isDefaultIgnorable($0)
          }
        let expected = whole ? primary : (cascade.face(forCluster: cluster) ?? primary)
        let run = result.runs.first { $0.range.contains(start) }
        #expect(run?.face == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
      }
    }
  }

  /// The itemizer resolves scripts cluster by cluster as it walks them (`ScriptResolver`).
  ///
  /// Each run has, at every cluster it holds, the script `Itemizer.scripts(_:)` gives that
  /// cluster's first unit, and runs are maximal. The pool holds what changes resolution:
  /// leading Common and Inherited characters, brackets of several kinds, marks, joiners, jamo
  /// and conjuncts (clusters of several scalars), and scripts on both sides of U+3000.
  @Test func runScripts_matchTheScriptsArray_onRandomMixes() throws {
    let pool: [Unicode.Scalar] = [
      "a", " ", "1", ".", "(", ")", "[", "]", "\u{201C}", "\u{201D}", "\u{300C}", "\u{300D}",
      "\u{FF08}", "\u{FF09}", "\u{3001}", "\u{30FC}", "\u{301}", "\u{200D}", "\u{FE0F}", "👍",
      "🏽", "한", "ᄀ", "\u{1161}", "क", "\u{94D}", "ष", "ก", "\u{E49}", "か", "カ", "\u{3099}",
      "字", "ב", "\u{5B4}", "ب", "\u{64E}", "ж", "α", "\u{2028}",
    ]
    var generator = SeededGenerator(seed: 0x5C12)
    for _ in 0..<3000 {
      let text = Self.randomText(from: pool, upTo: 14, using: &generator)
      let units = Array(text.utf16)
      let expected = units.withUnsafeBufferPointer { Itemizer.scripts($0) }
      let result = try itemizer.itemize(Paragraph(units: units, start: 0), direction: .natural)
      let label = "\(text.unicodeScalars.map { String($0.value, radix: 16) })"
      for start in result.clusterBoundaries.dropLast() {
        let run = result.runs.first { $0.range.contains(start) }
        #expect(run?.script == expected[start], "\(label) at \(start)")
      }
      for (left, right) in zip(result.runs, result.runs.dropFirst()) {
        #expect(
          left.level != right.level || left.script != right.script || left.face != right.face,
          "\(label): runs not maximal")
      }
    }
  }

  @Test func script_shortcutsMatchICU_forEveryScalar() {
    var differing: [UInt32] = []
    for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
      if Itemizer.script(of: value) != UnicodeServices.script(value) { differing.append(value) }
    }
    #expect(differing.isEmpty, "\(differing.prefix(5).map { String($0, radix: 16) })")
  }

  /// The Bidi_Class values that can give a character a level above 0 in a paragraph that is not
  /// right to left: R, AL and AN, and the explicit embeddings, overrides and isolates.
  static let rightToLeftClasses: Set<Int32> = [
    CUnicode_bidiClassRightToLeft, CUnicode_bidiClassRightToLeftArabic,
    CUnicode_bidiClassArabicNumber, CUnicode_bidiClassLeftToRightEmbedding,
    CUnicode_bidiClassLeftToRightOverride, CUnicode_bidiClassRightToLeftEmbedding,
    CUnicode_bidiClassRightToLeftOverride, CUnicode_bidiClassPopDirectionalFormat,
    CUnicode_bidiClassFirstStrongIsolate, CUnicode_bidiClassLeftToRightIsolate,
    CUnicode_bidiClassRightToLeftIsolate, CUnicode_bidiClassPopDirectionalIsolate,
  ]

  /// The right-to-left pre-check (`mayBeRightToLeft`, which lets a paragraph skip ICU's bidi)
  /// flags the first UTF-16 unit of every scalar whose ICU Bidi_Class is one of
  /// ``rightToLeftClasses``.
  @Test func rightToLeftPrecheck_flagsEveryRightToLeftScalarICUKnows() {
    var missed: [UInt32] = []
    var flagged = 0
    for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
      guard Self.rightToLeftClasses.contains(CUnicode_bidiClass(value)) else { continue }
      flagged += 1
      let first = value > 0xFFFF ? UTF16Scalars.surrogates(of: value).lead : UInt16(value)
      if !Itemizer.mayBeRightToLeft(first) { missed.append(value) }
    }
    #expect(missed.isEmpty, "\(missed.prefix(5).map { String($0, radix: 16) })")
    // ICU classes thousands of scalars so (5,488 in ICU 72: Hebrew, Arabic, Syriac, Thaana,
    // N'Ko, the presentation forms, the supplementary blocks).
    #expect(flagged > 5_000)
    #expect(CUnicode_bidiClass(0x5D0) == CUnicode_bidiClassRightToLeft)
    #expect(CUnicode_bidiClass(0x41) == CUnicode_bidiClassLeftToRight)
  }
}
