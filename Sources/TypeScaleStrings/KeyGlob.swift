// SPDX-License-Identifier: Apache-2.0

/// A key pattern with shell-style wildcards: `*` matches any run of characters (including
/// none, and including `.`), `?` exactly one character; every other character matches itself.
///
/// Matching is on `Character`s (grapheme clusters), case-sensitive, and over the whole key:
/// `cart.*` matches `cart.total` but not `my.cart.total`. Unlike `fnmatch(3)` there are no
/// bracket expressions and no escapes, so `[` and `\` are ordinary characters.
package struct KeyGlob: Hashable, Sendable {
  /// The pattern as written.
  package let pattern: String
  private let characters: [Character]

  /// Creates a glob.
  ///
  /// - Parameter pattern: The pattern, such as `button.*`.
  package init(_ pattern: String) {
    self.pattern = pattern
    self.characters = Array(pattern)
  }

  /// Whether the whole of `key` matches the pattern.
  ///
  /// - Parameter key: The key.
  /// - Returns: `true` when it matches.
  package func matches(_ key: String) -> Bool {
    let text = Array(key)
    // Iterative matching with one backtrack point, linear in practice and never recursive.
    var p = 0
    var t = 0
    var star: Int?
    var resume = 0
    while t < text.count {
      if p < characters.count, characters[p] == "*" {
        star = p
        resume = t
        p += 1
      } else if p < characters.count, characters[p] == "?" || characters[p] == text[t] {
        p += 1
        t += 1
      } else if let star {
        p = star + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < characters.count, characters[p] == "*" { p += 1 }
    return p == characters.count
  }
}
