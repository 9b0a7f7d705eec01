// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// Reads a cases file: JSON that lists fonts and sets of texts, each set expanding to the cross
/// product of its texts, fonts, styles, categories and widths.
///
/// ```json
/// {
///   "format": 1,
///   "fonts": { "default": "embedded", "kr": ["Fonts/Pretendard-Regular.otf"] },
///   "sets": [
///     { "name": "buttons-ko", "fonts": ["default", "kr"], "language": "ko",
///       "strategy": "standard", "styles": ["headline", "body"],
///       "categories": "all", "widths": [120, 320], "lines": 1, "truncation": "tail",
///       "texts": [["save", "저장하기"], ["cancel", "취소"]] }
///   ]
/// }
/// ```
///
/// - `typography`: the app's type scale (a `Typography` JSON file), relative to the cases file
///   or absolute. With one, sets measure in it by default (the font alias `typography`): each
///   case's family, weight, size at Large and sizing (relative, fixed, a maximum) come from the
///   typography as `DynamicType` gives them to the app, and `styles` may name its custom tokens
///   (`"styles": ["button", "body"]`). Sets that name other fonts keep Apple's system styles.
/// - `fontFolders`: folders whose fonts are registered for the typography's families, relative
///   to the cases file or absolute (`fonts` files are registered too).
/// - `fonts`: alias → `"embedded"`, a path, or a list of paths (the first is the primary face,
///   the rest its cascade); paths are relative to the cases file, or absolute.
/// - `categories`: `"all"`, a list of names (`["xS", "L", "AX3"]`), or a range `"L...AX5"`
///   (`DynamicTypeRange(parsing:)`: the smaller category first; a range that runs backwards,
///   `"AX5...L"`, is an error that names the range meant, as in check constraints).
/// - `widths`: a list of points; `null` in the list means unwrapped. `lines`: 0 for no limit.
/// - `texts`: a list of `[id, text]` pairs (kept in order) or an object (sorted by id).
/// - `target`: `label` (the default: a `UILabel`'s defaults) or `attributed-string`
///   (`boundingRect`'s: no line-break strategy, no font leading).
/// - `strategy`: the line-break strategy, as `LayoutOptions.LineBreakStrategy.parse(_:)` reads
///   it: `standard` (Apple's, push-out and Hangul word priority), `none` (ICU's plain rules),
///   `push-out`, `hangul-word-priority`, or options joined by commas; the target's by default.
///   Before label defaults, `standard` meant ICU's plain rules: write `none` for those.
///   Deprecated spellings (`hangulwordpriority`) still read, with a warning in
///   ``GoldenSuite/warnings``.
/// - `sizing`: how point sizes follow the category, `system` (the system text style's sizes) or
///   `relative` (`UIFontMetrics`' scaling of a custom font); by default `system` for the
///   embedded font and `relative` for font files (``GoldenCase/Sizing``).
/// - `mustFit`: `true`, or categories as `categories` takes them (`"xS...AX2"`): the set's cases
///   at those categories must fit — not truncated, no wider than their width — and fail when
///   recorded or verified otherwise, not only when they change.
/// - `strict`: `true` or `false` (the default): with `true`, a text of the set with characters no
///   font draws (drawn as `.notdef` and measured with its width) fails recording and verifying
///   (``GoldenMeasurer/missingGlyphs``, ``GoldenReport/missingGlyphs``) instead of being a
///   warning. Apple draws such characters with a last-resort font silently.
/// - `platform`: `"ios"` (the default) or `"android"`, for a set or the whole file. An Android
///   set takes `fontScales` (an `AndroidFontScaleSelection`, or numbers; the release's Settings
///   values by default), `textAppearances` (Material roles) and/or `textSizes` (`sp`),
///   `target` `textview` (the default) or `compose`, `density` (2.625 by default) and
///   `androidVersion` (the latest by default); its `mustFit` takes font scales. iOS keys
///   (`styles`, `categories`, `sizing`) in an Android set and Android keys in an iOS set are
///   errors naming the key. See ``GoldenAndroidSizing``.
/// - Lists may not be empty: every set expands to at least one case.
///
/// Every problem is reported with its JSON path, and all of them at once: a value of the wrong
/// type names the type expected and the value found (`$.sets[2].lines: expected a whole number
/// ≥ 0, found "2" (a string)`); nothing falls back to a default silently. Set names and text ids
/// may not hold control characters (tabs, line breaks), which a golden file's tab-separated lines
/// cannot hold.
///
/// ## Limits
///
/// A file's sets are counted before they are expanded: more than `maximumCaseCount` cases
/// (``defaultMaximumCaseCount``, 100,000, unless the caller gives another; `typescale goldens
/// record --max-cases N` on the command line) is refused with
/// ``GoldenError/Code/tooManyCases``, naming the count and the limit, before any case is made or
/// measured. A file may be at most ``maximumFileSize`` bytes and nest arrays and objects at
/// most ``maximumNestingDepth`` deep (checked in one pass before the JSON is decoded).
public enum GoldenCasesFile {
  /// The most cases a cases file may expand to unless the caller allows more: 100,000.
  ///
  /// The project's own suite has 6,432 cases; 100,000 take about ten seconds to measure and a
  /// few tens of megabytes to hold. Pass `maximumCaseCount:` to ``parse(_:name:maximumCaseCount:)``
  /// or ``load(_:maximumCaseCount:)`` (or `--max-cases` to `typescale goldens record`) to allow
  /// more. The count is of the whole suite, before a shard is chosen.
  public static let defaultMaximumCaseCount = 100_000

