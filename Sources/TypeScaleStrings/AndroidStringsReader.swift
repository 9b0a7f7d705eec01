// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an Android `res/values[-<qualifier>]/strings.xml` file into entries.
///
/// The elements of `<resources>` that hold text become entries, each with
/// ``LocalizedEntry/syntax`` ``PlaceholderSyntax/android`` and the line of its element:
///
/// - `<string name="k">` → one entry with key `k` and an empty variant.
/// - `<plurals name="k">` → one entry per CLDR plural category an integer selects in the file's
///   language (English `one`, `other`; Russian `one`, `few`, `many`; Japanese `other`), key `k`, variant
///   ``StringVariant/Step/plural(_:)``: the category's own item, or the `other` item when the
///   element has none (what `Resources.getQuantityString` shows). An item for a category the
///   language does not have is never shown and is left out; ``readFile(contentsOf:defaultLanguage:)``
///   returns warnings for both (see `AndroidPlurals`). The placeholder samples then give each
///   category a number CLDR puts in it (``PlaceholderSamples``).
/// - `<string-array name="k">` → one entry per `<item>`, keyed `k[0]`, `k[1]`, … (Android
///   addresses the items by index; the index in the key keeps each one apart in reports and
///   baselines), with an empty variant.
///
/// The text is what the app shows, following the rules of Android's "String resources" guide
/// (developer.android.com/guide/topics/resources/string-resource, "Escaping apostrophes and
/// quotes" and "Formatting and styling") as aapt2 compiles them (`StringBuilder::AppendText` in
/// aapt2's `ResourceUtils.cpp`):
///
/// - XML's predefined entities (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`) and character
///   references (`&#8230;`, `&#x2026;`) are decoded by the XML parser; an entity the document
///   does not define is a ``StringsError/Code/malformed`` error with its line and column.
/// - Outside double quotes, runs of ASCII whitespace (space, tab, newlines) collapse to one
///   space and the text is trimmed at both ends; other spaces, such as the no-break space, are
///   kept. Inside unescaped double quotes whitespace is kept, and the quotes themselves are
///   removed (`"  two  spaces "` keeps its spaces).
/// - Escapes: `\'`, `\"`, `\\`, `\@`, `\?`, `\#`, `\n` (newline), `\t` (tab) and `\u` with up to
///   4 hexadecimal digits; any other escaped character stands for itself.
/// - An apostrophe outside double quotes that is not escaped, and a `\u` without hexadecimal
///   digits, are ``StringsError/Code/invalid`` errors naming the line and the string, as aapt2
///   refuses to build them.
/// - CDATA sections count as text and go through the same rules.
/// - Formatting tags (`<b>`, `<i>`, `<u>`, and any other tag inside a string, such as `<font>`
///   or `<annotation>`) contribute their text content, and end a quotation or a run of spaces
///   where they start and end, as aapt2's spans do; each becomes a ``StyledSpan`` in
///   ``LocalizedEntry/spans`` over the text it encloses (UTF-16 offsets), so bold is measured
///   bold. `<xliff:g id="…" example="…">` keeps its inner text (usually the placeholder,
///   `%1$s`), not the `example`, and is no span.
/// - A text whose tags are escaped (`&lt;b&gt;…&lt;/b&gt;`) or in a CDATA section is shown
///   through `Html.fromHtml`: its text is the visible text and its tags are spans
///   (`AndroidHTML`), when it holds a tag `Html.fromHtml` knows.
/// - A value that is a reference, `@string/name`, is replaced by that string's text in the same
///   language, falling back to the default `values/strings.xml` beside the file's folder. A
///   reference to a missing string, a cycle of references, or a chain of more than
///   ``maximumReferenceChain`` references is an ``StringsError/Code/invalid`` error naming the
///   line and the chain. `\@` at the start, or a quoted `"@string/…"`, writes a literal `@`.
///   Chains resolve iteratively, each name once, in time linear in the file.
///
/// Deliberate difference from aapt2: references to other resource types
/// (`@android:string/…`, `@plurals/…`) are kept as text.
///
/// A file in a `composeResources` folder is a Compose Multiplatform resource, which Compose's
/// own converter reads, not aapt2: its text is the element's text content with only `\n`,
/// `\t`, `\uXXXX` and `\\` replaced (whitespace, quotes and apostrophes kept, no references),
/// as `AndroidText.composeText(_:)` describes.
///
/// Languages come from the folder's qualifier: `values` is the project's default, which Android
/// calls the default resources and this reader calls the source language: the `tools:locale`
/// attribute of its `<resources>` when it has one (Android Studio's "Tools attributes"
/// reference, developer.android.com/studio/write/tool-attributes#toolslocale; the prefix bound
/// to `http://schemas.android.com/tools`), else ``defaultLanguage`` (`"en"` unless given); `values-de` is `de`, `values-pt-rBR` is `pt-BR` and `values-b+sr+Latn`
/// is `sr-Latn`. A folder with any other qualifier (`values-night`, `values-v21`,
/// `values-land`, `values-sw600dp`, `values-de-land`) holds configuration overrides, not a
/// language: ``read(contentsOf:)`` rejects it and ``StringsLoader`` skips it.
///
/// Strings marked `translatable="false"` are read only from the default `values/` folder,
/// in the source language; a copy in a language folder is ignored, so they produce no
/// per-language entries (Android shows the default text in every language).
///
/// Other `tools:` attributes (`tools:ignore`, `tools:keep`, `tools:discard`,
/// `tools:targetApi`) are build-time hints that change no text; they are ignored.
///
/// Malformed XML is a ``StringsError/Code/malformed`` error with the parser's line and column.
public struct AndroidStringsReader: StringsReader {
  /// The largest file read, 32 MiB; larger files are ``StringsError/Code/tooLarge``.
  public static let maximumFileSize = 32 << 20
  /// Its files in messages: `strings.xml file`.
  public static let fileKind = "strings.xml file"

