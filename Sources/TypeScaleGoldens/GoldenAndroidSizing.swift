// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// How an Android case is sized: the user's font scale, a text size in `sp` or a Material role,
/// the Android release and the display's density.
///
/// Where an iOS case has a content-size category, an Android case has a *font scale* (Android's
/// Settings › Font size, `Configuration.fontScale`: 0.85 to 2 on Android 14 and later). The
/// size in `dp` follows the release's `sp` → `dp` curve (AOSP `FontScaleConverterFactory`:
/// non-linear from Android 14, linear before) or Compose's own curve for a Compose case, and a
/// TextView rounds the size to whole pixels of the density (`getDimensionPixelSize`) while
/// Compose keeps float pixels (`AndroidTextScale` in TypeScaleMetrics, `AndroidText` in
/// TypeScale).
public struct GoldenAndroidSizing: Hashable, Sendable {
  /// The user's font scale, in `AndroidFontScaleSelection/validScales`.
  public var fontScale: Double
  /// The Material role (its size, weight, letter spacing and line height), or `nil` for a plain
  /// ``textSize``.
  public var appearance: MaterialTextAppearance?
  /// The text size at font scale 1, in `sp`: the role's size, or `android:textSize`.
  public var textSize: Double
  /// The Android release whose curve and defaults apply.
  public var version: AndroidVersion
  /// The display's density, pixels per `dp`.
  public var density: AndroidDensity

  /// Creates an Android sizing.
  ///
  /// - Parameters:
  ///   - fontScale: The user's font scale.
  ///   - appearance: A Material role, or `nil` for a plain text size.
  ///   - textSize: The size in `sp` when `appearance` is `nil`; ignored otherwise (the role's).
  ///   - version: The Android release; the latest by default.
  ///   - density: Pixels per `dp`; 2.625 (a 420 dpi phone) by default.
  public init(
    fontScale: Double, appearance: MaterialTextAppearance? = nil, textSize: Double = 14,
    version: AndroidVersion = .latest, density: AndroidDensity = .phone420
  ) {
    self.fontScale = fontScale
    self.appearance = appearance
    self.textSize = appearance?.sizeSp ?? textSize
    self.version = version
    self.density = density
  }

  /// The font scale as case ids and golden files write it: `1.3x`, `2x`.
  public var stepName: String { Self.name(ofScale: fontScale) }

  /// The size as golden files' `style` column writes it: the role's name (`labelLarge`) or the
  /// size in `sp` (`14sp`).
  public var sizeName: String {
    appearance?.name ?? (NumberText.fixed(textSize, decimals: 3, trimsZeros: true) + "sp")
  }

  /// The release and density as golden files' `sizing` column starts: `android16@2.625x`.
  public var sizingName: String {
    "android\(version.release)@\(NumberText.fixed(density.pixelsPerDp, decimals: 3, trimsZeros: true))x"
  }

  /// A font scale as ids and golden files write it: `1.3x`.
  static func name(ofScale scale: Double) -> String {
    NumberText.fixed(scale, decimals: 3, trimsZeros: true) + "x"
  }

  /// A font scale as summaries write it: `1.3×`.
  static func displayName(ofScale scale: Double) -> String {
    NumberText.fixed(scale, decimals: 3, trimsZeros: true) + "×"
  }
}
