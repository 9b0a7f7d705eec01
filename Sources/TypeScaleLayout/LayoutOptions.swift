// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals
import TypeScaleMetrics

/// How to lay text out: width, line limit, truncation, alignment, direction, spacing, features.
///
/// Every option has Apple's default for the ``target``, a `UILabel` unless set: no wrapping width,
/// no line limit, tail truncation, natural alignment and direction, no kern or tracking, the
/// font's own line height, the label's line-break strategy (``LineBreakStrategy/standard``),
/// sizes rounded up to a 3× pixel grid, font leading included.
///
/// ```swift
/// var options = LayoutOptions(width: 320, lineLimit: 2)
/// options.lineBreakStrategy = .hangulWordPriority   // no push-out
/// options.displayScale = 2
/// options.target = .attributedString                // boundingRect's defaults for the rest
/// ```
public struct LayoutOptions: Hashable, Sendable {
  /// The width lines wrap at, in points, 0…`ValueRanges.maximumPoints` (100,000); `nil` lays
  /// each paragraph out on one line.
  public var width: Double?
  /// The most lines to show; `nil` or 0 for no limit, as `UILabel.numberOfLines = 0`.
  ///
  /// Head and middle ``truncation`` lay text out on a single line whatever the limit, as
  /// Apple's `byTruncatingMiddle` does ("using it with multiline text truncates the text into a
  /// single line").
  ///
  /// Any value ≥ 0 is valid, up to `Int.max`: a limit is a cap, not work to do, so one larger
  /// than the text's line count simply never applies.
  public var lineLimit: Int?
  /// How text past the line limit (or a line too long to fit, with ``Truncation/clip``) is cut.
  public var truncation: Truncation
  /// Where lines sit within the width.
  public var alignment: Alignment
  /// The paragraph direction: from the text (UAX #9 rule P2), or forced.
  public var baseDirection: BaseDirection
  /// The platform API whose defaults apply where ``lineBreakStrategy``, ``displayScale``,
  /// ``usesFontLeading``, ``breakStrategy``, ``includeFontPadding``, ``lineBreakWordStyle`` and
  /// ``fallbackLineSpacing`` are `nil`: ``LayoutTarget/label`` by default.
  ///
  /// ``truncation`` takes the target's default only in the initializer: setting `target` later
  /// leaves it as it is.
  public var target: LayoutTarget
  /// Extra space after every grapheme cluster, in points, as `NSAttributedString.Key.kern` and
  /// SwiftUI's `kerning(_:)`.
  ///
  /// Ligatures stay (a ligature of n clusters gets n times the space after it), and the space
  /// after a line's last cluster counts in its width (SwiftUI: "the kerning affects the
  /// trailing edge of the text view as well"). Ignored while ``tracking`` is not 0, as Core
  /// Text ignores `kCTKernAttributeName` beside a non-zero `kCTTrackingAttributeName`. Unlike
  /// Apple's `.kern`, 0 does not turn the font's own kerning off (use the `kern` feature). May be
  /// negative; at most `ValueRanges.maximumPoints` either way. The rule in full: the
  /// article "How TypeScale matches UIKit".
  public var kern: Double
  /// Extra space after every grapheme cluster, in points, as `NSAttributedString.Key.tracking`
  /// (iOS 14) and SwiftUI's `tracking(_:)`.
  ///
  /// Apple: "the system treats tracking as trailing whitespace. A nonzero amount of tracking
  /// disables nonessential ligatures". So while it is not 0, `liga`, `clig`, `dlig` and `hlig`
  /// are off unless ``features`` sets them, and the space after a line's last cluster hangs
  /// like trailing white space: glyph advances include it, ``Line/width`` does not, and a line
  /// fits the ``width`` when its letters do. May be negative (a width is never below 0); at most
  /// `ValueRanges.maximumPoints` either way.
  public var tracking: Double
  /// OpenType features to turn on or off (`liga` 0, `tnum` 1); the shaper's defaults otherwise.
  public var features: [FontFeature]
  /// Variation axis values to apply to variable faces (`wght` 650), by tag.
  public var variations: [String: Double]
  /// A BCP 47 language (`ko`, `ja`, `sr-Latn`) for shaping (`locl`) and line breaking; `nil`
  /// uses none.
  public var language: String?
  /// Line height and spacing, as `NSParagraphStyle`.
  public var lineHeight: LineHeight
  /// How lines break beyond ICU's rules (push-out, Hangul word priority); `nil` uses the
  /// ``target``'s: ``LineBreakStrategy/standard`` for a label, none (`[]`) for an attributed
  /// string.
  public var lineBreakStrategy: LineBreakStrategy?
  /// Whether a line's height includes the font's line gap (`hhea.lineGap`), as TextKit's
  /// `usesFontLeading` and `NSStringDrawingOptions.usesFontLeading`; `nil` uses the
  /// ``target``'s: yes for a label, no for an attributed string.
  public var usesFontLeading: Bool?
  /// Whether to wrap at word boundaries (the default) or at any grapheme cluster.
  public var wrapping: Wrapping
  /// The smallest scale the font may shrink to so the text fits the line limit without
  /// truncation, like `UILabel.minimumScaleFactor` and SwiftUI's `minimumScaleFactor`; 1 (the
  /// default) never shrinks.
  public var minimumScaleFactor: Double
  /// Pixels per point to round the reported size up to (1, 2, 3), as `UILabel.sizeThatFits`
  /// does; for the Android targets, the density (px per dp), whose pixel grid font metrics and
  /// sizes are rounded to.
  ///
  /// `nil` uses the ``target``'s: 3 for a label, exact sizes for an attributed string, 2.625
  /// for the Android targets.
  /// ``TextLayout/exactWidth`` and ``TextLayout/exactHeight`` always hold the exact sizes.
  ///
  /// In `ValueRanges.displayScales` (0.5…10).
  public var displayScale: Double?
  /// How lines are chosen among the break opportunities (Android's `breakStrategy`); `nil` uses
  /// the ``target``'s: ``BreakStrategy/highQuality`` for a `TextView`, ``BreakStrategy/simple``
  /// (greedy) for every other target.
  public var breakStrategy: BreakStrategy?
  /// Android's `includeFontPadding`: whether the text's first and last lines reach the font's
  /// bounds.
  ///
  /// When on, the first line's top and the last visible line's bottom are
  /// `FontMetricsInt.top`/`bottom` instead of its ascent and descent. `nil` uses the
  /// ``target``'s: on for a `TextView`, off for Compose.
  /// Ignored by the Apple targets.
  public var includeFontPadding: Bool?
  /// Phrase breaking for Japanese and Korean, Android's `lineBreakWordStyle`.
  ///
  /// `nil` uses the ``target``'s, ``LineBreakWordStyle/none``. Applies to every target.
  public var lineBreakWordStyle: LineBreakWordStyle?
  /// Whether a line grows to fit the fallback fonts drawn on it, Android's
  /// `setUseFallbackLineSpacing`.
  ///
  /// `nil` uses the ``target``'s: on. When off, an Android line's
  /// height comes from the primary font alone. Ignored by the Apple targets, whose lines always
  /// fit every face on them.
  public var fallbackLineSpacing: Bool?
  /// Android's `Paint.setElegantTextHeight`: whether the base font's metrics are replaced by
  /// fixed proportions of the size.
  ///
  /// With it on, hwui's `getFontMetricsInt` reports top −2500, ascent −1900, descent 500 and
  /// bottom 1000 per 2048 of the text size whatever the font (`android_graphics_Paint.cpp`,
  /// `kElegantTop` and the rest). Android turns it on by default for apps targeting API 35 and
  /// always from API 36 (`Paint.isElegantTextHeight`); `nil` uses the ``target``'s, off (the
  /// font's own metrics, as apps targeting API 34 or lower get). Ignored by the Apple targets.
  public var elegantTextHeight: Bool?