  /// The most `@string/` links followed from one string, 20: Android's `AssetManager2`
  /// follows at most 20 references (its `ResolveReference` loop, `kMaxIterations = 20`) and
  /// shows the unresolved reference beyond that, so a longer chain is an error naming it.
  public static let maximumReferenceChain = 20

  /// The most entries one file may hold, the same as
  /// ``StringCatalogReader/maximumEntriesPerFile``.
  public static let maximumEntriesPerFile = StringCatalogReader.maximumEntriesPerFile

  /// The language of the default `values/` folder.
  public var defaultLanguage: String

  /// Creates a reader.
  ///
  /// - Parameter defaultLanguage: The language of the default `values/` folder, `"en"` unless
  ///   given (most Android projects keep English there).
  public init(defaultLanguage: String = "en") {
    self.defaultLanguage = defaultLanguage
  }

  /// Reads the file at `url`, taking the language from its folder's name.
  ///
  /// - Parameter url: A `strings.xml` file in a `values` or `values-<language>` folder.
  /// - Returns: The entries, in file order.
  /// - Throws: ``StringsError``: unreadable or too large, malformed XML (with line and column),
  ///   a folder that is not a language folder, an element without `name`, an unknown
  ///   `quantity`, or an unresolvable `@string/` reference.
  public func read(contentsOf url: URL) throws(StringsError) -> [LocalizedEntry] {
    try read(contentsOf: url, defaultLanguage: defaultLanguage)
  }

  /// Reads the file at `url`, naming the default `values/` folder's language.
  ///
  /// - Parameters:
  ///   - url: A `strings.xml` file in a `values` or `values-<language>` folder.
  ///   - defaultLanguage: The language of the default `values/` folder.
  /// - Returns: The entries, in file order.
  /// - Throws: ``StringsError``, as ``read(contentsOf:)``.
  public func read(contentsOf url: URL, defaultLanguage: String) throws(StringsError)
    -> [LocalizedEntry]
  {
    try readFile(contentsOf: url, defaultLanguage: defaultLanguage).entries
  }

