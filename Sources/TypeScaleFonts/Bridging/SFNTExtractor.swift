// SPDX-License-Identifier: Apache-2.0

internal import CFreeType

/// Turns WOFF and WOFF2 bytes into the plain sfnt bytes HarfBuzz reads.
///
/// HarfBuzz 6's own loader cannot read WOFF or WOFF2 (reference/fonts.md §3.6). FreeType decodes
/// both in memory, and `FT_Load_Sfnt_Table(face, 0, …)` then returns the whole decoded font, which
/// HarfBuzz shapes identically: FreeType opens every format, HarfBuzz shapes the sfnt bytes.
enum SFNTExtractor {
  /// The plain sfnt bytes of `bytes`: the bytes themselves for TrueType, OpenType and
  /// collections; the decoded font for WOFF and WOFF2.
  ///
  /// The caller checks the sizes the file declares first (``SFNTDirectory/checkDecodedSize``):
  /// FreeType decodes the whole font when it opens the face. `limit` is checked again against the
  /// decoded length before it is copied out.
  ///
  /// - Throws: ``FontError/Code/corruptFont`` when FreeType cannot decode the file,
  ///   ``FontError/Code/tooLarge`` when the decoded font is longer than `limit`.
  static func sfnt(
    from bytes: [UInt8], name: String, limit: Int, libraries: FreeTypeLibraryPool
  ) throws(FontError) -> [UInt8] {
    guard let format = FileSniffer.format(of: Array(bytes.prefix(4))),
      format == .woff || format == .woff2
    else { return bytes }
    return try bytes.withUnsafeBufferPointer { buffer throws(FontError) in
      try libraries.withLibrary { library throws(FontError) in
        var face: FT_Face?
        try FreeTypeCheck.call(
          FT_New_Memory_Face(library.handle, buffer.baseAddress, buffer.count, 0, &face),
          "FT_New_Memory_Face", file: name)
        guard let face else { throw FontError(.corruptFont, "\(name) could not be decoded") }
        defer { FT_Done_Face(face) }
        var length: FT_ULong = 0
        try FreeTypeCheck.call(
          FT_Load_Sfnt_Table(face, 0, 0, nil, &length), "FT_Load_Sfnt_Table", file: name)
        guard length <= limit else {
          throw FontError(
            .tooLarge,
            "\(name) decodes to \(length) bytes, over the limit of \(limit); raise the "
              + "decoded-size limit to accept it (FontRegistry.Options.maximumDecodedSize; a "
              + "FontStore's is its maximumFileSize)")
        }
        var sfnt = [UInt8](repeating: 0, count: Int(length))
        try sfnt.withUnsafeMutableBufferPointer { out throws(FontError) in
          try FreeTypeCheck.call(
            FT_Load_Sfnt_Table(face, 0, 0, out.baseAddress, &length), "FT_Load_Sfnt_Table",
            file: name)
        }
        return sfnt
      }
    }
  }
}
