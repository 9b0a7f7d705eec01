// SPDX-License-Identifier: Apache-2.0

/// Decodes a selection written as text (`"0.85...2.0"`, `"1, 130%"`), one number (`1.3`) or
/// an array of numbers and texts (`[1, "1.3x", 2]`), and encodes its text
/// (``description``), so a constraints file's `"fontScales"` takes any of these.
extension AndroidFontScaleSelection: Codable, CustomStringConvertible {
  /// Decodes a selection from a string, a number or an array of them.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` for a bad entry, a
  ///   scale out of range or more than ``maximumItems`` entries; what the decoder throws for
  ///   other values.
  public init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if let number = try? single.decode(Double.self) {
      self = try MetricsError.decoding(at: single.codingPath) { () throws(MetricsError) in
        try AndroidFontScaleSelection([number])
      }
      return
    }
    if let text = try? single.decode(String.self) {
      self = try MetricsError.decoding(at: single.codingPath) { () throws(MetricsError) in
        try AndroidFontScaleSelection(parsing: text)
      }
      return
    }
    var list = try decoder.unkeyedContainer()
    var entries: [String] = []
    while !list.isAtEnd {
      guard entries.count < Self.maximumItems else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: list.codingPath,
            debugDescription: "too many Android font scales; use at most \(Self.maximumItems)"))
      }
      if let number = try? list.decode(Double.self) {
        entries.append(NumberText.shortest(number))
      } else {
        entries.append(try list.decode(String.self))
      }
    }
    let joined = entries.joined(separator: ",")
    self = try MetricsError.decoding(at: list.codingPath) { () throws(MetricsError) in
      try AndroidFontScaleSelection(parsing: joined)
    }
  }

  /// Encodes ``description``, which ``init(parsing:)`` reads back.
  ///
  /// - Parameter encoder: The encoder to write the string to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// The selection as text: `0.85...2`, `1, 1.3, 2`, `default`.
  public var description: String {
    items.map { item in
      switch item {
      case .scale(let scale): NumberText.shortest(scale)
      case .range(let range):
        NumberText.shortest(range.lowerBound) + "..." + NumberText.shortest(range.upperBound)
      case .settings: "default"
      }
    }.joined(separator: ", ")
  }
}
