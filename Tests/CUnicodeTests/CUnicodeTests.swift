// SPDX-License-Identifier: Apache-2.0

import CUnicode
import Testing

// Expected values come from the Unicode data files and UAX #14 / #9 / #24 worked by hand; none is
// computed by the code under test. Offsets are UTF-16 code units. Hangul word priority, which
// drops some of these breaks, is the layout engine's and is tested there (LineBreakerTests).

/// One line-break opportunity as `CUnicode_lineBreaks` reports it.
private struct Break: Equatable, CustomStringConvertible {
  var offset: Int
  var isMandatory: Bool

  var description: String { isMandatory ? "\(offset)!" : "\(offset)" }
}

/// A failed C call, so that a test can `try` it and the failure names ICU's status.
private struct ICUFailure: Error, CustomStringConvertible {
  var function: String
  var status: Int32

  var description: String { "\(function): \(String(cString: CUnicode_errorName(status)))" }
}

/// Throws unless `status` is a success or a warning.
private func check(_ status: Int32, _ function: String = #function) throws {
  if CUnicode_isFailure(status) { throw ICUFailure(function: function, status: status) }
}

/// A line breaker for `locale`, closed when the value goes away.
private final class LineBreaker {
  let handle: OpaquePointer

  init(locale: String) throws {
    var status: Int32 = 0
    let handle = CUnicode_lineBreakerCreate(locale, &status)
    try check(status, "CUnicode_lineBreakerCreate")
    self.handle = try #require(handle)
  }

  deinit { CUnicode_lineBreakerDestroy(handle) }

  /// Every break opportunity in `text`, sized with the `length + 1` bound from the header.
  func breaks(_ text: [UInt16]) throws -> [Break] {
    let capacity = text.count + 1
    var offsets = [Int32](repeating: -1, count: capacity)
    var mandatory = [UInt8](repeating: 0, count: capacity)
    var status: Int32 = 0
    let count = CUnicode_lineBreaks(
      handle, text, Int32(text.count), &offsets, &mandatory, Int32(capacity), &status)
    try check(status, "CUnicode_lineBreaks")
    return (0..<Int(count)).map { Break(offset: Int(offsets[$0]), isMandatory: mandatory[$0] != 0) }
  }
}

/// The UTF-16 code units of `string`.
private func utf16(_ string: String) -> [UInt16] { Array(string.utf16) }

