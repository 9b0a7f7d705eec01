// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// A face's width as a percentage of normal — CSS `font-width` (formerly `font-stretch`).
///
/// 100 is normal; OS/2 `usWidthClass` 1–9 maps to 50, 62.5, 75, 87.5, 100, 112.5, 125, 150 and
/// 200 (OpenType OS/2 spec, CSS Fonts Level 4 §2.3).
///
/// ```swift
/// FontWidth(widthClass: 3)?.percent   // 75 (condensed)
/// FontWidth.normal.name               // "normal"
/// ```
public struct FontWidth: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The width in percent of normal, 50 through 200.
  public let percent: Double

  /// Creates a width from a percentage.
  ///
  /// - Parameter percent: The width in percent: finite, 50 through 200 (the CSS range for named
  ///   widths; variable fonts may go further, so any positive finite value is accepted).
  /// - Throws: ``FontError/Code/invalidArgument`` for zero, negative, NaN or infinite values.
  public init(percent: Double) throws(FontError) {
    guard percent.isFinite, percent > 0 else {
      throw FontError(
        .invalidArgument,
        "font width \(percent)% is not valid; use a percentage > 0 (100 is normal)")
    }
    self.percent = percent
  }

  init(_unchecked percent: Double) { self.percent = percent }

  /// Maps an OS/2 `usWidthClass` (1–9) to its width; `nil` for values outside 1–9.
  ///
  /// - Parameter widthClass: The OS/2 width class.
  public init?(widthClass: Int) {
    let table: [Double] = [50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200]
    guard (1...9).contains(widthClass) else { return nil }
    self.percent = table[widthClass - 1]
  }

  /// Ultra-condensed, 50 %.
  public static let ultraCondensed = FontWidth(_unchecked: 50)
  /// Extra-condensed, 62.5 %.
  public static let extraCondensed = FontWidth(_unchecked: 62.5)
  /// Condensed, 75 %.
  public static let condensed = FontWidth(_unchecked: 75)
  /// Semi-condensed, 87.5 %.
  public static let semiCondensed = FontWidth(_unchecked: 87.5)
  /// Normal, 100 %.
  public static let normal = FontWidth(_unchecked: 100)
  /// Semi-expanded, 112.5 %.
  public static let semiExpanded = FontWidth(_unchecked: 112.5)
  /// Expanded, 125 %.
  public static let expanded = FontWidth(_unchecked: 125)
  /// Extra-expanded, 150 %.
  public static let extraExpanded = FontWidth(_unchecked: 150)
  /// Ultra-expanded, 200 %.
  public static let ultraExpanded = FontWidth(_unchecked: 200)

  private static let _named: [(String, FontWidth)] = [
    ("ultra-condensed", .ultraCondensed), ("extra-condensed", .extraCondensed),
    ("condensed", .condensed), ("semi-condensed", .semiCondensed), ("normal", .normal),
    ("semi-expanded", .semiExpanded), ("expanded", .expanded),
    ("extra-expanded", .extraExpanded), ("ultra-expanded", .ultraExpanded),
  ]

  /// The CSS keyword (`condensed`) or, for other values, the percentage (`80%`).
  public var name: String {
    Self._named.first { $0.1 == self }?.0
      ?? "\(NumberText.shortest(percent))%"
  }

  /// The name, as printed by `print(width)`.
  public var description: String { name }

  /// Orders widths from narrowest to widest.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.percent < rhs.percent }
}
