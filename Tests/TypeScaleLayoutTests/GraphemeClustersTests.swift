// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleLayout

/// `GraphemeClusters` — whichever path this build uses (the recognizer, or the `Character`
/// fallback under `-DTYPESCALE_NO_CHARACTER_RECOGNIZER`) — against `String`'s own `Character`s.
@Suite struct GraphemeClustersTests {
  /// Clusters as `GraphemeClusters` finds them: range, first scalar, scalar count.
  static func clusters(_ text: String) -> [String] {
    var found: [String] = []
    Array(text.utf16).withUnsafeBufferPointer { units in
      GraphemeClusters.forEach(in: units) { range, first, scalarCount in
        found.append("\(range) \(String(first.value, radix: 16)) \(scalarCount)")
      }
    }
    return found
  }

  /// The same, from the string's `Character`s.
  static func characters(_ text: String) -> [String] {
    var start = 0
    return text.map { character in
      let end = start + character.utf16.count
      defer { start = end }
      let first = character.unicodeScalars.first?.value ?? 0
      return "\(start..<end) \(String(first, radix: 16)) \(character.unicodeScalars.count)"
    }
  }

  static let extra = [
    "", "a", "e\u{301}\u{301}x", "👩‍👩‍👧‍👦 family", "🇯🇵🇰🇷🇺", "क्षत्रिय", "ก้ำ", "\r\n\n",
    "한국어 ᄀᄀ가", "a\u{200D}b", "🏳️‍🌈!", "\u{0600}12", "x\u{1F3FB}",
  ]

  @Test(arguments: LayoutCorpus.entries.map(\.text) + extra)
  func everyCorpusText_hasStringsCharacters(_ text: String) {
    #expect(Self.clusters(text) == Self.characters(text))
  }

  @Test func corpus_isNotEmpty_andThePathIsTheOneThisBuildChose() {
    #expect(LayoutCorpus.entries.count >= 60)
    #if TYPESCALE_NO_CHARACTER_RECOGNIZER
      #expect(!GraphemeClusters.usesCharacterRecognizer)
    #else
      #expect(GraphemeClusters.usesCharacterRecognizer)
    #endif
  }

  /// A lone surrogate reads as one U+FFFD cluster, one unit wide.
  @Test func loneSurrogate_isOneReplacementCluster() {
    let units: [UInt16] = [0x61, 0xD800, 0x62]
    var found: [String] = []
    units.withUnsafeBufferPointer { units in
      GraphemeClusters.forEach(in: units) { range, first, count in
        found.append("\(range) \(String(first.value, radix: 16)) \(count)")
      }
    }
    #expect(found == ["0..<1 61 1", "1..<2 fffd 1", "2..<3 62 1"])
  }
}
