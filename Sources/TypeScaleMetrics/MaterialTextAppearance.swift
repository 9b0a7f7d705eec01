// SPDX-License-Identifier: Apache-2.0

/// One Android text appearance: a Material 3 type-scale role (`labelLarge`), a Material 2 style
/// (`Headline6`) or a platform `TextAppearance` (`TextAppearance.Material.Body1`), with its size,
/// line height, tracking and weight.
///
/// The three families:
///
/// - ``System/material3``: the 15 roles of the Material 3 type scale (``material3``). Sizes, line
///   heights and weights from androidx `compose/material3/.../tokens/TypeScaleTokens.kt`; the
///   same sizes and line heights in MDC-Android's `typography/res/values/tokens.xml`
///   (`TextAppearance.Material3.*`, `android:lineHeight` from MDC 1.11's tokens).
/// - ``System/material2``: MDC's `TextAppearance.MaterialComponents.*` (``material2``), which set
///   no line height; the Compose tracking is androidx `compose/material/Typography.kt`'s.
/// - ``System/platform``: the framework's `TextAppearance.Material.*` and AppCompat's mirror
///   (``platform``), sizes from `core/res/res/values/dimens_material.xml`, no line height, no
///   letter spacing.
///
/// Tracking comes twice: Compose writes it in `sp` (``trackingSp``), MDC Views as
/// `android:letterSpacing` in `em` (``letterSpacingEm``). They agree except for three Material 3
/// roles (displayLarge, titleMedium, bodyMedium); use the one of the toolkit you model.
///
/// ```swift
/// let role = try MaterialTextAppearance(parsing: "?attr/textAppearanceLabelLarge")
/// role.name        // "labelLarge"
/// role.sizeSp      // 14
/// role.lineHeightSp  // 20
/// role.weight      // medium (500)
/// ```
public struct MaterialTextAppearance: Hashable, Sendable, CustomStringConvertible {
  /// The design system an appearance belongs to.
  public enum System: String, CaseIterable, Hashable, Sendable {
    /// Material 3 (Material You): `MaterialTheme.typography` in Compose Material 3,
    /// `TextAppearance.Material3.*` in MDC-Android.
    case material3
    /// Material 2: `TextAppearance.MaterialComponents.*`, Compose Material's `Typography`.
    case material2
    /// The framework's `TextAppearance.Material.*` / `TextAppearance.*` and AppCompat's
    /// `TextAppearance.AppCompat.*`.
    case platform
  }

  /// The role's name as its system writes it: `labelLarge` (Material 3, as in Compose),
  /// `Headline6` (Material 2), `Body1` (platform).
  public let name: String
  /// The design system.
  public let system: System
  /// The text size in `sp`.
  public let sizeSp: Double
  /// The line height in `sp` of the View style (`android:lineHeight`), or `nil` where the style
  /// sets none and a `TextView` uses the font's own height: Material 2 and platform styles.
  public let lineHeightSp: Double?
  /// The line height in `sp` of the Compose style (`TextStyle.lineHeight`), if Compose has one.
  ///
  /// `nil` for platform appearances, which Compose has no style for. Material 3's equals
  /// ``lineHeightSp``;
  /// Compose Material's Material 2 styles set line heights MDC's do not (`h1` 112 sp …
  /// `overline` 16 sp).
  public let composeLineHeightSp: Double?
  /// Compose's `letterSpacing`, in `sp`.
  public let trackingSp: Double
  /// MDC Views' `android:letterSpacing`, in `em` (a fraction of the text size).
  public let letterSpacingEm: Double
  /// The weight: 400 for `sans-serif`, 500 for `sans-serif-medium`, 300 for `sans-serif-light`.
  public let weight: FontWeight
  /// Whether the View style sets `textAllCaps`.
  ///
  /// MDC's Material 2 Button and Overline and the platform's Button do; Compose styles never
  /// change case.
  public let allCaps: Bool

  /// Creates an appearance from its values.
  ///
  /// - Parameters:
  ///   - name: The role's name.
  ///   - system: The design system.
  ///   - sizeSp: The text size in `sp`.
  ///   - lineHeightSp: The View style's line height in `sp`, if it sets one.
  ///   - composeLineHeightSp: The Compose style's line height in `sp`, if there is one.
  ///   - trackingSp: Compose's letter spacing in `sp`.
  ///   - letterSpacingEm: MDC's letter spacing in `em`.
  ///   - weight: The weight.
  ///   - allCaps: Whether the text is shown in capitals.
  public init(
    name: String, system: System, sizeSp: Double, lineHeightSp: Double?,
    composeLineHeightSp: Double? = nil, trackingSp: Double, letterSpacingEm: Double,
    weight: FontWeight, allCaps: Bool = false
  ) {
    self.name = name
    self.system = system
    self.sizeSp = sizeSp
    self.lineHeightSp = lineHeightSp
    self.composeLineHeightSp = composeLineHeightSp
    self.trackingSp = trackingSp
    self.letterSpacingEm = letterSpacingEm
    self.weight = weight
    self.allCaps = allCaps
  }

  /// The size as a ``DesignSize`` (`sp`).
  public var textSize: DesignSize {
    (try? DesignSize(sizeSp)) ?? 0
  }

  /// The style's resource name: `TextAppearance.Material3.LabelLarge`,
  /// `TextAppearance.MaterialComponents.Headline6`, `TextAppearance.Material.Body1`.
  public var styleName: String {
    switch system {
    case .material3: "TextAppearance.Material3." + Self.capitalized(name)
    case .material2: "TextAppearance.MaterialComponents." + name
    case .platform: Self.platformStyleName(name)
    }
  }

  /// `labelLarge (Material 3)`.
  public var description: String {
    switch system {
    case .material3: "\(name) (Material 3)"
    case .material2: "\(name) (Material 2)"
    case .platform: styleName
    }
  }

  static func capitalized(_ name: String) -> String {
    guard let first = name.first else { return name }
    return first.uppercased() + name.dropFirst()
  }

  static func platformStyleName(_ name: String) -> String {
    ["Large", "Medium", "Small"].contains(name)
      ? "TextAppearance." + name : "TextAppearance.Material." + name
  }
}
