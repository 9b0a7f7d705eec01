// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// Reads an Xcode String Catalog (`.xcstrings`) into ``LocalizedEntry`` values: one per key,
/// language and variant, each with the line of its key.
///
/// The format is the JSON file Xcode 15 and later write, described in Apple's
/// [Localizing and varying text with a string catalog](https://developer.apple.com/documentation/xcode/localizing-and-varying-text-with-a-string-catalog):
/// a `sourceLanguage` and a `strings` object whose keys hold `localizations` by language. The
/// reader follows it as follows:
///
/// - A localization's `stringUnit` (`state`, `value`) is one entry; its `state` is kept on the
///   entry (``LocalizedEntry/state``), so stale or unreviewed translations stay visible.
/// - `variations` by `plural` (`zero`, `one`, `two`, `few`, `many`, `other`) and by `device`
///   (`iphone`, `ipad`, `mac`, `other`, …) give an entry each; they may nest (a device, then a
///   plural within it), and the path is the entry's ``LocalizedEntry/variant``. Device names are
///   taken as written, so devices Apple adds later read too; plural categories must be CLDR's.
/// - `substitutions` (`%#@name@` in the text) are expanded with their own `plural` variations:
///   every combination of the text's and its substitutions' variants is an entry (the cartesian
///   product). The substitution's `%arg` becomes its argument as a format specifier
///   (`%1$lld` from `argNum` 1 and `formatSpecifier` `lld`; `%lld` without `argNum`), so
///   placeholder samples apply later. A substitution without variations adds its text but no
///   step to the variant.
///   The product is counted before it is built, and a key with more than
///   ``maximumVariantsPerKey`` variants in one language is an error.
/// - A key with `shouldTranslate: false` yields no entries: the app shows it untranslated.
/// - A language without a value for a key falls back to the source language's entries, as iOS
///   shows the development-language text; when the source language has none either, the key
///   itself is the text, as iOS does for a missing key. Such entries have
///   ``LocalizedEntry/isFallback`` set. The languages are the source language and every language
///   any key has a localization for.
///
/// Deliberate differences from Xcode: a `stringUnit` without a string `value` is an error naming
/// its line rather than an empty text, and unknown members (`comment`, `extractionState`,
/// `version`) are ignored. Files over ``maximumFileSize`` bytes are refused before they are
/// read.
public struct StringCatalogReader: StringsReader {
  /// The largest catalog read, in bytes (32 MiB; a 700-key catalog in 19 languages is a few MiB).
  public static let maximumFileSize = 32 << 20
  /// Its files in messages: `catalog`.
  public static let fileKind = "catalog"

  /// The most variants one key may expand to in one language (device × plural × each
  /// substitution's plurals); checked before the product is built.
  public static let maximumVariantsPerKey = 4096

  /// The most entries one strings file of any format may expand to, 100,000.
  ///
  /// They are counted before they are made: every key in every language, language fallbacks
  /// and variants included. The largest real apps checked hold about 35,000 translations in all
  /// their files together. Reading a catalog of 240,000 entries took 13 s and 268 MB in a debug
  /// build, so 100,000 keeps one file's entries within a few seconds and about 110 MB.
  public static let maximumEntriesPerFile = 100_000

  fileprivate static let pluralCategories: Set<String> = [
    "zero", "one", "two", "few", "many", "other",
  ]

  /// Creates a reader.
  public init() {}

  /// Reads the catalog at `url`.
  ///
  /// - Parameter url: A `.xcstrings` file.
  /// - Returns: The entries, by key in file order, then by language (source language first, the
  ///   others sorted), then by variant in file order.
  /// - Throws: ``StringsError`` with ``StringsError/Code/unreadable``,
  ///   ``StringsError/Code/tooLarge`` (checked before reading), ``StringsError/Code/malformed``
  ///   with line and column, ``StringsError/Code/invalid`` or
  ///   ``StringsError/Code/tooManyVariants``.
  public func read(contentsOf url: URL) throws(StringsError) -> [LocalizedEntry] {
    let data = try Self.data(at: url)
    return try read(data: data, file: url)
  }

