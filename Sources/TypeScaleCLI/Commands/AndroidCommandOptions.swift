// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// The options `sizes`, `scale` and `measure` share for `--platform android`: the toolkit
/// (`--target textview|compose`), the release (`--android-version`), the display
/// (`--density`) and the font scales (`--font-scales`).
///
/// ```
/// $ typescale sizes --platform android --target compose --density 3 --font-scales 1...2
/// ```
struct AndroidCommandOptions: Sendable {
  /// `TextView` (the default) or Jetpack Compose.
  var toolkit: AndroidToolkit = .view
  /// The Android release whose font scales and curve apply (the latest by default).
  var version: AndroidVersion = .latest
  /// Pixels per dp (2.625, a 420 dpi phone, by default).
  var density: AndroidDensity = .phone420
  /// The font scales `--font-scales` named, or `nil` for the release's Settings values.
  var fontScales: [Double]?

  /// The value `--platform` takes for Android.
  static let platformName = "android"

  /// `--platform`'s values: Apple's platforms, then `android`.
  static let platformNames = Platform.allCases.map(\.rawValue) + [platformName]

  /// Whether `--platform` names Android (any case).
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Returns: `true` for `--platform android`.
  static func isAndroid(_ parsed: ParsedArguments) -> Bool {
    parsed.value("platform")?.lowercased() == platformName
  }

  /// The option specs, each saying it applies with `--platform android`.
  ///
  /// - Parameter includesTarget: Whether to add `--target` (`measure` has its own, which also
  ///   takes the Apple targets).
  /// - Returns: The specs, in help order.
  static func specs(includesTarget: Bool = true) -> [OptionSpec] {
    var specs: [OptionSpec] = []
    if includesTarget {
      specs.append(
        .option(
          "target", valueName: "target",
          help: "With --platform android, the toolkit: textview (the default: TextView, whole "
            + "pixels) or compose (Jetpack Compose, float pixels and Compose's own curve).",
          allowedValues: ["textview", "compose"]))
    }
    specs += [
      .option(
        "android-version", valueName: "release",
        help: "With --platform android, the Android release (default: "
          + "\(AndroidVersion.latest.release)); 13 and earlier offer 0.85…1.3 and scale "
          + "linearly."),
      .option(
        "density", valueName: "px-per-dp",
        help: "With --platform android, the display's pixels per dp (default: 2.625, a 420 dpi "
          + "phone; also 160dpi…640dpi, xxhdpi …)."),
      .option(
        "font-scales", valueName: "scales",
        help: "With --platform android, the font scales: 1.3, 130%, 1.3x, lists (1,1.3) and "
          + "ranges over the release's Settings values (0.85...2.0; default: all of them)."),
    ]
    return specs
  }

  /// Reads the options; refuses them without `--platform android`.
  ///
  /// - Parameters:
  ///   - parsed: The parsed command line.
  ///   - readsTarget: Whether `--target` is this type's to read.
  /// - Throws: ``CLIError`` naming a bad value, or an Android option given for an Apple
  ///   platform.
  init(parsed: ParsedArguments, readsTarget: Bool = true) throws(CLIError) {
    let names = (readsTarget ? ["target"] : []) + ["android-version", "density", "font-scales"]
    guard Self.isAndroid(parsed) else {
      if let name = names.first(where: { parsed.value($0) != nil }) {
        throw .validation("--\(name) applies only with --platform android")
      }
      return
    }
    do throws(MetricsError) {
      if readsTarget, let name = parsed.value("target") {
        toolkit = try AndroidToolkit(parsing: name)
      }
      if let text = parsed.value("android-version") {
        version = try AndroidVersion(parsing: text)
      }
      if let text = parsed.value("density") { density = try AndroidDensity(parsing: text) }
      if let text = parsed.value("font-scales") {
        fontScales = try AndroidFontScaleSelection(parsing: text).fontScales(version: version)
      }
    } catch {
      throw CLIError(error)
    }
  }

  /// The font scales a sweep visits: `--font-scales`, or the release's Settings values.
  var steps: [Double] { fontScales ?? version.defaultFontScales }

  /// A text size's scale under these options.
  ///
  /// - Parameter sp: The size at font scale 1, in `sp`.
  /// - Returns: The scale.
  /// - Throws: ``CLIError`` for a size or font scale out of range.
  func scale(_ sp: Double) throws(CLIError) -> AndroidTextScale {
    do throws(MetricsError) {
      return try AndroidTextScale(
        textSize: try DesignSize(sp), fontScales: steps, version: version, toolkit: toolkit,
        density: density)
    } catch {
      throw CLIError(error)
    }
  }

  /// One line naming the toolkit, release and density: `TextView, Android 16, 2.625 px/dp
  /// (420 dpi)`.
  var header: String {
    let name = toolkit == .view ? "TextView" : "Jetpack Compose"
    return "\(name), Android \(version.release), \(formatNumber(density.pixelsPerDp)) px/dp "
      + "(\(formatNumber(density.dpi)) dpi)"
  }
}
