// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// The laid-out text: its size, its lines with their glyph runs, whether it was truncated, and
/// what fell back — the pipeline's final value.
///
/// Positions are in points with the origin at the layout's top left; y grows downward. Text
/// ranges are UTF-16 offsets into ``text`` (as `NSString`, ICU and JavaScript count).
///
/// ```swift
/// let registry = try FontRegistry()
/// let engine = TextLayoutEngine(registry: registry)
/// let font = try LayoutFont(face: registry.defaultFace, pointSize: 17)
/// let layout = try engine.layout("안녕하세요 여러분", font: font, options: .init(width: 100))
/// (layout.width, layout.height)            // 78.333, 49.333: on the 3× pixel grid, as a label
/// (layout.exactWidth, layout.exactHeight)  // 78.2, 49.317
/// layout.lines.map(\.range)                // [0..<6, 6..<9]: "안녕하세요 " and "여러분"
/// layout.diagnostics.fallbackFaces.map(\.postScriptName)  // ["NotoSansCJKkr-Regular"]
/// ```
public struct TextLayout: Sendable {
  /// The text that was laid out.
  public let text: String
  /// The font, at the size that was finally used (after any shrinking).
  public let font: LayoutFont
  /// The options used.
  public let options: LayoutOptions
  /// The width: the widest line, without trailing spaces, in points — rounded up to the pixel
  /// grid of ``LayoutOptions/effectiveDisplayScale`` (3 for a label unless set), as
  /// `UILabel.sizeThatFits(_:)` reports it.
  ///
  /// With a display scale of 3 this is a whole number of thirds of a point: `width × 3` is a
  /// whole number. A size within a millionth of a pixel of a grid line stays on it, so that the
  /// rounding error of sums of doubles never costs a pixel. Without a display scale (an
  /// ``LayoutTarget/attributedString`` target) it equals ``exactWidth``.
  public let width: Double
  /// The height: every line's height plus the spacing between them, in points — rounded up to
  /// the pixel grid of ``LayoutOptions/effectiveDisplayScale``, as ``width`` is (17 pt text
  /// whose line height is 20.287 reports 20.333 at 3×).
  public let height: Double
  /// The width before pixel rounding, in points: the widest ``Line/width``.
  public let exactWidth: Double
  /// The height before pixel rounding, in points: the last line's bottom.
  public let exactHeight: Double
  /// The visible lines, top to bottom.
  public let lines: [Line]
  /// Where text was cut to fit the line limit, or `nil` when all of it is shown.
  public let truncation: Truncation?
  /// The scale shrinking applied to the font to make the text fit (1 when it did not shrink).
  public let scaleFactor: Double
  /// What fell back or could not be drawn.
  public let diagnostics: LayoutDiagnostics

  /// The point size used: the font's size times ``scaleFactor``.
  public var pointSize: Double { font.pointSize }

  /// The number of visible lines.
  public var lineCount: Int { lines.count }

  /// Whether text was cut.
  public var isTruncated: Bool { truncation != nil }

  /// Whether the text does not fit its box: text past the line limit is hidden (clipped or
  /// ellipsized), or a line is wider than ``LayoutOptions/width``.
  ///
  /// Compose's `TextLayoutResult.hasVisualOverflow`: `didOverflowWidth || didOverflowHeight`,
  /// where the height overflows when the paragraph exceeded `maxLines` (AndroidX
  /// `TextLayoutResult.kt`, `MultiParagraphLayoutCache`); a `TextView` under `maxLines` hides
  /// the same text. The rule is the same for every target.
  public var didOverflow: Bool {
    if truncation != nil { return true }
    guard let limit = options.width else { return false }
    return lines.contains { $0.width > limit + 1e-6 }
  }

  /// Whether any line breaks inside a word too wide for the width.
  public var breaksWords: Bool { lines.contains(where: \.breaksWord) }

  /// Where and how text was cut.
  public struct Truncation: Hashable, Sendable {
    /// The visible line that carries the ellipsis (or was clipped).
    public let lineIndex: Int
    /// The mode that was applied.
    public let mode: LayoutOptions.Truncation
    /// The UTF-16 ranges of ``TextLayout/text`` that are not shown, in order.
    public let hiddenRanges: [Range<Int>]
  }
}

