// SPDX-License-Identifier: Apache-2.0

/// Encodes a style as its raw value and decodes every name ``init(parsing:)`` accepts, so a
/// JSON file, the command line and Swift code accept the same spellings and an unknown name is
/// refused with the valid ones listed.
extension TextStyle: Codable {
  /// Decodes a style from a string in any spelling ``init(parsing:)`` accepts: `"title"` (SwiftUI), `"Title 1"`, `"title-1"` and `"title1"`.
  ///
  /// - Parameter decoder: The decoder to read a string from.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` (its message lists
  ///   the valid names; the error is the context's `underlyingError`) for an unknown name.
  public init(from decoder: any Decoder) throws {
    self = try MetricsError.decodeName(from: decoder, parse: TextStyle.init(parsing:))
  }

  /// Encodes the style's raw value, such as `"title1"`.
  ///
  /// - Parameter encoder: The encoder to write the string to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
