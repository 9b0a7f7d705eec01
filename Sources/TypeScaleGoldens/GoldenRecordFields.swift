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
}
