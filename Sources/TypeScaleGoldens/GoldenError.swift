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
public struct GoldenError: ConvertingError, LocalizedError {
  /// The kind of failure; compare with `==`.
  ///
  /// A struct rather than an enum so that new kinds can be added without breaking `switch`
  /// statements in client code.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum _Storage: String, Hashable, Sendable {
      case malformedGolden, malformedCases, tooManyCases, io, measurement, invalidSetting
    }

    private let storage: _Storage
    private init(_ storage: _Storage) { self.storage = storage }

    /// A golden file is malformed: bad header, wrong column count, bad number.
    public static let malformedGolden = Code(.malformedGolden)
    /// A cases file is malformed or names something unknown.
    public static let malformedCases = Code(.malformedCases)
    /// A cases file expands to more cases than the limit allows
    /// (``GoldenCasesFile/defaultMaximumCaseCount`` unless the caller gives another); nothing
    /// was measured or written.
    public static let tooManyCases = Code(.tooManyCases)
    /// A file could not be read or written.
    public static let io = Code(.io)
    /// A font could not be registered, or a case could not be laid out.
    public static let measurement = Code(.measurement)
    /// A setting (such as `TYPESCALE_RECORD`) has a value that is not one of its valid ones.
    public static let invalidSetting = Code(.invalidSetting)
    /// The code's name, such as `malformedGolden`.
    public var description: String { storage.rawValue }
  }

  /// What went wrong.
  public let code: Code
  /// Where and what: `file:line: message`.
  public let message: String
  /// The error that caused this one, if any, such as the `FontError` of a font that could
  /// not be registered; not part of equality.
  public let underlying: (any Error & Sendable)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: Where and what went wrong.
  ///   - cause: The error that caused this one, if any (``underlying``).
  public init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
    self.code = code
    self.message = message
    self.underlying = cause
  }

  /// Creates an error (the `ConvertingError` requirement).
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: Where and what went wrong.
  ///   - cause: The error that caused this one, if any (``underlying``).
  public init(code: Code, message: String, cause: (any Error & Sendable)?) {
    self.init(code, message, cause: cause)
  }

  /// The error that caused this one (``underlying``), as `CodedError` names it.
  public var cause: (any Error & Sendable)? { underlying }

  /// The code a lower error met while measuring becomes: always ``Code/measurement``, for a
  /// font that could not be registered (`FontError`), a size (`MetricsError`), a layout
  /// (`LayoutError`) or a typography case (`TypeScaleError`).
  ///
  /// - Parameter error: The lower error.
  /// - Returns: ``Code/measurement``.
  public static func code(converting error: any CodedError) -> Code { .measurement }

  /// The message, for `error.localizedDescription`.
  public var errorDescription: String? { message }
}
