// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// The statuses of one translation at every category, packed in one word: two bits per
/// category (not laid out, fits, truncated, overflows).
///
/// ``CheckSummary`` keeps one per translation instead of its cells, so a summary of 100,000
/// translations takes a few megabytes.
public struct CheckStatusPattern: Hashable, Sendable {
  /// The packed bits: category *i* (its raw value) in bits 2*i* and 2*i*+1.
  public var bits: UInt32

  /// A pattern with no category laid out.
  public init() { bits = 0 }

  /// The pattern of a result's cells.
  ///
  /// - Parameter cells: The cells.
  public init(_ cells: [CheckCell]) {
    bits = 0
    for cell in cells { self[cell.category] = cell.status }
  }

  /// The status at a category, or `nil` when it was not laid out.
  public subscript(category: ContentSizeCategory) -> CheckStatus? {
    get {
      switch (bits >> (2 * UInt32(category.rawValue))) & 3 {
      case 1: .fits
      case 2: .truncated
      case 3: .overflowsLines
      default: nil
      }
    }
    set {
      let shift = 2 * UInt32(category.rawValue)
      let code: UInt32 =
        switch newValue {
        case nil: 0
        case .fits: 1
        case .truncated: 2
        case .overflowsLines: 3
        }
      bits = (bits & ~(3 << shift)) | (code << shift)
    }
  }

  /// The categories laid out, smallest first.
  public var categories: [ContentSizeCategory] {
    ContentSizeCategory.allCases.filter { self[$0] != nil }
  }
}
