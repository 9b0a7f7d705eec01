// SPDX-License-Identifier: Apache-2.0

/// Android 14's non-linear font scaling: small text grows by nearly the full font scale, large
/// text much less.
///
/// Android 14 and later no longer multiply every `sp` size by the user's font scale. Instead
/// `FontScaleConverterFactory` picks (or interpolates) a lookup table that maps `sp` to `dp` at a
/// handful of sizes, and `FontScaleConverter` interpolates between those points. This type is a
/// Swift port of that algorithm for one font scale, behind ``ScalingCurve`` so that iOS and
/// Android clients scale with the same call.
///
/// ```swift
/// let curve = try AndroidFontScaleCurve(fontScale: 1.3)
/// curve.scale(14)      // 18.8 dp (linear scaling would give 18.2)
/// curve.scale(30)      // 30 dp: large text is not enlarged at 1.3
/// curve.unscale(18.8)  // 14 sp
/// ```
///
/// ### Where it matches Android
///
/// - The lookup tables, the table key `(int) (fontScale * 100f)`, the interpolation between the
///   nearest lower and higher tables (with `t` clamped to 0…1), the plain linear table above the
///   largest table (2.0), and the threshold below which Android uses no table at all, per
///   ``Release``.
/// - ``scale(_:)`` is `convertSpToDp` and ``unscale(_:)`` is `convertDpToSp`: the sign is
///   restored after working on the magnitude; below the first point the curve runs straight from
///   (0, 0); above the last point (100 sp) it multiplies by the ratio of the last pair.
/// - When no table applies (``isNonLinear`` is `false`), the curve multiplies by ``fontScale``,
///   as `TypedValue.applyDimension` does when the display's converter is `null`.
/// - **Single precision throughout**, as Android (`float` tables, `float` font scale, `float`
///   arithmetic): the font scale is rounded to `Float`, the key is the `Float` product truncated
///   (`1.15f * 100` is 115, `1.3f * 100` is 130, `1.8f * 100` is 180, but `1.05f * 100` is
///   104.99999 and gives 104), thresholds and interpolation run in `Float`, and each result is
///   the `Float` widened exactly to `Double`. So 14 sp at 1.3 is 18.799999237060547, the
///   `Double` of Android's `18.8f`.
///
/// ### Where it differs
///
/// - Later Android versions cache each interpolated table under its key, so a second scale with
///   the same key (1.241 after 1.24) reuses the first one's table. This type caches nothing: every
///   curve is built from its own ``fontScale``.
/// - Results are in `dp`; multiply by the display density for pixels, as `applyDimension` does
///   (``AndroidTextScale`` does, with a View's pixel rounding). Like ``LinearScalingCurve``,
///   nothing is rounded.
public struct AndroidFontScaleCurve: ScalingCurve, Hashable {
  /// A version of Android's non-linear font-scaling code.
  ///
  /// The versions share the lookup tables' shape (the same `sp` points, 8 to 100) and the
  /// interpolation, but differ in which tables they ship and in the smallest font scale that gets
  /// a table. Source ids refer to the project's Dynamic Type reference, §0 and §5.1.
  ///
  /// ```swift
  /// let aosp = try AndroidFontScaleCurve(fontScale: 1.1, release: .android14QPR)
  /// let vendor = try AndroidFontScaleCurve(fontScale: 1.1, release: .vendorExtended)
  /// aosp.scale(14)    // 15.4: linear, 1.1 is below the 1.13 threshold
  /// vendor.scale(14)  // 15.6: from the 1.1 table
  /// ```
  public enum Release: String, CaseIterable, Sendable {
    /// The initial Android 14 implementation (S12, `FontScaleConverterFactory` at commit
    /// 066094fa).
    ///
    /// Five tables: 1.15, 1.3, 1.5, 1.8 and 2.0. Any font scale above 1.0 gets a converter; a
    /// scale between 1.0 and the first table (1.15) gets the plain linear table, so it still
    /// scales linearly.
    case android14

    /// The later AOSP implementation (S12, `FontScaleConverterFactory` at commit 2d05430).
    ///
    /// The same five tables as ``android14``; non-linear scaling starts at the first table's
    /// scale minus 0.02, that is at 1.13. Between 1.13 and 1.15 the converter is the plain linear
    /// table. The reference does not say which platform release first shipped this version.
    case android14QPR

