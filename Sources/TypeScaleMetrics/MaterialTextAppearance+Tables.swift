// SPDX-License-Identifier: Apache-2.0

extension MaterialTextAppearance {
  /// The Material 3 type scale: the 15 roles, display to label, large to small.
  ///
  /// | role | size sp | line height sp | Compose tracking sp | MDC letterSpacing em | weight |
  /// |---|---|---|---|---|---|
  /// | displayLarge | 57 | 64 | −0.2 | −0.00438596 | 400 |
  /// | displayMedium | 45 | 52 | 0 | 0 | 400 |
  /// | displaySmall | 36 | 44 | 0 | 0 | 400 |
  /// | headlineLarge | 32 | 40 | 0 | 0 | 400 |
  /// | headlineMedium | 28 | 36 | 0 | 0 | 400 |
  /// | headlineSmall | 24 | 32 | 0 | 0 | 400 |
  /// | titleLarge | 22 | 28 | 0 | 0 | 400 |
  /// | titleMedium | 16 | 24 | 0.2 | 0.009375 | 500 |
  /// | titleSmall | 14 | 20 | 0.1 | 0.00714286 | 500 |
  /// | bodyLarge | 16 | 24 | 0.5 | 0.03125 | 400 |
  /// | bodyMedium | 14 | 20 | 0.2 | 0.01785714 | 400 |
  /// | bodySmall | 12 | 16 | 0.4 | 0.03333333 | 400 |
  /// | labelLarge | 14 | 20 | 0.1 | 0.00714286 | 500 |
  /// | labelMedium | 12 | 16 | 0.5 | 0.04166667 | 500 |
  /// | labelSmall | 11 | 16 | 0.5 | 0.04545455 | 500 |
  ///
  /// Sources: androidx `compose/material3/material3/src/commonMain/kotlin/androidx/compose/
  /// material3/tokens/TypeScaleTokens.kt` (sizes, line heights, tracking, weights) and
  /// MDC-Android `lib/java/com/google/android/material/typography/res/values/tokens.xml`
  /// (letter spacing). Both stacks draw every role in Roboto (`sans-serif`, `sans-serif-medium`).
  public static let material3: [MaterialTextAppearance] = [
    m3("displayLarge", 57, 64, -0.2, -0.00438596, .regular),
    m3("displayMedium", 45, 52, 0, 0, .regular),
    m3("displaySmall", 36, 44, 0, 0, .regular),
    m3("headlineLarge", 32, 40, 0, 0, .regular),
    m3("headlineMedium", 28, 36, 0, 0, .regular),
    m3("headlineSmall", 24, 32, 0, 0, .regular),
    m3("titleLarge", 22, 28, 0, 0, .regular),
    m3("titleMedium", 16, 24, 0.2, 0.009375, .medium),
    m3("titleSmall", 14, 20, 0.1, 0.00714286, .medium),
    m3("bodyLarge", 16, 24, 0.5, 0.03125, .regular),
    m3("bodyMedium", 14, 20, 0.2, 0.01785714, .regular),
    m3("bodySmall", 12, 16, 0.4, 0.03333333, .regular),
    m3("labelLarge", 14, 20, 0.1, 0.00714286, .medium),
    m3("labelMedium", 12, 16, 0.5, 0.04166667, .medium),
    m3("labelSmall", 11, 16, 0.5, 0.04545455, .medium),
  ]

