// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

// The seam between check and the Android sizing of issue 36: every Android rule is resolved
// here, so the Metrics module's `AndroidTextScale`, `AndroidFontScaleSelection` and
// `MaterialTextAppearance` replace the check's own stand-ins in one place.

extension CheckRule.Resolved {
  /// An Android rule's settings, every field decided.
  public struct Android: Hashable, Sendable {
    /// The font scales that must fit, smallest first.
    public var fontScales: [Double]
    /// The Android version whose font scaling applies; 14 by default.
    public var version: Int
    /// The text size in `sp`: `textSize`, else the appearance's, else 14 (`Widget.TextView`'s
    /// `textAppearanceSmall`, `text_size_small_material`: AOSP
    /// `core/res/res/values/styles.xml`, `dimens_material.xml`).
    public var textSize: Double
    /// The appearance, when the rule names one.
    public var appearance: CheckTextAppearance?
    /// The density, px per dp; 2.625 (420 dpi) by default.
    public var density: Double
    /// The toolkit; TextView by default.
    public var target: CheckAndroidTarget
    /// What happens past `maxLines`.
    public var ellipsize: CheckEllipsize
    /// `lineBreakWordStyle`.
    public var lineBreakWordStyle: CheckLineBreakWordStyle
    /// `includeFontPadding`: on for TextView (AOSP `TextView.java`, `mIncludePad = true`), off
    /// for Compose with Material 3 (AndroidX `TypographyTokens.kt`).
    public var includeFontPadding: Bool

    /// The default density: 2.625 px per dp, a 420 dpi phone (AOSP
    /// `core/java/android/util/DisplayMetrics.java`, `DENSITY_420`).
    public static let defaultDensity = 2.625
    /// The default text size in `sp`: 14.
    public static let defaultTextSize = 14.0
    /// The default Android version: 14, the first with non-linear font scaling.
    public static let defaultVersion = 14

    /// Resolves an Android rule's settings (already checked by decoding).
    init(_ settings: CheckSettings) {
      version = settings.androidVersion ?? Self.defaultVersion
      appearance = settings.textAppearance.flatMap { try? CheckTextAppearance(parsing: $0) }
      textSize = settings.textSize ?? appearance?.textSize ?? Self.defaultTextSize
      fontScales =
        settings.fontScales?.fontScales
        ?? CheckFontScaleSelection.settings(androidVersion: version)
      density = settings.density ?? Self.defaultDensity
      target = settings.target ?? .textView
      ellipsize = settings.ellipsize ?? .none
      lineBreakWordStyle = settings.lineBreakWordStyle ?? .none
      includeFontPadding = settings.includeFontPadding ?? (target == .textView)
    }

    /// What a result names as its style: the appearance, else the size (`14sp`).
    public var styleName: String {
      appearance?.name ?? "\(NumberText.shortest(textSize))sp"
    }

    /// The font-scale curve's Android release: Compose's own copy for Compose (non-linear on
    /// every version), the platform's for TextView from Android 14; `nil` (linear,
    /// `sp × fontScale × density` as `TypedValue.applyDimension` did before API 34) for a
    /// TextView on Android 13 and earlier.
    public var curveRelease: AndroidFontScaleCurve.Release? {
      switch target {
      case .compose: .jetpackCompose
      case .textView: version >= 14 ? .android14QPR : nil
      }
    }

    /// The text size at a font scale: `sp`, the curve's `dp` (unrounded) and the pixels the
    /// toolkit uses (TextView rounds half up to a whole pixel as `getDimensionPixelSize`,
    /// AOSP `TypedValue.complexToDimensionPixelSize`; Compose keeps the float).
    ///
    /// - Parameter fontScale: The font scale.
    /// - Returns: The sizes.
    /// - Throws: ``CheckError`` for a font scale the curve refuses.
    public func size(at fontScale: Double) throws(CheckError) -> AndroidSize {
      let dp: Double
      if let release = curveRelease {
        do throws(MetricsError) {
          dp = try AndroidFontScaleCurve(fontScale: fontScale, release: release).scale(textSize)
        } catch {
          throw CheckError(error.message, cause: error)
        }
      } else {
        dp = textSize * fontScale
      }
      let exact = dp * density
      let px: Double
      switch target {
      case .textView:
        let rounded = (Float(exact) + 0.5).rounded(.down)
        px = rounded == 0 && exact != 0 ? 1 : Double(rounded)
      case .compose: px = exact
      }
      return AndroidSize(fontScale: fontScale, sp: textSize, dp: dp, px: px, density: density)
    }
  }

  /// A text size at one Android font scale.
  public struct AndroidSize: Hashable, Sendable, ScaledPointSize {
    /// The font scale.
    public var fontScale: Double
    /// The size at font scale 1, in `sp`.
    public var sp: Double
    /// The curve's size in `dp`, unrounded.
    public var dp: Double
    /// The size in pixels as the toolkit uses it.
    public var px: Double
    /// The density, px per dp.
    public var density: Double
    /// The size the layout uses, in dp: ``px`` divided by the density.
    public var points: Double { px / density }
  }
}

extension CheckRule.Resolved.Android {
  /// Android's text sizes over a rule's font scales, as a `SizeScale` the layout engine sweeps.
  struct Scale: SizeScale {
    let rule: CheckRule.Resolved.Android
    var steps: [Double] { rule.fontScales }

    func size(at step: Double) throws(MetricsError) -> CheckRule.Resolved.AndroidSize {
      do throws(CheckError) {
        return try rule.size(at: step)
      } catch {
        throw MetricsError(.invalidFontScale, error.message)
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
          let fit = (try? TextStyle(parsing: style)).map(CheckTextAppearance.materialRole)
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
