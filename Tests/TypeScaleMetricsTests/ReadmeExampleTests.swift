// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleMetrics

/// The example at the top of README.md, line for line, with the values the README promises.
///
/// When this test changes, change the README too.
@Suite struct ReadmeExampleTests {
  @Test func readme_exampleValuesHold() throws {
    let size = try FontMetrics.default.scaledFont(for: 17, in: .accessibilityExtraExtraExtraLarge)
    #expect(size.points == 48)

    let title = try FontMetrics(forTextStyle: .title1)
      .scaledFont(for: 28, maximumPointSize: 44, in: try ContentSizeCategory(parsing: "AX3"))
    #expect(title.points == 44)
    #expect(title.isClamped)

    let value = try FontMetrics.default.scaledValue(for: 17, in: .medium, displayScale: 3)
    #expect(abs(value - 16.333_333) < 1e-6)

    #expect(try FontSizing.relative(to: .caption1).resolve(12, in: .extraExtraLarge).points == 16)
    let limited = DynamicTypeRange(.small ... .accessibilityLarge)
      .clamp(.accessibilityExtraExtraExtraLarge)
    #expect(limited == .accessibilityLarge)

    let android: any ScalingCurve = try AndroidFontScaleCurve(fontScale: 1.3)
    #expect(abs(android.scale(14) - 18.8) < 1e-6)  // Android's float 18.8f
  }
}
