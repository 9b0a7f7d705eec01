// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// Reads an Apple `.stringsdict` file (plural rules in an XML property list) into
/// ``LocalizedEntry`` values: one per key and plural variant, each with the line of its key.
///
/// The format is the one Apple's
/// [Stringsdict File Format](https://developer.apple.com/documentation/xcode/localizing-strings-that-contain-plurals)
/// describes. Each top-level key holds a dictionary with an `NSStringLocalizedFormatKey` (such
/// as `%#@files@`) and, per variable it names, a dictionary with `NSStringFormatSpecTypeKey`
/// `NSStringPluralRuleType`, an optional `NSStringFormatValueTypeKey` (`lld`) and a text per
/// plural category (`zero`, `one`, `two`, `few`, `many`, `other`). The reader:
///
/// - Expands every combination of the variables' categories (the cartesian product, in CLDR's
///   category order, the first variable outermost) into an entry whose text is the format with
///   each `%#@name@` (or `%1$#@name@`) replaced by the category's text. The category's own
///   specifier stays (`%lld files`), so placeholder samples apply later; it takes the
///   variable's argument, as Foundation numbers a variable's text, and where the expanded text
///   alone would number it otherwise (`Liked by %1$@ and %ld others` as a second variable's
///   text) every specifier is written with its position (`%2$ld`). Each entry records the
///   argument of each plural step (``LocalizedEntry/pluralArguments``). Variables named inside
///   a category's text are expanded too. The product is counted before it is built; a key with
///   more than ``maximumVariantsPerKey`` variants is an error.
/// - Names variants as ``StringCatalogReader`` does: a format that is exactly one variable
///   (`%#@files@`) is the key's own plural, `plural=one`, as a String Catalog writes such a
///   string as `plural` variations; otherwise each variable is a substitution, `files=one`.
/// - Reads `NSStringDeviceSpecificRuleType` (a text, or a plural rule, per device) as device
///   variants, `device=ipad`. For `NSStringVariableWidthRuleType` it takes the widest text,
///   the one iOS shows when nothing constrains the width; the check lays it out at the rule's
///   width.
///
/// Values come from `PropertyListSerialization` (XML property lists parse on Linux); a light
/// `XMLParser` pass beforehand gives the keys' lines and file order, and reports malformed XML
/// with its line and column. A binary property list (as a built app holds) is read too, with
/// its keys sorted and every line 1; its object graph is measured first, and one whose shared
/// objects stand for more than 250,000 values, nest more than 128 levels or contain themselves
/// is refused before Foundation copies it out.
///
/// Deliberate differences from Foundation: a variable without any category, an unknown member
/// in a variable, or a rule type other than the plural rule in a variable is an error naming its
/// line, where Foundation would silently show the format unsubstituted. The language is the
/// `<lang>.lproj` folder's, as for ``StringsFileReader``. Files over ``maximumFileSize`` bytes
/// are refused before they are read.
public struct StringsDictReader: LanguageFolderStringsReader {
  /// The largest file read, in bytes (32 MiB, as for ``StringCatalogReader/maximumFileSize``).
  public static let maximumFileSize = 32 << 20
  /// Its files in messages: `stringsdict file`.
  public static let fileKind = "stringsdict file"

  /// The most variants one key may expand to, the same as
  /// ``StringCatalogReader/maximumVariantsPerKey``.
  ///
  /// The product of its variables' categories, summed over its devices, is counted before it is
  /// built, as is the longest text a variant can expand to
  /// (`StringsPluralRule.maximumCharacters`, 1 MiB) and the nesting of its variables (16 levels).
  public static let maximumVariantsPerKey = StringCatalogReader.maximumVariantsPerKey

  /// The most entries one file may expand to, the same as
  /// ``StringCatalogReader/maximumEntriesPerFile``; each key's variants are counted before they
  /// are built.
  public static let maximumEntriesPerFile = StringCatalogReader.maximumEntriesPerFile

  /// The language that files in `Base.lproj` are in: the app's development language.
  public var developmentLanguage: String

  /// Creates a reader.
  ///
  /// - Parameter developmentLanguage: The language files in `Base.lproj` are in; `en` by
  ///   default, as Xcode sets a new project's development region.
  public init(developmentLanguage: String = "en") {
    self.developmentLanguage = developmentLanguage
  }

