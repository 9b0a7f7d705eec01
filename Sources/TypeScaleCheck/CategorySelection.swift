// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// The content-size categories a rule requires to fit: a range such as `"xS...AX3"` or a list
/// such as `["L", "AX1"]`.
///
/// Names are any `ContentSizeCategory(parsing:)` accepts: short names (`xS`, `L`, `AX3`),
/// UIKit raw values and case names, SwiftUI names.
///
/// ```swift
/// let selection = try CategorySelection(parsing: "L...AX2")
/// selection.categories   // [.large, .extraLarge, …, .accessibilityLarge]
/// ```
public struct CategorySelection: Hashable, Sendable, CustomStringConvertible, Decodable {
  /// The categories, smallest first, each once.
  public let categories: [ContentSizeCategory]

  /// Every category, `xS...AX5`.
  public static let all = CategorySelection(uncheckedCategories: ContentSizeCategory.allCases)

  private init(uncheckedCategories: [ContentSizeCategory]) { categories = uncheckedCategories }

  /// Parses a range `A...B` (A ≤ B) or a single category name, with
  /// `DynamicTypeRange(parsing:)`: a range that runs backwards (`AX3...xS`) is an error that
  /// names the range meant (`write xS...AX3`).
  ///
  /// - Parameter text: The text.
  /// - Throws: ``CheckError`` naming the text and what is valid.
  public init(parsing text: String) throws(CheckError) {
    do throws(MetricsError) {
      categories = try DynamicTypeRange(parsing: text).categories
    } catch {
      throw CheckError(error.message, cause: error)
    }
  }

  /// Takes a list of names, sorted and without repeats.
  ///
  /// - Parameter names: At least one category name.
  /// - Throws: ``CheckError`` for an empty list or an unknown name.
  public init(names: [String]) throws(CheckError) {
    guard !names.isEmpty else {
      throw CheckError("the category list is empty; name at least one, such as [\"L\", \"AX1\"]")
    }
    var set: Set<ContentSizeCategory> = []
    for name in names { set.insert(try Self.category(name)) }
    categories = set.sorted()
  }

  /// Decodes a string (``init(parsing:)``) or an array of names (``init(names:)``).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` with the ``CheckError`` message.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    do throws(CheckError) {
      if let text = try? container.decode(String.self) {
        self = try CategorySelection(parsing: text)
      } else if let names = try? container.decode([String].self) {
        self = try CategorySelection(names: names)
      } else {
        throw CheckError(
          "must be a range string such as \"xS...AX3\" or a list such as [\"L\", \"AX1\"]")
      }
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }

  private static func category(_ name: String) throws(CheckError) -> ContentSizeCategory {
    do throws(MetricsError) {
      return try ContentSizeCategory(parsing: name)
    } catch {
      // The name comes from the user's file: quoted, so a long or control-laden one is cut.
      throw CheckError(error.message.replacingOccurrences(of: name, with: DisplayText.quoted(name)))
    }
  }

  /// `xS...AX3` for a contiguous run of two or more, else the names joined by commas.
  public var description: String {
    guard let first = categories.first, let last = categories.last else { return "" }
    if categories.count > 1,
      categories.count == ContentSizeCategory.allCases.filter({ (first...last).contains($0) }).count
    {
      return "\(first.shortName)...\(last.shortName)"
    }
    return categories.map(\.shortName).joined(separator: ", ")
  }
}
