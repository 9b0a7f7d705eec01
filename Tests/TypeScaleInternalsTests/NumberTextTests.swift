// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleInternals
import TypeScaleMetrics

@Suite struct NumberTextTests {
  /// `shortest`: integers without `.0`, everything else as Swift's shortest description.
  @Test(arguments: [
    (17.0, "17"), (-1.0, "-1"), (-0.0, "0"), (0.5, "0.5"),
    (16.333333333333332, "16.333333333333332"),
    (1e-5, "1e-05"), (1e15, "1000000000000000.0"), (1e16, "1e+16"),
    (999_999_999_999_999.0, "999999999999999"),
    (Double.nan, "nan"), (-Double.nan, "nan"), (Double.infinity, "inf"),
    (-Double.infinity, "-inf"),
  ])
  func shortest(value: Double, text: String) {
    #expect(NumberText.shortest(value) == text)
  }

  /// `fixed` with `.exact` rounding: `printf`'s digits, ties to even on the exact binary value.
  @Test(arguments: [
    (17.0, false, "17.000"), (17.0, true, "17"), (16.3333, false, "16.333"),
    (16.3333, true, "16.333"),
    (0.0625, false, "0.062"), (0.0625, true, "0.062"), (0.1875, true, "0.188"),
    (2.5, true, "2.5"), (-0.0, false, "-0.000"), (-0.0, true, "0"), (-0.0004, false, "-0.000"),
    (-0.0004, true, "0"), (-0.0005, true, "-0.001"), (-1.25, true, "-1.25"),
    (1e20, true, "100000000000000000000"),
    (Double.nan, false, "nan"), (Double.nan, true, "nan"), (-Double.nan, true, "-nan"),
    (Double.infinity, false, "inf"), (-Double.infinity, true, "-inf"),
  ])
  func fixedExact(value: Double, trimsZeros: Bool, text: String) {
    #expect(NumberText.fixed(value, decimals: 3, trimsZeros: trimsZeros) == text)
  }

  /// `fixed` with `.scaled` rounding: the value times 10^decimals, ties away from zero.
  @Test(arguments: [
    (17.0, 4, true, "17"), (16.333333333333332, 4, true, "16.3333"),
    (0.86363636, 4, true, "0.8636"),
    (0.03125, 4, true, "0.0313"), (-0.03125, 4, true, "-0.0313"), (0.5, 0, true, "1"),
    (-0.00001, 4, true, "0"), (-0.0, 4, true, "0"), (1.5, 4, false, "1.5000"),
    (-2.0, 2, false, "-2.00"),
    (7.0, 0, false, "7"), (1e16, 4, true, "1e+16"),
    (Double.nan, 4, true, "nan"), (Double.infinity, 4, true, "inf"),
    (-Double.infinity, 2, false, "-inf"),
  ])
  func fixedScaled(value: Double, decimals: Int, trimsZeros: Bool, text: String) {
    #expect(
      NumberText.fixed(value, decimals: decimals, trimsZeros: trimsZeros, rounding: .scaled) == text
    )
  }

  /// The two roundings differ exactly on ties of the binary value: golden files keep `printf`'s.
  @Test func roundingsDifferOnTies() {
    #expect(NumberText.fixed(0.03125, decimals: 4, trimsZeros: true, rounding: .exact) == "0.0312")
    #expect(NumberText.fixed(0.03125, decimals: 4, trimsZeros: true, rounding: .scaled) == "0.0313")
  }

  /// The hand-written `.exact` shape is `printf`'s, digit for digit: every decimals count from 0
  /// through 9, over sizes, ties, tiny and huge values, subnormals and random bit patterns.
  @Test(arguments: 0...9)
  func exactMatchesPrintf(decimals: Int) {
    var values: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, 0.0625, 0.1875, 0.125, 0.05, 0.15, 0.25, 0.35, 1e-5, 17, 16.3333,
      1e20, -1e20, 1e300, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
      .leastNormalMagnitude, 0x1p31, 0x1p31 - 0.5, 0x1p52 + 1, 0x1p53, 9e15, 1234567.891,
      4.35, 2.675, 1.005, 1_000_000.0000005,
    ]
    for step in 0..<4000 { values.append(Double(step) / 1000) }  // every golden-file size
    for step in 0..<2000 { values.append(Double(step) / 64 - 10) }  // binary ties
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3000 {
      let value = Double(bitPattern: generator.next())
      if value.isFinite { values.append(value) }
      values.append(Double.random(in: -1e6...1e6, using: &generator))
      values.append(Double.random(in: -1...1, using: &generator))
    }
    for value in values {
      var bytes: [UInt8] = []
      NumberText.appendExact(value, decimals: decimals, to: &bytes)
      let printed = String(format: "%.\(decimals)f", value)
      #expect(String(decoding: bytes, as: UTF8.self) == printed, "\(value.bitPattern)")
      if String(decoding: bytes, as: UTF8.self) != printed { return }
    }
  }

  /// Hexadecimal as `String(format: "%02X")` and `"U+%04X"` print it.
  @Test(arguments: [
    (0, 2, "00"), (10, 2, "0A"), (255, 2, "FF"), (0x1F600, 2, "1F600"), (7, 4, "0007"),
  ])
  func hex(value: Int, digits: Int, text: String) {
    #expect(NumberText.hex(value, digits: digits) == text)
    #expect(NumberText.hex(value, digits: digits) == String(format: "%0\(digits)X", value))
  }

  /// Code points as Unicode writes them.
  @Test func codePoint() {
    #expect(NumberText.codePoint(UInt8(7)) == "U+0007")
    #expect(NumberText.codePoint(UInt32(0xFFFE)) == "U+FFFE")
    #expect(NumberText.codePoint(UInt32(0x1F600)) == "U+1F600")
  }
}
