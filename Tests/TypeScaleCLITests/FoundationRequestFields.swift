// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

@testable import TypeScaleCLI

/// The slow path of `measure --batch` decoding, kept for tests: the request line read with
/// Foundation's `JSONSerialization` and `NSNumber` bridging, as `MeasureRequest(jsonLine:)` did
/// before it read the line's bytes with `PositionedJSONParser` (``BatchRequestJSON``).
struct FoundationRequestFields: MeasureRequestFields {
  let fields: [String: Any]

  /// Parses one request line with `JSONSerialization`.
  ///
  /// - Parameter line: The line.
  /// - Throws: ``CLIError/validation(_:)`` as the fast path words it.
  init(line: String) throws(CLIError) {
    guard line.contains(where: { !$0.isWhitespace }) else {
      throw .validation(MeasureRequest.emptyLineMessage)
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(line.utf8))
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      throw .validation("invalid JSON: \(detail ?? "\(error)")")
    }
    guard let fields = object as? [String: Any] else {
      throw .validation(MeasureRequest.notObjectMessage)
    }
    self.fields = fields
  }

  var keys: [String] { Array(fields.keys) }

  /// The value of a key, `nil` when it is absent or `null`.
  private func value(_ key: String) -> Any? {
    guard let value = fields[key], !(value is NSNull) else { return nil }
    return value
  }

  /// Whether a number from `JSONSerialization` is `true` or `false` (a boolean `NSNumber`).
  private static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }

  func string(_ key: String) throws(CLIError) -> String? {
    guard let value = value(key) else { return nil }
    guard let string = value as? String else { throw mismatch(key, "a string") }
    return string
  }

  func strings(_ key: String) throws(CLIError) -> [String]? {
    guard let value = value(key) else { return nil }
    guard let array = value as? [Any], let strings = array as? [String] else {
      throw mismatch(key, "an array of strings")
    }
    return strings
  }

  func number(_ key: String) throws(CLIError) -> Double? {
    guard let value = value(key) else { return nil }
    guard let number = value as? NSNumber, !Self.isBoolean(number) else {
      throw mismatch(key, "a number")
    }
    return number.doubleValue
  }

  func integer(_ key: String, valid: String) throws(CLIError) -> Int? {
    guard let value = value(key) else { return nil }
    guard let number = value as? NSNumber, !Self.isBoolean(number) else {
      throw mismatch(key, "an integer (\(valid))")
    }
    // Bridging to Int is exact: it fails for a fraction or a number outside Int's range.
    guard let integer = value as? Int else {
      throw .validation(
        "\"\(key)\" must be an integer (\(valid)); \(Self.describe(number)) is not")
    }
    return integer
  }

  /// A number as the request wrote it, near enough: integers in full, others as Swift prints.
  private static func describe(_ number: NSNumber) -> String {
    if let integer = number as? Int { return String(integer) }
    let type = String(cString: number.objCType)
    if type == "Q" { return String(number.uint64Value) }
    return String(describing: number.doubleValue)
  }

  func bool(_ key: String) throws(CLIError) -> Bool? {
    guard let value = value(key) else { return nil }
    guard let number = value as? NSNumber, Self.isBoolean(number) else {
      throw mismatch(key, "true or false")
    }
    return number.boolValue
  }
}
