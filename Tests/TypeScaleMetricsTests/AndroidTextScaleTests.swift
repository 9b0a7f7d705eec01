// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleMetrics

// Expected values come from the AOSP tables and the worked table in the Android reference
// (android.md §1.4, re-derived by hand from the tables), never from the code under test.

/// Whether `actual` is within `tolerance` of `expected`.
private func near(_ actual: Double, _ expected: Double, _ tolerance: Double = 1e-5) -> Bool {
  abs(actual - expected) <= tolerance
}

/// One row of android.md §1.4: dp for each `sp` at one font scale (Views, Android 14+).
struct AndroidWorkedRow: Sendable, CustomTestStringConvertible {
  let fontScale: Double
  let dp: [Double]
  var testDescription: String { "\(fontScale)" }
}

@Suite("AndroidTextScale")
struct AndroidTextScaleTests {
  static let workedSp: [Double] = [5, 11, 12, 14, 16, 22, 28, 36, 45, 57]
  static let worked: [AndroidWorkedRow] = [
    .init(fontScale: 1.15, dp: [5.75, 12.65, 13.8, 16.4, 18.1, 23.5, 28.4, 36, 45, 57]),
    .init(fontScale: 1.3, dp: [6.5, 14.3, 15.6, 18.8, 20.2, 25.0, 28.8, 36, 45, 57]),
    .init(fontScale: 1.4, dp: [7.0, 15.4, 16.8, 20.4, 21.6, 26.0, 29.067, 36, 45, 57]),
    .init(fontScale: 1.5, dp: [7.5, 16.5, 18, 22, 23, 27, 29.333, 36, 45, 57]),
    .init(
      fontScale: 1.8, dp: [9.0, 19.8, 21.6, 24.4, 26.0, 31.8, 34.133, 40.389, 48.771, 59.949]),
    .init(fontScale: 2.0, dp: [10, 22, 24, 26, 28, 35, 37.333, 43.314, 51.286, 61.914]),
    .init(fontScale: 2.2, dp: [11, 24.2, 26.4, 30.8, 35.2, 48.4, 61.6, 79.2, 99, 125.4]),
  ]

  @Test("The reference's worked table (android.md §1.4), View on Android 14+", arguments: worked)
  func androidTextScale_workedTable(_ row: AndroidWorkedRow) throws {
    for (sp, dp) in zip(Self.workedSp, row.dp) {
      let scale = try AndroidTextScale(textSize: try DesignSize(sp))
      let size = try scale.size(at: row.fontScale)
      // The table gives three decimals.
      #expect(near(size.dp, dp, 5e-4), "\(sp) sp at \(row.fontScale): \(size.dp)")
      // Every value is a float widened, as Android computes it.
      #expect(Double(Float(size.dp)) == size.dp)
    }
  }

  @Test(
    "Issue 36's values: dp and View px at 2.625",
    arguments: [
      (14.0, 2.0, 26.0, 68.0),  // 26 × 2.625 = 68.25
      (14.0, 1.3, 18.8, 49.0),  // 18.8 × 2.625 = 49.35
      (16.0, 1.3, 20.2, 53.0),  // 53.025
      (28.0, 1.8, 34.133_333, 90.0),  // 89.6
      (14.0, 1.0, 14.0, 37.0),  // 36.75
      (14.0, 0.85, 11.9, 31.0),  // 31.2375
    ])
  func androidTextScale_issueValues(sp: Double, fontScale: Double, dp: Double, px: Double)
    throws
  {
    let scale = try AndroidTextScale(textSize: try DesignSize(sp))
    let size = try scale.size(at: fontScale)
    #expect(near(size.dp, dp, 1e-4), "\(size.dp)")
    #expect(size.px == px)
    #expect(near(size.points, px / 2.625))
    #expect(size.sp.points == sp)
    #expect(size.fontScale == fontScale)
    #expect(size.toolkit == .view)
    #expect(size.density == .phone420)
  }

  @Test("Exact table points are Android's float values")
  func androidTextScale_tablePointsAreFloats() throws {
    let size = try AndroidTextScale(textSize: 14).size(at: 1.3)
    #expect(size.dp == Double(Float(18.8)))
    #expect(size.dp != 18.8)
    #expect(try AndroidTextScale(textSize: 14).size(at: 2).dp == 26)
  }

