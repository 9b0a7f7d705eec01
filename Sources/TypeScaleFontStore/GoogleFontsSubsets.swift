// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts

/// Combines the `unicode-range` subsets of one style into one font collection, so that the store
/// keeps and registers them as one file.
///
/// Google Fonts splits a style into subset files for browsers (`latin`, `cyrillic`, or 100-odd
/// numbered slices for Korean), each a font of its own that keeps the style's PostScript name.
/// TypeScale's registry keys faces by PostScript name, as CoreText does: registering the files
/// one by one would make the second a conflict. Faces of one collection do not conflict with one
/// another, so the subsets become the faces of a TrueType/OpenType collection (`ttcf`): every
/// subset is registered, with its own character coverage, under one store key.
///
/// The faces are ordered as CSS consults them: for `unicode-range` faces that otherwise match,
/// the rule defined last is tried first (CSS Fonts 4 §4.5), so the last subset of the stylesheet
/// (Google's `latin`) is face 0.
enum GoogleFontsSubsets {
  /// One downloaded subset file.
  struct File: Sendable {
    let data: Data
    /// The URL's last component, for messages.
    let name: String
  }

  /// Decodes each file to plain sfnt and combines them into a collection, the last file first.
  ///
  /// - Parameter files: The subsets in stylesheet order.
  /// - Returns: The collection's bytes.
  /// - Throws: ``FontStoreError`` — `notAFont` or `corrupt` naming the subset that FreeType
  ///   refuses, `sourceFailed` for a subset that is itself a collection, `storage` when the
  ///   temporary file for decoding cannot be written.
  static func collection(of files: [File]) throws(FontStoreError) -> Data {
    var fonts: [[UInt8]] = []
    for file in files.reversed() {
      fonts.append(try sfnt(file))
    }
    return Data(try assemble(fonts, names: files.reversed().map(\.name)))
  }

  /// A subset as plain sfnt: WOFF and WOFF2 decoded by FreeType, after FreeType opened it.
  static func sfnt(_ file: File) throws(FontStoreError) -> [UInt8] {
    let bytes = [UInt8](file.data)
    if Array(bytes.prefix(4)) == Array("ttcf".utf8) {
      throw FontStoreError(
        .sourceFailed,
        "the unicode-range subset \(file.name) is a font collection; TypeScale combines single "
          + "fonts only")
    }
    let folder = FileManager.default.temporaryDirectory
    let url = StoreFiles.temporaryURL(in: folder)
    try StoreFiles.writeNewFile(bytes, to: url)
    defer { try? StoreFiles.removeFile(url) }
    do throws(FontError) {
      let faces = try FontRegistry.inspect(fileAt: url)
      guard let first = faces.first else {
        throw FontError(.corruptFont, "\(file.name) holds no face FreeType can open")
      }
      return try FontDataCache(budget: 0).sfntBytes(for: first.source)
    } catch {
      throw FontStoreError.validation(error, file: url, name: file.name)
    }
  }

  /// Writes a collection (OpenType 1.8 `ttcf` version 1.0) holding `fonts` in order: the header,
  /// every font's table directory with offsets into the collection, then every table, 4-byte
  /// aligned.
  static func assemble(_ fonts: [[UInt8]], names: [String]) throws(FontStoreError) -> [UInt8] {
    struct Table {
      let record: ArraySlice<UInt8>  // tag and checksum
      let bytes: ArraySlice<UInt8>
    }
    struct Font {
      let header: ArraySlice<UInt8>  // sfnt version, table count, search fields
      let tables: [Table]
    }
    var parsed: [Font] = []
    for (index, bytes) in fonts.enumerated() {
      let name = index < names.count ? names[index] : "subset \(index)"
      func corrupt(_ detail: String) -> FontStoreError {
        FontStoreError(.corrupt, "\(name) is truncated or corrupt: \(detail)")
      }
      guard bytes.count >= 12 else { throw corrupt("the header is cut off") }
      let count = Int(_u16(bytes, 4))
      guard count > 0, 12 + count * 16 <= bytes.count else {
        throw corrupt("the table directory is cut off")
      }
      var tables: [Table] = []
      for table in 0..<count {
        let base = 12 + table * 16
        let offset = Int(_u32(bytes, base + 8))
        let length = Int(_u32(bytes, base + 12))
        guard offset <= bytes.count, length <= bytes.count - offset else {
          throw corrupt("a table lies past the end of the font")
        }
        tables.append(
          Table(record: bytes[base..<base + 8], bytes: bytes[offset..<offset + length]))
      }
      parsed.append(Font(header: bytes[0..<12], tables: tables))
    }

    let headerSize = 12 + 4 * parsed.count
    let directorySizes = parsed.map { 12 + 16 * $0.tables.count }
    var output: [UInt8] = []
    output.reserveCapacity(
      headerSize + directorySizes.reduce(0, +)
        + parsed.reduce(0) { $0 + $1.tables.reduce(0) { $0 + $1.bytes.count + 3 } })
    output += Array("ttcf".utf8)
    _append32(0x0001_0000, to: &output)
    _append32(UInt32(parsed.count), to: &output)
    var directoryOffset = headerSize
    for size in directorySizes {
      _append32(UInt32(directoryOffset), to: &output)
      directoryOffset += size
    }
    var tableOffset = directoryOffset
    for font in parsed {
      output += font.header
      for table in font.tables {
        output += table.record
        _append32(UInt32(tableOffset), to: &output)
        _append32(UInt32(table.bytes.count), to: &output)
        tableOffset += (table.bytes.count + 3) & ~3
      }
    }
    for font in parsed {
      for table in font.tables {
        output += table.bytes
        output += [UInt8](repeating: 0, count: ((table.bytes.count + 3) & ~3) - table.bytes.count)
      }
    }
    return output
  }

  private static func _u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
  }

  private static func _u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
      | UInt32(bytes[at + 3])
  }

  private static func _append32(_ value: UInt32, to output: inout [UInt8]) {
    output += [
      UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
      UInt8(value & 0xFF),
    ]
  }
}
