// SPDX-License-Identifier: Apache-2.0

/// The Unicode scalars a face maps to glyphs (its `cmap`), stored as sorted, disjoint ranges.
///
/// Used by the fallback cascade to answer "can this face draw this character?". A typical Latin
/// face needs a few dozen ranges; the storage is shared by every named instance of a variable font.
///
/// ```swift
/// face.coverage.contains("한")          // true for a Korean face
/// face.coverage.count                   // 11 172 Hangul syllables + …
/// ```
public struct CharacterCoverage: Hashable, Sendable, CustomStringConvertible {
  /// Range starts and ends, interleaved: `[start0, end0, start1, end1, …]`, inclusive, sorted.
  private let _bounds: [UInt32]

  /// Creates a coverage from sorted scalar values (duplicates allowed); values that are not
  /// Unicode scalars (surrogates, above U+10FFFF) are left out.
  ///
  /// - Parameter sortedScalars: Unicode scalar values in ascending order.
  init(sortedScalars: some Sequence<UInt32>) {
    var bounds: [UInt32] = []
    for value in sortedScalars where Unicode.Scalar(value) != nil {
      if let last = bounds.last, value <= last &+ 1 {
        if value > last { bounds[bounds.count - 1] = value }
      } else {
        bounds.append(value)
        bounds.append(value)
      }
    }
    // Copy into exact capacity: a registry keeps thousands of these.
    _bounds = bounds.withUnsafeBufferPointer { Array($0) }
  }

  /// Creates a coverage from inclusive ranges of scalar values.
  ///
  /// Only Unicode scalar values are kept: each range is clipped to U+0000–D7FF and
  /// U+E000–10FFFF, so `CharacterCoverage(ranges: [0...UInt32.max]).count` is 1 112 064.
  ///
  /// - Parameter ranges: Ranges in any order; overlapping ranges merge.
  public init(ranges: [ClosedRange<UInt32>]) {
    let sorted = ranges.flatMap(Self.scalarRanges).sorted { $0.lowerBound < $1.lowerBound }
    var bounds: [UInt32] = []
    for range in sorted {
      if let last = bounds.last, range.lowerBound <= last &+ 1 {
        bounds[bounds.count - 1] = max(last, range.upperBound)
      } else {
        bounds.append(range.lowerBound)
        bounds.append(range.upperBound)
      }
    }
    _bounds = bounds
  }

  /// The parts of `range` that are Unicode scalar values.
  private static func scalarRanges(_ range: ClosedRange<UInt32>) -> [ClosedRange<UInt32>] {
    [0...0xD7FF, 0xE000...0x10FFFF].compactMap { scalars in
      range.overlaps(scalars) ? range.clamped(to: scalars) : nil
    }
  }

  /// No characters.
  public static let empty = CharacterCoverage(ranges: [])

  /// The covered ranges, ascending and disjoint.
  public var ranges: [ClosedRange<UInt32>] {
    stride(from: 0, to: _bounds.count, by: 2).map { _bounds[$0]..._bounds[$0 + 1] }
  }

  /// The number of covered scalars.
  public var count: Int {
    stride(from: 0, to: _bounds.count, by: 2).reduce(0) {
      $0 + Int(_bounds[$1 + 1] - _bounds[$1]) + 1
    }
  }

  /// Whether no scalar is covered.
  public var isEmpty: Bool { _bounds.isEmpty }

  /// Whether the face maps `scalar` to a glyph.
  ///
  /// - Parameter scalar: A Unicode scalar.
  /// - Returns: `true` when covered.
  /// - Complexity: O(log r) for r ranges.
  public func contains(_ scalar: Unicode.Scalar) -> Bool { contains(scalar.value) }

  /// Whether the face maps the scalar value to a glyph.
  ///
  /// - Parameter value: A Unicode scalar value.
  /// - Returns: `true` when covered.
  /// - Complexity: O(log r) for r ranges.
  public func contains(_ value: UInt32) -> Bool { rangeIndex(of: value) != nil }

  /// The covered range that holds a scalar value, or `nil` when the face does not map it.
  ///
  /// A caller testing many scalars of the same script can keep the range and test against it
  /// first: most text stays within one range (ASCII, the Hangul syllables) for long stretches.
  ///
  /// - Parameter value: A Unicode scalar value.
  /// - Returns: The inclusive range, or `nil`.
  /// - Complexity: O(log r) for r ranges.
  public func coveredRange(containing value: UInt32) -> ClosedRange<UInt32>? {
    rangeIndex(of: value).map { _bounds[2 * $0]..._bounds[2 * $0 + 1] }
  }

  /// Which of the 256 scalars from `block << 8` are covered, a bit each: bit `i % 64` of word
  /// `i / 64` for scalar `(block << 8) + i`.
  ///
  /// A caller walking text of a script whose block the face covers with many small ranges (the
  /// Indic scripts, Thai) keeps the block's bits and tests each scalar with a shift; the ranges
  /// alone would need a search per scalar.
  ///
  /// - Parameter block: The scalar value shifted right by 8.
  /// - Returns: The bits.
  /// - Complexity: O(log r + k) for r ranges, k of them in the block.
  package func bits(ofBlock block: UInt32) -> SIMD4<UInt64> {
    var words = SIMD4<UInt64>(repeating: 0)
    guard block <= 0x10FF else { return words }
    let start = block << 8
    let end = start | 0xFF
    var index = rangeIndex(atOrAfter: start)
    while index < _bounds.count / 2, _bounds[2 * index] <= end {
      let lower = max(_bounds[2 * index], start) - start
      let upper = min(_bounds[2 * index + 1], end) - start
      for word in Int(lower >> 6)...Int(upper >> 6) {
        let first = max(lower, UInt32(word) << 6) & 63
        let last = min(upper, UInt32(word) << 6 | 63) & 63
        words[word] |= (UInt64.max >> UInt64(63 - (last - first))) << UInt64(first)
      }
      index += 1
    }
    return words
  }

  /// The index of the first range that ends at or after `value` (the range count when none).
  @inline(__always)
  private func rangeIndex(atOrAfter value: UInt32) -> Int {
    var low = 0
    var high = _bounds.count / 2
    while low < high {
      let middle = (low + high) / 2
      if _bounds[2 * middle + 1] < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// The index of the range that holds `value`, by binary search over the range ends.
  @inline(__always)
  private func rangeIndex(of value: UInt32) -> Int? {
    let low = rangeIndex(atOrAfter: value)
    return low < _bounds.count / 2 && _bounds[2 * low] <= value ? low : nil
  }

  /// Whether every scalar of `text` is covered.
  ///
  /// - Parameter text: The text to check.
  /// - Returns: `true` when the face can draw every scalar.
  public func covers(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.allSatisfy(contains)
  }

  /// The approximate heap bytes of the range storage.
  var byteCount: Int { _bounds.capacity * MemoryLayout<UInt32>.stride }

  /// The count and number of ranges, such as `3 140 scalars in 96 ranges`.
  public var description: String { "\(count) scalars in \(_bounds.count / 2) ranges" }
}