/// One laid-out line.
///
/// Its numbers are exact: positions, widths and heights in points as the fonts give them, never
/// rounded to the pixel grid (only ``TextLayout/width`` and ``TextLayout/height`` are), so that
/// the lines add up to ``TextLayout/exactHeight``.
public struct Line: Sendable {
  /// The UTF-16 range of the text the line shows (for a truncated line, from its first shown
  /// character to its last).
  public let range: Range<Int>
  /// The width of the line's content, in points, exact: trailing white space hangs and is not
  /// counted, nor is the tracking after the last cluster (which hangs with it); kern after the
  /// last cluster is (``LayoutOptions/kern``).
  public let width: Double
  /// The x of the line's content, after alignment, in points.
  public let x: Double
  /// The y of the line box's top, in points.
  public let top: Double
  /// The line box's height (after the line-height multiple and clamps), in points.
  public let height: Double
  /// The largest ascender among the faces on the line, in points (positive).
  public let ascent: Double
  /// The largest descender among the faces on the line, in points (positive, below the baseline).
  public let descent: Double
  /// The font leading included in the line's height: the largest line gap (`hhea.lineGap`)
  /// among the faces on the line, in points — or 0 when
  /// ``LayoutOptions/effectiveUsesFontLeading`` is off (an ``LayoutTarget/attributedString``
  /// target), because then no leading is part of the line.
  ///
  /// The leading sits below the descent: the line box is `ascent + descent + leading` before
  /// ``LineHeight`` applies, and the baseline is ``descent`` + ``leading`` above its bottom.
  public let leading: Double
  /// The y of the baseline, in points from the layout's top.
  public let baseline: Double
  /// The glyph runs in visual order, left to right.
  ///
  /// Glyph positions are computed from the line's shaped runs when this is read, not when the
  /// text is laid out: measuring (width, height, line count) never pays for them. Each read
  /// builds the array again, so read it once per line and keep it. This differs from Core
  /// Text, whose `CTLineGetGlyphRuns` returns runs built with the line; the values are the same.
  /// (Pango similarly keeps per-glyph widths and computes absolute positions when iterated.)
  ///
  /// - Complexity: O(glyphs on the line) per read.
  public var runs: [GlyphRun] { glyphs.runs() }
  /// The line's shaped pieces, positioned by ``runs``.
  let glyphs: LineGlyphs
  /// Whether this line carries the truncation.
  public let isTruncated: Bool
  /// Whether a mandatory break (a paragraph end, U+2028) ends the line.
  public let endsWithMandatoryBreak: Bool
  /// Whether the line ends inside a word that was wider than the width, broken between grapheme
  /// clusters.
  public let breaksWord: Bool
}

/// Glyphs of one face, direction and script on a line, positioned: what a renderer draws.
public struct GlyphRun: Sendable {
  /// The face that draws the run.
  public let face: FontFace
  /// The size in points.
  public let pointSize: Double
  /// Variation coordinates applied to the face, by tag.
  public let variations: [String: Double]
  /// Glyph IDs in visual order.
  public let glyphs: [UInt32]
  /// Each glyph's pen position x, in points from the layout's left (offsets applied).
  public let xs: [Double]
  /// Each glyph's y, in points from the layout's top: the baseline, minus any vertical offset.
  public let ys: [Double]
  /// Each glyph's advance, in points, letter spacing included (``LayoutOptions/kern`` or
  /// ``LayoutOptions/tracking``, once per grapheme cluster, held by the glyph at the cluster's
  /// end: its last glyph left to right, its first in visual order right to left).
  public let advances: [Double]
  /// Each glyph's cluster: the UTF-16 offset in the text of its first character (for hit-testing).
  public let clusters: [Int]
  /// The UTF-16 range of the text the run draws.
  public let range: Range<Int>
  /// Whether the run is right to left.
  public let isRightToLeft: Bool
  /// The ISO 15924 script tag.
  public let script: String
  /// Whether this run is the truncation ellipsis.
  public let isEllipsis: Bool
}

/// What a layout could not do as asked: font names that fell back, faces borrowed from the
/// cascade, characters nothing could draw.
public struct LayoutDiagnostics: Sendable {
  /// What font resolution substituted before layout (a name not registered, a weight).
  public let fontResolution: [FontDiagnostic]
  /// Faces other than the font's own that drew some characters, in order of first use.
  public let fallbackFaces: [FontFace]
  /// Characters no face in the cascade covers (drawn as `.notdef` of the primary face), once each.
  public let missingCharacters: [Unicode.Scalar]

  /// Whether everything was drawn by the requested face exactly as asked.
  public var isEmpty: Bool {
    fontResolution.isEmpty && fallbackFaces.isEmpty && missingCharacters.isEmpty
  }
}
