// SPDX-License-Identifier: Apache-2.0

/// The one way this package's values decode through their checked initializers: a refusal
/// becomes `DecodingError.dataCorrupted` at the value's coding path, with the ``MetricsError``'s
/// message as the debug description and the error itself as the `underlyingError`.
extension MetricsError {
  /// Runs a checked initializer for a value being decoded, wrapping its ``MetricsError`` in
  /// `DecodingError.dataCorrupted`.
  ///
  /// - Parameters:
  ///   - codingPath: Where the value was read (a container's `codingPath`).
  ///   - make: The checked initializer.
  /// - Returns: What `make` returns.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` that `make` threw.
  package static func decoding<Value>(
    at codingPath: [any CodingKey], _ make: () throws(MetricsError) -> Value
  ) throws(DecodingError) -> Value {
    do {
      return try make()
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath, debugDescription: error.message, underlyingError: error))
    }
  }

  /// Decodes a string and parses it, so that `Codable` accepts exactly the names the parser
  /// accepts and refuses others with the parser's message (which lists the valid names).
  ///
  /// - Parameters:
  ///   - decoder: The decoder to read a single string from.
  ///   - parse: The parser, such as `TextStyle.init(parsing:)`.
  /// - Returns: The parsed value.
  /// - Throws: What the decoder throws for a value that is not a string, or
  ///   `DecodingError.dataCorrupted` carrying the parser's ``MetricsError``.
  package static func decodeName<Value>(
    from decoder: any Decoder, parse: (String) throws(MetricsError) -> Value
  ) throws -> Value {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    return try decoding(at: container.codingPath) { () throws(MetricsError) in try parse(name) }
  }
}
