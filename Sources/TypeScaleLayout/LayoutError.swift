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
/// converting initialiser (`ConvertingError`) makes a `MetricsError` (a bad size)
/// ``Code/invalidOption`` and a `FontError` for a font that cannot be read
/// ``Code/fontUnavailable``. It is a
/// `LocalizedError`, so `error.localizedDescription` is the message; equality and hashing
/// compare the code and the message, not the cause.
public struct LayoutError: ConvertingError, StoredError, LocalizedError {
  /// The code, message and cause (``code``, ``message``, ``underlying``).
  public let fields: ErrorFields<Code>

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and what would be valid.
  ///   - cause: The error that caused this one, if any (``underlying``).
  public init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
    fields = ErrorFields(code, message, cause: cause)
  }

  /// Creates an error (the `ConvertingError` requirement).
  ///
  /// - Parameter fields: The code, message and cause.
  public init(fields: ErrorFields<Code>) { self.fields = fields }

  /// The error that caused this one, if any, such as the `MetricsError` for a bad size
  /// (`cause`); not part of equality.
  public var underlying: (any Error & Sendable)? { cause }

  /// The code a lower error becomes: a metrics error (a size or value the metrics engine
  /// refused) and a registry error for an invalid argument are ``Code/invalidOption``; any
  /// other registry error means the font could not be used, ``Code/fontUnavailable``.
  ///
  /// - Parameter error: A `MetricsError` or a `FontError`.
  /// - Returns: The layout error's code.
  public static func code(converting error: any CodedError) -> Code {
    guard let error = error as? FontError else { return .invalidOption }
    return error.code == .invalidArgument ? .invalidOption : .fontUnavailable
  }

  /// The kind of a ``LayoutError`` (an `ErrorCode`).
  public enum Code: String, ErrorCode {
    /// A width, size, line limit or other option is out of range.
    case invalidOption
    /// A face's bytes could not be read or shaped (the file changed or vanished since it was
    /// registered).
    case fontUnavailable
    /// ICU or HarfBuzz failed (out of memory, or an internal error).
    case engineFailure
  }

  static func option(_ message: String) -> LayoutError { LayoutError(.invalidOption, message) }
}
