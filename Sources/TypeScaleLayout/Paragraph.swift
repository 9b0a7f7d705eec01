// SPDX-License-Identifier: Apache-2.0

/// One paragraph of the text: its UTF-16 code units and where it starts in the whole text.
///
/// Paragraphs end at `\n`, `\r\n`, `\r` and U+2029 PARAGRAPH SEPARATOR; the separator belongs to
/// no paragraph. U+2028 LINE SEPARATOR and other mandatory breaks stay inside a paragraph and
/// force a line break there (UAX #14).
struct Paragraph: Sendable {
  /// The paragraph's text.
  let string: Substring
  /// Its UTF-16 code units.
  let units: [UInt16]
  /// The UTF-16 offset of its first unit in the whole text.
  let start: Int

  /// Splits a text into paragraphs; an empty text is one empty paragraph, and a trailing
  /// separator ends in an empty paragraph, as text views show it.
  ///
  /// - Complexity: O(n), one pass over the UTF-16 view.
  static func split(_ text: String) -> [Paragraph] {
    let utf16 = text.utf16
    var paragraphs: [Paragraph] = []
    var units: [UInt16] = []
    units.reserveCapacity(utf16.count)
    var start = 0
    var offset = 0
    var paragraphStart = utf16.startIndex
    var index = utf16.startIndex
    while index != utf16.endIndex {
      let unit = utf16[index]
      let next = utf16.index(after: index)
      if unit == 0x0A || unit == 0x0D || unit == 0x2029 {
        var end = next
        var separatorLength = 1
        if unit == 0x0D, end != utf16.endIndex, utf16[end] == 0x0A {
          end = utf16.index(after: end)
          separatorLength = 2
        }
        paragraphs.append(
          Paragraph(string: text[paragraphStart..<index], units: units, start: start))
        units = []
        offset += separatorLength
        start = offset
        paragraphStart = end
        index = end
        continue
      }
      units.append(unit)
      offset += 1
      index = next
    }
    paragraphs.append(Paragraph(string: text[paragraphStart...], units: units, start: start))
    return paragraphs
  }
}
