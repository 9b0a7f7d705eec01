// SPDX-License-Identifier: Apache-2.0

/// The Apple API whose defaults a layout reproduces: a `UILabel`, or an attributed string measured
/// with `boundingRect(with:options:context:)`.
///
/// The two differ in three defaults, each of which ``LayoutOptions`` can still set on its own:
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
/// ```swift
/// var options = LayoutOptions(width: 343)
/// options.target = .attributedString   // boundingRect's numbers: exact, ICU's plain breaks
/// ```
public enum LayoutTarget: String, Hashable, Sendable, CaseIterable {
  /// A `UILabel` with its defaults: Apple's standard line-break strategy, sizes rounded up to
  /// the pixel grid as `intrinsicContentSize` and `sizeThatFits(_:)` report them, font leading.
  case label
  /// An `NSAttributedString` with a plain `NSParagraphStyle`, measured with
  /// `boundingRect(with: size, options: .usesLineFragmentOrigin, context: nil)`: no line-break
  /// strategy, exact fractional sizes, no font leading.
  case attributedString

  /// The line-break strategy when ``LayoutOptions/lineBreakStrategy`` is `nil`.
  public var lineBreakStrategy: LayoutOptions.LineBreakStrategy {
    switch self {
    case .label: .standard
    case .attributedString: []
    }
  }

  /// The display scale sizes are rounded up to when ``LayoutOptions/displayScale`` is `nil`:
  /// 3 (an iPhone's) for a label, none (exact sizes) for an attributed string.
  public var displayScale: Double? {
    switch self {
    case .label: 3
    case .attributedString: nil
    }
  }

  /// Whether line heights include the font's line gap when ``LayoutOptions/usesFontLeading`` is
  /// `nil`.
  public var usesFontLeading: Bool {
    switch self {
    case .label: true
    case .attributedString: false
    }
  }
}
