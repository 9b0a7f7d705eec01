// SPDX-License-Identifier: Apache-2.0

import CUnicode
import Testing
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// The single-line shortcut must break exactly as the full opportunities would.
@Suite struct LineBreakerTests {
  /// Seeded paragraphs of spaces, letters and (sometimes) forced breaks, with random advances
  /// (some negative, as negative tracking makes them) and opportunities after spaces: wherever
  /// `isSingleLine` says yes, breaking at the paragraph's end alone gives the same spans.
  @Test func isSingleLine_agreesWithBreakingAtEveryOpportunity() {
    var generator = SeededGenerator(seed: 0x11FE)
    var singleLines = 0
    var multipleLines = 0
    for _ in 0..<3000 {
      let count = Int.random(in: 1...24, using: &generator)
      let units: [UInt16] = (0..<count).map { _ in
        [0x20, 0x61, 0x62, 0xAC00, 0x2028, 0x0B].randomElement(using: &generator) ?? 0x61
      }
      var prefix = [0.0]
      for _ in 0..<count {
        prefix.append(prefix.last! + Double.random(in: -2...9, using: &generator))
      }
      var opportunities: [(Int, Bool)] = []
      for offset in 1..<count where units[offset - 1] == 0x20 || units[offset - 1] == 0x2028 {
        opportunities.append((offset, units[offset - 1] == 0x2028))
      }
      opportunities.append((count, true))
      let boundaries = Array(0...count)
      let width: Double? =
        Bool.random(using: &generator) ? Double.random(in: 5...90, using: &generator) : nil
      let full = LineBreaker.breakLines(
        prefix: prefix, units: units, boundaries: boundaries, opportunities: opportunities,
        width: width)
      guard LineBreaker.isSingleLine(prefix: prefix, units: units, width: width) else {
        multipleLines += 1
        continue
      }
      singleLines += 1
      let shortcut = LineBreaker.breakLines(
        prefix: prefix, units: units, boundaries: boundaries, opportunities: [(count, true)],
        width: width)
      #expect(shortcut == full, "\(units) \(prefix) \(String(describing: width))")
      #expect(full.count == 1)
    }
    // Both branches were exercised.
    #expect(singleLines > 200)
    #expect(multipleLines > 300)
  }

  @Test(arguments: [
    ("fits", [0.0, 10, 20, 30], 30.0, true),
    ("one unit too wide", [0.0, 10, 20, 30.01], 30.0, false),
    ("wider in the middle than at the end", [0.0, 40, 20, 25], 30.0, false),
    ("no width", [0.0, 400, 800, 900], nil, true),
  ])
  func isSingleLine_comparesEveryPrefixWithTheWidth(
    _ name: String, _ prefix: [Double], _ width: Double?, _ expected: Bool
  ) {
    #expect(
      LineBreaker.isSingleLine(prefix: prefix, units: [0x61, 0x20, 0x62], width: width) == expected)
  }

  @Test(arguments: [UInt16(0x0B), 0x0C, 0x85, 0x2028])
  func isSingleLine_isFalseWithAForcedBreakInside(_ unit: UInt16) {
    #expect(
      !LineBreaker.isSingleLine(prefix: [0, 1, 2, 3], units: [0x61, unit, 0x62], width: nil))
  }

  /// The ASCII shortcut of `hangsAtLineEnd` must answer as ICU does.
  @Test(arguments: Array(UInt32(0)...0x7F))
  func hangsAtLineEnd_asciiShortcutMatchesICU(_ scalar: UInt32) {
    #expect(UnicodeServices.hangsAtLineEnd(scalar) == CUnicode_isWhitespaceForLineEnd(scalar))
  }
}
