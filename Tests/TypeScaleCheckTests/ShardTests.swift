// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScale

@Suite struct ShardTests {
  static let valid: [(text: String, index: Int, count: Int)] = [
    ("1/1", 1, 1), ("2/4", 2, 4), ("4/4", 4, 4), ("10000/10000", 10000, 10000),
  ]

  @Test(arguments: valid)
  func parse_valid(text: String, index: Int, count: Int) throws {
    let shard = try Shard(parsing: text)
    #expect(shard.index == index)
    #expect(shard.count == count)
    #expect(shard.description == text)
  }

  static let invalid: [(text: String, expected: String)] = [
    ("", "is not K/N"), ("2", "is not K/N"), ("a/b", "is not K/N"), ("1/2/3", "is not K/N"),
    ("0/4", "out of range"), ("5/4", "out of range"), ("1/0", "out of range"),
    ("-1/4", "out of range"), ("1/10001", "out of range"), (" 1/2", "is not K/N"),
  ]

  @Test(arguments: invalid)
  func parse_invalid(text: String, expected: String) {
    #expect {
      try Shard(parsing: text)
    } throws: { error in
      let message = (error as? TypeScaleError)?.message ?? ""
      return message.contains(expected) && message.contains("\"\(text)\"")
    }
  }

  static let keys: [String] =
    ["button.subscribe", "Subscribe", "", "한국어", "settings.title", "%lld items"]
    + (0..<200).map { "key.\($0)" }

  /// Every key in exactly one shard, for each N.
  @Test(arguments: [1, 2, 3, 4, 7, 16])
  func contains_partitionsKeys(count: Int) throws {
    let shards = try (1...count).map { try Shard(parsing: "\($0)/\(count)") }
    var sizes = Array(repeating: 0, count: count)
    for key in Self.keys {
      let owners = shards.filter { $0.contains(key) }
      #expect(owners.count == 1, "\(key)")
      if let owner = owners.first { sizes[owner.index - 1] += 1 }
    }
    // FNV-1a spreads the keys: no shard is empty with ~200 keys over at most 16 shards.
    #expect(sizes.allSatisfy { $0 > 0 }, "\(sizes)")
  }

  /// The assignment is FNV-1a of the UTF-8 key mod N: fixed across runs and machines.
  @Test func contains_isStable() throws {
    // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c; mod 4 = 0 → shard 1. Of "" 0xcbf29ce484222325;
    // mod 3 = 2 → shard 3; mod 4 = 1 → shard 2.
    #expect(try Shard(parsing: "1/4").contains("a"))
    #expect(try Shard(parsing: "3/3").contains(""))
    #expect(try Shard(parsing: "2/4").contains(""))
  }
}
