// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// The first pipeline stage: splits a paragraph into runs of one direction, script and face.
///
/// 1. Bidi levels (ICU, UAX #9), from the paragraph's first strong character or a forced
///    direction.
/// 2. Scripts (ICU, UAX #24): Common and Inherited characters take the script of the text around
///    them — a combining mark its base, punctuation the preceding script, a closing bracket the
///    script of its opening bracket (UAX #24 §5.1). Only the Script property is read, never
///    Script_Extensions: a Common character such as U+3001 IDEOGRAPHIC COMMA takes the preceding
///    script even where its extensions list others, as ICU's `UScriptRun` does.
/// 3. Faces by grapheme cluster over the fallback cascade: the first face that covers every
///    scalar of the cluster, so a cluster is never split across faces.
/// 4. Shaping splits: a cluster longer than ``TextLayoutEngine/maximumShapedClusterLength``
///    scalars is shaped in pieces of at most that many (see ``Result/shapingSplits(in:)``).
struct Itemizer {
  /// The itemized paragraph.
  struct Result {
    var runs: [TextRun]
    var paragraphLevel: UInt8
    /// Grapheme cluster boundaries, UTF-16 offsets from 0 to the paragraph's length.
    var clusterBoundaries: [Int]
    /// Scalars no face in the cascade covers, in text order.
    var missing: [Unicode.Scalar]
    /// Whether a cluster is longer than ``TextLayoutEngine/maximumShapedClusterLength`` scalars.
    ///
    /// Never in real text. A flag rather than the splits themselves, so that the common case
    /// carries no array.
    var hasLongClusters = false

    /// Where shaping splits over-long grapheme clusters, as ascending UTF-16 offsets.
    ///
    /// A cluster longer than ``TextLayoutEngine/maximumShapedClusterLength`` scalars gets one
    /// after every that many of its scalars. Shaping ends a run's piece at each, so HarfBuzz
    /// never sees more of one cluster at once (its mark attachment takes time quadratic in a
    /// cluster's length). Empty unless ``hasLongClusters``.
    ///
    /// - Parameter units: The paragraph's UTF-16 units.
    /// - Returns: The offsets.
    /// - Complexity: O(n) when ``hasLongClusters``, else O(1).
    func shapingSplits(in units: [UInt16]) -> [Int] {
      guard hasLongClusters else { return [] }
      let length = TextLayoutEngine.maximumShapedClusterLength
      var splits: [Int] = []
      for (start, end) in zip(clusterBoundaries, clusterBoundaries.dropFirst())
      where end - start > length {  // UTF-16 units: at least as many as scalars
        var offset = start
        var scalars = 0
        while offset < end {
          if scalars > 0, scalars % length == 0 { splits.append(offset) }
          offset += UTF16Scalars.width(of: UTF16Scalars.scalar(startingAt: offset, in: units))
          scalars += 1
        }
      }
      return splits
    }
  }

  let cascade: FontCascade

  func itemize(
    _ paragraph: Paragraph, direction: LayoutOptions.BaseDirection
  ) throws(LayoutError) -> Result {
    let units = paragraph.units
    let count = units.count
    let paragraphLevel: Int32
    switch direction {
    case .natural: paragraphLevel = -1
    case .leftToRight: paragraphLevel = 0
    case .rightToLeft: paragraphLevel = 1
    }
    guard count > 0 else {
      return Result(
        runs: [], paragraphLevel: paragraphLevel == 1 ? 1 : 0, clusterBoundaries: [0],
        missing: [])
    }
    let levels: [UInt8]
    let resolvedLevel: UInt8
    if paragraphLevel != 1, !units.contains(where: Self.mayBeRightToLeft) {
      // Nothing right to left and no bidi controls: every level is 0, as ICU would find. No
      // array of zeros: an empty one stands for it (see `RunBuilder.levels`).
      levels = []
      resolvedLevel = 0
    } else {
      (levels, resolvedLevel) = try units.withUnsafeBufferPointer {
        (buffer) throws(LayoutError) in
        try UnicodeServices.bidiLevels(buffer, paragraphLevel: paragraphLevel)
      }
    }
    return units.withUnsafeBufferPointer { units in
      var builder = RunBuilder(units: units, levels: levels, cascade: cascade)

      // Faces are chosen per grapheme cluster (see `GraphemeClusters` for how they are found).
      GraphemeClusters.forEach(in: units) { range, first, scalarCount in
        builder.add(range.lowerBound, range.upperBound, first: first, scalarCount: scalarCount)
      }
      return builder.finish(paragraphLevel: resolvedLevel)
    }
  }

