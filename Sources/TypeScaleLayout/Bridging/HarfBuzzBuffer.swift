// SPDX-License-Identifier: Apache-2.0

internal import CHarfBuzz
import TypeScaleFonts

/// The owner of one reusable `hb_buffer_t`.
///
/// Wraps `hb_buffer_create()` / `hb_buffer_destroy()`.
///
/// A buffer is mutable — shaping fills it, and it caches the last language and script — and
/// `hb_buffer_t` is not thread-safe, so it is explicitly not `Sendable`: each ``LayoutContext``
/// owns one, and a context is used by one thread at a time.
final class HarfBuzzBuffer {
  private let buffer: OpaquePointer
  /// The last language and script set, resolved: runs of one layout share them, and resolving
  /// converts Swift strings to C on every call.
  private var language: (tag: String, value: hb_language_t?) = ("", nil)
  private var script: (tag: UInt32, value: hb_script_t) = (0, HB_SCRIPT_UNKNOWN)

  /// Creates a buffer.
  ///
  /// When HarfBuzz is out of memory, `hb_buffer_create()` gives its inert empty buffer, and
  /// ``shape(text:range:font:rightToLeft:script:language:features:continuesCluster:)`` throws.
  convenience init() { self.init(adopting: hb_buffer_create()) }

  /// Takes ownership of a buffer (one reference, destroyed with this owner).
  init(adopting buffer: OpaquePointer) { self.buffer = buffer }

  deinit { hb_buffer_destroy(buffer) }

  /// Shapes `range` of `text` (UTF-16) with HarfBuzz, giving the rest of `text` as context.
  ///
  /// Wraps `hb_buffer_add_utf16()` and `hb_shape()`. Clusters come back relative to
  /// `range.lowerBound`. With `continuesCluster`, the range starts inside a grapheme cluster
  /// (a piece of an over-long one): HarfBuzz is told not to insert a dotted circle for the marks
  /// it starts with (`HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE`).
  ///
  /// - Throws: ``LayoutError/Code/engineFailure`` when HarfBuzz could not allocate the buffer's
  ///   storage (`hb_buffer_allocation_successful`), rather than measuring the text as empty.
  func shape(
    text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: HarfBuzzFont, rightToLeft: Bool,
    script: UInt32, language: String, features: [FontFeature], continuesCluster: Bool = false
  ) throws(LayoutError) -> ShapedGlyphs {
    hb_buffer_clear_contents(buffer)
    hb_buffer_add_utf16(
      buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound),
      Int32(range.count))
    guard hb_buffer_allocation_successful(buffer) != 0 else {
      throw LayoutError(
        .engineFailure, "HarfBuzz could not allocate a buffer for \(range.count) UTF-16 units")
    }
    hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    if self.script.tag != script {
      self.script = (script, hb_script_from_iso15924_tag(script))
    }
    hb_buffer_set_script(buffer, self.script.value)
    if !language.isEmpty {
      if self.language.tag != language || self.language.value == nil {
        self.language = (language, hb_language_from_string(language, Int32(language.utf8.count)))
      }
      hb_buffer_set_language(buffer, self.language.value)
    }
    var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
    if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
    if range.upperBound == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
    if continuesCluster { flags |= HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE.rawValue }
    hb_buffer_set_flags(buffer, hb_buffer_flags_t(flags))
    let settings = features.map {
      hb_feature_t(
        tag: HarfBuzzFont.tag($0.tag), value: $0.value, start: 0, end: UInt32.max)
    }
    settings.withUnsafeBufferPointer {
      hb_shape(font.font, buffer, $0.baseAddress, UInt32($0.count))
    }
    guard hb_buffer_allocation_successful(buffer) != 0 else {
      throw LayoutError(
        .engineFailure, "HarfBuzz ran out of memory shaping \(range.count) UTF-16 units")
    }

    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    let n = Int(count)
    guard let infos, let positions, n > 0 else { return ShapedGlyphs.empty }
    let base = Int32(range.lowerBound)
    return ShapedGlyphs(count: n) { index in
      ShapedGlyphs.Glyph(
        id: infos[index].codepoint, cluster: Int32(infos[index].cluster) - base,
        advance: positions[index].x_advance, offsetX: positions[index].x_offset,
        offsetY: positions[index].y_offset,
        unsafeToBreak: hb_glyph_info_get_glyph_flags(infos + index).rawValue
          & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0)
    }
  }
}

/// Mutable scratch state used by one thread at a time; see the type's documentation.
@available(*, unavailable)
extension HarfBuzzBuffer: Sendable {}

/// The HarfBuzz library's version, such as `6.0.0`.
func harfBuzzVersion() -> String { String(cString: hb_version_string()) }
