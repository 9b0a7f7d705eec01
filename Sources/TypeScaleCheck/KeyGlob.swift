// SPDX-License-Identifier: Apache-2.0

/// A pattern over string keys: `*` matches any run of characters (`.` included), `?` exactly
/// one; every other character matches itself, case-sensitively.
///
/// ```swift
/// let glob = try KeyGlob("button.*")
/// glob.matches("button.subscribe")   // true
/// glob.matches("Button.subscribe")   // false
/// ```
///
/// Matching is by `Character` (a grapheme cluster), so `?` matches one user-visible character.
public struct KeyGlob: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  private let characters: [Character]

  /// The longest pattern, in characters: 1024.
  public static let maximumLength = 1024

  /// Creates a pattern.
  ///
  /// - Parameter pattern: 1–``maximumLength`` characters.
  /// - Throws: ``CheckError`` for an empty or too long pattern.
  public init(_ pattern: String) throws(CheckError) {
    guard !pattern.isEmpty else {
      throw CheckError("a key pattern is empty; use a key, or a glob such as button.* or *")
    }
    let characters = Array(pattern)
    guard characters.count <= Self.maximumLength else {
      throw CheckError(
        "a key pattern has \(characters.count) characters; use at most \(Self.maximumLength)")
    }
    self.pattern = pattern
    self.characters = characters
  }

  /// Whether a key matches the whole pattern.
  ///
  /// - Parameter key: A key.
  /// - Returns: `true` when it matches.
  /// - Complexity: O(key × pattern) at worst (backtracking only to the last `*`).
  public func matches(_ key: String) -> Bool {
    let text = Array(key)
    var t = 0
    var p = 0
    var star: Int?
    var resume = 0
    while t < text.count {
      if p < characters.count, characters[p] == "?" || characters[p] == text[t],
        characters[p] != "*"
      {
        t += 1
        p += 1
      } else if p < characters.count, characters[p] == "*" {
        star = p
        resume = t
        p += 1
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