    /// A later vendor platform with three extra tables (S14, a vendor tree of
    /// `FontScaleConverterFactory`).
    ///
    /// Eight tables: 1.05, 1.1, 1.15, 1.2, 1.3, 1.5, 1.8 and 2.0. The 1.05 table is stored under
    /// key 104 (`(int) (1.05f * 100)`), so it stands for 1.04 when interpolating, and non-linear
    /// scaling starts at that key's scale minus 0.01, that is at 1.03. The three extra tables
    /// come from a single source, and which AOSP release first shipped them is unknown.
    case vendorExtended

    /// Jetpack Compose's copy of the factory (S13, `FontScaleConverterFactory.android.kt`).
    ///
    /// The five Android 14 tables; non-linear scaling starts at 1.03, and between 1.0 and the
    /// first table (1.15) Compose interpolates from the identity table at 1.0 instead of scaling
    /// linearly (bug b/336720383). Above 2.0 it scales linearly, like the platform.
    case jetpackCompose
  }

  /// The user's font scale, as in Android's `Configuration.fontScale`: 1 is the default size.
  ///
  /// Stored as given; every computation uses it rounded to `Float`, as Android stores it.
  public let fontScale: Double
  /// The version of Android's algorithm this curve follows.
  public let release: Release
  /// The resolved table's `sp` points, in single precision as Android stores them.
  private let _fromSp: [Float]
  /// The resolved table's `dp` values, in single precision as Android computes them.
  private let _toDp: [Float]

  /// The `sp` points of the resolved lookup table; empty when ``isNonLinear`` is `false`.
  ///
  /// For a scale that has its own table or falls between two tables, these are
  /// `[8, 10, 12, 14, 18, 20, 24, 30, 100]`; for a scale that Android gives the plain linear
  /// table (above 2.0, or between the threshold and the first table) it is `[1]`.
  public var fromSp: [Double] { _fromSp.map(Double.init) }
  /// The `dp` values of the resolved lookup table, one for each entry of ``fromSp``; empty when
  /// ``isNonLinear`` is `false`.
  ///
  /// Each is the `Float` Android holds, widened exactly: the 1.3 table's 18.8 is
  /// `Double(Float(18.8))`, 18.799999237060547.
  public var toDp: [Double] { _toDp.map(Double.init) }

  /// Whether Android would use a lookup table (a `FontScaleConverter`) at this font scale.
  ///
  /// `false` means Android's `FontScaleConverterFactory.forScale` returns `null` and the curve
  /// multiplies by ``fontScale``. `true` means ``fromSp`` and ``toDp`` hold the table; that table
  /// may itself be linear (above 2.0, or just above the release's threshold).
  public var isNonLinear: Bool { !_fromSp.isEmpty }

  /// Creates Android's curve for a font scale.
  ///
  /// The default release, ``Release/android14QPR``, is the later AOSP implementation: its tables
  /// are confirmed by two sources (AOSP and Jetpack Compose), while the vendor's extra tables come
  /// from one source and Compose's threshold and interpolation below 1.15 apply only inside
  /// Compose. Pass a release to model another device or toolkit.
  ///
  /// ```swift
  /// let curve = try AndroidFontScaleCurve(fontScale: 2)
  /// curve.scale(8)    // 16 dp
  /// curve.scale(24)   // 36 dp
  /// ```
  ///
  /// - Parameters:
  ///   - fontScale: The user's font scale: finite and greater than zero. A scale of 1.0 or less,
  ///     or below the release's threshold, scales linearly.
  ///   - release: The version of Android's algorithm to follow.
  /// - Throws: ``MetricsError/Code/invalidFontScale`` naming the value when `fontScale` is zero,
  ///   negative, NaN or infinite.
  public init(fontScale: Double, release: Release = .android14QPR) throws(MetricsError) {
    guard fontScale.isFinite, fontScale > 0 else {
      throw MetricsError(
        .invalidFontScale,
        "Android font scale \(MetricsError.format(fontScale)) is not valid; "
          + "use a finite number > 0 (1 is the default text size)")
    }
    self.fontScale = fontScale
    self.release = release
    if let table = release.table(forScale: Float(fontScale)) {
      self._fromSp = table.fromSp
      self._toDp = table.toDp
    } else {
      self._fromSp = []
      self._toDp = []
    }
  }

