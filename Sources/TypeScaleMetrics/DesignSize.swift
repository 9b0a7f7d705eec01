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
/// ```
public struct DesignSize: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
  /// The size in points, at the default category.
  public let points: Double

  /// Creates a design size, checking it.
  ///
  /// - Parameter points: The size in points: finite and not negative.
  /// - Throws: ``MetricsError/Code/invalidSize`` naming the value.
  public init(_ points: Double) throws(MetricsError) {
    try MetricsError.checkSize(points, "design size")
    self.points = points
  }

  /// Creates a design size from an integer literal, such as `17`.
  ///
  /// A negative literal is a programmer error and traps.
  public init(integerLiteral value: Int) {
    precondition(value >= 0, "a design size literal must not be negative: \(value)")
    self.points = Double(value)
  }

  /// Creates a design size from a floating-point literal, such as `17.5`.
  ///
  /// A negative literal is a programmer error and traps.
  public init(floatLiteral value: Double) {
    precondition(value >= 0 && value.isFinite, "a design size literal must be ≥ 0: \(value)")
    self.points = value
  }

  /// Decodes a number of points and checks it like ``init(_:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let value = try container.decode(Double.self)
    do {
      try self.init(value)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath, debugDescription: error.message,
          underlyingError: error))
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