  /// Reads a catalog's bytes; `file` is recorded on the entries and named in errors.
  ///
  /// - Parameters:
  ///   - data: The catalog's JSON.
  ///   - file: Where the bytes came from.
  /// - Returns: The entries, ordered as ``read(contentsOf:)`` orders them.
  /// - Throws: ``StringsError``, as ``read(contentsOf:)`` does.
  public func read(data: Data, file: URL) throws(StringsError) -> [LocalizedEntry] {
    try Self.checkSize(of: data, file: file)
    var parser = PositionedJSONParser([UInt8](data), file: file)
    let root = try parser.parse()
    return try Catalog(root: root, file: file).entries()
  }
}

/// One catalog being read: the parsed JSON and the file, for errors.
private struct Catalog {
  let root: PositionedJSON
  let file: URL

  /// A text with the variant path that leads to it, before substitutions are expanded.
  struct Unit {
    var steps: [StringVariant.Step]
    var text: String
    var state: String?
  }

  func invalid(_ value: PositionedJSON, _ detail: String) -> StringsError {
    StringsError(.invalid, file: file, line: value.line, column: value.column, detail)
  }

  func object(_ value: PositionedJSON, _ what: String) throws(StringsError) -> [PositionedJSON
    .Member]
  {
    guard let members = value.members else {
      throw invalid(value, "expected \(what) to be an object, found \(value.kindName)")
    }
    return members
  }

  func entries() throws(StringsError) -> [LocalizedEntry] {
    _ = try object(root, "the catalog")
    guard let sourceValue = root["sourceLanguage"] else {
      throw invalid(root, "expected a \"sourceLanguage\" member (such as \"en\") in the catalog")
    }
    guard let source = sourceValue.string, !source.isEmpty else {
      throw invalid(sourceValue, "expected \"sourceLanguage\" to be a language code such as \"en\"")
    }
    guard let stringsValue = root["strings"] else {
      throw invalid(root, "expected a \"strings\" member in the catalog")
    }
    let strings = try object(stringsValue, "\"strings\"")

    var languages: Set<String> = [source]
    for member in strings {
      _ = try object(member.value, "the key \"\(DisplayText.quoted(member.key))\"")
      if let byLanguage = member.value["localizations"] {
        for language in try object(
          byLanguage, "\"localizations\" of \"\(DisplayText.quoted(member.key))\"")
        {
          languages.insert(language.key)
        }
      }
    }
    let ordered = [source] + languages.subtracting([source]).sorted()

    var entries: [LocalizedEntry] = []
    let fileLimit = StringCatalogReader.maximumEntriesPerFile
    for member in strings {
      if let flag = member.value["shouldTranslate"] {
        guard case .bool(let translate) = flag.kind else {
          throw invalid(
            flag, "expected \"shouldTranslate\" to be true or false, found \(flag.kindName)")
        }
        if !translate { continue }
      }
      let localizations = member.value["localizations"]?.members ?? []
      // Counted before any unit is built: each localization's variants, then the key's entries
      // in every language (a language without a value of its own repeats the source's).
      var prepared: [String: Prepared] = [:]
      for localization in localizations {
        prepared[localization.key] = try prepare(
          localization.value, key: member.key, language: localization.key)
      }
      let sourceCount = prepared[source]?.count ?? 0
      var keyCount = 0
      for language in ordered {
        let own = prepared[language]?.count ?? 0
        keyCount = StringsPluralRule.adding(
          keyCount, own > 0 ? own : sourceCount > 0 ? sourceCount : 1)
      }
      let total = StringsPluralRule.adding(entries.count, keyCount)
      guard total <= fileLimit else {
        throw StringsError(
          .tooLarge, file: file, line: member.line,
          "the catalog expands to more than \(fileLimit) entries (at least \(total) by the key "
            + "\"\(DisplayText.quoted(member.key))\"; it has \(strings.count) keys in "
            + "\(ordered.count) languages, and a language without a value repeats the source "
            + "language's); expected at most \(fileLimit) "
            + "(StringCatalogReader.maximumEntriesPerFile)")
      }
      var units: [String: [Unit]] = [:]
      for localization in localizations {
        guard let preparation = prepared[localization.key] else { continue }
        units[localization.key] = try build(
          preparation, key: member.key, language: localization.key, at: localization.value)
      }
      let sourceUnits = units[source] ?? []
      for language in ordered {
        let own = units[language] ?? []
        // No value of its own: the source language's, or the key when the source has none.
        let isFallback = own.isEmpty
        let chosen =
          !own.isEmpty
          ? own : !sourceUnits.isEmpty ? sourceUnits : [Unit(steps: [], text: member.key)]
        for unit in chosen {
          entries.append(
            LocalizedEntry(
              key: member.key, language: language, variant: StringVariant(unit.steps),
              text: unit.text, state: isFallback ? nil : unit.state, isFallback: isFallback,
              file: file, line: member.line))
        }
      }
    }
    return entries
  }

