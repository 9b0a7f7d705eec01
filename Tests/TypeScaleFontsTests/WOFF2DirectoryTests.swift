// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

/// A WOFF2 file from raw parts: the 48-byte header (W3C WOFF2 §3) with the given fields, the
/// table directory's bytes as given, then `stream` zero bytes standing for the Brotli stream.
private func woff2(
  tables: UInt16, directory: [UInt8], stream: Int = 16, compressedSize: UInt32? = nil,
  metadata: (offset: UInt32, length: UInt32) = (0, 0)
) -> [UInt8] {
  func be32(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
  func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
  let length = UInt32(48 + directory.count + stream)
  var header = Array("wOF2".utf8) + be32(0x0001_0000) + be32(length) + be16(tables) + be16(0)
  header += be32(1000) + be32(compressedSize ?? UInt32(stream)) + be16(1) + be16(0)
  header += be32(metadata.offset) + be32(metadata.length) + be32(0) + be32(0) + be32(0)
  return header + directory + [UInt8](repeating: 0, count: stream)
}

/// A directory entry with an explicit tag (flags index 63) at transform version `version`.
private func entry(_ tag: String, version: UInt8 = 0, _ lengths: [UInt8]) -> [UInt8] {
  [0x3F | version << 6] + Array(tag.utf8) + lengths
}

private func registrationError(_ bytes: [UInt8]) throws -> FontError? {
  let registry = try FontRegistry()
  return #expect(throws: FontError.self) { try registry.register(data: bytes, name: "broken") }
}

@Suite struct WOFF2DirectoryTests {
  fileprivate struct Broken: Sendable, CustomTestStringConvertible {
    let label: String
    let bytes: [UInt8]
    let detail: String
    var testDescription: String { label }
  }

  fileprivate static let broken: [Broken] = [
    Broken(
      label: "no tables", bytes: woff2(tables: 0, directory: []),
      detail: "the WOFF2 header declares no tables (numTables 0; W3C WOFF2 §3)"),
    Broken(
      label: "leading zero byte", bytes: woff2(tables: 1, directory: entry("head", [0x80, 0x36])),
      detail:
        "the WOFF2 table directory's origLength of table 'head' starts with a zero byte (0x80), "
        + "which W3C WOFF2 §4.1 forbids"),
    Broken(
      label: "over 32 bits",
      bytes: woff2(tables: 1, directory: entry("head", [0x9F, 0xFF, 0xFF, 0xFF, 0x7F])),
      detail:
        "the WOFF2 table directory's origLength of table 'head' does not fit 32 bits "
        + "(W3C WOFF2 §4.1)"),
    Broken(
      label: "over 5 bytes",
      bytes: woff2(tables: 1, directory: entry("head", [0x81, 0x81, 0x81, 0x81, 0x81, 0x01])),
      detail:
        "the WOFF2 table directory's origLength of table 'head' takes over 5 bytes "
        + "(W3C WOFF2 §4.1)"),
    Broken(
      label: "tag twice",
      bytes: woff2(tables: 2, directory: [0x01, 0x36, 0x01, 0x36]),
      detail: "table 'head' appears twice in the WOFF2 table directory (W3C WOFF2 §5.1)"),
    Broken(
      label: "glyf without loca",
      bytes: woff2(tables: 2, directory: entry("glyf", [0x10, 0x08]) + entry("head", [0x36])),
      detail:
        "the WOFF2 table directory transforms 'glyf' but not 'loca'; W3C WOFF2 §5.1 transforms "
        + "both or neither"),
    Broken(
      label: "loca with a transformLength",
      bytes: woff2(
        tables: 2, directory: entry("glyf", [0x10, 0x08]) + entry("loca", [0x08, 0x04])),
      detail:
        "the transformed 'loca' table declares a transformLength of 4 bytes; W3C WOFF2 §5.3 "
        + "requires 0"),
    Broken(
      label: "stream past the end",
      bytes: woff2(tables: 1, directory: [0x01, 0x36], compressedSize: 5_000),
      detail:
        "the Brotli stream (totalCompressedSize 5000 bytes) from byte 50 ends past the end of "
        + "the file, which has 66 bytes (W3C WOFF2 §3)"),
    Broken(
      label: "metadata past the end",
      bytes: woff2(tables: 1, directory: [0x01, 0x36], metadata: (60, 100)),
      detail:
        "the metadata block (100 bytes at byte 60) ends at byte 160, but the file has 66 bytes "
        + "(W3C WOFF2 §3)"),
  ]

  /// Each problem of the header or the table directory is named, with the spec's section,
  /// before FreeType sees the file.
  @Test(arguments: broken)
  fileprivate func brokenDirectoryNamesTheProblem(_ file: Broken) throws {
    let error = try registrationError(file.bytes)
    #expect(error?.code == .corruptFont)
    #expect(error?.message == "broken is truncated or corrupt: \(file.detail)")
    #expect(error?.function == nil)
  }

  /// A sound directory over a stream that is not Brotli: FreeType fails, and the message says
  /// that the stream (or a table rebuilt from it) is what is broken.
  @Test func soundDirectoryOverABrokenStreamNamesTheStream() throws {
    let bytes = FontBytes.woff2(
      totalSfntSize: 1000, tables: [(tag: "head", originalLength: 54, transformLength: nil)])
    let error = try registrationError(bytes)
    #expect(error?.code == .corruptFont)
    #expect(
      error?.message
        == "broken is truncated or corrupt: its WOFF2 header and table directory are sound, so "
        + "FreeType failed on the Brotli stream or a table rebuilt from it (glyf, loca, hmtx; "
        + "W3C WOFF2 §5–6)")
    #expect(error?.function == "FT_New_Memory_Face")
  }

  /// The fixture WOFF2 still registers: real files pass every check.
  @Test func realWOFF2Registers() throws {
    let registry = try FontRegistry()
    let registration = try registry.register(fileAt: Fixtures.font("Fixture-Regular.woff2"))
    #expect(registration.count == 1)
  }
}
