// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics
import TypeScaleStrings

/// Typed access to the members of a request's JSON object, with one-line errors that name the
/// key: what ``MeasureRequest/init(fields:loadTypography:)`` reads a request from.
///
/// Every accessor returns `nil` for a key that is absent or `null`; the last of duplicate keys
/// counts.
protocol MeasureRequestFields {
  /// The object's keys (duplicates may repeat).
  var keys: [String] { get }
  /// A string.
  func string(_ key: String) throws(CLIError) -> String?
  /// An array of strings.
  func strings(_ key: String) throws(CLIError) -> [String]?
  /// Any number that is not `true` or `false`.
  func number(_ key: String) throws(CLIError) -> Double?
  /// A number that is an `Int` exactly (`1e3` is, `1.5` and `9223372036854775808` are not);
  /// `valid` says what a valid value is, for the message.
  func integer(_ key: String, valid: String) throws(CLIError) -> Int?
  /// `true` or `false`.
  func bool(_ key: String) throws(CLIError) -> Bool?
}

extension MeasureRequestFields {
  /// The message for a value of the wrong type.
  func mismatch(_ key: String, _ expected: String) -> CLIError {
    .validation("\"\(key)\" must be \(expected)")
  }
}

/// A `measure --batch` request line, parsed from its UTF-8 bytes: the hot path of a batch.
///
/// The line is parsed by `PositionedJSONParser` (TypeScaleStrings' RFC 8259 parser, `package`
/// access), so the project has one JSON string parser. What it accepts is what Foundation's
/// `JSONSerialization` accepted on Linux when it read these lines (a test compares the two over
/// a table of lines): whitespace is space, tab, CR and LF; a UTF-8 byte-order mark may start the
/// line; one trailing comma may close an object or array; escapes are RFC 8259's, a surrogate
/// pair makes one scalar and a lone surrogate is an error; numbers follow RFC 8259 (no leading
/// zeros, no `+`, no bare `.`).
///
/// Numbers are read as `JSONSerialization` reads them: an integer literal that fits `Int` is that
/// integer (so `-0` is `0`), one that fits `UInt64` is that value, anything else is a `Double`,
/// and a number a `Double` cannot hold (`1e400`) is invalid JSON. Where this differs from
/// Foundation: a fraction is rounded correctly (Swift's `Double(_:)`); Foundation's parser can be
/// one unit in the last place off (`0.30000000000000004` reads as `0.3000000000000001`). Syntax
/// errors are worded by the parser, with the column (in Unicode scalars) where they are:
/// `invalid JSON: column 14: expected ',' or '}' after an object member, found the end of the
/// file`.
struct BatchRequestJSON: MeasureRequestFields {
  /// The deepest nesting of objects and arrays a line may have, as `JSONSerialization` on
  /// Linux: 512, the request object counted.
  static let maximumDepth = 512

  /// The object's members, in order.
  private let members: [PositionedJSON.Member]

  /// Parses one request line.
  ///
  /// - Parameter line: The line, without its line break.
  /// - Throws: ``CLIError/validation(_:)``: for a line of whitespace only, `invalid JSON:
  ///   column <n>: <what was expected>`, a number a `Double` cannot hold, or a value that is not
  ///   an object.
  init(line: String) throws(CLIError) {
    guard line.contains(where: { !$0.isWhitespace }) else {
      throw .validation(MeasureRequest.emptyLineMessage)
    }
    let root: PositionedJSON
    do throws(StringsError) {
      var parser = PositionedJSONParser(
        Array(line.utf8), file: nil, allowsTrailingCommas: true,
        maximumDepth: Self.maximumDepth)
      root = try parser.parse()
    } catch {
      // The parser's message starts with `:1:<column>: `; a line has one line.
      let detail = error.message.drop { $0 != " " }.dropFirst()
      throw .validation("invalid JSON: column \(error.column ?? 1): \(detail)")
    }
    guard case .object(let members) = root.kind else {
      throw .validation(MeasureRequest.notObjectMessage)
    }
    // JSONSerialization refuses such numbers while parsing, before any key is looked at.
    for member in members {
      switch member.value.kind {
      case .number(let text): try Self.checkRepresentable(text, at: member.value)
      case .array(let elements):
        for element in elements {
          if case .number(let text) = element.kind {
            try Self.checkRepresentable(text, at: element)
          }
        }
      default: break
      }
    }
    self.members = members
  }

  /// Refuses a number whose magnitude a `Double` cannot hold, as `JSONSerialization` does.
  private static func checkRepresentable(_ text: String, at value: PositionedJSON)
    throws(CLIError)
  {
    guard let number = Double(text), number.isFinite else {
      throw .validation(
        "invalid JSON: column \(value.column): number \(text) is not representable as a "
          + "Double")
    }
  }

  var keys: [String] { members.map(\.key) }

  /// The value of a key, `nil` when it is absent or (its last occurrence is) `null`.
  private func value(_ key: String) -> PositionedJSON.Kind? {
    guard let member = members.last(where: { $0.key == key }) else { return nil }
    if case .null = member.value.kind { return nil }
    return member.value.kind
  }

  func string(_ key: String) throws(CLIError) -> String? {
    guard let value = value(key) else { return nil }
    guard case .string(let string) = value else { throw mismatch(key, "a string") }
    return string
  }

  func strings(_ key: String) throws(CLIError) -> [String]? {
    guard let value = value(key) else { return nil }
    guard case .array(let elements) = value else { throw mismatch(key, "an array of strings") }
    var strings: [String] = []
    strings.reserveCapacity(elements.count)
    for element in elements {
      guard case .string(let string) = element.kind else {
        throw mismatch(key, "an array of strings")
      }
      strings.append(string)
    }
    return strings
  }

  func number(_ key: String) throws(CLIError) -> Double? {
    guard let value = value(key) else { return nil }
    guard case .number(let text) = value else { throw mismatch(key, "a number") }
    return Self.double(text)
  }

  func integer(_ key: String, valid: String) throws(CLIError) -> Int? {
    guard let value = value(key) else { return nil }
    guard case .number(let text) = value else { throw mismatch(key, "an integer (\(valid))") }
    if let integer = Int(text) { return integer }
    // A fraction or an exponent may still be an integer exactly (`1e3`, `2.0`); an integer
    // literal outside Int's range, or any other number, is not.
    if !Self.isIntegerLiteral(text), let double = Double(text), let integer = Int(exactly: double) {
      return integer
    }
    let shown = UInt64(text).map(String.init) ?? NumberText.shortest(Self.double(text))
    throw .validation("\"\(key)\" must be an integer (\(valid)); \(shown) is not")
  }

  func bool(_ key: String) throws(CLIError) -> Bool? {
    guard let value = value(key) else { return nil }
    guard case .bool(let bool) = value else { throw mismatch(key, "true or false") }
    return bool
  }

  /// Whether a JSON number has neither a fraction nor an exponent.
  private static func isIntegerLiteral(_ text: String) -> Bool {
    !text.utf8.contains {
      $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
    }
  }

  /// A JSON number as `JSONSerialization` reads it: an integer literal through `Int` (so `-0`
  /// is `0`, not `-0.0`), then `UInt64`, anything else with `Double(_:)`.
  private static func double(_ text: String) -> Double {
    if isIntegerLiteral(text) {
      if let integer = Int(text) { return Double(integer) }
      if let unsigned = UInt64(text) { return Double(unsigned) }
    }
    // The parser accepted the number, and the initializer checked that it is finite.
    return Double(text) ?? .nan
  }
}
