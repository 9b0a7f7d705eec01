// SPDX-License-Identifier: Apache-2.0

/// A mapping from an unscaled text size to the size a user's text-size setting asks for.
///
/// Apple's Dynamic Type scales every size of a text style by one factor per content-size category
/// (``LinearScalingCurve``, made by ``FontMetrics/curve(at:)``); Android 14 and later scale small
/// text by nearly the full factor and large text much less (``AndroidFontScaleCurve``). Both sit
/// behind this protocol, so a service that answers iOS and Android clients scales with one call:
///
/// ```swift
/// let curves: [any ScalingCurve] = [
///   try FontMetrics(forTextStyle: .body).curve(at: .accessibilityMedium),
///   try AndroidFontScaleCurve(fontScale: 1.3),
/// ]
/// for curve in curves { print(curve.scale(16)) }
/// ```
///
/// A curve returns unrounded values; platform rounding (whole points for Apple fonts, the pixel
/// grid for Apple layout values, none on Android) belongs to the caller, as in ``FontMetrics``.
public protocol ScalingCurve: Sendable {
  /// Scales a size (points on Apple platforms, sp on Android) to its scaled size (points, dp).
  ///
  /// The sign is kept: `scale(-x) == -scale(x)`.
  ///
  /// - Parameter value: The unscaled size, finite.
  /// - Returns: The scaled size, unrounded.
  func scale(_ value: Double) -> Double

  /// The inverse of ``scale(_:)``: the unscaled size that scales to `value`.
  ///
  /// - Parameter value: A scaled size, finite.
  /// - Returns: The unscaled size, unrounded.
  func unscale(_ value: Double) -> Double
}

/// A curve that multiplies every size by one factor: Apple's Dynamic Type at one category, and
/// Flutter's `TextScaler.linear`.
public struct LinearScalingCurve: ScalingCurve, Hashable {
  /// The factor applied to every size; 1 leaves sizes unchanged.
  public let factor: Double

  /// Creates a curve with a factor.
  ///
  /// - Parameter factor: A finite factor greater than zero.
  /// - Throws: ``MetricsError/Code/invalidFontScale`` when the factor is zero, negative, NaN or
  ///   infinite.
  public init(factor: Double) throws(MetricsError) {
    guard factor.isFinite, factor > 0 else {
      throw MetricsError(
        .invalidFontScale,
        "scale factor \(MetricsError.format(factor)) is not valid; use a finite number > 0")
    }
    self.factor = factor
  }

  /// Creates a curve from a factor already known to be valid.
  init(_unchecked factor: Double) { self.factor = factor }

  /// The identity curve: no scaling.
  public static let identity = LinearScalingCurve(_unchecked: 1)

  /// Returns `value × factor`.
  public func scale(_ value: Double) -> Double { value * factor }

  /// Returns `value ÷ factor`.
  public func unscale(_ value: Double) -> Double { value / factor }
}
