// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals
import TypeScaleMetrics

/// A JSON value with the line and column it starts at, from ``PositionedJSONParser``.
///
/// Foundation's `JSONDecoder` and `JSONSerialization` give no positions, and a report must
/// point at a key's line, so catalogs are read with this small RFC 8259 parser instead. The
/// CLI's `measure --batch` reads its request lines with it too (`package` access), so there is
/// one JSON string parser in the project.
package struct PositionedJSON: Sendable {
  /// A member of an object: its key, where the key starts, and its value.
  package struct Member: Sendable {
    /// The member's name, unescaped.
    package var key: String
    /// The line the key starts on, from 1.
    package var line: Int
    /// The column the key starts at, from 1, in Unicode scalars.
    package var column: Int
    /// The member's value.
    package var value: PositionedJSON
  }

  /// The value's kind; objects keep their members in file order.
  package indirect enum Kind: Sendable {
    case object([Member])
    case array([PositionedJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
  }

  /// What the value is.
  package var kind: Kind
  /// The line the value starts on, from 1.
  package var line: Int
  /// The column the value starts at, from 1, in Unicode scalars.
  package var column: Int

  /// A member's value by key (the last one, as most parsers keep duplicates), or `nil`.
  subscript(key: String) -> PositionedJSON? {
    guard case .object(let members) = kind else { return nil }
    return members.last { $0.key == key }?.value
  }

  /// The members, when this is an object.
  var members: [Member]? {
    if case .object(let members) = kind { members } else { nil }
  }

  /// The string, when this is a string.
  var string: String? {
    if case .string(let text) = kind { text } else { nil }
  }

  /// What the value is, for messages: "an object", "a string", ….
  package var kindName: String {
    switch kind {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }
}

/// Parses JSON bytes into ``PositionedJSON``, reporting syntax errors with line and column.
///
/// Lines are counted at `\n` (a `\r\n` counts once); columns are 1-based and count Unicode
/// scalars, not bytes. Nesting is limited to ``maximumDepth`` so that hostile input cannot
/// exhaust the stack. A UTF-8 byte-order mark at the start is skipped.
package struct PositionedJSONParser {
  /// The deepest nesting of arrays and objects accepted unless the parser is given another.
  package static let maximumDepth = 128

  private let bytes: [UInt8]
  private let file: URL?
  private let allowsTrailingCommas: Bool
  private let maximumDepth: Int
  private var index = 0
  private var line = 1
  private var column = 1

  /// Creates a parser of one JSON document.
  ///
  /// - Parameters:
  ///   - bytes: The document's bytes, UTF-8 (a byte-order mark at the start is skipped).
  ///   - file: The file, for messages; `nil` for text that is not a file's.
  ///   - allowsTrailingCommas: Whether one `,` may follow the last member of an object or the
  ///     last element of an array (`{"a": 1,}`, `[1,]`), as Foundation's `JSONSerialization`
  ///     accepts on Linux; RFC 8259 does not, so `false` unless given.
  ///   - maximumDepth: The deepest nesting of arrays and objects accepted, the outermost counted
  ///     as 1: ``maximumDepth`` (128) unless given; `JSONSerialization` accepts 512.
  package init(
    _ bytes: [UInt8], file: URL?, allowsTrailingCommas: Bool = false,
    maximumDepth: Int = PositionedJSONParser.maximumDepth
  ) {
    self.bytes = bytes
    self.file = file
    self.allowsTrailingCommas = allowsTrailingCommas
    self.maximumDepth = maximumDepth
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  /// Parses one value followed only by whitespace.
  ///
  /// - Returns: The value.
  /// - Throws: ``StringsError`` (`.malformed`) naming the line and column and what was expected.
  package mutating func parse() throws(StringsError) -> PositionedJSON {
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    if index < bytes.count { throw error("expected the end of the file after the JSON value") }
    return value
  }

  private func error(_ detail: String) -> StringsError {
    StringsError(.malformed, file: file, line: line, column: column, detail)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private func found() -> String {
    guard let byte = current else { return "the end of the file" }
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + NumberText.hex(byte, digits: 2)
  }

  private mutating func advance() {
    let byte = bytes[index]
    index += 1
    if byte == 0x0A {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      advance()
    }
  }

  /// Consumes `literal`; a mismatch is reported at the literal's start.
  private mutating func expect(_ literal: String) throws(StringsError) {
    let (startLine, startColumn) = (line, column)
    for byte in literal.utf8 {
      guard current == byte else {
        throw StringsError(
          .malformed, file: file, line: startLine, column: startColumn,
          "expected '\(literal)', found \(found()) within it")
      }
      advance()
    }
  }

  private mutating func parseValue(depth: Int) throws(StringsError) -> PositionedJSON {
    let (startLine, startColumn) = (line, column)
    let kind: PositionedJSON.Kind
    switch current {
    case UInt8(ascii: "{"):
      kind = .object(try parseObject(depth: depth + 1))
    case UInt8(ascii: "["):
      kind = .array(try parseArray(depth: depth + 1))
    case UInt8(ascii: "\""):
      kind = .string(try parseString())
    case UInt8(ascii: "t"):
      try expect("true")
      kind = .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      kind = .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      kind = .null
    case let byte? where byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39):
      kind = .number(try parseNumber())
    default:
      throw error(
        "expected a JSON value (object, array, string, number, true, false or null), found \(found())"
      )
    }
    return PositionedJSON(kind: kind, line: startLine, column: startColumn)
  }

  private mutating func parseObject(depth: Int) throws(StringsError) -> [PositionedJSON.Member] {
    guard depth <= maximumDepth else {
      throw error("expected at most \(maximumDepth) nested objects and arrays")
    }
    advance()  // {
    var members: [PositionedJSON.Member] = []
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      advance()
      return members
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else {
        throw error("expected a member name in double quotes, found \(found())")
      }
      let (keyLine, keyColumn) = (line, column)
      let key = try parseString()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else {
        throw error(
          "expected ':' after the member name \"\(DisplayText.quoted(key))\", found \(found())")
      }
      advance()
      skipWhitespace()
      let value = try parseValue(depth: depth)
      members.append(.init(key: key, line: keyLine, column: keyColumn, value: value))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        advance()
        skipWhitespace()
        if allowsTrailingCommas, current == UInt8(ascii: "}") {
          advance()
          return members
        }
      case UInt8(ascii: "}"):
        advance()
        return members
      default: throw error("expected ',' or '}' after an object member, found \(found())")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(StringsError) -> [PositionedJSON] {
    guard depth <= maximumDepth else {
      throw error("expected at most \(maximumDepth) nested objects and arrays")
    }
    advance()  // [
    var elements: [PositionedJSON] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      advance()
      return elements
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        advance()
        skipWhitespace()
        if allowsTrailingCommas, current == UInt8(ascii: "]") {
          advance()
          return elements
        }
      case UInt8(ascii: "]"):
        advance()
        return elements
      default: throw error("expected ',' or ']' after an array element, found \(found())")
      }
    }
  }

  /// Consumes a number; one that breaks RFC 8259's grammar (`01`, `1.`, `.5`, `+1`, `1e`) is
  /// reported at its first character.
  private mutating func parseNumber() throws(StringsError) -> String {
    let (startLine, startColumn) = (line, column)
    let start = index
    while let byte = current,
      byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || (byte >= 0x30 && byte <= 0x39)
    {
      advance()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard Self.isJSONNumber(bytes[start..<index]) else {
      throw StringsError(
        .malformed, file: file, line: startLine, column: startColumn,
        "expected a JSON number (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?), found \"\(text)\"")
    }
    return text
  }

  /// Whether `number` matches RFC 8259's `number` rule.
  static func isJSONNumber(_ number: ArraySlice<UInt8>) -> Bool {
    var rest = number[...]
    func digits() -> Int {
      let count = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
      rest = rest.dropFirst(count)
      return count
    }
    if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
    if rest.first == UInt8(ascii: "0") {
      rest = rest.dropFirst()
    } else if digits() == 0 {
      return false
    }
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      guard digits() > 0 else { return false }
    }
    if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
      rest = rest.dropFirst()
      if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") {
        rest = rest.dropFirst()
      }
      guard digits() > 0 else { return false }
    }
    return rest.isEmpty
  }

  private mutating func parseHex4() throws(StringsError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = hexValue(byte) else {
        throw error("expected four hexadecimal digits after \\u, found \(found())")
      }
      value = value << 4 | digit
      advance()
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  private mutating func parseString() throws(StringsError) -> String {
    let (startLine, startColumn) = (line, column)
    advance()  // "
    var text: [UInt8] = []
    while true {
      guard let byte = current else {
        throw StringsError(
          .malformed, file: file, line: startLine, column: startColumn,
          "expected the closing '\"' of the string that starts here, found the end of the file")
      }
      switch byte {
      case UInt8(ascii: "\""):
        advance()
        guard let string = String(validating: text, as: UTF8.self) else {
          throw StringsError(
            .malformed, file: file, line: startLine, column: startColumn,
            "expected UTF-8 text in the string that starts here")
        }
        return string
      case UInt8(ascii: "\\"):
        advance()
        guard let escape = current else { continue }
        let simple: UInt8? =
          switch escape {
          case UInt8(ascii: "\""): 0x22
          case UInt8(ascii: "\\"): 0x5C
          case UInt8(ascii: "/"): 0x2F
          case UInt8(ascii: "b"): 0x08
          case UInt8(ascii: "f"): 0x0C
          case UInt8(ascii: "n"): 0x0A
          case UInt8(ascii: "r"): 0x0D
          case UInt8(ascii: "t"): 0x09
          default: nil
          }
        if let simple {
          advance()
          text.append(simple)
          continue
        }
        guard escape == UInt8(ascii: "u") else {
          throw error(
            "expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found \(found())")
        }
        advance()
        var scalar = try parseHex4()
        if scalar >= 0xD800, scalar < 0xDC00 {
          try expect("\\u")
          let low = try parseHex4()
          guard low >= 0xDC00, low < 0xE000 else {
            throw error("expected a low surrogate (\\uDC00…\\uDFFF) after a high surrogate")
          }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else {
          throw error(
            "expected a Unicode scalar, found a lone surrogate \\u\(String(scalar, radix: 16))")
        }
        UTF8.encode(unicode) { text.append($0) }
      case 0x00..<0x20:
        throw error("expected a control character in a string to be escaped, found \(found())")
      default:
        advance()
        text.append(byte)
      }
    }
  }
}

/// Where a JSON document's first syntax error is, for readers of other JSON files (constraints,
/// baselines) whose decoder reports no position: Foundation's on Linux gives none.
package enum JSONSyntaxCheck {
  /// The first syntax error in `data`, as `file:line:column: what was expected`, or `nil` when
  /// the document is well-formed.
  ///
  /// - Parameters:
  ///   - data: A JSON document.
  ///   - file: The file's path, for the message.
  /// - Returns: The message, or `nil`.
  package static func firstError(in data: Data, file: String) -> String? {
    var parser = PositionedJSONParser(Array(data), file: URL(fileURLWithPath: file))
    do {
      _ = try parser.parse()
      return nil
    } catch {
      return error.message
    }
  }
}