  @Test("Android 13 Views scale linearly: 14 sp at 1.3 is 18.2 dp")
  func androidTextScale_android13Linear() throws {
    let scale = try AndroidTextScale(textSize: 14, version: .android13)
    let size = try scale.size(at: 1.3)
    #expect(near(size.dp, 18.2))
    // px = sp × scaledDensity = 14 × (2.625 × 1.3) = 47.775 → 48.
    #expect(size.px == 48)
    #expect(near(try scale.size(at: 1.15).dp, 16.1))
    #expect(scale.steps == [0.85, 1, 1.15, 1.3])
  }

  @Test("Compose is non-linear even on Android 13: at 1.1, 14 sp is 15.6 dp, not 15.4")
  func androidTextScale_composeOnAndroid13() throws {
    let compose = try AndroidTextScale(textSize: 14, version: .android13, toolkit: .compose)
    let view = try AndroidTextScale(textSize: 14, version: .android13, toolkit: .view)
    let composed = try compose.size(at: 1.1)
    let viewed = try view.size(at: 1.1)
    // Compose interpolates from the identity table at 1.0 to the 1.15 table: 14 + 2.4 × 2/3.
    #expect(near(composed.dp, 15.6))
    #expect(near(viewed.dp, 15.4))
    #expect(composed.dp != viewed.dp)
    // Compose keeps float pixels: 15.6 × 2.625 = 40.95.
    #expect(near(composed.px, 40.95, 1e-4))
    #expect(viewed.px == 40)  // 40.425 rounded
  }

  @Test("Compose keeps float pixels; a View rounds them as getDimensionPixelSize")
  func androidTextScale_composeFloatPixels() throws {
    let compose = try AndroidTextScale(textSize: 14, toolkit: .compose)
    let size = try compose.size(at: 1.3)
    #expect(near(size.px, 49.35, 1e-4))
    #expect(near(size.points, 18.8))
    #expect(Double(Float(size.px)) == size.px)
    // Below Compose's 1.03 it scales linearly as TextUnit.toPx(): (sp × fontScale) × density.
    let linear = try compose.size(at: 1.02)
    #expect(linear.px == Double(Float(14) * Float(1.02) * Float(2.625)))
    // At 1.1 on Android 14 the platform is linear (below 1.13), Compose is not.
    #expect(near(try compose.size(at: 1.1).dp, 15.6))
    #expect(near(try AndroidTextScale(textSize: 14).size(at: 1.1).dp, 15.4))
  }

  @Test(
    "View pixel rounding: (int) (f + 0.5f), and 1 px for a non-zero size that rounds to 0",
    arguments: [
      (0.0, 1.0, 0.0), (0.1, 1.0, 1.0), (0.4, 1.0, 1.0), (0.5, 1.0, 1.0), (1.4, 1.0, 1.0),
      (1.5, 1.0, 2.0), (2.5, 1.0, 3.0), (10.0, 1.5, 15.0), (7.0, 1.5, 11.0),
    ])
  func androidTextScale_pixelRounding(sp: Double, density: Double, px: Double) throws {
    let scale = try AndroidTextScale(
      textSize: try DesignSize(sp), density: try AndroidDensity(density))
    #expect(try scale.size(at: 1).px == px)
  }

