// SPDX-License-Identifier: Apache-2.0

internal import CHarfBuzz

/// An immutable HarfBuzz font: a shared ``HarfBuzzFace`` at one set of variations.
///
/// Its scale is one unit per font unit. Wraps `hb_font_create()`; destroyed with
/// `hb_font_destroy()`. The font references its face (HarfBuzz keeps its own reference, and
/// ``face`` keeps the Swift owner), so many fonts — one per size of a size-dependent face, one
/// per set of variations — share one copy of the face's bytes and tables.
///
/// Shaping at the face's units per em gives positions in font units, which scale linearly to any
/// size (hinting is off): one shaping serves every size. The font is made immutable
/// (`hb_font_make_immutable`) before it is shared, and HarfBuzz's own OpenType functions are
/// thread-safe, so many threads shape with it at once.
final class HarfBuzzFont: @unchecked Sendable {
  let font: OpaquePointer
  /// The face this font was made from.
  let face: HarfBuzzFace
  /// Font units per em.
  var unitsPerEm: Int32 { face.unitsPerEm }
  /// Whether shaping depends on the size: an `opsz` axis or a `trak` table.
  var isSizeDependent: Bool { face.isSizeDependent }
  /// Whether Han, Hiragana and Katakana shape alike in this font
  /// (``HarfBuzzFace/sharesHanKanaShaping``).
  var sharesHanKanaShaping: Bool { face.sharesHanKanaShaping }

  /// Creates a font for a face with variation coordinates and, for a size-dependent face, a
  /// point size (which also sets `opsz` unless `coordinates` does).
  ///
  /// - Throws: ``LayoutError/Code/fontUnavailable`` when HarfBuzz cannot create the font.
  init(
    face: HarfBuzzFace, coordinates: [String: Double], pointSize: Double?, name: String
  ) throws(LayoutError) {
    guard let font = hb_font_create(face.face) else {
      throw LayoutError(.fontUnavailable, "HarfBuzz could not create a font for \(name)")
    }
    self.face = face
    self.font = font
    hb_font_set_scale(font, face.unitsPerEm, face.unitsPerEm)

    var values = coordinates
    if let pointSize {
      if face.hasOpticalSize && values["opsz"] == nil { values["opsz"] = pointSize }
      hb_font_set_ptem(font, Float(pointSize))
    }
    if !values.isEmpty {
      let variations = values.sorted { $0.key < $1.key }.map {
        hb_variation_t(tag: HarfBuzzFont.tag($0.key), value: Float($0.value))
      }
      variations.withUnsafeBufferPointer {
        hb_font_set_variations(font, $0.baseAddress, UInt32($0.count))
      }
    }
    hb_font_make_immutable(font)
  }

  deinit { hb_font_destroy(font) }

  /// The glyph HarfBuzz maps a scalar to, or 0 (`.notdef`).
  func glyph(for scalar: Unicode.Scalar) -> UInt32 {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 ? glyph : 0
  }

  /// `HB_TAG` for a four-character string.
  static func tag(_ string: String) -> hb_tag_t {
    var value: UInt32 = 0
    for byte in string.utf8.prefix(4) { value = value << 8 | UInt32(byte) }
    for _ in min(4, string.utf8.count)..<4 { value = value << 8 | 0x20 }
    return value
  }
}