  /// Reads a stringsdict file's bytes; `file` is recorded on the entries and named in errors.
  ///
  /// - Parameters:
  ///   - data: The property list's bytes.
  ///   - file: Where the bytes came from.
  ///   - language: The language code the texts are in.
  /// - Returns: The entries, ordered as ``read(contentsOf:language:)`` orders them.
  /// - Throws: ``StringsError``, as ``read(contentsOf:language:)`` does: reading a file
  ///   (``LanguageFolderStringsReader``) takes its language from its `<lang>.lproj` folder, or is
  ///   given one.
  public func read(data: Data, file: URL, language: String) throws(StringsError)
    -> [LocalizedEntry]
  {
    try Self.checkSize(of: data, file: file)
    let positions = StringsDictPositions()
    let isBinary = data.starts(with: Array("bplist".utf8))
    if !isBinary, let failure = positions.parse(data) {
      throw StringsXML.error(failure, file: file, data: data)
    }
    if isBinary, let problem = BinaryPlistShape.problem([UInt8](data)) {
      throw StringsError(problem == .cycle ? .invalid : .tooLarge, file: file, problem.detail)
    }
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      throw StringsError(
        .invalid, file: file,
        "not a property list (\(detail ?? error.localizedDescription)); expected a <plist> "
          + "with a <dict> of keys")
    }
    guard let rules = root as? [String: Any] else {
      throw StringsError(
        .invalid, file: file, line: 1,
        "expected a dictionary of keys at the top of the property list, found \(Self.kind(of: root))"
      )
    }
    let keys = isBinary ? rules.keys.sorted() : positions.topKeys.filter { rules[$0] != nil }
    let reading = StringsDictReading(
      file: file, places: positions.places, valuePlaces: positions.valuePlaces)
    var entries: [LocalizedEntry] = []
    let fileLimit = Self.maximumEntriesPerFile
    for key in keys {
      guard let value = rules[key] else { continue }
      let line = reading.place([key]).line
      // Counted before any text is built: the key's variants, then the file's entries so far.
      let count = try reading.count(of: value, path: [key])
      let total = StringsPluralRule.adding(entries.count, count)
      guard total <= fileLimit else {
        throw StringsError.tooManyEntries(
          file: file, line: line, key: key, atLeast: total, limit: fileLimit)
      }
      for expansion in try reading.expansions(of: value, path: [key]) {
        entries.append(
          LocalizedEntry(
            key: key, language: language, variant: StringVariant(expansion.steps),
            text: expansion.text, file: file, line: line,
            pluralArguments: expansion.arguments))
      }
    }
    return entries
  }

  /// A word for a property-list value's type, for messages.
  static func kind(of value: Any) -> String {
    switch value {
    case is String: "a string"
    case is [String: Any]: "a dictionary"
    case is [Any]: "an array"
    case is Data: "data"
    case is Date: "a date"
    case is Bool, is NSNumber: "a number"
    default: "a \(type(of: value))"
    }
  }
}

/// One stringsdict file being read: the places of its keys, for entries and errors.
private struct StringsDictReading {
  let file: URL
  let places: [[String]: StringsDictPositions.Place]
  let valuePlaces: [[String]: StringsDictPositions.Place]

  /// The place of the key at `path`, or of the nearest enclosing key known; line 1 otherwise.
  func place(_ path: [String]) -> StringsDictPositions.Place {
    var path = path
    while !path.isEmpty {
      if let place = places[path] { return place }
      path.removeLast()
    }
    return StringsDictPositions.Place(line: 1, column: 1)
  }

  func invalid(_ path: [String], _ detail: String) -> StringsError {
    let place = place(path)
    return StringsError(.invalid, file: file, line: place.line, column: place.column, detail)
  }

  /// An error at the value of the key at `path` (its element's `<`), else at the key.
  func invalidValue(_ path: [String], _ detail: String) -> StringsError {
    let place = valuePlaces[path] ?? place(path)
    return StringsError(.invalid, file: file, line: place.line, column: place.column, detail)
  }

  func dictionary(_ value: Any, path: [String], _ what: String) throws(StringsError)
    -> [String: Any]
  {
    guard let dictionary = value as? [String: Any] else {
      throw invalidValue(
        path, "expected \(what) to be a dictionary, found \(StringsDictReader.kind(of: value))")
    }
    return dictionary
  }

  /// How many texts a key's value expands to, counted without building any; over
  /// ``StringsDictReader/maximumVariantsPerKey`` is an error.
  func count(of value: Any, path: [String]) throws(StringsError) -> Int {
    let limit = StringsDictReader.maximumVariantsPerKey
    let name = DisplayText.quoted(path.joined(separator: "/"))
    let rule = try dictionary(value, path: path, "\"\(name)\"")
    if let devices = rule["NSStringDeviceSpecificRuleType"] {
      // Each device rule inside another adds two keys to the path; a binary property list can
      // share one dictionary between devices, so the nesting is bounded here.
      let depth = (path.count - 1) / 2
      guard depth < StringsPluralRule.maximumNestingDepth else {
        throw invalid(path, "").replacingCode(
          .tooManyVariants,
          StringsPluralRule.Excess.depth.describe("\"\(name)\"", limit: limit))
      }
      let byDevice = try dictionary(
        devices, path: path + ["NSStringDeviceSpecificRuleType"], "the device rule of \"\(name)\"")
      var total = 0
      for device in byDevice.keys.sorted() {
        let devicePath = path + ["NSStringDeviceSpecificRuleType", device]
        let inner =
          byDevice[device] is String ? 1 : try count(of: byDevice[device] as Any, path: devicePath)
        total = StringsPluralRule.adding(total, inner)
        guard total <= limit else {
          throw invalid(path, "").replacingCode(
            .tooManyVariants,
            StringsPluralRule.Excess.variants(atLeast: total).describe("\"\(name)\"", limit: limit))
        }
      }
      return total
    }
    if rule["NSStringVariableWidthRuleType"] != nil { return 1 }
    let plural = try pluralRule(rule, path: path, name: name)
    do {
      return try plural.measure(variants: limit).variants
    } catch {
      throw invalid(path, "").replacingCode(
        .tooManyVariants, error.describe("\"\(name)\"", limit: limit))
    }
  }

