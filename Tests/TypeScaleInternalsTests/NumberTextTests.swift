// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleInternals

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
}