  /// Gathers clusters into runs of one level, script and face.
  private struct RunBuilder {
    let units: UnsafeBufferPointer<UInt16>
    /// Each unit's bidi level; empty when every level is 0.
    let levels: [UInt8]
    /// Scripts, resolved scalar by scalar as the clusters come (the same as ``scripts(_:)``
    /// at each cluster's first unit, which `ItemizerTests` check).
    var resolver = ScriptResolver()
    let cascade: FontCascade
    let primary: FontFace
    var runs: [TextRun] = []
    var boundaries: [Int]
    var missing: [Unicode.Scalar] = []
    var hasLongClusters = false
    // The primary face's covered range that held the last scalar looked up: text stays in one
    // range (ASCII, the Hangul syllables) for long stretches.
    // The three most recent ranges: text alternates between two (Hangul syllables and ASCII
    // spaces and punctuation) or three (ideographs, kana, CJK punctuation) as often as it
    // stays in one.
    var coveredLow: UInt32 = 1
    var coveredHigh: UInt32 = 0
    var otherLow: UInt32 = 1
    var otherHigh: UInt32 = 0
    var thirdLow: UInt32 = 1
    var thirdHigh: UInt32 = 0
    let primaryCoverage: CharacterCoverage
    // The primary face's coverage of two blocks of 256 scalars, for text whose script the face
    // covers with many small ranges (Tamil, Thai, Devanagari; and the ASCII punctuation and
    // digits of a face for one of them), which the three ranges above cannot hold: the blocks
    // of the last two scalars they missed.
    var block: UInt32 = .max
    var blockBits = SIMD4<UInt64>(repeating: 0)
    var otherBlock: UInt32 = .max
    var otherBlockBits = SIMD4<UInt64>(repeating: 0)
    // The run being extended; appended when a cluster differs in level, script or face.
    var runStart = 0
    var runLevel: UInt8 = 0
    var runScript = ScriptCode.common
    var runFace: FontFace
    var runIsPrimary = true
    var hasRun = false

    init(units: UnsafeBufferPointer<UInt16>, levels: [UInt8], cascade: FontCascade) {
      self.units = units
      self.levels = levels
      self.cascade = cascade
      primary = cascade.faces[0]
      primaryCoverage = primary.coverage
      runFace = primary
      boundaries = []
      boundaries.reserveCapacity(units.count + 1)
      runs.reserveCapacity(4)
      boundaries.append(0)
    }

    @inline(__always)
    mutating func primaryCovers(_ scalar: Unicode.Scalar) -> Bool {
      let value = scalar.value
      if value >= coveredLow, value <= coveredHigh { return true }
      if value >= otherLow, value <= otherHigh {
        swap(&coveredLow, &otherLow)
        swap(&coveredHigh, &otherHigh)
        return true
      }
      if value >= thirdLow, value <= thirdHigh {
        swap(&coveredLow, &thirdLow)
        swap(&coveredHigh, &thirdHigh)
        return true
      }
      if value >> 8 == block {
        return blockBits[Int(value >> 6 & 3)] >> UInt64(value & 63) & 1 != 0
      }
      if value >> 8 == otherBlock {
        swap(&block, &otherBlock)
        swap(&blockBits, &otherBlockBits)
        return blockBits[Int(value >> 6 & 3)] >> UInt64(value & 63) & 1 != 0
      }
      guard let range = primaryCoverage.coveredRange(containing: value) else {
        return blockCovers(value)
      }
      // A small range also fills its block's bits: a script the face covers in many small
      // ranges (Tamil) then misses the three ranges but not the bits.
      if range.count < 64 { _ = blockCovers(value) }
      (thirdLow, thirdHigh) = (otherLow, otherHigh)
      (otherLow, otherHigh) = (coveredLow, coveredHigh)
      (coveredLow, coveredHigh) = (range.lowerBound, range.upperBound)
      return true
    }

    /// Whether the primary face covers `value`, from its block's bits, which are kept for the
    /// scalars that follow.
    private mutating func blockCovers(_ value: UInt32) -> Bool {
      (otherBlock, otherBlockBits) = (block, blockBits)
      block = value >> 8
      blockBits = primaryCoverage.bits(ofBlock: block)
      return blockBits[Int(value >> 6 & 3)] >> UInt64(value & 63) & 1 != 0
    }

