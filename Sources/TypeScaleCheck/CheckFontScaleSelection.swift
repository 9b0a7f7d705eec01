// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// The Android font scales a rule requires to fit (`"fontScales"`): a range such as
/// `"0.85...2.0"`, one scale, or a list such as `[1, 1.3, 2]`.
///
/// The syntax and its meaning are `AndroidFontScaleSelection`'s: a range selects the Settings
/// values of the rule's Android version that lie in it (AOSP
/// `packages/SettingsLib/res/values/arrays.xml`, `entryvalues_font_size`); a list is taken as
/// written. The scales are resolved against the rule's `androidVersion`.
///
/// ```swift
/// let selection = try CheckFontScaleSelection(parsing: "1...1.5")
/// selection.fontScales(version: .android14)   // [1, 1.15, 1.3, 1.5]
/// ```
public struct CheckFontScaleSelection: Hashable, Sendable, Decodable, CustomStringConvertible {
  /// The selection.
  public let selection: AndroidFontScaleSelection
  private let text: String

  /// Takes a list of font scales.
  ///
  /// - Parameter fontScales: At least one scale, each in
  ///   `AndroidFontScaleSelection.validScales`.
  /// - Throws: ``CheckError`` for an empty or too long list, or a scale out of range.
  public init(fontScales: [Double]) throws(CheckError) {
    guard !fontScales.isEmpty else {
      throw CheckError("the font-scale list is empty; name at least one, such as [1, 1.3, 2]")
    }
    do throws(MetricsError) {
      selection = try AndroidFontScaleSelection(fontScales)
    } catch {
      throw CheckError(error.message, cause: error)
    }
    text = fontScales.map { NumberText.shortest($0) }.joined(separator: ", ")
  }

  /// Parses `AndroidFontScaleSelection(parsing:)`'s syntax: `"0.85...2.0"`, `"1.3"`,
  /// `"1, 1.3, 2"`.
  ///
  /// - Parameter text: The text.
  /// - Throws: ``CheckError`` naming the text and what is valid.
  public init(parsing text: String) throws(CheckError) {
    do throws(MetricsError) {
      selection = try AndroidFontScaleSelection(parsing: text)
    } catch {
      throw CheckError(error.message, cause: error)
    }
    self.text = text
  }

  /// The font scales on a release, smallest first, each once.
  ///
  /// - Parameter version: The rule's Android version.
  /// - Returns: The scales.
  public func fontScales(version: AndroidVersion) -> [Double] {
    selection.fontScales(version: version)
  }

  /// Decodes a string (``init(parsing:)``), a number or a list of numbers
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

  /// The selection as written.
  public var description: String { text }
}
