// SPDX-License-Identifier: Apache-2.0

/// Recognizes a font format from a file's first bytes, and describes what other files look like.
///
/// A user who registers a file that is not a font — most often an HTML error page saved by a
/// download, or a zip of fonts — gets a message saying what the file looks like.
enum FileSniffer {
  /// The font formats TypeScale registers, by their first four bytes.
  enum Format: String, Sendable {
    case trueType = "TrueType"
    case openTypeCFF = "OpenType (CFF)"
    case collection = "TrueType/OpenType collection"
    case woff = "WOFF"
    case woff2 = "WOFF2"
  }

  /// The font format of `bytes`, or `nil` when the first bytes are not a font signature.
  static func format(of bytes: [UInt8]) -> Format? {
    guard bytes.count >= 4 else { return nil }
    switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
    case (0x00, 0x01, 0x00, 0x00), (0x74, 0x72, 0x75, 0x65): return .trueType  // 1.0, "true"
    case (0x4F, 0x54, 0x54, 0x4F): return .openTypeCFF  // "OTTO"
    case (0x74, 0x74, 0x63, 0x66): return .collection  // "ttcf"
    case (0x77, 0x4F, 0x46, 0x46): return .woff  // "wOFF"
    case (0x77, 0x4F, 0x46, 0x32): return .woff2  // "wOF2"
    default: return nil
    }
  }

  /// A phrase saying what non-font bytes look like, for an error message.
  static func describe(_ bytes: [UInt8]) -> String {
    if bytes.isEmpty { return "the file is empty (0 bytes)" }
    func starts(with prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
    let text = String(decoding: bytes.prefix(64), as: UTF8.self)
    let display = String(text.drop { $0 == "\u{FEFF}" || $0.isWhitespace })
    let trimmed = display.lowercased()
    let quoted = "\"" + _printable(display.isEmpty ? text : display, limit: 24) + "\""
    if trimmed.hasPrefix("<!doctype html") || trimmed.hasPrefix("<html")
      || trimmed.hasPrefix("<head") || trimmed.hasPrefix("<body")
    {
      return "it starts with \(quoted): an HTML page, perhaps an error page saved by a download"
    }
    if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<svg") {
      return "it starts with \(quoted): an XML or SVG document"
    }
    if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") {
      return "it starts with \(quoted): JSON, perhaps an API response"
    }
    if starts(with: [0x50, 0x4B, 0x03, 0x04]) || starts(with: [0x50, 0x4B, 0x05, 0x06]) {
      return "it is a ZIP archive; extract the .ttf or .otf files from it first"
    }
    if starts(with: [0x1F, 0x8B]) { return "it is gzip-compressed; decompress it first" }
    if starts(with: Array("%PDF".utf8)) { return "it is a PDF document" }
    if starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "it is a PNG image" }
    if starts(with: [0xFF, 0xD8, 0xFF]) { return "it is a JPEG image" }
    if starts(with: Array("GIF8".utf8)) { return "it is a GIF image" }
    if starts(with: Array("%!PS-AdobeFont".utf8)) || starts(with: Array("%!FontType1".utf8))
      || starts(with: [0x80, 0x01])
    {
      return "it is a PostScript Type 1 font, which TypeScale does not register; convert it to "
        + "OpenType"
    }
    if starts(with: Array("STARTFONT".utf8)) || starts(with: [0x01, 0x66, 0x63, 0x70]) {
      return "it is a bitmap font (BDF/PCF), which TypeScale does not register"
    }
    let printable = bytes.prefix(32).allSatisfy {
      (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09
    }
    if printable { return "it is text starting with \(quoted)" }
    let hex = bytes.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
    return "its first bytes are \(hex.joined(separator: " ")), which match no font format"
  }

  private static func _printable(_ text: String, limit: Int) -> String {
    var out = ""
    for character in text.prefix(limit) {
      out += character.isNewline ? "⏎" : String(character)
    }
    return out + (text.count > limit ? "…" : "")
  }
}
