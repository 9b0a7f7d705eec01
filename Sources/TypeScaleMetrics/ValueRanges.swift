// SPDX-License-Identifier: Apache-2.0

/// The ranges TypeScale accepts for point sizes, widths, scaled values and display scales.
///
/// Every entry point that takes one of these quantities — ``DesignSize/init(_:)``,
/// ``FontMetrics/scaledFont(for:maximumPointSize:in:)``'s maximum,
/// ``FontMetrics/scaledValue(for:in:displayScale:)``, `LayoutOptions` (width, display scale,
/// tracking, line heights), `DynamicType` and the CLI — refuses a value outside its range with a
/// typed error that names the value and the range. The ranges are wide enough for any real
/// screen or page and narrow enough that nothing computed from them overflows to infinity, prints
/// as `inf` or rounds to `-0`.
///
/// The limits are fixed: they describe what makes sense, not how much work to allow.
///
/// ```swift
/// ValueRanges.maximumPoints            // 100000
/// ValueRanges.displayScales            // 0.5...10
/// try DesignSize(1e6)                  // throws MetricsError.invalidSize: … ≤ 100000
/// ```
public enum ValueRanges {
  /// The largest point size, width, line height or scaled value accepted: 100,000 points
  /// (about 35 metres at 72 points per inch).
  ///
  /// A scaled size is held to it too: a design size in range that scales past it (a 40,000 pt
  /// style at AX5) is refused with ``MetricsError/Code/invalidSize`` naming the category, so no
  /// layout quantity computed from accepted values comes near `Double`'s range.
  public static let maximumPoints: Double = 100_000

  /// The display scales accepted, in pixels per point: 0.5 through 10.
  ///
  /// Apple devices use 1, 2 and 3; the range leaves room for print and for downscaled previews,
  /// and keeps the pixel grid (`1 ⁄ displayScale`) a sensible fraction of a point.
  public static let displayScales: ClosedRange<Double> = 0.5...10

  /// `0.5…10`: how messages name the range of display scales.
  static var displayScalesText: String {
    MetricsError.format(displayScales.lowerBound) + "…"
      + MetricsError.format(displayScales.upperBound)
  }
}
