// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

// The seam between check and the Android sizing of issue 36: every Android rule is resolved
// here, so the Metrics module's `AndroidTextScale`, `AndroidFontScaleSelection` and
// `MaterialTextAppearance` replace the check's own stand-ins in one place.

extension CheckRule.Resolved {
  /// An Android rule's settings, every field decided.
  public struct Android: Hashable, Sendable {
    /// The font scales that must fit, smallest first: `fontScales` on the rule's version, else
    /// that version's Settings values (`AndroidVersion.defaultFontScales`).
    public var fontScales: [Double]
    /// The Android version whose font scaling applies; `AndroidVersion.latest` by default.
    public var version: AndroidVersion
    /// The text size in `sp`: `textSize`, else the appearance's, else 14 (`Widget.TextView`'s
    /// `textAppearanceSmall`, `text_size_small_material`: AOSP
    /// `core/res/res/values/styles.xml`, `dimens_material.xml`).
    public var textSize: Double
    /// The appearance: the rule's `textAppearance`, or, for an Android entry checked with
    /// settings shared with iOS (a `defaults` with no platform), the Material 3 role of their
    /// iOS `style` (`TextStyle.materialRole`: body → bodyLarge); `nil` for a bare `textSize`.
    public var appearance: MaterialTextAppearance?
    /// The density; 2.625 px per dp (a 420 dpi phone) by default.
    public var density: AndroidDensity
    /// The toolkit; TextView by default.
    public var target: CheckAndroidTarget
    /// What happens past `maxLines`.
    public var ellipsize: CheckEllipsize
    /// `lineBreakWordStyle`.
    public var lineBreakWordStyle: CheckLineBreakWordStyle
    /// `includeFontPadding`, or `nil` for the toolkit's (on for TextView, AOSP `TextView.java`
    /// `mIncludePad = true`; off for Compose with Material 3, AndroidX `TypographyTokens.kt`).
    public var includeFontPadding: Bool?
    /// The sizes at each font scale; `nil` only for settings decoding would have refused.
    public var scale: AndroidTextScale?

    /// The default text size in `sp`: 14.
    public static let defaultTextSize = 14.0

    /// Resolves an Android rule's settings (already checked by decoding; a value decoding
    /// would refuse falls back to its default).
    init(_ settings: CheckSettings) {
      let version = settings.androidVersion.flatMap { try? AndroidVersion($0) } ?? .latest
      // A style inherited from settings shared with iOS entries (defaults with no platform)
      // stands for its Material 3 role; a rule that says "android" may not name one.
      let inherited =
        settings.textSize == nil
        ? settings.style.flatMap { try? TextStyle(parsing: $0) }?.materialRole : nil
      let appearance =
        settings.textAppearance.flatMap { try? MaterialTextAppearance(parsing: $0) } ?? inherited
      let target = settings.target ?? .textView
      let density = settings.density.flatMap { try? AndroidDensity($0) } ?? .phone420
      let fontScales =
        settings.fontScales?.fontScales(version: version) ?? version.defaultFontScales
      let textSize = settings.textSize ?? appearance?.sizeSp ?? Self.defaultTextSize
      let toolkit: AndroidToolkit = target == .compose ? .compose : .view
      self.version = version
      self.appearance = appearance
      self.target = target
      self.density = density
      self.fontScales = fontScales
      self.textSize = textSize
      ellipsize = settings.ellipsize ?? .none
      lineBreakWordStyle = settings.lineBreakWordStyle ?? .none
      includeFontPadding = settings.includeFontPadding
      let design = (try? DesignSize(textSize)) ?? (try? DesignSize(Self.defaultTextSize))
      scale = design.flatMap {
        try? AndroidTextScale(
          textSize: $0, fontScales: fontScales, version: version, toolkit: toolkit,
          density: density)
      }
    }

    /// What a result names as its style: the appearance, else the size (`14sp`).
    public var styleName: String {
      appearance?.name ?? "\(NumberText.shortest(textSize))sp"
    }

    /// The text size at a font scale, as `AndroidTextScale` gives it: `sp`, the curve's `dp`,
    /// and the pixels the toolkit uses (whole for TextView as `getDimensionPixelSize`, float for
    /// Compose).
    ///
    /// - Parameter fontScale: The font scale.
    /// - Returns: The sizes.
    /// - Throws: ``CheckError`` for a font scale outside the valid range.
    public func size(at fontScale: Double) throws(CheckError) -> AndroidTextSize {
      guard let scale else {
        throw CheckError(
          "text size \(NumberText.shortest(textSize)) sp or its font scales are not valid")
      }
      do throws(MetricsError) {
        return try scale.size(at: fontScale)
      } catch {
        throw CheckError(error.message, cause: error)
      }
    }
  }
}

