// SPDX-License-Identifier: Apache-2.0

/// What every TypeScale error stores: its code, its message and the error that caused it.
///
/// An error type keeps one of these (`StoredError/fields`) and gets `CodedError/code`,
/// `CodedError/message` and `CodedError/cause` from it, so the three are written once here
/// rather than by every type; what a type stores besides them (a C status, an HTTP status, the
/// problems of a typography) it stores next to it.
public struct ErrorFields<Code: Hashable & Sendable>: Sendable {
  /// The kind of failure.
  public let code: Code
  /// What went wrong and what would be valid.
  public let message: String
  /// The error that caused this one, if any; not part of equality.
  public let cause: (any Error & Sendable)?

  /// Creates the fields of an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and what would be valid.
  ///   - cause: The error that caused this one, if any.
  public init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
    self.code = code
    self.message = message
    self.cause = cause
  }
}

/// A `CodedError` that stores its code, message and cause as `ErrorFields`.
public protocol StoredError: CodedError {
  /// The code, message and cause.
  var fields: ErrorFields<Code> { get }
}

extension StoredError {
  /// The kind of failure; match on it rather than on the message, which may be reworded.
  public var code: Code { fields.code }
  /// A sentence for a person: what went wrong and what would be valid.
  public var message: String { fields.message }
  /// The error that caused this one, if any; not part of equality.
  public var cause: (any Error & Sendable)? { fields.cause }
}
