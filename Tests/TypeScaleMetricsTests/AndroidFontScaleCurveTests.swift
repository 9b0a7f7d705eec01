// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleMetrics

// Every expected number below is copied from, or derived by hand from, the Dynamic Type
// reference §5.1 (tables, thresholds, the Wear OS measurements); none is computed by the code
// under test.

private typealias Release = AndroidFontScaleCurve.Release

/// Whether `actual` is within 1e-6 relative (a few `Float` ulps: Android computes in single
/// precision, and so does the curve) of `expected`.
private func isClose(_ actual: Double, _ expected: Double) -> Bool {
  abs(actual - expected) <= 1e-6 * max(abs(expected), 1)
}

/// The `Float` Android holds for a decimal value, widened: what exact table reads return.
private func float(_ value: Double) -> Double { Double(Float(value)) }

/// Whether two arrays have the same length and are pairwise close.
private func isClose(_ actual: [Double], _ expected: [Double]) -> Bool {
  actual.count == expected.count && zip(actual, expected).allSatisfy { isClose($0, $1) }
}

private let commonFromSp: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

/// One published lookup table of one release.
struct AndroidTableCase: Sendable, CustomTestStringConvertible {
  let release: AndroidFontScaleCurve.Release
  let fontScale: Double
  let toDp: [Double]

  var testDescription: String { "\(release.rawValue) @ \(fontScale)" }
}

