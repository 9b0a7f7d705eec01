// SPDX-License-Identifier: Apache-2.0

/// The one place the layout engine joins and splits UTF-16 surrogate pairs.
///
/// The engine keeps text as UTF-16 units (ICU's and HarfBuzz's offsets), and reads scalars off
/// them forwards (the itemizer) and backwards (the line breaker, the truncator). A lone surrogate,
/// which a Swift `String` never holds but a unit buffer can, reads as its own value, one unit
/// wide; callers that need a `Unicode.Scalar` map it to U+FFFD.
///
/// Everything is `@inline(__always)` and generic over the unit buffer: in an optimized build each
/// call specializes to its `[UInt16]` or `UnsafeBufferPointer<UInt16>` and allocates nothing.
enum UTF16Scalars {
  /// The scalar value that starts at `offset`: a surrogate pair's scalar, else the unit itself.
  ///
  /// - Parameters:
  ///   - offset: A valid index of `units`.
  ///   - units: UTF-16 units, indexed from 0.
  /// - Returns: The value, above U+FFFF exactly when it takes two units (see ``width(of:)``).
  @inline(__always)
  static func scalar<Units: RandomAccessCollection<UInt16>>(
    startingAt offset: Int, in units: Units
  ) -> UInt32 where Units.Index == Int {
    let first = units[offset]
    if UTF16.isLeadSurrogate(first), offset + 1 < units.endIndex {
      let second = units[offset + 1]
      if UTF16.isTrailSurrogate(second) { return value(lead: first, trail: second) }
    }
    return UInt32(first)
  }

  /// The scalar value that ends just before `offset`: a surrogate pair's scalar, else the unit
  /// before `offset` itself.
  ///
  /// - Parameters:
  ///   - offset: An offset after the first unit, at most `units.count`.
  ///   - units: UTF-16 units, indexed from 0.
  /// - Returns: The value, above U+FFFF exactly when it takes two units (see ``width(of:)``).
  @inline(__always)
  static func scalar<Units: RandomAccessCollection<UInt16>>(
    endingAt offset: Int, in units: Units
  ) -> UInt32 where Units.Index == Int {
    let last = units[offset - 1]
    if UTF16.isTrailSurrogate(last), offset >= 2 {
      let first = units[offset - 2]
      if UTF16.isLeadSurrogate(first) { return value(lead: first, trail: last) }
    }
    return UInt32(last)
  }

  /// How many UTF-16 units a value read by ``scalar(startingAt:in:)`` or
  /// ``scalar(endingAt:in:)`` takes: 2 above U+FFFF, else 1.
  @inline(__always)
  static func width(of value: UInt32) -> Int { value > 0xFFFF ? 2 : 1 }

  /// The scalar a lead and a trail surrogate encode.
  @inline(__always)
  static func value(lead: UInt16, trail: UInt16) -> UInt32 {
    0x10000 + ((UInt32(lead) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
  }

  /// The surrogate pair of a scalar value above U+FFFF.
  @inline(__always)
  static func surrogates(of value: UInt32) -> (lead: UInt16, trail: UInt16) {
    let offset = value - 0x10000
    return (UInt16(truncatingIfNeeded: 0xD800 + (offset >> 10)), UInt16(0xDC00 + (offset & 0x3FF)))
  }
}