/// The ISO 15924 tag of `script`, or nil when the C call refuses it.
private func tag(_ script: Int32) -> String? {
  var buffer = [CChar](repeating: 0x7F, count: 5)
  guard CUnicode_scriptTag(script, &buffer) else {
    #expect(buffer[0] == 0, "a refused tag is an empty string")
    return nil
  }
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Resolved bidi levels of `text` and the paragraph level it resolved to.
private func bidiLevels(_ text: String, paragraphLevel: Int32) throws -> (
  levels: [UInt8], paragraph: Int32
) {
  let units = utf16(text)
  var levels = [UInt8](repeating: 0xFF, count: units.count)
  var paragraph: Int32 = -1
  var status: Int32 = 0
  let returned = CUnicode_bidiLevels(
    units, Int32(units.count), paragraphLevel, &levels, &paragraph, &status)
  #expect(returned == status)
  try check(status, "CUnicode_bidiLevels")
  return (levels, paragraph)
}

/// Unicode scalar value of a one-scalar string literal.
private func codePoint(_ character: Unicode.Scalar) -> UInt32 { character.value }

@Suite struct CUnicodeTests {
  // MARK: - Line breaking

  @Test func lineBreaks_englishSentence() throws {
    let breaker = try LineBreaker(locale: "en")
    let breaks = try breaker.breaks(utf16("Hello world, this is a test."))
    // UAX #14 LB18: break after each space; the end of text is always a break (LB3).
    #expect(breaks.map(\.offset) == [6, 13, 18, 21, 23, 28])
    #expect(breaks.allSatisfy { !$0.isMandatory })
  }

  @Test func lineBreaks_koreanPhrase() throws {
    let text = utf16("안녕하세요 여러분, 반갑습니다")
    let breaker = try LineBreaker(locale: "ko")
    let breaks = try breaker.breaks(text)
    // ICU 72 breaks between Hangul syllables (LB: H2/H3 are ID-like), not only at spaces.
    #expect(breaks.map(\.offset).contains(1), "ICU breaks between syllables: \(breaks)")
    #expect(breaks.count > 3)
    // The word boundaries are among them (after each space, and the end).
    #expect(Set([6, 11, 16]).isSubset(of: breaks.map(\.offset)))
  }

  @Test func lineBreaks_thaiUsesTheDictionary() throws {
    let text = utf16("สวัสดีครับ ยินดีต้อนรับ")
    let breaker = try LineBreaker(locale: "th")
    let offsets = try breaker.breaks(text).map(\.offset)
    // สวัสดี|ครับ |ยินดี|ต้อนรับ: Thai has no spaces between words, so 6 and 16 can only come
    // from ICU's dictionary.
    #expect(offsets == [6, 11, 16, 23])
  }

  @Test func lineBreaks_mandatoryAfterNewline() throws {
    let breaker = try LineBreaker(locale: "")
    let breaks = try breaker.breaks(utf16("one\ntwo three\n"))
    #expect(
      breaks == [
        Break(offset: 4, isMandatory: true), Break(offset: 8, isMandatory: false),
        Break(offset: 14, isMandatory: true),
      ])
    // U+2028 LINE SEPARATOR is class BK; CR LF is one hard break after the LF.
    #expect(try breaker.breaks(utf16("a\u{2028}b")).first == Break(offset: 2, isMandatory: true))
    #expect(try breaker.breaks(utf16("a\r\nb")).first == Break(offset: 3, isMandatory: true))
  }

  @Test func lineBreaks_breakerIsReusableAcrossTexts() throws {
    let breaker = try LineBreaker(locale: "en")
    #expect(try breaker.breaks(utf16("a b")).map(\.offset) == [2, 3])
    #expect(try breaker.breaks(utf16("Hello world")).map(\.offset) == [6, 11])
    #expect(try breaker.breaks([]) == [])
    #expect(try breaker.breaks(utf16("x")).map(\.offset) == [1])
  }

  @Test func lineBreaks_surrogatePairsStayWhole() throws {
    // U+20000 is a CJK ideograph outside the BMP: each is two code units, and ID allows a break
    // on both sides (UAX #14 LB31: ID ÷ ID), never between the halves.
    let text = utf16("\u{20000}\u{20001}")
    let breaker = try LineBreaker(locale: "ja")
    let breaks = try breaker.breaks(text)
    #expect(breaks.map(\.offset) == [2, 4])
  }

  @Test func lineBreaks_capacityTooSmall() throws {
    let breaker = try LineBreaker(locale: "en")
    let text = utf16("a b c d")
    var offsets: [Int32] = [-1, -1, -1]
    var mandatory: [UInt8] = [9, 9, 9]
    var status: Int32 = 0
    let count = CUnicode_lineBreaks(
      breaker.handle, text, Int32(text.count), &offsets, &mandatory, 2, &status)
    #expect(count == 4)
    #expect(status == CUnicode_statusBufferOverflow)
    #expect(CUnicode_isFailure(status))
    #expect(String(cString: CUnicode_errorName(status)) == "U_BUFFER_OVERFLOW_ERROR")
    #expect(offsets == [2, 4, -1], "nothing is written past capacity")
    #expect(mandatory == [0, 0, 9])

    // Preflight: no buffer at all, then size one exactly.
    status = 0
    let needed = CUnicode_lineBreaks(breaker.handle, text, Int32(text.count), nil, nil, 0, &status)
    #expect(needed == 4)
    #expect(status == CUnicode_statusBufferOverflow)
    var exact = [Int32](repeating: 0, count: Int(needed))
    status = 0
    #expect(
      CUnicode_lineBreaks(breaker.handle, text, Int32(text.count), &exact, nil, needed, &status)
        == 4)
    #expect(status == 0)
    #expect(exact == [2, 4, 6, 7])
  }

  @Test func lineBreaks_invalidArgumentsAndFailedStatus() throws {
    let breaker = try LineBreaker(locale: "en")
    var status: Int32 = 0
    #expect(CUnicode_lineBreaks(breaker.handle, nil, 3, nil, nil, 0, &status) == 0)
    #expect(status == CUnicode_statusIllegalArgument)
    // A failing status on entry makes the call do nothing (ICU's protocol).
    var offsets: [Int32] = [-1]
    let text = utf16("ab")
    #expect(CUnicode_lineBreaks(breaker.handle, text, 2, &offsets, nil, 1, &status) == 0)
    #expect(offsets == [-1])
    #expect(status == CUnicode_statusIllegalArgument)
  }

  // MARK: - Line-break classes

  @Test func lineBreakClass_namedConstants() {
    #expect(CUnicode_lineBreakClass(codePoint("한")) == CUnicode_lineBreakClassH3)
    #expect(CUnicode_lineBreakClass(codePoint("가")) == CUnicode_lineBreakClassH2)
    #expect(CUnicode_lineBreakClass(0x1100) == CUnicode_lineBreakClassJL)
    #expect(CUnicode_lineBreakClass(0x1161) == CUnicode_lineBreakClassJV)
    #expect(CUnicode_lineBreakClass(0x11A8) == CUnicode_lineBreakClassJT)
    #expect(CUnicode_lineBreakClass(codePoint("中")) == CUnicode_lineBreakClassIdeographic)
    #expect(CUnicode_lineBreakClass(codePoint("a")) == CUnicode_lineBreakClassAlphabetic)
    #expect(CUnicode_lineBreakClass(codePoint("7")) == CUnicode_lineBreakClassNumeric)
    #expect(CUnicode_lineBreakClass(codePoint(" ")) == CUnicode_lineBreakClassSpace)
    #expect(CUnicode_lineBreakClass(0x00A0) == CUnicode_lineBreakClassGlue)
    #expect(CUnicode_lineBreakClass(0x000A) == CUnicode_lineBreakClassLineFeed)
    #expect(CUnicode_lineBreakClass(0x000D) == CUnicode_lineBreakClassCarriageReturn)
    #expect(CUnicode_lineBreakClass(0x2028) == CUnicode_lineBreakClassMandatoryBreak)
    #expect(CUnicode_lineBreakClass(0x0085) == CUnicode_lineBreakClassNextLine)
    #expect(CUnicode_lineBreakClass(0xFFFF_FFFF) == CUnicode_lineBreakClassUnknown)
  }

  @Test func whitespaceForLineEnd_spacesHangButGlueDoesNot() {
    for hanging: UInt32 in [0x0009, 0x0020, 0x1680, 0x2000, 0x200A, 0x205F, 0x3000] {
      #expect(CUnicode_isWhitespaceForLineEnd(hanging), "U+\(String(hanging, radix: 16))")
    }
    for other: UInt32 in [0x00A0, 0x2007, 0x202F, 0x000A, 0x000D, 0x2028, 0x0041, 0x11_0000] {
      #expect(!CUnicode_isWhitespaceForLineEnd(other), "U+\(String(other, radix: 16))")
    }
  }

  // MARK: - Bidi

  @Test func bidiLevels_naturalDirection() throws {
    // "abc " L at 0; Hebrew R at 1; the space before "123" sits between R and EN, so it takes
    // R (UAX #9 N1) at level 1; EN after R stays EN and rises to level 2 (I1).
    let (levels, paragraph) = try bidiLevels("abc אבג 123", paragraphLevel: -1)
    #expect(paragraph == 0)
    #expect(levels == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2])
  }

  @Test func bidiLevels_rightToLeftParagraph() throws {
    // L at an odd level rises to 2 (I2); the space between L and R takes the embedding
    // direction (N2), level 1; EN at an odd level rises to 2.
    let (levels, paragraph) = try bidiLevels("abc אבג 123", paragraphLevel: 1)
    #expect(paragraph == 1)
    #expect(levels == [2, 2, 2, 1, 1, 1, 1, 1, 2, 2, 2])
  }

  @Test func bidiLevels_naturalDirectionFromFirstStrong() throws {
    let (levels, paragraph) = try bidiLevels("אבג abc", paragraphLevel: -1)
    #expect(paragraph == 1)
    #expect(levels == [1, 1, 1, 1, 2, 2, 2])
    // No strong character: natural direction falls back to left-to-right, and digits after
    // the left-to-right start of paragraph become L (W7), so they stay at level 0.
    let digits = try bidiLevels("123", paragraphLevel: -1)
    #expect(digits.paragraph == 0)
    #expect(digits.levels == [0, 0, 0])
  }

  @Test func bidiLevels_emptyAndInvalid() throws {
    #expect(try bidiLevels("", paragraphLevel: 1).levels.isEmpty)
    var status: Int32 = 0
    var levels: [UInt8] = [0]
    let units = utf16("a")
    #expect(CUnicode_bidiLevels(units, 1, 200, &levels, nil, &status) == 1)
    #expect(status == CUnicode_statusIllegalArgument)
  }

  @Test func reorderVisual_runLevels() {
    var map = [Int32](repeating: -1, count: 3)
    #expect(CUnicode_reorderVisual([0, 1, 2], 3, &map))
    #expect(map == [0, 2, 1])

    // Per-character levels of "abc אבג 123": Hebrew and the digits after it read right to left
    // as a block, with the digits themselves still left to right.
    var characters = [Int32](repeating: -1, count: 11)
    #expect(CUnicode_reorderVisual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2], 11, &characters))
    #expect(characters == [0, 1, 2, 3, 8, 9, 10, 7, 6, 5, 4])

    var untouched: [Int32] = [-1, -1]
    #expect(!CUnicode_reorderVisual([0, 200], 2, &untouched))
    #expect(untouched == [-1, -1])
    #expect(CUnicode_reorderVisual(nil, 0, nil))
  }

  @Test func firstStrongDirection() {
    let direction = { (text: String) -> Int32 in
      let units = utf16(text)
      return CUnicode_firstStrongDirection(units, Int32(units.count))
    }
    #expect(direction("123 abc אבג") == 0)
    #expect(direction("123 אבג abc") == 1)
    #expect(direction("مرحبا") == 1)  // AL counts as right-to-left.
    #expect(direction("123 !?") == -1)
    #expect(direction("") == -1)
  }

  // MARK: - Scripts

  @Test func script_codesAndTags() {
    let latin = CUnicode_script(codePoint("A"))
    let hangul = CUnicode_script(codePoint("한"))
    let katakana = CUnicode_script(codePoint("ア"))
    #expect(tag(latin) == "Latn")
    #expect(tag(hangul) == "Hang")
    #expect(tag(katakana) == "Kana")
    #expect(CUnicode_script(codePoint("1")) == CUnicode_scriptCommon)
    #expect(CUnicode_script(0x0301) == CUnicode_scriptInherited)
    #expect(CUnicode_script(0x0378) == CUnicode_scriptUnknown)  // Unassigned (Greek block).
    #expect(CUnicode_script(0x11_0000) == CUnicode_scriptUnknown)
    #expect(tag(CUnicode_scriptCommon) == "Zyyy")
    #expect(tag(CUnicode_scriptInherited) == "Zinh")
    #expect(tag(CUnicode_scriptUnknown) == "Zzzz")
    #expect(tag(-1) == nil)
    #expect(tag(100_000) == nil)
  }

  @Test func script_prolongedSoundMarkExtendsToKana() {
    let mark = codePoint("ー")  // U+30FC
    let hiragana = CUnicode_script(codePoint("あ"))
    let katakana = CUnicode_script(codePoint("ア"))
    #expect(tag(hiragana) == "Hira")
    #expect(CUnicode_script(mark) == CUnicode_scriptCommon)
    #expect(CUnicode_scriptHasExtension(mark, katakana))
    #expect(CUnicode_scriptHasExtension(mark, hiragana))
    #expect(!CUnicode_scriptHasExtension(mark, CUnicode_script(codePoint("A"))))
    // A character's own Script counts; a digit has no extensions beyond Common.
    #expect(CUnicode_scriptHasExtension(codePoint("ア"), katakana))
    #expect(CUnicode_scriptHasExtension(codePoint("1"), CUnicode_scriptCommon))
    #expect(!CUnicode_scriptHasExtension(codePoint("1"), katakana))
  }

  // MARK: - Versions and status names

  @Test func versions_areReported() throws {
    let icu = String(cString: CUnicode_icuVersion())
    let unicode = String(cString: CUnicode_unicodeVersion())
    print("ICU \(icu), Unicode \(unicode)")
    #expect(!icu.isEmpty)
    #expect(!unicode.isEmpty)
    let major = try #require(icu.split(separator: ".").first.flatMap { Int($0) })
    #expect(major >= 60, "ICU \(icu); Debian 12 ships 72")
    let unicodeMajor = try #require(unicode.split(separator: ".").first.flatMap { Int($0) })
    #expect(unicodeMajor >= 10)
    // The same static buffer every time.
    #expect(CUnicode_icuVersion() == CUnicode_icuVersion())
  }

  @Test func errorName_isICUs() {
    #expect(String(cString: CUnicode_errorName(0)) == "U_ZERO_ERROR")
    #expect(
      String(cString: CUnicode_errorName(CUnicode_statusIllegalArgument))
        == "U_ILLEGAL_ARGUMENT_ERROR")
    #expect(!CUnicode_isFailure(0))
    #expect(!CUnicode_isFailure(-128))  // U_USING_FALLBACK_WARNING is still a success.
  }

  @Test func lineBreakerCreate_fallsBackForUnknownLocales() throws {
    var status: Int32 = 0
    let handle = CUnicode_lineBreakerCreate("xx_YY", &status)
    defer { CUnicode_lineBreakerDestroy(handle) }
    #expect(handle != nil)
    #expect(!CUnicode_isFailure(status), "\(String(cString: CUnicode_errorName(status)))")
    CUnicode_lineBreakerDestroy(nil)
  }
  /// (locale, category, the sample CUnicode_pluralSample writes, or nil when it finds none).
  static let pluralSamples: [(String, String, String?)] = [
    ("en", "one", "1"), ("en", "other", "0"), ("ru", "few", "2"), ("ru", "other", "0.1"),
    ("fr", "many", "1000000"), ("ar", "many", "11"), ("ja", "one", nil), ("", "other", "0"),
  ]

  @Test(arguments: pluralSamples)
  func pluralSample_findsTheSmallestNumber(locale: String, category: String, expected: String?) {
    var status: Int32 = 0
    var out = [CChar](repeating: 0x41, count: Int(CUnicode_pluralSampleCapacity))
    let found = out.withUnsafeMutableBufferPointer {
      CUnicode_pluralSample(locale, category, $0.baseAddress!, &status)
    }
    #expect(!CUnicode_isFailure(status), "\(String(cString: CUnicode_errorName(status)))")
    #expect(found == (expected != nil))
    let text = String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #expect(text == (expected ?? ""))
  }

  @Test func pluralSample_respectsAFailedStatus() {
    var status = CUnicode_statusIllegalArgument
    var out = [CChar](repeating: 0x41, count: Int(CUnicode_pluralSampleCapacity))
    let found = out.withUnsafeMutableBufferPointer {
      CUnicode_pluralSample("en", "one", $0.baseAddress!, &status)
    }
    #expect(!found)
    #expect(status == CUnicode_statusIllegalArgument)
    #expect(out[0] == 0)
  }
}
