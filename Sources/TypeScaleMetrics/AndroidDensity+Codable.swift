// SPDX-License-Identifier: Apache-2.0

/// Decodes pixels per dp (`2.625`) or any text ``init(parsing:)`` reads (`"420dpi"`,
/// `"xxhdpi"`), and encodes pixels per dp, so a constraints file's `"density"` takes either.
extension AndroidDensity: Codable {
  /// Decodes a density from a number or a string.
  ///
  /// - Parameter decoder: The decoder to read a number or a string from.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` for a density
  ///   outside ``range`` or unreadable text; what the decoder throws for other values.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Double.self) {
      self = try MetricsError.decoding(at: container.codingPath) { () throws(MetricsError) in
        try AndroidDensity(number)
      }
      return
    }
    self = try MetricsError.decodeName(from: decoder, parse: AndroidDensity.init(parsing:))
  }

  /// Encodes pixels per dp, such as `2.625`.
  ///
  /// - Parameter encoder: The encoder to write the number to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(pixelsPerDp)
  }
}