  /// The break strategy that applies: ``breakStrategy``, or the ``target``'s.
  public var effectiveBreakStrategy: BreakStrategy { breakStrategy ?? target.breakStrategy }

  /// Whether font padding applies: ``includeFontPadding``, or the ``target``'s.
  public var effectiveIncludeFontPadding: Bool {
    includeFontPadding ?? target.includeFontPadding
  }

  /// The word style that applies: ``lineBreakWordStyle``, or the ``target``'s.
  public var effectiveLineBreakWordStyle: LineBreakWordStyle {
    lineBreakWordStyle ?? target.lineBreakWordStyle
  }

  /// Whether fallback line spacing applies: ``fallbackLineSpacing``, or the ``target``'s.
  public var effectiveFallbackLineSpacing: Bool {
    fallbackLineSpacing ?? target.fallbackLineSpacing
  }

  /// Whether elegant text height applies: ``elegantTextHeight``, or the ``target``'s (off).
  public var effectiveElegantTextHeight: Bool { elegantTextHeight ?? target.elegantTextHeight }

  /// The line-break strategy that applies: ``lineBreakStrategy``, or the ``target``'s.
  public var effectiveLineBreakStrategy: LineBreakStrategy {
    lineBreakStrategy ?? target.lineBreakStrategy
  }