private let android14Tables: [(Double, [Double])] = [
  (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
  (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
  (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
  (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
  (2.0, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
]

private let vendorExtraTables: [(Double, [Double])] = [
  (1.05, [8.4, 10.5, 12.6, 14.8, 18.6, 20.6, 24.4, 30, 100]),
  (1.1, [8.8, 11, 13.2, 15.6, 19.2, 21.2, 24.8, 30, 100]),
  (1.2, [9.6, 12, 14.4, 17.2, 20.4, 22.4, 25.6, 30, 100]),
]

private let allTableCases: [AndroidTableCase] =
  [Release.android14, .android14QPR, .jetpackCompose].flatMap { release in
    android14Tables.map { AndroidTableCase(release: release, fontScale: $0.0, toDp: $0.1) }
  }
  + (android14Tables + vendorExtraTables).map {
    AndroidTableCase(release: .vendorExtended, fontScale: $0.0, toDp: $0.1)
  }

@Suite("AndroidFontScaleCurve")
struct AndroidFontScaleCurveTests {
  // MARK: Measured values

  /// S15: Wear OS 5 emulator, density 2.0, font scale 1.24 — sp → px.
  static let wearOSMeasured: [(sp: Double, px: Double)] = [
    (12, 29.76), (13, 32.72), (14, 35.68), (16, 38.72), (19, 43.76),
  ]

  @Test(
    "Wear OS measurements at font scale 1.24 (density 2)",
    arguments: Release.allCases, wearOSMeasured)
  func androidCurve_wearOSMeasured(
    release: AndroidFontScaleCurve.Release, sample: (sp: Double, px: Double)
  ) throws {
    let curve = try AndroidFontScaleCurve(fontScale: 1.24, release: release)
    let density = 2.0
    #expect(curve.isNonLinear)
    #expect(isClose(curve.scale(sample.sp), sample.px / density))
    #expect(isClose(curve.scale(sample.sp) * density, sample.px))
    #expect(isClose(curve.unscale(sample.px / density), sample.sp))
  }

  @Test("Wear OS measurements differ from linear scaling")
  func androidCurve_wearOSMeasuredIsNotLinear() throws {
    let curve = try AndroidFontScaleCurve(fontScale: 1.24)
    // Reference: linear would be 34.72 px and 47.12 px for 14 sp and 19 sp.
    #expect(isClose(14 * 1.24 * 2, 34.72))
    #expect(isClose(19 * 1.24 * 2, 47.12))
    #expect(!isClose(curve.scale(14) * 2, 34.72))
    #expect(!isClose(curve.scale(19) * 2, 47.12))
    // The reference's worked example: 16.4 + 0.6 × 2.4 = 17.84 dp.
    #expect(isClose(curve.scale(14), 17.84))
  }

  @Test("The interpolated table at 1.24 is 60 % of the way from 1.15 to 1.3")
  func androidCurve_interpolatedTableAt124() throws {
    let curve = try AndroidFontScaleCurve(fontScale: 1.24)
    #expect(curve.fromSp == commonFromSp)
    let expected: [Double] = [9.92, 12.4, 14.88, 17.84, 20.88, 22.88, 25.92, 30, 100]
    #expect(isClose(curve.toDp, expected))
  }

  // MARK: Exact tables

  @Test("Every published table is used as is at its own scale", arguments: allTableCases)
  func androidCurve_exactTables(_ table: AndroidTableCase) throws {
    let curve = try AndroidFontScaleCurve(fontScale: table.fontScale, release: table.release)
    #expect(curve.isNonLinear)
    #expect(curve.fromSp == commonFromSp)
    #expect(curve.toDp == table.toDp.map(float))
    for (sp, dp) in zip(commonFromSp, table.toDp) {
      #expect(curve.scale(sp) == float(dp), "scale(\(sp))")
      #expect(curve.unscale(dp) == sp, "unscale(\(dp))")
      #expect(curve.scale(-sp) == -float(dp), "scale(-\(sp))")
    }
  }

  @Test("Each release ships the documented number of tables")
  func androidCurve_tableCounts() {
    #expect(Release.android14.tables.map(\.key) == [115, 130, 150, 180, 200])
    #expect(Release.android14QPR.tables.map(\.key) == [115, 130, 150, 180, 200])
    #expect(Release.jetpackCompose.tables.map(\.key) == [115, 130, 150, 180, 200])
    // The vendor's 1.05 table is put under (int) (1.05f * 100) = 104, as Android stores it.
    #expect(
      Release.vendorExtended.tables.map(\.key) == [104, 110, 115, 120, 130, 150, 180, 200])
  }

  // MARK: Points of one table

  @Test(
    "Below the first point the curve runs straight from (0, 0)",
    arguments: [
      (1.3, 4.0, 5.2),  // 10.4 / 8 × 4
      (2.0, 1.0, 2.0),  // 16 / 8 × 1
      (1.5, 6.0, 9.0),  // 12 / 8 × 6
      (1.15, 0.0, 0.0),
    ])
  func androidCurve_belowFirstPoint(fontScale: Double, sp: Double, dp: Double) throws {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale)
    #expect(isClose(curve.scale(sp), dp))
    #expect(isClose(curve.unscale(dp), sp))
  }

  @Test(
    "Between points the curve interpolates linearly",
    arguments: [
      (1.5, 16.0, 23.0),  // halfway between 14 → 22 and 18 → 24
      (1.3, 11.0, 14.3),  // halfway between 10 → 13 and 12 → 15.6
      (2.0, 65.0, 69.0),  // halfway between 30 → 38 and 100 → 100
      (1.8, 27.0, 33.8),  // halfway between 24 → 32.8 and 30 → 34.8
      (1.15, 9.0, 10.35),  // halfway between 8 → 9.2 and 10 → 11.5
    ])
  func androidCurve_betweenPoints(fontScale: Double, sp: Double, dp: Double) throws {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale)
    #expect(isClose(curve.scale(sp), dp))
    #expect(isClose(curve.unscale(dp), sp))
  }

  @Test(
    "Above the last point the curve scales by the last pair's ratio",
    arguments: [1.15, 1.3, 1.5, 1.8, 2.0])
  func androidCurve_aboveLastPoint(fontScale: Double) throws {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale)
    // The last pair of every table is 100 → 100: large text is unscaled.
    #expect(curve.scale(150) == 150)
    #expect(curve.scale(1000) == 1000)
    #expect(curve.unscale(250) == 250)
    #expect(curve.scale(-150) == -150)
  }

  @Test("At 1.5 a 30 sp text stays 30 dp; at 2.0 an 8 sp text doubles")
  func androidCurve_referenceObservations() throws {
    #expect(try AndroidFontScaleCurve(fontScale: 1.5).scale(30) == 30)
    #expect(try AndroidFontScaleCurve(fontScale: 2).scale(8) == 16)
    // The 30 → 100 sp segment is identity at every scale ≤ 1.5.
    for fontScale in [1.15, 1.24, 1.3, 1.4, 1.5] {
      let curve = try AndroidFontScaleCurve(fontScale: fontScale)
      #expect(isClose(curve.scale(65), 65), "at \(fontScale)")
    }
  }

  // MARK: Interpolated tables

  @Test(
    "Between two tables each dp entry is interpolated",
    arguments: [
      AndroidTableCase(
        release: .android14QPR, fontScale: 1.4,
        toDp: [11.2, 14, 16.8, 20.4, 22.8, 24.8, 27.2, 30, 100]),
      AndroidTableCase(
        release: .android14QPR, fontScale: 1.65,
        toDp: [13.2, 16.5, 19.8, 23.2, 25.8, 28.4, 30.4, 32.4, 100]),
      AndroidTableCase(
        release: .android14QPR, fontScale: 1.9,
        toDp: [15.2, 19, 22.8, 25.2, 28.8, 32.4, 34.4, 36.4, 100]),
      AndroidTableCase(
        release: .vendorExtended, fontScale: 1.25,
        toDp: [10, 12.5, 15, 18, 21, 23, 26, 30, 100]),
      // The 1.05 table sits at key 104, so 1.075 is 35/60 of the way from 1.04 to 1.1.
      AndroidTableCase(
        release: .vendorExtended, fontScale: 1.075,
        toDp: [
          8.4 + 0.4 * 35 / 60, 10.5 + 0.5 * 35 / 60, 12.6 + 0.6 * 35 / 60, 14.8 + 0.8 * 35 / 60,
          18.6 + 0.6 * 35 / 60, 20.6 + 0.6 * 35 / 60, 24.4 + 0.4 * 35 / 60, 30, 100,
        ]),
      // Compose interpolates from the identity table at 1.0 up to the 1.15 table.
      AndroidTableCase(
        release: .jetpackCompose, fontScale: 1.1,
        toDp: [8.8, 11, 13.2, 15.6, 19.2, 21.2, 24.8, 30, 100]),
      AndroidTableCase(
        release: .jetpackCompose, fontScale: 1.03,
        toDp: [8.24, 10.3, 12.36, 14.48, 18.36, 20.36, 24.24, 30, 100]),
    ])
  func androidCurve_interpolatedTables(_ table: AndroidTableCase) throws {
    let curve = try AndroidFontScaleCurve(fontScale: table.fontScale, release: table.release)
    #expect(curve.isNonLinear)
    #expect(curve.fromSp == commonFromSp)
    #expect(isClose(curve.toDp, table.toDp), "\(curve.toDp)")
  }

  @Test(
    "The table key is Int(fontScale × 100): a scale within its key's hundredth uses that table",
    arguments: [(1.15, 1.15), (1.159, 1.15), (1.3, 1.3), (1.309, 1.3), (2.005, 2.0)])
  func androidCurve_tableKeyTruncates(fontScale: Double, tableScale: Double) throws {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale)
    let expected = try #require(android14Tables.first { $0.0 == tableScale }).1
    #expect(curve.toDp == expected.map(float))
  }

  @Test("The key is (int) (fontScale * 100f) in single precision, as Android computes it")
  func androidCurve_keyOfDecimalScales() {
    // android.md §1.3 (checked with numpy): float keys keep 1.15, 1.3 and 1.8 on their own
    // hundredth (a Double product would give 114, 129, 179) but truncate 1.05 to 104.
    #expect(AndroidFontScaleCurve.key(forScale: 1.15) == 115)
    #expect(AndroidFontScaleCurve.key(forScale: 1.3) == 130)
    #expect(AndroidFontScaleCurve.key(forScale: 1.8) == 180)
    #expect(Int(Double(Float(1.15)) * 100) == 114)
    #expect(AndroidFontScaleCurve.key(forScale: 1.13) == 113)
    #expect(AndroidFontScaleCurve.key(forScale: 1.05) == 104)
    #expect(AndroidFontScaleCurve.key(forScale: 1.24) == 124)
    #expect(AndroidFontScaleCurve.key(forScale: 1.2399) == 123)
    #expect(AndroidFontScaleCurve.key(forScale: 1e300) > 200)
  }

  // MARK: Above 2.0

  @Test(
    "Above the largest table every release scales linearly",
    arguments: Release.allCases, [2.01, 2.5, 3.0, 10.0])
  func androidCurve_aboveLargestTable(release: AndroidFontScaleCurve.Release, fontScale: Double)
    throws
  {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale, release: release)
    #expect(curve.isNonLinear)
    #expect(curve.fromSp == [1])
    #expect(curve.toDp == [float(fontScale)])
    for sp in [0.5, 8, 14, 30, 100, 200] {
      #expect(isClose(curve.scale(sp), sp * fontScale), "scale(\(sp))")
      #expect(isClose(curve.unscale(sp * fontScale), sp), "unscale(\(sp * fontScale))")
    }
  }

  @Test("Just above 2.0 large text jumps from unscaled to linear")
  func androidCurve_discontinuityAbove2() throws {
    #expect(try AndroidFontScaleCurve(fontScale: 2.0).scale(100) == 100)
    #expect(isClose(try AndroidFontScaleCurve(fontScale: 2.5).scale(100), 250))
    #expect(isClose(try AndroidFontScaleCurve(fontScale: 2.5).scale(8), 20))
  }

  // MARK: Thresholds

  @Test(
    "Each release's threshold for non-linear scaling",
    arguments: [
      (Release.android14, 0.85, false), (.android14, 1.0, false), (.android14, 1.01, true),
      (.android14, 1.1, true), (.android14, 1.15, true),
      (.android14QPR, 1.0, false), (.android14QPR, 1.1, false), (.android14QPR, 1.12, false),
      (.android14QPR, 1.129, false), (.android14QPR, 1.13, true), (.android14QPR, 1.14, true),
      // The vendor's first key is 104: 1.04f − 0.01f = 1.03.
      (.vendorExtended, 1.0, false), (.vendorExtended, 1.02, false),
      (.vendorExtended, 1.029, false), (.vendorExtended, 1.03, true),
      (.vendorExtended, 1.04, true), (.vendorExtended, 1.1, true),
      (.jetpackCompose, 1.0, false), (.jetpackCompose, 1.02, false),
      (.jetpackCompose, 1.029, false), (.jetpackCompose, 1.03, true),
      (.jetpackCompose, 1.1, true),
    ])
  func androidCurve_threshold(
    release: AndroidFontScaleCurve.Release, fontScale: Double, nonLinear: Bool
  ) throws {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale, release: release)
    #expect(curve.isNonLinear == nonLinear)
    #expect(curve.fromSp.isEmpty == !nonLinear)
    #expect(curve.toDp.count == curve.fromSp.count)
  }

  @Test(
    "Below the threshold the curve multiplies by the font scale",
    arguments: Release.allCases, [0.5, 0.85, 1.0])
  func androidCurve_linearBelowThreshold(release: AndroidFontScaleCurve.Release, fontScale: Double)
    throws
  {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale, release: release)
    #expect(!curve.isNonLinear)
    #expect(curve.fromSp.isEmpty && curve.toDp.isEmpty)
    for sp in [8.0, 14, 30, 100] {
      #expect(curve.scale(sp) == Double(Float(sp) * Float(fontScale)))
      #expect(curve.unscale(sp) == Double(Float(sp) / Float(fontScale)))
    }
  }

  @Test("1.1 is linear in the later AOSP release but non-linear on the vendor platform")
  func androidCurve_thresholdAt11() throws {
    let aosp = try AndroidFontScaleCurve(fontScale: 1.1, release: .android14QPR)
    let vendor = try AndroidFontScaleCurve(fontScale: 1.1, release: .vendorExtended)
    #expect(!aosp.isNonLinear)
    #expect(isClose(aosp.scale(14), 15.4))
    #expect(vendor.isNonLinear)
    #expect(vendor.scale(14) == float(15.6))
    #expect(vendor.scale(30) == 30)
    #expect(aosp != vendor)
  }

  @Test(
    "Between the threshold and the first table the platform uses the linear table",
    arguments: [
      (Release.android14, 1.01), (.android14, 1.1), (.android14, 1.149),
      (.android14QPR, 1.13), (.android14QPR, 1.14),
      (.vendorExtended, 1.03), (.vendorExtended, 1.035),
    ])
  func androidCurve_linearTableBelowFirstTable(
    release: AndroidFontScaleCurve.Release, fontScale: Double
  ) throws {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale, release: release)
    #expect(curve.isNonLinear)
    #expect(curve.fromSp == [1])
    #expect(curve.toDp == [float(fontScale)])
    #expect(isClose(curve.scale(14), 14 * fontScale))
    #expect(isClose(curve.scale(100), 100 * fontScale))
  }

  // MARK: Symmetry and inverse

  static let roundTripScales: [Double] = [0.85, 1, 1.03, 1.1, 1.14, 1.15, 1.24, 1.3, 1.65, 2, 2.5]
  static let roundTripSizes: [Double] = [0, 0.5, 7.5, 8, 11, 14, 17, 24, 30, 64, 100, 250]

  @Test("scale and unscale keep the sign", arguments: Release.allCases, roundTripScales)
  func androidCurve_signSymmetry(release: AndroidFontScaleCurve.Release, fontScale: Double) throws {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale, release: release)
    for value in Self.roundTripSizes {
      #expect(curve.scale(-value) == -curve.scale(value), "scale(-\(value))")
      #expect(curve.unscale(-value) == -curve.unscale(value), "unscale(-\(value))")
    }
    #expect(curve.scale(-0.0).sign == .minus)
    #expect(curve.scale(0) == 0)
  }

  @Test("unscale inverts scale", arguments: Release.allCases, roundTripScales)
  func androidCurve_roundTrip(release: AndroidFontScaleCurve.Release, fontScale: Double) throws {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale, release: release)
    for sp in Self.roundTripSizes {
      #expect(isClose(curve.unscale(curve.scale(sp)), sp), "sp \(sp)")
      #expect(isClose(curve.scale(curve.unscale(sp)), sp), "dp \(sp)")
    }
  }

  @Test("The curve increases with the size", arguments: Release.allCases, roundTripScales)
  func androidCurve_monotonic(release: AndroidFontScaleCurve.Release, fontScale: Double) throws {
    let curve = try AndroidFontScaleCurve(fontScale: fontScale, release: release)
    let sizes = stride(from: 0.5, through: 120, by: 0.5).map { $0 }
    let scaled = sizes.map(curve.scale)
    #expect(zip(scaled, scaled.dropFirst()).allSatisfy { $0 < $1 })
  }

  // MARK: Errors and API

  @Test(
    "Invalid font scales throw invalidFontScale naming the value",
    arguments: [
      (0.0, "0"), (-1.0, "-1"), (-0.5, "-0.5"), (Double.nan, "nan"),
      (Double.infinity, "inf"), (-Double.infinity, "-inf"),
    ])
  func androidCurve_invalidScale(fontScale: Double, text: String) {
    for release in Release.allCases {
      let error = #expect(throws: MetricsError.self) {
        try AndroidFontScaleCurve(fontScale: fontScale, release: release)
      }
      #expect(error?.code == .invalidFontScale)
      #expect(error?.message.contains(" \(text) ") == true, "\(error?.message ?? "")")
      #expect(error?.message.contains("> 0") == true)
    }
  }

  @Test("The default release is the later AOSP implementation")
  func androidCurve_defaultRelease() throws {
    let curve = try AndroidFontScaleCurve(fontScale: 1.3)
    #expect(curve.release == .android14QPR)
    #expect(curve.fontScale == 1.3)
    #expect(Release.allCases.count == 4)
    for release in Release.allCases {
      #expect(Release(rawValue: release.rawValue) == release)
    }
  }

  @Test("The curve works behind the ScalingCurve protocol and compares by value")
  func androidCurve_protocolAndHashable() throws {
    let curves: [any ScalingCurve] = [
      try AndroidFontScaleCurve(fontScale: 1.3), try LinearScalingCurve(factor: 1.3),
    ]
    let scaled = curves.map { $0.scale(14) }
    #expect(scaled.count == 2)
    #expect(isClose(scaled[0], 18.8))
    #expect(isClose(scaled[1], 18.2))
    let a = try AndroidFontScaleCurve(fontScale: 1.24)
    let b = try AndroidFontScaleCurve(fontScale: 1.24, release: .android14QPR)
    let c = try AndroidFontScaleCurve(fontScale: 1.3)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != c)
    #expect(Set([a, b, c]).count == 2)
  }
}