    /// Gives the cluster `start..<end` (its first scalar `first`, `scalarCount` in all) a face,
    /// and extends the current run with it or starts a new one.
    @inline(__always)
    mutating func add(_ start: Int, _ end: Int, first: Unicode.Scalar, scalarCount: Int) {
      var fallback: FontFace? = nil
      if scalarCount != 1 || !primaryCovers(first) {
        if scalarCount > TextLayoutEngine.maximumShapedClusterLength { hasLongClusters = true }
        fallback = face(start, end, scalarCount: scalarCount)
      }
      let level = levels.isEmpty ? 0 : levels[start]
      let script = self.script(start, end, first: first, scalarCount: scalarCount)
      let sameFace: Bool
      if let fallback {
        sameFace = !runIsPrimary && runFace == fallback
      } else {
        sameFace = runIsPrimary
      }
      if !hasRun || level != runLevel || script != runScript || !sameFace {
        if hasRun {
          runs.append(
            TextRun(
              range: runStart..<start, level: runLevel, script: runScript, face: runFace))
        }
        hasRun = true
        runStart = start
        runLevel = level
        runScript = script
        runFace = fallback ?? primary
        runIsPrimary = fallback == nil
      }
      boundaries.append(end)
    }

    /// The script of the cluster `start..<end`: its first scalar's, resolved after all its
    /// scalars.
    ///
    /// Until the text's first real script appears, clusters get Common, and the runs so far
    /// take that script when it does (leading Common characters take the first real script).
    @inline(__always)
    private mutating func script(_ start: Int, _ end: Int, first: Unicode.Scalar, scalarCount: Int)
      -> ScriptCode
    {
      let leading = resolver.firstScript == nil
      var script = resolver.resolve(first.value)
      if scalarCount > 1 {
        var offset = start + UTF16Scalars.width(of: first.value)
        while offset < end {
          let (scalar, width) = Itemizer.scalar(at: offset, in: units)
          _ = resolver.resolve(scalar.value)
          offset += width
        }
      }
      if leading, let real = resolver.firstScript {
        for index in runs.indices { runs[index].script = real }
        if hasRun { runScript = real }
        if script == nil { script = real }
      }
      return script ?? .common
    }

    /// The face for a cluster that is not one scalar of the primary face's: `nil` for the
    /// primary face, else the cascade's choice; records what no face covers.
    private mutating func face(_ start: Int, _ end: Int, scalarCount: Int) -> FontFace? {
      if scalarCount > 1 {
        // A cluster the primary face draws whole (the common case for marks and conjuncts).
        var whole = true
        var offset = start
        while offset < end {
          let (scalar, width) = Itemizer.scalar(at: offset, in: units)
          if !FontCascade.isDefaultIgnorable(scalar), !primaryCovers(scalar) {
            whole = false
            break
          }
          offset += width
        }
        if whole { return nil }
      }
      var scalars: [Unicode.Scalar] = []
      var offset = start
      while offset < end {
        let (scalar, width) = Itemizer.scalar(at: offset, in: units)
        scalars.append(scalar)
        offset += width
      }
      var cluster = ""
      cluster.unicodeScalars.append(contentsOf: scalars)
      guard let found = cascade.face(forCluster: cluster) else {
        missing.append(contentsOf: scalars.filter { !FontCascade.isDefaultIgnorable($0) })
        return nil
      }
      for scalar in scalars
      where !found.coverage.contains(scalar) && !FontCascade.isDefaultIgnorable(scalar) {
        missing.append(scalar)
      }
      return found == primary ? nil : found
    }

    /// The result, with the last run appended.
    mutating func finish(paragraphLevel: UInt8) -> Result {
      runs.append(
        TextRun(
          range: runStart..<units.count, level: runLevel, script: runScript,
          face: runFace))
      return Result(
        runs: runs, paragraphLevel: paragraphLevel, clusterBoundaries: boundaries,
        missing: missing, hasLongClusters: hasLongClusters)
    }
  }

  /// The scalar starting at a UTF-16 offset, and its width in units (a lone surrogate, which a
  /// Swift string never holds, reads as U+FFFD).
  @inline(__always)
  static func scalar(at offset: Int, in units: UnsafeBufferPointer<UInt16>) -> (Unicode.Scalar, Int)
  {
    let value = UTF16Scalars.scalar(startingAt: offset, in: units)
    return (Unicode.Scalar(value) ?? "\u{FFFD}", UTF16Scalars.width(of: value))
  }

