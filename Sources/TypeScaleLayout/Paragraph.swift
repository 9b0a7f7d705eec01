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
  static func split(_ text: String) -> [Paragraph] {
    var paragraphs: [Paragraph] = []
    var units: [UInt16] = []
    var paragraphStart = text.startIndex
    var offset = 0
    var start = 0
    for index in text.indices {
      let character = text[index]
      let isSeparator =
        character == "\n" || character == "\r\n" || character == "\r"
        || character == "\u{2029}"
      if isSeparator {
        paragraphs.append(
          Paragraph(string: text[paragraphStart..<index], units: units, start: start))
        units = []
        offset += character.utf16.count
        start = offset
        paragraphStart = text.index(after: index)
      } else {
        units.append(contentsOf: character.utf16)
        offset += character.utf16.count
      }
    }
    paragraphs.append(Paragraph(string: text[paragraphStart...], units: units, start: start))
    return paragraphs
  }
}
