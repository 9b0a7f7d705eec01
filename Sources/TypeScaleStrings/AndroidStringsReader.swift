// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an Android `res/values[-<qualifier>]/strings.xml` file into entries.
///
/// The elements of `<resources>` that hold text become entries, each with
/// ``LocalizedEntry/syntax`` ``PlaceholderSyntax/android`` and the line of its element:
///
/// - `<string name="k">` → one entry with key `k` and an empty variant.
/// - `<plurals name="k">` → one entry per `<item quantity="…">` (`zero`, `one`, `two`, `few`,
///   `many`, `other`), key `k`, variant ``StringVariant/Step/plural(_:)``.
/// - `<string-array name="k">` → one entry per `<item>`, keyed `k[0]`, `k[1]`, … (Android
///   addresses the items by index; the index in the key keeps each one apart in reports and
///   baselines), with an empty variant.
///
/// The text is what the app shows, following the rules of Android's "String resources" guide
/// (developer.android.com/guide/topics/resources/string-resource, "Escaping apostrophes and
/// quotes" and "Formatting and styling"), as aapt2 compiles them:
///
/// - Outside double quotes, runs of whitespace (newlines included) collapse to one space and
///   the text is trimmed at both ends; inside unescaped double quotes whitespace is kept, and the
///   quotes themselves are removed (`"  two  spaces "` keeps its spaces).
/// - Escapes: `\'`, `\"`, `\\`, `\@`, `\?`, `\n` (newline), `\t` (tab) and `\uXXXX`; any other
///   escaped character stands for itself.
/// - CDATA sections count as text and go through the same rules.
/// - Formatting tags (`<b>`, `<i>`, `<u>`, and any other tag inside a string, such as `<font>`
///   or `<annotation>`) contribute their text content; `<xliff:g id="…" example="…">` keeps its
///   inner text (usually the placeholder, `%1$s`), not the `example`.
/// - A value that is a reference, `@string/name`, is replaced by that string's text in the same
///   language, falling back to the default `values/strings.xml` beside the file's folder. A
///   reference to a missing string, or a cycle of references, is an ``StringsError/Code/invalid``
///   error naming the line. `\@` at the start writes a literal `@`.
///
/// Deliberate differences from aapt2: an apostrophe outside double quotes that is not escaped is
/// an error for aapt2 but kept as text here, because this reader checks layout, not builds; and
/// references to other resource types (`@android:string/…`, `@plurals/…`) are kept as text.
///
/// Languages come from the folder's qualifier: `values` is the project's default, which Android
/// calls the default resources and this reader calls the source language (``defaultLanguage``,
/// `"en"` unless given); `values-de` is `de`, `values-pt-rBR` is `pt-BR` and `values-b+sr+Latn`
/// is `sr-Latn`. A folder with any other qualifier (`values-night`, `values-v21`,
/// `values-land`, `values-sw600dp`, `values-de-land`) holds configuration overrides, not a
/// language: ``read(contentsOf:)`` rejects it and ``StringsLoader`` skips it.
///
/// Strings marked `translatable="false"` are read only from the default `values/` folder,
/// in the source language; a copy in a language folder is ignored, so they produce no
/// per-language entries (Android shows the default text in every language).
///
/// Malformed XML is a ``StringsError/Code/malformed`` error with the parser's line and column.
public struct AndroidStringsReader: Sendable {
  /// The largest file read, 32 MiB; larger files are ``StringsError/Code/tooLarge``.
  public static let maximumFileSize = 32 << 20

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
    let folder = url.deletingLastPathComponent().lastPathComponent
    guard let qualifier = Self.language(ofFolder: folder) else {
      throw StringsError(
        .invalid, file: url,
        "the folder \"\(folder)\" is not a language folder; expected \"values\", "
          + "\"values-<language>\", \"values-<language>-r<REGION>\" or \"values-b+<BCP 47 tag>\"")
    }
    let language = qualifier ?? defaultLanguage
    let parsed = try Self.parse(url)
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

    var entries: [LocalizedEntry] = []
    for item in parsed {
      if !item.translatable && qualifier != nil { continue }
      let text = try resolve(item, own: own, defaults: defaults, file: url, seen: [])
      let key: String
      var variant = StringVariant()
      switch item.kind {
      case .string: key = item.name
      case .plural(let quantity):
        key = item.name
        variant = StringVariant([.plural(quantity)])
      case .arrayItem(let index): key = "\(item.name)[\(index)]"
      }
      entries.append(
        LocalizedEntry(
          key: key, language: language, variant: variant, text: text, file: url,
          line: item.line, syntax: .android))
    }
    return entries
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

