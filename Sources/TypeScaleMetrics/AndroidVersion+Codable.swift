// SPDX-License-Identifier: Apache-2.0

/// Decodes a release number (`13`) or any text ``init(parsing:)`` reads (`"Android 14"`), and
/// encodes the release number, so a constraints file's `"androidVersion"` takes either.
extension AndroidVersion: Codable {
  /// Decodes a version from a number or a string.
  ///
  /// - Parameter decoder: The decoder to read a number or a string from.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` for a release outside
  ///   ``releases`` or unreadable text; what the decoder throws for other values.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = try MetricsError.decoding(at: container.codingPath) { () throws(MetricsError) in
        try AndroidVersion(number)
      }
      return
    }
    self = try MetricsError.decodeName(from: decoder, parse: AndroidVersion.init(parsing:))
  }

  /// Encodes the release number, such as `14`.
  ///
  /// - Parameter encoder: The encoder to write the number to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(release)
  }
}
