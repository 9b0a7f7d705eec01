// SPDX-License-Identifier: Apache-2.0

import TypeScaleStrings

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
  /// The pattern.
  public let pattern: String
  /// The matcher, shared with placeholder overrides: one glob rule for every key pattern.
  private let glob: TypeScaleStrings.KeyGlob

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
    self.glob = TypeScaleStrings.KeyGlob(pattern)
  }

  /// Whether a key matches the whole pattern.
  ///
  /// - Parameter key: A key.
  /// - Returns: `true` when it matches.
  /// - Complexity: O(key × pattern) at worst (backtracking only to the last `*`).
  public func matches(_ key: String) -> Bool { glob.matches(key) }

  /// The pattern.
  public var description: String { pattern }
}
