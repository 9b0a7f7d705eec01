// SPDX-License-Identifier: Apache-2.0

/// A font weight on the OpenType / CSS scale of 1 to 1000, where 400 is regular and 700 bold.
///
/// Weights select faces, and faces are named in OpenType's vocabulary (`OS/2.usWeightClass`,
/// CSS Fonts Level 4 §2.2, and style names such as `Pretendard-Thin` = 100 and
/// `Pretendard-ExtraLight` = 200), so that is the one vocabulary of the static members, of
/// ``init(parsing:)``, of JSON and of the command line:
///
/// | Value | Names (case, spaces, `-` and `_` ignored) | Apple's `UIFont.Weight` at that value |
/// |---|---|---|
/// | 100 | ``thin`` | `ultraLight` |
/// | 200 | ``extraLight``, ``ultraLight`` | `thin` |
/// | 300 | ``light`` | `light` |
/// | 400 | ``regular``, ``normal`` | `regular` |
/// | 500 | ``medium`` | `medium` |
/// | 600 | ``semibold``, ``semiBold``, ``demiBold`` | `semibold` |
/// | 700 | ``bold`` | `bold` |
/// | 800 | ``extraBold``, ``ultraBold`` | `heavy` |
/// | 900 | ``black``, ``heavy`` | `black` |
///
/// **Three names differ from Apple's:** `thin` is 100 here and 200 in UIKit, `ultraLight` is 200
/// here and 100 in UIKit, and `heavy` is 900 here and 800 in UIKit. Code ported from UIKit or
/// SwiftUI says which vocabulary it means with ``UIKitFontWeight``: `FontWeight(uiKit: .heavy)`
/// is 800, and ``init(uiFontWeight:)`` takes `UIFont.Weight`'s raw values. A
/// number always works. `book` is not accepted: foundries use it for weights from 300 to 400
/// (fontconfig puts it at 380), so it names no single value.
///
/// ```swift
/// FontWeight.thin.value                       // 100
/// let heavy: FontWeight = 800                 // a literal needs no try
/// try FontWeight(parsing: "Extra-Bold")       // 800
/// FontWeight(uiKit: .thin).value             // 200
/// try FontWeight(uiFontWeight: 0.3)           // .semibold
/// ```
public struct FontWeight: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The numeric weight, 1 through 1000.
  public let value: Int

  /// The weights accepted: 1 through 1000, CSS Fonts Level 4's `font-weight` range.
  public static let range: ClosedRange<Int> = 1...1000

  /// Creates a weight from its numeric value.
  ///
  /// - Parameter value: A weight from 1 to 1000 (CSS Fonts Level 4 `font-weight` range).
  /// - Throws: ``MetricsError/Code/invalidValue`` naming the value and the range when it is
  ///   outside 1…1000.
  public init(_ value: Int) throws(MetricsError) {
    guard Self.range.contains(value) else {
      throw MetricsError(
        .invalidValue,
        "font weight \(value) is out of range; use 1…1000 or a name: \(Self.names)")
    }
    self.value = value
  }

  /// Creates a weight from a whole-number literal, such as `800` or `FontWeight(800)`, with no
  /// `try`.
  ///
  /// The literal type is `UInt16`, so a negative literal does not compile. A literal outside
  /// 1…1000 that does compile (`0`, `1200`) is clamped into the range — 1 or 1000 — rather than
  /// trapping, the way CSS clamps a `font-weight` from `calc()`; no literal traps. Values from
  /// variables go through the throwing ``init(_:)``, which refuses them instead.
  ///
  /// - Parameter value: The weight.
  public init(integerLiteral value: UInt16) {
    self.value = min(max(Int(value), Self.range.lowerBound), Self.range.upperBound)
  }

  init(_unchecked value: Int) { self.value = value }

  /// Thin, 100 (OpenType/CSS).
  ///
  /// UIKit's `UIFont.Weight.thin` is 200: see ``UIKitFontWeight/thin``.
  public static let thin = FontWeight(_unchecked: 100)
  /// Extra light, 200 (OpenType/CSS); UIKit calls this weight `thin`.
  public static let extraLight = FontWeight(_unchecked: 200)
  /// Ultra light, 200: OpenType/CSS's other name for ``extraLight``.
  ///
  /// UIKit's `UIFont.Weight.ultraLight` is 100: see ``UIKitFontWeight/ultraLight``.
  public static let ultraLight = FontWeight(_unchecked: 200)
  /// Light, 300.
  public static let light = FontWeight(_unchecked: 300)
  /// Regular, 400.
  public static let regular = FontWeight(_unchecked: 400)
  /// Normal, 400: CSS's name for ``regular``.
  public static let normal = FontWeight(_unchecked: 400)
  /// Medium, 500.
  public static let medium = FontWeight(_unchecked: 500)
  /// Semibold, 600: UIKit's and SwiftUI's spelling, the same weight as ``semiBold``.
  public static let semibold = FontWeight(_unchecked: 600)
  /// Semi bold, 600: OpenType's spelling of ``semibold``.
  public static let semiBold = FontWeight(_unchecked: 600)
  /// Demi bold, 600: OpenType/CSS's other name for ``semibold``.
  public static let demiBold = FontWeight(_unchecked: 600)
  /// Bold, 700.
  public static let bold = FontWeight(_unchecked: 700)
  /// Extra bold, 800 (OpenType/CSS); UIKit calls this weight `heavy`.
  public static let extraBold = FontWeight(_unchecked: 800)
  /// Ultra bold, 800: OpenType/CSS's other name for ``extraBold``.
  public static let ultraBold = FontWeight(_unchecked: 800)
  /// Black, 900.
  public static let black = FontWeight(_unchecked: 900)
  /// Heavy, 900: OpenType/CSS's other name for ``black``.
  ///
  /// UIKit's `UIFont.Weight.heavy` is 800: see ``UIKitFontWeight/heavy``.
  public static let heavy = FontWeight(_unchecked: 900)

  /// Every accepted name and its weight; the first name of each value is its ``name``.
  private static let _named: [(String, FontWeight)] = [
    ("thin", .thin), ("extraLight", .extraLight), ("ultraLight", .ultraLight),
    ("light", .light), ("regular", .regular), ("normal", .normal), ("medium", .medium),
    ("semibold", .semibold), ("demiBold", .demiBold), ("bold", .bold),
    ("extraBold", .extraBold), ("ultraBold", .ultraBold), ("black", .black), ("heavy", .heavy),
  ]

  private static let _lookup: [String: FontWeight] = Dictionary(
    _named.map { (_key($0.0), $0.1) }, uniquingKeysWith: { first, _ in first })

  /// The name matching ignores: case, spaces, tabs, hyphens and underscores.
  static func _key(_ text: String) -> String {
    ContentSizeCategory.normalize(text).filter { $0 != " " && $0 != "-" && $0 != "_" }
  }

  /// The OpenType/CSS name of a preset (`thin`, `extraLight`, `semibold`, `extraBold`) or, for
  /// other values, the number (`450`).
  public var name: String {
    Self._named.first { $0.1 == self }?.0 ?? String(value)
  }

  /// The name, as printed by `print(weight)`.
  public var description: String { name }

  /// Orders weights from lightest to heaviest.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

  /// Parses an OpenType/CSS name or a number.
  ///
  /// Names are matched ignoring case, spaces, hyphens and underscores (`Extra Bold`,
  /// `extra-bold`, `EXTRABOLD`); the table is in ``FontWeight``'s overview. Apple's names are
  /// *not* reinterpreted: `"thin"` is 100 and `"heavy"` 900, as in CSS. A name qualified with
  /// Apple's type is Apple's and unambiguous: `"UIFont.Weight.thin"`, `"NSFont.Weight.heavy"`
  /// and `"Font.Weight.ultraLight"` are read as ``UIKitFontWeight`` reads them (200, 800, 100).
  /// A bare `".thin"` is not accepted here, since it reads as Swift's `FontWeight.thin`.
  ///
  /// - Parameter text: The name or a number 1…1000.
  /// - Throws: ``MetricsError/Code/invalidValue`` naming the text, the accepted names and the
  ///   numeric range.
  public init(parsing text: String) throws(MetricsError) {
    let trimmed = ContentSizeCategory.normalize(text)
    if let number = Int(trimmed) {
      guard Self.range.contains(number) else {
        throw MetricsError(
          .invalidValue,
          "font weight \(trimmed) is out of range; use 1…1000 or a name: \(Self.names)")
      }
      self.init(_unchecked: number)
      return
    }
    let key = Self._key(text)
    if let match = Self._lookup[key] {
      self = match
      return
    }
    if UIKitFontWeight._prefixes.contains(where: { key.hasPrefix($0) }),
      let apple = try? UIKitFontWeight(parsing: text)
    {
      self = apple.fontWeight  // "UIFont.Weight.thin" can only mean Apple's thin, 200
      return
    }
    throw MetricsError(
      .invalidValue,
      "unknown font weight \"\(text)\"; use a number 1…1000 or a name: \(Self.names)")
  }

  /// The accepted names, for messages: `thin (100), extraLight (200), …`.
  static var names: String {
    _named.map { "\($0.0) (\($0.1.value))" }.joined(separator: ", ")
  }

  /// Decodes a number or a name, checked as ``init(_:)`` and ``init(parsing:)`` check them.
  ///
  /// - Parameter decoder: The decoder to read a number or a string from.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` for a number outside
  ///   1…1000 or an unknown name; what the decoder throws for other values.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = try MetricsError.decoding(at: container.codingPath) { () throws(MetricsError) in
        try FontWeight(number)
      }
    } else {
      self = try MetricsError.decodeName(from: decoder, parse: FontWeight.init(parsing:))
    }
  }

  /// Encodes the numeric value.
  ///
  /// - Parameter encoder: The encoder to write the number to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}
