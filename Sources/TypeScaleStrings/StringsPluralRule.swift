// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A `.stringsdict` plural rule: a format string (`NSStringLocalizedFormatKey`) whose `%#@name@`
/// variables each have a text per plural category, expanded into one text per combination.
///
/// Shared by ``StringsDictReader`` and ``XLIFFReader`` (which reads the same rule from the
/// trans-units Xcode exports a `.stringsdict` as), so both name variants alike.
struct StringsPluralRule {
  /// CLDR's plural categories, in CLDR's order; variants come in this order.
  static let categories = ["zero", "one", "two", "few", "many", "other"]

  /// One `%#@name@` variable: its text per plural category.
  struct Variable {
    var name: String
    /// Category → text, any order; expanded in ``StringsPluralRule/categories`` order.
    var texts: [String: String]

    var ordered: [(category: String, text: String)] {
      StringsPluralRule.categories.compactMap { category in
        texts[category].map { (category, $0) }
      }
    }
  }

  /// One expanded text and the variant path that leads to it.
  struct Expansion {
    var steps: [StringVariant.Step]
    var text: String
  }

  var format: String
  var variables: [String: Variable]

  /// A `%#@name@` (or positional `%1$#@name@`) reference in a text.
  struct Reference {
    var range: Range<String.Index>
    var name: String
  }

  /// The variable references in `text`, in order.
  static func references(in text: String) -> [Reference] {
    var found: [Reference] = []
    var index = text.startIndex
    while let percent = text[index...].firstIndex(of: "%") {
      var cursor = text.index(after: percent)
      // An optional argument position, `1$`.
      var digits = cursor
      while digits < text.endIndex, text[digits].isASCII, text[digits].isNumber {
        digits = text.index(after: digits)
      }
      if digits > cursor, digits < text.endIndex, text[digits] == "$" {
        cursor = text.index(after: digits)
      }
      guard text[cursor...].hasPrefix("#@") else {
        index = text.index(after: percent)
        continue
      }
      let nameStart = text.index(cursor, offsetBy: 2)
      guard let end = text[nameStart...].firstIndex(of: "@") else { break }
      found.append(
        Reference(range: percent..<text.index(after: end), name: String(text[nameStart..<end])))
      index = text.index(after: end)
    }
    return found
  }

  /// The defined variables `text` refers to, each once, in order, leaving out `excluded`.
  func names(in text: String, excluding excluded: Set<String>) -> [String] {
    var names: [String] = []
    for reference in Self.references(in: text)
    where variables[reference.name] != nil && !excluded.contains(reference.name)
      && !names.contains(reference.name)
    {
      names.append(reference.name)
    }
    return names
  }

  /// How many texts the rule expands to, counted without building them; at most `limit + 1`.
  func count(limit: Int) -> Int { count(format, excluding: [], limit: limit) }

  private func count(_ text: String, excluding excluded: Set<String>, limit: Int) -> Int {
    let names = names(in: text, excluding: excluded)
    let inner = excluded.union(names)
    var product = 1
    for name in names {
      let choices = variables[name]?.ordered ?? []
      var sum = 0
      for choice in choices where sum <= limit {
        sum += count(choice.text, excluding: inner, limit: limit)
      }
      product = min(product * max(sum, 1), limit + 1)
    }
    return product
  }

  /// Every combination of the variables' categories, in CLDR order, the first variable outermost.
  ///
  /// A format that is exactly one reference (`%#@files@`) varies as the key's own plural
  /// (``StringVariant/Step/plural(_:)``), as a String Catalog writes such a string as `plural`
  /// variations; otherwise each variable is a ``StringVariant/Step/substitution(name:plural:)``,
  /// as ``StringCatalogReader`` names a catalog's substitutions. Variables referred to from a
  /// category's text are expanded too, as substitutions.
  func expand() -> [Expansion] { expand(format, excluding: [], topLevel: true) }

  private func expand(_ text: String, excluding excluded: Set<String>, topLevel: Bool)
    -> [Expansion]
  {
    let names = names(in: text, excluding: excluded)
    let references = Self.references(in: text)
    let ownPlural =
      topLevel && names.count == 1 && references.count == 1
      && references[0].range == text.startIndex..<text.endIndex
    let inner = excluded.union(names)
    var partial = [Expansion(steps: [], text: text)]
    for name in names {
      let choices = variables[name]?.ordered ?? []
      guard !choices.isEmpty else { continue }
      var next: [Expansion] = []
      for base in partial {
        for choice in choices {
          for nested in expand(choice.text, excluding: inner, topLevel: false) {
            let step: StringVariant.Step =
              ownPlural
              ? .plural(choice.category) : .substitution(name: name, plural: choice.category)
            next.append(
              Expansion(
                steps: base.steps + [step] + nested.steps,
                text: Self.replacing(name, in: base.text, with: nested.text)))
          }
        }
      }
      partial = next
    }
    return partial
  }

  /// `text` with every reference to `name` replaced by `replacement`.
  static func replacing(_ name: String, in text: String, with replacement: String) -> String {
    var result = ""
    var index = text.startIndex
    for reference in references(in: text) where reference.name == name {
      result += text[index..<reference.range.lowerBound]
      result += replacement
      index = reference.range.upperBound
    }
    result += text[index...]
    return result
  }
}
