// SPDX-License-Identifier: Apache-2.0

/// The Material 3 roles by name, so that code reads `.labelLarge` as Compose's
/// `MaterialTheme.typography.labelLarge` does.
///
/// ```swift
/// MaterialTextAppearance.labelLarge.sizeSp   // 14
/// MaterialTextAppearance.labelLarge.weight   // medium (500)
/// ```
extension MaterialTextAppearance {
  /// Material 3 `displayLarge`.
  public static var displayLarge: MaterialTextAppearance { role("displayLarge") }
  /// Material 3 `displayMedium`.
  public static var displayMedium: MaterialTextAppearance { role("displayMedium") }
  /// Material 3 `displaySmall`.
  public static var displaySmall: MaterialTextAppearance { role("displaySmall") }
  /// Material 3 `headlineLarge`.
  public static var headlineLarge: MaterialTextAppearance { role("headlineLarge") }
  /// Material 3 `headlineMedium`.
  public static var headlineMedium: MaterialTextAppearance { role("headlineMedium") }
  /// Material 3 `headlineSmall`.
  public static var headlineSmall: MaterialTextAppearance { role("headlineSmall") }
  /// Material 3 `titleLarge`.
  public static var titleLarge: MaterialTextAppearance { role("titleLarge") }
  /// Material 3 `titleMedium`.
  public static var titleMedium: MaterialTextAppearance { role("titleMedium") }
  /// Material 3 `titleSmall`.
  public static var titleSmall: MaterialTextAppearance { role("titleSmall") }
  /// Material 3 `bodyLarge`.
  public static var bodyLarge: MaterialTextAppearance { role("bodyLarge") }
  /// Material 3 `bodyMedium`.
  public static var bodyMedium: MaterialTextAppearance { role("bodyMedium") }
  /// Material 3 `bodySmall`.
  public static var bodySmall: MaterialTextAppearance { role("bodySmall") }
  /// Material 3 `labelLarge`.
  public static var labelLarge: MaterialTextAppearance { role("labelLarge") }
  /// Material 3 `labelMedium`.
  public static var labelMedium: MaterialTextAppearance { role("labelMedium") }
  /// Material 3 `labelSmall`.
  public static var labelSmall: MaterialTextAppearance { role("labelSmall") }

  /// The Material 3 role with a name from ``material3``.
  private static func role(_ name: String) -> MaterialTextAppearance {
    material3.first { $0.name == name } ?? material3[0]
  }
}
