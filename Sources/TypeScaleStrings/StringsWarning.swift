// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A suspicious but measurable string: file, line, column, key and what looked wrong.
///
/// ``PlaceholderSamples/sample(for:)`` returns these for text the platform still formats, such
/// as `%$1@` (Foundation writes `$1@`) or a sequential `%ld` beside a positional `%1$@`
/// (Foundation gives both argument 1); the text is measured as the platform formats it.
public struct StringsWarning: Sendable, Hashable, CustomStringConvertible {
  /// The file the string is in.
  public var file: URL?
  /// The 1-based line of the string's key, when known.
  public var line: Int?
  /// The 1-based column, when known.
  public var column: Int?
  /// The key of the string.
  public var key: String
  /// `file:line:column: …` naming the key, language, variant, the specifier and what
  /// Foundation does with it.
  public var message: String

  /// Creates a warning; the message is prefixed with `file:line:column` when they are given.
  ///
  /// - Parameters:
  ///   - file: The file, if any.
  ///   - line: The 1-based line, if known.
  ///   - column: The 1-based column, if known.
  ///   - key: The key of the string.
  ///   - detail: What looked wrong and what the platform does with it.
  public init(file: URL?, line: Int? = nil, column: Int? = nil, key: String, _ detail: String) {
    self.file = file
    self.line = line
    self.column = column
    self.key = key
    self.message = StringsError.located(detail, path: file?.path, line: line, column: column)
  }

  /// The message.
  public var description: String { message }
}

/// What filling an entry's placeholders gave: the text to lay out, and what looked wrong.
public struct PlaceholderSample: Sendable, Hashable {
  /// The text with every placeholder replaced by a sample, as the platform formats it.
  public var text: String
  /// What looked wrong about the placeholders; empty for a clean text.
  public var warnings: [StringsWarning]
  /// The entry's ``LocalizedEntry/spans`` moved onto ``text``: a span over a placeholder
  /// covers its sample, and offsets after it move by the sample's length (UTF-16).
  public var spans: [StyledSpan]

  /// Creates a sample.
  ///
  /// - Parameters:
  ///   - text: The text to lay out.
  ///   - spans: The styled runs of `text`; none by default.
  ///   - warnings: What looked wrong.
  public init(text: String, spans: [StyledSpan] = [], warnings: [StringsWarning] = []) {
    self.text = text
    self.spans = spans
    self.warnings = warnings
  }
}