  /// One localization read but not yet expanded: its units, their substitutions, and how many
  /// units the expansion makes.
  struct Prepared {
    var units: [Unit]
    var namesPerUnit: [[String]]
    var substitutions: [String: [Unit]]
    var specifiers: [String: String]
    /// The units after expansion, counted (at most ``StringCatalogReader/maximumVariantsPerKey``).
    var count: Int
  }

  /// One localization's variations walked and its substitutions read, and the product counted
  /// (stopping as soon as it passes the limit), without building it.
  func prepare(_ localization: PositionedJSON, key: String, language: String)
    throws(StringsError) -> Prepared
  {
    _ = try object(
      localization, "the \"\(language)\" localization of \"\(DisplayText.quoted(key))\"")
    var units: [Unit] = []
    try collect(localization, steps: [], into: &units)
    var substitutions: [String: [Unit]] = [:]
    var specifiers: [String: String] = [:]
    if let substitutionsValue = localization["substitutions"] {
      for substitution in try object(substitutionsValue, "\"substitutions\"") {
        let body = substitution.value
        _ = try object(body, "the substitution \"\(DisplayText.quoted(substitution.key))\"")
        var variants: [Unit] = []
        try collect(body, steps: [], into: &variants)
        substitutions[substitution.key] = variants
        let argument = (body["argNum"]).flatMap { value -> String? in
          if case .number(let number) = value.kind { number } else { nil }
        }
        let format = body["formatSpecifier"]?.string ?? "lld"
        specifiers[substitution.key] = argument.map { "%\($0)$\(format)" } ?? "%\(format)"
      }
    }
    let limit = StringCatalogReader.maximumVariantsPerKey
    let namesPerUnit = units.map { unit in
      Self.substitutionNames(in: unit.text).filter { substitutions[$0] != nil }
    }
    var total = 0
    for names in namesPerUnit {
      var count = 1
      for name in names where count <= limit {
        count = StringsPluralRule.multiplying(count, max(substitutions[name]?.count ?? 1, 1))
      }
      total = StringsPluralRule.adding(total, count)
      guard total <= limit else {
        throw StringsError(
          .tooManyVariants, file: file, line: localization.line, column: localization.column,
          "the \"\(language)\" localization of \"\(DisplayText.quoted(key))\" expands to more "
            + "than \(limit) variants (at least \(total)); expected fewer variations, "
            + "substitutions or plural categories")
      }
    }
    return Prepared(
      units: units, namesPerUnit: namesPerUnit, substitutions: substitutions,
      specifiers: specifiers, count: total)
  }

