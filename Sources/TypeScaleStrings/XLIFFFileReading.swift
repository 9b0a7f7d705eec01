// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// One `<file>` of an XLIFF document being turned into entries.
struct XLIFFFileReading {
  let element: XLIFFDocument.File
  let file: URL

  /// Where a stringsdict trans-unit belongs: the key's format, or a variable's category.
  enum DictPart {
    case format
    case category(variable: String, category: String)
  }

  /// The key and part of an id Xcode exports for a `.stringsdict` rule, such as
  /// `/files:dict/NSStringLocalizedFormatKey:dict/:string`; `nil` for any other id.
  static func dictPart(of id: String) -> (key: String, part: DictPart)? {
    let suffix = ":dict/:string"
    guard id.hasPrefix("/"), id.hasSuffix(suffix) else { return nil }
    let body = id.dropFirst().dropLast(suffix.count)
    let parts = body.components(separatedBy: ":dict/")
    if parts.count == 2, parts[1] == "NSStringLocalizedFormatKey" {
      return (parts[0], .format)
    }
    if parts.count == 3, StringsPluralRule.categories.contains(parts[2]),
      !parts[1].hasPrefix("NSString")
    {
      return (parts[0], .category(variable: parts[1], category: parts[2]))
    }
    return nil
  }

  /// A reassembled stringsdict key: its format trans-unit and its variables' trans-units.
  struct DictGroup {
    var key: String
    var format: XLIFFDocument.Unit?
    var firstLine: Int
    var categories: [(variable: String, category: String, unit: XLIFFDocument.Unit)] = []
  }

  /// A trans-unit or a stringsdict group, in the order of their first trans-unit.
  enum Item {
    case unit(XLIFFDocument.Unit)
    case group(String)
  }

  func invalid(line: Int, _ detail: String) -> StringsError {
    StringsError(.invalid, file: file, line: line, detail)
  }

  /// The entries of this `<file>`; `alreadyMade` entries of earlier `<file>`s count against
  /// ``XLIFFReader/maximumEntriesPerFile`` too.
  func entries(alreadyMade: Int) throws(StringsError) -> [LocalizedEntry] {
    guard let source = element.sourceLanguage, !source.isEmpty else {
      throw invalid(
        line: element.line,
        "expected a source-language attribute (such as source-language=\"en\") on <file>")
    }
    let target = element.targetLanguage.flatMap { $0.isEmpty ? nil : $0 }
    let languages = target.map { $0 == source ? [source] : [source, $0] } ?? [source]

    var items: [Item] = []
    var groups: [String: DictGroup] = [:]
    for unit in element.units where unit.translate {
      guard let id = unit.id, !id.isEmpty else {
        throw invalid(line: unit.line, "expected an id attribute (the key) on <trans-unit>")
      }
      guard unit.source != nil else {
        throw invalid(
          line: unit.line, "expected a <source> in the trans-unit \"\(DisplayText.quoted(id))\"")
      }
      guard let (key, part) = Self.dictPart(of: id) else {
        items.append(.unit(unit))
        continue
      }
      if groups[key] == nil {
        groups[key] = DictGroup(key: key, firstLine: unit.line)
        items.append(.group(key))
      }
      switch part {
      case .format: groups[key]?.format = unit
      case .category(let variable, let category):
        groups[key]?.categories.append((variable, category, unit))
      }
    }

    var entries: [LocalizedEntry] = []
    for item in items {
      switch item {
      case .unit(let unit):
        let total = alreadyMade + entries.count + languages.count
        guard total <= XLIFFReader.maximumEntriesPerFile else {
          throw StringsError.tooManyEntries(
            file: file, line: unit.line, key: unit.id ?? "", atLeast: total,
            limit: XLIFFReader.maximumEntriesPerFile)
        }
        for language in languages {
          let (text, isFallback) = pick(unit, language: language, source: source, target: target)
          entries.append(
            LocalizedEntry(
              key: unit.id ?? "", language: language, text: text,
              state: language == target && !isFallback ? unit.state : nil,
              isFallback: isFallback, file: file, line: unit.line))
        }
      case .group(let key):
        guard let group = groups[key] else { continue }
        for language in languages {
          entries += try expand(
            group, language: language, source: source, target: target,
            alreadyMade: alreadyMade + entries.count)
        }
      }
    }
    return entries
  }

  /// A trans-unit's text in `language`, and whether it falls back to the source.
  func pick(_ unit: XLIFFDocument.Unit, language: String, source: String, target: String?)
    -> (text: String, isFallback: Bool)
  {
    let sourceText = unit.source ?? ""
    guard language == target else { return (sourceText, false) }
    if let text = unit.target { return (text, false) }
    return (sourceText, language != source)
  }

  /// A stringsdict group's entries in one language.
  func expand(
    _ group: DictGroup, language: String, source: String, target: String?, alreadyMade: Int
  ) throws(StringsError) -> [LocalizedEntry] {
    let names = group.categories.reduce(into: [String]()) { names, part in
      if !names.contains(part.variable) { names.append(part.variable) }
    }
    // Without a format trans-unit, a single variable is the whole format (`%#@items@`).
    guard let format = group.format ?? (names.count == 1 ? group.categories.first?.unit : nil)
    else {
      throw invalid(
        line: group.firstLine,
        "expected a trans-unit \"/\(group.key):dict/NSStringLocalizedFormatKey:dict/:string\" "
          + "with the format of \"\(DisplayText.quoted(group.key))\", which has several variables")
    }
    let picked: (text: String, isFallback: Bool) =
      group.format != nil
      ? pick(format, language: language, source: source, target: target)
      : (text: "%#@\(names[0])@", isFallback: false)
    let formatText = picked.text
    var isFallback = picked.isFallback
    var variables: [String: StringsPluralRule.Variable] = [:]
    for (variable, category, unit) in group.categories {
      let (text, fellBack) = pick(unit, language: language, source: source, target: target)
      isFallback = isFallback || fellBack
      variables[variable, default: StringsPluralRule.Variable(name: variable, texts: [:])]
        .texts[category] = text
    }
    let rule = StringsPluralRule(format: formatText, variables: variables)
    let limit = XLIFFReader.maximumVariantsPerKey
    let count: Int
    do {
      count = try rule.measure(variants: limit).variants
    } catch {
      throw StringsError(
        .tooManyVariants, file: file, line: format.line,
        error.describe("\"\(DisplayText.quoted(group.key))\"", limit: limit))
    }
    let total = StringsPluralRule.adding(alreadyMade, count)
    guard total <= XLIFFReader.maximumEntriesPerFile else {
      throw StringsError.tooManyEntries(
        file: file, line: format.line, key: group.key, atLeast: total,
        limit: XLIFFReader.maximumEntriesPerFile)
    }
    let state = language == target && !isFallback ? format.state : nil
    return rule.expand().map { expansion in
      LocalizedEntry(
        key: group.key, language: language, variant: StringVariant(expansion.steps),
        text: expansion.text, state: state, isFallback: isFallback, file: file,
        line: group.format?.line ?? group.firstLine, pluralArguments: expansion.arguments)
    }
  }
}
