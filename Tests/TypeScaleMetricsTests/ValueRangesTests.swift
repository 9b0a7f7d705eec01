// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleMetrics

/// Sizes, scaled values and display scales are checked against `ValueRanges` where the
/// metrics API takes them (issue 15, finding 12).
@Suite struct ValueRangesTests {
  @Test(arguments: [100_000.000_001, 1e6, 1e300, .greatestFiniteMagnitude])
  func designSize_overTheMaximum_throwsNamingTheRange(_ points: Double) {
    let error = #expect(throws: MetricsError.self) { try DesignSize(points) }
    #expect(error?.code == .invalidSize)
    #expect(
      error?.message
        == "design size \(MetricsError.format(points)) is not a valid point size; use a finite "
        + "number ≥ 0 and ≤ 100000 (ValueRanges.maximumPoints)")
  }

  /// A design size in range that scales past the range is refused, naming both sizes and the
  /// category; capped at the maximum, or at Large, it is accepted.
  @Test func designSize_scaledPastTheMaximum_throws() throws {
    let size: DesignSize = 40_000
    let ax5 = ContentSizeCategory.accessibilityExtraExtraExtraLarge
    let error = #expect(throws: MetricsError.self) {
      try FontMetrics.default.scaledFont(for: size, in: ax5)
    }
    let scaled = (40_000 * (try FontMetrics.default.factor(in: ax5))).rounded()
    #expect(scaled == 112_727)
    #expect(error?.code == .invalidSize)
    #expect(
      error?.message
        == "40000 pt at AX5 scales to 112727 pt; expected at most 100000 pt "
        + "(ValueRanges.maximumPoints); use a smaller size or a maximum point size")
    let capped = try FontMetrics.default.scaledFont(
      for: size, maximumPointSize: ValueRanges.maximumPoints, in: ax5)
    #expect(capped.points == ValueRanges.maximumPoints)
    #expect(try FontMetrics.default.scaledFont(for: size, in: .large).points == 40_000)
    let system = #expect(throws: MetricsError.self) {
      try FontSizing.system(.title1).resolve(60_000, in: ax5)
    }
    #expect(system?.message.hasPrefix("60000 pt at AX5 scales to ") == true)
  }

  @Test(arguments: [1e6, 1e308])
  func scaledFont_maximumOverTheRange_throws(_ maximum: Double) {
    let error = #expect(throws: MetricsError.self) {
      try FontMetrics.default.scaledFont(for: 17, maximumPointSize: maximum, in: .large)
    }
    #expect(error?.code == .invalidSize)
    #expect(error?.message.contains("≤ 100000 (ValueRanges.maximumPoints)") == true)
  }

  @Test(arguments: [0.49, 10.01, 1e308, 1e-308, .leastNonzeroMagnitude])
  func scaledValue_displayScaleOutsideTheRange_throws(_ scale: Double) {
    let error = #expect(throws: MetricsError.self) {
      try FontMetrics.default.scaledValue(for: 17, in: .large, displayScale: scale)
    }
    #expect(error?.code == .invalidDisplayScale)
    #expect(
      error?.message
        == "display scale \(MetricsError.format(scale)) is not valid; use a number of pixels per "
        + "point in 0.5…10 (ValueRanges.displayScales; 1, 2 or 3 on Apple devices)")
  }

  @Test(arguments: [0.5, 1, 3, 10])
  func scaledValue_displayScaleInTheRange_isOnItsPixelGrid(_ scale: Double) throws {
    let value = try FontMetrics.default.scaledValue(for: 17, in: .large, displayScale: scale)
    #expect(value == (17 * scale).rounded(.toNearestOrAwayFromZero) / scale)
  }

  @Test(arguments: [100_001.0, -100_001, 1e308, -1e308])
  func scaledValue_valueOverTheRange_throws(_ value: Double) {
    let error = #expect(throws: MetricsError.self) {
      try FontMetrics.default.scaledValue(for: value, in: .large, displayScale: 3)
    }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains("-100000…100000 (ValueRanges.maximumPoints)") == true)
  }

  @Test(arguments: [-0.01, -1e-9, -0.1])
  func scaledValue_tinyNegativeValue_isPositiveZero(_ value: Double) throws {
    let scaled = try FontMetrics.default.scaledValue(for: value, in: .large, displayScale: 3)
    #expect(scaled == 0)
    #expect(scaled.sign == .plus, "\(scaled) prints as -0.0")
  }

  @Test func scaledValue_extremesOfTheRanges_areFinite() throws {
    for value in [ValueRanges.maximumPoints, -ValueRanges.maximumPoints] {
      for scale in [ValueRanges.displayScales.lowerBound, ValueRanges.displayScales.upperBound] {
        let scaled = try FontMetrics.default.scaledValue(
          for: value, in: .accessibilityExtraExtraExtraLarge, displayScale: scale)
        #expect(scaled.isFinite)
      }
    }
  }
}
