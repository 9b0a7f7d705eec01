// SPDX-License-Identifier: Apache-2.0

/// The UI toolkit that draws a text on Android: a `TextView` or Jetpack Compose's `Text`.
///
/// The two size text differently:
///
/// | | ``view`` (`TextView`) | ``compose`` (`Text`) |
/// |---|---|---|
/// | `sp` → `dp` | the platform's curve: linear on 13 and earlier, non-linear from 14 | Compose's own curve (``AndroidFontScaleCurve/Release/jetpackCompose``), non-linear from 1.03 on every release |
/// | pixels | whole pixels, `getDimensionPixelSize` (XML `android:textSize`) | float pixels |
///
/// Sources: AOSP `TypedValue.applyDimension` / `complexToDimensionPixelSize`; androidx
/// `ui-unit` `AndroidDensity.android.kt` (`DensityWithConverter` with Compose's
/// `FontScaleConverterFactory`) and `FontScaling.kt` (`TextUnit.toDp`).
///
/// ```swift
/// try AndroidToolkit(parsing: "TextView")   // .view
/// try AndroidToolkit(parsing: "compose")    // .compose
/// ```
public enum AndroidToolkit: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// A `TextView` (or any `View` whose text size comes from XML): the platform's curve and
  /// whole pixels.
  case view
  /// Jetpack Compose's `Text`: Compose's curve and float pixels.
  case compose

  /// `view` or `compose`.
  public var description: String { rawValue }

  /// The name a constraints file and the command line use: `textview` or `compose`.
  public var targetName: String {
    switch self {
    case .view: "textview"
    case .compose: "compose"
    }
  }

  /// Parses `view`, `textview`, `TextView`, `compose`, `jetpack-compose` or `Jetpack Compose`,
  /// ignoring case, spaces, hyphens and underscores.
  ///
  /// - Parameter name: The toolkit's name.
  /// - Throws: ``MetricsError/Code/invalidValue`` naming the text and the valid names.
  public init(parsing name: String) throws(MetricsError) {
    let key = ContentSizeCategory.normalize(name).filter { $0 != " " && $0 != "-" && $0 != "_" }
    switch key {
    case "view", "textview", "views": self = .view
    case "compose", "jetpackcompose": self = .compose
    default:
      throw MetricsError(
        .invalidValue,
        "unknown Android target \"\(MetricsError.quoted(name))\"; use textview or compose")
    }
  }

  /// The curve this toolkit scales `sp` with on a release, or `nil` for linear scaling.
  ///
  /// - Parameter version: The Android release.
  /// - Returns: ``AndroidFontScaleCurve/Release/jetpackCompose`` for Compose on every release;
  ///   the platform's (``AndroidVersion/platformCurveRelease``) for a View.
  public func curveRelease(on version: AndroidVersion) -> AndroidFontScaleCurve.Release? {
    switch self {
    case .view: version.platformCurveRelease
    case .compose: .jetpackCompose
    }
  }
}
