// SPDX-License-Identifier: Apache-2.0

/// A text size in `sp` at each of a set of Android font scales, sized as a `TextView` or
/// Jetpack Compose sizes it: the ``SizeScale`` of Android.
///
/// Each step is a font scale (the user's *Font size* setting, `Configuration.fontScale`). Its
/// size follows three rules:
///
/// 1. **`sp` → `dp`** with the toolkit's curve on the release
///    (``AndroidToolkit/curveRelease(on:)``): a View on Android 13 and earlier scales linearly,
///    a View on 14 and later uses ``AndroidFontScaleCurve/Release/android14QPR``, Compose uses
///    its own curve (``AndroidFontScaleCurve/Release/jetpackCompose``) on every release. Above
///    2 every curve is linear.
/// 2. **`dp` → px**: `dp × density` in `float` (`TypedValue.applyDimension`; where no curve
///    applies, `sp × scaledDensity` with `scaledDensity = density × fontScale`).
/// 3. **Rounding**: a View rounds to whole pixels as `getDimensionPixelSize` does; Compose keeps
///    float pixels.
///
/// All of it runs in single precision, as Android does; the results are the `float` values
/// widened to `Double`.
///
/// ```swift
/// let scale = try AndroidTextScale(textSize: 14)
/// let large = try scale.size(at: 2)
/// large.dp       // 26
/// large.px       // 68 (26 × 2.625 = 68.25, rounded)
/// try scale.size(at: 1.3).dp   // 18.8 (linear scaling would give 18.2)
/// ```
public struct AndroidTextScale: SizeScale, Hashable {
  /// The size at font scale 1, in `sp`.
  public let textSize: DesignSize
  /// The Android release whose rules apply.
  public let version: AndroidVersion
  /// The toolkit that draws the text.
  public let toolkit: AndroidToolkit
  /// The display's density.
  public let density: AndroidDensity
  /// The font scales a sweep visits, smallest first, each once.
  public let steps: [Double]
  /// One curve per step, in ``steps`` order; `nil` where scaling is linear.
  private let _curves: [AndroidFontScaleCurve?]

  /// The most font scales one scale holds: 64.
  public static let maximumSteps = 64

  /// Creates the scale of a text size.
  ///
  /// - Parameters:
  ///   - textSize: The size at font scale 1, in `sp`.
  ///   - fontScales: The font scales to visit, in any order (sorted and deduplicated), each in
  ///     ``AndroidFontScaleSelection/validScales``, at most ``maximumSteps``; `nil` for the
  ///     release's Settings values (``AndroidVersion/defaultFontScales``).
  ///   - version: The Android release; ``AndroidVersion/latest`` by default.
  ///   - toolkit: `TextView` (``AndroidToolkit/view``, the default) or Compose.
  ///   - density: The display's density; a 420 dpi phone by default.
  /// - Throws: ``MetricsError/Code/invalidFontScale`` naming a font scale outside the valid
  ///   range, or too many scales.
  public init(
    textSize: DesignSize, fontScales: [Double]? = nil, version: AndroidVersion = .latest,
    toolkit: AndroidToolkit = .view, density: AndroidDensity = .phone420
  ) throws(MetricsError) {
    let scales = fontScales ?? version.defaultFontScales
    guard scales.count <= Self.maximumSteps else {
      throw MetricsError(
        .invalidFontScale,
        "\(scales.count) Android font scales is too many; use at most \(Self.maximumSteps)")
    }
    var pairs: [(scale: Double, curve: AndroidFontScaleCurve?)] = []
    for scale in scales where !pairs.contains(where: { $0.scale == scale }) {
      pairs.append((scale, try Self.curve(scale, version: version, toolkit: toolkit)))
    }
    pairs.sort { $0.scale < $1.scale }
    self.textSize = textSize
    self.version = version
    self.toolkit = toolkit
    self.density = density
    self.steps = pairs.map(\.scale)
    self._curves = pairs.map(\.curve)
  }

