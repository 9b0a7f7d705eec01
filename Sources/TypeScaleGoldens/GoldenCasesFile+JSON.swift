// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleMetrics

/// A JSON value as a cases file holds it, decoded with `JSONDecoder` so that every value keeps
/// its JSON type: `true` is never the number 1, and `"2"` is never the number 2.
///
/// Reading a cases file walks these values and reports every one of the wrong type with its
/// JSON path, the value found and the type expected.
enum _JSONValue: Decodable {
  case null
  case bool(Bool)
  /// A number that is a whole number in `Int`'s range.
  case integer(Int)
  /// Any other finite number.
  case number(Double)
  case string(String)
  case array([_JSONValue])
  case object([String: _JSONValue])
  /// A number too large for a `Double`, such as `1e400`.
  case unrepresentable

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let list = try? container.decode([_JSONValue].self) {
      self = .array(list)
    } else if let table = try? container.decode([String: _JSONValue].self) {
      self = .object(table)
    } else {
      // Elements never fail (they fall back to this case), so only a number out of range gets
      // here.
      self = .unrepresentable
    }
  }

  /// What was found, for a message: `"title1" (a string)`, `1e+30 (a number)`, `an array`.
  var found: String {
    switch self {
    case .null: "null"
    case .bool(let value): "\(value) (a boolean)"
    case .integer(let value): "\(value) (a number)"
    case .number(let value): "\(value) (a number)"
    case .string(let text):
      "\"\(GoldenText.escape(String(text.prefix(40))))\"\(text.count > 40 ? "…" : "") (a string)"
    case .array: "an array"
    case .object: "an object"
    case .unrepresentable: "a number too large to represent"
    }
  }

  /// The string, or `nil` for any other type.
  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The number of points: an integer or a finite number.
  var double: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }
}

/// The problems found reading a cases file, each `path: message`, in the order found.
struct CasesProblems {
  private(set) var list: [String] = []

  /// Records a problem at a JSON path.
  mutating func add(_ path: String, _ message: String) {
    list.append("\(path): \(message)")
  }

  /// Records a value of the wrong type or out of range: `path: expected …, found …`.
  mutating func expected(_ path: String, _ expected: String, found value: _JSONValue) {
    add(path, "expected \(expected), found \(value.found)")
  }

  /// Records a string that holds a control character, which a golden file cannot hold raw.
  ///
  /// - Returns: `true` when the string is clean.
  mutating func checkPrintable(_ path: String, _ text: String, what: String) -> Bool {
    guard
      let bad = text.unicodeScalars.first(where: {
        switch $0.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
      })
    else { return true }
    add(
      path,
      "\(what) \"\(GoldenText.escape(text))\" contains the control character "
        + "\(NumberText.codePoint(bad.value)); a golden file holds it raw in a "
        + "tab-separated line, so use letters, digits and punctuation")
    return false
  }
}
