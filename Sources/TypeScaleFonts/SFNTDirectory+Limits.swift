// SPDX-License-Identifier: Apache-2.0

extension SFNTDirectory {
  // MARK: - Decoded size of WOFF and WOFF2

  /// Throws unless the font a WOFF or WOFF2 file decodes to, as its header and table directory
  /// declare it, fits within `limit`; does nothing for other formats.
  ///
  /// The declared size is the largest of the header's `totalSfntSize`, the sfnt a decoder builds
  /// from the tables' original lengths (12-byte header, 16-byte records, 4-byte padding), and for
  /// WOFF2 the Brotli stream's decoded size (the tables' transformed lengths). FreeType allocates
  /// from these numbers and decodes no more than they say (see
  /// ``FontRegistry/Options/maximumDecodedSize``), so nothing is inflated before this check.
  ///
  /// - Parameters:
  ///   - format: The sniffed format.
  ///   - size: The file's size in bytes.
  ///   - name: The file name, for messages.
  ///   - limit: The most bytes the decoded font may have.
  ///   - read: Reads `count` bytes at `offset` (fewer at the end of the file).
  /// - Throws: ``FontError/Code/tooLarge`` naming the declared size and the limit, or
  ///   ``FontError/Code/corruptFont`` when the directory is cut off.
  static func checkDecodedSize(
    format: FileSniffer.Format, size: Int, name: String, limit: Int,
    read: (Int, Int) -> [UInt8]
  ) throws(FontError) {
    let declared: Int
    switch format {
    case .woff: declared = try woffDecodedSize(name: name, read: read)
    case .woff2: declared = try woff2DecodedSize(size: size, name: name, read: read)
    case .trueType, .openTypeCFF, .collection: return
    }
    guard declared <= limit else {
      throw FontError(
        .tooLarge,
        "\(name) is a \(format.rawValue) file of \(size) bytes that declares \(declared) bytes "
          + "once decoded, over the limit of \(limit); raise the decoded-size limit to accept it "
          + "(FontRegistry.Options.maximumDecodedSize; a FontStore's is its maximumFileSize)")
    }
  }

  /// WOFF 1.0: `totalSfntSize` at byte 16; 20-byte table records from byte 44 with `origLength`
  /// at +12 (W3C WOFF 1.0 §4–5).
  private static func woffDecodedSize(
    name: String, read: (Int, Int) -> [UInt8]
  ) throws(FontError) -> Int {
    let header = read(0, 44)
    guard header.count == 44 else { throw cutOff(name, "the WOFF header") }
    let tableCount = Int(_u16(header, 12))
    let directory = read(44, tableCount * 20)
    guard directory.count == tableCount * 20 else { throw cutOff(name, "the table directory") }
    var tables = 12 + 16 * tableCount
    for index in 0..<tableCount {
      tables += _padded(Int(_u32(directory, index * 20 + 12)))
    }
    return max(Int(_u32(header, 16)), tables)
  }

