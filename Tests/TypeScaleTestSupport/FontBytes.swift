// SPDX-License-Identifier: Apache-2.0

/// A TrueType/OpenType font as a list of tables, for tests that build hostile or unusual font files
/// from a fixture: replace a table, then write it out as sfnt, a collection, or a WOFF.
///
/// Only the structure is rewritten (table directory, offsets, padding, checksums); the tables'
/// contents are the caller's.
///
/// ```swift
/// var font = try SFNTFont(parsing: Array(Data(contentsOf: Fixtures.font("Fixture-Regular.ttf"))))
/// font["cmap"] = FontBytes.cmapFormat12([(0x20, 0x7E, 1)])
/// let bytes = font.bytes()
/// ```
public struct SFNTFont: Sendable {
  /// The sfnt version: `0x00010000` for TrueType outlines, `OTTO` for CFF.
  public var version: UInt32
  /// The tables by tag, in any order (written sorted by tag).
  public var tables: [String: [UInt8]]

  /// Reads the font at `offset` (a face of a collection, or 0).
  ///
  /// - Parameters:
  ///   - bytes: A TrueType/OpenType font or collection.
  ///   - offset: Where the face's table directory starts.
  /// - Throws: ``FontBytesError`` when the directory is cut off.
  public init(parsing bytes: [UInt8], offset: Int = 0) throws {
    guard bytes.count >= offset + 12 else { throw FontBytesError("no table directory") }
    version = FontBytes.u32(bytes, offset)
    let count = Int(FontBytes.u16(bytes, offset + 4))
    tables = [:]
    for index in 0..<count {
      let record = offset + 12 + index * 16
      guard bytes.count >= record + 16 else { throw FontBytesError("table record \(index)") }
      let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
      let start = Int(FontBytes.u32(bytes, record + 8))
      let length = Int(FontBytes.u32(bytes, record + 12))
      guard start + length <= bytes.count else { throw FontBytesError("table \(tag)") }
      tables[tag] = Array(bytes[start..<start + length])
    }
  }

  /// A table's bytes by tag, such as `cmap`; `nil` to remove it.
  public subscript(tag: String) -> [UInt8]? {
    get { tables[tag] }
    set { tables[tag] = newValue }
  }

  /// The font as sfnt bytes.
  public func bytes() -> [UInt8] { FontBytes.sfnt(self, at: 0) }
}

/// A font builder's own failure (a malformed fixture), not a TypeScale error.
public struct FontBytesError: Error, CustomStringConvertible {
  /// What is wrong.
  public let description: String
  init(_ description: String) { self.description = "cannot parse font: \(description)" }
}

/// Builders for the font files and tables that tests need.
///
/// Collections, WOFF files, WOFF2 headers, `cmap` and `fvar` tables; every builder is small and
/// deterministic.
public enum FontBytes {
  /// A TrueType collection (`ttcf` 1.0) whose `count` face offsets all point at one copy of
  /// `font`, so a huge face count costs 4 bytes a face.
  ///
  /// - Parameters:
  ///   - font: The face every offset points at.
  ///   - count: The number of faces the header declares.
  /// - Returns: The collection's bytes.
  public static func collection(repeating font: SFNTFont, count: Int) -> [UInt8] {
    let headerSize = 12 + 4 * count
    var out: [UInt8] = Array("ttcf".utf8)
    append32(&out, 0x0001_0000)
    append32(&out, UInt32(count))
    for _ in 0..<count { append32(&out, UInt32(headerSize)) }
    return out + sfnt(font, at: headerSize)
  }

