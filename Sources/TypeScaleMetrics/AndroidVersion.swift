// SPDX-License-Identifier: Apache-2.0

/// A release of Android, as far as text sizing depends on it: which font scales Settings offers
/// and whether the platform scales `sp` non-linearly.
///
/// Two behaviours exist:
///
/// | Releases | Settings font scales | `sp` → `dp` in a `View` |
/// |---|---|---|
/// | 13 and earlier | 0.85, 1, 1.15, 1.3 | linear: `sp × fontScale` |
/// | 14 and later | 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2 | ``AndroidFontScaleCurve/Release/android14QPR`` |
///
/// The Settings values are AOSP's `entryvalues_font_size` (`packages/apps/Settings` up to 13,
/// `packages/SettingsLib/res/values/arrays.xml` from 14); Android 14 "introduced nonlinear font
/// scaling up to 200%" (`FontScaleConverterFactory`). Jetpack Compose scales with its own copy of
/// the curve on every release (``AndroidToolkit/compose``).
///
/// ```swift
/// let version = try AndroidVersion(13)
/// version.defaultFontScales          // [0.85, 1, 1.15, 1.3]
/// AndroidVersion.latest.defaultFontScales.last  // 2
/// try AndroidVersion(parsing: "Android 14") == .android14  // true
/// ```
public struct AndroidVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The major release number, such as 14 for Android 14.
  public let release: Int

  /// The releases accepted: 1 through 99; every release from 14 on behaves as 14.
  public static let releases: ClosedRange<Int> = 1...99

  /// Android 13 (API 33), the last release with only linear font scaling.
  public static let android13 = AndroidVersion(_unchecked: 13)
  /// Android 14 (API 34), the first release with non-linear font scaling up to 2.
  public static let android14 = AndroidVersion(_unchecked: 14)
  /// Android 15 (API 35).
  public static let android15 = AndroidVersion(_unchecked: 15)
  /// Android 16 (API 36).
  public static let android16 = AndroidVersion(_unchecked: 16)
  /// The newest release modelled, the default everywhere: ``android16`` (sizes as Android 14).
  public static let latest = android16

  /// Creates a version from its major release number.
  ///
  /// - Parameter release: The release number, such as `13`, in ``releases``.
  /// - Throws: ``MetricsError/Code/invalidValue`` naming the number and the valid range.
  public init(_ release: Int) throws(MetricsError) {
    guard Self.releases.contains(release) else {
      throw MetricsError(
        .invalidValue,
        "Android version \(release) is not valid; use a release number "
          + "\(Self.releases.lowerBound)…\(Self.releases.upperBound), such as 13 or 14")
    }
    self.release = release
  }

  private init(_unchecked release: Int) { self.release = release }

  /// Parses a version written `13`, `Android 13`, `android14` or `API 34` (an API level from 33
  /// on, which is release − 20 for 33…36).
  ///
  /// - Parameter text: The version as written; case and spaces are ignored.
  /// - Throws: ``MetricsError/Code/invalidValue`` naming the text and the accepted forms.
  public init(parsing text: String) throws(MetricsError) {
    let key = ContentSizeCategory.normalize(text).filter { $0 != " " && $0 != "_" && $0 != "-" }
    if key.utf8.count <= 16 {
      if let number = Int(key.hasPrefix("android") ? String(key.dropFirst(7)) : key) {
        try self.init(number)
        return
      }
      if key.hasPrefix("api"), let level = Int(key.dropFirst(3)), Self.apiLevels.contains(level) {
        self.init(_unchecked: level - 20)
        return
      }
    }
    throw MetricsError(
      .invalidValue,
      "\"\(MetricsError.quoted(text))\" is not an Android version; write a release number "
        + "\(Self.releases.lowerBound)…\(Self.releases.upperBound) (13, \"Android 14\") or an API "
        + "level \(Self.apiLevels.lowerBound)…\(Self.apiLevels.upperBound) (\"API 34\")")
  }

  /// The API levels ``init(parsing:)`` reads: 33 (Android 13) through 36 (Android 16).
  static let apiLevels: ClosedRange<Int> = 33...36

  /// Whether the platform scales `sp` non-linearly in Views: Android 14 and later.
  public var hasNonLinearFontScaling: Bool { release >= 14 }

  /// The font scales the stock Settings app offers on this release, smallest first.
  ///
  /// Android 13 and earlier: 0.85, 1, 1.15 and 1.3 (*Small* to *Largest*); Android 14 and later
  /// add 1.5, 1.8 and 2 (AOSP `entryvalues_font_size`). Vendors may offer others.
  public var defaultFontScales: [Double] {
    hasNonLinearFontScaling ? [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2] : [0.85, 1, 1.15, 1.3]
  }

  /// The curve a `View` (`TypedValue.applyDimension`) scales `sp` with, or `nil` for linear
  /// scaling (`sp × scaledDensity`) on Android 13 and earlier.
  public var platformCurveRelease: AndroidFontScaleCurve.Release? {
    hasNonLinearFontScaling ? .android14QPR : nil
  }

  /// Orders versions by release number.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.release < rhs.release }

  /// `Android 14`.
  public var description: String { "Android \(release)" }
}