  /// Reads the file at `url` with what looked wrong in it: the entries of
  /// ``read(contentsOf:defaultLanguage:)`` and the warnings about its plurals.
  ///
  /// - Parameters:
  ///   - url: A `strings.xml` file in a `values` or `values-<language>` folder.
  ///   - defaultLanguage: The language of the default `values/` folder, unless the file's
  ///     `<resources>` names one with `tools:locale`; ``defaultLanguage`` when not given.
  /// - Returns: The entries, in file order, and the warnings.
  /// - Throws: ``StringsError``, as ``read(contentsOf:)``.
  public func readFile(contentsOf url: URL, defaultLanguage: String? = nil) throws(StringsError)
    -> AndroidStringsFile
  {
    let folder = url.deletingLastPathComponent().lastPathComponent
    guard let qualifier = Self.language(ofFolder: folder) else {
      throw StringsError(
        .invalid, file: url,
        "the folder \"\(DisplayText.quoted(folder))\" is not a language folder; expected \"values\", "
          + "\"values-<language>\", \"values-<language>-r<REGION>\" or \"values-b+<BCP 47 tag>\"")
    }
    let document = try Self.parseDocument(url)
    let parsed = document.strings
    // A language folder's own qualifier wins; `tools:locale` names the default folder's.
    let language = qualifier ?? document.toolsLocale ?? defaultLanguage ?? self.defaultLanguage
    var defaults: [String: ParsedString] = [:]
    if qualifier != nil {
      let defaultFile = url.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("values").appendingPathComponent(url.lastPathComponent)
      if FileManager.default.fileExists(atPath: defaultFile.path),
        let values = try? Self.parse(defaultFile)
      {
        for item in values where item.kind == .string { defaults[item.name] = item }
      }
    }
    var own: [String: ParsedString] = [:]
    for item in parsed where item.kind == .string && (item.translatable || qualifier == nil) {
      own[item.name] = item
    }

    let kept = parsed.lazy.filter { $0.translatable || qualifier == nil }
    if let over = kept.dropFirst(Self.maximumEntriesPerFile).first {
      throw StringsError.tooManyEntries(
        file: url, line: over.line, key: over.name, atLeast: kept.count,
        limit: Self.maximumEntriesPerFile)
    }
    var resolver = Resolver(own: own, defaults: defaults, file: url)
    var entries: [LocalizedEntry] = []
    var warnings: [StringsWarning] = []
    let categories = AndroidPlurals.categories(of: language)
    var index = parsed.startIndex
    while index < parsed.endIndex {
      let item = parsed[index]
      if !item.translatable && qualifier != nil {
        index += 1
        continue
      }
      switch item.kind {
      case .string, .arrayItem:
        let shown = try resolver.text(of: item)
        let key =
          if case .arrayItem(let number) = item.kind { "\(item.name)[\(number)]" } else {
            item.name
          }
        entries.append(
          LocalizedEntry(
            key: key, language: language, text: shown.text, file: url, line: item.line,
            syntax: .android, spans: shown.spans))
        index += 1
      case .plural:
        // The items of one <plurals> element follow each other.
        var items: [ParsedString] = []
        while index < parsed.endIndex, parsed[index].name == item.name,
          case .plural = parsed[index].kind
        {
          items.append(parsed[index])
          index += 1
        }
        let expanded = AndroidPlurals.expand(
          items, categories: categories, language: language, file: url)
        warnings += expanded.warnings
        // A <plurals> gives up to six entries (one per CLDR category): the limit counts them.
        if entries.count + expanded.chosen.count > Self.maximumEntriesPerFile {
          throw StringsError.tooManyEntries(
            file: url, line: item.line, key: item.name,
            atLeast: entries.count + expanded.chosen.count, limit: Self.maximumEntriesPerFile)
        }
        for (category, source) in expanded.chosen {
          let shown = try resolver.text(of: source)
          entries.append(
            LocalizedEntry(
              key: item.name, language: language, variant: StringVariant([.plural(category)]),
              text: shown.text, file: url, line: source.line, syntax: .android,
              spans: shown.spans))
        }
      }
    }
    return AndroidStringsFile(entries: entries, warnings: warnings, language: language)
  }

