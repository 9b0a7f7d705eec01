// SPDX-License-Identifier: Apache-2.0

/// The one place numbers become text.
///
/// Messages, descriptions, golden files and the command line all print numbers through it. It
/// lives in TypeScaleMetrics, which depends on nothing, so that Metrics' own
/// `description`s reach it; every other module reaches it through Metrics. Pure Swift: no
/// Foundation, no `String(format:)`.
///
/// Three shapes: ``shortest(_:)`` for error messages and descriptions (the value as given,
/// integers without `.0`), ``fixed(_:decimals:trimsZeros:rounding:)`` for fixed-decimal output
/// (golden files with 3 decimals, the CLI's tables with at most 4), and ``hex(_:digits:)`` /
/// ``codePoint(_:)`` for bytes and code points in messages (`0x0A`, `U+0007`).
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
      var bytes: [UInt8] = []
      appendExact(value, decimals: decimals, to: &bytes)
      var text = String(decoding: bytes, as: UTF8.self)
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

  /// Appends what C's `printf("%.<decimals>f", value)` prints, as UTF-8 bytes: the exact binary
  /// value rounded to `decimals` fraction digits, ties to even, every integer digit written out
  /// (`1e300` prints its 301 digits), the sign kept on a negative value that rounds to zero
  /// (`-0.000`); `nan`, `-nan` (sign bit set), `inf`, `-inf`.
  ///
  /// Written by hand so that Metrics needs no Foundation; `NumberTextTests` holds it to
  /// `String(format:)` over many values.
  ///
  /// - Parameters:
  ///   - value: Any number.
  ///   - decimals: The number of fraction digits, 0 through 9.
  ///   - out: The bytes to append to.
  package static func appendExact(_ value: Double, decimals: Int, to out: inout [UInt8]) {
    let decimals = min(max(decimals, 0), 9)
    if value.sign == .minus { out.append(UInt8(ascii: "-")) }
    if value.isNaN {
      out.append(contentsOf: "nan".utf8)
      return
    }
    if value.isInfinite {
      out.append(contentsOf: "inf".utf8)
      return
    }
    let magnitude = value.magnitude
    let bits = magnitude.bitPattern
    let exponentBits = Int(bits >> 52)
    var significand = bits & ((1 << 52) - 1)
    let exponent: Int
    if exponentBits == 0 {
      exponent = -1074
    } else {
      significand |= 1 << 52
      exponent = exponentBits - 1075
    }
    var scale: UInt64 = 1
    for _ in 0..<decimals { scale *= 10 }
    // magnitude × 10^decimals = significand × scale × 2^exponent, rounded to an integer.
    var digits: [UInt8]
    if exponent < 0, magnitude < 0x1p31 {
      // The sizes TypeScale prints: the product fits in 128 bits and the result in 64.
      digits = Array(String(roundedUnits(significand, scale, shift: -exponent)).utf8)
    } else {
      var units = Digits(significand)
      units.multiply(by: scale)
      if exponent >= 0 {
        units.shiftLeft(exponent)
      } else {
        units.shiftRightRoundingToEven(-exponent)
      }
      digits = units.decimalDigits()
    }
    if digits.count <= decimals {
      digits.insert(
        contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals + 1 - digits.count), at: 0)
    }
    let point = digits.count - decimals
    out.append(contentsOf: digits[..<point])
    guard decimals > 0 else { return }
    out.append(UInt8(ascii: "."))
    out.append(contentsOf: digits[point...])
  }

  /// `significand × scale ÷ 2^shift` rounded to the nearest integer, ties to even, for a
  /// quotient below 2^63 (`significand` < 2^53, `scale` ≤ 10^9).
  private static func roundedUnits(_ significand: UInt64, _ scale: UInt64, shift: Int) -> UInt64 {
    let (high, low) = significand.multipliedFullWidth(by: scale)
    guard shift < 128 else { return 0 }  // the product is below 2^83, under half of 2^shift
    func bit(_ index: Int) -> Bool {
      index < 64 ? low >> UInt64(index) & 1 == 1 : high >> UInt64(index - 64) & 1 == 1
    }
    func anyBit(below index: Int) -> Bool {
      if index <= 0 { return false }
      if index < 64 { return low & ((1 << UInt64(index)) - 1) != 0 }
      if low != 0 { return true }
      return index > 64 && high & ((1 << UInt64(index - 64)) - 1) != 0
    }
    var quotient =
      shift >= 64
      ? high >> UInt64(shift - 64) : (low >> UInt64(shift)) | (high << UInt64(64 - shift))
    if bit(shift - 1) && (anyBit(below: shift - 1) || quotient & 1 == 1) { quotient += 1 }
    return quotient
  }

  /// An unsigned integer in upper-case hexadecimal, zero-padded to at least `digits` digits:
  /// what `String(format: "%0<digits>X", value)` prints (`0A`, `00E9`, `1F600`).
  ///
  /// - Parameters:
  ///   - value: The integer.
  ///   - digits: The fewest digits.
  /// - Returns: The digits, without a prefix.
  package static func hex(_ value: some BinaryInteger, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    let padding = digits - text.count
    return padding > 0 ? String(repeating: "0", count: padding) + text : text
  }

  /// A code point as Unicode writes it: `U+` and at least four upper-case hexadecimal digits
  /// (`U+0007`, `U+FFFE`, `U+1F600`), as `String(format: "U+%04X", value)` prints it.
  ///
  /// - Parameter value: The code point (or any byte read as one).
  /// - Returns: The text.
  package static func codePoint(_ value: some BinaryInteger) -> String {
    "U+" + hex(value, digits: 4)
  }

  /// A non-negative integer of any size, as 32-bit limbs, least significant first: what
  /// ``appendExact(_:decimals:to:)`` scales and rounds (a `Double` times 10^9 needs at most
  /// 1,054 bits).
  private struct Digits {
    var limbs: [UInt32]

    init(_ value: UInt64) {
      limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
      trim()
    }

    mutating func trim() {
      while let last = limbs.last, last == 0 { limbs.removeLast() }
    }

    /// Multiplies by `factor`, at most 10^9.
    mutating func multiply(by factor: UInt64) {
      var carry: UInt64 = 0
      for index in limbs.indices {
        let product = UInt64(limbs[index]) * factor + carry
        limbs[index] = UInt32(truncatingIfNeeded: product)
        carry = product >> 32
      }
      while carry > 0 {
        limbs.append(UInt32(truncatingIfNeeded: carry))
        carry >>= 32
      }
    }

    /// Multiplies by 2^count.
    mutating func shiftLeft(_ count: Int) {
      guard !limbs.isEmpty else { return }
      let whole = count / 32
      let part = UInt32(count % 32)
      if part > 0 {
        var carry: UInt32 = 0
        for index in limbs.indices {
          let limb = limbs[index]
          limbs[index] = (limb << part) | carry
          carry = limb >> (32 - part)
        }
        if carry > 0 { limbs.append(carry) }
      }
      limbs.insert(contentsOf: repeatElement(0, count: whole), at: 0)
    }

    /// Whether bit `index` is set.
    func bit(_ index: Int) -> Bool {
      let limb = index / 32
      guard limb < limbs.count else { return false }
      return limbs[limb] >> UInt32(index % 32) & 1 == 1
    }

    /// Whether any bit below `index` is set.
    func anyBit(below index: Int) -> Bool {
      let whole = min(index / 32, limbs.count)
      if limbs[..<whole].contains(where: { $0 != 0 }) { return true }
      guard whole < limbs.count, index % 32 > 0 else { return false }
      return limbs[whole] & ((1 << UInt32(index % 32)) - 1) != 0
    }

    /// Divides by 2^count, rounding to the nearest integer, ties to even.
    mutating func shiftRightRoundingToEven(_ count: Int) {
      let half = bit(count - 1)
      let below = count > 1 && anyBit(below: count - 1)
      let whole = count / 32
      guard whole < limbs.count else {
        limbs = []
        return
      }
      limbs.removeFirst(whole)
      let part = UInt32(count % 32)
      if part > 0 {
        for index in limbs.indices {
          let next = index + 1 < limbs.count ? limbs[index + 1] : 0
          limbs[index] = (limbs[index] >> part) | (next << (32 - part))
        }
      }
      trim()
      if half && (below || bit(0)) { addOne() }
    }

    mutating func addOne() {
      for index in limbs.indices {
        if limbs[index] != .max {
          limbs[index] += 1
          return
        }
        limbs[index] = 0
      }
      limbs.append(1)
    }

    /// The decimal digits, most significant first, as ASCII; `0` for zero.
    func decimalDigits() -> [UInt8] {
      var rest = limbs
      var chunks: [UInt32] = []
      while !rest.isEmpty {
        var remainder: UInt64 = 0
        for index in rest.indices.reversed() {
          let current = remainder << 32 | UInt64(rest[index])
          rest[index] = UInt32(current / 1_000_000_000)
          remainder = current % 1_000_000_000
        }
        chunks.append(UInt32(remainder))
        while let last = rest.last, last == 0 { rest.removeLast() }
      }
      var out: [UInt8] = []
      for (position, chunk) in chunks.reversed().enumerated() {
        var text = Array(String(chunk).utf8)
        if position > 0 {
          text.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: 9 - text.count), at: 0)
        }
        out.append(contentsOf: text)
      }
      return out.isEmpty ? [UInt8(ascii: "0")] : out
    }
  }
}
