// SPDX-License-Identifier: Apache-2.0

import CUnicode
import Testing
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// A text and the soft break opportunities (UTF-16 offsets, the end included) with and without
/// Hangul word priority.
///
/// The expected values are UAX #14 worked by hand (ICU 72's rules): Hangul syllables (H2, H3)
/// and compatibility jamo (ID) break from each other and from letters, digits and ideographs
/// (LB31); L V T jamo do not break inside a syllable (LB26); no break before `,` or `。`
/// (LB13, CL); a break after a space (LB18).
struct HangulCase: Sendable, CustomTestStringConvertible {
  let text: String
  let language: String
  /// With `[.hangulWordPriority]`: no break between two Hangul scalars.
  let words: [Int]
  /// With `[]`: ICU's breaks.
  let plain: [Int]
  var testDescription: String { text }

  static let all: [HangulCase] = [
    // Hangul next to Latin letters or digits keeps ICU's break: Apple prohibits breaks between
    // Hangul characters only.
    HangulCase(text: "iOS에서", language: "ko", words: [3, 5], plain: [3, 4, 5]),
    HangulCase(text: "3개", language: "ko", words: [1, 2], plain: [1, 2]),
    HangulCase(text: "한국어text", language: "ko", words: [3, 7], plain: [1, 2, 3, 7]),
    HangulCase(text: "漢字한글", language: "ko", words: [1, 2, 4], plain: [1, 2, 3, 4]),
    HangulCase(text: "가나", language: "ko", words: [2], plain: [1, 2]),
    HangulCase(
      text: "안녕하세요 여러분, 반갑습니다", language: "ko", words: [6, 11, 16],
      plain: [1, 2, 3, 4, 6, 7, 8, 11, 12, 13, 14, 15, 16]),
    // Conjoining jamo: 가가 as L V L V; ICU breaks between the two syllables only.
    HangulCase(
      text: "\u{1100}\u{1161}\u{1100}\u{1161}", language: "ko", words: [4], plain: [2, 4]),
    // Compatibility jamo are ideographic (ID) to ICU.
    HangulCase(text: "ㅋㅋㅋ", language: "ko", words: [3], plain: [1, 2, 3]),
    HangulCase(text: "한, 글", language: "ko", words: [3, 4], plain: [3, 4]),
    // Japanese and Chinese hold no Hangul: the strategy changes nothing.
    HangulCase(
      text: "日本語のテキスト", language: "ja", words: [1, 2, 3, 4, 5, 6, 7, 8],
      plain: [1, 2, 3, 4, 5, 6, 7, 8]),
    HangulCase(
      text: "中文文本，测试。", language: "zh", words: [1, 2, 3, 5, 6, 8],
      plain: [1, 2, 3, 5, 6, 8]),
  ]
}

/// The single-line shortcut must break exactly as the full opportunities would.
@Suite struct LineBreakerTests {
  /// The answers `hangsAtLineEnd` gives without ICU equal ICU's, for every scalar: a space
  /// separator added below U+1680 or above U+3000 would make this fail.
  @Test func hangsAtLineEnd_matchesICUForEveryScalar() {
    var differing: [UInt32] = []
    for value in UInt32(0)...0x10FFFF where Unicode.Scalar(value) != nil {
      if UnicodeServices.hangsAtLineEnd(value) != CUnicode_isWhitespaceForLineEnd(value) {
        differing.append(value)
      }
    }
    #expect(differing.isEmpty, "\(differing.prefix(5).map { String($0, radix: 16) })")
    // The scalars that hang, as the fast path must leave them to ICU.
    #expect(UnicodeServices.hangsAtLineEnd(0x3000))
    #expect(UnicodeServices.hangsAtLineEnd(0x1680))
    #expect(!UnicodeServices.hangsAtLineEnd(0xA0))  // no-break space: glue
  }

  @Test(arguments: HangulCase.all)
  func hangulWordPriority_dropsBreaksBetweenHangulOnly(_ test: HangulCase) throws {
    let units = Array(test.text.utf16)
    let context = LayoutContext()
    var options = LayoutOptions(width: 100)
    options.language = test.language
    func offsets(_ strategy: LayoutOptions.LineBreakStrategy) throws -> [Int] {
      options.lineBreakStrategy = strategy
      let found = try LineBreaker.opportunities(
        in: units, boundaries: Array(0...units.count), options: options, context: context)
      #expect(found.last == .end(units.count))
      #expect(found.dropLast().allSatisfy { !$0.isMandatory })
      return found.map(\.offset)
    }
    #expect(try offsets([.hangulWordPriority]) == test.words)
    #expect(try offsets(.standard) == test.words)
    #expect(try offsets([]) == test.plain)
    #expect(try offsets(.pushOut) == test.plain)
  }

