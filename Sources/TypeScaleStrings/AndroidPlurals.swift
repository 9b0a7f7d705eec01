// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// Which texts of a `<plurals>` element Android shows in a language, one per CLDR plural
/// category that an integer selects in the language.
///
/// `Resources.getQuantityString` picks the item for the category that the language's CLDR
/// plural rules (ICU's `PluralRules.select`) give the quantity, and falls back to the `other`
/// item when the element has no item for it (AOSP `core/java/android/content/res/
/// ResourcesImpl.java`, `getQuantityText`: the item for the selected category, else the one
/// for `other`). So the texts a user can see are, for each category of the language:
///
/// - its own item, when the element has one;
/// - else the `other` item (a warning: Android lint's `MissingQuantity` check);
/// - else nothing — Android throws `Resources.NotFoundException` — and a warning.
///
/// An item for a category the language does not have (`<item quantity="one">` in Japanese,
/// `few` in English) is never selected: a warning (lint's `UnusedQuantity`), no entry. Nor is
/// one that only fractions select (Czech `many`), as the quantity is an `int`; the `other`
/// item of such a language (Russian) is shown only in place of missing items.
/// The categories come from ICU through ``PluralSamples``, as for the Apple readers.
enum AndroidPlurals {
  /// CLDR's plural categories in their canonical order.
  static let allCategories = ["zero", "one", "two", "few", "many", "other"]

  /// The CLDR cardinal categories of `language` that an integer selects, in canonical order
  /// (`en`: one, other; `ru`: one, few, many; `cs`: one, few, other; `ja`: other).
  ///
  /// `getQuantityString` takes an `int` (`ResourcesImpl.getQuantityText` selects with
  /// `PluralRules.select((double) quantity)`), so a category that only fractions select
  /// (Russian `other`, 1.5; Czech `many`, 0.5) is never chosen for itself; its item is still
  /// shown for the categories an element lacks, which the fallback covers.
  ///
  /// - Parameter language: A BCP 47 code (`pt-BR`, `sr-Latn`).
  /// - Returns: The categories; an unknown language has CLDR's root rules: `other` only.
  static func categories(of language: String) -> [String] {
    let found = allCategories.filter { category in
      guard let number = PluralSamples.number(for: category, language: language) else {
        return false
      }
      return number.allSatisfy { $0.isASCII && $0.isNumber }
    }
    return found.isEmpty ? ["other"] : found
  }

  /// Whether some number, integer or not, is in `category` in `language`.
  static func languageHas(_ category: String, _ language: String) -> Bool {
    PluralSamples.number(for: category, language: language) != nil
  }

  /// The text each category shows and what looked wrong.
  ///
  /// - Parameters:
  ///   - items: The items of one `<plurals>` element, in file order.
  ///   - categories: The language's categories (``categories(of:)``).
  ///   - language: The language, for messages.
  ///   - file: The file, for warnings.
  /// - Returns: (category, the item shown) in canonical order, and the warnings.
  static func expand(
    _ items: [AndroidStringsReader.ParsedString], categories: [String], language: String,
    file: URL
  ) -> (chosen: [(String, AndroidStringsReader.ParsedString)], warnings: [StringsWarning]) {
    guard let first = items.first else { return ([], []) }
    let name = DisplayText.quoted(first.name)
    var byCategory: [String: AndroidStringsReader.ParsedString] = [:]
    var warnings: [StringsWarning] = []
    let has = categories.joined(separator: ", ")
    for item in items {
      guard case .plural(let quantity) = item.kind else { continue }
      if byCategory[quantity] != nil {
        warnings.append(
          StringsWarning(
            file: file, line: item.line, key: first.name,
            "<plurals name=\"\(name)\"> has a second <item quantity=\"\(quantity)\">; "
              + "expected one item per quantity; the first is measured"))
        continue
      }
      byCategory[quantity] = item
      if !categories.contains(quantity), quantity != "other" {
        guard !languageHas(quantity, language) else {
          warnings.append(
            StringsWarning(
              file: file, line: item.line, key: first.name,
              "<plurals name=\"\(name)\"> has <item quantity=\"\(quantity)\">, a category only "
                + "fractions select in \(language) (such as "
                + "\(PluralSamples.number(for: quantity, language: language) ?? "?")); Android's "
                + "getQuantityString takes an integer and never shows it, so it is not measured"))
          continue
        }
        warnings.append(
          StringsWarning(
            file: file, line: item.line, key: first.name,
            "<plurals name=\"\(name)\"> has <item quantity=\"\(quantity)\">, a category "
              + "\(language) does not have (it has \(has)); Android never shows it "
              + "(lint UnusedQuantity), so it is not measured"))
      }
    }
    var chosen: [(String, AndroidStringsReader.ParsedString)] = []
    for category in categories {
      if let own = byCategory[category] {
        chosen.append((category, own))
        continue
      }
      let number = PluralSamples.number(for: category, language: language) ?? "?"
      if let other = byCategory["other"] {
        chosen.append((category, other))
        warnings.append(
          StringsWarning(
            file: file, line: first.line, key: first.name,
            "<plurals name=\"\(name)\"> has no <item quantity=\"\(category)\">, which "
              + "\(language) uses (for \(number)); Android shows the other item for those "
              + "numbers (lint MissingQuantity), so it is measured so"))
      } else {
        warnings.append(
          StringsWarning(
            file: file, line: first.line, key: first.name,
            "<plurals name=\"\(name)\"> has neither <item quantity=\"\(category)\">, which "
              + "\(language) uses (for \(number)), nor an other item; Android throws "
              + "Resources.NotFoundException for those numbers, so nothing is measured"))
      }
    }
    return (chosen, warnings)
  }
}

/// What ``AndroidStringsReader/readFile(contentsOf:defaultLanguage:)`` read from one
/// `strings.xml`.
public struct AndroidStringsFile: Sendable, Hashable {
  /// The entries, in file order; a `<plurals>` gives one per CLDR category of ``language``.
  public var entries: [LocalizedEntry]
  /// What looked wrong but is measured as Android shows it (quantities the language lacks or
  /// misses, duplicated quantities).
  public var warnings: [StringsWarning]
  /// The language of the file: its folder's qualifier, else `tools:locale`, else the default.
  public var language: String

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - entries: The entries.
  ///   - warnings: The warnings.
  ///   - language: The file's language.
  public init(entries: [LocalizedEntry], warnings: [StringsWarning], language: String) {
    self.entries = entries
    self.warnings = warnings
    self.language = language
  }
}
