// SPDX-License-Identifier: Apache-2.0

// CONTRACT STUB (issue 20): H-C replaces this file; keep the names and signatures.

/// One of N parts of a run, by key: `--shard K/N`.
public struct CheckShard: Hashable, Sendable, CustomStringConvertible {
  /// The 1-based part.
  public let index: Int
  /// The number of parts.
  public let count: Int

  /// Parses `K/N`, 1 ≤ K ≤ N.
  ///
  /// - Parameter text: The text.
  /// - Throws: ``CheckError`` naming the text and what is valid.
  public init(parsing text: String) throws(CheckError) {
    index = 1
    count = 1
  }

  /// Whether the key belongs to this part.
  ///
  /// - Parameter key: A key.
  /// - Returns: `true` when this shard checks it.
  public func contains(key: String) -> Bool { true }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }
}
