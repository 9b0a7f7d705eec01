// SPDX-License-Identifier: Apache-2.0

/// A pattern over string keys with shell-style wildcards: `*` matches any run of characters
/// (including none, and including `.`), `?` exactly one; every other character matches itself,
/// case-sensitively.
///
/// ```swift
/// let glob = try KeyGlob("button.*")
/// glob.matches("button.subscribe")   // true
/// glob.matches("Button.subscribe")   // false
/// ```
///
/// The one glob rule for every key pattern: a check's rules (`keys` in the constraints file) and
/// the placeholder overrides use it. Matching is on `Character`s (grapheme clusters), so `?`
/// matches one user-visible character, and over the whole key: `cart.*` matches `cart.total`
/// but not `my.cart.total`. Unlike `fnmatch(3)` there are no bracket expressions and no escapes,
/// so `[` and `\` are ordinary characters.
public struct KeyGlob: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  private let characters: [Character]

  /// The longest pattern, in characters: 1024.
  public static let maximumLength = 1024

  /// Creates a pattern.
  ///
  /// - Parameter pattern: 1–``maximumLength`` characters, such as `button.*`.
  /// - Throws: ``StringsError`` (``StringsError/Code/invalid``) for an empty or too long
  ///   pattern.
  public init(_ pattern: String) throws(StringsError) {
    guard !pattern.isEmpty else {
      throw StringsError(
        .invalid, file: nil, "a key pattern is empty; use a key, or a glob such as button.* or *")
    }
    let characters = Array(pattern)
    guard characters.count <= Self.maximumLength else {
      throw StringsError(
        .invalid, file: nil,
        "a key pattern has \(characters.count) characters; use at most \(Self.maximumLength)")
    }
    self.init(unchecked: pattern)
  }

  /// Creates a pattern without checking its length, for patterns a reader has already bounded.
  ///
  /// - Parameter pattern: The pattern, such as `button.*`.
  package init(unchecked pattern: String) {
    self.pattern = pattern
    self.characters = Array(pattern)
  }

  /// Whether the whole of `key` matches the pattern.
  ///
  /// - Parameter key: The key.
  /// - Returns: `true` when it matches.
  /// - Complexity: O(key × pattern) at worst (backtracking only to the last `*`).
  public func matches(_ key: String) -> Bool {
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

  /// The pattern.
  public var description: String { pattern }
}
