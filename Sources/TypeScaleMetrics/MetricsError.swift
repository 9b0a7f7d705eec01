// SPDX-License-Identifier: Apache-2.0

/// An error thrown by the metrics engine when a caller passes a value it cannot use.
///
/// Every message names the offending value and says what would be valid, so it can be shown to a
/// person as it is:
///
/// ```swift
/// do {
///   _ = try ContentSizeCategory(parsing: "huge")
/// } catch {
///   print(error)  // unknown content-size category "huge"; valid names: xS, S, M, …
/// }
/// ```
///
/// Match on ``code`` rather than on the message, which may be reworded.
///
/// Every TypeScale error type has this shape (``CodedError``): a ``code``, a ``message`` and an
/// optional ``underlying`` error that caused it, stored as ``ErrorFields``. Equality and hashing compare the code and the
/// message, not the cause. This module has no Foundation, so the `LocalizedError` conformance that makes
/// `error.localizedDescription` the message (rather than "The operation could not be
/// completed") is declared in `TypeScaleFonts`, which every module above this one links.
public struct MetricsError: StoredError {
  /// The code, message and cause (``code``, ``message``, ``underlying``).
  public let fields: ErrorFields<Code>

  /// Creates an error with a code and a message.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and what would be valid.
  ///   - cause: The error that caused this one, if any (``underlying``).
  public init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
    fields = ErrorFields(code, message, cause: cause)
  }

  /// The error that caused this one, if any (``CodedError/cause``); not part of equality.
  public var underlying: (any Error & Sendable)? { cause }

  /// The kind of a ``MetricsError`` (an `ErrorCode`).
  public enum Code: String, ErrorCode {
    /// A name matched no content-size category.
    case unknownCategory
    /// A name matched no text style.
    case unknownTextStyle
    /// A name matched no platform size table.
    case unknownPlatform
    /// A point size was negative, NaN, infinite or over ``ValueRanges/maximumPoints``.
    case invalidSize
    /// A value to scale (a padding, a height) was NaN, infinite or larger in magnitude than
    /// ``ValueRanges/maximumPoints``.
    case invalidValue
    /// A display scale was outside ``ValueRanges/displayScales`` (0.5…10).
    case invalidDisplayScale
    /// An Android font scale was not a positive, finite number.
    case invalidFontScale
    /// The size table has no scaling data for the text style (for example, `extraLargeTitle`,
    /// which Apple publishes only at Large).
    case styleNotInTable
    /// The size table has no column for the category (watchOS has no Medium, AX4 or AX5).
    case categoryNotInTable
  }
}

// MARK: - Validation helpers

extension MetricsError {
  /// Formats a number for a message: ``NumberText/shortest(_:)``.
  static func format(_ value: Double) -> String { NumberText.shortest(value) }

  /// A name from the caller as a message quotes it: cut at 200 characters with the total
  /// length, control characters escaped as `\u{1B}` (as `DisplayText.quoted` words it; this
  /// module has no dependencies).
  static func quoted(_ name: String) -> String {
    let limit = 200
    var text = ""
    var count = 0
    for character in name {
      if count == limit { return text + "… (\(name.count) characters)" }
      count += 1
      for scalar in character.unicodeScalars {
        let value = scalar.value
        let control =
          value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
        switch scalar {
        case "\n": text += "\\n"
        case "\t": text += "\\t"
        case "\r": text += "\\r"
        default:
          text += control ? "\\u{\(String(value, radix: 16, uppercase: true))}" : String(scalar)
        }
      }
    }
    return text
  }

  /// Throws unless `points` is a finite point size in 0…``ValueRanges/maximumPoints``.
  static func checkSize(_ points: Double, _ what: String) throws(MetricsError) {
    guard points.isFinite, points >= 0, points <= ValueRanges.maximumPoints else {
      throw MetricsError(
        .invalidSize,
        "\(what) \(format(points)) is not a valid point size; use a finite number ≥ 0 and "
          + "≤ \(format(ValueRanges.maximumPoints)) (ValueRanges.maximumPoints)")
    }
  }
}
