// SPDX-License-Identifier: Apache-2.0

/// A design size in `sp` at each of a set of Android font scales: the ``SizeScale`` of Android
/// 14's non-linear font scaling.
///
/// Each step is a font scale (the user's *Font size* setting, 1 by default); its size is
/// ``AndroidFontScaleCurve/scale(_:)`` of the design size, in `dp`, unrounded, as
/// `TypedValue.applyDimension` gives it before the display density.
///
/// ```swift
/// let scale = try AndroidFontScale(14, fontScales: [1, 1.3, 2])
/// try scale.size(at: 1.3).points   // 18.8 (linear scaling would give 18.2)
/// try scale.size(at: 2).points     // 26
/// ```
///
/// The curves are built once, in the initializer, one per font scale. For the sizes a `TextView`
/// or Compose draws at — a release's curve, the display density, a View's whole pixels — use
/// ``AndroidTextScale``.
public struct AndroidFontScale: SizeScale, Hashable {
  /// The size at font scale 1, in `sp`.
  public let designSize: DesignSize
  /// The Android version whose tables and threshold apply.
  public let release: AndroidFontScaleCurve.Release
  /// The font scales a sweep visits, smallest first, each once.
  public let steps: [Double]
  /// One curve per step, in ``steps`` order.
  private let _curves: [AndroidFontScaleCurve]

  /// The classic settings steps 0.85, 1, 1.15 and 1.3 (reference/dynamic-type.md §5.1) and the
  /// larger scales of Android 14's tables, 1.5, 1.8 and 2.
  public static let defaultFontScales: [Double] = [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2]

  /// Creates the scale of a design size.
  ///
  /// - Parameters:
  ///   - designSize: The size at font scale 1, in `sp`.
  ///   - fontScales: The font scales to visit, in any order; sorted and deduplicated.
  ///   - release: The Android version to follow; the later AOSP version by default.
  /// - Throws: ``MetricsError/Code/invalidFontScale`` for a font scale that is zero, negative,
  ///   NaN or infinite.
  public init(
    _ designSize: DesignSize, fontScales: [Double] = defaultFontScales,
    release: AndroidFontScaleCurve.Release = .android14QPR
  ) throws(MetricsError) {
    var pairs: [(scale: Double, curve: AndroidFontScaleCurve)] = []
    for scale in fontScales where !pairs.contains(where: { $0.scale == scale }) {
      pairs.append((scale, try AndroidFontScaleCurve(fontScale: scale, release: release)))
    }
    pairs.sort { $0.scale < $1.scale }
    self.designSize = designSize
    self.release = release
    self.steps = pairs.map(\.scale)
    self._curves = pairs.map(\.curve)
  }

  /// The size at a font scale.
  ///
  /// - Parameter fontScale: The user's font scale; need not be one of ``steps``.
  /// - Returns: The size in `dp`, unrounded.
  /// - Throws: ``MetricsError/Code/invalidFontScale`` for a font scale that is zero, negative,
  ///   NaN or infinite.
  public func size(at fontScale: Double) throws(MetricsError) -> AndroidScaledSize {
    let curve: AndroidFontScaleCurve
    if let index = steps.firstIndex(of: fontScale) {
      curve = _curves[index]
    } else {
      curve = try AndroidFontScaleCurve(fontScale: fontScale, release: release)
    }
    return AndroidScaledSize(
      points: curve.scale(designSize.points), designSize: designSize, fontScale: fontScale)
  }
}

/// A size an ``AndroidFontScale`` gives at one font scale.
public struct AndroidScaledSize: ScaledPointSize, Hashable {
  /// The size in `dp`, unrounded; multiply by the display density for pixels.
  public let points: Double
  /// The size at font scale 1, in `sp`.
  public let designSize: DesignSize
  /// The font scale.
  public let fontScale: Double
}
