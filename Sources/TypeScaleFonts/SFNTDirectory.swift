// SPDX-License-Identifier: Apache-2.0

/// Checks that a font file's table directory fits inside the file: every table of every face of a
/// TrueType/OpenType font or collection, and the declared length of WOFF and WOFF2 files.
///
/// FreeType opens some truncated files (it reads tables lazily and tolerates a missing `name`
/// table), so this cheap structural check runs first and names the table that is cut off:
/// `truncated: table 'glyf' ends at byte 13 208, but the file has 5 491 bytes`.
///
/// It also enforces the limits on what a file declares before FreeType does the work: the decoded
/// size of a WOFF or WOFF2 file (``FontRegistry/Options/maximumDecodedSize``) and the number of
/// faces in a collection (``FontRegistry/Options/maximumFacesPerFile``).
enum SFNTDirectory {
  /// Validates the directory structure and the declared sizes.
  ///
  /// - Parameters:
  ///   - format: The sniffed format.
  ///   - size: The file's size in bytes.
  ///   - name: The file name, for messages.
  ///   - limits: The registry's limits.
  ///   - read: Reads `count` bytes at `offset` (fewer at the end of the file).
  /// - Throws: ``FontError/Code/corruptFont`` naming what is cut off, or
  ///   ``FontError/Code/tooLarge`` naming the limit a declared size or count is over.
  static func validate(
    format: FileSniffer.Format, size: Int, name: String, limits: FontRegistry.Options,
    read: (Int, Int) -> [UInt8]
  ) throws(FontError) {
    func truncated(_ detail: String) -> FontError {
      FontError(.corruptFont, "\(name) is truncated or corrupt: \(detail)")
    }
    switch format {
    case .woff, .woff2:
      let header = read(0, 16)
      guard header.count == 16 else { throw truncated("the header is cut off") }
      let declared = Int(_u32(header, 8))
      guard declared == size else {
        throw truncated(
          "the header declares \(declared) bytes, but the file has \(size) bytes")
      }
      try checkDecodedSize(
        format: format, size: size, name: name, limit: limits.maximumDecodedSize, read: read)
      if format == .woff {
        let tableCount = Int(_u16(header, 12))
        let directory = read(44, tableCount * 20)
        guard directory.count == tableCount * 20 else {
          throw truncated("the table directory is cut off")
        }
        for index in 0..<tableCount {
          let base = index * 20
          let end = Int(_u32(directory, base + 4)) + Int(_u32(directory, base + 8))
          guard end <= size else {
            throw truncated(
              "table '\(_tag(directory, base))' ends at byte \(end), but the file has \(size) "
                + "bytes")
          }
        }
      }
    case .collection:
      let header = read(0, 12)
      guard header.count == 12 else { throw truncated("the collection header is cut off") }
      let count = Int(_u32(header, 8))
      guard count >= 1 else { throw truncated("the collection declares no faces") }
      try checkFaceCount(count, name: name, limit: limits.maximumFacesPerFile)
      let offsets = read(12, count * 4)
      guard offsets.count == count * 4 else { throw truncated("the face offsets are cut off") }
      for index in 0..<count {
        try validateFace(at: Int(_u32(offsets, index * 4)), size: size, name: name, read: read)
      }
    case .trueType, .openTypeCFF:
      try validateFace(at: 0, size: size, name: name, read: read)
    }
  }

  private static func validateFace(
    at offset: Int, size: Int, name: String, read: (Int, Int) -> [UInt8]
  ) throws(FontError) {
    let header = read(offset, 12)
    guard header.count == 12 else {
      throw FontError(.corruptFont, "\(name) is truncated or corrupt: a face header is cut off")
    }
    let tableCount = Int(_u16(header, 4))
    let records = read(offset + 12, tableCount * 16)
    guard tableCount > 0, records.count == tableCount * 16 else {
      throw FontError(
        .corruptFont, "\(name) is truncated or corrupt: the table directory is cut off")
    }
    for index in 0..<tableCount {
      let base = index * 16
      let end = Int(_u32(records, base + 8)) + Int(_u32(records, base + 12))
      guard end <= size else {
        throw FontError(
          .corruptFont,
          "\(name) is truncated or corrupt: table '\(_tag(records, base))' ends at byte \(end), "
            + "but the file has \(size) bytes")
      }
    }
  }

  static func _u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
  }

  static func _u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
      | UInt32(bytes[at + 3])
  }

  static func _tag(_ bytes: [UInt8], _ at: Int) -> String {
    String(
      bytes[at..<at + 4].map { (0x20...0x7E).contains($0) ? Character(Unicode.Scalar($0)) : "?" })
  }
}
