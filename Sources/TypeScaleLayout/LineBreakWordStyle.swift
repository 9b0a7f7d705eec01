// SPDX-License-Identifier: Apache-2.0

extension LayoutOptions {
  /// Android's `LineBreakConfig` word style (`android:lineBreakWordStyle`, API 33; Compose
  /// `LineBreak.WordBreak`): whether Japanese and Korean break between phrases rather than
  /// between characters.
  ///
  /// Source: AOSP `graphics/java/android/graphics/text/LineBreakConfig.java`.
  ///
  /// ```swift
  /// var options = LayoutOptions(width: 120, target: .textView)
  /// options.language = "ja"
  /// options.lineBreakWordStyle = .phrase
  /// ```
  public enum LineBreakWordStyle: String, Hashable, Sendable, CaseIterable {
    /// No phrase breaking (`LINE_BREAK_WORD_STYLE_NONE`, the default of TextView and Compose).
    case none
    /// Phrase breaking (`LINE_BREAK_WORD_STYLE_PHRASE`): Japanese breaks between phrases (ICU's
    /// `ja@lw=phrase`, which ICU 72 honours); Korean between words (ICU 72 ignores `lw` for
    /// Korean, so breaks between two Hangul scalars are dropped, as Hangul word priority does).
    /// Other languages break as with ``none``.
    case phrase
    /// Android 15's rule (`LINE_BREAK_WORD_STYLE_AUTO`): Korean behaves as ``phrase``; Japanese
    /// as ``phrase`` when the result is under 5 lines, else as ``none``; other languages as
    /// ``none``. The language is ``LayoutOptions/language``.
    case auto
  }
}
