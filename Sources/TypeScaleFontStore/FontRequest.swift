// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleMetrics

/// One face to fetch: a family and a style, and the file name a hosted folder keeps it under.
///
/// The file name follows the `Family-Style.ext` convention of font distributions and of
/// WebFontKit's hosted source: the family without spaces, a hyphen, and the style's name.
///
/// ```swift
/// let request = FontRequest(family: "Pretendard", style: .semibold)
/// request.fileStem                       // "Pretendard-SemiBold"
/// request.fileName(extension: "otf")     // "Pretendard-SemiBold.otf"
/// FontRequest(family: "Noto Sans", style: .boldItalic).fileStem  // "NotoSans-BoldItalic"
/// ```
///
/// The styles a family is loaded in read as a list of presets:
///
/// ```swift
/// try await store.load(family: "Pretendard", styles: [.regular, .bold, .boldItalic],
///                      from: hosted)
/// ```
public struct FontRequest: Hashable, Sendable, CustomStringConvertible {
  /// A weight and a slope, named the way font files are (`SemiBold`, `BoldItalic`).
  ///
  /// The presets name OpenType's nine `usWeightClass` weights, upright and italic:
  ///
  /// | Weight | Upright | Italic |
  /// | ---: | --- | --- |
  /// | 100 | ``thin`` | ``thinItalic`` |
  /// | 200 | ``extraLight`` | ``extraLightItalic`` |
  /// | 300 | ``light`` | ``lightItalic`` |
  /// | 400 | ``regular`` | ``italic-swift.type.property`` |
  /// | 500 | ``medium`` | ``mediumItalic`` |
  /// | 600 | ``semibold`` | ``semiboldItalic`` |
  /// | 700 | ``bold`` | ``boldItalic`` |
  /// | 800 | ``extraBold`` | ``extraBoldItalic`` |
  /// | 900 | ``black`` | ``blackItalic`` |
  ///
  /// They follow OpenType and CSS (100 is Thin), not Apple's `UIFont.Weight`, where 100 is
  /// `ultraLight` and 200 `thin`. Any other weight is `Style(weight:italic:)`.
  public struct Style: Hashable, Sendable, CustomStringConvertible {
    /// The weight, 1–1000.
    public var weight: FontWeight
    /// Whether the face is italic.
    public var italic: Bool

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - weight: The weight; regular by default.
    ///   - italic: Whether the face is italic.
    public init(weight: FontWeight = .regular, italic: Bool = false) {
      self.weight = weight
      self.italic = italic
    }

    /// Thin (100), upright: OpenType's and CSS's `Thin` (Apple's `UIFont.Weight.ultraLight`).
    public static let thin = Style(weight: _preset(100))
    /// Thin (100), italic.
    public static let thinItalic = Style(weight: _preset(100), italic: true)
    /// ExtraLight (200), upright: OpenType's `ExtraLight`, also called UltraLight (Apple's
    /// `UIFont.Weight.thin`).
    public static let extraLight = Style(weight: _preset(200))
    /// ExtraLight (200), italic.
    public static let extraLightItalic = Style(weight: _preset(200), italic: true)
    /// Light (300), upright.
    public static let light = Style(weight: _preset(300))
    /// Light (300), italic.
    public static let lightItalic = Style(weight: _preset(300), italic: true)
    /// Regular (400), upright.
    public static let regular = Style()
    /// Regular (400), italic.
    public static let italic = Style(italic: true)
    /// Medium (500), upright.
    public static let medium = Style(weight: _preset(500))
    /// Medium (500), italic.
    public static let mediumItalic = Style(weight: _preset(500), italic: true)
    /// SemiBold (600), upright.
    public static let semibold = Style(weight: _preset(600))
    /// SemiBold (600), italic.
    public static let semiboldItalic = Style(weight: _preset(600), italic: true)
    /// Bold (700), upright.
    public static let bold = Style(weight: _preset(700))
    /// Bold (700), italic.
    public static let boldItalic = Style(weight: _preset(700), italic: true)
    /// ExtraBold (800), upright: OpenType's `ExtraBold`, also called UltraBold (Apple's
    /// `UIFont.Weight.heavy`).
    public static let extraBold = Style(weight: _preset(800))
    /// ExtraBold (800), italic.
    public static let extraBoldItalic = Style(weight: _preset(800), italic: true)
    /// Black (900), upright, also called Heavy in OpenType's table (Apple's
    /// `UIFont.Weight.black`).
    public static let black = Style(weight: _preset(900))
    /// Black (900), italic.
    public static let blackItalic = Style(weight: _preset(900), italic: true)

