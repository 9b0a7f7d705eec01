// SPDX-License-Identifier: Apache-2.0

/// The code of a TypeScale error (`CodedError/code`): an enum of names, each its own raw
/// value, shown by `print(code)` as that name.
///
/// Every error type's `Code` is such an enum (`MetricsError.Code`, `FontError.Code`, …), so
/// each writes only its names and what they mean; the name, equality and hashing come from
/// here and from the enum:
///
/// ```swift
/// let code = MetricsError.Code.invalidSize
/// print(code)                     // invalidSize
/// code == .invalidSize            // true
/// ```
///
/// Match on a code with `==` or with a `switch` that has a `default:` case: new codes may be
/// added to any type.
public protocol ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {}

extension ErrorCode {
  /// The code's name, such as `invalidSize`.
  public var description: String { rawValue }
}
