// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// The platform a cases file's set measures for: an iPhone (the default) or an Android phone.
enum CasesPlatform: String {
  case iOS = "ios"
  case android

  /// The keys only an Android set takes.
  static let androidKeys: Set<String> = [
    "fontScales", "textAppearances", "textSizes", "density", "androidVersion",
  ]
  /// The keys only an iOS set takes.
  static let iOSKeys: Set<String> = ["styles", "categories", "sizing"]
}

/// An Android set's sizes and font scales, checked and not yet expanded.
struct CasesAndroid {
  /// The sizes: Material roles (`appearance`) or plain sizes in `sp`, in file order.
  var sizes: [(appearance: MaterialTextAppearance?, sp: Double)]
  /// The font scales, smallest first.
  var fontScales: [Double]
  /// The Android release.
  var version: AndroidVersion
  /// The display's density.
  var density: AndroidDensity
  /// The font scales whose cases must fit.
  var mustFit: Set<Double> = []
}

extension GoldenCasesFile {
  /// Reads `platform`: `"ios"` (the default) or `"android"`.
  static func readPlatform(
    _ value: _JSONValue?, _ path: String, problems: inout CasesProblems
  ) -> CasesPlatform {
    switch value {
    case nil: return .iOS
    case .string(let text)?:
      if let platform = CasesPlatform(rawValue: text.lowercased()) { return platform }
      problems.add(path, "\"\(text)\" is not a platform; use ios or android")
    case let value?:
      problems.expected(path, "ios or android (a string)", found: value)
    }
    return .iOS
  }

  /// Reports the keys of the other platform: iOS keys in an Android set, Android keys in an iOS
  /// set, each named with what the set takes instead.
  static func checkPlatformKeys(
    _ set: [String: _JSONValue], _ path: String, platform: CasesPlatform,
    problems: inout CasesProblems
  ) {
    switch platform {
    case .android:
      for key in set.keys.sorted() where CasesPlatform.iOSKeys.contains(key) {
        let instead =
          key == "categories"
          ? "give font scales as \"fontScales\" (\"0.85...2.0\")"
          : key == "styles"
            ? "give Material roles as \"textAppearances\" ([\"labelLarge\"]) or sizes in sp as "
              + "\"textSizes\" ([14])"
            : "Android sizes follow the release's font-scale curve; leave it out"
        problems.add(
          "\(path).\(key)", "\"\(key)\" is an iOS key and this set is Android; \(instead)")
      }
    case .iOS:
      for key in set.keys.sorted() where CasesPlatform.androidKeys.contains(key) {
        problems.add(
          "\(path).\(key)",
          "\"\(key)\" is an Android key and this set is iOS; give \"platform\": \"android\" to "
            + "the set or the whole file")
      }
    }
  }