    /// Every preset, lightest first, upright before italic: the nine weights of OpenType's
    /// `usWeightClass` names, each upright and italic.
    public static let presets: [Style] = [
      .thin, .thinItalic, .extraLight, .extraLightItalic, .light, .lightItalic, .regular,
      .italic, .medium, .mediumItalic, .semibold, .semiboldItalic, .bold, .boldItalic,
      .extraBold, .extraBoldItalic, .black, .blackItalic,
    ]

    /// A preset's weight, by number, so the presets do not depend on `FontWeight`'s names.
    private static func _preset(_ value: Int) -> FontWeight {
      guard let weight = try? FontWeight(value) else {
        preconditionFailure("preset weight \(value) is within 1…1000")
      }
      return weight
    }

    /// The style's name in file names: the OpenType weight class name (`Thin` 100,
    /// `ExtraLight` 200, `Light`, `Regular`, `Medium`, `SemiBold`, `Bold`, `ExtraBold`,
    /// `Black` 900, or the number for other weights) followed by `Italic` when italic;
    /// regular italic is just `Italic`.
    ///
    /// The names follow OpenType `OS/2.usWeightClass` (and Google Fonts' and Pretendard's
    /// files), not Apple's `UIFont.Weight`, where 100 is `ultraLight` and 200 `thin`.
    public var name: String {
      let weightName: String
      switch weight.value {
      case 100: weightName = "Thin"
      case 200: weightName = "ExtraLight"
      case 300: weightName = "Light"
      case 400: weightName = "Regular"
      case 500: weightName = "Medium"
      case 600: weightName = "SemiBold"
      case 700: weightName = "Bold"
      case 800: weightName = "ExtraBold"
      case 900: weightName = "Black"
      default: weightName = String(weight.value)
      }
      guard italic else { return weightName }
      return weight.value == 400 ? "Italic" : weightName + "Italic"
    }

    /// The name, such as `SemiBoldItalic`.
    public var description: String { name }
  }

  /// The family name, as the font names it (`Noto Sans`); used to resolve the loaded face.
  public var family: String
  /// The weight and slope.
  public var style: Style
  /// The file name without extension, such as `Pretendard-SemiBold`.
  public var fileStem: String

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - family: The family name.
  ///   - style: The weight and slope; regular by default.
  ///   - fileStem: The file name without extension, when the host does not follow the
  ///     `Family-Style` convention; `nil` builds it from the family (spaces removed) and the
  ///     style's ``Style/name``.
  public init(family: String, style: Style = .regular, fileStem: String? = nil) {
    self.family = family
    self.style = style
    self.fileStem = fileStem ?? family.filter { !$0.isWhitespace } + "-" + style.name
  }

  /// The file name with an extension, such as `Pretendard-SemiBold.woff2`.
  ///
  /// - Parameter fileExtension: The extension without the dot.
  /// - Returns: The file name.
  public func fileName(extension fileExtension: String) -> String {
    fileStem + "." + fileExtension
  }

  /// The query that finds the requested face once it is registered.
  public var query: FontQuery {
    FontQuery(family: family, weight: style.weight, italic: style.italic)
  }

  /// `"Pretendard" SemiBold`.
  public var description: String { "\"\(family)\" \(style.name)" }
}
