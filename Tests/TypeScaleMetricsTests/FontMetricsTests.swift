// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleMetrics

/// Rows of reference/dynamic-type.md §4.5 (the worked examples for body metrics), xS … AX5.
private let bodyScaledFont17: [Double] = [15, 15, 16, 17, 19, 20, 22, 26, 31, 37, 43, 48]
private let bodyScaledFont20: [Double] = [17, 18, 19, 20, 22, 24, 26, 31, 36, 44, 51, 56]
private let bodyScaledFont16: [Double] = [14, 15, 15, 16, 17, 19, 21, 25, 29, 35, 41, 45]
private let bodyScaledValue17At3x: [Double] = [
  14.667, 15.333, 16.333, 17, 18.667, 20, 22.333, 26.333, 31, 37, 43.333, 48,
]
private let bodyScaledValue17At2x: [Double] = [
  14.5, 15.5, 16, 17, 18.5, 20, 22.5, 26.5, 31, 37, 43.5, 48,
]

/// reference/dynamic-type.md §4.3: leading ratios to four decimals, xS … AX5.
private let derivedFactors: [(TextStyle, [Double])] = [
  (
    .largeTitle,
    [0.9268, 0.9512, 0.9756, 1, 1.0488, 1.1220, 1.1707, 1.2683, 1.3902, 1.4878, 1.6098, 1.7073]
  ),
  (
    .title1,
    [0.9118, 0.9412, 0.9706, 1, 1.0882, 1.1471, 1.2059, 1.3529, 1.5000, 1.6765, 1.8235, 2.0000]
  ),
  (
    .title2,
    [0.8571, 0.8929, 0.9286, 1, 1.0714, 1.1429, 1.2143, 1.4643, 1.6786, 1.8571, 2.1071, 2.3571]
  ),
  (
    .title3,
    [0.8800, 0.9200, 0.9600, 1, 1.1200, 1.2000, 1.2800, 1.5200, 1.7600, 2.0400, 2.3200, 2.6000]
  ),
  (
    .headline,
    [0.8636, 0.9091, 0.9545, 1, 1.0909, 1.1818, 1.3182, 1.5455, 1.8182, 2.1818, 2.5455, 2.8182]
  ),
  (
    .body,
    [0.8636, 0.9091, 0.9545, 1, 1.0909, 1.1818, 1.3182, 1.5455, 1.8182, 2.1818, 2.5455, 2.8182]
  ),
  (
    .callout,
    [0.8571, 0.9048, 0.9524, 1, 1.0952, 1.1905, 1.3333, 1.5238, 1.8571, 2.1905, 2.4762, 2.8571]
  ),
  (
    .subheadline,
    [0.8000, 0.9000, 0.9500, 1, 1.1000, 1.2000, 1.4000, 1.5500, 1.8500, 2.1500, 2.5000, 2.9000]
  ),
  (
    .footnote,
    [0.8889, 0.8889, 0.8889, 1, 1.1111, 1.2222, 1.3333, 1.6111, 1.8333, 2.2222, 2.5556, 2.8889]
  ),
  (
    .caption1,
    [0.8125, 0.8125, 0.8125, 1, 1.1875, 1.3125, 1.4375, 1.7500, 2.0000, 2.4375, 2.7500, 3.1875]
  ),
  (
    .caption2,
    [1.0000, 1.0000, 1.0000, 1, 1.3846, 1.5385, 1.6923, 1.9231, 2.3077, 2.6923, 3.1538, 3.6923]
  ),
]

@Suite struct FontMetricsTests {
  @Test func workedValue_bodyScaledValue17AtMedium3x() throws {
    let value = try FontMetrics.default.scaledValue(for: 17, in: .medium, displayScale: 3)
    #expect(value == 49.0 / 3.0)
    #expect(abs(value - 16.333_333) < 1e-6)
  }