  /// A WOFF 1.0 file holding `font`'s tables uncompressed (WOFF stores a table as is when its
  /// compressed length equals its original length), plus optional extra tables given raw.
  ///
  /// - Parameters:
  ///   - font: The tables to store.
  ///   - extra: Tables whose stored bytes and declared original length the caller chooses, such
  ///     as a zlib stream that inflates to more than it declares. Tags must sort after the font's.
  ///   - totalSfntSize: A declared decoded size to write instead of the true one.
  /// - Returns: The WOFF file's bytes.
  public static func woff(
    _ font: SFNTFont, extra: [(tag: String, stored: [UInt8], originalLength: UInt32)] = [],
    totalSfntSize: UInt32? = nil
  ) -> [UInt8] {
    var entries = font.tables.sorted { $0.key < $1.key }.map {
      (tag: $0.key, stored: $0.value, originalLength: UInt32($0.value.count))
    }
    entries += extra
    var sfntSize = 12 + 16 * entries.count
    for entry in entries { sfntSize += (Int(entry.originalLength) + 3) & ~3 }
    var offset = 44 + 20 * entries.count
    var directory: [UInt8] = []
    var data: [UInt8] = []
    for entry in entries {
      directory += Array(entry.tag.utf8)
      append32(&directory, UInt32(offset))
      append32(&directory, UInt32(entry.stored.count))
      append32(&directory, entry.originalLength)
      append32(&directory, checksum(entry.stored))
      data += entry.stored
      while data.count % 4 != 0 { data.append(0) }
      offset = 44 + 20 * entries.count + data.count
    }
    let length = 44 + directory.count + data.count
    var header: [UInt8] = Array("wOFF".utf8)
    append32(&header, font.version)
    append32(&header, UInt32(length))
    append16(&header, UInt16(entries.count))
    append16(&header, 0)
    append32(&header, totalSfntSize ?? UInt32(sfntSize))
    append16(&header, 1)
    append16(&header, 0)
    for _ in 0..<5 { append32(&header, 0) }  // no metadata, no private data
    return header + directory + data
  }

  /// A WOFF2 file's header and table directory declaring the given sizes, followed by
  /// `compressedSize` zero bytes standing for the Brotli stream.
  ///
  /// The stream is not valid Brotli: the file is for checks that must refuse it from its
  /// declared sizes before anything decodes it.
  ///
  /// - Parameters:
  ///   - totalSfntSize: The decoded font size the header declares.
  ///   - tables: Each table's tag, original length and, for transformed tables, transformed
  ///     length (UIntBase128 in the file).
  ///   - compressedSize: The length of the (fake) compressed stream.
  /// - Returns: The file's bytes.
  public static func woff2(
    totalSfntSize: UInt32,
    tables: [(tag: String, originalLength: UInt32, transformLength: UInt32?)],
    compressedSize: Int = 16
  ) -> [UInt8] {
    var directory: [UInt8] = []
    for table in tables {
      // Flags 0x3F: the tag follows. Transform version 0 transforms glyf/loca; 1 transforms
      // others (WOFF2 §5.1).
      let isGlyfOrLoca = table.tag == "glyf" || table.tag == "loca"
      let version: UInt8 =
        table.transformLength == nil ? (isGlyfOrLoca ? 3 : 0) : (isGlyfOrLoca ? 0 : 1)
      directory.append(0x3F | version << 6)
      directory += Array(table.tag.utf8)
      directory += base128(table.originalLength)
      if let transformed = table.transformLength { directory += base128(transformed) }
    }
    let length = (48 + directory.count + compressedSize + 3) & ~3
    var header: [UInt8] = Array("wOF2".utf8)
    append32(&header, 0x0001_0000)
    append32(&header, UInt32(length))
    append16(&header, UInt16(tables.count))
    append16(&header, 0)
    append32(&header, totalSfntSize)
    append32(&header, UInt32(compressedSize))
    append16(&header, 1)
    append16(&header, 0)
    for _ in 0..<5 { append32(&header, 0) }
    let body = header + directory + [UInt8](repeating: 0, count: compressedSize)
    return body + [UInt8](repeating: 0, count: length - body.count)
  }

