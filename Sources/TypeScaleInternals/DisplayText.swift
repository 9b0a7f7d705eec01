// SPDX-License-Identifier: Apache-2.0

/// Text from the user's files as messages and terminal output show it: control characters
/// escaped, so a key holding `ESC[2J` cannot clear or retitle the user's terminal, and long
/// values cut, so an error about a 20 MB value is one readable line.
package enum DisplayText {
  /// The most characters of a value quoted in a message.
  package static let maximumQuotedCharacters = 200

  /// `text` with every control character (C0, DEL, C1), and the line and paragraph separators,
  /// written as a Swift escape (`\n`, `\t`, `\r`, `\u{1B}`); everything else as it is.
  ///
  /// - Parameters:
  ///   - text: Text from an input file.
  ///   - keepingNewlines: Whether `\n` stays a line break (for a whole message of several lines
  ///     that TypeScale wrote, whose quoted values are escaped already).
  /// - Returns: Text safe to print on a terminal.
  package static func escapingControls(_ text: String, keepingNewlines: Bool = false) -> String {
    let escaped = { (scalar: Unicode.Scalar) in
      isControl(scalar) && !(keepingNewlines && scalar == "\n")
    }
    guard text.unicodeScalars.contains(where: escaped) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      guard escaped(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// `text` escaped as ``escapingControls(_:)`` and, when longer than `limit` characters, cut
  /// there with the total: `"Lorem ipsum…" (20000000 characters)`.
  ///
  /// - Parameters:
  ///   - text: A value from an input file.
  ///   - limit: The most characters kept; ``maximumQuotedCharacters`` unless given.
  /// - Returns: The value as a message quotes it, without quotation marks.
  package static func quoted(_ text: String, limit: Int = maximumQuotedCharacters) -> String {
    var count = 0
    var end = text.startIndex
    while end < text.endIndex, count < limit {
      text.formIndex(after: &end)
      count += 1
    }
    guard end < text.endIndex else { return escapingControls(text) }
    return escapingControls(String(text[..<end])) + "… (\(text.count) characters)"
  }

  /// Whether a scalar is escaped: the C0 and C1 controls, DEL, U+2028 and U+2029.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }
}
