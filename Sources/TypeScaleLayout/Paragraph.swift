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
    let all = Array(text.utf16)
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
}
