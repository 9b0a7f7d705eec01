// SPDX-License-Identifier: Apache-2.0

/// The platform API whose defaults a layout reproduces: a `UILabel`, an attributed string
/// measured with `boundingRect(with:options:context:)`, an Android `TextView`, or a Jetpack
/// Compose `Text`.
///
/// The Apple targets differ in three defaults, each of which ``LayoutOptions`` can still set on
/// its own:
///
/// | Default | ``label`` (`UILabel`) | ``attributedString`` (`boundingRect`) |
/// |---|---|---|
/// | Line-break strategy | ``LayoutOptions/LineBreakStrategy/standard`` (push-out and Hangul word priority) | none (`[]`) |
/// | Reported size | rounded **up** to the pixel grid of the display scale (3 unless set) | exact fractions |
/// | Font leading (`hhea.lineGap`) | included | left out (no `.usesFontLeading`) |
///
/// Sources: `UILabel.lineBreakStrategy` ("The default value is standard"),
/// `NSParagraphStyle.lineBreakStrategy` ("The default value is `NSLineBreakStrategyNone`"),
/// `NSParagraphStyle.h` (`NSLineBreakStrategyStandard = 0xFFFF`), `boundingRect(with:options:context:)`
/// (to use a fractional size "you must raise its value to the nearest higher integer using the ceil
/// function"), `NSStringDrawingOptions.usesFontLeading`
/// ("Uses the font leading for calculating line heights") and TextKit's `usesFontLeading`
/// (default `true`). See the article "How TypeScale matches UIKit".
///
/// The Android targets measure in **dp** (a layout's "points" are dp, its font size is the text
/// size in dp after font scaling) and lay lines out as `android.text.StaticLayout` does, on the
/// pixel grid of the display's density (``LayoutOptions/displayScale``, px per dp, 2.625 unless
/// set — a 420 dpi phone):
///
/// | Default | ``textView`` (`TextView`) | ``compose`` (Compose `Text`, Material 3) |
/// |---|---|---|
/// | Break strategy | ``LayoutOptions/BreakStrategy/highQuality`` (optimal) | ``LayoutOptions/BreakStrategy/simple`` (greedy) |
/// | Hyphenation | none | none |
/// | `lineBreakWordStyle` | ``LayoutOptions/LineBreakWordStyle/none`` | ``LayoutOptions/LineBreakWordStyle/none`` |
/// | `includeFontPadding` | on | off |
/// | Fallback line spacing | on | on |
/// | Line metrics | `Paint.getFontMetricsInt` (integer px), no font leading | the same |
/// | Reported size | width `ceil(px)`, height whole px, both ÷ density | the same |
/// | Past `maxLines` | clipped (``LayoutOptions/Truncation/clip``); U+2026 with `ellipsize="end"` (``LayoutOptions/Truncation/tail``) | clipped (`TextOverflow.Clip`); U+2026 with `TextOverflow.Ellipsis` |
///
/// Sources: `Widget.TextView` in AOSP `core/res/res/values/styles.xml`
/// (`breakStrategy=high_quality`); `TextView.java` (`mIncludePad = true`,
/// `DEFAULT_LINE_BREAK_WORD_STYLE = LINE_BREAK_WORD_STYLE_NONE`, ellipsize unset); the TextView
/// javadoc ("The default value is changed into NONE on Q" for hyphenation); AndroidX
/// `ParagraphStyle.kt` (`lineBreak ?: LineBreak.Simple`, `hyphens ?: Hyphens.None`),
/// `LineBreak.android.kt` (Simple = `Strategy.Simple`); Material 3 `TypographyTokens.kt`
/// (`includeFontPadding = false`) and `Text.kt` (`overflow = TextOverflow.Clip`);
/// `TextUtils.ELLIPSIS_NORMAL` (U+2026); the compat changes `STATICLAYOUT_FALLBACK_LINESPACING`
/// (targetSdk ≥ 28). See the article "Matching Android".
///
/// ```swift
/// var options = LayoutOptions(width: 343)
/// options.target = .attributedString   // boundingRect's numbers: exact, ICU's plain breaks
/// let android = LayoutOptions(width: 120, target: .textView)   // optimal breaks, clipped
/// ```
public enum LayoutTarget: String, Hashable, Sendable, CaseIterable {
  /// A `UILabel` with its defaults: Apple's standard line-break strategy, sizes rounded up to
  /// the pixel grid as `intrinsicContentSize` and `sizeThatFits(_:)` report them, font leading.
  case label
  /// An `NSAttributedString` with a plain `NSParagraphStyle`, measured with
  /// `boundingRect(with: size, options: .usesLineFragmentOrigin, context: nil)`: no line-break
  /// strategy, exact fractional sizes, no font leading.
  case attributedString
  /// An Android `TextView` in the platform theme (`Widget.TextView`): high-quality (optimal)
  /// line breaking, `includeFontPadding` on, integer font metrics, sizes in dp on the density's
  /// pixel grid, text past `maxLines` clipped.
  case textView = "textview"
  /// A Jetpack Compose `Text` under Material 3: greedy line breaking (`LineBreak.Simple`),
  /// `includeFontPadding` off, integer font metrics, sizes in dp on the density's pixel grid,
  /// `TextOverflow.Clip`.
  case compose