  /// The size at a font scale.
  ///
  /// - Parameter fontScale: The user's font scale, in ``AndroidFontScaleSelection/validScales``;
  ///   need not be one of ``steps``.
  /// - Returns: The size in `sp`, `dp` and pixels.
  /// - Throws: ``MetricsError/Code/invalidFontScale`` for a scale outside the valid range.
  public func size(at fontScale: Double) throws(MetricsError) -> AndroidTextSize {
    try convert(textSize, at: fontScale)
  }

  /// The size of a text at a font scale, by this scale's rules; ``size(at:)`` is this for
  /// ``textSize``.
  ///
  /// - Parameters:
  ///   - sp: A size at font scale 1, in `sp` (a text size, or a padding given in `sp`).
  ///   - fontScale: The user's font scale.
  /// - Returns: The size in `sp`, `dp` and pixels.
  /// - Throws: ``MetricsError/Code/invalidFontScale`` for a scale outside the valid range.
  public func size(sp: DesignSize, at fontScale: Double) throws(MetricsError) -> AndroidTextSize {
    try convert(sp, at: fontScale)
  }

  /// A line height given in `sp` at a font scale, as the toolkit scales it: in proportion to
  /// the text size where non-linear scaling is active, so a 2× line height stays 2×.
  ///
  /// A plain `sp` → `dp` conversion would compress a large line height more than the text (at
  /// 2, 14 sp grows to 26 dp but 28 sp only to 37.3), so both toolkits keep the ratio instead:
  ///
  /// - **View** (`TextView.setLineHeight(int unit, float)`, API 34; `android:lineHeight` goes
  ///   through it): when the platform's non-linear scaling is active at the scale and both sizes
  ///   are in `sp`, `textSizeSp = convertPixelsToDimension(SP, getTextSize())` (the curve read
  ///   backwards from the text's whole pixels), and the line height is
  ///   `getTextSize() × lineHeight / textSizeSp`. Otherwise it is `applyDimension(SP, lineHeight)`.
  ///   The pixels are then rounded half up: `TextView` sets `lineSpacingExtra` to the line height
  ///   minus the font's integer height, and `StaticLayout` rounds that extra with `+ 0.5`.
  ///   CTS `TextViewFontScalingTest` checks the proportion.
  /// - **Compose** (androidx ui-text `resolveLineHeightInPx`): when `fontScale > 1.05` (the
  ///   `float` scale compared as a `double`), `fontSizeSp = toSp(fontSizePx)` and the line height
  ///   is `fontSizePx × lineHeight / fontSizeSp`, in float pixels; otherwise `lineHeight.toPx()`,
  ///   which uses Compose's curve (non-linear from 1.03).
  ///
  /// ```swift
  /// let scale = try AndroidTextScale(textSize: 20)
  /// try scale.lineHeight(sp: 40, at: 2).px   // 2 × the text's 89 px: 178
  /// try scale.size(at: 2).px                  // 89 (34 dp × 2.625 = 89.25)
  /// ```
  ///
  /// - Parameters:
  ///   - lineHeight: The line height at font scale 1, in `sp` (`android:lineHeight`, or a
  ///     Compose `TextStyle.lineHeight`), for text of this scale's ``textSize``.
  ///   - fontScale: The user's font scale.
  /// - Returns: The line height; its ``AndroidTextSize/sp`` is `lineHeight`, its
  ///   ``AndroidTextSize/dp`` the unrounded pixels over the density, its ``AndroidTextSize/px``
  ///   whole pixels for a View and float pixels for Compose.
  /// - Throws: ``MetricsError/Code/invalidFontScale`` for a scale outside the valid range.
  public func lineHeight(sp lineHeight: DesignSize, at fontScale: Double) throws(MetricsError)
    -> AndroidTextSize
  {
    let text = try size(at: fontScale)
    let density = Float(self.density.pixelsPerDp)
    let scale = Float(fontScale)
    let height = Float(lineHeight.points)
    let textPx = Float(text.px)
    let proportional: Bool
    let textSp: Float
    switch toolkit {
    case .view:
      let platform = version.platformCurveRelease
      proportional = platform?.isNonLinearActive(forScale: scale) ?? false
      let curve = try platform.map { release throws(MetricsError) in
        try AndroidFontScaleCurve(fontScale: fontScale, release: release)
      }
      // convertPixelsToDimension(SP, px): convertDpToSp(px / density), or px / scaledDensity.
      textSp =
        curve.map { $0.unscale(float: textPx / density) } ?? textPx / (density * scale)
    case .compose:
      proportional = Double(scale) > 1.05
      let curve = try AndroidFontScaleCurve(fontScale: fontScale, release: .jetpackCompose)
      // Density.toSp(px) = Dp(px / density).toSp(): convertDpToSp, or dp / fontScale.
      textSp = curve.isNonLinear ? curve.unscale(float: textPx / density) : textPx / density / scale
    }
    let px: Float
    if proportional, textSp > 0 {
      px = textPx * (height / textSp)
    } else {
      px = Float(try convert(lineHeight, at: fontScale, rounded: false).px)
    }
    let drawn: Double
    switch toolkit {
    case .view: drawn = Double(Self.pixelSize(px, nonZero: height != 0))
    case .compose: drawn = Double(px)
    }
    return AndroidTextSize(
      sp: lineHeight, dp: Double(px / density), px: drawn, fontScale: fontScale,
      density: self.density, toolkit: toolkit)
  }

