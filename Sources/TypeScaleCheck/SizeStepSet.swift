// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// A set of size steps, cheap to keep one per translation.
///
/// A set of content-size categories is one word (one bit per category); a set holding a font
/// scale is a small sorted array (a run names at most ``SizeStep/maximumStepsPerRule`` steps a
/// rule). iOS runs, whose sets are all categories, never allocate.
public struct SizeStepSet: Hashable, Sendable, Sequence {
  /// The categories: category *i* (its raw value) in bit *i*.
  public private(set) var bits: UInt16
  /// The font scales, smallest first, each once.
  public private(set) var fontScales: [Double]

  /// The empty set.
  public init() {
    bits = 0
    fontScales = []
  }

  /// A set of categories.
  ///
  /// - Parameter categories: The categories.
  public init(_ categories: some Sequence<ContentSizeCategory>) {
    self.init()
    for category in categories { insert(category) }
  }

  /// A set of steps.
  ///
  /// - Parameter steps: The steps.
  public init(steps: some Sequence<SizeStep>) {
    self.init()
    for step in steps { insert(step) }
  }

  /// Whether the set has no step.
  public var isEmpty: Bool { bits == 0 && fontScales.isEmpty }
  /// The number of steps.
  public var count: Int { bits.nonzeroBitCount + fontScales.count }
  /// The smallest step.
  public var first: SizeStep? {
    if bits != 0 {
      return ContentSizeCategory(rawValue: bits.trailingZeroBitCount).map(SizeStep.category)
    }
    return fontScales.first.map(SizeStep.fontScale)
  }

  /// Whether a category is in the set.
  public func contains(_ category: ContentSizeCategory) -> Bool {
    bits & (1 << UInt16(category.rawValue)) != 0
  }

  /// Whether a step is in the set.
  public func contains(_ step: SizeStep) -> Bool {
    switch step {
    case .category(let category): contains(category)
    case .fontScale(let scale): fontScales.contains(scale)
    }
  }

  /// Adds a category.
  public mutating func insert(_ category: ContentSizeCategory) {
    bits |= 1 << UInt16(category.rawValue)
  }

  /// Adds a step.
  public mutating func insert(_ step: SizeStep) {
    switch step {
    case .category(let category): insert(category)
    case .fontScale(let scale):
      guard !fontScales.contains(scale) else { return }
      let index = fontScales.firstIndex { $0 > scale } ?? fontScales.endIndex
      fontScales.insert(scale, at: index)
    }
  }

  /// Adds every step of another set.
  public mutating func formUnion(_ other: SizeStepSet) {
    bits |= other.bits
    for scale in other.fontScales { insert(.fontScale(scale)) }
  }

  /// The steps, smallest first (categories, then font scales).
  public var steps: [SizeStep] {
    ContentSizeCategory.allCases.filter(contains).map(SizeStep.category)
      + fontScales.map(SizeStep.fontScale)
  }

  /// The steps, smallest first.
  public func makeIterator() -> IndexingIterator<[SizeStep]> {
    steps.makeIterator()
  }
}

/// The set of size steps under its name before Android steps (issue 36).
public typealias CategorySet = SizeStepSet