// MARK: - Platform checks of a constraints file

extension CheckConstraints {
  /// Fields only an iOS rule may set.
  static let iOSOnlyFields = ["categories", "style"]
  /// Fields only an Android rule may set.
  static let androidOnlyFields = [
    "fontScales", "androidVersion", "textSize", "textAppearance", "density", "target",
    "maxLines", "ellipsize", "lineBreakWordStyle", "includeFontPadding",
  ]

  /// Checks that each rule's fields belong to its platform: an iOS `style` in an Android rule
  /// is an error naming the Material 3 role that fits, other iOS-only fields in Android rules
  /// and Android-only fields in iOS rules are errors naming the field.
  ///
  /// A rule's platform is its own `"platform"`, else `defaults`', else the file's; a rule
  /// with none is not checked here (its entries' catalogs decide).
  ///
  /// - Parameters:
  ///   - filePlatform: The file's top-level platform.
  ///   - place: Prefixes a JSON path with the file.
  /// - Throws: ``CheckError`` for the first field on the wrong platform.
  func validatePlatforms(filePlatform: CheckPlatform?, place: (String) -> String)
    throws(CheckError)
  {
    var named: [(String, CheckSettings)] = []
    if let defaults { named.append(("defaults", defaults)) }
    for (index, rule) in rules.enumerated() { named.append(("rules[\(index)]", rule.settings)) }
    for (path, settings) in named {
      let isDefaults = path == "defaults"
      let platform =
        settings.platform ?? (isDefaults ? nil : defaults?.platform) ?? filePlatform
      let label =
        isDefaults
        ? "defaults" : "rule \"\(rules[Int(path.dropFirst(6).dropLast()) ?? 0].keys.pattern)\""
      switch platform {
      case .android?:
        if let style = settings.style {
          let fit = (try? TextStyle(parsing: style)).map(\.materialRole.name)
          let hint =
            fit.map { "on Android use \"textAppearance\": \"\($0)\" or \"textSize\"" }
            ?? "on Android use \"textAppearance\" (a Material 3 role such as bodyLarge) or "
            + "\"textSize\" in sp"
          throw CheckError(
            place(path + ".style") + ": \(label): \"style\": \"\(style)\" is an iOS text style; "
              + hint)
        }
        if settings.categories != nil {
          throw CheckError(
            place(path + ".categories") + ": \(label): \"categories\" are iOS content-size "
              + "categories; on Android use \"fontScales\", such as \"0.85...2.0\"")
        }
      case .iOS?:
        if let field = settings.androidFields.first {
          throw CheckError(
            place(path + "." + field) + ": \(label): \"\(field)\" is an Android field; "
              + "set \"platform\": \"android\" on the rule or the file, or remove it")
        }
      case nil:
        break
      }
    }
  }
}

extension CheckSettings {
  /// The Android-only fields these settings set, in the order of
  /// ``CheckConstraints/androidOnlyFields``.
  var androidFields: [String] {
    var fields: [String] = []
    if fontScales != nil { fields.append("fontScales") }
    if androidVersion != nil { fields.append("androidVersion") }
    if textSize != nil { fields.append("textSize") }
    if textAppearance != nil { fields.append("textAppearance") }
    if density != nil { fields.append("density") }
    if target != nil { fields.append("target") }
    if ellipsize != nil { fields.append("ellipsize") }
    if lineBreakWordStyle != nil { fields.append("lineBreakWordStyle") }
    if includeFontPadding != nil { fields.append("includeFontPadding") }
    return fields
  }

  /// These settings for an entry: the platform decided (the rule's, else the file's, else
  /// Android for an Android catalog's entry, else iOS).
  ///
  /// - Parameters:
  ///   - filePlatform: The constraints file's top-level platform.
  ///   - isAndroidEntry: Whether the entry comes from an Android `strings.xml`.
  /// - Returns: The settings with ``platform`` set.
  func deciding(filePlatform: CheckPlatform?, isAndroidEntry: Bool) -> CheckSettings {
    var settings = self
    settings.platform =
      platform ?? filePlatform
      ?? (isAndroidEntry || !androidFields.isEmpty ? .android : .iOS)
    return settings
  }
}