  @Test func workedValue_bodyScaledFont17AtAX5() throws {
    let size = try FontMetrics.default.scaledFont(
      for: 17, in: .accessibilityExtraExtraExtraLarge)
    #expect(size.points == 48)
    // The system body font at AX5 is 53 pt: UIFontMetrics does not scale by point sizes.
    #expect(
      try SizeTable.iOS.entry(for: .body, at: .accessibilityExtraExtraExtraLarge).pointSize == 53)
  }

  @Test(arguments: [
    (DesignSize(17), bodyScaledFont17), (DesignSize(20), bodyScaledFont20),
    (DesignSize(16), bodyScaledFont16),
  ])
  func scaledFont_bodyMatchesWorkedExamples(_ size: DesignSize, _ expected: [Double]) throws {
    let actual = try ContentSizeCategory.allCases.map {
      try FontMetrics.default.scaledFont(for: size, in: $0).points
    }
    #expect(actual == expected)
  }

  @Test(arguments: [(3.0, bodyScaledValue17At3x), (2.0, bodyScaledValue17At2x)])
  func scaledValue_bodyMatchesWorkedExamples(_ scale: Double, _ expected: [Double]) throws {
    for (category, value) in zip(ContentSizeCategory.allCases, expected) {
      let actual = try FontMetrics.default.scaledValue(for: 17, in: category, displayScale: scale)
      #expect(abs(actual - value) < 0.0005, "\(category) @\(scale)x")
      // On the pixel grid exactly.
      #expect((actual * scale).rounded() == actual * scale)
    }
  }

  @Test(arguments: derivedFactors.map { $0.0 })
  func factor_isLeadingRatio(_ style: TextStyle) throws {
    let metrics = try FontMetrics(forTextStyle: style)
    let expected = try #require(derivedFactors.first { $0.0 == style }?.1)
    for (category, factor) in zip(ContentSizeCategory.allCases, expected) {
      #expect(abs(try metrics.factor(in: category) - factor) < 0.00005, "\(style) \(category)")
    }
  }

  @Test(arguments: TextStyle.allCases.filter { SizeTable.iOS.isScalable($0) })
  func scaledFont_growsMonotonically(_ style: TextStyle) throws {
    let metrics = try FontMetrics(forTextStyle: style)
    for points: Double in [11, 13, 17, 17.5, 28, 34] {
      let base = try DesignSize(points)
      let sizes = try ContentSizeCategory.allCases.map {
        try metrics.scaledFont(for: base, in: $0).points
      }
      #expect(sizes == sizes.sorted(), "\(style) \(base)")
      #expect(sizes[3] == base.points.rounded(), "Large leaves \(base) unchanged but for rounding")
    }
  }

  @Test func scaledFont_roundsHalfAwayFromZero() throws {
    // Title 3 factor at AX2 is 44/25 = 1.76; 12.5 × 1.76 = 22.0 exactly, and 0.25 × 2 = 0.5.
    let metrics = try FontMetrics(forTextStyle: .title3)
    #expect(try metrics.scaledFont(for: DesignSize(12.5), in: .accessibilityLarge).points == 22)
    // Caption 2 below Large has factor 1: 10.5 stays 10.5 before rounding, then rounds up.
    let caption = try FontMetrics(forTextStyle: .caption2)
    #expect(try caption.scaledFont(for: DesignSize(10.5), in: .extraSmall).points == 11)
  }

  @Test func scaledFont_maximumAppliesAfterRounding() throws {
    let size = try FontMetrics.default.scaledFont(
      for: 17, maximumPointSize: 40, in: .accessibilityExtraExtraExtraLarge)
    #expect(size.points == 40)
    #expect(size.isClamped)
    #expect(size.maximumPointSize == 40)
    // 17 × 29/22 = 22.41 rounds to 22, under a 22.3 maximum: the maximum wins.
    #expect(
      try FontMetrics.default.scaledFont(for: 17, maximumPointSize: 22.3, in: .extraExtraExtraLarge)
        .points == 22)
    let uncapped = try FontMetrics.default.scaledFont(
      for: 17, maximumPointSize: 0, in: .accessibilityExtraExtraExtraLarge)
    #expect(uncapped.points == 48 && uncapped.maximumPointSize == nil && !uncapped.isClamped)
  }

  @Test func scaledValue_ignoresMaximumAndKeepsSign() throws {
    #expect(
      try FontMetrics.default.scaledValue(
        for: -17, in: .accessibilityExtraExtraExtraLarge, displayScale: 1) == -48)
    #expect(
      try FontMetrics.default.scaledValue(for: 0, in: .accessibilityMedium, displayScale: 2) == 0)
  }

  @Test func resolvedSize_remembersItsProvenanceAndRescales() throws {
    let size = try FontMetrics.default.scaledFont(for: 17, maximumPointSize: 40, in: .large)
    #expect(size.points == 17 && size.category == .large && size.sizing == .scalesWithBody)
    let bigger = try size.rescaled(to: .accessibilityExtraExtraExtraLarge)
    #expect(bigger.points == 40 && bigger.designSize == 17 && bigger.isClamped)
    #expect(bigger.description == "40pt (body, AX5, from 17pt)")
  }

  @Test func metrics_forOtherPlatforms() throws {
    let watch = try FontMetrics(forTextStyle: .body, table: .watchOS)
    // 16 × 25.5/18.5 = 22.05
    #expect(try watch.scaledFont(for: 16, in: .accessibilityExtraLarge).points == 22)
    let error = #expect(throws: MetricsError.self) {
      try watch.scaledFont(for: 16, in: .accessibilityExtraExtraExtraLarge)
    }
    #expect(error?.code == .categoryNotInTable)
    let mac = try FontMetrics(forTextStyle: .body, table: .macOS)
    #expect(try mac.scaledFont(for: 13, in: .large).points == 13)
  }

  @Test(arguments: [TextStyle.extraLargeTitle, .extraLargeTitle2])
  func init_refusesStylesWithoutPerCategoryData(_ style: TextStyle) {
    let error = #expect(throws: MetricsError.self) { try FontMetrics(forTextStyle: style) }
    #expect(error?.code == .styleNotInTable)
    #expect(
      error?.message.hasPrefix(
        "cannot scale \(style) with the iOS table: it publishes no leading at xS, S, M, L, XL")
        == true)
  }

  @Test func init_refusesStyleMissingFromPlatform() {
    let error = #expect(throws: MetricsError.self) {
      try FontMetrics(forTextStyle: .largeTitle, table: .tvOS)
    }
    #expect(error?.code == .styleNotInTable)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func scaledValue_rejectsNonFiniteValues(_ value: Double) {
    let error = #expect(throws: MetricsError.self) {
      try FontMetrics.default.scaledValue(for: value, in: .large, displayScale: 3)
    }
    #expect(error?.code == .invalidValue)
    #expect(
      error?.message
        == "value \(value) cannot be scaled; use a finite number of points in -100000…100000 "
        + "(ValueRanges.maximumPoints)")
  }

  @Test(arguments: [0.0, -2, .nan, .infinity])
  func scaledValue_rejectsBadDisplayScale(_ scale: Double) {
    let error = #expect(throws: MetricsError.self) {
      try FontMetrics.default.scaledValue(for: 17, in: .large, displayScale: scale)
    }
    #expect(error?.code == .invalidDisplayScale)
    #expect(
      error?.message.hasPrefix("display scale \(MetricsError.format(scale)) is not valid") == true)
  }

  @Test(arguments: [-1.0, .nan, .infinity])
  func scaledFont_rejectsBadMaximum(_ maximum: Double) {
    let error = #expect(throws: MetricsError.self) {
      try FontMetrics.default.scaledFont(for: 17, maximumPointSize: maximum, in: .large)
    }
    #expect(error?.code == .invalidSize)
    #expect(
      error?.message
        == "maximum point size \(MetricsError.format(maximum)) is not a valid point size; use a "
        + "finite number ≥ 0 and ≤ 100000 (ValueRanges.maximumPoints)")
  }

  @Test(arguments: [-0.5, .nan, -.infinity, .infinity])
  func designSize_rejectsBadPoints(_ points: Double) {
    let error = #expect(throws: MetricsError.self) { try DesignSize(points) }
    #expect(error?.code == .invalidSize)
    #expect(error?.message.hasPrefix("design size \(MetricsError.format(points))") == true)
  }
}