  /// The display scale sizes are rounded to: ``displayScale``, or the ``target``'s (`nil`:
  /// exact).
  public var effectiveDisplayScale: Double? { displayScale ?? target.displayScale }

  /// Whether line heights include the font's line gap: ``usesFontLeading``, or the
  /// ``target``'s.
  public var effectiveUsesFontLeading: Bool { usesFontLeading ?? target.usesFontLeading }

  /// Creates options.
  ///
  /// - Parameters:
  ///   - width: The wrapping width in points, or `nil`.
  ///   - lineLimit: The most lines, or `nil` for no limit.
  ///   - truncation: How to cut text past the limit; `nil` (the default) uses the target's
  ///     (``LayoutTarget/truncation``): tail for the Apple targets, clip for the Android ones.
  ///   - alignment: Where lines sit.
  ///   - baseDirection: The paragraph direction.
  ///   - target: The platform API whose defaults apply; a label by default.
  public init(
    width: Double? = nil, lineLimit: Int? = nil, truncation: Truncation? = nil,
    alignment: Alignment = .natural, baseDirection: BaseDirection = .natural,
    target: LayoutTarget = .label
  ) {
    self.target = target
    self.kern = 0
    self.width = width
    self.lineLimit = lineLimit
    self.truncation = truncation ?? target.truncation
    self.alignment = alignment
    self.baseDirection = baseDirection
    self.tracking = 0
    self.features = []
    self.variations = [:]
    self.language = nil
    self.lineHeight = LineHeight()
    self.lineBreakStrategy = nil
    self.usesFontLeading = nil
    self.wrapping = .word
    self.minimumScaleFactor = 1
    self.displayScale = nil
    self.breakStrategy = nil
    self.includeFontPadding = nil
    self.lineBreakWordStyle = nil
    self.fallbackLineSpacing = nil
    self.elegantTextHeight = nil
  }

