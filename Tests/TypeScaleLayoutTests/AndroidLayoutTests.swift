// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// The TextView and Compose targets: their defaults, optimal against greedy breaking, line
/// heights from `Paint.getFontMetricsInt`'s integers, font padding, clipping and ellipsis past
/// `maxLines`, and Compose's overflow.
///
/// Expected integers come from the embedded Noto Sans Regular (upem 1000, `hhea` 1069 / −293 /
/// 0, `head` yMin −389, yMax 1067, no `USE_TYPO_METRICS`) at 14 dp × 2.625 = 36.75 px:
/// ascent round(−39.286) = −39, descent round(10.768) = 11, top floor(−39.212) = −40, bottom
/// ceil(14.296) = 15.
@Suite struct AndroidLayoutTests {
  static let paragraph = "Turn on notifications to get updates about your orders and deliveries"

  static func lines(_ text: String, _ layout: TextLayout) -> [String] {
    let units = Array(text.utf16)
    return layout.lines.map { String(decoding: units[$0.range], as: UTF16.self) }
  }

  static func layout(
    _ text: String, target: LayoutTarget, width: Double? = 200, size: Double = 14,
    configure: (inout LayoutOptions) -> Void = { _ in }
  ) throws -> TextLayout {
    var options = LayoutOptions(width: width, target: target)
    configure(&options)
    return try FontFixture.engine().layout(
      text, font: try FontFixture.defaultFont(size), options: options)
  }

  // MARK: - Defaults

  struct Defaults: Sendable, CustomTestStringConvertible {
    let target: LayoutTarget
    let strategy: LayoutOptions.BreakStrategy
    let padding: Bool
    let truncation: LayoutOptions.Truncation
    let scale: Double?
    var testDescription: String { target.rawValue }
  }

  static let defaults: [Defaults] = [
    Defaults(target: .label, strategy: .simple, padding: false, truncation: .tail, scale: 3),
    Defaults(
      target: .attributedString, strategy: .simple, padding: false, truncation: .tail, scale: nil),
    Defaults(
      target: .textView, strategy: .highQuality, padding: true, truncation: .clip, scale: 2.625),
    Defaults(target: .compose, strategy: .simple, padding: false, truncation: .clip, scale: 2.625),
  ]

  /// Widget.TextView's `breakStrategy=high_quality` and `mIncludePad = true`; Compose's
  /// `LineBreak.Simple` and Material 3's `includeFontPadding = false`; both clip past maxLines.
  @Test(arguments: defaults)
  func target_defaults(_ expected: Defaults) {
    let options = LayoutOptions(width: 100, target: expected.target)
    #expect(options.effectiveBreakStrategy == expected.strategy)
    #expect(options.effectiveIncludeFontPadding == expected.padding)
    #expect(options.truncation == expected.truncation)
    #expect(options.effectiveDisplayScale == expected.scale)
    #expect(options.effectiveLineBreakWordStyle == .none)
    #expect(options.effectiveFallbackLineSpacing)
    #expect(options.target.isAndroid == (expected.scale == 2.625))
    #expect(LayoutTarget(rawValue: expected.target.rawValue) == expected.target)
  }

  @Test func rawValues_areTheCLISpellings() {
    #expect(LayoutTarget.textView.rawValue == "textview")
    #expect(LayoutTarget.compose.rawValue == "compose")
    #expect(LayoutOptions.BreakStrategy.highQuality.rawValue == "high-quality")
  }

  @Test func explicitOptions_overrideTheTarget() {
    var options = LayoutOptions(width: 100, target: .textView)
    options.breakStrategy = .simple
    options.includeFontPadding = false
    options.lineBreakWordStyle = .phrase
    options.fallbackLineSpacing = false
    #expect(options.effectiveBreakStrategy == .simple)
    #expect(!options.effectiveIncludeFontPadding)
    #expect(options.effectiveLineBreakWordStyle == .phrase)
    #expect(!options.effectiveFallbackLineSpacing)
    #expect(LayoutOptions(truncation: .tail, target: .compose).truncation == .tail)
  }

  // MARK: - Optimal and greedy breaking