  @Test(arguments: [
    (UInt32(0xAC00), true), (0xD7A3, true), (0xD7A4, false), (0x1100, true), (0x11FF, true),
    (0x3131, true), (0x318E, true), (0xA960, true), (0xD7B0, true), (0xFFA0, true),
    (0xFFDC, true), (0x302E, true), (0x4E00, false), (0x61, false), (0x33, false),
    (0x3042, false), (0x20, false), (0x10FFFF, false),
  ])
  func isHangul_coversSyllablesAndEveryJamoBlock(_ scalar: UInt32, _ expected: Bool) {
    #expect(LineBreaker.isHangul(scalar) == expected)
  }

  /// Seeded paragraphs of spaces, letters and (sometimes) forced breaks, with random advances
  /// (some negative, as negative tracking makes them) and opportunities after spaces: wherever
  /// `isSingleLine` says yes, breaking at the paragraph's end alone gives the same spans.
  @Test func isSingleLine_agreesWithBreakingAtEveryOpportunity() {
    var generator = SeededGenerator(seed: 0x11FE)
    var singleLines = 0
    var multipleLines = 0
    for _ in 0..<3000 {
      let count = Int.random(in: 1...24, using: &generator)
      let units: [UInt16] = (0..<count).map { _ in
        [0x20, 0x61, 0x62, 0xAC00, 0x2028, 0x0B].randomElement(using: &generator) ?? 0x61
      }
      var prefix = [0.0]
      for _ in 0..<count {
        prefix.append(prefix.last! + Double.random(in: -2...9, using: &generator))
      }
      var opportunities: [BreakOpportunity] = []
      for offset in 1..<count where units[offset - 1] == 0x20 || units[offset - 1] == 0x2028 {
        opportunities.append(
          BreakOpportunity(offset: offset, isMandatory: units[offset - 1] == 0x2028))
      }
      opportunities.append(.end(count))
      let boundaries = Array(0...count)
      let width: Double? =
        Bool.random(using: &generator) ? Double.random(in: 5...90, using: &generator) : nil
      let full = LineBreaker.breakLines(
        prefix: prefix, units: units, boundaries: boundaries, opportunities: opportunities,
        width: width)
      guard LineBreaker.isSingleLine(prefix: prefix, units: units, width: width) else {
        multipleLines += 1
        continue
      }
      singleLines += 1
      let shortcut = LineBreaker.breakLines(
        prefix: prefix, units: units, boundaries: boundaries, opportunities: [.end(count)],
        width: width)
      #expect(shortcut == full, "\(units) \(prefix) \(String(describing: width))")
      #expect(full.count == 1)
    }
    // Both branches were exercised.
    #expect(singleLines > 200)
    #expect(multipleLines > 300)
  }

  @Test(arguments: [
    ("fits", [0.0, 10, 20, 30], 30.0, true),
    ("one unit too wide", [0.0, 10, 20, 30.01], 30.0, false),
    ("wider in the middle than at the end", [0.0, 40, 20, 25], 30.0, false),
    ("no width", [0.0, 400, 800, 900], nil, true),
  ])
  func isSingleLine_comparesEveryPrefixWithTheWidth(
    _ name: String, _ prefix: [Double], _ width: Double?, _ expected: Bool
  ) {
    #expect(
      LineBreaker.isSingleLine(prefix: prefix, units: [0x61, 0x20, 0x62], width: width) == expected)
  }

  @Test(arguments: [UInt16(0x0B), 0x0C, 0x85, 0x2028])
  func isSingleLine_isFalseWithAForcedBreakInside(_ unit: UInt16) {
    #expect(
      !LineBreaker.isSingleLine(prefix: [0, 1, 2, 3], units: [0x61, unit, 0x62], width: nil))
  }

  /// The ASCII shortcut of `hangsAtLineEnd` must answer as ICU does.
  @Test(arguments: Array(UInt32(0)...0x7F))
  func hangsAtLineEnd_asciiShortcutMatchesICU(_ scalar: UInt32) {
    #expect(UnicodeServices.hangsAtLineEnd(scalar) == CUnicode_isWhitespaceForLineEnd(scalar))
  }
}