  /// The language a `values…` folder holds: `nil` inside for the default `values`, a code for
  /// a language folder, and `nil` outside for any other folder.
  ///
  /// - Parameter folder: The folder's name, such as `values-pt-rBR`.
  /// - Returns: `.some(nil)` for `values`, `.some("pt-BR")` for `values-pt-rBR`, `nil` for
  ///   `values-night` or a folder not named `values…`.
  public static func language(ofFolder folder: String) -> String?? {
    if folder == "values" { return .some(nil) }
    guard folder.hasPrefix("values-") else { return nil }
    let qualifiers = folder.dropFirst("values-".count)
    if qualifiers.hasPrefix("b+") {
      let parts = qualifiers.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false)
      guard let first = parts.first, isLanguage(first),
        parts.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) })
      else { return nil }
      return .some(parts.joined(separator: "-"))
    }
    let parts = qualifiers.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, isLanguage(first), parts.count <= 2 else { return nil }
    if parts.count == 2 {
      let region = parts[1]
      guard region.count == 3, region.first == "r",
        region.dropFirst().allSatisfy({ $0.isASCII && $0.isUppercase })
      else { return nil }
      return .some("\(first)-\(region.dropFirst())")
    }
    return .some(String(first))
  }

  private static func isLanguage(_ text: Substring) -> Bool {
    (2...3).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLowercase }
  }

  // MARK: - Resolving references

  /// The texts of a file's strings by name, each `@string/` chain followed once.
  ///
  /// Iterative and memoised: a chain is walked to its end (text, a name already resolved, a
  /// missing name, a cycle, or a chain longer than ``maximumReferenceChain``), and every name on
  /// it takes the result, so each name is looked up a bounded number of times and the whole file
  /// resolves in time linear in its number of strings.
  struct Resolver {
    let own: [String: ParsedString]
    let defaults: [String: ParsedString]
    let file: URL
    private var resolved: [String: Shown] = [:]

    /// A string's text and styled runs.
    typealias Shown = (text: String, spans: [StyledSpan])

    init(own: [String: ParsedString], defaults: [String: ParsedString], file: URL) {
      self.own = own
      self.defaults = defaults
      self.file = file
    }

    /// The text `item` shows: its own, or the end of its chain of references.
    mutating func text(of item: ParsedString) throws(StringsError) -> Shown {
      guard let first = item.reference else { return (item.text, item.spans) }
      var chain: [String] = []
      var onChain: Set<String> = []
      var target = first
      let text: Shown
      while true {
        if let known = resolved[target] {
          text = known
          break
        }
        guard onChain.insert(target).inserted else {
          throw StringsError(
            .invalid, file: file, line: item.line,
            "the reference @string/\(DisplayText.quoted(target)) of \"\(DisplayText.quoted(item.name))\" "
              + "is part of a cycle (\(Self.describe(chain + [target]))); expected a chain of "
              + "references that ends in text")
        }
        chain.append(target)
        guard chain.count <= AndroidStringsReader.maximumReferenceChain else {
          throw StringsError(
            .invalid, file: file, line: item.line,
            "the references of \"\(DisplayText.quoted(item.name))\" go on for more than "
              + "\(AndroidStringsReader.maximumReferenceChain) links (\(Self.describe(chain)) …); "
              + "expected at most \(AndroidStringsReader.maximumReferenceChain), the most Android "
              + "follows")
        }
        guard let next = own[target] ?? defaults[target] else {
          throw StringsError(
            .invalid, file: file, line: item.line,
            "the reference @string/\(DisplayText.quoted(target)) names no <string> in this file "
              + "or the default values/strings.xml; expected the name of a defined string")
        }
        guard let reference = next.reference else {
          text = (next.text, next.spans)
          break
        }
        target = reference
      }
      for name in chain { resolved[name] = text }
      return text
    }

    /// A chain as `@string/a → @string/b`, cut to its first and last links when long.
    static func describe(_ chain: [String]) -> String {
      let links = chain.map { "@string/\(DisplayText.quoted($0, limit: 40))" }
      let shown = links.count <= 8 ? links : links.prefix(4) + ["…"] + links.suffix(3)
      return DisplayText.quoted(shown.joined(separator: " → "), limit: 600)
    }
  }

  // MARK: - Parsing

  /// One text-bearing element, its text already unescaped.
  struct ParsedString {
    enum Kind: Equatable {
      case string
      case plural(String)
      case arrayItem(Int)
    }
    var name: String
    var kind: Kind
    var text: String
    /// The name of the string this one refers to (`@string/name`), if it is a reference.
    var reference: String?
    var translatable: Bool
    var line: Int
    /// The styled runs of ``text``.
    var spans: [StyledSpan] = []
  }

  static func parse(_ url: URL) throws(StringsError) -> [ParsedString] {
    try parseDocument(url).strings
  }

  /// A file's strings and the language its `tools:locale` names.
  static func parseDocument(_ url: URL) throws(StringsError) -> (
    strings: [ParsedString], toolsLocale: String?
  ) {
    let data = try Self.data(at: url)
    return try parse(data: data, file: url)
  }

  static func parse(data: Data, file: URL) throws(StringsError) -> (
    strings: [ParsedString], toolsLocale: String?
  ) {
    let delegate = AndroidXMLDelegate(file: file)
    let failure = StringsXML.parse(data, with: delegate) { delegate.xmlFailure }
    // The delegate's own error (which aborts the parse) comes first.
    if let error = delegate.error { throw error }
    if let failure { throw StringsXML.error(failure, file: file, data: data) }
    return (delegate.strings, delegate.toolsLocale)
  }
}