  /// The largest cases file read, in bytes: 16 MiB.
  ///
  /// Cases files describe work in a few kilobytes; anything larger is refused before it is
  /// decoded (``load(_:maximumCaseCount:)`` checks the size with `fstat` before reading). A
  /// constant: split a larger file.
  public static let maximumFileSize = 16 << 20

  /// Parses a cases file's JSON.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - name: The file name, for messages.
  ///   - maximumCaseCount: The most cases the file may expand to; ``defaultMaximumCaseCount``
  ///     by default.
  /// - Returns: The suite: fonts and expanded cases.
  /// - Throws: ``GoldenError/Code/malformedCases`` listing every problem with its JSON path;
  ///   ``GoldenError/Code/tooManyCases`` when the sets expand to more than `maximumCaseCount`
  ///   cases (checked before any case is made).
  public static func parse(
    _ data: Data, name: String, maximumCaseCount: Int = defaultMaximumCaseCount
  ) throws(GoldenError) -> GoldenSuite {
    guard data.count <= maximumFileSize else {
      throw GoldenError(
        .malformedCases,
        "\(name): \(data.count) bytes is larger than a cases file may be (\(maximumFileSize) "
          + "bytes); split it")
    }
    try checkNesting(data, name: name)
    let root: _JSONValue
    do {
      root = try JSONDecoder().decode(_JSONValue.self, from: data)
    } catch {
      throw GoldenError(
        .malformedCases, "\(name): not valid JSON: \(Self.describe(error, data: data))",
        cause: error)
    }
    guard case .object(let table) = root else {
      throw GoldenError(
        .malformedCases, "\(name): the top level must be an object, found \(root.found)")
    }
    var problems = CasesProblems()
    var warnings: [String] = []
    let (fonts, sets, typography) = read(table, problems: &problems, warnings: &warnings)
    guard problems.list.isEmpty else { throw malformed(name, problems) }

    // Count before expanding: a few kilobytes of JSON can describe billions of cases.
    let total = try checkCount(sets, name: name, maximumCaseCount: maximumCaseCount)

    var cases: [GoldenCase] = []
    cases.reserveCapacity(total)
    for set in sets { set.expand(into: &cases) }
    var seen: Set<String> = []
    for test in cases where !seen.insert(test.id).inserted {
      problems.add(
        "$.sets", "case id \(test.id) appears twice; give texts in a set distinct ids")
      throw malformed(name, problems)
    }
    var suite = GoldenSuite(fonts: fonts, cases: cases)
    suite.typography = typography.file
    suite.fontFolders = typography.folders
    suite.warnings = warnings
    return suite
  }