  /// The plural rule of a key's (or a device's) dictionary.
  func pluralRule(_ rule: [String: Any], path: [String], name: String) throws(StringsError)
    -> StringsPluralRule
  {
    guard let formatValue = rule["NSStringLocalizedFormatKey"] else {
      throw invalid(
        path,
        "expected \"\(name)\" to have an NSStringLocalizedFormatKey (such as %#@files@), an "
          + "NSStringDeviceSpecificRuleType or an NSStringVariableWidthRuleType")
    }
    guard let format = formatValue as? String else {
      throw invalidValue(
        path + ["NSStringLocalizedFormatKey"],
        "expected NSStringLocalizedFormatKey of \"\(name)\" to be a string, found "
          + StringsDictReader.kind(of: formatValue))
    }
    var variables: [String: StringsPluralRule.Variable] = [:]
    for (variable, body) in rule where variable != "NSStringLocalizedFormatKey" {
      variables[variable] = try self.variable(variable, body, path: path + [variable])
    }
    return StringsPluralRule(format: format, variables: variables)
  }

  /// The texts a key's value expands to; ``count(of:path:)`` bounds them first.
  func expansions(of value: Any, path: [String]) throws(StringsError)
    -> [StringsPluralRule.Expansion]
  {
    let name = DisplayText.quoted(path.joined(separator: "/"))
    let rule = try dictionary(value, path: path, "\"\(name)\"")
    if let devices = rule["NSStringDeviceSpecificRuleType"] {
      let byDevice = try dictionary(
        devices, path: path + ["NSStringDeviceSpecificRuleType"], "the device rule of \"\(name)\"")
      var result: [StringsPluralRule.Expansion] = []
      for device in byDevice.keys.sorted() {
        let devicePath = path + ["NSStringDeviceSpecificRuleType", device]
        let inner: [StringsPluralRule.Expansion]
        if let text = byDevice[device] as? String {
          inner = [StringsPluralRule.Expansion(steps: [], text: text)]
        } else {
          inner = try expansions(of: byDevice[device] as Any, path: devicePath)
        }
        result += inner.map {
          .init(steps: [.device(device)] + $0.steps, text: $0.text, arguments: $0.arguments)
        }
      }
      return result
    }
    if let widths = rule["NSStringVariableWidthRuleType"] {
      let byWidth = try dictionary(
        widths, path: path + ["NSStringVariableWidthRuleType"], "the width rule of \"\(name)\"")
      let widest = byWidth.keys.max { (Int($0) ?? 0) < (Int($1) ?? 0) }
      guard let widest, let text = byWidth[widest] as? String else {
        throw invalid(
          path + ["NSStringVariableWidthRuleType"],
          "expected the width rule of \"\(name)\" to hold a text per width, such as \"20\"")
      }
      return [StringsPluralRule.Expansion(steps: [], text: text)]
    }
    let plural = try pluralRule(rule, path: path, name: name)
    return plural.expand()
  }

  /// One variable's plural rule.
  func variable(_ name: String, _ body: Any, path: [String]) throws(StringsError)
    -> StringsPluralRule.Variable
  {
    let members = try dictionary(body, path: path, "the variable \"\(DisplayText.quoted(name))\"")
    let type = members["NSStringFormatSpecTypeKey"] as? String
    guard type == "NSStringPluralRuleType" else {
      throw invalid(
        path,
        "expected NSStringFormatSpecTypeKey of \"\(DisplayText.quoted(name))\" to be NSStringPluralRuleType, found "
          + (type.map { "\"\($0)\"" } ?? "none"))
    }
    var texts: [String: String] = [:]
    for (member, value) in members
    where member != "NSStringFormatSpecTypeKey" && member != "NSStringFormatValueTypeKey" {
      guard StringsPluralRule.categories.contains(member) else {
        throw invalid(
          path + [member],
          "expected a plural category (zero, one, two, few, many, other) in \"\(DisplayText.quoted(name))\", "
            + "found \"\(DisplayText.quoted(member))\"")
      }
      guard let text = value as? String else {
        throw invalidValue(
          path + [member],
          "expected the \"\(DisplayText.quoted(member))\" text of \"\(DisplayText.quoted(name))\" to be a string, found "
            + StringsDictReader.kind(of: value))
      }
      texts[member] = text
    }
    guard !texts.isEmpty else {
      throw invalid(
        path,
        "expected the variable \"\(DisplayText.quoted(name))\" to have at least the \"other\" category"
      )
    }
    return StringsPluralRule.Variable(name: name, texts: texts)
  }
}

extension StringsError {
  /// The same place with another code and detail.
  func replacingCode(_ code: Code, _ detail: String) -> StringsError {
    StringsError(code, file: file, line: line, column: column, detail)
  }
}