/// The XMLParser delegate behind ``AndroidStringsReader``: collects `<string>`, `<plurals>`
/// items and `<string-array>` items with their raw text and line.
private final class AndroidXMLDelegate: NSObject, XMLParserDelegate {
  static let quantities: Set<String> = ["zero", "one", "two", "few", "many", "other"]

  let file: URL
  var strings: [AndroidStringsReader.ParsedString] = []
  var error: StringsError?

  /// The element whose text is being collected, with its raw text so far.
  private var current: AndroidStringsReader.ParsedString?
  /// The raw character data, split at formatting tags (see `AndroidText.unescape(_:)`).
  private var segments: [String] = []
  /// Depth of elements inside the current text element (formatting tags).
  private var innerDepth = 0
  /// The formatting tags open inside the current text element: name, attributes, and the
  /// segment their content starts.
  private var openTags: [(name: String, attributes: [String: String], segment: Int)] = []
  /// The formatting tags closed so far: the segment their content starts and the one after.
  private var closedTags: [(style: StyledSpan.Style, first: Int, after: Int)] = []
  /// The language the file is in, from `tools:locale` on `<resources>` when it has one.
  var toolsLocale: String?
  /// The enclosing `<plurals>` or `<string-array>`: its name, kind, translatable flag.
  private var container: (name: String, isArray: Bool, translatable: Bool)?
  private var arrayIndex = 0
  /// How many elements are open.
  private var depth = 0

  /// Whether the file is a Compose Multiplatform resource (`composeResources/values…`), whose
  /// text follows Compose's rules rather than aapt2's (`AndroidText.composeText(_:)`).
  let isCompose: Bool

  init(file: URL) {
    self.file = file
    self.isCompose = file.pathComponents.contains("composeResources")
  }

