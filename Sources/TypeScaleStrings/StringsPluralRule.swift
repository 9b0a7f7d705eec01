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

  /// Why a rule would expand too far, found by ``measure(variants:characters:)`` before any
  /// text is built.
  enum Excess: Error, Equatable {
    /// More variants than the limit: at least this many (counting stopped past the limit).
    case variants(atLeast: Int)
    /// A variant longer than the limit, in UTF-8 bytes: at least this many.
    case characters(atLeast: Int)
    /// Variables nested deeper than ``StringsPluralRule/maximumNestingDepth``.
    case depth
    /// More texts visited than ``StringsPluralRule/maximumVisits`` (variables that refer to
    /// each other in many ways).
    case visits

    /// The problem in words, for a message about `name`.
    func describe(_ name: String, limit: Int) -> String {
      switch self {
      case .variants(let count):
        "\(name) expands to more than \(limit) variants (at least \(count)); expected fewer "
          + "variables or plural categories"
      case .characters(let count):
        "\(name) expands to a text of more than \(StringsPluralRule.maximumCharacters) bytes "
          + "(at least \(count)); expected variables that repeat each other fewer times"
      case .depth:
        "\(name) nests its variables or device rules more than "
          + "\(StringsPluralRule.maximumNestingDepth) levels deep; expected at most "
          + "\(StringsPluralRule.maximumNestingDepth)"
      case .visits:
        "\(name) refers to its variables in more than \(StringsPluralRule.maximumVisits) ways; "
          + "expected fewer variables that refer to each other"
      }
    }
  }

  /// The deepest nesting of variables (a category's text naming another variable), 16; Apple's
  /// examples nest one level.
  static let maximumNestingDepth = 16
  /// The most texts a rule's expansion visits, 65,536 (16 per allowed variant).
  static let maximumVisits = 65_536
  /// The longest text one variant may expand to, 1 MiB in UTF-8.
  static let maximumCharacters = 1 << 20

  /// How many texts the rule expands to and the longest of them (UTF-8 bytes), counted without
  /// building them, in time bounded by ``maximumVisits``.
  ///
  /// - Parameters:
  ///   - variants: The most variants allowed.
  ///   - characters: The longest text allowed, in UTF-8 bytes.
  /// - Returns: The number of variants and the longest variant's length.
  /// - Throws: ``Excess``, as soon as a count passes its limit.
  func measure(variants: Int, characters: Int = maximumCharacters) throws(Excess)
    -> (variants: Int, characters: Int)
  {
    var visits = 0
    return try measure(
      format, excluding: [], depth: 0, visits: &visits, limits: (variants, characters))
  }

  private func measure(
    _ text: String, excluding excluded: Set<String>, depth: Int, visits: inout Int,
    limits: (variants: Int, characters: Int)
  ) throws(Excess) -> (variants: Int, characters: Int) {
    visits += 1
    guard visits <= Self.maximumVisits else { throw .visits }
    let references = Self.references(in: text)
    let names = names(in: text, excluding: excluded)
    guard !names.isEmpty else { return (1, text.utf8.count) }
    guard depth < Self.maximumNestingDepth else { throw .depth }
    let inner = excluded.union(names)
    var product = 1
    var length = text.utf8.count
    for name in names {
      var sum = 0
      var longest = 0
      for choice in variables[name]?.ordered ?? [] {
        let nested = try measure(
          choice.text, excluding: inner, depth: depth + 1, visits: &visits, limits: limits)
        sum = Self.adding(sum, nested.variants)
        longest = max(longest, nested.characters)
        guard sum <= limits.variants else {
          throw .variants(atLeast: Self.multiplying(product, sum))
        }
      }
      product = Self.multiplying(product, max(sum, 1))
      guard product <= limits.variants else { throw .variants(atLeast: product) }
      // A variable without categories stays as written.
      guard sum > 0 else { continue }
      for reference in references where reference.name == name {
        length = Self.adding(length - text.utf8[reference.range].count, longest)
      }
      guard length <= limits.characters else { throw .characters(atLeast: length) }
    }
    return (product, length)
  }

  /// `a + b`, or `Int.max` when it overflows.
  static func adding(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  /// `a × b`, or `Int.max` when it overflows.
  static func multiplying(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : product
  }

  /// Every combination of the variables' categories, in CLDR order, the first variable outermost.
  ///
  /// Call ``measure(variants:characters:)`` first: it bounds what this builds.
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
    // The combinations of the names' choices; the text is assembled once per combination, each
    // reference of the text replaced by its choice (a reference inside a choice's text to
    // another variable of this text stays as written, as ``measure(variants:characters:)``
    // counts it).
    var partial: [(steps: [StringVariant.Step], chosen: [String: String])] = [([], [:])]
    for name in names {
      let choices = variables[name]?.ordered ?? []
      guard !choices.isEmpty else { continue }
      // Each choice's own expansions, built once for all the bases.
      let expanded = choices.map { expand($0.text, excluding: inner, topLevel: false) }
      var next: [(steps: [StringVariant.Step], chosen: [String: String])] = []
      for base in partial {
        for (choice, nestedTexts) in zip(choices, expanded) {
          let step: StringVariant.Step =
            ownPlural
            ? .plural(choice.category) : .substitution(name: name, plural: choice.category)
          for nested in nestedTexts {
            var chosen = base.chosen
            chosen[name] = nested.text
            next.append((base.steps + [step] + nested.steps, chosen))
          }
        }
      }
      partial = next
    }
    return partial.map { combination in
      var result = ""
      var index = text.startIndex
      for reference in references {
        guard let replacement = combination.chosen[reference.name] else { continue }
        result += text[index..<reference.range.lowerBound]
        result += replacement
        index = reference.range.upperBound
      }
      result += text[index...]
      return Expansion(steps: combination.steps, text: result)
    }
  }
}
