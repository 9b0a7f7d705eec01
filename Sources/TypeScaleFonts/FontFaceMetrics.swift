// SPDX-License-Identifier: Apache-2.0

/// A face's vertical metrics and size in font units, as Apple's platforms read them.
///
/// Ascender, descender and line gap come from the `hhea` table, the table CoreText uses for line
/// height (`ascender − descender + lineGap`). Cap height and x-height come from OS/2 version 2 and
/// later, or are measured from the outlines of `H` and `x` when the table lacks them.
public struct FontFaceMetrics: Hashable, Sendable, Codable {
  /// Font units per em (`head.unitsPerEm`), usually 1000 or 2048.
  public let unitsPerEm: Int
  /// The distance from the baseline to the top of the line, in font units (`hhea.ascender`,
  /// positive).
  public let ascender: Int
  /// The distance from the baseline to the bottom of the line, in font units (`hhea.descender`,
  /// negative).
  public let descender: Int
  /// Extra space between lines, in font units (`hhea.lineGap`).
  public let lineGap: Int
  /// The height of capital letters, in font units, or `nil` when neither OS/2 nor an `H` glyph
  /// gives it.
  public let capHeight: Int?
  /// The height of lower-case letters, in font units, or `nil` when neither OS/2 nor an `x` glyph
  /// gives it.
  public let xHeight: Int?
  /// The number of glyphs in the face (`maxp.numGlyphs`).
  public let glyphCount: Int

  /// The default line height in font units: `ascender − descender + lineGap`, as Apple computes it.
  public var lineHeight: Int { ascender - descender + lineGap }

  /// The line height in points at a point size: `lineHeight × size ⁄ unitsPerEm`.
  ///
  /// - Parameter pointSize: The font size in points.
  /// - Returns: The line height in points.
  public func lineHeight(atPointSize pointSize: Double) -> Double {
    Double(lineHeight) * pointSize / Double(unitsPerEm)
  }
}
