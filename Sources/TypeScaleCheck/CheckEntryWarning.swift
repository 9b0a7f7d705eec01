// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A translation that was measured, or could not be, with something its author should look at:
/// a placeholder Foundation formats but that may not say what was meant, or one no platform
/// formats.
///
/// A warning never changes the exit status: what Foundation formats is measured as Foundation
/// formats it, and an entry that cannot be measured at all is also a ``CheckSkipped`` entry.
public struct CheckEntryWarning: Hashable, Sendable, Codable {
  /// The key.
  public var key: String
  /// The language code.
  public var language: String
  /// The variant's spelling; empty when the key does not vary.
  public var variant: String
  /// The catalog's file.
  public var file: String
  /// The 1-based line of the key, when known.
  public var line: Int?
  /// The 1-based column, when known.
  public var column: Int?
  /// `file:line:column: what looked wrong`, naming the key and what the platform does with it.
  public var message: String
  /// Whether the entry was still measured (`false`: it could not be, and is skipped).
  public var isMeasured: Bool

  /// Creates a warning.
  public init(
    key: String, language: String, variant: String, file: String, line: Int?, column: Int?,
    message: String, isMeasured: Bool
  ) {
    self.key = key
    self.language = language
    self.variant = variant
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.isMeasured = isMeasured
  }
}
