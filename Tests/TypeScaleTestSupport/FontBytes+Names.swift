// SPDX-License-Identifier: Apache-2.0

import Foundation

extension FontBytes {
  /// A `name` table (format 0) with Windows Unicode BMP, US English records (platform 3,
  /// encoding 1, language 0x409), strings in UTF-16BE.
  ///
  /// - Parameter names: The strings by name ID: 1 family, 2 subfamily, 4 full name,
  ///   6 PostScript name, 16 typographic family, 17 typographic subfamily.
  /// - Returns: The table's bytes.
  public static func nameTable(_ names: [UInt16: String]) -> [UInt8] {
    let records = names.sorted { $0.key < $1.key }
    var header: [UInt8] = []
    var strings: [UInt8] = []
    append16(&header, 0)
    append16(&header, UInt16(records.count))
    append16(&header, UInt16(6 + 12 * records.count))
    for (nameID, string) in records {
      let utf16 = string.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
      append16(&header, 3)
      append16(&header, 1)
      append16(&header, 0x409)
      append16(&header, nameID)
      append16(&header, UInt16(utf16.count))
      append16(&header, UInt16(strings.count))
      strings += utf16
    }
    return header + strings
  }

  /// A fixture font's bytes with its `name` table replaced: the same glyphs, weight and slope
  /// under other names, for tests that need a family the fixtures do not have (one whose
  /// regular face's PostScript name is the family name, as NanumGothic's is).
  ///
  /// - Parameters:
  ///   - fixture: The fixture file's name in `Tests/Fixtures/Fonts/`, such as `Fixture-Bold.ttf`.
  ///   - family: The family (name IDs 1 and 16).
  ///   - style: The subfamily (name IDs 2 and 17), such as `Bold`.
  ///   - fullName: The full name (ID 4).
  ///   - postScriptName: The PostScript name (ID 6).
  /// - Returns: The font's bytes.
  /// - Throws: When the fixture cannot be read or parsed.
  public static func renamed(
    _ fixture: String, family: String, style: String, fullName: String, postScriptName: String
  ) throws -> [UInt8] {
    var font = try SFNTFont(parsing: Array(Data(contentsOf: Fixtures.font(fixture))))
    font["name"] = nameTable([
      1: family, 2: style, 4: fullName, 6: postScriptName, 16: family, 17: style,
    ])
    return font.bytes()
  }
}
