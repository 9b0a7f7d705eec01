// SPDX-License-Identifier: Apache-2.0

/// Encodes a platform as its raw value and decodes every name ``init(parsing:)`` accepts, so a
/// JSON file, the command line and Swift code accept the same spellings and an unknown name is
/// refused with the valid ones listed.
extension Platform: Codable {
  /// Decodes a platform from a string in any spelling ``init(parsing:)`` accepts: any spelling `init(parsing:)` accepts.
  ///
  /// - Parameter decoder: The decoder to read a string from.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` (its message lists
  ///   the valid names; the error is the context's `underlyingError`) for an unknown name.
  public init(from decoder: any Decoder) throws {
    self = try MetricsError.decodeName(from: decoder, parse: Platform.init(parsing:))
  }

  /// Encodes the platform's raw value, such as `"ios"`.
  ///
  /// - Parameter encoder: The encoder to write the string to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
