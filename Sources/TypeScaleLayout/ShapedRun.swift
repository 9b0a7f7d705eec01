// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// A run of text with one direction, script, language and face: the itemizer's output, the
/// shaper's input.
struct TextRun: Hashable, Sendable {
  /// The run's UTF-16 range within its paragraph.
  var range: Range<Int>
  /// The UAX #9 embedding level; odd levels are right-to-left.
  var level: UInt8
  /// The UAX #24 script code (ICU's `UScriptCode`); ``scriptTag`` is its ISO 15924 tag.
  var script: Int32
  /// The face that draws the run.
  var face: FontFace

  var isRightToLeft: Bool { level & 1 == 1 }

  /// The ISO 15924 script tag, such as `Latn` or `Hang`.
  var scriptTag: String { UnicodeServices.scriptTag(script) }
}

/// Shaped glyphs in font units: immutable, shared between the shape cache and every layout that
/// uses them.
///
/// Glyphs are in HarfBuzz's output order — visual order, so right-to-left runs come reversed.
/// Positions are in font units because shaping happens at a scale of one unit per font unit.
final class ShapedGlyphs: Sendable {
  /// One glyph, as HarfBuzz positioned it.
  struct Glyph: Sendable {
    /// The glyph ID.
    let id: UInt32
    /// The UTF-16 offset, relative to the shaped text's start, of the first character it
    /// belongs to.
    let cluster: Int32
    /// The horizontal advance, in font units.
    let advance: Int32
    /// The horizontal offset, in font units.
    let offsetX: Int32
    /// The vertical offset, in font units.
    let offsetY: Int32
    /// Whether breaking the line before this glyph would change shaping
    /// (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`).
    let unsafeToBreak: Bool
  }

  /// The glyphs, in one array: one allocation per shaped run.
  let glyphs: [Glyph]

  init(glyphs: [Glyph]) { self.glyphs = glyphs }

  /// The approximate heap bytes held, for the cache budget.
  var byteCount: Int { glyphs.count * MemoryLayout<Glyph>.stride + 64 }

  var count: Int { glyphs.count }

  subscript(index: Int) -> Glyph { glyphs[index] }
}

/// A run and its shaped glyphs: the shaper's output.
struct ShapedRun: Sendable {
  /// The run.
  var run: TextRun
  /// The glyphs, clusters relative to `run.range.lowerBound`.
  var glyphs: ShapedGlyphs
  /// Font units per em of the run's face.
  var unitsPerEm: Int32
  /// Whether the face's shaping depends on the size (an `opsz` axis, a `trak` table): then the
  /// glyphs are good for the size they were shaped at only.
  var sizeDependent = false
}
