// SPDX-License-Identifier: Apache-2.0

/// One of N parts of a run, by key: `--shard K/N`.
///
/// A key belongs to part `FNV-1a(UTF-8 of the key) mod N + 1`: the same on every machine and in
/// every run (unlike `hashValue`, which is seeded per process), and every language and variant
/// of a key land in the same part, so its grid is whole in one report.
///
/// ```swift
/// let shard = try CheckShard(parsing: "2/4")
/// shard.contains(key: "button.subscribe")
/// ```
public struct CheckShard: Hashable, Sendable, CustomStringConvertible {
  /// The 1-based part.
  public let index: Int
  /// The number of parts.
  public let count: Int

  /// The most parts: 10,000.
  public static let maximumCount = 10_000

  /// Parses `K/N`, 1 ≤ K ≤ N ≤ ``maximumCount``.
  ///
  /// - Parameter text: The text.
  /// - Throws: ``CheckError`` naming the text and what is valid.
  public init(parsing text: String) throws(CheckError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
    else {
      throw CheckError(
        "shard \"\(text)\" is not K/N; write the part and the number of parts, such as 2/4")
    }
    guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else {
      throw CheckError(
        "shard \"\(text)\" is out of range; use K/N with 1 ≤ K ≤ N ≤ \(Self.maximumCount)")
    }
    self.index = index
    self.count = count
  }

  /// Whether the key belongs to this part.
  ///
  /// - Parameter key: A key.
  /// - Returns: `true` when this shard checks it.
  public func contains(key: String) -> Bool {
    Int(Self.fnv1a(key) % UInt64(count)) + 1 == index
  }

  /// The 64-bit FNV-1a hash of a string's UTF-8 bytes.
  ///
  /// - Parameter key: The string.
  /// - Returns: The hash.
  static func fnv1a(_ key: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// A shard whose index and count are known to be valid.
  init(uncheckedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }
}