  /// Whether the target is an Android one (``textView`` or ``compose``): sizes in dp, lines
  /// stacked as `StaticLayout` stacks them.
  public var isAndroid: Bool {
    switch self {
    case .label, .attributedString: false
    case .textView, .compose: true
    }
  }

  /// The line-break strategy when ``LayoutOptions/lineBreakStrategy`` is `nil`: Apple's; none
  /// (`[]`) for the Android targets, which have no push-out or Hangul word priority (see
  /// ``lineBreakWordStyle`` instead).
  public var lineBreakStrategy: LayoutOptions.LineBreakStrategy {
    switch self {
    case .label: .standard
    case .attributedString, .textView, .compose: []
    }
  }

  /// The display scale sizes are rounded to when ``LayoutOptions/displayScale`` is `nil`:
  /// 3 (an iPhone's) for a label, none (exact sizes) for an attributed string, and
  /// ``androidDefaultDensity`` (2.625 px per dp) for the Android targets.
  public var displayScale: Double? {
    switch self {
    case .label: 3
    case .attributedString: nil
    case .textView, .compose: Self.androidDefaultDensity
    }
  }

  /// The density the Android targets use unless ``LayoutOptions/displayScale`` is set: 2.625 px
  /// per dp, a 420 dpi phone (`densityDpi / 160`, AOSP `DisplayMetrics.java`).
  public static let androidDefaultDensity = 2.625

  /// Whether line heights include the font's line gap when ``LayoutOptions/usesFontLeading`` is
  /// `nil`: yes for a label, no for the others (`StaticLayout` stacks `descent − ascent`, the
  /// font metrics' `leading` is not part of a line).
  public var usesFontLeading: Bool {
    switch self {
    case .label: true
    case .attributedString, .textView, .compose: false
    }
  }

  /// The break strategy when ``LayoutOptions/breakStrategy`` is `nil`: high quality for a
  /// `TextView` (`Widget.TextView`'s `breakStrategy=high_quality`), simple (greedy) for Compose
  /// (`LineBreak.Simple`) and for the Apple targets, whose breaking is greedy.
  public var breakStrategy: LayoutOptions.BreakStrategy {
    switch self {
    case .textView: .highQuality
    case .label, .attributedString, .compose: .simple
    }
  }

  /// Whether the first line's top and the last line's bottom use the font's bounds (`top`,
  /// `bottom`) rather than its ascent and descent, when ``LayoutOptions/includeFontPadding`` is
  /// `nil`: on for a `TextView` (`mIncludePad = true`), off for Compose under Material 3 (and
  /// Compose UI 1.6+), and off for the Apple targets, where it does not apply.
  public var includeFontPadding: Bool {
    switch self {
    case .textView: true
    case .label, .attributedString, .compose: false
    }
  }

  /// The word style when ``LayoutOptions/lineBreakWordStyle`` is `nil`: ``LayoutOptions/LineBreakWordStyle/none``
  /// for every target (TextView's `DEFAULT_LINE_BREAK_WORD_STYLE`; Compose's `WordBreak.Default`
  /// in `LineBreak.Simple`).
  public var lineBreakWordStyle: LayoutOptions.LineBreakWordStyle { .none }

  /// Whether a line grows to fit the fallback fonts on it when the option is `nil`: on.
  ///
  /// That is ``LayoutOptions/fallbackLineSpacing``'s default for both Android targets (compat
  /// change `STATICLAYOUT_FALLBACK_LINESPACING`, targetSdk ≥ 28; Compose sets it on). The
  /// Apple targets always take the largest metrics of the faces on a line, which this does not
  /// change.
  public var fallbackLineSpacing: Bool { true }

  /// Whether elegant text height applies when ``LayoutOptions/elegantTextHeight`` is `nil`:
  /// off for every target (an app targeting API 34 or lower; from API 35 Android turns it on).
  public var elegantTextHeight: Bool { false }

  /// What ``LayoutOptions/init(width:lineLimit:truncation:alignment:baseDirection:target:)``
  /// uses when no truncation is given: tail for the Apple targets (`byTruncatingTail`), clip
  /// for the Android ones (`android:ellipsize` unset; `TextOverflow.Clip`).
  public var truncation: LayoutOptions.Truncation {
    switch self {
    case .label, .attributedString: .tail
    case .textView, .compose: .clip
    }
  }
}
