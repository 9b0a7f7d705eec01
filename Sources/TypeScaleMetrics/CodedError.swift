// SPDX-License-Identifier: Apache-2.0

/// The shape every TypeScale error has: a `code`, a `message` and an optional `cause`.
///
/// Every module's error type adopts it (`MetricsError`, `FontError`, `LayoutError`,
/// `RenderError`, `FontStoreError`, `TypeScaleError`, `GoldenError`, `StringsError`,
/// `CheckError`), so one rule describes them all:
///
/// - `print(error)` and `"\(error)"` show the `message` (a type may add to its
///   `description`, as `FontError` adds the FreeType call and status);
/// - `==` and hashing compare the `code`, the `message` and the type's
///   `comparedDetails` (such as an HTTP status), never the `cause`, which is any error;
/// - each type's `Code` is an enum of names (`ErrorCode`), and the code, message and cause
///   are stored once, as `ErrorFields` (`StoredError`);
/// - an error of a lower module becomes one of a higher module with `ConvertingError`'s
///   `init(_:)`: the same message, the lower error as the cause, and the code the higher type
///   gives it (`ConvertingError/code(converting:)`).
///
/// The `LocalizedError` conformance (so that `error.localizedDescription` is the message, as it
/// is for Apple's errors) is declared by each type in a module with Foundation; this module has
/// none.
///
/// ```swift
/// func show(_ error: some CodedError) -> String {
///   "\(error.code): \(error.message)"   // invalidSize: size -1 is not a valid point size; …
/// }
/// ```
public protocol CodedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure: each type's own set of codes, compared with `==`.
  associatedtype Code: Hashable, Sendable, CustomStringConvertible

  /// The kind of failure; match on it rather than on the message, which may be reworded.
  var code: Code { get }
  /// A sentence for a person: what went wrong and what would be valid.
  var message: String { get }
  /// The error that caused this one, if any; not part of equality.
  var cause: (any Error & Sendable)? { get }
  /// What equality and hashing compare besides the code and the message, such as an HTTP
  /// status or a C function's name; none unless a type says otherwise.
  var comparedDetails: [AnyHashable] { get }
}

extension CodedError {
  /// No details: equality compares the code and the message.
  public var comparedDetails: [AnyHashable] { [] }

  /// The message, as printed by `print(error)`.
  public var description: String { message }

  /// Whether two errors have the same code, message and `comparedDetails`; their causes are
  /// not compared.
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: `true` when those are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.code == rhs.code && lhs.message == rhs.message
      && lhs.comparedDetails == rhs.comparedDetails
  }

  /// Hashes what `==(_:_:)` compares.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(message)
    hasher.combine(comparedDetails)
  }
}

/// An error type that wraps the errors of the modules below it: one rule, `init(_:)`, instead
/// of an initialiser for each lower error.
///
/// The type says only which code a lower error becomes (`code(converting:)`); the message
/// stays the lower error's, byte for byte, and the lower error is the `CodedError/cause`:
///
/// ```swift
/// func points() throws(LayoutError) -> Double {
///   do {
///     return try FontMetrics.default.scaledFont(for: -1, in: .large).points
///   } catch {
///     throw LayoutError(error)  // .invalidOption, the metrics error's message, cause: error
///   }
/// }
/// ```
public protocol ConvertingError: CodedError {
  /// The code this type gives a lower module's error it wraps, such as `invalidOption` for a
  /// bad value and a failure code for anything else.
  ///
  /// - Parameter error: The lower error.
  /// - Returns: The code of the wrapping error.
  static func code(converting error: any CodedError) -> Code

  /// Creates an error of this type with these fields and nothing else it may store (no C
  /// status, no problems).
  ///
  /// - Parameter fields: The code, message and cause.
  init(fields: ErrorFields<Code>)
}

extension ConvertingError {
  /// Wraps a lower module's error: the code `code(converting:)` gives it, its message, and
  /// `error` as the cause.
  ///
  /// - Parameter error: The lower error.
  public init(_ error: some CodedError) {
    self.init(fields: ErrorFields(Self.code(converting: error), error.message, cause: error))
  }

  /// Creates an error of this type (`init(fields:)`).
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and what would be valid.
  ///   - cause: The error that caused this one, if any.
  public init(code: Code, message: String, cause: (any Error & Sendable)?) {
    self.init(fields: ErrorFields(code, message, cause: cause))
  }
}
