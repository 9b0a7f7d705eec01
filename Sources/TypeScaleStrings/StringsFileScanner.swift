// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

// MARK: - Decoding

/// Decodes a strings file's bytes into Unicode scalars: UTF-16 when a byte order mark says so,
/// UTF-8 otherwise; invalid bytes are reported at the line and column where they stand.
enum StringsFileDecoding {
  static func scalars(of bytes: [UInt8], file: URL) throws(StringsError) -> [Unicode.Scalar] {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let littleEndian = bytes[0] == 0xFF
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      var index = 2
      while index + 1 < bytes.count {
        let first = UInt16(bytes[index])
        let second = UInt16(bytes[index + 1])
        units.append(littleEndian ? first | second << 8 : first << 8 | second)
        index += 2
      }
      let scalars = try decode(units, as: UTF16.self, file: file, encoding: "UTF-16")
      if index < bytes.count {
        let (line, column) = StringsFileScanner.position(after: scalars[...])
        throw StringsError(
          .malformed, file: file, line: line, column: column,
          "the UTF-16 text ends with half a code unit; expected an even number of bytes")
      }
      return scalars
    }
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    return try decode(bytes[start...], as: UTF8.self, file: file, encoding: "UTF-8")
  }

  private static func decode<Units: Collection, Codec: UnicodeCodec>(
    _ units: Units, as codec: Codec.Type, file: URL, encoding: String
  ) throws(StringsError) -> [Unicode.Scalar] where Units.Element == Codec.CodeUnit {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(units.count)
    var iterator = units.makeIterator()
    var decoder = Codec()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .emptyInput: return scalars
      case .error:
        let (line, column) = StringsFileScanner.position(after: scalars[...])
        throw StringsError(
          .malformed, file: file, line: line, column: column,
          "invalid \(encoding) here; expected a strings file in UTF-8, or UTF-16 with a byte "
            + "order mark")
      }
    }
  }
}

// MARK: - Scanning

/// Splits a strings file's scalars into `key = value;` pairs, tracking lines and columns.
struct StringsFileScanner {
  /// One `key = value;` pair and the 1-based line of its key.
  struct Pair {
    var key: String
    var value: String
    var line: Int
  }

  let scalars: [Unicode.Scalar]
  let file: URL
  var index = 0
  var line = 1
  var column = 1

  init(scalars: [Unicode.Scalar], file: URL) {
    self.scalars = scalars
    self.file = file
  }

