// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// The first pipeline stage: splits a paragraph into runs of one direction, script and face.
///
/// 1. Bidi levels (ICU, UAX #9), from the paragraph's first strong character or a forced
///    direction.
/// 2. Scripts (ICU, UAX #24): Common and Inherited characters take the script of the text around
///    them — a combining mark its base, punctuation the preceding script, a closing bracket the
///    script of its opening bracket (UAX #24 §5.1).
/// 3. Faces by grapheme cluster over the fallback cascade: the first face that covers every
///    scalar of the cluster, so a cluster is never split across faces.
struct Itemizer {
  /// The itemized paragraph.
  struct Result {
    var runs: [TextRun]
    var paragraphLevel: UInt8
    /// Grapheme cluster boundaries, UTF-16 offsets from 0 to the paragraph's length.
    var clusterBoundaries: [Int]
    /// Scalars no face in the cascade covers, in text order.
    var missing: [Unicode.Scalar]
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
    let (levels, resolvedLevel) = try units.withUnsafeBufferPointer {
      (buffer) throws(LayoutError) in
      try UnicodeServices.bidiLevels(buffer, paragraphLevel: paragraphLevel)
    }
    return units.withUnsafeBufferPointer { units in
      let scripts = Self.scripts(units)
      let primary = cascade.faces[0]
      var runs: [TextRun] = []
      var boundaries: [Int] = []
      boundaries.reserveCapacity(count + 1)
      boundaries.append(0)
      var missing: [Unicode.Scalar] = []

      /// Gives the cluster `start..<end`, whose scalars are `scalars`, a face, and extends the
      /// runs with it.
      func close(_ start: Int, _ end: Int, _ scalars: [Unicode.Scalar]) {
        var face: FontFace
        if scalars.count == 1, primary.coverage.contains(scalars[0]) {
          face = primary  // the common case: one scalar the primary face draws
        } else if scalars.count > 1,
          scalars.allSatisfy({
            primary.coverage.contains($0) || FontCascade.isDefaultIgnorable($0)
          })
        {
          face = primary
        } else {
          var cluster = ""
          cluster.unicodeScalars.append(contentsOf: scalars)
          if let found = cascade.face(forCluster: cluster) {
            face = found
            for scalar in scalars
            where !found.coverage.contains(scalar) && !FontCascade.isDefaultIgnorable(scalar) {
              missing.append(scalar)
            }
          } else {
            face = primary
            missing.append(contentsOf: scalars.filter { !FontCascade.isDefaultIgnorable($0) })
          }
        }
        let level = levels[start]
        let script = scripts[start]
        if let last = runs.last, last.level == level, last.script == script, last.face == face {
          runs[runs.count - 1].range = last.range.lowerBound..<end
        } else {
          runs.append(TextRun(range: start..<end, level: level, script: script, face: face))
        }
        boundaries.append(end)
      }

      // Grapheme clusters with the standard library's own rules (those `Character` follows),
      // one scalar at a time over the UTF-16 units: no `String` indices, no `Character`s.
      var recognizer = Unicode._CharacterRecognizer()
      var scalars: [Unicode.Scalar] = []
      var clusterStart = 0
      var offset = 0
      while offset < count {
        let (scalar, width) = Self.scalar(at: offset, in: units)
        if recognizer.hasBreak(before: scalar), offset > 0 {
          close(clusterStart, offset, scalars)
          clusterStart = offset
          scalars.removeAll(keepingCapacity: true)
        }
        scalars.append(scalar)
        offset += width
      }
      close(clusterStart, count, scalars)
      return Result(
        runs: runs, paragraphLevel: resolvedLevel, clusterBoundaries: boundaries,
        missing: missing)
    }
  }

  /// The scalar starting at a UTF-16 offset, and its width in units (a lone surrogate, which a
  /// Swift string never holds, reads as U+FFFD).
  @inline(__always)
  static func scalar(at offset: Int, in units: UnsafeBufferPointer<UInt16>) -> (Unicode.Scalar, Int)
  {
    let unit = units[offset]
    if UTF16.isLeadSurrogate(unit), offset + 1 < units.count,
      UTF16.isTrailSurrogate(units[offset + 1])
    {
      let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[offset + 1]) - 0xDC00)
      return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
    }
    return (Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}", 1)
  }

  /// The script code of every UTF-16 unit, with Common and Inherited resolved.
  static func scripts(_ units: UnsafeBufferPointer<UInt16>) -> [Int32] {
    let count = units.count
    var codes = [Int32](repeating: UnicodeServices.scriptCommon, count: count)
    var offset = 0
    var previous: Int32? = nil
    var brackets: [(scalar: UInt32, script: Int32?)] = []
    codes.withUnsafeMutableBufferPointer { codes in
      while offset < count {
        let (scalar, width) = Self.scalar(at: offset, in: units)
        var script = UnicodeServices.script(scalar.value)
        if script == UnicodeServices.scriptInherited {
          script = previous ?? UnicodeServices.scriptCommon
        } else if script == UnicodeServices.scriptCommon {
          if let opening = Self.openingBracket(for: scalar.value),
            let index = brackets.lastIndex(where: { $0.scalar == opening })
          {
            script = brackets[index].script ?? previous ?? UnicodeServices.scriptCommon
            brackets.removeSubrange(index...)
          } else {
            if Self.closingBracket(for: scalar.value) != nil {
              brackets.append((scalar.value, previous))
            }
            // Keep a preceding script when the character belongs to it too (Script_Extensions).
            script = previous ?? UnicodeServices.scriptCommon
          }
        } else {
          if previous == nil {
            // Leading Common characters take the first real script.
            for index in 0..<offset { codes[index] = script }
          }
          previous = script
        }
        codes[offset] = script
        if width == 2 { codes[offset + 1] = script }
        offset += width
      }
    }
    return codes
  }

  /// The closing bracket of an opening one, for the brackets that pair in text.
  private static func closingBracket(for scalar: UInt32) -> UInt32? {
    switch scalar {
    case 0x28: 0x29
    case 0x5B: 0x5D
    case 0x7B: 0x7D
    case 0x2018: 0x2019
    case 0x201C: 0x201D
    case 0x3008...0x3011 where scalar % 2 == 0: scalar + 1
    case 0xFF08: 0xFF09
    default: nil
    }
  }

  /// The opening bracket of a closing one.
  private static func openingBracket(for scalar: UInt32) -> UInt32? {
    switch scalar {
    case 0x29: 0x28
    case 0x5D: 0x5B
    case 0x7D: 0x7B
    case 0x2019: 0x2018
    case 0x201D: 0x201C
    case 0x3009...0x3011 where scalar % 2 == 1: scalar - 1
    case 0xFF09: 0xFF08
    default: nil
    }
  }
}