  private func fail(_ parser: XMLParser, _ detail: String) {
    guard error == nil else { return }
    error = StringsError(.invalid, file: file, line: parser.lineNumber, detail)
    parser.abortParsing()
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    guard xmlFailure == nil else { return }
    depth += 1
    guard depth <= StringsXML.maximumDepth else {
      xmlFailure = StringsXML.tooDeep(parser)
      return
    }
    if current != nil {
      innerDepth += 1
      if elementName != "xliff:g" {
        segments.append("")
        openTags.append((elementName, attributes, segments.count - 1))
      }
      return
    }
    if elementName == "resources", depth == 1 {
      // `tools:locale` names the language of a default `values/` file (Android Studio's
      // "tools attributes" guide, developer.android.com/studio/write/tool-attributes); the
      // prefix is whatever the file binds to the tools namespace, `tools` by convention.
      let prefixes = attributes.compactMap { name, value in
        value == "http://schemas.android.com/tools" && name.hasPrefix("xmlns:")
          ? String(name.dropFirst("xmlns:".count)) : nil
      }
      for prefix in prefixes + ["tools"] {
        if let locale = attributes[prefix + ":locale"], !locale.isEmpty {
          toolsLocale = locale
          break
        }
      }
      return
    }
    let translatable = attributes["translatable"] != "false"
    switch elementName {
    case "string":
      guard let name = attributes["name"], !name.isEmpty else {
        return fail(parser, "a <string> has no name attribute; expected <string name=\"…\">")
      }
      begin(name: name, kind: .string, translatable: translatable, parser)
    case "plurals", "string-array":
      guard let name = attributes["name"], !name.isEmpty else {
        return fail(
          parser, "a <\(elementName)> has no name attribute; expected <\(elementName) name=\"…\">")
      }
      container = (name, elementName == "string-array", translatable)
      arrayIndex = 0
    case "item":
      guard let container else { return }
      if container.isArray {
        begin(
          name: container.name, kind: .arrayItem(arrayIndex), translatable: container.translatable,
          parser)
        arrayIndex += 1
      } else {
        guard let quantity = attributes["quantity"], Self.quantities.contains(quantity) else {
          let found = attributes["quantity"].map { "\"\($0)\"" } ?? "none"
          return fail(
            parser,
            "an <item> of <plurals name=\"\(DisplayText.quoted(container.name))\"> has quantity \(found); expected "
              + "one of zero, one, two, few, many, other")
        }
        begin(
          name: container.name, kind: .plural(quantity), translatable: container.translatable,
          parser)
      }
    default: break
    }
  }

  private func begin(
    name: String, kind: AndroidStringsReader.ParsedString.Kind, translatable: Bool,
    _ parser: XMLParser
  ) {
    current = .init(
      name: name, kind: kind, text: "", reference: nil, translatable: translatable,
      line: parser.lineNumber)
    segments = [""]
    innerDepth = 0
    openTags = []
    closedTags = []
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    guard xmlFailure == nil else { return }
    depth -= 1
    if current != nil, innerDepth > 0 {
      innerDepth -= 1
      if elementName != "xliff:g" {
        segments.append("")
        if let open = openTags.popLast() {
          closedTags.append(
            (
              StyledSpan.Style(tag: open.name, attributes: open.attributes), open.segment,
              segments.count - 1
            ))
        }
      }
      return
    }
    if var item = current {
      let unescaped: AndroidText.Unescaped
      do {
        unescaped =
          isCompose ? AndroidText.composeText(segments) : try AndroidText.unescape(segments)
      } catch {
        let what =
          switch item.kind {
          case .string: "<string name=\"\(DisplayText.quoted(item.name))\">"
          case .plural(let quantity):
            "the \(quantity) item of <plurals name=\"\(DisplayText.quoted(item.name))\">"
          case .arrayItem(let index):
            "item \(index) of <string-array name=\"\(DisplayText.quoted(item.name))\">"
          }
        guard self.error == nil else { return }
        self.error = StringsError(
          .invalid, file: file, line: item.line, "the text of \(what) \(error.detail)")
        parser.abortParsing()
        return
      }
      if unescaped.isReferenceCandidate, unescaped.text.hasPrefix("@string/") {
        item.reference = String(unescaped.text.dropFirst("@string/".count))
      }
      item.text = unescaped.text
      if !isCompose {
        // Tags in the XML become spans over the text between their segments, as aapt2's
        // StyleString records them, in the order the tags open.
        item.spans = closedTags.sorted { $0.first < $1.first }.compactMap { tag in
          let start = unescaped.segmentFirsts[tag.first]
          let end = unescaped.segmentStarts[tag.after]
          return start < end ? StyledSpan(start: start, end: end, style: tag.style) : nil
        }
        // Escaped tags (`&lt;b&gt;`, CDATA) are styled by Html.fromHtml.
        if item.spans.isEmpty, item.reference == nil, let html = AndroidHTML.parse(item.text) {
          item.text = html.text
          item.spans = html.spans
        }
      }
      // Counted as they are read, so a file of a million one-line strings stops at the limit.
      guard strings.count < AndroidStringsReader.maximumEntriesPerFile else {
        guard self.error == nil else { return }
        self.error = StringsError.tooManyEntries(
          file: file, line: item.line, key: item.name, atLeast: strings.count + 1,
          limit: AndroidStringsReader.maximumEntriesPerFile)
        parser.abortParsing()
        return
      }
      strings.append(item)
      current = nil
      return
    }
    if elementName == "plurals" || elementName == "string-array" { container = nil }
  }