  /// Reads and parses a cases file.
  ///
  /// - Parameters:
  ///   - url: The cases file.
  ///   - maximumCaseCount: The most cases the file may expand to; ``defaultMaximumCaseCount``
  ///     by default.
  /// - Returns: The suite; its ``GoldenSuite/casesFile`` names the file (relative to its own
  ///   folder) and its SHA-256.
  /// - Throws: ``GoldenError`` when the file cannot be read, is not a regular file, is larger
  ///   than ``maximumFileSize``, is malformed, or expands to too many cases.
  public static func load(
    _ url: URL, maximumCaseCount: Int = defaultMaximumCaseCount
  ) throws(GoldenError) -> GoldenSuite {
    let data = try GoldenVerification.readFile(
      url, displayPath: url.path, kind: "cases file", maximumSize: maximumFileSize)
    var suite = try parse(data, name: url.lastPathComponent, maximumCaseCount: maximumCaseCount)
    suite.casesFile = GoldenSourceFile(
      path: url.lastPathComponent, sha256: SHA256Digest.hash(data).hex)
    return suite
  }

  /// Counts the cases `sets` expand to, with overflow-checked arithmetic, and refuses more than
  /// `maximumCaseCount`.
  ///
  /// - Returns: The count.
  /// - Throws: ``GoldenError/Code/tooManyCases`` naming the count, the largest set and the limit.
  static func checkCount(
    _ sets: [CasesSet], name: String, maximumCaseCount: Int
  ) throws(GoldenError) -> Int {
    var total = 0
    var overflow = false
    for set in sets {
      let (count, setOverflow) = set.caseCount
      let (sum, sumOverflow) = total.addingReportingOverflow(count)
      overflow = overflow || setOverflow || sumOverflow
      total = sumOverflow ? Int.max : sum
    }
    if overflow || total > maximumCaseCount,
      let largest = sets.max(by: { $0.caseCount.count < $1.caseCount.count })
    {
      func count(_ value: (count: Int, overflow: Bool)) -> String {
        value.overflow ? "more than \(Int.max)" : String(value.count)
      }
      throw GoldenError(
        .tooManyCases,
        "\(name): the sets expand to \(count((total, overflow))) cases (\(largest.path) alone "
          + "to \(count(largest.caseCount))), more than the limit of \(maximumCaseCount) cases "
          + "per file; split the sets, or raise the limit (--max-cases N on the command line, "
          + "maximumCaseCount: in code)")
    }
    return total
  }

  // MARK: - Reading

  private static func malformed(_ name: String, _ problems: CasesProblems) -> GoldenError {
    let count = problems.list.count
    return GoldenError(
      .malformedCases,
      "\(name): \(count) problem\(count == 1 ? "" : "s"):\n"
        + problems.list.map { "  \($0)" }.joined(separator: "\n"))
  }