  /// WOFF2: `totalSfntSize` at byte 16; variable-length table entries from byte 48: a flags
  /// byte, a tag when the flags' low six bits are 63, `origLength` and, for transformed tables,
  /// `transformLength` as UIntBase128 (W3C WOFF2 §4–5.2).
  ///
  /// FreeType reports any damage as one generic error, so the header and the table directory
  /// are checked here first and the first problem is named (W3C WOFF2,
  /// https://www.w3.org/TR/WOFF2/): no tables (§3 `numTables`), a UIntBase128 with a leading
  /// zero byte or over 32 bits (§4.1), a tag listed twice (§5.1), `glyf` transformed without
  /// `loca` or the reverse, a transformed `loca` with a non-zero `transformLength` (§5.3), and
  /// the Brotli stream (`totalCompressedSize` bytes after the directory, §3 and §6) or the
  /// metadata or private blocks (§3) ending past the end of the file.
  private static func woff2DecodedSize(
    size: Int, name: String, read: (Int, Int) -> [UInt8]
  ) throws(FontError) -> Int {
    let header = read(0, 48)
    guard header.count == 48 else { throw cutOff(name, "the WOFF2 header") }
    func corrupt(_ detail: String) -> FontError {
      FontError(.corruptFont, "\(name) is truncated or corrupt: \(detail)")
    }
    let tableCount = Int(_u16(header, 12))
    guard tableCount >= 1 else {
      throw corrupt("the WOFF2 header declares no tables (numTables 0; W3C WOFF2 §3)")
    }
    // Each entry takes at most 1 + 4 + 5 + 5 bytes.
    let directory = read(48, min(tableCount * 15, max(0, size - 48)))
    var cursor = 0
    func byte() throws(FontError) -> UInt8 {
      guard cursor < directory.count else { throw cutOff(name, "the table directory") }
      defer { cursor += 1 }
      return directory[cursor]
    }
    func base128(_ field: String, of tag: String) throws(FontError) -> Int {
      var value = 0
      for index in 0..<5 {
        let next = try byte()
        if index == 0, next == 0x80 {
          throw corrupt(
            "the WOFF2 table directory's \(field) of table '\(tag)' starts with a zero byte "
              + "(0x80), which W3C WOFF2 §4.1 forbids")
        }
        value = value << 7 | Int(next & 0x7F)
        guard value <= 0xFFFF_FFFF else {
          throw corrupt(
            "the WOFF2 table directory's \(field) of table '\(tag)' does not fit 32 bits "
              + "(W3C WOFF2 §4.1)")
        }
        if next & 0x80 == 0 { return value }
      }
      throw corrupt(
        "the WOFF2 table directory's \(field) of table '\(tag)' takes over 5 bytes "
          + "(W3C WOFF2 §4.1)")
    }
    var tables = 12 + 16 * tableCount
    var stream = 0
    var tags: Set<String> = []
    var transformed: [String: Int] = [:]
    for _ in 0..<tableCount {
      let flags = try byte()
      let known = Int(flags & 0x3F)
      let tag: String
      if known == 63 {
        let bytes = [try byte(), try byte(), try byte(), try byte()]
        tag = String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self)
      } else {
        tag = _knownTags[known]
      }
      guard tags.insert(tag).inserted else {
        throw corrupt("table '\(tag)' appears twice in the WOFF2 table directory (W3C WOFF2 §5.1)")
      }
      let isGlyfOrLoca = tag == "glyf" || tag == "loca"
      let version = flags >> 6
      let original = try base128("origLength", of: tag)
      tables += _padded(original)
      // glyf and loca are transformed at version 0, every other table at a non-zero version.
      if isGlyfOrLoca ? version == 0 : version != 0 {
        let length = try base128("transformLength", of: tag)
        transformed[tag] = length
        stream += length
      } else {
        stream += original
      }
    }
    if (transformed["glyf"] == nil) != (transformed["loca"] == nil),
      tags.contains("glyf") || tags.contains("loca")
    {
      let (one, other) = transformed["glyf"] != nil ? ("glyf", "loca") : ("loca", "glyf")
      throw corrupt(
        "the WOFF2 table directory transforms '\(one)' but not '\(other)'; W3C WOFF2 §5.1 "
          + "transforms both or neither")
    }
    if let loca = transformed["loca"], loca != 0 {
      throw corrupt(
        "the transformed 'loca' table declares a transformLength of \(loca) bytes; W3C WOFF2 "
          + "§5.3 requires 0")
    }
    let compressed = Int(_u32(header, 20))
    let streamStart = 48 + cursor
    let isCollection = header[4..<8].elementsEqual("ttcf".utf8)
    // A collection's directory follows the table directory, so its stream starts later still.
    if streamStart + compressed > size {
      throw corrupt(
        "the Brotli stream (totalCompressedSize \(compressed) bytes) from byte "
          + "\(isCollection ? "\(streamStart) or later" : String(streamStart)) ends past the "
          + "end of the file, which has \(size) bytes (W3C WOFF2 §3)")
    }
    for (field, at) in [("metadata", 28), ("private data", 36)] {
      let offset = Int(_u32(header, at))
      let length = Int(_u32(header, at + 4))
      guard length > 0, offset + length > size else { continue }
      throw corrupt(
        "the \(field) block (\(length) bytes at byte \(offset)) ends at byte \(offset + length), "
          + "but the file has \(size) bytes (W3C WOFF2 §3)")
    }
    return max(Int(_u32(header, 16)), tables, stream)
  }

  /// The tags of WOFF2's known-table indices 0…62 (W3C WOFF2 §5.1, table 1).
  static let _knownTags: [String] = [
    "cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca",
    "prep", "CFF ", "VORG", "EBDT", "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea",
    "vmtx", "BASE", "GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL",
    "SVG ", "sbix", "acnt", "avar", "bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar",
    "gvar", "hsty", "just", "lcar", "mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat",
    "Gloc", "Feat", "Sill",
  ]

  /// `error` with the step named when FreeType failed on a WOFF2 file whose header and table
  /// directory passed ``checkDecodedSize(format:size:name:limit:read:)``: what is left is the
  /// Brotli stream or the tables rebuilt from it (W3C WOFF2 §5–6), which FreeType reports with
  /// one generic error.
  ///
  /// - Parameters:
  ///   - error: What FreeType's failure was mapped to.
  ///   - format: The sniffed format; other formats pass `error` through.
  ///   - name: The file name, as `error`'s message names it.
  /// - Returns: The error to throw.
  static func namingWOFF2Step(
    _ error: FontError, format: FileSniffer.Format, name: String
  ) -> FontError {
    guard format == .woff2, error.code == .corruptFont,
      error.message == "\(name) is truncated or corrupt"
        || error.message.hasPrefix("\(name) is truncated or corrupt: FreeType does not recognise")
    else { return error }
    return FontError(
      .corruptFont,
      "\(name) is truncated or corrupt: its WOFF2 header and table directory are sound, so "
        + "FreeType failed on the Brotli stream or a table rebuilt from it (glyf, loca, hmtx; "
        + "W3C WOFF2 §5–6)",
      underlying: error.underlying, function: error.function)
  }

  private static func _padded(_ length: Int) -> Int { (length + 3) & ~3 }

  private static func cutOff(_ name: String, _ what: String) -> FontError {
    FontError(.corruptFont, "\(name) is truncated or corrupt: \(what) is cut off")
  }

  // MARK: - Faces and named instances

  /// Throws unless a file's declared face count is within `limit`.
  ///
  /// - Throws: ``FontError/Code/tooLarge`` naming the count and the limit.
  static func checkFaceCount(_ count: Int, name: String, limit: Int) throws(FontError) {
    guard count <= limit else {
      throw FontError(
        .tooLarge,
        "\(name) declares \(count) faces, over the limit of \(limit) faces per file; raise "
          + "FontRegistry.Options.maximumFacesPerFile to accept it")
    }
  }

  /// Throws unless a face's declared number of named instances is within `limit`.
  ///
  /// - Throws: ``FontError/Code/tooLarge`` naming the count and the limit.
  static func checkNamedInstanceCount(_ count: Int, label: String, limit: Int) throws(FontError) {
    guard count <= limit else {
      throw FontError(
        .tooLarge,
        "\(label) declares \(count) named instances, over the limit of \(limit) per face; raise "
          + "FontRegistry.Options.maximumNamedInstancesPerFace to accept it")
    }
  }
}
