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
public struct TypeScaleError: ConvertingError, LocalizedError {
  /// The kind of failure; compare with `==`.
  ///
  /// A struct rather than an enum so that new kinds can be added without breaking `switch`
  /// statements in client code.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum _Storage: String, Hashable, Sendable {
      case invalidTypography, invalidValue, layoutFailed
    }

    private let storage: _Storage
    private init(_ storage: _Storage) { self.storage = storage }

    /// A typography (JSON or Swift) has problems; the message lists each with its path.
    public static let invalidTypography = Code(.invalidTypography)
    /// A size, value, category or layout option cannot be used.
    public static let invalidValue = Code(.invalidValue)
    /// Layout failed for a reason other than a bad value: a font file that vanished, or an
    /// engine failure.
    public static let layoutFailed = Code(.layoutFailed)
    /// The code's name, such as `invalidValue`.
    public var description: String { storage.rawValue }
  }

  /// What went wrong.
  public let code: Code
  /// What went wrong and what would be valid.
  public let message: String
  /// Every problem found, for ``Code/invalidTypography``: one `path: problem` line each.
  public let problems: [String]
  /// The error that caused this one, if any, such as the `LayoutError` of a layout; not part
  /// of equality.
  public let underlying: (any Error & Sendable)?

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
    self.code = code
    self.message = message
    self.problems = problems
    self.underlying = cause
  }

  /// Creates an error with no problems listed (the `ConvertingError` requirement).
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong.
  ///   - cause: The error that caused this one, if any (``underlying``).
  public init(code: Code, message: String, cause: (any Error & Sendable)?) {
    self.init(code, message, cause: cause)
  }

  /// The error that caused this one (``underlying``), as `CodedError` names it.
  public var cause: (any Error & Sendable)? { underlying }

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

  /// The message, for `error.localizedDescription`.
  public var errorDescription: String? { message }
}