  /// The line and column just after `scalars`: `\n`, `\r\n` and a lone `\r` end a line.
  static func position(after scalars: ArraySlice<Unicode.Scalar>) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var previous: Unicode.Scalar?
    for scalar in scalars {
      if scalar == "\n" {
        if previous != "\r" {
          line += 1
        }
        column = 1
      } else if scalar == "\r" {
        line += 1
        column = 1
      } else {
        column += 1
      }
      previous = scalar
    }
    return (line, column)
  }

  var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  func peek(_ offset: Int) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  mutating func advance() {
    let scalar = scalars[index]
    index += 1
    if scalar == "\n" || (scalar == "\r" && current != "\n") {
      line += 1
      column = 1
    } else {
      column += 1
    }
  }

  func malformed(line: Int, column: Int, _ detail: String) -> StringsError {
    StringsError(.malformed, file: file, line: line, column: column, detail)
  }

  /// What stands at the current place, for messages: a quoted character or "the end of the file".
  var found: String {
    guard let scalar = current else { return "the end of the file" }
    if scalar.properties.isWhitespace || scalar.value < 0x20 {
      return "U+\(String(scalar.value, radix: 16, uppercase: true))"
    }
    return "'\(scalar)'"
  }

  static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "/", ":", ".", "-": true
    default: false
    }
  }

  /// Skips whitespace and comments.
  mutating func skipTrivia() throws(StringsError) {
    while let scalar = current {
      if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
        advance()
      } else if scalar == "/", peek(1) == "/" {
        while let next = current, next != "\n", next != "\r" { advance() }
      } else if scalar == "/", peek(1) == "*" {
        let (startLine, startColumn) = (line, column)
        advance()
        advance()
        while current != nil, !(current == "*" && peek(1) == "/") { advance() }
        guard current != nil else {
          throw malformed(
            line: startLine, column: startColumn,
            "unterminated comment starting here; expected a closing */")
        }
        advance()
        advance()
      } else {
        return
      }
    }
  }

  /// The next pair, or `nil` at the end of the file.
  mutating func nextPair() throws(StringsError) -> Pair? {
    try skipTrivia()
    guard current != nil else { return nil }
    let keyLine = line
    guard let key = try string() else {
      throw malformed(
        line: line, column: column,
        "expected a quoted key (\"key\" = \"value\";), found \(found)")
    }
    try skipTrivia()
    if current == ";" {
      advance()
      return Pair(key: key, value: key, line: keyLine)
    }
    guard current == "=" else {
      throw malformed(
        line: line, column: column,
        "expected '=' (or ';') after the key \"\(DisplayText.quoted(key))\", found \(found)")
    }
    advance()
    try skipTrivia()
    if current == "(" || current == "{" {
      throw StringsError(
        .invalid, file: file, line: line, column: column,
        "expected a string value for \"\(DisplayText.quoted(key))\", found \(current == "(" ? "an array" : "a dictionary")"
      )
    }
    guard let value = try string() else {
      throw malformed(
        line: line, column: column,
        "expected a quoted value after '=' for \"\(DisplayText.quoted(key))\", found \(found)")
    }
    try skipTrivia()
    guard current == ";" else {
      throw malformed(
        line: line, column: column,
        "expected ';' after the value of \"\(DisplayText.quoted(key))\", found \(found)")
    }
    advance()
    return Pair(key: key, value: value, line: keyLine)
  }

  /// A quoted or unquoted string at the current place, or `nil` when none starts here.
  mutating func string() throws(StringsError) -> String? {
    guard let first = current else { return nil }
    var text = String.UnicodeScalarView()
    if Self.isUnquoted(first) {
      while let scalar = current, Self.isUnquoted(scalar) {
        text.append(scalar)
        advance()
      }
      return String(text)
    }
    guard first == "\"" else { return nil }
    let (startLine, startColumn) = (line, column)
    advance()
    while true {
      guard let scalar = current else {
        throw malformed(
          line: startLine, column: startColumn,
          "unterminated string starting here; expected a closing \"")
      }
      if scalar == "\"" {
        advance()
        return String(text)
      }
      if scalar == "\\" {
        try escape(into: &text, startLine: startLine, startColumn: startColumn)
      } else {
        text.append(scalar)
        advance()
      }
    }
  }

  /// Reads the escape at the current backslash.
  mutating func escape(into text: inout String.UnicodeScalarView, startLine: Int, startColumn: Int)
    throws(StringsError)
  {
    let (escapeLine, escapeColumn) = (line, column)
    advance()
    guard let letter = current else {
      throw malformed(
        line: startLine, column: startColumn,
        "unterminated string starting here; expected a closing \"")
    }
    advance()
    switch letter {
    case "n": text.append("\n")
    case "t": text.append("\t")
    case "r": text.append("\r")
    case "a": text.append("\u{07}")
    case "b": text.append("\u{08}")
    case "f": text.append("\u{0C}")
    case "v": text.append("\u{0B}")
    case "U":
      let unit = try hexUnit(line: escapeLine, column: escapeColumn)
      switch unit {
      case 0xD800...0xDBFF:
        guard current == "\\", peek(1) == "U" else {
          throw malformed(
            line: escapeLine, column: escapeColumn,
            "\\U\(String(unit, radix: 16, uppercase: true)) is a high surrogate; expected a "
              + "low surrogate escape (\\UDC00 to \\UDFFF) right after it")
        }
        let (lowLine, lowColumn) = (line, column)
        advance()
        advance()
        let low = try hexUnit(line: lowLine, column: lowColumn)
        guard (0xDC00...0xDFFF).contains(low),
          let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        else {
          throw malformed(
            line: lowLine, column: lowColumn,
            "expected a low surrogate (\\UDC00 to \\UDFFF) after a high surrogate, found "
              + "\\U\(String(low, radix: 16, uppercase: true))")
        }
        text.append(scalar)
      case 0xDC00...0xDFFF:
        throw malformed(
          line: escapeLine, column: escapeColumn,
          "\\U\(String(unit, radix: 16, uppercase: true)) is a low surrogate without a high "
            + "surrogate before it; expected a character or a surrogate pair")
      default:
        // Not a surrogate, so a valid scalar.
        text.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
      }
    case "0"..."7":
      var value = letter.value - 0x30
      for _ in 0..<2 {
        guard let digit = current, ("0"..."7").contains(digit) else { break }
        value = value * 8 + digit.value - 0x30
        advance()
      }
      if value < 0x80 {
        text.append(Unicode.Scalar(UInt8(value)))
      } else {
        // Core Foundation reads an octal byte above 0x7F in the NeXTSTEP encoding.
        let decoded = String(data: Data([UInt8(value & 0xFF)]), encoding: .nextstep) ?? "\u{FFFD}"
        text.append(contentsOf: decoded.unicodeScalars)
      }
    default: text.append(letter)
    }
  }

  /// The four hexadecimal digits after `\U`.
  mutating func hexUnit(line escapeLine: Int, column escapeColumn: Int) throws(StringsError)
    -> UInt32
  {
    var value: UInt32 = 0
    var digits = 0
    while digits < 4, let scalar = current, let digit = Self.hexValue(scalar) {
      value = value * 16 + digit
      digits += 1
      advance()
    }
    guard digits == 4 else {
      throw malformed(
        line: escapeLine, column: escapeColumn,
        "expected 4 hexadecimal digits after \\U (such as \\U00E9), found \(found)")
    }
    return value
  }

  static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": scalar.value - 0x30
    case "a"..."f": scalar.value - 0x61 + 10
    case "A"..."F": scalar.value - 0x41 + 10
    default: nil
    }
  }
}