  /// A `cmap` table with one Windows Unicode full-repertoire subtable (3, 10) in format 12.
  ///
  /// - Parameter groups: Sequential map groups: first and last code point, first glyph.
  /// - Returns: The table's bytes.
  public static func cmapFormat12(_ groups: [(first: UInt32, last: UInt32, glyph: UInt32)])
    -> [UInt8]
  {
    var out: [UInt8] = []
    append16(&out, 0)  // version
    append16(&out, 1)  // one encoding record
    append16(&out, 3)  // Windows
    append16(&out, 10)  // Unicode full repertoire
    append32(&out, 12)  // subtable offset
    append16(&out, 12)  // format
    append16(&out, 0)
    append32(&out, UInt32(16 + 12 * groups.count))
    append32(&out, 0)  // language
    append32(&out, UInt32(groups.count))
    for group in groups {
      append32(&out, group.first)
      append32(&out, group.last)
      append32(&out, group.glyph)
    }
    return out
  }

  /// An `fvar` table with the axes of `fvar` and `count` named instances, each a copy of its
  /// first instance (OpenType `fvar`: header, axis records, instance records).
  ///
  /// - Parameters:
  ///   - fvar: An existing `fvar` table with at least one instance.
  ///   - count: The number of instances to declare.
  /// - Returns: The table's bytes.
  public static func fvar(_ fvar: [UInt8], instanceCount count: Int) -> [UInt8] {
    let axesOffset = Int(u16(fvar, 4))
    let axisCount = Int(u16(fvar, 8))
    let axisSize = Int(u16(fvar, 10))
    let instanceSize = Int(u16(fvar, 14))
    let firstInstance = axesOffset + axisCount * axisSize
    var out = Array(fvar[0..<firstInstance])
    out[12] = UInt8(count >> 8)
    out[13] = UInt8(count & 0xFF)
    let instance = fvar[firstInstance..<firstInstance + instanceSize]
    out.reserveCapacity(out.count + count * instanceSize)
    for _ in 0..<count { out += instance }
    return out
  }

  // MARK: - Pieces

  /// The font's sfnt bytes as if placed at `base` in a larger file (table offsets are absolute).
  static func sfnt(_ font: SFNTFont, at base: Int) -> [UInt8] {
    let entries = font.tables.sorted { $0.key < $1.key }
    var out: [UInt8] = []
    append32(&out, font.version)
    append16(&out, UInt16(entries.count))
    var power = 1
    var log = 0
    while power * 2 <= entries.count {
      power *= 2
      log += 1
    }
    append16(&out, UInt16(power * 16))
    append16(&out, UInt16(log))
    append16(&out, UInt16(entries.count * 16 - power * 16))
    var data: [UInt8] = []
    let dataStart = base + 12 + 16 * entries.count
    for (tag, bytes) in entries {
      out += Array(tag.utf8)
      append32(&out, checksum(bytes))
      append32(&out, UInt32(dataStart + data.count))
      append32(&out, UInt32(bytes.count))
      data += bytes
      while data.count % 4 != 0 { data.append(0) }
    }
    return out + data
  }

  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var sum: UInt32 = 0
    var index = 0
    while index < bytes.count {
      var word: UInt32 = 0
      for byte in 0..<4 {
        word = word << 8 | UInt32(index + byte < bytes.count ? bytes[index + byte] : 0)
      }
      sum &+= word
      index += 4
    }
    return sum
  }

  static func base128(_ value: UInt32) -> [UInt8] {
    var groups: [UInt8] = [UInt8(value & 0x7F)]
    var rest = value >> 7
    while rest > 0 {
      groups.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
      rest >>= 7
    }
    return groups
  }

  static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
  }

  static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(u16(bytes, at)) << 16 | UInt32(u16(bytes, at + 2))
  }

  static func append16(_ out: inout [UInt8], _ value: UInt16) {
    out += [UInt8(value >> 8), UInt8(value & 0xFF)]
  }

  static func append32(_ out: inout [UInt8], _ value: UInt32) {
    append16(&out, UInt16(value >> 16))
    append16(&out, UInt16(value & 0xFFFF))
  }
}
