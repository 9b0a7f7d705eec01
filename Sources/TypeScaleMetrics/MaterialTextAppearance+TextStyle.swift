// SPDX-License-Identifier: Apache-2.0

extension TextStyle {
  /// The Material 3 role nearest to this iOS text style: what an Android rule should name
  /// instead of an iOS style.
  ///
  /// The pairing follows each style's place in the hierarchy and, within it, its size:
  ///
  /// | iOS style (pt) | Material 3 role (sp) |
  /// |---|---|
  /// | extraLargeTitle (36) | displaySmall (36) |
  /// | largeTitle (34) | headlineLarge (32) |
  /// | extraLargeTitle2 (28) | headlineMedium (28) |
  /// | title1 (28) | headlineMedium (28) |
  /// | title2 (22) | headlineSmall (24) |
  /// | title3 (20) | titleLarge (22) |
  /// | headline (17, semibold) | titleMedium (16, medium) |
  /// | subheadline (15) | titleSmall (14, medium) |
  /// | body (17) | bodyLarge (16) |
  /// | callout (16) | bodyMedium (14) |
  /// | footnote (13) | bodySmall (12) |
  /// | caption1 (12) | bodySmall (12) |
  /// | caption2 (11) | labelSmall (11) |
  ///
  /// ```swift
  /// TextStyle.body.materialRole.name      // "bodyLarge"
  /// TextStyle.headline.materialRole.name  // "titleMedium"
  /// ```
  public var materialRole: MaterialTextAppearance {
    let name: String
    switch self {
    case .extraLargeTitle: name = "displaySmall"
    case .largeTitle: name = "headlineLarge"
    case .extraLargeTitle2, .title1: name = "headlineMedium"
    case .title2: name = "headlineSmall"
    case .title3: name = "titleLarge"
    case .headline: name = "titleMedium"
    case .subheadline: name = "titleSmall"
    case .body: name = "bodyLarge"
    case .callout: name = "bodyMedium"
    case .footnote, .caption1: name = "bodySmall"
    case .caption2: name = "labelSmall"
    }
    // Every name above is a row of the table; the fallback is never taken.
    return MaterialTextAppearance.material3.first { $0.name == name }
      ?? MaterialTextAppearance.material3[9]
  }
}