  /// Where and what the XML parser first reported.
  var xmlFailure: StringsXML.Failure?

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    guard xmlFailure == nil else { return }
    xmlFailure = StringsXML.Failure(
      line: parser.lineNumber, column: parser.columnNumber, code: (parseError as NSError).code)
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if current != nil { segments[segments.count - 1] += string }
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    if current != nil {
      segments[segments.count - 1] += String(decoding: CDATABlock, as: UTF8.self)
    }
  }
}

/// Android's string-resource unescaping, as aapt2's `StringBuilder::AppendText`
/// (`tools/aapt2/ResourceUtils.cpp`) applies it.
enum AndroidText {
  /// The text, and whether it may be a reference (it starts with an unescaped `@`).
  struct Unescaped {
    var text: String
    var isReferenceCandidate: Bool
    /// Per segment, the UTF-16 length of the text when the segment starts (where a span that
    /// ends there ends).
    var segmentStarts: [Int] = []
    /// Per segment, the UTF-16 offset of its first character, after a space collapsed from
    /// the one before (where a span that starts there starts).
    var segmentFirsts: [Int] = []
  }

  /// Why a text cannot be compiled, in words (aapt2 refuses the same texts).
  enum Failure: Error, Equatable {
    /// An apostrophe outside double quotes that is not escaped.
    case apostrophe
    /// `\u` not followed by hexadecimal digits.
    case unicodeEscape(String)

    /// The problem and what would be valid.
    var detail: String {
      switch self {
      case .apostrophe:
        "has an apostrophe (') outside double quotes that is not escaped, which aapt2 refuses; "
          + "expected \\' or the text in double quotes"
      case .unicodeEscape(let spelling):
        "has the escape \"\(spelling)\", which aapt2 refuses; expected \\u and 4 hexadecimal "
          + "digits, such as \\u00E9"
      }
    }
  }

