// SPDX-License-Identifier: Apache-2.0

/// The one wording of characters no font draws, shared by `typescale measure`/`render` and the
/// goldens commands.
///
/// `no glyph for U+1230 ሰ, U+120B ላ in NotoSans-Regular or its fallbacks; they are drawn as
/// .notdef and measured with its width`. Apple's text system draws such characters with a
/// last-resort font without a word; TypeScale measures them with the `.notdef` width and says so.
package enum MissingGlyphsText {
  /// How many characters ``message(_:face:)`` names before counting the rest: 20.
  package static let listLimit = 20

  /// The message naming the characters (at most ``listLimit``, then how many more) and the face,
  /// without `warning: ` or `error: `.
  ///
  /// - Parameters:
  ///   - missing: The characters, distinct, in order; not empty.
  ///   - face: The PostScript name of the face that was asked to draw them.
  /// - Returns: The message.
  package static func message(_ missing: [Unicode.Scalar], face: String) -> String {
    var names = missing.prefix(listLimit).map(describe).joined(separator: ", ")
    if missing.count > listLimit {
      names += " and \(missing.count - listLimit) more"
    }
    return "no glyph for \(names) in \(face) or its fallbacks; they are drawn as .notdef and "
      + "measured with its width"
  }

  /// `U+AC00`.
  ///
  /// - Parameter scalar: The character.
  /// - Returns: Its code point, at least four hex digits.
  package static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// `U+1230 ሰ`, or `U+0007` alone for a character that does not show (a control, a format
  /// character, a space, an unassigned or private-use code point, a combining mark).
  ///
  /// - Parameter scalar: The character.
  /// - Returns: Its code point, and the character when it shows.
  package static func describe(_ scalar: Unicode.Scalar) -> String {
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator,
      .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark:
      return codePoint(scalar)
    default:
      return codePoint(scalar) + " " + String(scalar)
    }
  }
}