  /// Converts a size in `sp` to `dp`, as Android's `FontScaleConverter.convertSpToDp`.
  ///
  /// An `sp` value on a table point returns that point's `dp`; below the first point the curve
  /// runs straight from (0, 0); between points it interpolates linearly; above the last point it
  /// multiplies by the last pair's ratio. The sign is kept. Without a table the result is
  /// `sp × fontScale`.
  ///
  /// ```swift
  /// let curve = try AndroidFontScaleCurve(fontScale: 1.5)
  /// curve.scale(16)   // 23: halfway between 14 → 22 and 18 → 24
  /// curve.scale(-16)  // -23
  /// ```
  ///
  /// - Parameter sp: The size in `sp`, finite.
  /// - Returns: The size in `dp`, unrounded.
  public func scale(_ sp: Double) -> Double {
    Double(scale(float: Float(sp)))
  }

  /// ``scale(_:)`` in single precision, as Android computes it: `convertSpToDp(float)`, or
  /// `sp × fontScale` in `float` without a table.
  func scale(float sp: Float) -> Float {
    guard isNonLinear else { return sp * Float(fontScale) }
    return Self.lookUpAndInterpolate(sp, from: _fromSp, to: _toDp)
  }

  /// Converts a size in `dp` back to `sp`, as Android's `FontScaleConverter.convertDpToSp`.
  ///
  /// The inverse of ``scale(_:)``, using the same table read the other way. Without a table the
  /// result is `dp ÷ fontScale`.
  ///
  /// ```swift
  /// let curve = try AndroidFontScaleCurve(fontScale: 1.5)
  /// curve.unscale(23)  // 16
  /// ```
  ///
  /// - Parameter dp: The size in `dp`, finite.
  /// - Returns: The size in `sp`, unrounded.
  public func unscale(_ dp: Double) -> Double {
    Double(unscale(float: Float(dp)))
  }

  /// ``unscale(_:)`` in single precision, as Android computes it: `convertDpToSp(float)`, or
  /// `dp / fontScale` in `float` without a table.
  func unscale(float dp: Float) -> Float {
    guard isNonLinear else { return dp / Float(fontScale) }
    return Self.lookUpAndInterpolate(dp, from: _toDp, to: _fromSp)
  }
}

// MARK: - Tables and lookup

extension AndroidFontScaleCurve {
  /// The `sp` points shared by every lookup table (`CommonFontSizes` in Compose).
  static let commonFromSp: [Float] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

  /// One lookup table: the key Android stores it under and its `dp` values.
  struct KeyedTable: Sendable {
    let key: Int
    let toDp: [Float]

    /// A table registered, as Android's `put(float scaleKey, …)` does, under
    /// ``AndroidFontScaleCurve/key(forScale:)`` of its nominal scale (so 1.05's table is 104's).
    init(scale: Float, toDp: [Float]) {
      self.key = AndroidFontScaleCurve.key(forScale: scale)
      self.toDp = toDp
    }

    /// The font scale the key stands for, as Android's `getScaleFromKey`: `key / 100f`.
    var scale: Float { Float(key) / 100 }
  }

  /// Android's table key for a font scale: `(int) (fontScale * 100)`, the product rounded to
  /// `float` and truncated.
  ///
  /// In single precision `1.15f * 100` is 115 but `1.05f * 100` is 104.99999 and truncates to
  /// 104; so does Android. (A `Double` product would give 114 for 1.15.) Scales past every table
  /// share one key.
  static func key(forScale scale: Float) -> Int {
    let product = scale * 100
    guard product < 1_000_000 else { return 1_000_000 }
    return Int(product)
  }

  /// ``key(forScale:)`` of a `Double` scale rounded to `Float`, as Android stores it.
  static func key(forScale scale: Double) -> Int { key(forScale: Float(scale)) }

  /// `MathUtils.constrainedMap(0, 1, start, end, value)`: where `value` lies from `start` to
  /// `end`, clamped to 0…1, in single precision.
  static func fraction(_ value: Float, from start: Float, to end: Float) -> Float {
    guard start != end else { return 0 }
    return min(max((value - start) / (end - start), 0), 1)
  }

