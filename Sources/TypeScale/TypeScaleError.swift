// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleMetrics

/// An error from the `TypeScale` entry point.
///
/// It reports a typography file with problems, or a request that
/// cannot be scaled or laid out. The message names the value and what would be valid.
///
/// A failure from a lower layer keeps its cause in ``underlying`` and its classification: the
/// converting initialiser (`ConvertingError`) makes bad input — a `MetricsError`, a `LayoutError` with code
/// `LayoutError.Code.invalidOption`, a `FontError` with code
/// `FontError.Code.invalidArgument` — ``Code/invalidValue``, and only a layout that failed
/// for another reason (a font file that vanished, an engine failure) ``Code/layoutFailed``.
/// It is a `LocalizedError`, so `error.localizedDescription` is the message; equality and
/// hashing compare the code, message and problems, not the cause.
///
/// ```swift
/// do {
///   _ = try dynamicType.layout("Hi", style: .body, width: -1)
/// } catch {
///   error.code                  // .invalidValue
///   error.underlying            // the LayoutError the engine threw
///   error.localizedDescription  // width -1 is not valid; …
/// }
/// ```
public struct TypeScaleError: ConvertingError, StoredError, LocalizedError {
  /// The code, message and cause (``code``, ``message``, ``underlying``).
  public let fields: ErrorFields<Code>
  /// Every problem found, for ``Code/invalidTypography``: one `path: problem` line each.
  public let problems: [String]

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong.
  ///   - problems: The individual problems, if several.
  ///   - cause: The error that caused this one, if any (``underlying``).
  public init(
    _ code: Code, _ message: String, problems: [String] = [],
    cause: (any Error & Sendable)? = nil
  ) {
    fields = ErrorFields(code, message, cause: cause)
    self.problems = problems
  }

  /// Creates an error with no problems listed (the `ConvertingError` requirement).
  ///
  /// - Parameter fields: The code, message and cause.
  public init(fields: ErrorFields<Code>) {
    self.fields = fields
    problems = []
  }

  /// The error that caused this one, if any, such as the `LayoutError` of a layout
  /// (`cause`); not part of equality.
  public var underlying: (any Error & Sendable)? { cause }

  /// The code a lower error becomes, keeping bad input apart from a failed layout.
  ///
  /// A `MetricsError` (a size, value or category that cannot be scaled), a `LayoutError` with
  /// code `LayoutError.Code.invalidOption` and a `FontError` with code
  /// `FontError.Code.invalidArgument` are ``Code/invalidValue``; any other layout or registry
  /// error is ``Code/layoutFailed``.
  ///
  /// - Parameter error: The lower error.
  /// - Returns: The entry point's code.
  public static func code(converting error: any CodedError) -> Code {
    switch error {
    case let error as LayoutError: error.code == .invalidOption ? .invalidValue : .layoutFailed
    case let error as FontError: error.code == .invalidArgument ? .invalidValue : .layoutFailed
    default: .invalidValue
    }
  }

  /// The problems, which equality and hashing compare besides the code and the message.
  public var comparedDetails: [AnyHashable] { [problems] }

  /// The kind of a ``TypeScaleError`` (an `ErrorCode`).
  public enum Code: String, ErrorCode {
    /// A typography (JSON or Swift) has problems; the message lists each with its path.
    case invalidTypography
    /// A size, value, category or layout option cannot be used.
    case invalidValue
    /// Layout failed for a reason other than a bad value: a font file that vanished, or an
    /// engine failure.
    case layoutFailed
  }
}
