// SPDX-License-Identifier: Apache-2.0

internal import CHarfBuzz
import TypeScaleFonts

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An immutable HarfBuzz font for one face and set of variations.
///
/// Its scale is one unit per font unit. Wraps `hb_blob_create()`, `hb_face_create()` and `hb_font_create()`; destroyed with
/// `hb_font_destroy()` / `hb_face_destroy()` / `hb_blob_destroy()`.
///
/// Shaping at the face's units per em gives positions in font units, which scale linearly to any
/// size (hinting is off): one shaping serves every size (DESIGN.md, key decision 1). The font is
/// made immutable (`hb_font_make_immutable`) before it is shared, and HarfBuzz's own OpenType
/// functions are thread-safe, so many threads shape with it at once.
final class HarfBuzzFont: @unchecked Sendable {
  let font: OpaquePointer
  private let face: OpaquePointer
  /// Font units per em.
  let unitsPerEm: Int32
  /// Whether shaping depends on the size: an `opsz` axis or a `trak` table.
  let isSizeDependent: Bool
  /// Whether Han, Hiragana and Katakana shape alike in this font.
  ///
  /// True when its GSUB and GPOS give the `hani` and `kana` scripts the same language systems
  /// with the same features (or have neither): HarfBuzz shapes all three with its default
  /// shaper, so the OpenType script tag is the only difference, and then a Japanese run that
  /// alternates between them can be shaped as one.
  let sharesHanKanaShaping: Bool

  /// Creates a font from plain sfnt bytes (copied; HarfBuzz frees the copy).
  ///
  /// - Throws: ``LayoutError/Code/fontUnavailable`` when HarfBuzz finds no such face.
  init(
    bytes: [UInt8], collectionIndex: Int, coordinates: [String: Double], pointSize: Double?,
    name: String
  ) throws(LayoutError) {
    guard let memory = malloc(max(1, bytes.count)) else {
      throw LayoutError(.engineFailure, "out of memory loading \(name)")
    }
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { _ = memcpy(memory, base, source.count) }
    }
    let blob = hb_blob_create(
      memory.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), HB_MEMORY_MODE_READONLY,
      memory, { free($0) })
    defer { hb_blob_destroy(blob) }
    guard hb_face_count(blob) > UInt32(collectionIndex) else {
      throw LayoutError(
        .fontUnavailable, "\(name) has no face \(collectionIndex) HarfBuzz can read")
    }
    guard let face = hb_face_create(blob, UInt32(collectionIndex)) else {
      throw LayoutError(.fontUnavailable, "HarfBuzz could not open \(name)")
    }
    self.face = face
    let upem = Int32(hb_face_get_upem(face))
    unitsPerEm = upem
    guard let font = hb_font_create(face) else {
      hb_face_destroy(face)
      throw LayoutError(.fontUnavailable, "HarfBuzz could not create a font for \(name)")
    }
    self.font = font
    hb_font_set_scale(font, upem, upem)

    var axisCount: UInt32 = hb_ot_var_get_axis_count(face)
    var axes = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(axisCount))
    hb_ot_var_get_axis_infos(face, 0, &axisCount, &axes)
    let hasOpticalSize = axes.prefix(Int(axisCount)).contains {
      $0.tag == HarfBuzzFont.tag("opsz")
    }
    let trak = hb_face_reference_table(face, HarfBuzzFont.tag("trak"))
    let hasTracking = hb_blob_get_length(trak) > 0
    hb_blob_destroy(trak)
    isSizeDependent = hasOpticalSize || hasTracking
    sharesHanKanaShaping = [HarfBuzzFont.tag("GSUB"), HarfBuzzFont.tag("GPOS")].allSatisfy {
      HarfBuzzFont.languageSystems(face, table: $0, script: HarfBuzzFont.tag("hani"))
        == HarfBuzzFont.languageSystems(face, table: $0, script: HarfBuzzFont.tag("kana"))
    }

    var values = coordinates
    if let pointSize {
      if hasOpticalSize && values["opsz"] == nil { values["opsz"] = pointSize }
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

  deinit {
    hb_font_destroy(font)
    hb_face_destroy(face)
  }

  /// A script's language systems in a layout table, as comparable values.
  ///
  /// For the default system and each language tag: the required feature and the feature
  /// indices. `nil` when the table has no such script.
  private static func languageSystems(
    _ face: OpaquePointer, table: hb_tag_t, script: hb_tag_t
  ) -> [[UInt32]]? {
    var scriptIndex: UInt32 = 0
    guard hb_ot_layout_table_find_script(face, table, script, &scriptIndex) != 0 else {
      return nil
    }
    func features(_ language: UInt32) -> [UInt32] {
      var required: UInt32 = 0
      _ = hb_ot_layout_language_get_required_feature_index(
        face, table, scriptIndex, language, &required)
      var count = hb_ot_layout_language_get_feature_indexes(
        face, table, scriptIndex, language, 0, nil, nil)
      var indices = [UInt32](repeating: 0, count: Int(count))
      _ = hb_ot_layout_language_get_feature_indexes(
        face, table, scriptIndex, language, 0, &count, &indices)
      return [required] + indices.prefix(Int(count))
    }
    var tagCount = hb_ot_layout_script_get_language_tags(
      face, table, scriptIndex, 0, nil, nil)
    var tags = [hb_tag_t](repeating: 0, count: Int(tagCount))
    _ = hb_ot_layout_script_get_language_tags(face, table, scriptIndex, 0, &tagCount, &tags)
    var systems = [features(HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX)]
    for (index, tag) in tags.prefix(Int(tagCount)).enumerated() {
      systems.append([tag] + features(UInt32(index)))
    }
    return systems
  }

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