  /// Android's `lookupAndInterpolate`: maps `value` through the points `source` → `target`, in
  /// single precision.
  ///
  /// Both arrays are non-empty, equally long and strictly increasing.
  static func lookUpAndInterpolate(
    _ value: Float, from source: [Float], to target: [Float]
  ) -> Float {
    let magnitude = abs(value)
    guard let upper = source.firstIndex(where: { $0 >= magnitude }) else {
      // Past the table (or NaN): scale by the last pair's ratio, keeping the sign.
      let last = source.count - 1
      return value * (target[last] / source[last])
    }
    let result: Float
    if source[upper] == magnitude {
      result = target[upper]
    } else {
      let startSource = upper == 0 ? 0 : source[upper - 1]
      let startTarget = upper == 0 ? 0 : target[upper - 1]
      let t = fraction(magnitude, from: startSource, to: source[upper])
      result = startTarget + (target[upper] - startTarget) * t
    }
    return Float(signOf: value, magnitudeOf: result)
  }
}

extension AndroidFontScaleCurve.Release {
  /// The release's lookup tables, in increasing key order.
  var tables: [AndroidFontScaleCurve.KeyedTable] {
    let android14: [AndroidFontScaleCurve.KeyedTable] = [
      .init(scale: 1.15, toDp: [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
      .init(scale: 1.3, toDp: [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
      .init(scale: 1.5, toDp: [12, 15, 18, 22, 24, 26, 28, 30, 100]),
      .init(scale: 1.8, toDp: [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
      .init(scale: 2, toDp: [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]
    switch self {
    case .android14, .android14QPR, .jetpackCompose:
      return android14
    case .vendorExtended:
      let extra: [AndroidFontScaleCurve.KeyedTable] = [
        .init(scale: 1.05, toDp: [8.4, 10.5, 12.6, 14.8, 18.6, 20.6, 24.4, 30, 100]),
        .init(scale: 1.1, toDp: [8.8, 11, 13.2, 15.6, 19.2, 21.2, 24.8, 30, 100]),
        .init(scale: 1.2, toDp: [9.6, 12, 14.4, 17.2, 20.4, 22.4, 25.6, 30, 100]),
      ]
      return (android14 + extra).sorted { $0.key < $1.key }
    }
  }

  /// Whether the release gives this font scale a converter (`isNonLinearFontScalingActive`),
  /// compared in `float`.
  ///
  /// The later AOSP release starts at `getScaleFromKey(firstKey) - 0.02f` (1.15 − 0.02 = 1.13),
  /// the vendor tree at `getScaleFromKey(firstKey) - 0.01f` (1.04 − 0.01 = 1.03, its first key
  /// being 104), Compose at `MinScaleForNonLinear = 1.03f`.
  func isNonLinearActive(forScale scale: Float) -> Bool {
    switch self {
    case .android14: return scale > 1
    case .android14QPR, .vendorExtended:
      let first = tables[0].scale
      return scale >= first - (self == .android14QPR ? Float(0.02) : Float(0.01))
    case .jetpackCompose: return scale >= Float(1.03)
    }
  }

  /// Android's `FontScaleConverterFactory.forScale`: the table for a scale, or `nil` for linear.
  func table(forScale scale: Float) -> (fromSp: [Float], toDp: [Float])? {
    guard isNonLinearActive(forScale: scale) else { return nil }
    let common = AndroidFontScaleCurve.commonFromSp
    let tables = self.tables
    let key = AndroidFontScaleCurve.key(forScale: scale)
    if let exact = tables.first(where: { $0.key == key }) {
      return (common, exact.toDp)
    }
    let linear = (fromSp: [Float(1)], toDp: [scale])
    guard let higher = tables.firstIndex(where: { $0.key > key }) else {
      return linear  // above the largest table
    }
    let start: (scale: Float, toDp: [Float])
    if higher > 0 {
      start = (tables[higher - 1].scale, tables[higher - 1].toDp)
    } else if self == .jetpackCompose {
      start = (1, common)  // Compose interpolates from the identity table at 1.0
    } else {
      return linear  // between the threshold and the first table
    }
    let end = tables[higher]
    let t = AndroidFontScaleCurve.fraction(scale, from: start.scale, to: end.scale)
    // createInterpolatedTableBetween: lerp(start.convertSpToDp(sp), end.convertSpToDp(sp), t);
    // both tables share the points, so convertSpToDp(sp) is the table's own entry.
    let toDp = zip(start.toDp, end.toDp).map { startDp, endDp in startDp + (endDp - startDp) * t }
    return (common, toDp)
  }
}
