// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// A set of content-size categories in one word, one bit per category.
public struct CategorySet: Hashable, Sendable, Sequence {
  /// The bits: category *i* (its raw value) in bit *i*.
  public var bits: UInt16

  /// The empty set.
  public init() { bits = 0 }

  /// A set of categories.
  ///
  /// - Parameter categories: The categories.
  public init(_ categories: some Sequence<ContentSizeCategory>) {
    bits = 0
    for category in categories { insert(category) }
  }

  /// Whether the set has no category.
  public var isEmpty: Bool { bits == 0 }
  /// The number of categories.
  public var count: Int { bits.nonzeroBitCount }
  /// The smallest category.
  public var first: ContentSizeCategory? {
    bits == 0 ? nil : ContentSizeCategory(rawValue: bits.trailingZeroBitCount)
  }

  /// Whether a category is in the set.
  public func contains(_ category: ContentSizeCategory) -> Bool {
    bits & (1 << UInt16(category.rawValue)) != 0
  }

  /// Adds a category.
  public mutating func insert(_ category: ContentSizeCategory) {
    bits |= 1 << UInt16(category.rawValue)
  }

  /// The categories, smallest first.
  public func makeIterator() -> IndexingIterator<[ContentSizeCategory]> {
    ContentSizeCategory.allCases.filter(contains).makeIterator()
  }
}
