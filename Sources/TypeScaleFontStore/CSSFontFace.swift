// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleInternals
import TypeScaleMetrics

/// One `@font-face` rule of a stylesheet: the family, style, weight, files and characters it
/// declares.
///
/// ``parse(_:baseURL:)`` reads the CSS that web font services answer with, such as Google Fonts'
/// CSS2 API (``GoogleFontsSource``): one rule per style, or per style and `unicode-range` subset.
///
/// ```swift
/// let faces = try CSSFontFace.parse(
///   """
///   /* latin */
///   @font-face {
///     font-family: 'Inter';
///     font-style: normal;
///     font-weight: 100 900;
///     src: local('Inter'), url(https://cdn.example.com/inter.woff2) format('woff2');
///     unicode-range: U+0000-00FF, U+2000-206F;
///   }
///   """)
/// faces[0].weight        // 100...900, a variable font
/// faces[0].fileURL       // https://cdn.example.com/inter.woff2
/// faces[0].comment       // "latin"
/// ```
///
/// The parser follows CSS's syntax — comments, quoted and unquoted `url()`s, escapes, other rules
/// skipped — but is strict about the descriptors it reads: a weight or range it cannot read is an
/// error naming the line, not a silently dropped declaration. Descriptors it does not use
/// (`font-display`, `font-feature-settings`…) are ignored.
public struct CSSFontFace: Hashable, Sendable, CustomStringConvertible {
  /// The slope a rule declares with `font-style`.
  public enum Style: Hashable, Sendable, CustomStringConvertible {
    /// `normal`: upright.
    case normal
    /// `italic`.
    case italic
    /// `oblique`, with its angle range in degrees: `oblique 0deg 15deg` for a variable `slnt`
    /// axis, `14...14` for a bare `oblique`.
    case oblique(ClosedRange<Double>)

    /// `normal`, `italic` or `oblique 0deg 15deg`.
    public var description: String {
      switch self {
      case .normal: "normal"
      case .italic: "italic"
      case .oblique(let angles):
        angles.lowerBound == angles.upperBound
          ? "oblique \(NumberText.shortest(angles.lowerBound))deg"
          : "oblique \(NumberText.shortest(angles.lowerBound))deg "
            + "\(NumberText.shortest(angles.upperBound))deg"
      }
    }
  }

  /// One entry of `src`: a file to download, or a font the system may already have.
  public enum Source: Hashable, Sendable, CustomStringConvertible {
    /// `url(…) format(…)`: the URL, resolved against the stylesheet's, and the format hint
    /// lowercased (`woff2`, `truetype`…), or `nil` without one.
    case url(URL, format: String?)
    /// `local(…)`: a font name the system may have installed.
    case local(String)

    /// `url(https://…) format("woff2")` or `local("Inter")`.
    public var description: String {
      switch self {
      case .url(let url, let format):
        "url(\(url.absoluteString))" + (format.map { " format(\"\($0)\")" } ?? "")
      case .local(let name): "local(\"\(name)\")"
      }
    }
  }

  /// The family name, from `font-family`.
  public var family: String
  /// The slope, from `font-style`; `normal` when not declared.
  public var style: Style
  /// The weight, from `font-weight`: one value (`400...400`) or a variable font's range
  /// (`100...900`); `400...400` when not declared.
  public var weight: ClosedRange<Int>
  /// The width in percent, from `font-stretch` (`75...100` for a variable `wdth` axis); `nil`
  /// when not declared (normal, 100 %).
  public var stretch: ClosedRange<Double>?
  /// The `src` entries, in order of preference.
  public var sources: [Source]
  /// The characters the rule is for, from `unicode-range`; `nil` when not declared (every
  /// character).
  public var unicodeRange: CharacterCoverage?
  /// The comment just before the rule, trimmed, such as `latin` or `[3]`: the name Google Fonts
  /// gives a `unicode-range` subset; `nil` when there is none.
  public var comment: String?

