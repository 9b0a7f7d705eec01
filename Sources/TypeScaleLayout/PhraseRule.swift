// SPDX-License-Identifier: Apache-2.0

extension LineBreaker {
  /// How ``LayoutOptions/effectiveLineBreakWordStyle`` applies to the options' language.
  ///
  /// Android 15's `LINE_BREAK_WORD_STYLE_AUTO` (AOSP
  /// `graphics/java/android/graphics/text/LineBreakConfig.java`): Korean behaves as phrase;
  /// Japanese as phrase if the result is under 5 lines; anything else as none. The language is
  /// ``LayoutOptions/language`` (Android uses the paint's locale list, not the text's script).
  enum PhraseRule: Hashable {
    /// No phrase breaking.
    case none
    /// Phrase breaking.
    case phrase
    /// Phrase breaking when the paragraph's result is under 5 lines, else none.
    case phraseUnderFiveLines

    init(_ options: LayoutOptions) {
      let language = options.language ?? ""
      switch options.effectiveLineBreakWordStyle {
      case .none: self = .none
      case .phrase:
        self = Self.isJapanese(language) || Self.isKorean(language) ? .phrase : .none
      case .auto:
        if Self.isKorean(language) {
          self = .phrase
        } else if Self.isJapanese(language) {
          self = .phraseUnderFiveLines
        } else {
          self = .none
        }
      }
    }

    /// Whether a BCP 47 or ICU language tag is Japanese (`ja`, `ja-JP`, `ja_JP@…`).
    static func isJapanese(_ language: String) -> Bool { primary(language) == "ja" }

    /// Whether a language tag is Korean (`ko`, `ko-KR`).
    static func isKorean(_ language: String) -> Bool { primary(language) == "ko" }

    private static func primary(_ language: String) -> String {
      String(language.lowercased().prefix { $0.isLetter })
    }
  }
}
