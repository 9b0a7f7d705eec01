// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleLayout

/// `ScriptCode`'s names are ICU's scripts: CUnicode.c checks the numbers at compile time, and
/// these check that each name is the script ICU gives a character of it, with its ISO 15924 tag.
@Suite struct ScriptCodeTests {
  static let samples: [(ScriptCode, UInt32, String)] = [
    (.common, 0x31, "Zyyy"),  // 1
    (.inherited, 0x301, "Zinh"),  // COMBINING ACUTE ACCENT
    (.unknown, 0x378, "Zzzz"),  // unassigned
    (.arabic, 0x628, "Arab"),  // ب
    (.cyrillic, 0x416, "Cyrl"),  // Ж
    (.devanagari, 0x915, "Deva"),  // क
    (.greek, 0x3A9, "Grek"),  // Ω
    (.han, 0x6F22, "Hani"),  // 漢
    (.hangul, 0xAC00, "Hang"),  // 가
    (.hebrew, 0x5D0, "Hebr"),  // א
    (.hiragana, 0x3042, "Hira"),  // あ
    (.katakana, 0x30A2, "Kana"),  // ア
    (.latin, 0x41, "Latn"),  // A
    (.tamil, 0xB95, "Taml"),  // க
    (.thai, 0xE01, "Thai"),  // ก
  ]

  @Test(arguments: samples)
  func namedScript_isICUsScriptOfASample(_ script: ScriptCode, _ sample: UInt32, _ tag: String) {
    #expect(UnicodeServices.script(sample) == script)
    #expect(UnicodeServices.scriptTag(script) == tag)
  }

  @Test func japanese_isJpanAndJoinsHanAndKana() {
    #expect(UnicodeServices.scriptTag(.japanese) == "Jpan")
    #expect(UnicodeServices.scriptTagValue(.japanese) == HarfBuzzFont.tag("Jpan"))
    let all: [ScriptCode] = [.han, .hiragana, .katakana, .latin, .hangul, .common, .japanese]
    #expect(all.filter(\.isHanOrKana) == [.han, .hiragana, .katakana])
  }
}