  /// Why `data` is not JSON: `JSONSerialization` names the place ("around line 3, column 12"),
  /// which `JSONDecoder` on Linux does not, so it is asked once the decoder has failed.
  private static func describe(_ error: any Error, data: Data) -> String {
    do {
      _ = try JSONSerialization.jsonObject(with: data)
    } catch {
      let info = (error as NSError).userInfo
      return info[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    }
    guard case .dataCorrupted(let context) = error as? DecodingError else {
      return error.localizedDescription
    }
    return context.debugDescription
  }

  /// Reads the top level: fonts and sets, each checked; problems are collected.
  private static func read(
    _ root: [String: _JSONValue], problems: inout CasesProblems, warnings: inout [String]
  ) -> ([GoldenFont], [CasesSet], (file: String?, folders: [String])) {
    let known = ["format", "typography", "fontFolders", "fonts", "sets", "platform"]
    for key in root.keys.sorted() where !known.contains(key) {
      problems.add("$.\(key)", "unknown key; valid keys: \(known.joined(separator: ", "))")
    }
    switch root["format"] {
    case nil, .integer(1)?: break
    case .integer(let format)?: problems.add("$.format", "\(format) is not supported; use 1")
    case let value?: problems.expected("$.format", "the number 1", found: value)
    }
    var fonts: [GoldenFont] = []
    switch root["fonts"] {
    case nil: break
    case .object(let table)?:
      for (alias, value) in table.sorted(by: { $0.key < $1.key }) {
        if let font = readFont(alias, value, problems: &problems) { fonts.append(font) }
      }
    case let value?:
      problems.expected("$.fonts", "an object of alias → \"embedded\", path or paths", found: value)
    }
    if !fonts.contains(where: { $0.alias == "default" }) { fonts.append(.embedded()) }
    var typography: String?
    switch root["typography"] {
    case nil: break
    case .string(let file)? where !file.isEmpty:
      if problems.checkPrintable("$.typography", file, what: "the path") { typography = file }
    case let value?:
      problems.expected("$.typography", "the path of a typography file (a string)", found: value)
    }
    var folders: [String] = []
    if let value = root["fontFolders"] {
      folders =
        strings(
          value, "$.fontFolders", expected: "folder paths", element: "a folder path",
          problems: &problems) ?? []
      for (index, folder) in folders.enumerated() {
        _ = problems.checkPrintable("$.fontFolders[\(index)]", folder, what: "the path")
      }
      if typography == nil {
        problems.add(
          "$.fontFolders", "font folders are registered for a typography; give \"typography\"")
      }
    }
    if fonts.contains(where: { $0.alias == GoldenSuite.typographyAlias }) {
      problems.add(
        "$.fonts.\(GoldenSuite.typographyAlias)",
        "the alias \"\(GoldenSuite.typographyAlias)\" is the suite's typography; give the "
          + "file as \"typography\" at the top level, or use another alias")
    }
    let filePlatform = readPlatform(root["platform"], "$.platform", problems: &problems)
    var aliases = Set(fonts.map(\.alias))
    if typography != nil { aliases.insert(GoldenSuite.typographyAlias) }

    var sets: [CasesSet] = []
    switch root["sets"] {
    case .array(let list)? where !list.isEmpty:
      for (index, value) in list.enumerated() {
        let path = "$.sets[\(index)]"
        guard case .object(let table) = value else {
          problems.expected(path, "an object (a set of texts)", found: value)
          continue
        }
        if let set = readSet(
          table, index: index, aliases: aliases, hasTypography: typography != nil,
          filePlatform: filePlatform,
          problems: &problems, warnings: &warnings)
        {
          sets.append(set)
        }
      }
    case .array?, nil: problems.add("$.sets", "give at least one set of texts")
    case let value?: problems.expected("$.sets", "an array of sets", found: value)
    }
    return (fonts, sets, (typography, folders))
  }

  private static func readFont(
    _ alias: String, _ value: _JSONValue, problems: inout CasesProblems
  ) -> GoldenFont? {
    let path = "$.fonts.\(alias)"
    guard !alias.isEmpty,
      alias.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    else {
      problems.add(path, "an alias is letters, digits, - and _")
      return nil
    }
    let expected = "\"embedded\", a path, or a non-empty array of paths"
    switch value {
    case .string("embedded"): return .embedded(alias)
    case .string(let file):
      guard problems.checkPrintable(path, file, what: "the path") else { return nil }
      return GoldenFont(alias: alias, paths: [file])
    case .array(let list) where !list.isEmpty:
      var paths: [String] = []
      for (index, item) in list.enumerated() {
        guard let file = item.string else {
          problems.expected("\(path)[\(index)]", "a path (a string)", found: item)
          continue
        }
        if problems.checkPrintable("\(path)[\(index)]", file, what: "the path") {
          paths.append(file)
        }
      }
      return paths.count == list.count ? GoldenFont(alias: alias, paths: paths) : nil
    default:
      problems.expected(path, expected, found: value)
      return nil
    }
  }

  /// Reads an array of strings, reporting the array or each element of the wrong type.
  private static func strings(
    _ value: _JSONValue, _ path: String, expected: String, element: String,
    problems: inout CasesProblems
  ) -> [String]? {
    guard case .array(let list) = value, !list.isEmpty else {
      problems.expected(path, "a non-empty array of \(expected)", found: value)
      return nil
    }
    var result: [String] = []
    for (index, item) in list.enumerated() {
      if let text = item.string {
        result.append(text)
      } else {
        problems.expected("\(path)[\(index)]", "\(element) (a string)", found: item)
      }
    }
    return result.count == list.count ? result : nil
  }

  private static func readSet(
    _ set: [String: _JSONValue], index: Int, aliases: Set<String>, hasTypography: Bool,
    filePlatform: CasesPlatform, problems: inout CasesProblems, warnings: inout [String]
  ) -> CasesSet? {
    let path = "$.sets[\(index)]"
    let before = problems.list.count
    let known: Set<String> = [
      "name", "font", "fonts", "styles", "categories", "widths", "lines", "truncation",
      "target", "strategy", "sizing", "language", "texts", "mustFit", "strict", "platform",
    ]
    let platform =
      set["platform"] == nil
      ? filePlatform : readPlatform(set["platform"], "\(path).platform", problems: &problems)
    let valid = known.union(CasesPlatform.androidKeys)
    for key in set.keys.sorted() where !valid.contains(key) {
      problems.add(
        "\(path).\(key)", "unknown key; valid keys: \(valid.sorted().joined(separator: ", "))")
    }
    checkPlatformKeys(set, path, platform: platform, problems: &problems)
    let android =
      platform == .android
      ? readAndroid(set, path, hasTypography: hasTypography, problems: &problems) : nil
    var name = "set\(index + 1)"
    if let value = set["name"] {
      if let text = value.string, !text.isEmpty {
        if problems.checkPrintable("\(path).name", text, what: "the name") { name = text }
      } else {
        problems.expected("\(path).name", "a non-empty string", found: value)
      }
    }

    var fonts = [hasTypography && platform == .iOS ? GoldenSuite.typographyAlias : "default"]
    if let value = set["fonts"] {
      fonts =
        strings(
          value, "\(path).fonts", expected: "font aliases", element: "a font alias",
          problems: &problems) ?? []
    } else if let value = set["font"] {
      if let alias = value.string {
        fonts = [alias]
      } else {
        problems.expected("\(path).font", "a font alias (a string)", found: value)
      }
    }
    for font in fonts where !aliases.contains(font) {
      problems.add(
        "\(path).fonts",
        "unknown font \"\(font)\"; fonts: \(aliases.sorted().joined(separator: ", "))")
    }

    let typographyOnly = fonts == [GoldenSuite.typographyAlias]
    var styles: [CasesStyle] = [.style(.body)]
    if let value = set["styles"], platform == .iOS {
      styles = []
      let names = strings(
        value, "\(path).styles", expected: "text styles", element: "a text style",
        problems: &problems)
      for name in names ?? [] {
        do throws(MetricsError) {
          let style = try TextStyle(parsing: name)
          // The typography says how its own styles scale (extraLargeTitle keeps its size, with
          // a diagnostic); the table's sizes need a scalable style.
          guard typographyOnly || SizeTable.iOS.isScalable(style) else {
            problems.add(
              "\(path).styles", "\(style) has no per-category sizes; use another style")
            continue
          }
          styles.append(.style(style))
        } catch {
          guard typographyOnly else {
            problems.add(
              "\(path).styles",
              error.message
                + (hasTypography
                  ? "; custom tokens are for sets whose only font is the typography" : ""))
            continue
          }
          if (try? Typography.validateTokenName(name)) != nil {
            styles.append(.token(name))
          } else {
            problems.add(
              "\(path).styles",
              "\"\(name)\" is neither a text style nor a valid token name (a letter, then "
                + "letters, digits, _, - or .)")
          }
        }
      }
    }

    let categories =
      platform == .iOS
      ? readCategories(set["categories"], "\(path).categories", problems: &problems) : [.large]

    var widths: [Double?] = [nil]
    if let value = set["widths"] {
      widths = []
      if case .array(let list) = value, !list.isEmpty {
        for (number, item) in list.enumerated() {
          if case .null = item {
            widths.append(nil)
          } else if let width = item.double {
            if width >= 0 {
              widths.append(width)
            } else {
              problems.add(
                "\(path).widths",
                "\(NumberText.fixed(width, decimals: 3, trimsZeros: true)) is not a width; use points ≥ 0 or null"
              )
            }
          } else {
            problems.expected(
              "\(path).widths[\(number)]", "a width (a number of points ≥ 0) or null", found: item)
          }
        }
      } else {
        problems.expected(
          "\(path).widths", "a non-empty array of widths (points ≥ 0, or null for unwrapped)",
          found: value)
      }
    }

    var lines = 0
    switch set["lines"] {
    case nil: break
    case .integer(let value)? where value >= 0: lines = value
    case .number(let value)? where value >= 0 && value.rounded() == value:
      problems.expected(
        "\(path).lines", "a whole number from 0 to \(Int.max)", found: .number(value))
    case .unrepresentable?:
      problems.expected(
        "\(path).lines", "a whole number from 0 to \(Int.max)", found: .unrepresentable)
    case let value?:
      problems.expected("\(path).lines", "a whole number ≥ 0 (0 for no limit)", found: value)
    }

    var truncation = LayoutOptions.Truncation.tail
    if let value = set["truncation"] {
      if let text = value.string, let parsed = LayoutOptions.Truncation(rawValue: text) {
        truncation = parsed
      } else if let text = value.string {
        problems.add("\(path).truncation", "\"\(text)\" is not one of tail, head, middle, clip")
      } else {
        problems.expected(
          "\(path).truncation", "one of tail, head, middle, clip (a string)", found: value)
      }
    }

    var target = platform == .android ? LayoutTarget.textView : .label
    if let value = set["target"] {
      let names = platform == .android ? GoldenCase.androidTargetNames : GoldenCase.targetNames
      if let text = value.string, let parsed = GoldenCase.target(named: text),
        names.contains(text)
      {
        target = parsed
      } else if let text = value.string, let parsed = GoldenCase.target(named: text) {
        problems.add(
          "\(path).target",
          parsed.isAndroid
            ? "\"\(text)\" is an Android target; give \"platform\": \"android\" to the set or "
              + "the file, or use label or attributed-string"
            : "\"\(text)\" is an iOS target; an Android set's target is textview or compose")
      } else {
        problems.expected(
          "\(path).target", "\(names.joined(separator: " or ")) (a string)", found: value)
      }
    }

    var strategy: LayoutOptions.LineBreakStrategy?
    let strategies = "standard, none, push-out, hangul-word-priority, or options joined by commas"
    switch set["strategy"] {
    case nil: break
    case .string(let text)?:
      do throws(LayoutError) {
        let (parsed, deprecated) = try LayoutOptions.LineBreakStrategy.parse(text)
        strategy = parsed
        for old in deprecated {
          let new = LayoutOptions.LineBreakStrategy.deprecatedNames[old] ?? parsed.description
          warnings.append("\(path).strategy: \"\(old)\" is deprecated; use \"\(new)\"")
        }
      } catch {
        problems.add("\(path).strategy", "\"\(text)\" is not \(strategies)")
      }
    case let value?:
      problems.expected("\(path).strategy", "\(strategies) (a string)", found: value)
    }

    var sizing: GoldenCase.Sizing?
    if let value = set["sizing"] {
      if let text = value.string, let parsed = GoldenCase.Sizing(rawValue: text),
        parsed != .typography
      {
        sizing = parsed
        if fonts.contains(GoldenSuite.typographyAlias) {
          problems.add(
            "\(path).sizing",
            "the typography sets how its styles scale; leave \"sizing\" out of a set that "
              + "measures in it, or give the style a \"sizing\" in the typography file")
        }
      } else {
        problems.expected("\(path).sizing", "system or relative (a string)", found: value)
      }
    }

    var language: String?
    if let value = set["language"] {
      if let text = value.string, !text.isEmpty, text != "-",
        text.unicodeScalars.allSatisfy({
          $0.isASCII
            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-"
              || $0 == "_")
        })
      {
        language = text
      } else {
        problems.expected(
          "\(path).language", "a BCP 47 language such as \"ko\" or \"zh-Hant\"", found: value)
      }
    }

    var texts: [(id: String, text: String)] = []
    switch set["texts"] {
    case .array(let list)? where !list.isEmpty:
      for (number, item) in list.enumerated() {
        let place = "\(path).texts[\(number)]"
        guard case .array(let pair) = item, pair.count == 2 else {
          problems.expected(place, "[id, text] (an array of two strings)", found: item)
          continue
        }
        guard let id = pair[0].string, let text = pair[1].string else {
          for (part, value) in pair.enumerated() where value.string == nil {
            problems.expected(
              "\(place)[\(part)]", part == 0 ? "an id (a string)" : "a text (a string)",
              found: value)
          }
          continue
        }
        if problems.checkPrintable("\(place)[0]", id, what: "the id") { texts.append((id, text)) }
      }
    case .object(let table)? where !table.isEmpty:
      for (id, value) in table.sorted(by: { $0.key < $1.key }) {
        let place = "\(path).texts.\(GoldenText.escape(id))"
        guard let text = value.string else {
          problems.expected(place, "a text (a string)", found: value)
          continue
        }
        if problems.checkPrintable(place, id, what: "the id") { texts.append((id, text)) }
      }
    case let value?:
      problems.expected(
        "\(path).texts", "a non-empty [[id, text], …] or {id: text, …}", found: value)
    case nil:
      problems.add("\(path).texts", "give [[id, text], …] or {id: text}")
    }

    var mustFit: Set<ContentSizeCategory> = []
    var mustFitScales: Set<Double> = []
    switch set["mustFit"] {
    case nil, .bool(false)?: break
    case .bool(true)?:
      mustFit = Set(ContentSizeCategory.allCases)
      mustFitScales = Set(android?.fontScales ?? [])
    case let value? where platform == .android:
      mustFitScales = Set(
        readFontScales(
          value, "\(path).mustFit", version: android?.version ?? .latest, problems: &problems))
    case let value?:
      mustFit = Set(readCategories(value, "\(path).mustFit", problems: &problems))
    }

    var strict = false
    switch set["strict"] {
    case nil: break
    case .bool(let value)?: strict = value
    case let value?: problems.expected("\(path).strict", "true or false", found: value)
    }

    guard problems.list.count == before else { return nil }
    var cases = CasesSet(
      path: path, name: name, texts: texts, fonts: fonts, styles: styles,
      categories: categories, widths: widths, lines: lines, truncation: truncation,
      target: target, strategy: strategy, sizing: sizing, language: language, mustFit: mustFit)
    cases.strict = strict
    cases.android = android
    cases.android?.mustFit = mustFitScales
    return cases
  }

