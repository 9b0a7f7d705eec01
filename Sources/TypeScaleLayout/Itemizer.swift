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
    let scripts = Self.scripts(paragraph.string, count: count)

    var runs: [TextRun] = []
    var boundaries = [0]
    var missing: [Unicode.Scalar] = []
    var offset = 0
    let primary = cascade.faces[0]
    for character in paragraph.string {
      let length = character.utf16.count
      let scalars = character.unicodeScalars
      var face: FontFace
      let single = length == 1 || (length == 2 && scalars.count == 1)
      if single, let scalar = scalars.first, primary.coverage.contains(scalar) {
        face = primary  // the common case: one scalar the primary face draws
      } else if !single,
        scalars.allSatisfy({
          primary.coverage.contains($0) || FontCascade.isDefaultIgnorable($0)
        })
      {
        face = primary
      } else if let found = cascade.face(forCluster: String(character)) {
        face = found
        for scalar in scalars
        where !found.coverage.contains(scalar) && !FontCascade.isDefaultIgnorable(scalar) {
          missing.append(scalar)
        }
      } else {
        face = primary
        missing.append(contentsOf: scalars.filter { !FontCascade.isDefaultIgnorable($0) })
      }
      let level = levels[offset]
      let script = scripts[offset]
      if var last = runs.last, last.level == level, last.script == script, last.face == face {
        last.range = last.range.lowerBound..<(offset + length)
        runs[runs.count - 1] = last
      } else {
        runs.append(
          TextRun(range: offset..<(offset + length), level: level, script: script, face: face))
      }
      offset += length
      boundaries.append(offset)
    }
    return Result(
      runs: runs, paragraphLevel: resolvedLevel, clusterBoundaries: boundaries, missing: missing)
  }

  /// The script code of every UTF-16 unit, with Common and Inherited resolved.
  static func scripts(_ text: Substring, count: Int) -> [Int32] {
    var codes = [Int32](repeating: UnicodeServices.scriptCommon, count: count)
    var offset = 0
    var previous: Int32? = nil
    var brackets: [(scalar: UInt32, script: Int32?)] = []
    var unresolved: [Int] = []  // offsets of leading Common units, resolved by the next script
    for scalar in text.unicodeScalars {
      let width = scalar.utf16.count
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
        for index in unresolved { codes[index] = script }
        unresolved.removeAll()
        previous = script
      }
      if script == UnicodeServices.scriptCommon { unresolved += offset..<(offset + width) }
      for index in offset..<(offset + width) { codes[index] = script }
      offset += width
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
