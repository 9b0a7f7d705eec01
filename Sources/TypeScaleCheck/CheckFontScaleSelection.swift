// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// The Android font scales a rule requires to fit (`"fontScales"`): a range such as
/// `"0.85...2.0"` or a list such as `[1, 1.3, 2]`.
///
/// A range selects the user-selectable values of Settings (0.85, 1, 1.15, 1.3 and, since
/// Android 14, 1.5, 1.8, 2: AOSP `packages/SettingsLib/res/values/arrays.xml`,
/// `entryvalues_font_size`) that lie in it, and its two ends. A list is taken as written,
/// sorted, each once. Every value is finite, greater than zero and at most
/// ``SizeStep/maximumFontScale``; at most ``SizeStep/maximumStepsPerRule`` values.
///
/// ```swift
/// try CheckFontScaleSelection(parsing: "1...1.5").fontScales   // [1, 1.15, 1.3, 1.5]
/// ```
public struct CheckFontScaleSelection: Hashable, Sendable, Decodable, CustomStringConvertible {
  /// The font scales, smallest first, each once.
  public let fontScales: [Double]
  /// The range's text, when parsed from one.
  private let rangeText: String?

  /// Android 14's Settings values: 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2.
  public static let android14Settings: [Double] = [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2]
  /// Android 13's and earlier Settings values: 0.85, 1, 1.15, 1.3.
  public static let android13Settings: [Double] = [0.85, 1, 1.15, 1.3]

  /// The Settings values of an Android version.
  ///
  /// - Parameter version: The Android version (13 and earlier: four values; 14 and later: seven).
  /// - Returns: The values, smallest first.
  public static func settings(androidVersion version: Int) -> [Double] {
    version >= 14 ? android14Settings : android13Settings
  }

  /// Takes a list of font scales.
  ///
  /// - Parameter fontScales: At least one value, each valid.
  /// - Throws: ``CheckError`` for an empty or too long list, or a value out of range.
  public init(fontScales: [Double]) throws(CheckError) {
    guard !fontScales.isEmpty else {
      throw CheckError("the font-scale list is empty; name at least one, such as [1, 1.3, 2]")
    }
    for scale in fontScales { try Self.validate(scale) }
    let sorted = Array(Set(fontScales)).sorted()
    guard sorted.count <= SizeStep.maximumStepsPerRule else {
      throw CheckError(
        "\(sorted.count) font scales; at most \(SizeStep.maximumStepsPerRule) are checked")
    }
    self.fontScales = sorted
    rangeText = nil
  }

  /// Parses `A...B` (A ≤ B; the Settings values of `settings` in the range, and both ends) or
  /// a single number.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - settings: The Settings values a range selects from; Android 14's by default.
  /// - Throws: ``CheckError`` naming the text and what is valid.
  public init(parsing text: String, settings: [Double] = android14Settings) throws(CheckError) {
    let parts = text.components(separatedBy: "...")
    let numbers = parts.map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard (1...2).contains(parts.count), numbers.allSatisfy({ $0 != nil }) else {
      throw CheckError(
        "font scales \"\(text)\" are not valid; write a range such as \"0.85...2.0\", one "
          + "scale such as \"1.3\", or a list such as [1, 1.3, 2]")
    }
    let values = numbers.compactMap { $0 }
    for scale in values { try Self.validate(scale) }
    guard let lower = values.first, let upper = values.last else {
      throw CheckError("font scales \"\(text)\" are empty")
    }
    guard lower <= upper else {
      throw CheckError(
        "font-scale range \"\(text)\" runs backwards; write "
          + "\(NumberText.shortest(upper))...\(NumberText.shortest(lower))")
    }
    try self.init(fontScales: [lower, upper] + settings.filter { (lower...upper).contains($0) })
    if parts.count == 2 {
      self = CheckFontScaleSelection(fontScales: fontScales, rangeText: text)
    }
  }

  private init(fontScales: [Double], rangeText: String?) {
    self.fontScales = fontScales
    self.rangeText = rangeText
  }

  private static func validate(_ scale: Double) throws(CheckError) {
    guard scale.isFinite, scale > 0, scale <= SizeStep.maximumFontScale else {
      throw CheckError(
        "font scale \(NumberText.shortest(scale)) is not valid; use a number > 0 and at most "
          + NumberText.shortest(SizeStep.maximumFontScale) + " (1 is Android's default)")
    }
  }

  /// Decodes a string (``init(parsing:settings:)``) or a list of numbers
  /// (``init(fontScales:)``).
  ///
  /// - Throws: `DecodingError.dataCorrupted` with the ``CheckError`` message.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    do throws(CheckError) {
      if let text = try? container.decode(String.self) {
        self = try CheckFontScaleSelection(parsing: text)
      } else if let scale = try? container.decode(Double.self) {
        self = try CheckFontScaleSelection(fontScales: [scale])
      } else if let scales = try? container.decode([Double].self) {
        self = try CheckFontScaleSelection(fontScales: scales)
      } else {
        throw CheckError(
          "must be a range string such as \"0.85...2.0\" or a list such as [1, 1.3, 2]")
      }
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }

  /// The range as written, else the scales joined by commas.
  public var description: String {
    rangeText ?? fontScales.map { NumberText.shortest($0) }.joined(separator: ", ")
  }
}
