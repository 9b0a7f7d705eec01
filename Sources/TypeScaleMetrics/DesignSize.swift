// SPDX-License-Identifier: Apache-2.0

/// A point size as designed for the default content-size category, before any scaling.
///
/// Dynamic Type scales a *design* size to a *resolved* size for the user's category. Keeping the
/// two in distinct types makes the most common Dynamic Type bug — scaling an already-scaled size a
/// second time — a compile-time error: ``FontMetrics/scaledFont(for:maximumPointSize:in:)`` takes
/// a `DesignSize` and returns a ``ResolvedSize``, and there is no conversion back. (UIKit catches
/// the same mistake at run time: `scaledFont(for:)` raises for a font it already scaled.)
///
/// ```swift
/// let body: DesignSize = 17
/// let resolved = try FontMetrics.default.scaledFont(for: body, in: .accessibilityExtraLarge)
/// resolved.points  // 37
/// // FontMetrics.default.scaledFont(for: resolved, …)  // does not compile
///
/// let half = try DesignSize(17.5)   // fractions and variables: checked, throwing
/// // let bad: DesignSize = -3       // does not compile: literals are 0…65535
/// ```
///
/// No initializer traps: whole-number literals are `UInt16`, all valid sizes, and every other
/// value goes through the throwing ``init(_:)``.
public struct DesignSize: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The size in points, at the default category.
  public let points: Double

  /// Creates a design size, checking it.
  ///
  /// Every `Double` is accepted or refused with an error; none traps. A fractional size is
  /// written with this initializer, `try DesignSize(17.5)`: there is no floating-point literal
  /// conformance, because a literal such as `-0.5` or `1e9` could only be refused at run time.
  ///
  /// - Parameter points: The size in points: finite, not negative and at most
  ///   ``ValueRanges/maximumPoints`` (100,000); `-0` is accepted as 0.
  /// - Throws: ``MetricsError/Code/invalidSize`` naming the value and the valid range, for a
  ///   negative, NaN, infinite or larger value.
  public init(_ points: Double) throws(MetricsError) {
    try MetricsError.checkSize(points, "design size")
    self.points = points == 0 ? 0 : points  // -0 is stored as 0, so it never prints as "-0"
  }

  /// Creates a design size from a whole-number literal, such as `17` or `DesignSize(17)`.
  ///
  /// The literal type is `UInt16`, so every literal that compiles (0 through 65,535) is a valid
  /// size (``ValueRanges/maximumPoints`` is 100,000) and this initializer needs no `try` and never
  /// traps; a negative literal (`DesignSize(-3)`) or one over 65,535 is a compile-time error.
  /// Sizes from variables, fractions and larger values go through the checked ``init(_:)``.
  ///
  /// - Parameter value: The size in points.
  public init(integerLiteral value: UInt16) {
    self.points = Double(value)
  }

  /// Decodes a number of points and checks it like ``init(_:)``.
  ///
  /// - Parameter decoder: The decoder to read a number from.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``MetricsError`` for a number
  ///   ``init(_:)`` refuses, or what the decoder throws for a value that is not a number.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let value = try container.decode(Double.self)
    self = try MetricsError.decoding(at: container.codingPath) { () throws(MetricsError) in
      try DesignSize(value)
    }
  }

  /// Encodes the number of points.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(points)
  }

  /// Orders sizes by points.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.points < rhs.points }

  /// The size followed by `pt`, such as `17pt`.
  public var description: String { MetricsError.format(points) + "pt" }
}