@Suite struct FontSizingTests {
  @Test func scalesWithBody_isFontCustomSize() throws {
    let sizes = try ContentSizeCategory.allCases.map {
      try FontSizing.scalesWithBody.resolve(17, in: $0).points
    }
    #expect(sizes == bodyScaledFont17)
  }

  @Test func relative_scalesLikeTheStyle() throws {
    // Title 1 at AX3: 28 × 57/34 = 46.94 → 47.
    let size = try FontSizing.relative(to: .title1).resolve(28, in: .accessibilityExtraLarge)
    #expect(size.points == 47)
    #expect(size.sizing.textStyle == .title1)
  }

  @Test func fixed_neverScales() throws {
    for category in ContentSizeCategory.allCases {
      let size = try FontSizing.fixed.resolve(DesignSize(17.5), in: category)
      #expect(size.points == 17.5 && size.factor == 1)
    }
    #expect(try FontSizing.fixed.resolve(30, in: .large, maximumPointSize: 20).points == 20)
    #expect(try FontSizing.fixed.resolve(13, in: .accessibilityLarge, table: .macOS).points == 13)
  }

  @Test func curves_shareTheScalingProtocol() throws {
    let curve: any ScalingCurve = try FontMetrics.default.curve(
      at: .accessibilityExtraExtraExtraLarge)
    #expect(abs(curve.scale(22) - 62) < 1e-12)
    #expect(abs(curve.unscale(62) - 22) < 1e-12)
    #expect(LinearScalingCurve.identity.scale(17) == 17)
    #expect(throws: MetricsError.self) { try LinearScalingCurve(factor: 0) }
  }
}