  private func resolve(
    _ item: ParsedString, own: [String: ParsedString], defaults: [String: ParsedString],
    file: URL, seen: [String]
  ) throws(StringsError) -> String {
    guard let target = item.reference else { return item.text }
    guard !seen.contains(target) else {
      throw StringsError(
        .invalid, file: file, line: item.line,
        "the reference @string/\(target) is part of a cycle ("
          + (seen + [target]).map { "@string/\($0)" }.joined(separator: " → ")
          + "); expected a chain of references that ends in text")
    }
    guard let next = own[target] ?? defaults[target] else {
      throw StringsError(
        .invalid, file: file, line: item.line,
        "the reference @string/\(target) names no <string> in this file or the default "
          + "values/strings.xml; expected the name of a defined string")
    }
    var copy = next
    copy.line = item.line
    return try resolve(copy, own: own, defaults: defaults, file: file, seen: seen + [target])
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
  }

  static func parse(_ url: URL) throws(StringsError) -> [ParsedString] {
    let data: Data
    do {
      let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
      guard size <= maximumFileSize else {
        throw StringsError(
          .tooLarge, file: url,
          "the file is \(size) bytes; expected at most \(maximumFileSize) bytes")
      }
      data = try Data(contentsOf: url)
    } catch let error as StringsError {
      throw error
    } catch {
      throw StringsError(
        .unreadable, file: url, "cannot read the file: \(error.localizedDescription)")
    }
    return try parse(data: data, file: url)
  }

  static func parse(data: Data, file: URL) throws(StringsError) -> [ParsedString] {
    let parser = XMLParser(data: data)
    let delegate = AndroidXMLDelegate(file: file)
    parser.delegate = delegate
    parser.shouldResolveExternalEntities = false
    // XMLParser on Linux can return true from parse() after reporting an error to its delegate
    // (a mismatched end tag), so the delegate's record is what counts.
    // The delegate's own error (which aborts the parse) comes first.
    _ = parser.parse()
    if let error = delegate.error { throw error }
    if let failure = StringsXML.failure(of: parser, recorded: delegate.xmlFailure) {
      throw StringsXML.error(failure, file: file, data: data)
    }
    return delegate.strings
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
  private var raw = ""
  /// Depth of elements inside the current text element (formatting tags).
  private var innerDepth = 0
  /// The enclosing `<plurals>` or `<string-array>`: its name, kind, translatable flag.
  private var container: (name: String, isArray: Bool, translatable: Bool)?
  private var arrayIndex = 0

  init(file: URL) { self.file = file }

  private func fail(_ parser: XMLParser, _ detail: String) {
    guard error == nil else { return }
    error = StringsError(.invalid, file: file, line: parser.lineNumber, detail)
    parser.abortParsing()
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if current != nil {
      innerDepth += 1
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
            "an <item> of <plurals name=\"\(container.name)\"> has quantity \(found); expected "
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
    raw = ""
    innerDepth = 0
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if current != nil, innerDepth > 0 {
      innerDepth -= 1
      return
    }
    if var item = current {
      let unescaped = AndroidText.unescape(raw)
      if unescaped.isReferenceCandidate, unescaped.text.hasPrefix("@string/") {
        item.reference = String(unescaped.text.dropFirst("@string/".count))
      }
      item.text = unescaped.text
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
    if current != nil { raw += string }
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    if current != nil { raw += String(decoding: CDATABlock, as: UTF8.self) }
  }
}

/// Android's string-resource unescaping (aapt2's rules, as the "String resources" guide states
/// them).
enum AndroidText {
  /// The text, and whether it may be a reference (it starts with an unescaped `@`).
  struct Unescaped {
    var text: String
    var isReferenceCandidate: Bool
  }

  static func unescape(_ raw: String) -> Unescaped {
    var out = ""
    var quoted = false
    var pendingSpace = false
    var firstIsEscaped = false
    var iterator = Array(raw.unicodeScalars)[...]
    func append(_ scalar: Unicode.Scalar) {
      if pendingSpace, !out.isEmpty { out.unicodeScalars.append(" ") }
      pendingSpace = false
      out.unicodeScalars.append(scalar)
    }
    while let scalar = iterator.popFirst() {
      if scalar == "\\" {
        if out.isEmpty { firstIsEscaped = true }
        guard let next = iterator.popFirst() else { break }
        switch next {
        case "n": append("\n")
        case "t": append("\t")
        case "u":
          let hex = String(String.UnicodeScalarView(iterator.prefix(4)))
          if hex.count == 4, let value = UInt32(hex, radix: 16),
            let decoded = Unicode.Scalar(value)
          {
            iterator = iterator.dropFirst(4)
            append(decoded)
          } else {
            append("u")
          }
        default: append(next)
        }
      } else if scalar == "\"" {
        quoted.toggle()
      } else if !quoted, scalar.properties.isWhitespace {
        pendingSpace = true
      } else {
        append(scalar)
      }
    }
    return Unescaped(text: out, isReferenceCandidate: !firstIsEscaped)
  }
}
