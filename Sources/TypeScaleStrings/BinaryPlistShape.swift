// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The shape of a binary property list's object graph, measured before
/// `PropertyListSerialization` reads it.
///
/// A binary property list (`bplist00`, as a built app holds a `.stringsdict`) refers to its
/// objects by index, so one dictionary can be the value of many keys: a 458-byte file whose 30
/// levels each name the level below twice is a tree of 2³⁰ dictionaries once Foundation on Linux
/// turns it into Swift values (which copies every shared object). This walks the object table
/// once per object (memoised), counting the nodes of the tree it stands for, and refuses a
/// graph whose tree has more than ``maximumNodes`` nodes, nests deeper than
/// `StringsXML.maximumDepth`, or refers to itself. Bytes that are not a well-formed binary
/// property list are left to `PropertyListSerialization`, which reports them.
enum BinaryPlistShape {
  /// The most nodes (every key, value and container) the expanded tree may have, 250,000.
  ///
  /// A stringsdict of a thousand keys has a few tens of thousands; 250,000 Swift values take
  /// tens of megabytes.
  static let maximumNodes = 250_000

  /// Why the graph is refused.
  enum Problem: Equatable {
    /// The tree has more than ``maximumNodes`` nodes: at least this many.
    case tooManyNodes(atLeast: Int)
    /// Containers nest deeper than `StringsXML.maximumDepth`.
    case tooDeep
    /// A container contains itself.
    case cycle

    /// The problem in words.
    var detail: String {
      switch self {
      case .tooManyNodes(let count):
        "the binary property list shares its objects so that it stands for more than "
          + "\(BinaryPlistShape.maximumNodes) values (at least \(count)); expected a property "
          + "list as Xcode writes it"
      case .tooDeep:
        "the binary property list nests more than \(StringsXML.maximumDepth) levels deep; "
          + "expected at most \(StringsXML.maximumDepth)"
      case .cycle:
        "the binary property list contains a dictionary or array inside itself; expected a tree"
      }
    }
  }

  /// The problem with `bytes`' object graph, or `nil` when it is acceptable or not a
  /// well-formed binary property list.
  static func problem(_ bytes: [UInt8]) -> Problem? {
    guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { return nil }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      let objects = number(bytes, at: trailer + 8, size: 8),
      let top = number(bytes, at: trailer + 16, size: 8),
      let table = number(bytes, at: trailer + 24, size: 8),
      objects > 0, objects <= bytes.count, top < objects,
      table <= trailer, table + objects * offsetSize <= trailer
    else { return nil }
    var walk = Walk(
      bytes: bytes, objects: objects, offsetSize: offsetSize, referenceSize: referenceSize,
      table: table)
    do {
      _ = try walk.nodes(top, depth: 0)
    } catch {
      return error.problem
    }
    return nil
  }

  /// A big-endian unsigned number of `size` bytes at `offset`, if it fits the file and `Int`.
  static func number(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
    guard offset >= 0, size <= 8, offset + size <= bytes.count else { return nil }
    var value: UInt64 = 0
    for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
    return value <= UInt64(Int.max) ? Int(value) : nil
  }

  /// Why the walk stopped: a problem, or bytes that are not a well-formed list.
  private struct Stop: Error {
    var problem: Problem?
  }

  /// One walk of the object graph, with the node count of each container already measured.
  private struct Walk {
    let bytes: [UInt8]
    let objects: Int
    let offsetSize: Int
    let referenceSize: Int
    let table: Int
    /// Nodes per object index: `-1` while it is being measured, for cycles.
    var measured: [Int: Int] = [:]

    init(bytes: [UInt8], objects: Int, offsetSize: Int, referenceSize: Int, table: Int) {
      self.bytes = bytes
      self.objects = objects
      self.offsetSize = offsetSize
      self.referenceSize = referenceSize
      self.table = table
    }

    /// The nodes of the tree object `index` stands for, itself included.
    mutating func nodes(_ index: Int, depth: Int) throws(Stop) -> Int {
      if let known = measured[index] {
        guard known >= 0 else { throw Stop(problem: .cycle) }
        return known
      }
      guard index < objects,
        let offset = BinaryPlistShape.number(
          bytes, at: table + index * offsetSize, size: offsetSize),
        offset < bytes.count
      else { throw Stop(problem: nil) }
      let marker = bytes[offset]
      let kind = marker >> 4
      // Arrays (0xA), sets (0xC) and dictionaries (0xD) hold references; the rest are leaves.
      guard kind == 0xA || kind == 0xC || kind == 0xD else { return 1 }
      guard depth < StringsXML.maximumDepth else { throw Stop(problem: .tooDeep) }
      var count = Int(marker & 0x0F)
      var start = offset + 1
      if count == 0x0F {
        guard start < bytes.count, bytes[start] >> 4 == 0x1 else { throw Stop(problem: nil) }
        let size = 1 << Int(bytes[start] & 0x0F)
        guard let value = BinaryPlistShape.number(bytes, at: start + 1, size: size) else {
          throw Stop(problem: nil)
        }
        count = value
        start += 1 + size
      }
      let references = kind == 0xD ? count * 2 : count
      guard references <= bytes.count,
        start + references * referenceSize <= bytes.count
      else { throw Stop(problem: nil) }
      measured[index] = -1
      var total = 1
      for position in 0..<references {
        guard
          let child = BinaryPlistShape.number(
            bytes, at: start + position * referenceSize, size: referenceSize)
        else { throw Stop(problem: nil) }
        total = StringsPluralRule.adding(total, try nodes(child, depth: depth + 1))
        guard total <= BinaryPlistShape.maximumNodes else {
          throw Stop(problem: .tooManyNodes(atLeast: total))
        }
      }
      measured[index] = total
      return total
    }
  }
}