  /// Checks every value, naming the first bad one.
  ///
  /// `TextLayoutEngine` calls this before laying anything out; call it yourself to check
  /// options read from a request before doing other work.
  ///
  /// ```swift
  /// var options = LayoutOptions(width: 1e8)
  /// try options.validate()  // width 100000000 is not valid; use a finite number in 0…100000 …
  /// ```
  ///
  /// - Throws: ``LayoutError/Code/invalidOption`` naming the value and its valid range: a width
  ///   outside 0…`ValueRanges.maximumPoints`, a negative line limit, kern, tracking or a line height
  ///   beyond `ValueRanges.maximumPoints`, a minimum scale factor outside (0, 1], a display scale
  ///   outside `ValueRanges.displayScales`, a bad variation or feature tag.
  public func validate() throws(LayoutError) {
    let maximum = ValueRanges.maximumPoints
    if let width, !(width.isFinite && width >= 0 && width <= maximum) {
      throw .option(
        "width \(NumberText.shortest(width)) is not valid; use a finite number in 0…"
          + "\(NumberText.shortest(maximum)) points (ValueRanges.maximumPoints), or none for no wrapping"
      )
    }
    if let lineLimit, lineLimit < 0 {
      throw .option(
        "line limit \(lineLimit) is not valid; use 0 or nil for no limit, or 1…\(Int.max)")
    }
    // Checked without building a list of them: validation runs once per layout.
    func checkSpacing(_ name: String, _ value: Double) throws(LayoutError) {
      guard !(value.isFinite && abs(value) <= maximum) else { return }
      throw .option(
        "\(name) \(NumberText.shortest(value)) is not valid; use a finite number of points in "
          + "-\(NumberText.shortest(maximum))…\(NumberText.shortest(maximum)) (ValueRanges.maximumPoints)"
      )
    }
    try checkSpacing("kern", kern)
    try checkSpacing("tracking", tracking)
    guard minimumScaleFactor.isFinite, minimumScaleFactor > 0, minimumScaleFactor <= 1 else {
      throw .option(
        "minimum scale factor \(NumberText.shortest(minimumScaleFactor)) is not valid; use a number in (0, 1]"
      )
    }
    if let displayScale,
      !(displayScale.isFinite && ValueRanges.displayScales.contains(displayScale))
    {
      let range = ValueRanges.displayScales
      throw .option(
        "display scale \(NumberText.shortest(displayScale)) is not valid; use a number of pixels per "
          + "point in \(NumberText.shortest(range.lowerBound))…\(NumberText.shortest(range.upperBound)) "
          + "(ValueRanges.displayScales), or none for exact sizes")
    }
    for (tag, value) in variations {
      guard tag.utf8.count == 4, value.isFinite else {
        throw .option(
          "variation \(tag)=\(NumberText.shortest(value)) is not valid; use a 4-letter tag and a number"
        )
      }
    }
    try lineHeight.validate()
    for feature in features { try feature.validate() }
  }

  /// Cutting text that does not fit, as `NSLineBreakMode`'s truncating modes.
  public enum Truncation: String, Hashable, Sendable, CaseIterable {
    /// `Hello wor…`: lines wrap up to the line limit and only the last one is cut, as a
    /// `UILabel` truncates the last line of multiline text (`byTruncatingTail`).
    case tail
    /// `…lo world`: the text is laid out on one line that shows its end, whatever the line
    /// limit.
    ///
    /// Apple's `byTruncatingHead` says only that "although this mode works for multiline text,
    /// it's more often used for single line text"; TypeScale treats it as middle truncation's
    /// documentation says, one line, because the end head truncation keeps can only end one.
    case head
    /// `Hel…orld`: the text is laid out on one line whatever the line limit, as Apple's
    /// `byTruncatingMiddle`: "Use this mode for single-line layout; using it with multiline
    /// text truncates the text into a single line."
    case middle
    /// No ellipsis: text past the last line, or past the width, is cut.
    case clip
  }

  /// Where lines sit within the width.
  public enum Alignment: String, Hashable, Sendable, CaseIterable {
    /// Left in left-to-right paragraphs, right in right-to-left ones.
    case leading
    /// Centered.
    case center
    /// Right in left-to-right paragraphs, left in right-to-left ones.
    case trailing
    /// Apple's `.natural`: leading for the paragraph's direction.
    case natural
    /// Both edges: spaces between words widen, except on a paragraph's last line.
    case justified
  }

  /// The paragraph direction.
  public enum BaseDirection: String, Hashable, Sendable, CaseIterable {
    /// From the first strong character (UAX #9 P2–P3), left-to-right when there is none.
    case natural
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
  }

