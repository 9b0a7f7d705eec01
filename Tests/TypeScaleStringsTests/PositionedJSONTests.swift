// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import TypeScaleStrings

/// The hand-written JSON parser behind ``StringCatalogReader``, checked against Foundation's
/// `JSONSerialization` on the same documents.
@Suite struct PositionedJSONTests {
  /// A JSON value in a form both parsers' results convert to.
  ///
  /// Booleans compare as numbers
  /// (Foundation hands both back as `NSNumber`); ``literalsKeepTheirKind`` checks them apart.
  indirect enum Value: Equatable, CustomStringConvertible {
    case object([String: Value])
    case array([Value])
    case string(String)
    case number(Double)
    case null

    var description: String {
      switch self {
      case .object(let members):
        "{"
          + members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }
          .joined(separator: ", ") + "}"
      case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
      case .string(let text): text.debugDescription
      case .number(let number): "\(number)"
      case .null: "null"
      }
    }

    init(_ json: PositionedJSON) {
      switch json.kind {
      case .object(let members):
        self = .object(Dictionary(members.map { ($0.key, Value($0.value)) }) { $1 })
      case .array(let elements): self = .array(elements.map(Value.init))
      case .string(let text): self = .string(text)
      case .number(let text): self = .number(Double(text) ?? .nan)
      case .bool(let flag): self = .number(flag ? 1 : 0)
      case .null: self = .null
      }
    }

    init(foundation value: Any) {
      if let members = value as? [String: Any] {
        self = .object(members.mapValues(Value.init(foundation:)))
      } else if let elements = value as? [Any] {
        self = .array(elements.map(Value.init(foundation:)))
      } else if let text = value as? String {
        self = .string(text)
      } else if let number = value as? NSNumber {
        self = .number(number.doubleValue)
      } else {
        self = .null
      }
    }
  }

  static func parse(_ json: String) throws -> PositionedJSON {
    var parser = PositionedJSONParser(Array(json.utf8), file: URL(fileURLWithPath: "/tmp/t.json"))
    return try parser.parse()
  }

  static let nested =
    String(repeating: "[", count: PositionedJSONParser.maximumDepth) + "1"
    + String(repeating: "]", count: PositionedJSONParser.maximumDepth)
  static let nestedObjects =
    String(repeating: "{\"a\":", count: PositionedJSONParser.maximumDepth) + "null"
    + String(repeating: "}", count: PositionedJSONParser.maximumDepth)

  /// Well-formed documents.
  static let documents: [String] = [
    "{}", "[]", "\"\"", "0", "-0", "null", "true", "false",
    #"{"a":{},"b":[],"c":[{}],"d":[[]]}"#,
    #"{"sourceLanguage":"en","strings":{"Save":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Sichern"}}}}},"version":"1.0"}"#,
    "[1, -1, 0.5, -0.25, 1e3, 1E-2, 2.5e+10, 123456789, 1.7976931348623157e308, 5e-324]",
    #"["\u0041\u00e9\u4e2d", "\ud83d\ude00", "\uD83C\uDDE9\uD83C\uDDEA", "tab\there", "q\"b\\s\/"]"#,
    #"["\b\f\n\r\t", "\u0000", "\u001f", "\uffff"]"#,
    "\"Grüße, 안녕하세요, مرحبا, 😀\"",
    "  \n\t\r [ 1 , { \"k\" : [ true , false , null ] } ] \n ",
    "\u{FEFF}{\"bom\": true}",
    #"{"k":"value with \"quotes\" and \\backslashes\\"}"#,
    nested,
    nestedObjects,
  ]

  @Test(arguments: documents)
  func agreesWithJSONSerialization(json: String) throws {
    let ours = Value(try Self.parse(json))
    var bytes = Data(json.utf8)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let theirs = Value(
      foundation: try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]))
    #expect(ours == theirs)
  }

  @Test func literalsKeepTheirKindAndPositions() throws {
    let json = "{\n  \"a\" : true,\n  \"b\" : [false, null, 1.50]\n}"
    let value = try Self.parse(json)
    let members = try #require(value.members)
    #expect(members.map { "\($0.key)@\($0.line):\($0.column)" } == ["a@2:3", "b@3:3"])
    guard case .bool(true) = members[0].value.kind else {
      Issue.record("expected true, got \(members[0].value.kind)")
      return
    }
    guard case .array(let elements) = members[1].value.kind, elements.count == 3,
      case .bool(false) = elements[0].kind, case .null = elements[1].kind,
      case .number("1.50") = elements[2].kind
    else {
      Issue.record("expected [false, null, 1.50], got \(members[1].value.kind)")
      return
    }
    #expect(elements.map { "\($0.line):\($0.column)" } == ["3:10", "3:17", "3:23"])
  }

  /// (document, line, column, part of the message) for malformed JSON.
  ///
  /// Foundation rejects
  /// them too, except those in ``foundationAccepts``.
  static let malformed: [(String, Int, Int, String)] = [
    ("", 1, 1, "expected a JSON value"),
    ("{", 1, 2, "expected a member name"),
    ("{\"a\" 1}", 1, 6, "expected ':' after the member name \"a\""),
    ("{\"a\":1,}", 1, 8, "expected a member name"),
    ("[1,]", 1, 4, "expected a JSON value"),
    ("[1 2]", 1, 4, "expected ',' or ']'"),
    ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}'"),
    ("[tru]", 1, 2, "expected 'true'"),
    ("[01]", 1, 2, "expected a JSON number"),
    ("[-]", 1, 2, "expected a JSON number"),
    ("[1e+]", 1, 2, "expected a JSON number"),
    ("[+1]", 1, 2, "expected a JSON value"),
    ("[1.]", 1, 2, "expected a JSON number"),
    ("[\"abc", 1, 2, "closing '\"'"),
    ("[\"a\\x\"]", 1, 5, "expected an escape"),
    ("[\"\\u12G4\"]", 1, 7, "four hexadecimal digits"),
    ("[\"\\ud83d\"]", 1, 9, "expected '\\u'"),
    ("[\"\\ud83d\\u0041\"]", 1, 15, "low surrogate"),
    ("[\"\\udc00\"]", 1, 9, "lone surrogate"),
    ("[\"a\tb\"]", 1, 4, "control character"),
    ("[1] x", 1, 5, "expected the end of the file"),
    ("\"é\" é", 1, 5, "expected the end of the file"),
    (
      String(repeating: "[", count: PositionedJSONParser.maximumDepth + 1), 1,
      PositionedJSONParser.maximumDepth + 1, "expected at most 128 nested"
    ),
  ]

  /// Documents RFC 8259 forbids that Foundation's parser on Linux accepts (trailing commas).
  static let foundationAccepts: Set<String> = ["[1,]", "{\"a\":1,}"]

  @Test(arguments: malformed)
  func malformedDocumentsHaveLineAndColumn(json: String, line: Int, column: Int, detail: String)
    throws
  {
    let error = try #require(throws: StringsError.self) { try Self.parse(json) }
    #expect(error.code == .malformed)
    #expect("\(error.line ?? 0):\(error.column ?? 0)" == "\(line):\(column)", "\(error.message)")
    #expect(error.message.contains(detail), "\(error.message)")
    // Foundation rejects them too, but for the trailing commas its parser allows.
    if !Self.foundationAccepts.contains(json) {
      #expect(throws: (any Error).self) {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
      }
    }
  }
}