  /// The script code of every UTF-16 unit, with Common and Inherited resolved
  /// (``ScriptResolver``): what the runs take at their clusters' first units, as an array.
  ///
  /// - Complexity: O(n): a closing bracket searches at most ``ScriptResolver/bracketDepth``
  ///   open ones.
  static func scripts(_ units: UnsafeBufferPointer<UInt16>) -> [ScriptCode] {
    let count = units.count
    var codes = [ScriptCode](repeating: .common, count: count)
    var resolver = ScriptResolver()
    var offset = 0
    codes.withUnsafeMutableBufferPointer { codes in
      while offset < count {
        let (scalar, width) = Self.scalar(at: offset, in: units)
        let leading = resolver.firstScript == nil
        let script = resolver.resolve(scalar.value)
        if leading, let first = resolver.firstScript {
          // Leading Common characters take the first real script.
          for index in 0..<offset { codes[index] = first }
        }
        codes[offset] = script ?? .common
        if width == 2 { codes[offset + 1] = script ?? .common }
        offset += width
      }
    }
    return codes
  }

  /// Whether a UTF-16 unit may start a right-to-left character or a bidi control.
  ///
  /// Bidi_Class R, AL and AN, and the controls, live in these blocks that hold any: Hebrew to
  /// Arabic Extended-A (U+0590–U+08FF), the marks and controls (U+200E, U+200F, U+202A–U+202E,
  /// U+2066–U+2069), the presentation forms (U+FB1D–U+FDFF, U+FE70–U+FEFF), and the
  /// supplementary right-to-left blocks (U+10800–U+10FFF, U+1E800–U+1EFFF, by their lead
  /// surrogates). Text with none of them resolves to level 0. `ItemizerTests` checks every
  /// Unicode scalar against ICU's Bidi_Class.
  @inline(__always)
  static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x0590...0x08FF, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0xD802, 0xD803, 0xD83A, 0xD83B: true
    default: false
    }
  }

  /// A scalar's UAX #24 script, with common letters answered without ICU.
  ///
  /// ASCII, Greek, Cyrillic, Hebrew, Arabic and Devanagari letters, Thai and Tamil, the
  /// commonest CJK punctuation, kana, CJK ideographs and Hangul syllables are answered here, the
  /// rest by ICU. `ItemizerTests` checks every Unicode scalar against ICU.
  ///
  /// The ranges are split at U+3000 first, so that a scalar is compared with the ranges of its
  /// own half only (a `switch` over ranges tests them in order).
  @inline(__always)
  static func script(of value: UInt32) -> ScriptCode {
    if value < 0x3000 {
      switch value {
      case 0x41...0x5A, 0x61...0x7A: .latin
      case 0...0x7F: .common
      case 0x391...0x3A1, 0x3A3...0x3A9, 0x3B1...0x3C9: .greek
      case 0x410...0x44F: .cyrillic
      case 0x5D0...0x5EA, 0x5F3...0x5F4: .hebrew
      case 0x621...0x63F, 0x641...0x64A: .arabic  // U+0640 TATWEEL is Common
      case 0x915...0x939: .devanagari
      case 0xE01...0xE3A, 0xE40...0xE4E, 0xE50...0xE5B: .thai
      // Tamil: every assigned scalar of its block.
      case 0xB82...0xB83, 0xB85...0xB8A, 0xB8E...0xB90, 0xB92...0xB95, 0xB99...0xB9A, 0xB9C,
        0xB9E...0xB9F, 0xBA3...0xBA4, 0xBA8...0xBAA, 0xBAE...0xBB9, 0xBBE...0xBC2,
        0xBC6...0xBC8, 0xBCA...0xBCD, 0xBD0, 0xBD7, 0xBE6...0xBFA:
        .tamil
      default: UnicodeServices.script(value)
      }
    } else {
      switch value {
      case 0x4E00...0x9FFF: .han
      case 0xAC00...0xD7A3: .hangul
      case 0x30A1...0x30FA: .katakana
      case 0x3041...0x3096: .hiragana
      case 0x3000...0x3004, 0x30FB...0x30FC, 0xFF08...0xFF09: .common  // CJK punctuation
      default: UnicodeServices.script(value)
      }
    }
  }
}