  private static func readCategories(
    _ value: _JSONValue?, _ path: String, problems: inout CasesProblems
  ) -> [ContentSizeCategory] {
    let expected = "\"all\", a range such as \"L...AX5\", or a non-empty array of category names"
    do throws(MetricsError) {
      switch value {
      case nil: return ContentSizeCategory.allCases
      case .string(let text)?: return try categories(text)
      case .array(let list)? where !list.isEmpty:
        var result: [ContentSizeCategory] = []
        for (index, item) in list.enumerated() {
          guard let name = item.string else {
            problems.expected("\(path)[\(index)]", "a category name (a string)", found: item)
            continue
          }
          result.append(try ContentSizeCategory(parsing: name))
        }
        return result
      case let value?:
        problems.expected(path, expected, found: value)
        return []
      }
    } catch {
      problems.add(path, error.message)
      return []
    }
  }

  static func categories(_ text: String) throws(MetricsError) -> [ContentSizeCategory] {
    if text == "all" { return ContentSizeCategory.allCases }
    return try DynamicTypeRange(parsing: text).categories
  }
}

/// A set's style: an Apple text style, or a custom token of the suite's typography.
enum CasesStyle: Hashable {
  case style(TextStyle)
  case token(String)

  /// The name in case ids and golden files.
  var name: String {
    switch self {
    case .style(let style): style.rawValue
    case .token(let token): token
    }
  }
}

