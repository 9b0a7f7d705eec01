// SPDX-License-Identifier: Apache-2.0

internal import CHarfBuzz

/// An immutable HarfBuzz face: one face of a font file, shared by every ``HarfBuzzFont`` made
/// from it.
///
/// Wraps `hb_blob_create()` and `hb_face_create()`; destroyed with `hb_face_destroy()`, which
/// releases the blob. This follows HarfBuzz's object model (blob → face → font): the bytes and
/// the parsed tables live once per face, and a font per size or set of variations adds only its
/// scale and coordinates.
///
/// The blob does not copy the bytes. It points into the array ``FontDataCache`` returned
/// (`HB_MEMORY_MODE_READONLY`) and retains an owner of that array, released by the blob's
/// destroy callback, so the bytes stay alive as long as HarfBuzz can read them — even after the
/// data cache drops its own reference — and the cache and the face share one copy.
///
/// Thread safety: a face is made immutable (`hb_face_make_immutable`) before it is shared.
/// HarfBuzz documents immutable faces as safe to use from many threads at once: its lazily
/// loaded tables are published with atomic operations. Hence `@unchecked Sendable`.
final class HarfBuzzFace: @unchecked Sendable {
  /// The bytes the blob points into, kept alive by the blob.
  ///
  /// The array is a `let` and never mutated, so its storage (native and contiguous for
  /// `UInt8`) never moves while this owner holds it.
  private final class Bytes {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  /// The `hb_face_t`.
  let face: OpaquePointer
  /// Font units per em.
  let unitsPerEm: Int32
  /// Whether shaping depends on the size: an `opsz` axis or a `trak` table.
  let isSizeDependent: Bool
  /// Whether the face has an `opsz` axis, which a size-dependent font is set to its size on.
  let hasOpticalSize: Bool
  /// Whether Han, Hiragana and Katakana shape alike in this face.
  ///
  /// True when its GSUB and GPOS give the `hani` and `kana` scripts the same language systems
  /// with the same features (or have neither): HarfBuzz shapes all three with its default
  /// shaper, so the OpenType script tag is the only difference, and then a Japanese run that
  /// alternates between them can be shaped as one.
  ///
  /// Features are compared by what HarfBuzz applies: each language system's features, in
  /// order, as their tags and lookup indices. Fonts such as Noto Sans CJK give each script and
  /// language system feature records of their own (other indices) that list the same lookups;
  /// those shape alike. A variable face is compared by feature indices instead, because its
  /// feature variations substitute features by index.
  let sharesHanKanaShaping: Bool
  /// The vertical metrics Android's Skia reads (see ``AndroidFontMetrics``), or `nil` when
  /// `head` or `hhea` cannot be read.
  let skiaMetrics: SkiaFaceMetrics?

  /// Opens face `collectionIndex` of plain sfnt `bytes`, without copying them.
  ///
  /// - Throws: ``LayoutError/Code/fontUnavailable`` when HarfBuzz finds no such face.
  init(bytes: [UInt8], collectionIndex: Int, name: String) throws(LayoutError) {
    let owner = Bytes(bytes)
    let base = owner.bytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    // The blob owns one retain of `owner`; HarfBuzz calls the destroy callback exactly once,
    // also when it fails (an empty blob), so the retain never leaks.
    let blob = hb_blob_create(
      base?.assumingMemoryBound(to: CChar.self), UInt32(truncatingIfNeeded: bytes.count),
      HB_MEMORY_MODE_READONLY, Unmanaged.passRetained(owner).toOpaque()
    ) { userData in
      if let userData { Unmanaged<Bytes>.fromOpaque(userData).release() }
    }
    // The face holds its own reference to the blob.
    defer { hb_blob_destroy(blob) }
    guard bytes.count <= Int(UInt32.max), hb_face_count(blob) > UInt32(collectionIndex) else {
      throw LayoutError(
        .fontUnavailable, "\(name) has no face \(collectionIndex) HarfBuzz can read")
    }
    guard let face = hb_face_create(blob, UInt32(collectionIndex)) else {
      throw LayoutError(.fontUnavailable, "HarfBuzz could not open \(name)")
    }
    hb_face_make_immutable(face)
    self.face = face
    unitsPerEm = Int32(hb_face_get_upem(face))

    var axisCount: UInt32 = hb_ot_var_get_axis_count(face)
    var axes = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(axisCount))
    hb_ot_var_get_axis_infos(face, 0, &axisCount, &axes)
    hasOpticalSize = axes.prefix(Int(axisCount)).contains {
      $0.tag == HarfBuzzFont.tag("opsz")
    }
    let trak = hb_face_reference_table(face, HarfBuzzFont.tag("trak"))
    let hasTracking = hb_blob_get_length(trak) > 0
    hb_blob_destroy(trak)
    isSizeDependent = hasOpticalSize || hasTracking
    skiaMetrics = SkiaFaceMetrics.read { name in
      let blob = hb_face_reference_table(face, HarfBuzzFont.tag(name))
      defer { hb_blob_destroy(blob) }
      var length: UInt32 = 0
      guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
      return [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
    }
    let byLookups = hb_ot_var_has_data(face) == 0
    sharesHanKanaShaping = [HarfBuzzFont.tag("GSUB"), HarfBuzzFont.tag("GPOS")].allSatisfy {
      HarfBuzzFace.languageSystems(
        face, table: $0, script: HarfBuzzFont.tag("hani"), byLookups: byLookups)
        == HarfBuzzFace.languageSystems(
          face, table: $0, script: HarfBuzzFont.tag("kana"), byLookups: byLookups)
    }
  }

  deinit { hb_face_destroy(face) }

  /// A script's language systems in a layout table, as comparable values.
  ///
  /// For the default system and each language tag: the required feature and the features —
  /// each as its tag, lookup count and lookup indices when `byLookups`, else as its index
  /// (0xFFFF for no required feature). `nil` when the table has no such script.
  private static func languageSystems(
    _ face: OpaquePointer, table: hb_tag_t, script: hb_tag_t, byLookups: Bool
  ) -> [[UInt32]]? {
    var scriptIndex: UInt32 = 0
    guard hb_ot_layout_table_find_script(face, table, script, &scriptIndex) != 0 else {
      return nil
    }
    /// A feature as HarfBuzz applies it: its tag and lookups (none: 0xFFFF).
    func feature(_ index: UInt32) -> [UInt32] {
      guard index != 0xFFFF else { return [index] }  // HB_OT_LAYOUT_NO_FEATURE_INDEX
      var tag: hb_tag_t = 0
      var tagCount: UInt32 = 1
      _ = hb_ot_layout_table_get_feature_tags(face, table, index, &tagCount, &tag)
      var count = hb_ot_layout_feature_get_lookups(face, table, index, 0, nil, nil)
      var lookups = [UInt32](repeating: 0, count: Int(count))
      _ = hb_ot_layout_feature_get_lookups(face, table, index, 0, &count, &lookups)
      return [tag, count] + lookups.prefix(Int(count))
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
      guard byLookups else { return [required] + indices.prefix(Int(count)) }
      return ([required] + indices.prefix(Int(count))).flatMap(feature)
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
}
