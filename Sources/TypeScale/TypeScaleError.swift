// SPDX-License-Identifier: Apache-2.0

import Foundation

/// An error from the `TypeScale` entry point.
///
/// It reports a typography file with problems, or a request that
/// cannot be scaled or laid out. The message names the value and what would be valid.
///
/// A failure from a lower layer keeps its cause in ``underlying`` and its classification: the
/// converting initialisers make bad input — a `MetricsError`, a `LayoutError` with code
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
public struct TypeScaleError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
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

  /// Converts a metrics error: a size, value or category that cannot be scaled.
  ///
  /// The code is ``Code/invalidValue``, the message is the metrics error's, and
  /// ``underlying`` is `error`.
  ///
  /// - Parameter error: The metrics error.
  public init(_ error: MetricsError) {
    self.init(.invalidValue, error.message, cause: error)
  }

  /// Converts a layout error, keeping bad input apart from a failed layout.
  ///
  /// The code is ``Code/invalidValue`` for `LayoutError.Code.invalidOption` and
  /// ``Code/layoutFailed`` otherwise; the message is the layout error's, and ``underlying``
  /// is `error`.
  ///
  /// - Parameter error: The layout error.
  public init(_ error: LayoutError) {
    self.init(
      error.code == .invalidOption ? .invalidValue : .layoutFailed, error.message, cause: error)
  }

  /// Converts a registry error, keeping bad input apart from a font that cannot be used.
  ///
  /// The code is ``Code/invalidValue`` for `FontError.Code.invalidArgument` and
  /// ``Code/layoutFailed`` otherwise; the message is the font error's, and ``underlying`` is
  /// `error`.
  ///
  /// - Parameter error: The registry error.
  public init(_ error: FontError) {
    self.init(
      error.code == .invalidArgument ? .invalidValue : .layoutFailed, error.message,
      cause: error)
  }

  /// The message.
  public var description: String { message }

  /// The message, for `error.localizedDescription`.
  public var errorDescription: String? { message }

  /// Whether two errors have the same code, message and problems; their causes are not
  /// compared.
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: `true` when those fields are equal.
  public static func == (lhs: TypeScaleError, rhs: TypeScaleError) -> Bool {
    lhs.code == rhs.code && lhs.message == rhs.message && lhs.problems == rhs.problems
  }

  /// Hashes the fields ``==(_:_:)`` compares.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(message)
    hasher.combine(problems)
  }
}
