// SPDX-License-Identifier: Apache-2.0

/// A font weight on the OpenType / CSS scale of 1 to 1000, where 400 is regular and 700 bold.
///
/// The named presets match `UIFont.Weight` and SwiftUI's `Font.Weight` names, with the numeric
/// values of OpenType's `OS/2.usWeightClass` and CSS Fonts Level 4 (§2.2).
///
/// ```swift
/// FontWeight.semibold.value        // 600
/// try FontWeight(parsing: "Bold")  // .bold
/// ```
public struct FontWeight: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The numeric weight, 1 through 1000.
  public let value: Int

  /// Creates a weight from its numeric value.
  ///
  /// - Parameter value: A weight from 1 to 1000 (CSS Fonts Level 4 `font-weight` range).
  /// - Throws: ``MetricsError/Code/invalidValue`` when the value is outside 1…1000.
  public init(_ value: Int) throws(MetricsError) {
    guard (1...1000).contains(value) else {
      throw MetricsError(.invalidValue, "font weight \(value) is out of range; use 1…1000")
    }
    self.value = value
  }

  private init(_unchecked value: Int) { self.value = value }

  /// Ultralight, 100.
  public static let ultraLight = FontWeight(_unchecked: 100)
  /// Thin, 200.
  public static let thin = FontWeight(_unchecked: 200)
  /// Light, 300.
  public static let light = FontWeight(_unchecked: 300)
  /// Regular, 400.
  public static let regular = FontWeight(_unchecked: 400)
  /// Medium, 500.
  public static let medium = FontWeight(_unchecked: 500)
  /// Semibold, 600.
  public static let semibold = FontWeight(_unchecked: 600)
  /// Bold, 700.
  public static let bold = FontWeight(_unchecked: 700)
  /// Heavy, 800.
  public static let heavy = FontWeight(_unchecked: 800)
  /// Black, 900.
  public static let black = FontWeight(_unchecked: 900)

  private static let _named: [(String, FontWeight)] = [
    ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
    ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy),
    ("black", .black),
  ]

  /// The preset's name (`semibold`) or, for other values, the number (`450`).
  public var name: String {
    Self._named.first { $0.1 == self }?.0 ?? String(value)
  }

  /// The name, as printed by `print(weight)`.
  public var description: String { name }

  /// Orders weights from lightest to heaviest.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

  /// Parses a preset name (case-insensitive; `ultralight`, `Semibold`) or a number (`450`).
  ///
  /// - Parameter text: The name or number.
  /// - Throws: ``MetricsError/Code/invalidValue`` naming the text and the valid names.
  public init(parsing text: String) throws(MetricsError) {
    let key = ContentSizeCategory.normalize(text)
    if let match = Self._named.first(where: { ContentSizeCategory.normalize($0.0) == key }) {
      self = match.1
      return
    }
    if let number = Int(key) {
      try self.init(number)
      return
    }
    throw MetricsError(
      .invalidValue,
      "unknown font weight \"\(text)\"; use a number 1…1000 or one of "
        + Self._named.map(\.0).joined(separator: ", "))
  }

  /// Decodes a number or a preset name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    do {
      if let number = try? container.decode(Int.self) {
        try self.init(number)
      } else {
        try self.init(parsing: try container.decode(String.self))
      }
    } catch let error as MetricsError {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath, debugDescription: error.message,
          underlyingError: error))
    }
  }

  /// Encodes the numeric value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}