  /// The same paragraph at 120 dp: Compose's greedy breaker fills "notifications to", leaving
  /// "get updates" short; the TextView's optimal breaker moves "to" down and evens the lines.
  @Test func greedyAndOptimal_differ() throws {
    let textView = try Self.layout(Self.paragraph, target: .textView, width: 120)
    let compose = try Self.layout(Self.paragraph, target: .compose, width: 120)
    #expect(
      Self.lines(Self.paragraph, textView) == [
        "Turn on ", "notifications ", "to get updates ", "about your orders ", "and deliveries",
      ])
    #expect(
      Self.lines(Self.paragraph, compose) == [
        "Turn on ", "notifications to ", "get updates ", "about your orders ", "and deliveries",
      ])
    // Each target follows its strategy, whichever target it is.
    let greedyTextView = try Self.layout(Self.paragraph, target: .textView, width: 120) {
      $0.breakStrategy = .simple
    }
    let optimalCompose = try Self.layout(Self.paragraph, target: .compose, width: 120) {
      $0.breakStrategy = .highQuality
    }
    #expect(Self.lines(Self.paragraph, greedyTextView) == Self.lines(Self.paragraph, compose))
    #expect(Self.lines(Self.paragraph, optimalCompose) == Self.lines(Self.paragraph, textView))
  }

  @Test func greedyAndOptimal_differOnASecondParagraph() throws {
    let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
    let textView = try Self.layout(text, target: .textView, width: 140)
    let compose = try Self.layout(text, target: .compose, width: 140)
    #expect(
      Self.lines(text, textView) == [
        "The quick brown ", "fox jumps over the ", "lazy dog and keeps ", "running far away",
      ])
    #expect(
      Self.lines(text, compose) == [
        "The quick brown fox ", "jumps over the lazy ", "dog and keeps ", "running far away",
      ])
  }

  @Test(arguments: ["Save", "Save your changes", "Turn on notifications"])
  func oneLine_sameForBothStrategies(_ text: String) throws {
    let optimal = try Self.layout(text, target: .textView, width: 240)
    let greedy = try Self.layout(text, target: .textView, width: 240) { $0.breakStrategy = .simple }
    #expect(optimal.lineCount == 1)
    #expect(Self.lines(text, optimal) == Self.lines(text, greedy))
    #expect(optimal.width == greedy.width && optimal.height == greedy.height)
  }

  static let corpus = [
    paragraph, "The quick brown fox jumps over the lazy dog and keeps running far away",
    "Your subscription will renew automatically unless you cancel it at least a day before",
    "Supercalifragilisticexpialidocious words need desperate breaks somewhere", "a b c d e f g",
  ]

  /// Overfull lines cost 10¹² and words too wide get desperate breaks: the optimal breaker is
  /// never overfull where greedy breaking is not, and never breaks inside a word greedy keeps.
  @Test(arguments: [60.0, 80, 100, 120, 150, 200, 260])
  func optimal_neverOverfullWhereGreedyFits(_ width: Double) throws {
    for text in Self.corpus {
      for strategy in [LayoutOptions.BreakStrategy.highQuality, .balanced] {
        let optimal = try Self.layout(text, target: .textView, width: width) {
          $0.breakStrategy = strategy
        }
        let greedy = try Self.layout(text, target: .textView, width: width) {
          $0.breakStrategy = .simple
        }
        let greedyFits = greedy.lines.allSatisfy { $0.width <= width + 1e-6 }
        if greedyFits {
          #expect(optimal.lines.allSatisfy { $0.width <= width + 1e-6 }, "\(text) at \(width)")
        }
        #expect(optimal.lines.map { $0.range.count }.reduce(0, +) == text.utf16.count)
        if !greedy.breaksWords { #expect(!optimal.breaksWords, "\(text) at \(width)") }
      }
    }
  }

  /// Balanced counts the last line too: "away" alone on a last line is what high quality
  /// accepts for free and balanced does not.
  @Test func balanced_evensTheLastLine() throws {
    let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
    let highQuality = try Self.layout(text, target: .textView, width: 240)
    let balanced = try Self.layout(text, target: .textView, width: 240) {
      $0.breakStrategy = .balanced
    }
    #expect(Self.lines(text, highQuality).last == "away")
    #expect(balanced.lineCount == highQuality.lineCount)
    let shortest = balanced.lines.map(\.width).min() ?? 0
    #expect(shortest > highQuality.lines.map(\.width).min() ?? 0)
  }

  /// The look-back window bounds the work: 6,000 one-letter words on wide lines.
  @Test func optimal_manyCandidatesPerLine_staysBounded() throws {
    let text = String(repeating: "a ", count: 6000)
    let layout = try Self.layout(text, target: .textView, width: 20_000)
    #expect(layout.lines.allSatisfy { $0.width <= 20_000 + 1e-6 })
    #expect(layout.lines.map { $0.range.count }.reduce(0, +) == text.utf16.count)
  }

  // MARK: - Integer metrics and line heights

  @Test func fontMetricsInt_notoSansAt36_75px() throws {
    let face = try FontFixture.defaultFont(14).face
    let typesetterMetrics = try Self.skia(face)
    let metrics = AndroidFontMetrics(typesetterMetrics, textSize: 36.75)
    #expect(metrics.top == -40)
    #expect(metrics.ascent == -39)
    #expect(metrics.descent == 11)
    #expect(metrics.bottom == 15)
    #expect(metrics.spacing == 50)
  }

  /// Roboto's `hhea` (upem 2048, 1900 / −500 / 0; android.md §5) at 16 px: ascent −15,
  /// descent 4, a 19 px line; its `head` box (yMin −555, yMax 2163) gives top −17, bottom 5.
  @Test func fontMetricsInt_robotoAt16px() {
    let roboto = SkiaFaceMetrics(
      unitsPerEm: 2048, ascender: 1900, descender: -500, lineGap: 0, yMax: 2163, yMin: -555)
    let metrics = AndroidFontMetrics(roboto, textSize: 16)
    #expect(metrics.ascent == -15 && metrics.descent == 4 && metrics.spacing == 19)
    #expect(metrics.top == -17 && metrics.bottom == 5)
  }

  /// Elegant text height at 36.75 px: top floor(−44.861) = −45, ascent round(−34.094) = −34,
  /// descent round(8.972) = 9, bottom ceil(17.944) = 18, whatever the font: one line is 63 px
  /// with padding, 43 without.
  @Test func elegantTextHeight_fixedProportions() throws {
    let metrics = AndroidFontMetrics(elegantAt: 36.75)
    #expect(metrics.top == -45 && metrics.ascent == -34)
    #expect(metrics.descent == 9 && metrics.bottom == 18 && metrics.leading == 0)
    let padded = try Self.layout("Hi", target: .textView) { $0.elegantTextHeight = true }
    #expect(abs(padded.height * 2.625 - 63) < 1e-9)
    let plain = try Self.layout("Hi", target: .compose) { $0.elegantTextHeight = true }
    #expect(abs(plain.height * 2.625 - 43) < 1e-9)
    #expect(!LayoutOptions(target: .textView).effectiveElegantTextHeight)
  }

  /// Skia reads `OS/2` typographic metrics when `fsSelection` bit 7 is set.
  @Test func skiaMetrics_useTypoMetricsBit() {
    var os2 = [UInt8](repeating: 0, count: 96)
    os2[63] = 0x80
    os2[68] = 0x03; os2[69] = 0x20  // 800
    os2[70] = 0xFF; os2[71] = 0x38  // −200
    var head = [UInt8](repeating: 0, count: 54)
    head[18] = 0x03; head[19] = 0xE8  // upem 1000
    var hhea = [UInt8](repeating: 0, count: 36)
    hhea[4] = 0x04; hhea[5] = 0x00  // 1024
    let metrics = SkiaFaceMetrics.read { tag in
      switch tag {
      case "OS/2": os2
      case "head": head
      case "hhea": hhea
      default: []
      }
    }
    #expect(metrics?.ascender == 800 && metrics?.descender == -200)
    os2[63] = 0
    let plain = SkiaFaceMetrics.read { tag in tag == "OS/2" ? os2 : tag == "head" ? head : hhea }
    #expect(plain?.ascender == 1024)
  }

  static func skia(_ face: FontFace) throws -> SkiaFaceMetrics {
    let engine = FontFixture.engine()
    let harfBuzzFace = try engine.fonts.face(for: face)
    return try #require(harfBuzzFace.skiaMetrics)
  }

  struct Heights: Sendable, CustomTestStringConvertible {
    let text: String
    let target: LayoutTarget
    let padding: Bool?
    let pixels: Int
    var testDescription: String {
      "\(target) \(text.debugDescription) pad \(String(describing: padding))"
    }
  }

  /// Heights in px: padding adds the top to the first line and the bottom to the last.
  ///
  /// One line: 55 px with padding (bottom 15 − top −40), 50 without (11 + 39). Two lines: the
  /// first gains the top, the last the bottom: 51 + 54 = 105 px against 100.
  static let heights: [Heights] = [
    Heights(text: "Hi", target: .textView, padding: nil, pixels: 55),
    Heights(text: "Hi", target: .compose, padding: nil, pixels: 50),
    Heights(text: "Hi", target: .textView, padding: false, pixels: 50),
    Heights(text: "Hi", target: .compose, padding: true, pixels: 55),
    Heights(text: "Hi\nthere", target: .textView, padding: nil, pixels: 105),
    Heights(text: "Hi\nthere", target: .compose, padding: nil, pixels: 100),
    Heights(text: "a\nb\nc", target: .textView, padding: nil, pixels: 155),
  ]

  @Test(arguments: heights)
  func lineHeights_fromIntegerMetrics(_ expected: Heights) throws {
    let layout = try Self.layout(expected.text, target: expected.target) {
      $0.includeFontPadding = expected.padding
    }
    #expect(abs(layout.height * 2.625 - Double(expected.pixels)) < 1e-9)
    #expect(layout.height == layout.exactHeight)
    let sum = layout.lines.reduce(0) { $0 + $1.height }
    #expect(abs(sum - layout.height) < 1e-9)
  }

  /// An empty TextView or Compose Text is one line tall (`Layout.getLineCount()` is 1 for "").
  @Test func emptyText_isOneLineTall() throws {
    let textView = try Self.layout("", target: .textView)
    #expect(textView.lineCount == 1 && textView.width == 0)
    #expect(abs(textView.height * 2.625 - 55) < 1e-9)
    let compose = try Self.layout("", target: .compose)
    #expect(abs(compose.height * 2.625 - 50) < 1e-9)
    // An empty paragraph between two others is a line of its own.
    let gap = try Self.layout("a\n\nb", target: .compose)
    #expect(gap.lineCount == 3 && abs(gap.height * 2.625 - 150) < 1e-9)
  }

  /// The width is ceil(px) ÷ density: "Hi" is 13.986 dp = 36.71 px, reported as 37 px.
  @Test(arguments: [LayoutTarget.textView, .compose])
  func width_isCeiledPixels(_ target: LayoutTarget) throws {
    let layout = try Self.layout("Hi", target: target)
    #expect(abs(layout.exactWidth - 13.986) < 1e-9)
    #expect(abs(layout.width * 2.625 - 37) < 1e-9)
  }

  /// The density is the display scale: at 3 px/dp, 42 px text: ascent round(−44.898) = −45,
  /// descent round(12.306) = 12, top floor(−44.814) = −45, bottom ceil(16.338) = 17.
  @Test func density_isTheDisplayScale() throws {
    let layout = try Self.layout("Hi", target: .textView) { $0.displayScale = 3 }
    #expect(abs(layout.height * 3 - 62) < 1e-9)
    let compose = try Self.layout("Hi", target: .compose) { $0.displayScale = 3 }
    #expect(abs(compose.height * 3 - 57) < 1e-9)
  }

  /// Fallback line spacing: Korean drawn by Noto Sans KR (ascender 1160, descender −288)
  /// widens the line to ascent −43, descent 11; off, the base font's metrics stay.
  @Test func fallbackLineSpacing_growsTheLine() throws {
    let on = try Self.layout("안녕", target: .compose)
    let off = try Self.layout("안녕", target: .compose) { $0.fallbackLineSpacing = false }
    #expect(abs(on.height * 2.625 - 54) < 1e-9)
    #expect(abs(off.height * 2.625 - 50) < 1e-9)
    // TextView: the top widens to the line's ascent (−43), the bottom stays 15.
    let textView = try Self.layout("안녕", target: .textView)
    #expect(abs(textView.height * 2.625 - 58) < 1e-9)
  }

  /// Line heights set as `android:lineHeight` and Compose's `lineHeight`.
  ///
  /// `android:lineHeight="24dp"`: 63 px less the font's 50 px spacing adds 13 px to every line
  /// but the last: (51 + 13) + 54 = 118 px. Compose `lineHeight = 24.dp` makes each line
  /// ceil(63) = 63 px.
  @Test func lineHeight_textViewAndCompose() throws {
    let textView = try Self.layout("Hi\nthere", target: .textView) {
      $0.lineHeight = LineHeight(minimum: 24)
    }
    #expect(abs(textView.height * 2.625 - 118) < 1e-9)
    let compose = try Self.layout("Hi\nthere", target: .compose) {
      $0.lineHeight = LineHeight(minimum: 24)
    }
    #expect(abs(compose.height * 2.625 - 126) < 1e-9)
    // lineSpacingExtra 4 dp = round(10.5) = 11 px, multiplier 1.5 on the first line's 51 px:
    // 25.5 + 11 = 36.5, rounded to 37: 51 + 37 + 54 = 142 px.
    let spaced = try Self.layout("Hi\nthere", target: .textView) {
      $0.lineHeight = LineHeight(multiple: 1.5, spacing: 4)
    }
    #expect(abs(spaced.height * 2.625 - 142) < 1e-9)
  }

  // MARK: - maxLines, ellipsis, overflow

  /// Past maxLines a TextView clips: the last visible line is the line as broken, no ellipsis.
  @Test(arguments: [LayoutTarget.textView, .compose])
  func maxLines_clipsByDefault(_ target: LayoutTarget) throws {
    let full = try Self.layout(Self.paragraph, target: target, width: 120)
    let clipped = try Self.layout(Self.paragraph, target: target, width: 120) {
      $0.lineLimit = 2
    }
    #expect(clipped.lineCount == 2)
    #expect(
      Self.lines(Self.paragraph, clipped) == Array(Self.lines(Self.paragraph, full).prefix(2)))
    #expect(clipped.truncation?.mode == .clip)
    #expect(clipped.lines.allSatisfy { !$0.runs.contains(where: \.isEllipsis) })
    let hiddenStart = clipped.lines[1].range.upperBound
    #expect(clipped.truncation?.hiddenRanges == [hiddenStart..<Self.paragraph.utf16.count])
    // The last visible line gets the bottom padding (TextView): 51 + 54 = 105 px.
    if target == .textView { #expect(abs(clipped.height * 2.625 - 105) < 1e-9) }
    #expect(clipped.didOverflow)
  }

  /// `android:ellipsize="end"` / `TextOverflow.Ellipsis`: the last line ends with U+2026.
  @Test(arguments: [LayoutTarget.textView, .compose])
  func maxLines_ellipsizeEnd(_ target: LayoutTarget) throws {
    let layout = try Self.layout(Self.paragraph, target: target, width: 120) {
      $0.lineLimit = 2
      $0.truncation = .tail
    }
    #expect(layout.lineCount == 2)
    #expect(layout.truncation?.mode == .tail)
    let last = try #require(layout.lines.last)
    #expect(last.isTruncated && last.width <= 120 + 1e-6)
    let runs = last.runs
    let ellipsis = try #require(runs.first { $0.isEllipsis })
    #expect(ellipsis.glyphs.count == 1)
    #expect(layout.didOverflow)
  }

  /// Compose's `hasVisualOverflow`: false when everything is shown, true past maxLines.
  @Test func compose_didOverflow() throws {
    let fits = try Self.layout("Save", target: .compose, width: 120) { $0.lineLimit = 1 }
    #expect(!fits.didOverflow)
    let over = try Self.layout(Self.paragraph, target: .compose, width: 120) { $0.lineLimit = 1 }
    #expect(over.didOverflow && over.lineCount == 1)
    let wrapped = try Self.layout(Self.paragraph, target: .compose, width: 120)
    #expect(!wrapped.didOverflow)
  }

  // MARK: - Phrase breaking

  @Test func phrase_korean_breaksBetweenWords() throws {
    let text = "안녕하세요 여러분, 반갑습니다"
    var options = LayoutOptions(width: 100, target: .textView)
    options.language = "ko"
    let context = LayoutContext()
    let units = Array(text.utf16)
    let plain = try LineBreaker.opportunities(
      in: units, boundaries: [], options: options, context: context)
    let phrase = try LineBreaker.opportunities(
      in: units, boundaries: [], options: options, context: context, phrase: true)
    #expect(phrase.map(\.offset) == [6, 11, 16])
    #expect(plain.count > phrase.count)
    options.lineBreakWordStyle = .auto
    #expect(LineBreaker.PhraseRule(options) == .phrase)
  }

  /// ICU 72 honours `ja@lw=phrase`: fewer opportunities than character breaking.
  @Test func phrase_japanese_usesICUPhraseBreaking() throws {
    let text = "今日はとても良い天気ですね。明日も晴れるでしょう。"
    var options = LayoutOptions(width: 100, target: .textView)
    options.language = "ja"
    let context = LayoutContext()
    let units = Array(text.utf16)
    let plain = try LineBreaker.opportunities(
      in: units, boundaries: [], options: options, context: context)
    let phrase = try LineBreaker.opportunities(
      in: units, boundaries: [], options: options, context: context, phrase: true)
    #expect(phrase.count < plain.count)
    #expect(Set(phrase.map(\.offset)).isSubset(of: Set(plain.map(\.offset))))
    options.lineBreakWordStyle = .auto
    #expect(LineBreaker.PhraseRule(options) == .phraseUnderFiveLines)
    options.language = "en"
    #expect(LineBreaker.PhraseRule(options) == .none)
    options.lineBreakWordStyle = .phrase
    #expect(LineBreaker.PhraseRule(options) == .none)
  }
}