@Suite struct DynamicTypeRangeTests {
  @Test func clamp_keepsCategoriesInside() {
    let range = DynamicTypeRange(.small ... .accessibilityLarge)
    #expect(range.clamp(.extraSmall) == .small)
    #expect(range.clamp(.large) == .large)
    #expect(range.clamp(.accessibilityExtraExtraExtraLarge) == .accessibilityLarge)
    #expect(range.categories.count == 8)
    #expect(range.description == "S...AX2")
  }

  @Test func partialRanges_openOneEnd() {
    #expect(DynamicTypeRange(.large...).clamp(.extraSmall) == .large)
    #expect(
      DynamicTypeRange(...ContentSizeCategory.extraExtraExtraLarge).clamp(.accessibilityExtraLarge)
        == .extraExtraExtraLarge)
    #expect(DynamicTypeRange.all.categories == ContentSizeCategory.allCases)
    #expect(!DynamicTypeRange.nonAccessibility.contains(.accessibilityMedium))
  }

  @Test func intersection_ofNestedRanges() {
    let outer = DynamicTypeRange(.small ... .accessibilityLarge)
    let inner = DynamicTypeRange(.large ... .accessibilityExtraExtraExtraLarge)
    #expect(outer.intersection(inner) == DynamicTypeRange(.large ... .accessibilityLarge))
    #expect(inner.intersection(outer) == outer.intersection(inner))
    #expect(
      DynamicTypeRange(.extraSmall ... .small).intersection(DynamicTypeRange(.large...)) == nil)
  }

  @Test func clampedTo_isNeverEmpty() {
    let low = DynamicTypeRange(.extraSmall ... .small)
    #expect(low.clamped(to: DynamicTypeRange(.large...)) == DynamicTypeRange(.large ... .large))
    #expect(
      DynamicTypeRange.all.clamped(to: .nonAccessibility) == .nonAccessibility)
  }

  @Test func uiKitLimits_maximumWinsWhenTheyCross() {
    #expect(DynamicTypeRange(minimum: nil, maximum: nil) == .all)
    #expect(
      DynamicTypeRange(minimum: .accessibilityMedium, maximum: .large)
        == DynamicTypeRange(.large ... .large))
    #expect(DynamicTypeRange(minimum: .small, maximum: nil) == DynamicTypeRange(.small...))
  }
}