/// One set of a cases file, checked and not yet expanded.
struct CasesSet {
  let path: String
  let name: String
  let texts: [(id: String, text: String)]
  let fonts: [String]
  let styles: [CasesStyle]
  let categories: [ContentSizeCategory]
  let widths: [Double?]
  let lines: Int
  let truncation: LayoutOptions.Truncation
  let target: LayoutTarget
  let strategy: LayoutOptions.LineBreakStrategy?
  let sizing: GoldenCase.Sizing?
  let language: String?
  /// The categories whose cases must fit.
  let mustFit: Set<ContentSizeCategory>
  /// Whether characters no font draws fail the set's cases.
  var strict = false
  /// An Android set's sizes and font scales, or `nil` for an iOS set.
  var android: CasesAndroid?

  /// texts × fonts × styles × categories × widths (sizes × font scales for an Android set),
  /// and whether that overflowed `Int`.
  var caseCount: (count: Int, overflow: Bool) {
    var count = 1
    let steps =
      android.map { [$0.sizes.count, $0.fontScales.count] } ?? [styles.count, categories.count]
    for factor in [texts.count, fonts.count] + steps + [widths.count] {
      let (product, overflow) = count.multipliedReportingOverflow(by: factor)
      if overflow { return (Int.max, true) }
      count = product
    }
    return (count, false)
  }

  /// Appends the set's cases, texts outermost and widths innermost.
  func expand(into cases: inout [GoldenCase]) {
    if let android {
      expand(android, into: &cases)
      return
    }
    for (id, text) in texts {
      for font in fonts {
        for style in styles {
          for category in categories {
            for width in widths {
              let widthName =
                width.map { NumberText.fixed($0, decimals: 3, trimsZeros: true) } ?? "unwrapped"
              var token: String?
              var textStyle = TextStyle.body
              switch style {
              case .style(let value): textStyle = value
              case .token(let value): token = value
              }
              cases.append(
                GoldenCase(
                  id: "\(name)/\(id)/\(font)/\(style.name)/\(category.shortName)/\(widthName)",
                  text: text, font: font, style: textStyle, category: category, sizing: sizing,
                  width: width, lineLimit: lines, truncation: truncation, target: target,
                  strategy: strategy, language: language, token: token,
                  mustFit: mustFit.contains(category), strict: strict))
            }
          }
        }
      }
    }
  }
}