  @Test("Steps default to the release's Settings values, sorted and deduplicated otherwise")
  func androidTextScale_steps() throws {
    #expect(try AndroidTextScale(textSize: 14).steps == [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2])
    #expect(
      try AndroidTextScale(textSize: 14, version: .android13).steps == [0.85, 1, 1.15, 1.3])
    let custom = try AndroidTextScale(textSize: 14, fontScales: [2, 1.3, 1, 1.3])
    #expect(custom.steps == [1, 1.3, 2])
    // A scale off the list is computed on the spot, with the same rules.
    #expect(near(try custom.size(at: 1.4).dp, 20.4))
    #expect(try custom.size(at: 1.3) == AndroidTextScale(textSize: 14).size(at: 1.3))
  }

  @Test("Font scales outside 0.5…4 and too many scales are refused before any work")
  func androidTextScale_limits() throws {
    for bad in [0.0, 0.4, 4.5, -1, .nan, .infinity] {
      let error = #expect(throws: MetricsError.self) {
        try AndroidTextScale(textSize: 14, fontScales: [1, bad])
      }
      #expect(error?.code == .invalidFontScale)
      #expect(error?.message.contains("0.5…4") == true, "\(error?.message ?? "")")
    }
    let many = (0..<65).map { 1 + Double($0) / 100 }
    let error = #expect(throws: MetricsError.self) {
      try AndroidTextScale(textSize: 14, fontScales: many)
    }
    #expect(error?.message.contains("65") == true)
    #expect(error?.message.contains("64") == true)
    #expect(throws: MetricsError.self) { try AndroidTextScale(textSize: 14).size(at: 9) }
  }

  @Test("A sweep goes through SizeScale: points are px over density")
  func androidTextScale_isASizeScale() throws {
    func points(_ scale: some SizeScale) throws -> [Double] {
      try scale.steps.map { step throws in try scale.size(at: step).points }
    }
    let scale = try AndroidTextScale(textSize: 14, fontScales: [1, 1.3, 2])
    let values = try points(scale)
    #expect(values.count == 3)
    #expect(near(values[0], 37 / 2.625))
    #expect(near(values[1], 49 / 2.625))
    #expect(near(values[2], 68 / 2.625))
  }

  // MARK: Line heights

  @Test(
    "View line height stays proportional under non-linear scaling (CTS TextViewFontScalingTest)")
  func androidTextScale_viewLineHeightProportional() throws {
    // 20 sp text at 2.0: 34 dp, 89.25 → 89 px. Its sp read back from 89 px is 19.952; the
    // 40 sp line height is 89 × 40 / 19.952 = 178.42 → 178 px. CTS accepts ±5 px around
    // (40 / 20) × 89.25 = 178.5.
    let scale = try AndroidTextScale(textSize: 20)
    #expect(try scale.size(at: 2).px == 89)
    let line = try scale.lineHeight(sp: 40, at: 2)
    #expect(line.px == 178)
    #expect(near(line.dp, 178.424_8 / 2.625, 1e-3))
    #expect(abs(line.px - 2 * 89.25) <= 5)
    // A plain conversion would give far less: 40 sp → 38 + 10 × 8/70 = 39.14 dp, 103 px.
    #expect(line.px > 150)
    #expect(line.sp == 40)
  }

  @Test("Material 3 bodyLarge (16/24 sp) at 2.0 keeps its 1.5 ratio in a View")
  func androidTextScale_bodyLargeLineHeight() throws {
    // Text: 28 dp → 73.5 → 74 px; sp read back = 16.190; line = 74 × 24 / 16.190 = 109.69.
    let scale = try AndroidTextScale(textSize: 16)
    #expect(try scale.size(at: 2).px == 74)
    #expect(try scale.lineHeight(sp: 24, at: 2).px == 110)
  }

  @Test("The catalog's example: labelLarge (14/20 sp) at 2.0 in a View")
  func androidTextScale_labelLargeExample() throws {
    // Text 26 dp → 68 px, read back as 13.905 sp; line = 68 × 20 / 13.905 = 97.81 → 98.
    let label = try MaterialTextAppearance(parsing: "labelLarge")
    let scale = try AndroidTextScale(textSize: label.textSize)
    #expect(try scale.size(at: 2).px == 68)
    #expect(try scale.lineHeight(sp: try DesignSize(#require(label.lineHeightSp)), at: 2).px == 98)
  }

  @Test("Where scaling is linear, a line height is applyDimension(SP, value)")
  func androidTextScale_linearLineHeight() throws {
    // Android 13: 40 × 2.625 × 1.3 = 136.5 → 137.
    let old = try AndroidTextScale(textSize: 20, version: .android13)
    #expect(try old.lineHeight(sp: 40, at: 1.3).px == 137)
    // Font scale 1 on Android 14: 40 × 2.625 = 105.
    #expect(try AndroidTextScale(textSize: 20).lineHeight(sp: 40, at: 1).px == 105)
  }

  @Test("Compose: proportional above 1.05, its own curve below")
  func androidTextScale_composeLineHeight() throws {
    let scale = try AndroidTextScale(textSize: 20, toolkit: .compose)
    // 1.3: text 23.6 dp = 61.95 px, read back as 20 sp; line = 2 × 61.95 = 123.9 px.
    let line = try scale.lineHeight(sp: 40, at: 1.3)
    #expect(near(line.px, 123.9, 1e-3))
    // 1.04: Compose's curve is active (≥ 1.03) but line heights are not proportional
    // (fontScale > 1.05 is false): 40 sp is past 30, where the curve is identity: 105 px.
    let low = try scale.lineHeight(sp: 40, at: 1.04)
    #expect(near(low.px, 105, 1e-4))
    // Float(1.05) is 1.0499999523, not above 1.05: still not proportional.
    #expect(near(try scale.lineHeight(sp: 40, at: 1.05).px, 105, 1e-4))
    let text = try scale.size(at: 1.04)
    #expect(low.px / text.px < 1.97)  // the ratio 2 is compressed
  }
}
