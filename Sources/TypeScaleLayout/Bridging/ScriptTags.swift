// SPDX-License-Identifier: Apache-2.0

/// ISO 15924 script tags of text, from ICU's Script property (UAX #24), for other modules of the
/// package (`typescale check` picks a font per script with it).
package enum ScriptTags {
  /// The script most of a text's letters are in: its ISO 15924 tag (`Hang`, `Arab`, `Latn`), or
  /// `nil` when the text has only Common, Inherited and unassigned characters (digits,
  /// punctuation, marks).
  ///
  /// Han, Hiragana and Katakana count as themselves; a tie goes to the script seen first.
  ///
  /// - Parameter text: The text.
  /// - Returns: The dominant script's tag, or `nil`.
  /// - Complexity: O(n) in the text's scalars.
  package static func dominantScript(of text: some StringProtocol) -> String? {
    var counts: [Int32: Int] = [:]
    var order: [Int32] = []
    for scalar in text.unicodeScalars {
      let script = UnicodeServices.script(scalar.value)
      guard script != .common, script != .inherited, script != .unknown else { continue }
      if counts[script.rawValue] == nil { order.append(script.rawValue) }
      counts[script.rawValue, default: 0] += 1
    }
    var best: Int32?
    for code in order where best.map({ counts[code, default: 0] > counts[$0, default: 0] }) ?? true
    {
      best = code
    }
    return best.map { UnicodeServices.scriptTag(ScriptCode(rawValue: $0)) }
  }

  /// Whether ICU knows an ISO 15924 tag, such as `Hang` or `Deva` (case-sensitive).
  ///
  /// - Parameter tag: A four-letter tag.
  /// - Returns: `true` for a script tag ICU has a code for.
  package static func isKnown(_ tag: String) -> Bool { known.contains(tag) }

  private static let known: Set<String> = Set(
    (0..<Int32(256)).map { UnicodeServices.scriptTag(ScriptCode(rawValue: $0)) }.filter {
      $0 != "Zzzz"
    })
}
