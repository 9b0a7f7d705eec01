// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// An error reading a cases or golden file, or measuring a case: it names the file, the line (or
/// JSON path) and what would be valid.
///
/// ```swift
/// do {
///   _ = try GoldenFile.parse(text, name: "ui.golden")
/// } catch {
///   print(error)  // ui.golden:12: expected 15 columns, found 14
/// }
/// ```
///
/// A failure from a lower layer keeps its cause in ``underlying``: the converting initialiser
/// (`ConvertingError`) makes a `FontError`, `MetricsError`, `LayoutError` or
/// `TypeScaleError` met while measuring ``Code/measurement`` with its message, and a failure that adds context (a line of
/// a golden file, a file that cannot be read) passes the original as `cause:`. It is a
/// `LocalizedError`, so `error.localizedDescription` is the message; equality and hashing
/// compare the code and the message, not the cause.
public struct GoldenError: ConvertingError, StoredError, LocalizedError {
  /// The code, message (`file:line: message`) and cause (``code``, ``message``,
  /// ``underlying``).
  public let fields: ErrorFields<Code>

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: Where and what went wrong.
  ///   - cause: The error that caused this one, if any (``underlying``).
  public init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
    self.init(fields: ErrorFields(code, message, cause: cause))
  }

  /// Creates an error (the `ConvertingError` requirement).
  ///
  /// - Parameter fields: The code, message and cause.
  public init(fields: ErrorFields<Code>) { self.fields = fields }

  /// The error that caused this one, if any, such as the `FontError` of a font that could
  /// not be registered (`cause`); not part of equality.
  public var underlying: (any Error & Sendable)? { cause }

  /// The code a lower error met while measuring becomes: always ``Code/measurement``, for a
  /// font that could not be registered (`FontError`), a size (`MetricsError`), a layout
  /// (`LayoutError`) or a typography case (`TypeScaleError`).
  ///
  /// - Parameter error: The lower error.
  /// - Returns: ``Code/measurement``.
  public static func code(converting error: any CodedError) -> Code { .measurement }

  /// The kind of a ``GoldenError`` (an `ErrorCode`).
  public enum Code: String, ErrorCode {
    /// A golden file is malformed: bad header, wrong column count, bad number.
    case malformedGolden
    /// A cases file is malformed or names something unknown.
    case malformedCases
    /// A cases file expands to more cases than the limit allows
    /// (``GoldenCasesFile/defaultMaximumCaseCount`` unless the caller gives another); nothing
    /// was measured or written.
    case tooManyCases
    /// A file could not be read or written.
    case io
    /// A font could not be registered, or a case could not be laid out.
    case measurement
    /// A setting (such as `TYPESCALE_RECORD`) has a value that is not one of its valid ones.
    case invalidSetting
  }
}
