// SPDX-License-Identifier: Apache-2.0

/// Decodes every name ``init(parsing:)`` accepts (`"labelLarge"`,
/// `"TextAppearance.MaterialComponents.Headline6"`, …) and encodes ``styleName``, which names
/// the appearance unambiguously (a bare `Body1` is Material 2's).
extension MaterialTextAppearance: Codable {
  /// Decodes an appearance from its name.
  ///
  /// - Parameter decoder: The decoder to read a string from.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` (naming the closest
  ///   match and the Material 3 roles) for an unknown name.
  public init(from decoder: any Decoder) throws {
    self = try MetricsError.decodeName(
      from: decoder, parse: MaterialTextAppearance.init(parsing:))
  }

  /// Encodes ``styleName``, such as `"TextAppearance.Material3.LabelLarge"`.
  ///
  /// - Parameter encoder: The encoder to write the string to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(styleName)
  }
}
