// SPDX-License-Identifier: Apache-2.0

/// A JSON value that the CLI prints: the one writer behind every `--json` output.
///
/// Objects keep their keys in the order they are written (a dictionary literal of this type is
/// an ordered list of pairs, not a `Dictionary`), so every output has stable keys without
/// sorting. Strings are escaped per RFC 8259 §7: `"` and `\` get a backslash, `\n` and `\t`
/// their short escapes, every other control character below U+0020 a `\u00XX` escape (lowercase
/// hex), and everything else — non-ASCII included — is written as UTF-8, unescaped. Numbers go
/// through ``jsonNumber(_:decimals:)``: at most `decimals` fraction digits, no trailing zeros,
/// no exponent below 9e15; a NaN or an infinity, which JSON cannot spell, is written as `null`,
/// so the writer never prints `inf` or `nan`.
///
/// Unlike Foundation's `JSONEncoder`, the writer does not escape `/`, keeps key order instead of
/// hashing or sorting, and separates with `", "` and `": "` (the style the CLI has always
/// printed); `goldens verify --json` and `goldens merge --json` keep `GoldenReport.json()`,
/// Foundation's pretty-printed encoding, because that format is the report's own.
enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer, written in full.
  case integer(Int)
  /// A number written with at most `decimals` fraction digits, or `null` when not finite.
  case number(Double, decimals: Int = 4)
  /// A string, escaped.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object whose keys keep the order given.
  case object([(key: String, value: JSONValue)])

  /// How a value is laid out.
  enum Layout: Sendable {
    /// Everything on one line: `{"a": 1, "b": [2, 3]}`.
    case line
    /// A top-level array with each element on its own line, indented two spaces, each element
    /// on one line; `[]` when empty. Any other value is laid out as ``line``.
    case rows
  }

  /// A string, or `null` when there is none.
  ///
  /// - Parameter text: The string, if any.
  init(_ text: String?) {
    self = text.map(JSONValue.string) ?? .null
  }

  /// An array of strings.
  ///
  /// - Parameter strings: The strings, in order.
  init(_ strings: [String]) {
    self = .array(strings.map(JSONValue.string))
  }

  /// The value as JSON text.
  ///
  /// - Parameter layout: Where line breaks go; one line by default.
  /// - Returns: The text, without a trailing newline.
  func text(_ layout: Layout = .line) -> String {
    var out = ""
    if case .rows = layout, case .array(let elements) = self, !elements.isEmpty {
      out += "[\n  "
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ",\n  " }
        element.write(to: &out)
      }
      out += "\n]"
    } else {
      write(to: &out)
    }
    return out
  }

  /// Appends the value on one line.
  ///
  /// - Parameter out: The text to append to.
  func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .integer(let value): out += String(value)
    case .number(let value, let decimals): out += jsonNumber(value, decimals: decimals)
    case .string(let value): Self.writeString(value, to: &out)
    case .array(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ", " }
        element.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { out += ", " }
        Self.writeString(member.key, to: &out)
        out += ": "
        member.value.write(to: &out)
      }
      out += "}"
    }
  }

  /// Appends a string literal, quoted and escaped per RFC 8259.
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - out: The text to append to.
  static func writeString(_ text: String, to out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case let s where s.value < 0x20:
        let hex = String(s.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  /// A string literal, quoted and escaped per RFC 8259 (for quoting text outside JSON too).
  ///
  /// - Parameter text: The string.
  /// - Returns: The literal, with its quotes.
  static func quoted(_ text: String) -> String {
    var out = ""
    writeString(text, to: &out)
    return out
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// A string value.
  ///
  /// - Parameter value: The string.
  init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// An integer value.
  ///
  /// - Parameter value: The integer.
  init(integerLiteral value: Int) { self = .integer(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// A Boolean value.
  ///
  /// - Parameter value: The Boolean.
  init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// An array value.
  ///
  /// - Parameter elements: The elements, in order.
  init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// An object whose keys keep the literal's order.
  ///
  /// - Parameter elements: The keys and values, in order.
  init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }
}
