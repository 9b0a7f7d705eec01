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
  private static func woff2DecodedSize(
    size: Int, name: String, read: (Int, Int) -> [UInt8]
  ) throws(FontError) -> Int {
    let header = read(0, 48)
    guard header.count == 48 else { throw cutOff(name, "the WOFF2 header") }
    let tableCount = Int(_u16(header, 12))
    // Each entry takes at most 1 + 4 + 5 + 5 bytes.
    let directory = read(48, min(tableCount * 15, max(0, size - 48)))
    var cursor = 0
    func byte() throws(FontError) -> UInt8 {
      guard cursor < directory.count else { throw cutOff(name, "the table directory") }
      defer { cursor += 1 }
      return directory[cursor]
    }
    func base128() throws(FontError) -> Int {
      var value = 0
      for _ in 0..<5 {
        let next = try byte()
        value = value << 7 | Int(next & 0x7F)
        if next & 0x80 == 0 { return value }
      }
      throw FontError(
        .corruptFont, "\(name) is truncated or corrupt: a WOFF2 table length takes over 5 bytes")
    }
    var tables = 12 + 16 * tableCount
    var stream = 0
    for _ in 0..<tableCount {
      let flags = try byte()
      let known = Int(flags & 0x3F)
      var isGlyfOrLoca = known == 10 || known == 11  // WOFF2 §5.1 known-table indices
      if known == 63 {
        let tag = [try byte(), try byte(), try byte(), try byte()]
        isGlyfOrLoca = tag == Array("glyf".utf8) || tag == Array("loca".utf8)
      }
      let version = flags >> 6
      let original = try base128()
      tables += _padded(original)
      // glyf and loca are transformed at version 0, every other table at a non-zero version.
      if isGlyfOrLoca ? version == 0 : version != 0 {
        stream += try base128()
      } else {
        stream += original
      }
    }
    return max(Int(_u32(header, 16)), tables, stream)
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
