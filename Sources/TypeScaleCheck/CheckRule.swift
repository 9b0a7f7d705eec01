// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleStrings

/// What a rule (or the constraints' `defaults`) sets; a field left `nil` comes from `defaults`,
/// then from ``CheckRule/Resolved``'s built-in values.
public struct CheckSettings: Hashable, Sendable {
  /// A text style name (`body`, `headline`, any spelling `TextStyle(parsing:)` takes) or a
  /// token of the typography.
  public var style: String?
  /// The label's width in points, finite and in (0, ``CheckConstraints/maximumWidth``].
  public var width: Double?
  /// The line limit; 0 for none.
  public var lineLimit: Int?
  /// Whether a truncated label is acceptable.
  public var truncation: Bool?
  /// The categories that must fit.
  public var categories: CategorySelection?
  /// The device variant to check (`iphone`, `ipad`, `mac`, …); entries with no device step
  /// always count.
  public var device: String?
  /// The platform: iOS or Android; `nil` follows `defaults`, the file, then the entry's catalog.
  public var platform: CheckPlatform?
  /// Android: the font scales that must fit; Android 14's seven Settings values by default.
  public var fontScales: CheckFontScaleSelection?
  /// Android: the version whose font scaling applies (13 and earlier: linear, four Settings
  /// values; 14 and later: non-linear, seven); 14 by default.
  public var androidVersion: Int?
  /// Android: the text size in `sp`.
  public var textSize: Double?
  /// Android: a text appearance (a Material 3 role such as `labelLarge`, a Material 2 or
  /// platform name).
  public var textAppearance: String?
  /// Android: the display density in px per dp; 2.625 (420 dpi) by default.
  public var density: Double?
  /// Android: the toolkit, TextView by default.
  public var target: CheckAndroidTarget?
  /// Android: what happens past `maxLines`; clipping by default.
  public var ellipsize: CheckEllipsize?
  /// Android: `lineBreakWordStyle`, none by default.
  public var lineBreakWordStyle: CheckLineBreakWordStyle?
  /// Android: `includeFontPadding`; on for TextView, off for Compose by default.
  public var includeFontPadding: Bool?

  /// Creates settings.
  public init(
    style: String? = nil, width: Double? = nil, lineLimit: Int? = nil, truncation: Bool? = nil,
    categories: CategorySelection? = nil, device: String? = nil
  ) {
    self.style = style
    self.width = width
    self.lineLimit = lineLimit
    self.truncation = truncation
    self.categories = categories
    self.device = device
  }

  /// These settings, with each unset field taken from `other`.
  ///
  /// - Parameter other: The fallback settings.
  /// - Returns: The merged settings.
  public func filled(from other: CheckSettings?) -> CheckSettings {
    guard let other else { return self }
    var filled = CheckSettings(
      style: style ?? other.style, width: width ?? other.width,
      lineLimit: lineLimit ?? other.lineLimit, truncation: truncation ?? other.truncation,
      categories: categories ?? other.categories, device: device ?? other.device)
    filled.platform = platform ?? other.platform
    filled.fontScales = fontScales ?? other.fontScales
    filled.androidVersion = androidVersion ?? other.androidVersion
    filled.textSize = textSize ?? other.textSize
    filled.textAppearance = textAppearance ?? other.textAppearance
    filled.density = density ?? other.density
    filled.target = target ?? other.target
    filled.ellipsize = ellipsize ?? other.ellipsize
    filled.lineBreakWordStyle = lineBreakWordStyle ?? other.lineBreakWordStyle
    filled.includeFontPadding = includeFontPadding ?? other.includeFontPadding
    return filled
  }
}

/// A rule of a constraints file: a key pattern and the settings of keys it matches.
///
/// The first
/// rule whose pattern matches a key wins.
public struct CheckRule: Hashable, Sendable {
  /// The key pattern.
  public var keys: KeyGlob
  /// The settings.
  public var settings: CheckSettings

  /// Creates a rule.
  public init(keys: KeyGlob, settings: CheckSettings) {
    self.keys = keys
    self.settings = settings
  }

  /// A rule with every field decided: what one entry is checked against.
  public struct Resolved: Hashable, Sendable {
    /// The rule's key pattern, or `defaults`.
    public var name: String
    /// The style or token; `body` when neither rule nor defaults name one.
    public var style: String
    /// The width in points, or `nil` for an unwrapped label (no width set anywhere).
    public var width: Double?
    /// The line limit, 0 for none (the default, as `UILabel.numberOfLines = 0`).
    public var lineLimit: Int
    /// Whether truncation is acceptable; `false` by default.
    public var truncationAllowed: Bool
    /// The categories that must fit; all twelve by default; empty for an Android rule.
    public var categories: [ContentSizeCategory]
    /// The steps that must fit: ``categories``, or an Android rule's font scales.
    public var steps: [SizeStep]
    /// The Android settings, or `nil` for an iOS rule.
    public var android: Android?
    /// The device variant checked, or `nil` for all.
    public var device: String?

    /// Resolves settings, filling what is unset with the built-in values.
    ///
    /// - Parameters:
    ///   - name: The rule's pattern or `defaults`.
    ///   - settings: The settings, already filled from `defaults`.
    public init(name: String, settings: CheckSettings) {
      self.name = name
      style = settings.style ?? "body"
      width = settings.width
      lineLimit = settings.lineLimit ?? 0
      truncationAllowed = settings.truncation ?? false
      device = settings.device
      if settings.platform == .android {
        let android = Android(settings)
        self.android = android
        categories = []
        steps = android.fontScales.map(SizeStep.fontScale)
        style = android.styleName
      } else {
        android = nil
        categories = (settings.categories ?? .all).categories
        steps = categories.map(SizeStep.category)
      }
    }
  }
}
