// SPDX-License-Identifier: Apache-2.0

/// Conversions from floating-point pixel positions to integers that never trap.
///
/// Every `Double` → `Int` conversion in the renderer goes through here or is preceded by a
/// range check (``Renderer/checkedCanvas(width:height:options:what:)``): a position far outside
/// any canvas is clamped to ±``bound``, where drawing clips it, and NaN becomes 0.
package enum PixelMath {
  /// The largest magnitude a converted position takes: 2⁴⁰ pixels, far beyond any canvas
  /// (``RenderOptions/largestMaximumPixels`` is 2³⁶) and far from `Int`'s limits, so sums and
  /// differences of two converted values cannot overflow.
  static let bound = 1 << 40

  /// `value` as an integer, clamped to ±``bound``; NaN becomes 0.
  static func clampedInt(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    let limit = Double(bound)
    return Int(min(max(value, -limit), limit))
  }

  /// Whether a position is close enough to a canvas to be drawn: within ±``bound``.
  static func isDrawable(_ value: Double) -> Bool {
    abs(value) < Double(bound)
  }

}