  /// Word or character wrapping.
  public enum Wrapping: String, Hashable, Sendable, CaseIterable {
    /// At word boundaries; a word wider than the line breaks between grapheme clusters.
    case word
    /// At any grapheme cluster, as `NSLineBreakMode.byCharWrapping`.
    case character
  }
}

/// An OpenType feature setting, such as `liga` off or `tnum` on.
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
  /// The four-letter tag.
  public let tag: String
  /// The value: 0 off, 1 on, or an alternate index.
  public let value: UInt32

  /// Creates a feature setting.
  ///
  /// - Parameters:
  ///   - tag: A four-letter OpenType feature tag.
  ///   - value: 0 for off, 1 for on, or an alternate's index.
  public init(_ tag: String, _ value: UInt32 = 1) {
    self.tag = tag
    self.value = value
  }

  /// Turns a feature off.
  public static func off(_ tag: String) -> FontFeature { FontFeature(tag, 0) }

  /// Turns a feature on.
  public static func on(_ tag: String) -> FontFeature { FontFeature(tag, 1) }

  /// `liga=0`.
  public var description: String { "\(tag)=\(value)" }

  func validate() throws(LayoutError) {
    guard tag.utf8.count == 4, tag.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
      throw .option("feature tag \"\(tag)\" is not valid; use four ASCII characters, such as liga")
    }
  }
}

/// Line height and spacing, with `NSParagraphStyle`'s semantics.
///
/// A line's natural height is the largest `ascender − descender + lineGap` (the `hhea` values)
/// among the faces on it, at its size. It is multiplied by ``multiple``, then clamped to
/// ``minimum`` and ``maximum``; ``spacing`` is added between lines.
///
/// The Android targets (``LayoutTarget/textView``, ``LayoutTarget/compose``) read it the
/// Android way: ``minimum`` > 0 is the line height (`android:lineHeight`, Compose's
/// `TextStyle.lineHeight`), ``multiple`` a `TextView`'s `lineSpacingMultiplier` and ``spacing``
/// its `lineSpacingExtra` (both ignored by Compose, which has neither); ``maximum`` is ignored.
public struct LineHeight: Hashable, Sendable {
  /// `lineHeightMultiple`: 0 or 1 leaves the natural height.
  public var multiple: Double
  /// `minimumLineHeight` in points; 0 for none.
  public var minimum: Double
  /// `maximumLineHeight` in points; 0 for none.
  public var maximum: Double
  /// `lineSpacing`: points added between lines.
  public var spacing: Double

  /// Creates line-height options.
  ///
  /// - Parameters:
  ///   - multiple: The line-height multiple; 0 or 1 for natural.
  ///   - minimum: The minimum line height in points; 0 for none.
  ///   - maximum: The maximum line height in points; 0 for none.
  ///   - spacing: Points between lines.
  public init(multiple: Double = 0, minimum: Double = 0, maximum: Double = 0, spacing: Double = 0) {
    self.multiple = multiple
    self.minimum = minimum
    self.maximum = maximum
    self.spacing = spacing
  }

  func validate() throws(LayoutError) {
    // Checked without building a list of them: validation runs once per layout.
    func check(_ name: String, _ value: Double) throws(LayoutError) {
      guard !(value.isFinite && value >= 0 && value <= ValueRanges.maximumPoints) else { return }
      throw .option(
        "\(name) \(NumberText.shortest(value)) is not valid; use a finite number ≥ 0 and ≤ "
          + "\(NumberText.shortest(ValueRanges.maximumPoints)) (ValueRanges.maximumPoints)")
    }
    try check("line-height multiple", multiple)
    try check("minimum line height", minimum)
    try check("maximum line height", maximum)
    try check("line spacing", spacing)
  }

  /// Applies multiple, then the clamp, to a natural height.
  func apply(to natural: Double) -> Double {
    var height = multiple > 0 ? natural * multiple : natural
    if minimum > 0 { height = max(height, minimum) }
    if maximum > 0 { height = min(height, maximum) }
    return height
  }
}