  // MARK: - Conversion

  /// The curve for a scale, checking the scale; `nil` where the toolkit scales linearly.
  static func curve(_ scale: Double, version: AndroidVersion, toolkit: AndroidToolkit)
    throws(MetricsError) -> AndroidFontScaleCurve?
  {
    try AndroidFontScaleSelection.check(scale)
    guard let release = toolkit.curveRelease(on: version) else { return nil }
    let curve = try AndroidFontScaleCurve(fontScale: scale, release: release)
    return curve.isNonLinear ? curve : nil
  }

  /// `applyDimension(COMPLEX_UNIT_SP, …)` and, when `rounded`, the toolkit's rounding, in
  /// `float`.
  func convert(_ size: DesignSize, at fontScale: Double, rounded: Bool = true)
    throws(MetricsError) -> AndroidTextSize
  {
    let curve: AndroidFontScaleCurve?
    if let index = steps.firstIndex(of: fontScale) {
      curve = _curves[index]
    } else {
      curve = try Self.curve(fontScale, version: version, toolkit: toolkit)
    }
    let sp = Float(size.points)
    let scale = Float(fontScale)
    let density = Float(self.density.pixelsPerDp)
    let dp: Float
    let px: Float
    if let curve {
      dp = curve.scale(float: sp)
      px = dp * density  // applyDimension(COMPLEX_UNIT_DIP, convertSpToDp(value))
    } else {
      dp = sp * scale
      switch toolkit {
      case .view: px = sp * (density * scale)  // applyDimension: value * scaledDensity
      case .compose: px = dp * density  // TextUnit.toPx(): Dp(value * fontScale).toPx()
      }
    }
    let drawn: Double
    switch toolkit {
    case .view where rounded: drawn = Double(Self.pixelSize(px, nonZero: sp != 0))
    case .view, .compose: drawn = Double(px)
    }
    return AndroidTextSize(
      sp: size, dp: Double(dp), px: drawn, fontScale: fontScale, density: self.density,
      toolkit: toolkit)
  }

  /// `TypedValue.complexToDimensionPixelSize`'s rounding: `(int) (f + 0.5f)` (`f − 0.5f` below
  /// zero), and ±1 where that gives 0 for a non-zero value.
  static func pixelSize(_ px: Float, nonZero: Bool) -> Int {
    let rounded = px >= 0 ? px + 0.5 : px - 0.5
    let result = Int(rounded)
    if result != 0 || !nonZero { return result }
    return px >= 0 ? 1 : -1
  }
}
