// SPDX-License-Identifier: Apache-2.0

/// One paragraph of the text: its UTF-16 code units and where it starts in the whole text.
///
/// Paragraphs end at `\n`, `\r\n`, `\r` and U+2029 PARAGRAPH SEPARATOR; the separator belongs to
/// no paragraph. U+2028 LINE SEPARATOR and other mandatory breaks stay inside a paragraph and
/// force a line break there (UAX #14).
struct Paragraph: Sendable {
  /// Its UTF-16 code units.
  let units: [UInt16]
  /// The UTF-16 offset of its first unit in the whole text.
  let start: Int

  /// Splits a text into paragraphs; an empty text is one empty paragraph, and a trailing
  /// separator ends in an empty paragraph, as text views show it.
  ///
  /// - Complexity: O(n): the text is transcoded to UTF-16 once, then scanned.
  static func split(_ text: String) -> [Paragraph] {
    let all = utf16Units(text)
    var paragraphs: [Paragraph] = []
    all.withUnsafeBufferPointer { units in
      let count = units.count
      var start = 0
      var offset = 0
      while offset < count {
        let unit = units[offset]
        guard unit == 0x0A || unit == 0x0D || unit == 0x2029 else {
          offset += 1
          continue
        }
        paragraphs.append(Paragraph(units: Array(units[start..<offset]), start: start))
        offset += unit == 0x0D && offset + 1 < count && units[offset + 1] == 0x0A ? 2 : 1
        start = offset
      }
      // The whole text when it has no separator: share its array instead of copying it.
      paragraphs.append(
        Paragraph(units: start == 0 ? all : Array(units[start..<count]), start: start))
    }
    return paragraphs
  }

  /// A text's UTF-16 code units, decoded from its UTF-8 storage in one tight pass.
  ///
  /// `Array(text.utf16)` walks the UTF-16 view index by index, and the standard library's
  /// generic `transcode` is slower still; a `String`'s UTF-8 is always valid, so decoding needs
  /// no error handling.
  static func utf16Units(_ text: String) -> [UInt16] {
    // `Array(unsafeUninitializedCapacity: 0)` is the shared empty-array storage, and setting its
    // count writes to it: a data race between threads (ThreadSanitizer reports it).
    guard !text.isEmpty else { return [] }
    var text = text
    return text.withUTF8 { bytes in
      // UTF-16 never needs more units than UTF-8 needs bytes.
      [UInt16](unsafeUninitializedCapacity: bytes.count) { units, initialized in
        let count = bytes.count
        var index = 0
        var written = 0
        while index < count {
          let lead = UInt32(bytes[index])
          if lead < 0x80 {
            units[written] = UInt16(lead)
            index += 1
            written += 1
            continue
          }
          let scalar: UInt32
          if lead < 0xE0 {
            scalar = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
            index += 2
          } else if lead < 0xF0 {
            scalar =
              (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
              | UInt32(bytes[index + 2] & 0x3F)
            index += 3
          } else {
            scalar =
              (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
              | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
            index += 4
          }
          if scalar < 0x10000 {
            units[written] = UInt16(scalar)
            written += 1
          } else {
            (units[written], units[written + 1]) = UTF16Scalars.surrogates(of: scalar)
            written += 2
          }
        }
        initialized = written
      }
    }
  }
}
