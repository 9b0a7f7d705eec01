// SPDX-License-Identifier: Apache-2.0

import Foundation

// CONTRACT STUB (issue 20): H-B replaces this file. Keep: the type name, `init()` (documented
// defaults), `Decodable` (the constraints file embeds it under "placeholders"), and
// `text(for:)`.

/// Sample values that replace a text's placeholders before it is laid out.
public struct PlaceholderSamples: Sendable, Hashable, Decodable {
  /// The documented default samples.
  public init() {}

  /// Decodes samples from the constraints file's `placeholders` object.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a malformed object.
  public init(from decoder: any Decoder) throws {}

  /// The entry's text with every placeholder replaced by a sample; a plural variant's own
  /// number is one CLDR picks for that category in the entry's language.
  ///
  /// - Parameter entry: The entry.
  /// - Returns: The text to lay out.
  /// - Throws: ``StringsError`` naming the entry's file and line for a malformed placeholder.
  public func text(for entry: LocalizedEntry) throws(StringsError) -> String { entry.text }
}
