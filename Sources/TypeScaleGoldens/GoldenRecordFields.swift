// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals

/// One golden record's values by column, read as text and numbers with errors naming the place
/// and the value: what the iOS and Android record parsers share.
struct GoldenRecordFields {
  /// The record's values by column name.
  let values: [String: String]
  /// `file:line`, for messages.
  let place: String

  /// The value of `column`, or `""` when the record has none.
  func text(_ column: String) -> String { values[column] ?? "" }

  /// The value of `column` as a finite number ≥ 0.
  ///
  /// - Throws: ``GoldenError/Code/malformedGolden`` naming the column and its value.
  func number(_ column: String) throws(GoldenError) -> Double {
    guard let value = Double(text(column)), value.isFinite, value >= 0 else {
      throw GoldenError(
        .malformedGolden,
        "\(place): \(column) \"\(DisplayText.quoted(text(column)))\" is not a number ≥ 0")
    }
    return value
  }

  /// The value of `column` as a whole number ≥ 0.
  ///
  /// - Throws: ``GoldenError/Code/malformedGolden`` naming the column and its value.
  func wholeNumber(_ column: String) throws(GoldenError) -> Int {
    guard let value = Int(text(column)), value >= 0 else {
      throw GoldenError(
        .malformedGolden,
        "\(place): \(column) \"\(DisplayText.quoted(text(column)))\" is not a whole number ≥ 0")
    }
    return value
  }

  /// The value of `column` as a flag: `0` or `1`.
  ///
  /// - Throws: ``GoldenError/Code/malformedGolden`` naming the column and its value.
  func flag(_ column: String) throws(GoldenError) -> Bool {
    switch text(column) {
    case "0": return false
    case "1": return true
    default:
      throw GoldenError(
        .malformedGolden,
        "\(place): \(column) \"\(DisplayText.quoted(text(column)))\" is not 0 or 1")
    }
  }

  /// The `breaks` column: UTF-16 offsets > 0 separated by `;`, or `-` for none.
  ///
  /// - Throws: ``GoldenError/Code/malformedGolden`` naming the value.
  func breaks() throws(GoldenError) -> [Int] {
    let value = text("breaks")
    guard value != "-" else { return [] }
    var breaks: [Int] = []
    for part in value.split(separator: ";") {
      guard let offset = Int(part), offset > 0 else {
        throw GoldenError(
          .malformedGolden, "\(place): breaks \"\(DisplayText.quoted(value))\" are not offsets")
      }
      breaks.append(offset)
    }
    return breaks
  }
}