  /// A prepared localization's units with their substitutions expanded (the cartesian product).
  ///
  /// A substitution's text may name another substitution that a later one then replaces, so
  /// each text's length is computed before it is made; one longer than
  /// `StringsPluralRule.maximumCharacters` (1 MiB) is an error.
  func build(_ prepared: Prepared, key: String, language: String, at localization: PositionedJSON)
    throws(StringsError) -> [Unit]
  {
    var expanded: [Unit] = []
    for (unit, names) in zip(prepared.units, prepared.namesPerUnit) {
      var partial = [unit]
      for name in names {
        let choices = prepared.substitutions[name] ?? []
        guard !choices.isEmpty else { continue }
        let specifier = prepared.specifiers[name] ?? "%lld"
        let reference = "%#@\(name)@"
        var next: [Unit] = []
        for base in partial {
          let occurrences = base.text.components(separatedBy: reference).count - 1
          for choice in choices {
            let category: String =
              if case .plural(let category)? = choice.steps.last { category } else {
                choice.steps.map(\.description).joined(separator: "/")
              }
            let replacement = choice.text.replacingOccurrences(of: "%arg", with: specifier)
            let growth = replacement.utf8.count - reference.utf8.count
            let length = StringsPluralRule.adding(
              base.text.utf8.count, StringsPluralRule.multiplying(occurrences, max(growth, 0)))
            guard length <= StringsPluralRule.maximumCharacters else {
              throw StringsError(
                .tooManyVariants, file: file, line: localization.line,
                column: localization.column,
                "the \"\(language)\" localization of \"\(DisplayText.quoted(key))\" expands to "
                  + "a text of more than \(StringsPluralRule.maximumCharacters) bytes (at least "
                  + "\(length)); expected substitutions that repeat each other fewer times")
            }
            // A substitution without variations adds its text but no step.
            let step: [StringVariant.Step] =
              choice.steps.isEmpty ? [] : [.substitution(name: name, plural: category)]
            next.append(
              Unit(
                steps: base.steps + step,
                text: base.text.replacingOccurrences(of: reference, with: replacement),
                state: base.state))
          }
        }
        partial = next
      }
      expanded += partial
    }
    return expanded
  }

  /// Walks a node holding a `stringUnit` or `variations`, appending a unit per leaf.
  func collect(_ node: PositionedJSON, steps: [StringVariant.Step], into units: inout [Unit])
    throws(StringsError)
  {
    if let unit = node["stringUnit"] {
      _ = try object(unit, "\"stringUnit\"")
      guard let valueMember = unit["value"] else {
        throw invalid(unit, "expected a \"value\" string in this \"stringUnit\"")
      }
      guard let text = valueMember.string else {
        throw invalid(
          valueMember, "expected \"value\" to be a string, found \(valueMember.kindName)")
      }
      var state: String?
      if let stateValue = unit["state"] {
        guard let text = stateValue.string else {
          throw invalid(
            stateValue,
            "expected \"state\" to be a string (new, needs_review, translated, stale), found \(stateValue.kindName)"
          )
        }
        state = text
      }
      units.append(Unit(steps: steps, text: text, state: state))
    }
    guard let variations = node["variations"] else { return }
    for kind in try object(variations, "\"variations\"") {
      guard kind.key == "plural" || kind.key == "device" else {
        throw StringsError(
          .invalid, file: file, line: kind.line, column: kind.column,
          "expected variations by \"plural\" or \"device\", found \"\(DisplayText.quoted(kind.key))\""
        )
      }
      for choice in try object(kind.value, "the \"\(DisplayText.quoted(kind.key))\" variations") {
        let step: StringVariant.Step
        if kind.key == "plural" {
          guard StringCatalogReader.pluralCategories.contains(choice.key) else {
            throw StringsError(
              .invalid, file: file, line: choice.line, column: choice.column,
              "expected a plural category (zero, one, two, few, many, other), found \"\(DisplayText.quoted(choice.key))\""
            )
          }
          step = .plural(choice.key)
        } else {
          step = .device(choice.key)
        }
        _ = try object(choice.value, "the \"\(DisplayText.quoted(choice.key))\" variation")
        try collect(choice.value, steps: steps + [step], into: &units)
      }
    }
  }

  /// The names of `%#@name@` substitutions in a text, in order, each once.
  static func substitutionNames(in text: String) -> [String] {
    var names: [String] = []
    var rest = text[...]
    while let start = rest.range(of: "%#@") {
      let after = rest[start.upperBound...]
      guard let end = after.firstIndex(of: "@") else { break }
      let name = String(after[..<end])
      if !name.isEmpty, !names.contains(name) { names.append(name) }
      rest = after[after.index(after: end)...]
    }
    return names
  }
}
