// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleLayout

/// The layout engine's one surrogate decoder reads what Swift's UTF-16 decoding reads, and a lone
/// surrogate as itself, at every offset and at both edges of a buffer.
@Suite struct UTF16ScalarsTests {
  /// Every scalar starting at each offset of a buffer, forwards.
  static func forwards(_ units: [UInt16]) -> [UInt32] {
    var values: [UInt32] = []
    var offset = 0
    while offset < units.count {
      let value = UTF16Scalars.scalar(startingAt: offset, in: units)
      values.append(value)
      offset += UTF16Scalars.width(of: value)
    }
    return values
  }

  /// Every scalar ending at each offset of a buffer, backwards, in text order.
  static func backwards(_ units: [UInt16]) -> [UInt32] {
    var values: [UInt32] = []
    var offset = units.count
    while offset > 0 {
      let value = units.withUnsafeBufferPointer {
        UTF16Scalars.scalar(endingAt: offset, in: $0)
      }
      values.append(value)
      offset -= UTF16Scalars.width(of: value)
    }
    return values.reversed()
  }

  @Test(arguments: ["", "a", "가", "😀", "a😀b", "😀😀", "👍🏽", "\u{10FFFF}", "\u{10000}", "\u{FFFF}"])
  func validText_readsAsTheStringsScalars(_ text: String) {
    let units = Array(text.utf16)
    let expected = text.unicodeScalars.map(\.value)
    #expect(Self.forwards(units) == expected)
    #expect(Self.backwards(units) == expected)
  }

  /// Lone surrogates, including a lead at the buffer's end and a trail at its start.
  @Test(
    arguments: [
      ([0xD83D], [0xD83D]),  // a lead alone
      ([0xDE00], [0xDE00]),  // a trail alone
      ([0xDE00, 0xD83D], [0xDE00, 0xD83D]),  // a trail then a lead: no pair
      ([0x61, 0xD83D], [0x61, 0xD83D]),  // a lead at the end
      ([0xDE00, 0x61], [0xDE00, 0x61]),  // a trail at the start
      ([0xD83D, 0xD83D, 0xDE00], [0xD83D, 0x1F600]),  // a lead before a pair
      ([0xD83D, 0xDE00, 0xDE00], [0x1F600, 0xDE00]),  // a trail after a pair
    ] as [([UInt16], [UInt32])])
  func loneSurrogates_readAsThemselves(_ units: [UInt16], _ expected: [UInt32]) {
    #expect(Self.forwards(units) == expected)
    #expect(Self.backwards(units) == expected)
  }

  /// A pair read from either side through an unsafe buffer, and the itemizer's U+FFFD.
  @Test func pairAtTheBuffersEdges_readsFromBothSides() {
    let units: [UInt16] = [0xD83D, 0xDE00]
    units.withUnsafeBufferPointer { buffer in
      #expect(UTF16Scalars.scalar(startingAt: 0, in: buffer) == 0x1F600)
      #expect(UTF16Scalars.scalar(endingAt: 2, in: buffer) == 0x1F600)
      // From inside the pair, each half is alone.
      #expect(UTF16Scalars.scalar(startingAt: 1, in: buffer) == 0xDE00)
      #expect(UTF16Scalars.scalar(endingAt: 1, in: buffer) == 0xD83D)
      #expect(Itemizer.scalar(at: 1, in: buffer) == ("\u{FFFD}", 1))
      #expect(Itemizer.scalar(at: 0, in: buffer) == ("😀", 2))
    }
  }

  /// Splitting and joining are inverses over every supplementary scalar.
  @Test func surrogates_roundTripEverySupplementaryScalar() {
    var mismatches: [UInt32] = []
    for value in UInt32(0x10000)...0x10FFFF {
      let (lead, trail) = UTF16Scalars.surrogates(of: value)
      let swift = Array(String(Unicode.Scalar(value)!).utf16)
      if [lead, trail] != swift || UTF16Scalars.value(lead: lead, trail: trail) != value {
        mismatches.append(value)
      }
    }
    #expect(mismatches.isEmpty)
  }
}
