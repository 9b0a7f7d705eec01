// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// One size step a check lays a text out at: an iOS content-size category or an Android font
/// scale.
///
/// iOS users pick a content-size category (`xS` … `AX5`); Android users pick a *font scale*
/// (Settings › Display › Font size: 0.85, 1, 1.15, 1.3 and, since Android 14, 1.5, 1.8 and 2;
/// AOSP `packages/SettingsLib/res/values/arrays.xml`, `entryvalues_font_size`). A result's
/// steps are all of one kind.
///
/// Steps order categories before font scales, each by size. The JSON form is the category's
/// short name (`"AX3"`) or the font scale as a number (`1.3`).
///
/// ```swift
/// SizeStep.category(.accessibilityLarge).label  // "AX3"
/// SizeStep.fontScale(1.3).label                 // "1.3×"
/// ```
public enum SizeStep: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
  /// An iOS content-size category.
  case category(ContentSizeCategory)
  /// An Android font scale (`Configuration.fontScale`), finite and greater than zero.
  case fontScale(Double)

  /// The category, or `nil` for a font scale.
  public var category: ContentSizeCategory? {
    if case .category(let category) = self { return category }
    return nil
  }

  /// The font scale, or `nil` for a category.
  public var fontScale: Double? {
    if case .fontScale(let scale) = self { return scale }
    return nil
  }

  /// Whether the step is an Android font scale.
  public var isFontScale: Bool { fontScale != nil }

  /// The column label: a category's short name (`AX3`), a font scale as
  /// `AndroidFontScaleLabel.label` writes it (`1.3×`, `2×`).
  public var label: String {
    switch self {
    case .category(let category): category.shortName
    case .fontScale(let scale): AndroidFontScaleLabel.label(scale)
    }
  }

  /// ``label``.
  public var description: String { label }

  /// ``label``: the name report columns use (a category's short name, as before font scales).
  public var shortName: String { label }

  /// A font scale in its shortest form: `1`, `1.3`, `0.85`.
  static func scaleText(_ scale: Double) -> String {
    NumberText.shortest(scale)
  }

  /// Categories first, then font scales, each by size.
  public static func < (lhs: SizeStep, rhs: SizeStep) -> Bool {
    switch (lhs, rhs) {
    case (.category(let left), .category(let right)): left < right
    case (.fontScale(let left), .fontScale(let right)): left < right
    case (.category, .fontScale): true
    case (.fontScale, .category): false
    }
  }

  /// Decodes a category name (any spelling `ContentSizeCategory(parsing:)` takes) or a number
  /// (a font scale, finite and greater than zero).
  ///
  /// - Throws: `DecodingError.dataCorrupted` for an unknown name or a font scale out of range.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let scale = try? container.decode(Double.self) {
      guard scale.isFinite, scale > 0, scale <= SizeStep.maximumFontScale else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription:
            "font scale \(NumberText.shortest(scale)) is not valid; use a number > 0 and at most "
            + NumberText.shortest(SizeStep.maximumFontScale))
      }
      self = .fontScale(scale)
    } else {
      self = .category(try container.decode(ContentSizeCategory.self))
    }
  }

  /// Encodes a category's short name or a font scale's number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .category(let category): try container.encode(category)
    case .fontScale(let scale): try container.encode(scale)
    }
  }

  /// The largest font scale a check accepts: 10 (Android's Settings stop at 2; `adb shell
  /// settings put system font_scale` takes larger values, which scale linearly above 2).
  public static let maximumFontScale = 10.0

  /// The most steps one rule may name: 16 (iOS has 12 categories; Android 14's Settings 7 font
  /// scales).
  public static let maximumStepsPerRule = 16
}

extension ContentSizeCategory {
  /// The category as a ``SizeStep``.
  public var step: SizeStep { .category(self) }
}
