// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// A JSON value to print: the one writer behind every `--json` output of the CLI and behind
/// `GoldenReport.json()`.
///
/// Objects keep their keys in the order they are written (a dictionary literal of this type is
/// an ordered list of pairs, not a `Dictionary`), so every output has stable keys without
/// sorting. Strings are escaped per RFC 8259 §7: `"` and `\` get a backslash, `\n` and `\t`
/// their short escapes, every other control character below U+0020 a `\u00XX` escape (lowercase
/// hex), and everything else — non-ASCII included — is written as UTF-8, unescaped. A
/// ``number(_:decimals:)`` goes through ``numberText(_:decimals:)``: at most `decimals` fraction
/// digits, no trailing zeros, no exponent below 9e15; a ``double(_:)`` is written in full, the
/// shortest text that reads back as the same `Double`. A NaN or an infinity, which JSON cannot
/// spell, is written as `null`, so the writer never prints `inf` or `nan`.
///
/// One format for every output: a value on one line, separated with `", "` and `": "`, and a
/// top-level array of records (``Layout/rows``) with each record on a line of its own. Unlike
/// Foundation's `JSONEncoder` it does not escape `/`, keeps key order instead of hashing or
/// sorting, and prints the same bytes on every platform.
///
/// ```swift
/// let value: JSONValue = ["golden": "ui.golden", "cases": 12, "shard": .null]
/// value.text()  // {"golden": "ui.golden", "cases": 12, "shard": null}
/// ```
package enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer, written in full.
  case integer(Int)
  /// A number written with at most `decimals` fraction digits, or `null` when not finite.
  case number(Double, decimals: Int = 4)
  /// A number written in full (the shortest text that reads back as the same value), or `null`
  /// when not finite: for values a reader decodes again, such as a golden report's widths.
  case double(Double)
  /// A string, escaped.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object whose keys keep the order given.
  case object([(key: String, value: JSONValue)])

  /// How a value is laid out.
  package enum Layout: Sendable {
    /// Everything on one line: `{"a": 1, "b": [2, 3]}`.
    case line
    /// A top-level array with each element on its own line, indented two spaces, each element
    /// on one line; `[]` when empty. Any other value is laid out as ``line``.
    case rows
  }

  /// A string, or `null` when there is none.
  ///
  /// - Parameter text: The string, if any.
  package init(_ text: String?) {
    self = text.map(JSONValue.string) ?? .null
  }

  /// An array of strings.
  ///
  /// - Parameter strings: The strings, in order.
  package init(_ strings: [String]) {
    self = .array(strings.map(JSONValue.string))
  }

  /// The value as JSON text.
  ///
  /// - Parameter layout: Where line breaks go; one line by default.
  /// - Returns: The text, without a trailing newline.
  package func text(_ layout: Layout = .line) -> String {
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
  package func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .integer(let value): out += String(value)
    case .number(let value, let decimals): out += Self.numberText(value, decimals: decimals)
    case .double(let value): out += Self.fullText(value)
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
  package static func writeString(_ text: String, to out: inout String) {
    var bytes: [UInt8] = []
    appendString(text, to: &bytes)
    out += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a string literal, quoted and escaped per RFC 8259, as UTF-8 bytes: the one escaper
  /// behind ``writeString(_:to:)`` and the CLI's byte writers.
  ///
  /// The escapes work on bytes: every character that needs one is ASCII, and the bytes of other
  /// characters (all ≥ 0x80 in UTF-8) are copied in runs.
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - out: The bytes to append to.
  /// - Complexity: O(the string's UTF-8 length).
  package static func appendString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      for index in bytes.indices {
        let byte = bytes[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        runStart = index + 1
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
        default:
          let hex = Array("0123456789abcdef".utf8)
          out.append(contentsOf: [
            UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
            hex[Int(byte & 0xF)],
          ])
        }
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    out.append(UInt8(ascii: "\""))
  }

  /// A string literal, quoted and escaped per RFC 8259 (for quoting text outside JSON too).
  ///
  /// - Parameter text: The string.
  /// - Returns: The literal, with its quotes.
  package static func quoted(_ text: String) -> String {
    var out = ""
    writeString(text, to: &out)
    return out
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// A string value.
  ///
  /// - Parameter value: The string.
  package init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// An integer value.
  ///
  /// - Parameter value: The integer.
  package init(integerLiteral value: Int) { self = .integer(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// A Boolean value.
  ///
  /// - Parameter value: The Boolean.
  package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// An array value.
  ///
  /// - Parameter elements: The elements, in order.
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// An object whose keys keep the literal's order.
  ///
  /// - Parameter elements: The keys and values, in order.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }
}

extension JSONValue {
  /// Prints a number for JSON: at most `decimals` fraction digits, no trailing zeros, no
  /// exponent below 9e15 (`17`, `16.3333`, `0.8636`), and `null` for NaN or an infinity, which
  /// JSON cannot spell — so the writer never prints `inf`.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - decimals: The most fraction digits to keep, 0 through 9.
  /// - Returns: A JSON number, or `null`.
  package static func numberText(_ value: Double, decimals: Int = 4) -> String {
    var bytes: [UInt8] = []
    appendNumber(value, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends what ``numberText(_:decimals:)`` prints, as UTF-8 bytes: its one implementation.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - decimals: The most fraction digits to keep, 0 through 9.
  ///   - out: The bytes to append to.
  package static func appendNumber(_ value: Double, decimals: Int = 4, to out: inout [UInt8]) {
    guard value.isFinite else {
      out.append(contentsOf: "null".utf8)
      return
    }
    let start = out.count
    NumberText.appendScaled(value, decimals: decimals, trimsZeros: true, to: &out)
    // Past 9e15 the scaled rounding falls back to Swift's description, which may end in `.0`.
    if out.count - start >= 2, out[out.count - 2] == UInt8(ascii: "."),
      out[out.count - 1] == UInt8(ascii: "0")
    {
      out.removeLast(2)
    }
  }

  /// Prints a number in full for JSON: Swift's shortest round-trip text without a trailing
  /// `.0` (`192.6123046875`, `17`, `1e-05`), and `null` for NaN or an infinity.
  ///
  /// - Parameter value: The number.
  /// - Returns: A JSON number, or `null`.
  package static func fullText(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let text = value == 0 ? "0" : value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
