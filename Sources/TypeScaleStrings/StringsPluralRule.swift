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
    /// The text with every specifier that takes an argument numbered (`%2$ld`), or `nil`
    /// when it cannot be written so (a `*` width).
    var positional: String? = nil
    /// The argument each specifier of the text takes, in order, as Foundation numbers a
    /// variable's text: from the variable's own argument.
    var numbers: [Int]? = nil
    /// The argument each plural step of ``steps`` selects by, in step order (0 when unknown).
    var arguments: [Int] = []
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
      // Flags and a width before the `#`, which Foundation reads and ignores (`%1#@count@`).
      while cursor < text.endIndex, "0123456789-+ .".contains(text[cursor]) {
        cursor = text.index(after: cursor)
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
  ///
  /// **Arguments.** A variable's `%#@name@` takes an argument as any specifier does, and the
  /// specifiers of its category's text are numbered from that argument: in `%@ %#@files@` with
  /// `one` = `%ld file`, `%ld` is argument 2 (Apple's stringsdict documentation: the
  /// category's `%d` is the variable's number). Where the expanded text, read on its own,
  /// would number its specifiers otherwise (`Followed by %1$@ and %ld others` as a variable's
  /// text, or `One file %@` after a variable whose text shows no number), every specifier is
  /// written with its position (`Followed by %1$@ and %2$ld others`), so that the samples go
  /// where Foundation puts the app's arguments.
  func expand() -> [Expansion] {
    expand(format, excluding: [], topLevel: true, firstArgument: 1).map { expansion in
      guard let positional = expansion.positional, let numbers = expansion.numbers,
        positional != expansion.text,
        let plain = try? PlaceholderScanner.scan(expansion.text, syntax: .apple),
        PlaceholderArguments(plain, syntax: .apple).numbers.compactMap({ $0 }) != numbers
      else {
        return Expansion(
          steps: expansion.steps, text: expansion.text, arguments: expansion.arguments)
      }
      return Expansion(steps: expansion.steps, text: positional, arguments: expansion.arguments)
    }
  }

  private func expand(
    _ text: String, excluding excluded: Set<String>, topLevel: Bool, firstArgument: Int
  ) -> [Expansion] {
    let names = names(in: text, excluding: excluded)
    let references = Self.references(in: text)
    // The text's specifiers and their arguments, for the positional spelling.
    let placeholders = try? PlaceholderScanner.scan(text, syntax: .apple)
    let numbering = placeholders.map {
      PlaceholderArguments($0, syntax: .apple, firstArgument: firstArgument).numbers
    }
    var variableArgument: [String: Int] = [:]
    for (placeholder, number) in zip(placeholders ?? [], numbering ?? []) {
      if case .variable(let name) = placeholder.kind, variableArgument[name] == nil {
        variableArgument[name] = number
      }
    }
    let ownPlural =
      topLevel && names.count == 1 && references.count == 1
      && references[0].range == text.startIndex..<text.endIndex
    let inner = excluded.union(names)
    // The combinations of the names' choices; the text is assembled once per combination, each
    // reference of the text replaced by its choice (a reference inside a choice's text to
    // another variable of this text stays as written, as ``measure(variants:characters:)``
    // counts it).
    var partial: [(steps: [StringVariant.Step], arguments: [Int], chosen: [String: Expansion])] =
      [([], [], [:])]
    for name in names {
      let choices = variables[name]?.ordered ?? []
      guard !choices.isEmpty else { continue }
      // Each choice's own expansions, built once for all the bases.
      let expanded = choices.map {
        expand(
          $0.text, excluding: inner, topLevel: false,
          firstArgument: variableArgument[name] ?? firstArgument)
      }
      var next: [(steps: [StringVariant.Step], arguments: [Int], chosen: [String: Expansion])] =
        []
      for base in partial {
        for (choice, nestedTexts) in zip(choices, expanded) {
          let step: StringVariant.Step =
            ownPlural
            ? .plural(choice.category) : .substitution(name: name, plural: choice.category)
          for nested in nestedTexts {
            var chosen = base.chosen
            chosen[name] = nested
            next.append(
              (
                base.steps + [step] + nested.steps,
                base.arguments + [variableArgument[name] ?? 0] + nested.arguments, chosen
              ))
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
        result += replacement.text
        index = reference.range.upperBound
      }
      result += text[index...]
      let numbered = positional(
        text, placeholders, numbering, chosen: combination.chosen)
      return Expansion(
        steps: combination.steps, text: result, positional: numbered?.text,
        numbers: numbered?.numbers, arguments: combination.arguments)
    }
  }

  /// `text` with each chosen variable replaced by its choice's positional text and every other
  /// specifier that takes an argument written with its position; `nil` when a specifier takes
  /// a `*` width or a choice cannot be written so.
  private func positional(
    _ text: String, _ placeholders: [Placeholder]?, _ numbering: [Int?]?,
    chosen: [String: Expansion]
  ) -> (text: String, numbers: [Int])? {
    guard let placeholders, let numbering else { return nil }
    var result = ""
    var numbers: [Int] = []
    var index = text.startIndex
    for (placeholder, number) in zip(placeholders, numbering) {
      result += text[index..<placeholder.range.lowerBound]
      index = placeholder.range.upperBound
      guard placeholder.widthArgument == nil, placeholder.precisionArgument == nil else {
        return nil
      }
      if case .variable(let name) = placeholder.kind, let choice = chosen[name] {
        guard let inner = choice.positional, let innerNumbers = choice.numbers else { return nil }
        result += inner
        numbers += innerNumbers
        continue
      }
      guard let number else {
        result += placeholder.spelling
        continue
      }
      numbers.append(number)
      result +=
        placeholder.position == nil
        ? "%\(number)$" + placeholder.spelling.dropFirst() : placeholder.spelling
    }
    result += text[index...]
    return (result, numbers)
  }
}
