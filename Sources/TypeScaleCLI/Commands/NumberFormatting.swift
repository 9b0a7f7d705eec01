// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals
import TypeScaleMetrics

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

/// Pads text on the right to `width` characters (columns of a plain table).
func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
