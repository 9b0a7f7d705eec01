// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// The statuses of one translation at every step, packed: two bits per content-size category
/// (not laid out, fits, truncated, overflows) in one word, and a small sorted list for Android
/// font scales.
///
/// ``CheckSummary`` keeps one per translation instead of its cells, so a summary of 100,000
/// translations takes a few megabytes; an iOS pattern never allocates.
public struct CheckStatusPattern: Hashable, Sendable {
  /// The packed bits: category *i* (its raw value) in bits 2*i* and 2*i*+1.
  public var bits: UInt32
  /// The font scales laid out, smallest first, with their status codes (1 fits, 2 truncated,
  /// 3 overflows).
  public private(set) var fontScales: [Double] = []
  private var fontScaleCodes: [UInt8] = []

  /// A pattern with no step laid out.
  public init() { bits = 0 }

  /// The pattern of a result's cells.
  ///
  /// - Parameter cells: The cells.
  public init(_ cells: [CheckCell]) {
    bits = 0
    for cell in cells { self[cell.step] = cell.status }
  }

  private static func status(_ code: UInt32) -> CheckStatus? {
    switch code {
    case 1: .fits
    case 2: .truncated
    case 3: .overflowsLines
    default: nil
    }
  }

  private static func code(_ status: CheckStatus?) -> UInt32 {
    switch status {
    case nil: 0
    case .fits: 1
    case .truncated: 2
    case .overflowsLines: 3
    }
  }

  /// The status at a category, or `nil` when it was not laid out.
  public subscript(category: ContentSizeCategory) -> CheckStatus? {
    get { Self.status((bits >> (2 * UInt32(category.rawValue))) & 3) }
    set {
      let shift = 2 * UInt32(category.rawValue)
      bits = (bits & ~(3 << shift)) | (Self.code(newValue) << shift)
    }
  }

  /// The status at a step, or `nil` when it was not laid out.
  public subscript(step: SizeStep) -> CheckStatus? {
    get {
      switch step {
      case .category(let category): return self[category]
      case .fontScale(let scale):
        guard let index = fontScales.firstIndex(of: scale) else { return nil }
        return Self.status(UInt32(fontScaleCodes[index]))
      }
    }
    set {
      switch step {
      case .category(let category): self[category] = newValue
      case .fontScale(let scale):
        if let index = fontScales.firstIndex(of: scale) {
          if newValue == nil {
            fontScales.remove(at: index)
            fontScaleCodes.remove(at: index)
          } else {
            fontScaleCodes[index] = UInt8(Self.code(newValue))
          }
        } else if newValue != nil {
          let index = fontScales.firstIndex { $0 > scale } ?? fontScales.endIndex
          fontScales.insert(scale, at: index)
          fontScaleCodes.insert(UInt8(Self.code(newValue)), at: index)
        }
      }
    }
  }

  /// The steps laid out, smallest first.
  public var steps: [SizeStep] {
    ContentSizeCategory.allCases.filter { self[$0] != nil }.map(SizeStep.category)
      + fontScales.map(SizeStep.fontScale)
  }

  /// The steps laid out, smallest first (``steps``; the name from before Android steps).
  public var categories: [SizeStep] { steps }
}
