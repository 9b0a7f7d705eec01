// SPDX-License-Identifier: Apache-2.0

/// The user's preferred text size: one of the twelve Dynamic Type content-size categories.
///
/// The cases, their order and their raw values match UIKit's `UIContentSizeCategory`
/// (`UICTContentSizeCategoryXS` … `UICTContentSizeCategoryAccessibilityXXXL`) and SwiftUI's
/// `DynamicTypeSize` (`xSmall` … `accessibility5`). Categories compare in that order, so
/// `category >= .accessibilityMedium` reads as it does on Apple platforms.
///
/// ```swift
/// let category = try ContentSizeCategory(parsing: "AX3")   // .accessibilityExtraLarge
/// category.isAccessibilityCategory                         // true
/// category.uiKitRawValue                                   // "UICTContentSizeCategoryAccessibilityXL"
/// category.dynamicTypeSizeName                             // "accessibility3"
/// ```
///
/// UIKit also has `.unspecified`; TypeScale has no such case, because a request is always laid out
/// for a concrete category. Parsing `UICTContentSizeCategoryUnspecified` throws and says so.
public enum ContentSizeCategory: Int, CaseIterable, Comparable, Hashable, Sendable,
  CustomStringConvertible
{
  /// xS — UIKit `.extraSmall`, SwiftUI `.xSmall`.
  case extraSmall = 0
  /// S — UIKit `.small`, SwiftUI `.small`.
  case small
  /// M — UIKit `.medium`, SwiftUI `.medium`.
  case medium
  /// L — UIKit `.large`, SwiftUI `.large`. The default category on iOS.
  case large
  /// XL — UIKit `.extraLarge`, SwiftUI `.xLarge`.
  case extraLarge
  /// XXL — UIKit `.extraExtraLarge`, SwiftUI `.xxLarge`.
  case extraExtraLarge
  /// XXXL — UIKit `.extraExtraExtraLarge`, SwiftUI `.xxxLarge`. The largest non-accessibility size.
  case extraExtraExtraLarge
  /// AX1 — UIKit `.accessibilityMedium`, SwiftUI `.accessibility1`.
  case accessibilityMedium
  /// AX2 — UIKit `.accessibilityLarge`, SwiftUI `.accessibility2`.
  case accessibilityLarge
  /// AX3 — UIKit `.accessibilityExtraLarge`, SwiftUI `.accessibility3`.
  case accessibilityExtraLarge
  /// AX4 — UIKit `.accessibilityExtraExtraLarge`, SwiftUI `.accessibility4`.
  case accessibilityExtraExtraLarge
  /// AX5 — UIKit `.accessibilityExtraExtraExtraLarge`, SwiftUI `.accessibility5`. The largest size.
  case accessibilityExtraExtraExtraLarge

  /// The default category on iOS, iPadOS and the 40–42 mm Apple Watch: Large.
  public static let `default`: ContentSizeCategory = .large

  /// Whether this is one of the five accessibility sizes (AX1–AX5), as
  /// `UIContentSizeCategory.isAccessibilityCategory` and `DynamicTypeSize.isAccessibilitySize`.
  public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

  /// Orders categories from smallest to largest, as UIKit's comparison operators do.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The short name used in tables and on the command line: `xS`, `S`, `M`, `L`, `XL`, `XXL`,
  /// `XXXL`, `AX1` … `AX5`.
  public var shortName: String { Self._names[rawValue].short }

  /// UIKit's raw value, the string behind `UIContentSizeCategory`, such as
  /// `UICTContentSizeCategoryAccessibilityXL`.
  public var uiKitRawValue: String { "UICTContentSizeCategory" + Self._names[rawValue].uiKitSuffix }

  /// UIKit's case name, such as `accessibilityExtraLarge`.
  public var uiKitName: String { Self._names[rawValue].uiKit }

  /// SwiftUI's `DynamicTypeSize` case name, such as `accessibility3`.
  public var dynamicTypeSizeName: String { Self._names[rawValue].swiftUI }

  /// The short name, as printed by `print(category)`.
  public var description: String { shortName }

  /// The next larger category, or `nil` at AX5.
  public var next: ContentSizeCategory? { ContentSizeCategory(rawValue: rawValue + 1) }

  /// The next smaller category, or `nil` at xS.
  public var previous: ContentSizeCategory? { ContentSizeCategory(rawValue: rawValue - 1) }

  // MARK: - Parsing

  /// Parses a category from any of its names, ignoring case.
  ///
  /// Accepted spellings, for AX3 as an example: the short name `AX3`, UIKit's raw value
  /// `UICTContentSizeCategoryAccessibilityXL`, UIKit's case name `accessibilityExtraLarge`, and
  /// SwiftUI's `accessibility3`. Surrounding whitespace is ignored.
  ///
  /// - Parameter name: The name to parse.
  /// - Throws: ``MetricsError/Code/unknownCategory`` with a message listing the valid names, or,
  ///   for `UICTContentSizeCategoryUnspecified`, saying that a concrete category is needed.
  public init(parsing name: String) throws(MetricsError) {
    let key = Self.normalize(name)
    if let found = Self._lookup[key] {
      self = found
      return
    }
    if key == "uictcontentsizecategoryunspecified" || key == "unspecified" {
      throw MetricsError(
        .unknownCategory,
        "content-size category \"\(MetricsError.quoted(name))\" carries no size: pass a concrete category "
          + "(the default is L, UICTContentSizeCategoryL)")
    }
    throw MetricsError(
      .unknownCategory,
      "unknown content-size category \"\(MetricsError.quoted(name))\"; valid names: "
        + Self.allCases.map(\.shortName).joined(separator: ", ")
        + " (or UIKit raw values such as UICTContentSizeCategoryAccessibilityXL, "
        + "UIKit names such as accessibilityExtraLarge, SwiftUI names such as accessibility3)")
  }

  // MARK: - Name table

  private struct _Names {
    let short: String
    let uiKitSuffix: String
    let uiKit: String
    let swiftUI: String
  }

  // One row per case, in case order. Raw values and names: UIKit / SwiftUI
  // (reference/dynamic-type.md §1.3, sources S2 and S8).
  private static let _names: [_Names] = [
    _Names(short: "xS", uiKitSuffix: "XS", uiKit: "extraSmall", swiftUI: "xSmall"),
    _Names(short: "S", uiKitSuffix: "S", uiKit: "small", swiftUI: "small"),
    _Names(short: "M", uiKitSuffix: "M", uiKit: "medium", swiftUI: "medium"),
    _Names(short: "L", uiKitSuffix: "L", uiKit: "large", swiftUI: "large"),
    _Names(short: "XL", uiKitSuffix: "XL", uiKit: "extraLarge", swiftUI: "xLarge"),
    _Names(short: "XXL", uiKitSuffix: "XXL", uiKit: "extraExtraLarge", swiftUI: "xxLarge"),
    _Names(short: "XXXL", uiKitSuffix: "XXXL", uiKit: "extraExtraExtraLarge", swiftUI: "xxxLarge"),
    _Names(
      short: "AX1", uiKitSuffix: "AccessibilityM", uiKit: "accessibilityMedium",
      swiftUI: "accessibility1"),
    _Names(
      short: "AX2", uiKitSuffix: "AccessibilityL", uiKit: "accessibilityLarge",
      swiftUI: "accessibility2"),
    _Names(
      short: "AX3", uiKitSuffix: "AccessibilityXL", uiKit: "accessibilityExtraLarge",
      swiftUI: "accessibility3"),
    _Names(
      short: "AX4", uiKitSuffix: "AccessibilityXXL", uiKit: "accessibilityExtraExtraLarge",
      swiftUI: "accessibility4"),
    _Names(
      short: "AX5", uiKitSuffix: "AccessibilityXXXL", uiKit: "accessibilityExtraExtraExtraLarge",
      swiftUI: "accessibility5"),
  ]

  private static let _lookup: [String: ContentSizeCategory] = {
    var table: [String: ContentSizeCategory] = [:]
    for category in allCases {
      for name in [
        category.shortName, category.uiKitRawValue, category.uiKitName,
        category.dynamicTypeSizeName,
      ] {
        table[normalize(name)] = category
      }
    }
    return table
  }()

  /// Lower-cases ASCII letters and trims spaces and tabs, without Foundation.
  static func normalize(_ name: String) -> String {
    var scalars = Substring(name).unicodeScalars.drop { $0 == " " || $0 == "\t" }
    while let last = scalars.last, last == " " || last == "\t" || last == "\n" {
      scalars = scalars.dropLast()
    }
    var out = String.UnicodeScalarView()
    for scalar in scalars {
      if scalar.value >= 65, scalar.value <= 90, let lower = Unicode.Scalar(scalar.value + 32) {
        out.append(lower)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }
}