  /// Reads an Android set's release, density, sizes and font scales.
  static func readAndroid(
    _ set: [String: _JSONValue], _ path: String, hasTypography: Bool,
    problems: inout CasesProblems
  ) -> CasesAndroid? {
    var version = AndroidVersion.latest
    do throws(MetricsError) {
      switch set["androidVersion"] {
      case nil: break
      case .integer(let release)?: version = try AndroidVersion(release)
      case .string(let text)?: version = try AndroidVersion(parsing: text)
      case let value?:
        problems.expected(
          "\(path).androidVersion", "a release number such as 14 (or \"API 34\")", found: value)
      }
    } catch {
      problems.add("\(path).androidVersion", error.message)
    }

    var density = AndroidDensity.phone420
    do throws(MetricsError) {
      switch set["density"] {
      case nil: break
      case .string(let text)?: density = try AndroidDensity(parsing: text)
      case let value?:
        if let number = value.double {
          density = try AndroidDensity(number)
        } else {
          problems.expected(
            "\(path).density", "pixels per dp (2.625), \"420dpi\" or a bucket (\"xxhdpi\")",
            found: value)
        }
      }
    } catch {
      problems.add("\(path).density", error.message)
    }

    var sizes: [(appearance: MaterialTextAppearance?, sp: Double)] = []
    if let value = set["textAppearances"] {
      if case .array(let list) = value, !list.isEmpty {
        for (index, item) in list.enumerated() {
          guard let name = item.string else {
            problems.expected(
              "\(path).textAppearances[\(index)]", "a Material role such as \"labelLarge\"",
              found: item)
            continue
          }
          do throws(MetricsError) {
            let appearance = try MaterialTextAppearance(parsing: name)
            sizes.append((appearance, appearance.sizeSp))
          } catch {
            problems.add("\(path).textAppearances[\(index)]", error.message)
          }
        }
      } else {
        problems.expected(
          "\(path).textAppearances", "a non-empty array of Material roles ([\"labelLarge\"])",
          found: value)
      }
    }
    if let value = set["textSizes"] {
      if case .array(let list) = value, !list.isEmpty {
        for (index, item) in list.enumerated() {
          guard let sp = item.double else {
            problems.expected("\(path).textSizes[\(index)]", "a size in sp (a number)", found: item)
            continue
          }
          do throws(MetricsError) {
            _ = try DesignSize(sp)
            sizes.append((nil, sp))
          } catch {
            problems.add("\(path).textSizes[\(index)]", error.message)
          }
        }
      } else {
        problems.expected(
          "\(path).textSizes", "a non-empty array of sizes in sp ([14])", found: value)
      }
    }
    if set["textAppearances"] == nil && set["textSizes"] == nil {
      problems.add(
        "\(path)",
        "an Android set needs sizes: Material roles as \"textAppearances\" ([\"labelLarge\"]) "
          + "and/or sizes in sp as \"textSizes\" ([14])")
    }

    let fontScales =
      set["fontScales"].map {
        readFontScales($0, "\(path).fontScales", version: version, problems: &problems)
      } ?? version.defaultFontScales
    return CasesAndroid(sizes: sizes, fontScales: fontScales, version: version, density: density)
  }

  /// Reads font scales: a selection as `AndroidFontScaleSelection(parsing:)` reads it
  /// (`"0.85...2.0"`, `"1, 1.3x"`, `"default"`) or an array of numbers.
  static func readFontScales(
    _ value: _JSONValue, _ path: String, version: AndroidVersion, problems: inout CasesProblems
  ) -> [Double] {
    let expected =
      "font scales: a range such as \"0.85...2.0\", a list \"1, 1.3x\", \"default\", or a "
      + "non-empty array of numbers"
    do throws(MetricsError) {
      switch value {
      case .string(let text):
        return try AndroidFontScaleSelection(parsing: text).fontScales(version: version)
      case .array(let list) where !list.isEmpty:
        var scales: [Double] = []
        for (index, item) in list.enumerated() {
          guard let scale = item.double else {
            problems.expected("\(path)[\(index)]", "a font scale (a number)", found: item)
            continue
          }
          scales.append(scale)
        }
        return try AndroidFontScaleSelection(scales).fontScales(version: version)
      default:
        problems.expected(path, expected, found: value)
        return []
      }
    } catch {
      problems.add(path, error.message)
      return []
    }
  }
}

extension CasesSet {
  /// Appends an Android set's cases: texts, fonts, sizes, font scales, widths (innermost); ids
  /// `set/text/font/labelLarge/1.3x/120`.
  func expand(_ android: CasesAndroid, into cases: inout [GoldenCase]) {
    for (id, text) in texts {
      for font in fonts {
        for size in android.sizes {
          for fontScale in android.fontScales {
            let sizing = GoldenAndroidSizing(
              fontScale: fontScale, appearance: size.appearance, textSize: size.sp,
              version: android.version, density: android.density)
            for width in widths {
              let widthName =
                width.map { NumberText.fixed($0, decimals: 3, trimsZeros: true) } ?? "unwrapped"
              var test = GoldenCase(
                id: "\(name)/\(id)/\(font)/\(sizing.sizeName)/\(sizing.stepName)/\(widthName)",
                text: text, font: font, width: width, lineLimit: lines, truncation: truncation,
                target: target, strategy: strategy, language: language,
                mustFit: android.mustFit.contains(fontScale), strict: strict)
              test.android = sizing
              cases.append(test)
            }
          }
        }
      }
    }
  }
}