  /// The Material 2 type scale: MDC-Android's `TextAppearance.MaterialComponents.*`, Headline1
  /// to Overline.
  ///
  /// | style | size sp | Compose line height sp | Compose tracking sp | MDC letterSpacing em | weight | caps |
  /// |---|---|---|---|---|---|---|
  /// | Headline1 | 96 | 112 | −1.5 | −0.015625 | 300 | |
  /// | Headline2 | 60 | 72 | −0.5 | −0.00833333 | 300 | |
  /// | Headline3 | 48 | 56 | 0 | 0 | 400 | |
  /// | Headline4 | 34 | 36 | 0.25 | 0.00735294 | 400 | |
  /// | Headline5 | 24 | 24 | 0 | 0 | 400 | |
  /// | Headline6 | 20 | 24 | 0.15 | 0.0125 | 500 | |
  /// | Subtitle1 | 16 | 24 | 0.15 | 0.009375 | 400 | |
  /// | Subtitle2 | 14 | 24 | 0.1 | 0.00714286 | 500 | |
  /// | Body1 | 16 | 24 | 0.5 | 0.03125 | 400 | |
  /// | Body2 | 14 | 20 | 0.25 | 0.01785714 | 400 | |
  /// | Caption | 12 | 16 | 0.4 | 0.03333333 | 400 | |
  /// | Button | 14 | 16 | 1.25 | 0.08928571 | 500 | all caps |
  /// | Overline | 10 | 16 | 1.5 | 0.16666667 | 400 | all caps |
  ///
  /// MDC's styles set no line height (``lineHeightSp`` is `nil`). Sizes, weights, `textAllCaps`
  /// and letter spacing from MDC
  /// `lib/java/com/google/android/material/typography/res/values/styles.xml`; Compose line
  /// heights and tracking from androidx `compose/material/material/src/commonMain/kotlin/
  /// androidx/compose/material/Typography.kt` (`h1` … `overline`).
  public static let material2: [MaterialTextAppearance] = [
    m2("Headline1", 96, 112, -1.5, -0.015625, .light),
    m2("Headline2", 60, 72, -0.5, -0.00833333, .light),
    m2("Headline3", 48, 56, 0, 0, .regular),
    m2("Headline4", 34, 36, 0.25, 0.00735294, .regular),
    m2("Headline5", 24, 24, 0, 0, .regular),
    m2("Headline6", 20, 24, 0.15, 0.0125, .medium),
    m2("Subtitle1", 16, 24, 0.15, 0.009375, .regular),
    m2("Subtitle2", 14, 24, 0.1, 0.00714286, .medium),
    m2("Body1", 16, 24, 0.5, 0.03125, .regular),
    m2("Body2", 14, 20, 0.25, 0.01785714, .regular),
    m2("Caption", 12, 16, 0.4, 0.03333333, .regular),
    m2("Button", 14, 16, 1.25, 0.08928571, .medium, allCaps: true),
    m2("Overline", 10, 16, 1.5, 0.16666667, .regular, allCaps: true),
  ]

  /// The framework's Material text appearances (`TextAppearance.Material.*`, mirrored by
  /// AppCompat's `TextAppearance.AppCompat.*`) and the classic `TextAppearance.Large`, `Medium`
  /// and `Small`.
  ///
  /// Sizes from AOSP `core/res/res/values/dimens_material.xml` (`text_size_*_material`); weights
  /// from the `font_family_*_material` strings, as AppCompat's `abc_font_family_*_material`
  /// mirror them (`sans-serif-light` for Display4; `sans-serif-medium` for Title, Body2 and
  /// Button; `sans-serif` for the rest). None sets a line height or letter spacing; Button is
  /// all caps.
  public static let platform: [MaterialTextAppearance] = [
    pf("Display4", 112, .light), pf("Display3", 56), pf("Display2", 45), pf("Display1", 34),
    pf("Headline", 24), pf("Title", 20, .medium), pf("Subhead", 16), pf("Menu", 16),
    pf("Body2", 14, .medium), pf("Body1", 14), pf("Caption", 12),
    pf("Button", 14, .medium, allCaps: true), pf("Large", 22), pf("Medium", 18), pf("Small", 14),
  ]

  /// Every known appearance: ``material3``, ``material2``, then ``platform``.
  public static let all: [MaterialTextAppearance] = material3 + material2 + platform

  // MARK: - Table rows

  private static func m3(
    _ name: String, _ size: Double, _ lineHeight: Double, _ tracking: Double, _ em: Double,
    _ weight: FontWeight
  ) -> MaterialTextAppearance {
    MaterialTextAppearance(
      name: name, system: .material3, sizeSp: size, lineHeightSp: lineHeight,
      composeLineHeightSp: lineHeight, trackingSp: tracking, letterSpacingEm: em, weight: weight)
  }

  private static func m2(
    _ name: String, _ size: Double, _ composeLineHeight: Double, _ tracking: Double,
    _ em: Double, _ weight: FontWeight, allCaps: Bool = false
  ) -> MaterialTextAppearance {
    MaterialTextAppearance(
      name: name, system: .material2, sizeSp: size, lineHeightSp: nil,
      composeLineHeightSp: composeLineHeight, trackingSp: tracking, letterSpacingEm: em,
      weight: weight, allCaps: allCaps)
  }

  private static func pf(
    _ name: String, _ size: Double, _ weight: FontWeight = .regular, allCaps: Bool = false
  ) -> MaterialTextAppearance {
    MaterialTextAppearance(
      name: name, system: .platform, sizeSp: size, lineHeightSp: nil, trackingSp: 0,
      letterSpacingEm: 0, weight: weight, allCaps: allCaps)
  }
}
