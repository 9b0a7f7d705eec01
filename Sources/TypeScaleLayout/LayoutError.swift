// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleMetrics

/// An error from the layout engine: a width, size or option that cannot be laid out with, or a
/// font that could not be loaded for shaping.
///
/// ```swift
/// do {
///   _ = try engine.layout("Hello", font: font, options: LayoutOptions(width: -1))
/// } catch {
///   print(error)  // width -1 is not valid; use a finite number ≥ 0, or nil for no wrapping
/// }
/// ```
///
/// A failure from a lower layer keeps its cause in ``underlying`` and its classification: the
/// converting initialisers make a `MetricsError` (a bad size) ``Code/invalidOption`` and a
/// `FontError` for a font that cannot be read ``Code/fontUnavailable``. It is a
/// `LocalizedError`, so `error.localizedDescription` is the message; equality and hashing
/// compare the code and the message, not the cause.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The kind of failure; compare with `==`.
  ///
  /// A struct rather than an enum so that new kinds can be added without breaking `switch`
  /// statements in client code.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum _Storage: String, Hashable, Sendable {
      case invalidOption, fontUnavailable, engineFailure
    }

    private let storage: _Storage
    private init(_ storage: _Storage) { self.storage = storage }

    /// A width, size, line limit or other option is out of range.
    public static let invalidOption = Code(.invalidOption)
    /// A face's bytes could not be read or shaped (the file changed or vanished since it was
    /// registered).
    public static let fontUnavailable = Code(.fontUnavailable)
    /// ICU or HarfBuzz failed (out of memory, or an internal error).
    public static let engineFailure = Code(.engineFailure)
    /// The code's name, such as `invalidOption`.
    public var description: String { storage.rawValue }
  }

  /// What went wrong.
  public let code: Code
  /// What went wrong and what would be valid.
  public let message: String
  /// The error that caused this one, if any, such as the `MetricsError` for a bad size;
  /// not part of equality.
  public let underlying: (any Error & Sendable)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and what would be valid.
  ///   - cause: The error that caused this one, if any (``underlying``).
  public init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
    self.code = code
    self.message = message
    self.underlying = cause
  }

  /// Converts a metrics error: a size or value the metrics engine refused is a bad option.
  ///
  /// The code is ``Code/invalidOption``, the message is the metrics error's, and
  /// ``underlying`` is `error`.
  ///
  /// - Parameter error: The metrics error.
  public init(_ error: MetricsError) {
    self.init(.invalidOption, error.message, cause: error)
  }

  /// Converts a registry error: an invalid argument stays a bad option, anything else means
  /// the font could not be used.
  ///
  /// The code is ``Code/invalidOption`` for `FontError.Code.invalidArgument` and
  /// ``Code/fontUnavailable`` otherwise; the message is the font error's, and ``underlying``
  /// is `error`.
  ///
  /// - Parameter error: The registry error.
  public init(_ error: FontError) {
    self.init(
      error.code == .invalidArgument ? .invalidOption : .fontUnavailable, error.message,
      cause: error)
  }

  /// The message.
  public var description: String { message }

  /// The message, for `error.localizedDescription`.
  public var errorDescription: String? { message }

  /// Whether two errors have the same code and message; their causes are not compared.
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: `true` when the codes and messages are equal.
  public static func == (lhs: LayoutError, rhs: LayoutError) -> Bool {
    lhs.code == rhs.code && lhs.message == rhs.message
  }

  /// Hashes the code and the message, as ``==(_:_:)`` compares them.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(message)
  }

  static func option(_ message: String) -> LayoutError { LayoutError(.invalidOption, message) }
}
