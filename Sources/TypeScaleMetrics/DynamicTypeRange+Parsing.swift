// SPDX-License-Identifier: Apache-2.0

extension DynamicTypeRange {
  /// Parses a range of categories written `A...B`, such as `xS...AX3`, or one category name: the
  /// one reader of category ranges, used by golden cases files (`categories`) and check
  /// constraints (`categories` of a rule or the defaults).
  ///
  /// Each bound is any name ``ContentSizeCategory/init(parsing:)`` accepts (`xS`, `L`, `AX3`,
  /// UIKit raw values and case names, SwiftUI names); a single name is the range of that
  /// category alone.
  ///
  /// **A range that runs backwards is an error**, as Swift's own `a...b` refuses `a > b`: the
  /// smaller category comes first. `AX3...xS` is refused with a message that names it and the
  /// range meant (`write xS...AX3`), never swapped silently, so a typo in one bound cannot widen
  /// a range unseen.
  ///
  /// ```swift
  /// try DynamicTypeRange(parsing: "L...AX2").categories  // [.large, …, .accessibilityLarge]
  /// try DynamicTypeRange(parsing: "AX3...xS")
  /// // category range "AX3...xS" runs backwards; write xS...AX3 (the smaller category first)
  /// ```
  ///
  /// - Parameter text: `A...B` or one category name.
  /// - Throws: ``MetricsError`` with ``MetricsError/Code/unknownCategory`` for a name that is not
  ///   a category, ``MetricsError/Code/invalidValue`` for a backwards range or for more than one
  ///   `...`.
  public init(parsing text: String) throws(MetricsError) {
    let parts = text.split(separator: "...", omittingEmptySubsequences: false)
    switch parts.count {
    case 1:
      let category = try ContentSizeCategory(parsing: text)
      self.init(category...category)
    case 2:
      let lower = try ContentSizeCategory(parsing: String(parts[0]))
      let upper = try ContentSizeCategory(parsing: String(parts[1]))
      guard lower <= upper else {
        throw MetricsError(
          .invalidValue,
          "category range \"\(MetricsError.quoted(text))\" runs backwards; write "
            + "\(upper.shortName)...\(lower.shortName) (the smaller category first)")
      }
      self.init(lower...upper)
    default:
      throw MetricsError(
        .invalidValue,
        "\"\(MetricsError.quoted(text))\" is not a category range; use A...B such as xS...AX3, "
          + "or one category name")
    }
  }
}