  /// The text of an element's character data, its `segments` split where a formatting tag
  /// (`<b>`, `<i>`, any tag but `<xliff:g>`) starts or ends: aapt2 ends the quotation and the
  /// run of whitespace at each such tag.
  static func unescape(_ segments: [String]) throws(Failure) -> Unescaped {
    var out = String.UnicodeScalarView()
    var length = 0
    var pendingSpace = false
    var starts: [Int] = []
    var firsts: [Int?] = []
    func append(_ scalar: Unicode.Scalar) {
      if pendingSpace, !out.isEmpty {
        out.append(" ")
        length += 1
      }
      pendingSpace = false
      for index in firsts.indices.reversed() {
        guard firsts[index] == nil else { break }
        firsts[index] = length
      }
      out.append(scalar)
      length += scalar.utf16.count
    }
    for segment in segments {
      starts.append(length)
      firsts.append(nil)
      var quoted = false
      var iterator = Array(segment.unicodeScalars)[...]
      while let scalar = iterator.popFirst() {
        if scalar == "\\" {
          guard let next = iterator.popFirst() else { break }
          switch next {
          case "n": append("\n")
          case "t": append("\t")
          case "u":
            // Up to 4 hexadecimal digits, as aapt2 reads them; anything else is an error.
            var value: UInt32 = 0
            var digits = 0
            while digits < 4, let digit = iterator.first {
              guard let hex = StringsFileScanner.hexValue(digit) else {
                throw .unicodeEscape("\\u" + String(String.UnicodeScalarView(iterator.prefix(4))))
              }
              value = value << 4 | hex
              digits += 1
              iterator = iterator.dropFirst()
            }
            guard digits > 0 else {
              throw .unicodeEscape("\\u" + String(String.UnicodeScalarView(iterator.prefix(4))))
            }
            if let decoded = Unicode.Scalar(value) {
              append(decoded)
            } else if (0xD800...0xDBFF).contains(value), let low = lowSurrogate(iterator) {
              // A UTF-16 pair written as two escapes (`\uD83E\uDDD8`): aapt2 writes each code
              // unit and the string pool's UTF-16 joins them into one character.
              iterator = iterator.dropFirst(6)
              append(
                Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
            } else {
              // A lone surrogate: aapt2 accepts it; Android shows a replacement character.
              append("\u{FFFD}")
            }
          default: append(next)
          }
        } else if scalar == "\"" {
          quoted.toggle()
        } else if !quoted, isSpace(scalar) {
          pendingSpace = true
        } else if !quoted, scalar == "'" {
          throw .apostrophe
        } else {
          append(scalar)
        }
      }
    }
    // A reference is written as the raw text itself: `@` first, neither escaped nor quoted.
    let first = segments.lazy.flatMap(\.unicodeScalars).first { !isSpace($0) }
    return Unescaped(
      text: String(out), isReferenceCandidate: first == "@", segmentStarts: starts,
      segmentFirsts: firsts.map { $0 ?? length })
  }

  /// The text of a Compose Multiplatform string, as Compose's resource converter reads it.
  ///
  /// The element's text content as written (no whitespace collapsing, quotes and apostrophes
  /// kept), with `\n`, `\t`, `\uXXXX` and `\\`
  /// replaced, as Compose's resource converter does (`handleSpecialCharacters` in the
  /// compose-multiplatform Gradle plugin); any other backslash is kept. Compose resolves no
  /// `@string/` references, so the text is never one.
  static func composeText(_ segments: [String]) -> Unescaped {
    let scalars = Array(segments.joined().unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      guard scalar == "\\", index + 1 < scalars.count else {
        out.append(scalar)
        index += 1
        continue
      }
      switch scalars[index + 1] {
      case "\\":
        out.append("\\")
        index += 2
      case "n":
        out.append("\n")
        index += 2
      case "t":
        out.append("\t")
        index += 2
      case "u":
        let digits = scalars[(index + 2)..<min(index + 6, scalars.count)]
        let values = digits.compactMap { StringsFileScanner.hexValue($0) }
        guard values.count == 4 else {
          out.append(scalar)
          index += 1
          continue
        }
        let value = values.reduce(UInt32(0)) { $0 << 4 | $1 }
        index += 6
        if let decoded = Unicode.Scalar(value) {
          out.append(decoded)
        } else if (0xD800...0xDBFF).contains(value),
          let low = lowSurrogate(scalars[index...])
        {
          out.append(
            Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
          index += 6
        } else {
          out.append("\u{FFFD}")
        }
      default:
        out.append(scalar)
        index += 1
      }
    }
    return Unescaped(text: String(out), isReferenceCandidate: false)
  }

  /// The low surrogate of a `\uDC00`…`\uDFFF` escape that `rest` starts with, or `nil`.
  private static func lowSurrogate(_ rest: ArraySlice<Unicode.Scalar>) -> UInt32? {
    guard rest.count >= 6, rest.first == "\\", rest.dropFirst().first == "u" else { return nil }
    var value: UInt32 = 0
    for digit in rest.dropFirst(2).prefix(4) {
      guard let hex = StringsFileScanner.hexValue(digit) else { return nil }
      value = value << 4 | hex
    }
    return (0xDC00...0xDFFF).contains(value) ? value : nil
  }

  /// Whether aapt2 collapses the scalar as whitespace: ASCII's `isspace` (space, tab, line
  /// feed, vertical tab, form feed, carriage return) only, so a no-break space is kept.
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "\t", "\n", "\u{0B}", "\u{0C}", "\r": true
    default: false
    }
  }
}
