// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals
import TypeScaleMetrics

/// An error reading localized strings: a file too large or unreadable, malformed JSON, or a
/// catalog whose structure is not what the format expects.
///
/// The message names the file, line and column and says what was expected there:
///
/// ```swift
/// do {
///   _ = try StringCatalogReader().read(contentsOf: url)
/// } catch {
///   error.code     // .malformed
///   error.line     // 7
///   print(error)   // Localizable.xcstrings:7:18: expected ',' or '}' after an object member…
/// }
/// ```
///
/// It has every TypeScale error's shape (`CodedError`): a ``code``, a ``message`` and an
/// optional ``cause``; equality and hashing compare the code, the message and the place (file,
/// line, column), not the cause. It is a `LocalizedError`, so `error.localizedDescription` is
/// the message.
public struct StringsError: CodedError, LocalizedError {
  /// The kind of failure.
  public enum Code: String, ErrorCode {
    /// The file could not be read.
    case unreadable
    /// The file is larger than the reader's documented limit, or expands to more entries than
    /// ``StringCatalogReader/maximumEntriesPerFile`` (or a load to more than
    /// ``StringsLoader/maximumEntries``).
    case tooLarge
    /// The bytes are not well-formed (JSON syntax, UTF-8).
    case malformed
    /// Well-formed, but not the structure the format expects (a missing `value`, an unknown
    /// plural category, an object where a string belongs).
    case invalid
    /// A key expands to more variants than the reader's documented limit (or a variant to a text
    /// longer than the limit, or its variables nest too deeply).
    case tooManyVariants
  }

  /// The kind of failure.
  public let code: Code
  /// What went wrong and what was expected, starting with `file:line:column` when known.
  public let message: String
  /// The file the error is in.
  public let file: URL?
  /// The 1-based line, when the error has a place in the file.
  public let line: Int?
  /// The 1-based column (in Unicode scalars), when the error has a place in the file.
  public let column: Int?
  /// The error that caused this one, if any, such as the system's error for a file that
  /// cannot be read; not part of equality.
  public let cause: (any Error & Sendable)?

  /// Creates an error; the message is prefixed with `file:line:column` when they are given.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - file: The file, if any.
  ///   - line: The 1-based line, if known.
  ///   - column: The 1-based column, if known.
  ///   - detail: What went wrong and what was expected.
  ///   - cause: The error that caused this one, if any (``cause``).
  public init(
    _ code: Code, file: URL?, line: Int? = nil, column: Int? = nil, _ detail: String,
    cause: (any Error & Sendable)? = nil
  ) {
    self.code = code
    self.cause = cause
    self.file = file
    self.line = line
    self.column = column
    self.detail = detail
    self.message = Self.located(detail, path: file?.path, line: line, column: column)
  }

  /// What went wrong and what was expected, without the `file:line:column` in front.
  public let detail: String

  /// A message with `path:line:column: ` in front (each part when known): the one rule the
  /// strings errors and warnings, and the check's entry warnings, are placed by.
  ///
  /// - Parameters:
  ///   - detail: What went wrong.
  ///   - path: The file's path, or `nil`.
  ///   - line: The 1-based line, or `nil`.
  ///   - column: The 1-based column (written only with a line), or `nil`.
  /// - Returns: The message.
  package static func located(_ detail: String, path: String?, line: Int?, column: Int?)
    -> String
  {
    var place = path ?? ""
    if let line {
      place += ":\(line)"
      if let column { place += ":\(column)" }
    }
    return place.isEmpty ? detail : "\(place): \(detail)"
  }

  /// The file, line and column, which equality and hashing compare besides the code and the
  /// message.
  public var comparedDetails: [AnyHashable] { [file, line, column] }

  /// The message, for `error.localizedDescription`.
  public var errorDescription: String? { message }
}

extension StringsError {
  /// The error for a file whose entries, counted before they are made, pass `limit`.
  ///
  /// - Parameters:
  ///   - file: The file.
  ///   - line: The line of the key being counted when the limit was passed.
  ///   - key: That key.
  ///   - count: The entries the file would have reached by the end of that key.
  ///   - limit: The limit.
  /// - Returns: A ``Code/tooLarge`` error.
  static func tooManyEntries(file: URL, line: Int?, key: String, atLeast count: Int, limit: Int)
    -> StringsError
  {
    StringsError(
      .tooLarge, file: file, line: line,
      "the file expands to more than \(limit) entries (at least \(count) by the key "
        + "\"\(DisplayText.quoted(key))\", counting every language, fallback and variant); "
        + "expected at most \(limit) (StringCatalogReader.maximumEntriesPerFile)")
  }
}
