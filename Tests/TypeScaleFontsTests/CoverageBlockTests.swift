// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleTestSupport

@testable import TypeScaleFonts

/// `CharacterCoverage.bits(ofBlock:)` answers as `contains` does for every scalar of a block.
@Suite struct CoverageBlockTests {
  /// Coverages with ranges inside blocks, across block edges, at the first and last block, and
  /// none; and the embedded faces' real ones.
  static func coverages() throws -> [CharacterCoverage] {
    let made: [CharacterCoverage] = [
      .empty,
      CharacterCoverage(ranges: [0x0...0x0, 0x41...0x5A, 0x61...0x7A, 0xFF...0x100]),
      CharacterCoverage(ranges: [0xB82...0xB83, 0xB85...0xB8A, 0xBBE...0xBC2, 0xBE6...0xBFA]),
      CharacterCoverage(ranges: [0x3F...0x40, 0x7F...0x80, 0xBF...0xC0, 0x1FF...0x3FF]),
      CharacterCoverage(ranges: [0x10FF00...0x10FFFF, 0xFFF0...0x1000F]),
    ]
    return made + FontFixture.registry.embeddedFaces.map(\.coverage)
  }

  @Test func bits_matchContains_forEveryScalarOfManyBlocks() throws {
    let blocks: [UInt32] = [0, 1, 2, 3, 0x0B, 0x0E, 0x30, 0x4E, 0xAC, 0xFF, 0x100, 0x1F6, 0x10FF]
    var covered = 0
    for coverage in try Self.coverages() {
      for block in blocks {
        let bits = coverage.bits(ofBlock: block)
        for offset in UInt32(0)...0xFF {
          let value = block << 8 | offset
          let set = bits[Int(offset >> 6)] >> UInt64(offset & 63) & 1 != 0
          #expect(set == coverage.contains(value), "U+\(String(value, radix: 16))")
          if set { covered += 1 }
        }
      }
      #expect(coverage.bits(ofBlock: 0x1100) == SIMD4(repeating: 0))
    }
    #expect(covered > 2000)
  }
}
