// SPDX-License-Identifier: Apache-2.0

/// A range of content-size categories that limits the category a view (or a request) sees.
///
/// The equivalent of SwiftUI's `.dynamicTypeSize(.small ... .accessibility2)` and of UIKit's
/// `UIView.minimumContentSizeCategory` / `maximumContentSizeCategory`.
///
/// ```swift
/// let range = DynamicTypeRange(.small ... .accessibilityLarge)
/// range.clamp(.accessibilityExtraExtraExtraLarge)    // .accessibilityLarge
/// let nested = range.intersection(DynamicTypeRange(...ContentSizeCategory.extraExtraExtraLarge))
/// nested?.upperBound                                 // .extraExtraExtraLarge
/// ```
public struct DynamicTypeRange: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The smallest category allowed.
  public let lowerBound: ContentSizeCategory
  /// The largest category allowed.
  public let upperBound: ContentSizeCategory

  /// Every category: no limit.
  public static let all = DynamicTypeRange(
    ContentSizeCategory.extraSmall ... .accessibilityExtraExtraExtraLarge)

  /// The seven non-accessibility categories, xS through XXXL.
  public static let nonAccessibility = DynamicTypeRange(
    ...ContentSizeCategory.extraExtraExtraLarge)

  /// Creates a range from a closed range, like `.dynamicTypeSize(.small ... .xxxLarge)`.
  ///
  /// - Parameter range: The allowed categories.
  public init(_ range: ClosedRange<ContentSizeCategory>) {
    self.lowerBound = range.lowerBound
    self.upperBound = range.upperBound
  }

  /// Creates a range with no upper limit, like `.dynamicTypeSize(.large...)`.
  ///
  /// - Parameter range: The allowed categories.
  public init(_ range: PartialRangeFrom<ContentSizeCategory>) {
    self.init(range.lowerBound ... .accessibilityExtraExtraExtraLarge)
  }

  /// Creates a range with no lower limit, like `.dynamicTypeSize(...DynamicTypeSize.xxxLarge)`.
  ///
  /// - Parameter range: The allowed categories.
  public init(_ range: PartialRangeThrough<ContentSizeCategory>) {
    self.init(.extraSmall...range.upperBound)
  }

  /// Creates a range the way UIKit's `minimumContentSizeCategory` and
  /// `maximumContentSizeCategory` combine: `nil` removes a limit, and when the minimum is larger
  /// than the maximum the maximum wins (the range is the maximum alone).
  ///
  /// The "maximum wins" rule comes from a single third-party source (reference/dynamic-type.md
  /// §7, item 10); Apple does not document it.
  ///
  /// - Parameters:
  ///   - minimum: The smallest category, or `nil` for xS.
  ///   - maximum: The largest category, or `nil` for AX5.
  public init(minimum: ContentSizeCategory?, maximum: ContentSizeCategory?) {
    let upper = maximum ?? .accessibilityExtraExtraExtraLarge
    let lower = min(minimum ?? .extraSmall, upper)
    self.init(lower...upper)
  }

  private enum CodingKeys: String, CodingKey {
    case lowerBound, upperBound
  }

  /// Decodes `{"lowerBound": "S", "upperBound": "AX2"}`, refusing a range whose lower bound is
  /// above its upper bound (a `ClosedRange` cannot hold one, and ``clamped(to:)`` would have to
  /// trap on it).
  ///
  /// - Parameter decoder: The decoder to read the two categories from.
  /// - Throws: `DecodingError.dataCorrupted` carrying a ``MetricsError`` with code
  ///   ``MetricsError/Code/invalidValue`` for an inverted range; what the decoder throws for a
  ///   missing or unknown category.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let lower = try container.decode(ContentSizeCategory.self, forKey: .lowerBound)
    let upper = try container.decode(ContentSizeCategory.self, forKey: .upperBound)
    self = try MetricsError.decoding(at: container.codingPath) { () throws(MetricsError) in
      guard lower <= upper else {
        throw MetricsError(
          .invalidValue,
          "dynamic type range \(lower.shortName)...\(upper.shortName) is inverted; the lower "
            + "bound must not be above the upper bound")
      }
      return DynamicTypeRange(lower...upper)
    }
  }

  /// Whether the range allows `category`.
  ///
  /// - Parameter category: A category.
  /// - Returns: `true` when `lowerBound ≤ category ≤ upperBound`.
  public func contains(_ category: ContentSizeCategory) -> Bool {
    lowerBound <= category && category <= upperBound
  }

  /// The categories in the range, smallest first.
  public var categories: [ContentSizeCategory] {
    ContentSizeCategory.allCases.filter(contains)
  }

  /// The nearest allowed category.
  ///
  /// That is `category` itself when the range contains it, otherwise the bound it passed. This is what a view limited by the range sees.
  ///
  /// - Parameter category: The user's category.
  /// - Returns: The category clamped into the range.
  public func clamp(_ category: ContentSizeCategory) -> ContentSizeCategory {
    min(max(category, lowerBound), upperBound)
  }

  /// The categories both ranges allow, as nested `.dynamicTypeSize(_:)` modifiers combine; `nil`
  /// when they share none.
  ///
  /// - Parameter other: Another range.
  /// - Returns: The intersection, or `nil` when it is empty.
  public func intersection(_ other: DynamicTypeRange) -> DynamicTypeRange? {
    let lower = max(lowerBound, other.lowerBound)
    let upper = min(upperBound, other.upperBound)
    return lower <= upper ? DynamicTypeRange(lower...upper) : nil
  }

  /// This range limited by an outer range, never empty: like `ClosedRange.clamped(to:)`, when the
  /// two share no category the result is the bound of `limits` nearest to this range.
  ///
  /// Use this where a nested modifier must still yield a category, as SwiftUI does when a fixed
  /// size is clamped by an enclosing range.
  ///
  /// - Parameter limits: The enclosing range.
  /// - Returns: The clamped range.
  public func clamped(to limits: DynamicTypeRange) -> DynamicTypeRange {
    DynamicTypeRange(limits.clamp(lowerBound)...limits.clamp(upperBound))
  }

  /// The range in short names, such as `S...AX2`.
  public var description: String { "\(lowerBound.shortName)...\(upperBound.shortName)" }
}
