// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The one place numbers become text for messages, golden files and the command line.
///
/// Two shapes: ``shortest(_:)`` for error messages (the value as given, integers without `.0`),
/// and ``fixed(_:decimals:trimsZeros:rounding:)`` for fixed-decimal output (golden files with 3
/// decimals, the CLI's tables with at most 4).
///
/// Non-finite values print as `nan`, `inf` and `-inf`, never as a number, in every shape. The one
/// difference: ``Rounding/exact`` prints what C's `printf` prints, which is `-nan` for a NaN with
/// its sign bit set (x86's `0 / 0` gives one), where Swift's `description` says `nan`; golden files
/// have always been written with `printf`, so they keep its spelling. JSON writers must check
/// `isFinite` themselves, since JSON has no spelling for any of these.
package enum NumberText {
  /// How ``fixed(_:decimals:trimsZeros:rounding:)`` rounds to its decimals.
  package enum Rounding: Sendable {
    /// The exact binary value rounded to the nearest decimal, ties to even — C's `printf("%.3f")`
    /// (so `0.0625` at 3 decimals is `0.062`). What golden files have always recorded.
    case exact
    /// `|value| × 10^decimals` rounded half away from zero, in `Double` arithmetic (so `0.03125`
    /// at 4 decimals is `0.0313`). What the CLI has always printed; past `9e15` scaled units it
    /// falls back to Swift's `description`.
    case scaled
  }

  /// Formats a number for a message: an integer without a fraction (`-1`, not `-1.0`), anything
  /// else as Swift's shortest round-trip `description` (`0.5`, `1e-05`, `nan`).
  ///
  /// Negative zero prints as `0`; integers of magnitude 1e15 or more print as `description`
  /// (`1000000000000000.0`, `1e+16`).
  ///
  /// - Parameter value: Any number.
  /// - Returns: The number as text.
  package static func shortest(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(describing: value)
  }

  /// Formats a number with `decimals` fraction digits and no exponent.
  ///
  /// With `trimsZeros`, trailing fraction zeros and a bare `.` go (`17`, `16.333`), and a value
  /// that rounds to zero prints as `0`, never `-0`. Without it every fraction digit stays, and
  /// ``Rounding/exact`` keeps `printf`'s sign on a value that rounds to zero (`-0.000`), as golden
  /// files have always recorded.
  ///
  /// - Parameters:
  ///   - value: Any number; non-finite values print as `nan`, `inf` or `-inf` (and `-nan` with
  ///     ``Rounding/exact``).
  ///   - decimals: The number of fraction digits, 0 through 9.
  ///   - trimsZeros: Whether trailing fraction zeros are dropped.
  ///   - rounding: How the value is rounded to `decimals` digits.
  /// - Returns: The number as text.
  package static func fixed(
    _ value: Double, decimals: Int, trimsZeros: Bool, rounding: Rounding = .exact
  ) -> String {
    let decimals = min(max(decimals, 0), 9)
    switch rounding {
    case .exact:
      // printf spells non-finite values itself (`nan`, `-nan`, `inf`, `-inf`); no "." to trim.
      var text = String(format: "%.\(decimals)f", value)
      guard trimsZeros else { return text }
      if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
      }
      return text == "-0" ? "0" : text
    case .scaled:
      var bytes: [UInt8] = []
      appendScaled(value, decimals: decimals, trimsZeros: trimsZeros, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// Appends what ``fixed(_:decimals:trimsZeros:rounding:)`` prints with ``Rounding/scaled``, as
  /// UTF-8 bytes: the one implementation of that shape, for writers that build bytes (the CLI's
  /// `measure --batch` output) rather than `String`s.
  ///
  /// - Parameters:
  ///   - value: Any number; a non-finite one appends `nan`, `inf` or `-inf`.
  ///   - decimals: The number of fraction digits, 0 through 9.
  ///   - trimsZeros: Whether trailing fraction zeros are dropped.
  ///   - out: The bytes to append to.
  /// - Complexity: O(digits), with no allocation beyond `out`'s growth (past `9e15` scaled
  ///   units, Swift's `description`).
  package static func appendScaled(
    _ value: Double, decimals: Int, trimsZeros: Bool, to out: inout [UInt8]
  ) {
    let decimals = min(max(decimals, 0), 9)
    guard value.isFinite else {
      out.append(contentsOf: String(describing: value).utf8)
      return
    }
    var scale: Int64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e15 else {
      out.append(contentsOf: String(describing: value).utf8)
      return
    }
    let units = Int64(scaled)
    if value < 0 && units != 0 { out.append(UInt8(ascii: "-")) }
    appendDecimal(UInt64(units / scale), to: &out)
    var fraction = UInt64(units % scale)
    var digits = decimals
    if trimsZeros {
      while digits > 0 && fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
    }
    guard digits > 0 else { return }
    out.append(UInt8(ascii: "."))
    // `digits` digits, with leading zeros: written from the right into their places.
    let start = out.count
    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var index = out.count - 1
    while index >= start {
      out[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
      fraction /= 10
      index -= 1
    }
  }

  /// Appends an integer in decimal (`-12`, `0`, `9223372036854775807`, `Int.min` in full): what
  /// `String(_:)` prints, as UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - value: The integer.
  ///   - out: The bytes to append to.
  package static func appendInteger(_ value: Int, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    appendDecimal(UInt64(value.magnitude), to: &out)
  }

  /// Appends an unsigned integer's decimal digits.
  private static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
    var value = value
    let start = out.count
    repeat {
      out.append(UInt8(ascii: "0") + UInt8(value % 10))
      value /= 10
    } while value > 0
    out[start...].reverse()
  }
}
