// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals

/// Prints numbers the same way on every machine: at most `decimals` fraction digits, no trailing
/// zeros, no exponent (`17`, `16.3333`, `0.8636`).
///
/// - Parameters:
///   - value: A finite number.
///   - decimals: The most fraction digits to keep, 0 through 9.
/// - Returns: The number as text.
func formatNumber(_ value: Double, decimals: Int = 4) -> String {
  NumberText.fixed(value, decimals: decimals, trimsZeros: true, rounding: .scaled)
}

/// Prints a number for JSON: as ``formatNumber(_:decimals:)`` does for a finite number, and
/// `null` for NaN or an infinity, which JSON cannot spell — so a JSON writer never prints `inf`.
///
/// Options are range-checked before anything is measured, so `null` marks a bug, not an input.
///
/// - Parameters:
///   - value: The number.
///   - decimals: The most fraction digits to keep, 0 through 9.
/// - Returns: A JSON number, or `null`.
func jsonNumber(_ value: Double, decimals: Int = 4) -> String {
  guard value.isFinite else { return "null" }
  let text = formatNumber(value, decimals: decimals)
  // Past 9e15 formatNumber falls back to Swift's description, which may end in `.0`.
  return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// Pads text on the right to `width` characters (columns of a plain table).
func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
