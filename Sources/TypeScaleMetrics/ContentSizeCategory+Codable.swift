// SPDX-License-Identifier: Apache-2.0

/// Encodes a category as its short name (`"AX3"`) and decodes any name ``init(parsing:)`` accepts.
extension ContentSizeCategory: Codable {
  /// Decodes a category from a string in any accepted spelling.
  ///
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` (its message, and
  ///   the error as the context's `underlyingError`) when the name is unknown.
  public init(from decoder: any Decoder) throws {
    self = try MetricsError.decodeName(from: decoder, parse: ContentSizeCategory.init(parsing:))
  }

  /// Encodes the category's short name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(shortName)
  }
}
