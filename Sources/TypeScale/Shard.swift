// SPDX-License-Identifier: Apache-2.0

/// One of N stable parts of a run, `K/N`: what `--shard` selects in `typescale check` (by key)
/// and `typescale goldens` (by case id), for a CI matrix.
///
/// An id belongs to part `FNV-1a(UTF-8 of the id) mod N + 1`: the same on every machine and in
/// every run (unlike `hashValue`, which is seeded per process), so the parts of one run are
/// disjoint and together hold every id. Apple's frameworks have no counterpart.
///
/// ```swift
/// let shard = try Shard(parsing: "2/4")
/// shard.contains("button.subscribe")
/// shard.description  // "2/4"
/// ```
public struct Shard: Hashable, Sendable, CustomStringConvertible {
  /// The 1-based part, 1 through ``count``.
  public let index: Int
  /// The number of parts.
  public let count: Int

  /// The most parts: 10,000.
  public static let maximumCount = 10_000

  /// The whole run: part 1 of 1.
  public static let whole = Shard(uncheckedIndex: 1, count: 1)

  /// Parses `K/N` (ASCII digits), 1 ≤ K ≤ N ≤ ``maximumCount``.
  ///
  /// - Parameter text: Such as `2/4`.
  /// - Throws: ``TypeScaleError/Code/invalidValue`` naming the text and what is valid.
  public init(parsing text: String) throws(TypeScaleError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
      let index = Int(parts[0]), let count = Int(parts[1])
    else {
      throw TypeScaleError(
        .invalidValue,
        "shard \"\(text)\" is not K/N; write the part and the number of parts, such as 2/4")
    }
    guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else {
      throw TypeScaleError(
        .invalidValue,
        "shard \"\(text)\" is out of range; use K/N with 1 ≤ K ≤ N ≤ \(Self.maximumCount)")
    }
    self.init(uncheckedIndex: index, count: count)
  }

  /// A shard whose index and count are known to be valid.
  init(uncheckedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Whether an id (a check's key, a golden case's id) belongs to this part.
  ///
  /// - Parameter id: The id.
  /// - Returns: `true` when FNV-1a(id) mod N is K − 1.
  public func contains(_ id: String) -> Bool {
    Int(Self.fnv1a(id) % UInt64(count)) + 1 == index
  }

  /// The 64-bit FNV-1a hash of a string's UTF-8 bytes.
  ///
  /// - Parameter id: The string.
  /// - Returns: The hash.
  package static func fnv1a(_ id: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }
}
