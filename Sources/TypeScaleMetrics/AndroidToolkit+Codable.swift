// SPDX-License-Identifier: Apache-2.0

/// Decodes every name ``init(parsing:)`` accepts (`"textview"`, `"compose"`, …) and encodes
/// ``targetName``, the spelling of a constraints file's `"target"`.
extension AndroidToolkit: Codable {
  /// Decodes a toolkit from its name.
  ///
  /// - Parameter decoder: The decoder to read a string from.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` (naming the valid
  ///   names) for an unknown name.
  public init(from decoder: any Decoder) throws {
    self = try MetricsError.decodeName(from: decoder, parse: AndroidToolkit.init(parsing:))
  }

  /// Encodes ``targetName``: `"textview"` or `"compose"`.
  ///
  /// - Parameter encoder: The encoder to write the string to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(targetName)
  }
}
