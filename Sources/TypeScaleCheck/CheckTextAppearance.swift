// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// An Android text appearance a rule names (`"textAppearance"`): a Material 3 type-scale role,
/// a Material 2 (`TextAppearance.MaterialComponents.*`) or platform (`TextAppearance.Material.*`)
/// name, with its size, line height, letter spacing and weight.
///
/// Material 3 values: AndroidX `compose/material3/.../tokens/TypeScaleTokens.kt` (Compose
/// tracking in `sp`) and MDC `lib/java/.../typography/res/values/tokens.xml` (TextView
/// `letterSpacing` in em); Material 2: MDC `typography/res/values/styles.xml`; platform: AOSP
/// `core/res/res/values/dimens_material.xml`. Material 2 and platform appearances set no line
/// height.
///
/// This is the check's own table until the Metrics module's `MaterialTextAppearance` is merged
/// (issue 36); names parse ignoring case and a `TextAppearance.…` prefix.
public struct CheckTextAppearance: Hashable, Sendable {
  /// The name as the table spells it (`labelLarge`, `Body1`).
  public let name: String
  /// The text size in `sp`.
  public let textSize: Double
  /// The line height in `sp`, or `nil` when the appearance sets none.
  public let lineHeight: Double?
  /// Compose's letter spacing in `sp`.
  public let composeTracking: Double
  /// TextView's `android:letterSpacing` in em.
  public let letterSpacing: Double
  /// The weight: 400 (`sans-serif`), 500 (`sans-serif-medium`) or 300 (`sans-serif-light`).
  public let weight: Int

  /// The Material 3 type scale, then Material 2, then the platform's.
  public static let all: [CheckTextAppearance] = [
    .init("displayLarge", 57, 64, -0.2, -0.00438596, 400),
    .init("displayMedium", 45, 52, 0, 0, 400),
    .init("displaySmall", 36, 44, 0, 0, 400),
    .init("headlineLarge", 32, 40, 0, 0, 400),
    .init("headlineMedium", 28, 36, 0, 0, 400),
    .init("headlineSmall", 24, 32, 0, 0, 400),
    .init("titleLarge", 22, 28, 0, 0, 400),
    .init("titleMedium", 16, 24, 0.2, 0.009375, 500),
    .init("titleSmall", 14, 20, 0.1, 0.00714286, 500),
    .init("bodyLarge", 16, 24, 0.5, 0.03125, 400),
    .init("bodyMedium", 14, 20, 0.2, 0.01785714, 400),
    .init("bodySmall", 12, 16, 0.4, 0.03333333, 400),
    .init("labelLarge", 14, 20, 0.1, 0.00714286, 500),
    .init("labelMedium", 12, 16, 0.5, 0.04166667, 500),
    .init("labelSmall", 11, 16, 0.5, 0.04545455, 500),
    .init("Headline1", 96, nil, -1.5, -0.015625, 300),
    .init("Headline2", 60, nil, -0.5, -0.00833333, 300),
    .init("Headline3", 48, nil, 0, 0, 400),
    .init("Headline4", 34, nil, 0.25, 0.00735294, 400),
    .init("Headline5", 24, nil, 0, 0, 400),
    .init("Headline6", 20, nil, 0.25, 0.0125, 500),
    .init("Subtitle1", 16, nil, 0.15, 0.009375, 400),
    .init("Subtitle2", 14, nil, 0.1, 0.00714286, 500),
    .init("Body1", 16, nil, 0.5, 0.03125, 400),
    .init("Body2", 14, nil, 0.25, 0.01785714, 400),
    .init("Caption", 12, nil, 0.4, 0.03333333, 400),
    .init("Button", 14, nil, 1.25, 0.0892857, 500),
    .init("Overline", 10, nil, 1.5, 0.16666667, 400),
    .init("Material.Display4", 112, nil, 0, 0, 300),
    .init("Material.Display3", 56, nil, 0, 0, 400),
    .init("Material.Display2", 45, nil, 0, 0, 400),
    .init("Material.Display1", 34, nil, 0, 0, 400),
    .init("Material.Headline", 24, nil, 0, 0, 400),
    .init("Material.Title", 20, nil, 0, 0, 500),
    .init("Material.Subhead", 16, nil, 0, 0, 400),
    .init("Material.Menu", 16, nil, 0, 0, 500),
    .init("Material.Body2", 14, nil, 0, 0, 500),
    .init("Material.Body1", 14, nil, 0, 0, 400),
    .init("Material.Caption", 12, nil, 0, 0, 400),
    .init("Material.Button", 14, nil, 0, 0, 500),
    .init("Material.Large", 22, nil, 0, 0, 400),
    .init("Material.Medium", 18, nil, 0, 0, 400),
    .init("Material.Small", 14, nil, 0, 0, 400),
  ]

  private init(
    _ name: String, _ textSize: Double, _ lineHeight: Double?, _ composeTracking: Double,
    _ letterSpacing: Double, _ weight: Int
  ) {
    self.name = name
    self.textSize = textSize
    self.lineHeight = lineHeight
    self.composeTracking = composeTracking
    self.letterSpacing = letterSpacing
    self.weight = weight
  }

  /// Finds an appearance by name, ignoring case and a `TextAppearance.`,
  /// `TextAppearance.Material3.`, `TextAppearance.MaterialComponents.` or `@style/` prefix.
  ///
  /// - Parameter text: The name.
  /// - Throws: ``CheckError`` naming the text and the Material 3 roles.
  public init(parsing text: String) throws(CheckError) {
    var key = text.lowercased()
    for prefix in ["@style/", "?attr/", "textappearance.", "material3.", "materialcomponents."]
    where key.hasPrefix(prefix) {
      key.removeFirst(prefix.count)
    }
    if key.hasPrefix("textappearance") { key.removeFirst("textappearance".count) }
    guard
      let found = Self.all.first(where: { $0.name.lowercased() == key })
        ?? Self.all.first(where: { $0.name.lowercased() == "material." + key })
    else {
      throw CheckError(
        "unknown textAppearance \"\(text)\"; valid Material 3 roles: "
          + Self.all.prefix(15).map(\.name).joined(separator: ", ")
          + " (also Material 2 names such as Body1 and platform names such as Material.Small)")
    }
    self = found
  }

  /// The Material 3 role nearest an iOS text style, for the error an iOS `style` in an Android
  /// rule gets (`headline` → `titleMedium`).
  ///
  /// - Parameter style: The iOS text style.
  /// - Returns: The role's name.
  public static func materialRole(for style: TextStyle) -> String {
    switch style {
    case .largeTitle: "headlineLarge"
    case .title1: "headlineMedium"
    case .title2: "titleLarge"
    case .title3: "titleLarge"
    case .headline: "titleMedium"
    case .body: "bodyLarge"
    case .callout: "bodyLarge"
    case .subheadline: "bodyMedium"
    case .footnote: "bodySmall"
    case .caption1: "bodySmall"
    case .caption2: "labelSmall"
    default: "bodyLarge"
    }
  }
}
