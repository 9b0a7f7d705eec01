// SPDX-License-Identifier: Apache-2.0

/// Grapheme clusters of UTF-16 text, by the standard library's own rules (those `Character`
/// follows), found without making `String` indices or `Character`s where the toolchain allows.
///
/// Two implementations, chosen at compile time and, on Apple platforms, at run time:
///
/// - The recognizer path (``usesCharacterRecognizer`` is true) walks the units one scalar at a
///   time with the standard library's `Unicode._CharacterRecognizer` (underscored API, in the
///   standard library since Swift 5.9). Between two scalars without grapheme properties (see
///   ``isPlain(_:)``) there is always a boundary (UAX #29 GB999), so the recognizer is consulted
///   only next to the others, and re-seeded with the previous scalar after such a skip: the state
///   after a boundary depends on the scalar after it alone. Used on every platform without OS
///   availability (Linux, Windows), and on macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1
///   and later.
/// - The `Character` path decodes a `String` and walks its `Character`s: slower (it allocates
///   the string), the same boundaries. Used on older Apple OSes, and everywhere when the module
///   is built with `-Xswiftc -DTYPESCALE_NO_CHARACTER_RECOGNIZER` — which is how the fallback is
///   tested, and the way out should a toolchain drop the underscored type.
///
/// Both read a lone surrogate (which a Swift string never holds) as U+FFFD, one unit wide.
enum GraphemeClusters {
  /// Whether this build and OS find clusters with `Unicode._CharacterRecognizer`.
  static var usesCharacterRecognizer: Bool {
    #if !TYPESCALE_NO_CHARACTER_RECOGNIZER
      if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) { return true }
    #endif
    return false
  }

  /// Calls `body` for each grapheme cluster of `units`, in order, with its UTF-16 range, its
  /// first scalar and its number of scalars.
  @inline(__always)
  static func forEach(
    in units: UnsafeBufferPointer<UInt16>,
    _ body: (_ range: Range<Int>, _ first: Unicode.Scalar, _ scalarCount: Int) -> Void
  ) {
    guard !units.isEmpty else { return }
    #if !TYPESCALE_NO_CHARACTER_RECOGNIZER
      if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
        recognizerClusters(in: units, body)
        return
      }
    #endif
    characterClusters(in: units, body)
  }

  #if !TYPESCALE_NO_CHARACTER_RECOGNIZER
    /// The recognizer path: one scalar at a time over the units.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    @inline(__always)
    private static func recognizerClusters(
      in units: UnsafeBufferPointer<UInt16>,
      _ body: (_ range: Range<Int>, _ first: Unicode.Scalar, _ scalarCount: Int) -> Void
    ) {
      var recognizer = Unicode._CharacterRecognizer()
      var isSeeded = false
      var clusterStart = 0
      var first: Unicode.Scalar = "\0"
      var scalarCount = 0
      var previous: Unicode.Scalar = "\0"
      var previousIsPlain = false  // isPlain(previous.value), kept rather than asked again
      // Whether the cluster so far is a plain scalar and marks `isMark(_:after:)` allows.
      var clusterIsSimple = false
      var offset = 0
      while offset < units.count {
        let (scalar, width) = Itemizer.scalar(at: offset, in: units)
        let scalarIsPlain = isPlain(scalar.value)
        let isBoundary: Bool
        if offset == 0 {
          isBoundary = false
        } else if previousIsPlain || clusterIsSimple, scalarIsPlain {
          isBoundary = true
          isSeeded = false
        } else if clusterIsSimple, isMark(scalar.value, after: first.value) {
          isBoundary = false
          isSeeded = false
        } else {
          clusterIsSimple = false
          if !isSeeded {
            recognizer = Unicode._CharacterRecognizer()
            _ = recognizer.hasBreak(before: previous)
            isSeeded = true
          }
          isBoundary = recognizer.hasBreak(before: scalar)
        }
        if isBoundary {
          body(clusterStart..<offset, first, scalarCount)
          clusterStart = offset
          scalarCount = 0
        }
        if scalarCount == 0 {
          first = scalar
          clusterIsSimple = scalarIsPlain
        }
        scalarCount += 1
        previous = scalar
        previousIsPlain = scalarIsPlain
        offset += width
      }
      body(clusterStart..<units.count, first, scalarCount)
    }
  #endif

  /// The `Character` path: the clusters of the decoded string.
  private static func characterClusters(
    in units: UnsafeBufferPointer<UInt16>,
    _ body: (_ range: Range<Int>, _ first: Unicode.Scalar, _ scalarCount: Int) -> Void
  ) {
    var start = 0
    for character in String(decoding: units, as: UTF16.self) {
      let end = start + character.utf16.count
      let scalars = character.unicodeScalars
      body(start..<end, scalars.first ?? "\u{FFFD}", scalars.count)
      start = end
    }
  }

  /// Whether a scalar is a mark of a script without conjunct rules that joins a plain base of
  /// its own block and leaves nothing for later scalars to look back at: Tamil and Thai vowel
  /// signs, viramas and tone marks (Grapheme_Cluster_Break Extend or SpacingMark).
  ///
  /// Neither script has Indic_Conjunct_Break Consonant letters, so after a plain base of its
  /// block and such marks the next boundary depends on the next scalar alone, as after a plain
  /// scalar: a plain one starts a cluster (UAX #29 GB999), and the recognizer, seeded with the
  /// mark, answers for the rest. `ItemizerTests` compare the clusters with Swift's `Character`s
  /// for every such mark after bases of its block followed by every pair of joiners, linkers,
  /// conjunct consonants, emoji and controls, and over random mixes.
  @inline(__always)
  static func isMark(_ value: UInt32, after base: UInt32) -> Bool {
    guard value >> 7 == base >> 7 else { return false }
    switch value {
    case 0x0BBE...0x0BC2, 0x0BC6...0x0BC8, 0x0BCA...0x0BCD, 0x0BD7: return true  // Tamil
    case 0x0E31, 0x0E33...0x0E3A, 0x0E47...0x0E4E: return true  // Thai
    default: return false
    }
  }

  /// Whether a scalar has no grapheme-breaking property (UAX #29 Grapheme_Cluster_Break Other,
  /// not Extended_Pictographic, no Indic_Conjunct_Break Linker or Extend): Latin-1 except
  /// controls, © and ®; the Greek, Cyrillic, Hebrew, Arabic, Devanagari, Thai and Tamil
  /// letters; kana, CJK punctuation, fullwidth forms, CJK ideographs and Hangul syllables.
  ///
  /// Hangul syllables are LV or LVT, but a syllable followed by a syllable or by anything else
  /// plain is a boundary all the same (GB6–GB8 join only jamo, which are not plain).
  @inline(__always)
  static func isPlain(_ value: UInt32) -> Bool {
    // The East Asian ranges first: ideographs, Hangul syllables and kana are most of the text
    // that reaches this point, and a `switch` over ranges tests them in order.
    if value >= 0x3000 {
      switch value {
      case 0x4E00...0x9FFF, 0xAC00...0xD7A3: return true  // CJK ideographs, Hangul syllables
      // CJK punctuation (U+302A–302F are marks), hiragana, katakana with its middle dot and
      // prolonged sound mark, fullwidth ASCII forms.
      case 0x3000...0x3029, 0x3041...0x3096, 0x30A1...0x30FC, 0xFF01...0xFF60: return true
      default: return false
      }
    }
    return switch value {
    case 0x20...0x7E, 0xA0...0xA8, 0xAA...0xAC, 0xAF...0x2FF: true
    case 0x370...0x482, 0x48A...0x52F: true  // Greek and Coptic, Cyrillic (no marks)
    case 0x5D0...0x5F4: true  // Hebrew letters, ligatures, geresh and gershayim
    case 0x620...0x64A, 0x660...0x66F, 0x671...0x6D3: true  // Arabic letters and digits
    // Devanagari letters and digits: consonants are Indic_Conjunct_Break Consonant, but two
    // consonants without a linker between them break all the same (GB9c needs the linker).
    case 0x904...0x939, 0x958...0x961, 0x964...0x970, 0x972...0x97F: true
    case 0xE01...0xE30, 0xE32, 0xE3F...0xE46, 0xE4F...0xE5B: true  // Thai letters, digits
    // Tamil letters (no Indic_Conjunct_Break: Tamil is not among its scripts) and digits.
    case 0xB83, 0xB85...0xB8A, 0xB8E...0xB90, 0xB92...0xB95, 0xB99...0xB9A, 0xB9C, 0xB9E...0xB9F,
      0xBA3...0xBA4, 0xBA8...0xBAA, 0xBAE...0xBB9, 0xBD0, 0xBE6...0xBFA:
      true
    default: false
    }
  }
}