  /// Creates a rule.
  ///
  /// - Parameters:
  ///   - family: The family name.
  ///   - style: The slope.
  ///   - weight: The weight or weight range.
  ///   - stretch: The width range in percent, or `nil`.
  ///   - sources: The `src` entries.
  ///   - unicodeRange: The characters the rule is for, or `nil` for every character.
  ///   - comment: The comment before the rule, or `nil`.
  public init(
    family: String, style: Style = .normal, weight: ClosedRange<Int> = 400...400,
    stretch: ClosedRange<Double>? = nil, sources: [Source], unicodeRange: CharacterCoverage? = nil,
    comment: String? = nil
  ) {
    self.family = family
    self.style = style
    self.weight = weight
    self.stretch = stretch
    self.sources = sources
    self.unicodeRange = unicodeRange
    self.comment = comment
  }

  /// The formats TypeScale can store, as `format()` hints name them (CSS Fonts 4 §4.3.1, and
  /// the older `*-variations` spellings).
  public static let supportedFormats: Set<String> = [
    "woff2", "woff", "truetype", "opentype", "collection", "woff2-variations",
    "woff-variations", "truetype-variations", "opentype-variations",
  ]

  /// The file to download: the first `http(s)` `url()` entry whose format hint is one of
  /// ``supportedFormats`` or absent, as a browser takes the first source it supports; `nil` when
  /// no entry qualifies (only `local()` fonts, or only EOT and SVG files).
  public var fileURL: URL? {
    for source in sources {
      guard case .url(let url, let format) = source else { continue }
      let scheme = url.scheme?.lowercased()
      guard scheme == "http" || scheme == "https" else { continue }
      if let format, !Self.supportedFormats.contains(format) { continue }
      return url
    }
    return nil
  }

  /// Whether the rule declares a range for an axis: a variable font.
  public var isVariable: Bool {
    if weight.lowerBound != weight.upperBound { return true }
    if let stretch, stretch.lowerBound != stretch.upperBound { return true }
    if case .oblique(let angles) = style, angles.lowerBound != angles.upperBound { return true }
    return false
  }

  /// The style for messages: `Bold (700)`, `Italic (400 italic)` or `variable 100–900 italic`.
  public var styleDescription: String {
    let italic = style == .italic
    if weight.lowerBound != weight.upperBound {
      return "variable \(weight.lowerBound)–\(weight.upperBound)" + (italic ? " italic" : "")
    }
    let name =
      (try? FontWeight(weight.lowerBound)).map {
        FontRequest.Style(weight: $0, italic: italic).name
      }
      ?? String(weight.lowerBound)
    return "\(name) (\(weight.lowerBound)\(italic ? " italic" : ""))"
  }

  /// `"Inter" normal 400 [latin]: url(https://…) format("woff2")`.
  public var description: String {
    let weights =
      weight.lowerBound == weight.upperBound
      ? "\(weight.lowerBound)" : "\(weight.lowerBound) \(weight.upperBound)"
    let label = comment.map { " [\($0)]" } ?? ""
    let files = sources.map(\.description).joined(separator: ", ")
    return "\"\(family)\" \(style) \(weights)\(label): \(files)"
  }

  /// Reads every `@font-face` rule of a stylesheet.
  ///
  /// Other rules (`@import`, `@media`, style rules) are skipped.
  ///
  /// - Parameters:
  ///   - css: The stylesheet's text.
  ///   - baseURL: The stylesheet's URL, against which relative `url()`s are resolved; `nil`
  ///     leaves them relative.
  /// - Returns: The rules, in stylesheet order.
  /// - Throws: ``FontStoreError/Code/invalidArgument`` naming the line when the text is not
  ///   CSS (an HTML page, binary data, an unterminated comment, string or block), when a rule
  ///   lacks `font-family` or `src` or has a value TypeScale cannot read, or when there is no
  ///   `@font-face` rule at all.
  public static func parse(_ css: String, baseURL: URL? = nil) throws(FontStoreError)
    -> [CSSFontFace]
  {
    var parser = CSSFontFaceParser(css, baseURL: baseURL)
    return try parser.parse()
  }
}
