// SPDX-License-Identifier: Apache-2.0

internal import CUnicode

/// ICU's character properties, bidi and scripts, through CUnicode.
enum UnicodeServices {
  /// UAX #9 embedding levels for each UTF-16 unit, and the resolved paragraph level.
  ///
  /// - Parameters:
  ///   - text: One paragraph's UTF-16 units.
  ///   - paragraphLevel: 0 left-to-right, 1 right-to-left, -1 from the text.
  /// - Returns: The levels and the paragraph's level.
  /// - Throws: ``LayoutError/Code/engineFailure`` when ICU fails.
  static func bidiLevels(
    _ text: UnsafeBufferPointer<UInt16>, paragraphLevel: Int32
  ) throws(LayoutError) -> (levels: [UInt8], paragraphLevel: UInt8) {
    var levels = [UInt8](repeating: 0, count: text.count)
    var resolved: Int32 = 0
    var status: Int32 = 0
    _ = CUnicode_bidiLevels(
      text.baseAddress, Int32(text.count), paragraphLevel, &levels, &resolved, &status)
    guard !CUnicode_isFailure(status) else {
      throw LayoutError(
        .engineFailure, "ICU bidi failed: " + String(cString: CUnicode_errorName(status)))
    }
    return (levels, UInt8(truncatingIfNeeded: resolved))
  }

  /// The visual order of runs with the given levels (`ubidi_reorderVisual`): the i-th visual run
  /// is `map[i]`.
  static func visualOrder(_ levels: [UInt8]) -> [Int] {
    guard levels.count > 1 else { return Array(levels.indices) }
    var map = [Int32](repeating: 0, count: levels.count)
    guard CUnicode_reorderVisual(levels, Int32(levels.count), &map) else {
      return Array(levels.indices)
    }
    return map.map(Int.init)
  }

  /// The UAX #24 script of a scalar (`uscript_getScript`).
  static func script(_ scalar: UInt32) -> ScriptCode {
    ScriptCode(rawValue: CUnicode_script(scalar))
  }

  /// The ISO 15924 tags of the scripts ICU knows, by code, read once.
  private static let _tags: [String] = (0..<Int32(256)).map { readScriptTag($0) }

  /// The ISO 15924 tags as HarfBuzz tags (four bytes, big-endian), by code, read once.
  private static let _tagValues: [UInt32] = _tags.map { tag in
    tag.utf8.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
  }

  /// The ISO 15924 tag of a script code as a four-byte tag value, such as `'Hang'`: what
  /// `hb_script_from_iso15924_tag` takes.
  static func scriptTagValue(_ script: ScriptCode) -> UInt32 {
    let code = script.rawValue
    return code >= 0 && Int(code) < _tagValues.count
      ? _tagValues[Int(code)]
      : scriptTag(script).utf8.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
  }

  /// The ISO 15924 tag of a script code, such as `Hang`.
  static func scriptTag(_ script: ScriptCode) -> String {
    let code = script.rawValue
    return code >= 0 && Int(code) < _tags.count ? _tags[Int(code)] : readScriptTag(code)
  }

  private static func readScriptTag(_ script: Int32) -> String {
    var buffer: (CChar, CChar, CChar, CChar, CChar) = (0, 0, 0, 0, 0)
    let found = withUnsafeMutableBytes(of: &buffer) { raw in
      guard let base = raw.baseAddress else { return false }
      return CUnicode_scriptTag(script, base.assumingMemoryBound(to: CChar.self))
    }
    guard found else { return "Zzzz" }
    return withUnsafeBytes(of: buffer) { String(decoding: $0.prefix(4), as: UTF8.self) }
  }

  /// Whether a scalar hangs at the end of a line (spaces).
  ///
  /// ASCII, U+0081–U+167F and everything above U+3000 are answered here: of them only the space
  /// and the tab hang, as no space separator (General_Category Zs) other than U+0020 and U+00A0
  /// lies below U+1680 or above U+3000. The rest asks ICU. `LineBreakerTests` checks every
  /// scalar against ICU's answer.
  @inline(__always)
  static func hangsAtLineEnd(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 { return scalar == 0x20 || scalar == 0x09 }
    if scalar > 0x3000 || (scalar > 0xA0 && scalar < 0x1680) { return false }
    return CUnicode_isWhitespaceForLineEnd(scalar)
  }

  /// ICU's version, such as `72.1`.
  static var icuVersion: String { String(cString: CUnicode_icuVersion()) }

  /// The Unicode version of ICU's data, such as `15.0`.
  static var unicodeVersion: String { String(cString: CUnicode_unicodeVersion()) }
}
