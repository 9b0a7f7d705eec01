// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleMetrics

/// `SizeScale` is the one place a size step becomes a point size: the iOS conformance gives
/// Apple's tables and `UIFontMetrics`' rounding exactly, the Android one Android 14's curve.
@Suite struct SizeScaleTests {
  /// The points a scale gives at each of its steps, through the protocol alone.
  static func points(_ scale: some SizeScale) throws -> [Double] {
    try scale.steps.map { step throws in try scale.size(at: step).points }
  }

  /// The system body style follows the published table cell for cell (reference §1.1).
  @Test func system_isTheTable() throws {
    let scale = try ContentSizeScale(17, sizing: .system(.body))
    #expect(scale.steps == ContentSizeCategory.allCases)
    #expect(try Self.points(scale) == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
    for style in TextStyle.allCases where SizeTable.iOS.categories(for: style).count == 12 {
      let design = try DesignSize(SizeTable.iOS.entry(for: style, at: .large).pointSize)
      let sizes = try Self.points(ContentSizeScale(design, sizing: .system(style)))
      let table = try SizeTable.iOS.entries(for: style).map(\.entry.pointSize)
      #expect(sizes == table, "\(style)")
    }
  }

  /// Custom fonts scale by the leading ratio and round to whole points (reference §4.5).
  @Test func relative_isUIFontMetrics() throws {
    let scale = try ContentSizeScale(17, sizing: .relative(to: .body))
    #expect(try Self.points(scale) == [15, 15, 16, 17, 19, 20, 22, 26, 31, 37, 43, 48])
    let twenty = try ContentSizeScale(20)
    #expect(try Self.points(twenty) == [17, 18, 19, 20, 22, 24, 26, 31, 36, 44, 51, 56])
    for category in ContentSizeCategory.allCases {
      #expect(
        try scale.size(at: category) == FontMetrics.default.scaledFont(for: 17, in: category))
      #expect(
        try scale.size(at: category)
          == FontSizing.relative(to: .body).resolve(17, in: category))
    }
  }

  @Test func maximumAndFixed() throws {
    let capped = try ContentSizeScale(17, maximumPointSize: 40)
    let ax5 = try capped.size(at: .accessibilityExtraExtraExtraLarge)
    #expect(ax5.points == 40 && ax5.isClamped)
    #expect(try capped.size(at: .accessibilityExtraLarge).points == 37)
    let fixed = try ContentSizeScale(try DesignSize(13.5), sizing: .fixed)
    #expect(try Self.points(fixed) == Array(repeating: 13.5, count: 12))
    let bad = try ContentSizeScale(17, maximumPointSize: -1)
    #expect(throws: MetricsError.self) { try bad.size(at: .large) }
  }

  /// Steps are the range's categories that the table has.
  @Test func steps_followTheRangeAndTheTable() throws {
    let range = DynamicTypeRange(.medium ... .accessibilityMedium)
    let scale = try ContentSizeScale(17, categories: range)
    #expect(scale.steps == range.categories)
    let watch = try ContentSizeScale(16, table: .watchOS)
    #expect(watch.steps == SizeTable.watchOS.categories)
    #expect(!watch.steps.contains(.medium))
  }

  @Test func unscalableStyle_throws() {
    #expect {
      _ = try ContentSizeScale(36, sizing: .relative(to: .extraLargeTitle))
    } throws: { ($0 as? MetricsError)?.code == .styleNotInTable }
  }

  /// Android: each step is `AndroidFontScaleCurve.scale`, unrounded.
  @Test func android_isTheCurve() throws {
    let scale = try AndroidFontScale(14, fontScales: [2, 1.3, 1, 1.3])
    #expect(scale.steps == [1, 1.3, 2])
    #expect(try Self.points(scale) == [14, Double(Float(18.8)), 26])  // Android's floats
    let all = try AndroidFontScale(16)
    #expect(all.steps == AndroidFontScale.defaultFontScales)
    for step in all.steps {
      let expected = try AndroidFontScaleCurve(fontScale: step).scale(16)
      #expect(try all.size(at: step).points == expected, "\(step)")
    }
    // A scale off the list is computed on the spot.
    #expect(
      try all.size(at: 1.24).points == AndroidFontScaleCurve(fontScale: 1.24).scale(16))
    #expect {
      _ = try AndroidFontScale(14, fontScales: [1, .nan])
    } throws: { ($0 as? MetricsError)?.code == .invalidFontScale }
    #expect(throws: MetricsError.self) { try all.size(at: 0) }
  }
}
