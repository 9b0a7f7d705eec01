// SPDX-License-Identifier: Apache-2.0

import Foundation

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
public struct StringCatalogReader: Sendable {
  /// The largest catalog read, in bytes (32 MiB; a 700-key catalog in 19 languages is a few MiB).
  public static let maximumFileSize = 32 << 20

  /// The most variants one key may expand to in one language (device × plural × each
  /// substitution's plurals); checked before the product is built.
  public static let maximumVariantsPerKey = 4096

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
    let size: Int
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    } catch {
      throw StringsError(
        .unreadable, file: url, "cannot read the file: \(error.localizedDescription)")
    }
    guard size <= Self.maximumFileSize else {
      throw StringsError(
        .tooLarge, file: url,
        "the catalog is \(size) bytes; expected at most \(Self.maximumFileSize) bytes")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw StringsError(
        .unreadable, file: url, "cannot read the file: \(error.localizedDescription)")
    }
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
    guard data.count <= Self.maximumFileSize else {
      throw StringsError(
        .tooLarge, file: file,
        "the catalog is \(data.count) bytes; expected at most \(Self.maximumFileSize) bytes")
    }
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
      _ = try object(member.value, "the key \"\(member.key)\"")
      if let byLanguage = member.value["localizations"] {
        for language in try object(byLanguage, "\"localizations\" of \"\(member.key)\"") {
          languages.insert(language.key)
        }
      }
    }
    let ordered = [source] + languages.subtracting([source]).sorted()

    var entries: [LocalizedEntry] = []
    for member in strings {
      if let flag = member.value["shouldTranslate"] {
        guard case .bool(let translate) = flag.kind else {
          throw invalid(
            flag, "expected \"shouldTranslate\" to be true or false, found \(flag.kindName)")
        }
        if !translate { continue }
      }
      let localizations = member.value["localizations"]?.members ?? []
      var units: [String: [Unit]] = [:]
      for localization in localizations {
        units[localization.key] = try self.units(
          of: localization.value, key: member.key, language: localization.key)
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

  /// The units of one localization: its variations walked, its substitutions expanded.
  func units(of localization: PositionedJSON, key: String, language: String) throws(StringsError)
    -> [Unit]
  {
    _ = try object(localization, "the \"\(language)\" localization of \"\(key)\"")
    var units: [Unit] = []
    try collect(localization, steps: [], into: &units)
    guard let substitutionsValue = localization["substitutions"] else { return units }
    var substitutions: [String: [Unit]] = [:]
    var specifiers: [String: String] = [:]
    for substitution in try object(substitutionsValue, "\"substitutions\"") {
      let body = substitution.value
      _ = try object(body, "the substitution \"\(substitution.key)\"")
      var variants: [Unit] = []
      try collect(body, steps: [], into: &variants)
      substitutions[substitution.key] = variants
      let argument = (body["argNum"]).flatMap { value -> String? in
        if case .number(let number) = value.kind { number } else { nil }
      }
      let format = body["formatSpecifier"]?.string ?? "lld"
      specifiers[substitution.key] = argument.map { "%\($0)$\(format)" } ?? "%\(format)"
    }
    // Count the product first (stopping as soon as it passes the limit), then build it.
    let limit = StringCatalogReader.maximumVariantsPerKey
    let namesPerUnit = units.map { unit in
      Self.substitutionNames(in: unit.text).filter { substitutions[$0] != nil }
    }
    var total = 0
    for names in namesPerUnit {
      var count = 1
      for name in names where count <= limit {
        count *= max(substitutions[name]?.count ?? 1, 1)
      }
      total += count
      guard total <= limit else {
        throw StringsError(
          .tooManyVariants, file: file, line: localization.line, column: localization.column,
          "the \"\(language)\" localization of \"\(key)\" expands to more than \(limit) "
            + "variants; expected fewer substitutions or plural categories")
      }
    }
    var expanded: [Unit] = []
    for (unit, names) in zip(units, namesPerUnit) {
      var partial = [unit]
      for name in names {
        let choices = substitutions[name] ?? []
        guard !choices.isEmpty else { continue }
        let specifier = specifiers[name] ?? "%lld"
        partial = partial.flatMap { base in
          choices.map { choice in
            let category: String =
              if case .plural(let category)? = choice.steps.last { category } else {
                choice.steps.map(\.description).joined(separator: "/")
              }
            let replacement = choice.text.replacingOccurrences(of: "%arg", with: specifier)
            // A substitution without variations adds its text but no step.
            let step: [StringVariant.Step] =
              choice.steps.isEmpty ? [] : [.substitution(name: name, plural: category)]
            return Unit(
              steps: base.steps + step,
              text: base.text.replacingOccurrences(of: "%#@\(name)@", with: replacement),
              state: base.state)
          }
        }
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
          "expected variations by \"plural\" or \"device\", found \"\(kind.key)\"")
      }
      for choice in try object(kind.value, "the \"\(kind.key)\" variations") {
        let step: StringVariant.Step
        if kind.key == "plural" {
          guard StringCatalogReader.pluralCategories.contains(choice.key) else {
            throw StringsError(
              .invalid, file: file, line: choice.line, column: choice.column,
              "expected a plural category (zero, one, two, few, many, other), found \"\(choice.key)\""
            )
          }
          step = .plural(choice.key)
        } else {
          step = .device(choice.key)
        }
        _ = try object(choice.value, "the \"\(choice.key)\" variation")
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
