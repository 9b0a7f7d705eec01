// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Helpers shared by the XML readers (``StringsDictReader``, ``XLIFFReader``): the first parse
/// error with its place, in words.
enum StringsXML {
  /// The deepest nesting of elements the XML readers accept, 128.
  ///
  /// The same as ``PositionedJSONParser`` accepts for JSON: an Android string with formatting tags, an XLIFF trans-unit's inline
  /// elements and a stringsdict's dictionaries nest a handful of levels. A deeper document is
  /// refused at the element that passes the limit, before its contents are read.
  static let maximumDepth = 128

  /// The error code a ``Failure`` has when the document nests deeper than ``maximumDepth``
  /// (outside libxml2's codes).
  static let tooDeepCode = -128

  /// The error code a ``Failure`` has when the document declares an entity (outside libxml2's
  /// codes).
  static let entityDeclarationCode = -129

  /// Where the document declares an entity (`<!ENTITY` in its DOCTYPE), if it does.
  ///
  /// FoundationXML's `XMLParser` drops the text of a declared entity, and the text after it in
  /// the same element, without reporting anything (its characters callback skips entity
  /// content), so such a document would read as text that is silently shorter. None of the
  /// strings formats declares entities (Android's aapt2 and Apple's property lists use only
  /// XML's predefined entities and character references), so the document is refused instead.
  /// A `<!ENTITY` inside a comment or CDATA section is refused too; the scan is one pass.
  static func entityDeclaration(in data: Data) -> Failure? {
    guard let range = data.range(of: Data("<!ENTITY".utf8)) else { return nil }
    let before = data[data.startIndex..<range.lowerBound]
    let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex
    let column =
      String(decoding: data[lineStart..<range.lowerBound], as: UTF8.self)
      .unicodeScalars.count + 1
    return Failure(line: line, column: column, code: entityDeclarationCode)
  }

  /// A parse error at a line and column.
  struct Failure {
    var line: Int
    var column: Int
    var code: Int
  }

  /// The failure for an element past ``maximumDepth``, at the parser's place; the parse is
  /// aborted.
  static func tooDeep(_ parser: XMLParser) -> Failure {
    let failure = Failure(line: parser.lineNumber, column: parser.columnNumber, code: tooDeepCode)
    parser.abortParsing()
    return failure
  }

  /// A phrase for an `XMLParser` error code: libxml2's code, which FoundationXML passes on.
  static func describe(_ code: Int) -> String {
    switch code {
    case entityDeclarationCode:
      "the document declares an entity (<!ENTITY), which is not read; expected only XML's "
        + "predefined entities (&amp; &lt; &gt; &quot; &apos;) and character references such as "
        + "&#8230;"
    case tooDeepCode:
      "the elements nest more than \(maximumDepth) levels deep; expected at most \(maximumDepth)"
    case 4: "the document is empty; expected an XML document"
    case 5:
      "the document ends early or goes on after its root element; expected one closed root element"
    case 9: "a character XML does not allow; expected well-formed XML"
    case 23: "an entity reference is missing its ';'; expected &amp; for a literal &"
    case 26, 27:
      "an undeclared entity; expected &amp;, &lt;, &gt;, &quot;, &apos; or a character reference"
    case 38: "a '<' inside an attribute value; expected the attribute's closing quote"
    case 39, 40, 41: "an attribute is not well-formed; expected name=\"value\""
    case 73: "expected '>' to close the tag"
    case 76: "an end tag does not match its start tag; expected the open element's end tag"
    case 77: "an element is not closed; expected its end tag"
    default: "the XML is not well-formed (XMLParser error \(code)); expected well-formed XML"
    }
  }

  /// The failure as a ``StringsError``.
  ///
  /// For a mismatched end tag, `XMLParser` stands just after the tag's `>`; the error is moved
  /// to the tag's `<`, where the document stops being what was expected.
  static func error(_ failure: Failure, file: URL, data: Data) -> StringsError {
    var column = failure.column
    if failure.code == 76 {
      let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      if failure.line >= 1, failure.line <= lines.count {
        let line = Array(lines[lines.startIndex + failure.line - 1])
        let end = min(max(failure.column - 1, 0), line.count)
        if let open = line[..<end].lastIndex(of: UInt8(ascii: "<")) {
          column = String(decoding: line[..<open], as: UTF8.self).unicodeScalars.count + 1
        }
      }
    }
    return StringsError(
      .malformed, file: file, line: failure.line, column: column, describe(failure.code))
  }

  /// Parses `data` with `delegate`, refusing entity declarations before the parser sees them
  /// and external entities while it runs.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - delegate: The delegate that collects what the reader needs.
  ///   - recorded: The failure the delegate recorded, asked once the parse is over.
  /// - Returns: The first failure (``failure(of:recorded:)``), or `nil`.
  static func parse(
    _ data: Data, with delegate: some XMLParserDelegate, recorded: () -> Failure?
  ) -> Failure? {
    if let declaration = entityDeclaration(in: data) { return declaration }
    let parser = XMLParser(data: data)
    parser.delegate = delegate
    parser.shouldResolveExternalEntities = false
    // XMLParser on Linux can return true from parse() after reporting an error to its delegate
    // (a mismatched end tag), so the delegate's record is what counts.
    _ = parser.parse()
    return failure(of: parser, recorded: recorded())
  }

  /// The first failure of a parse: the one a delegate recorded, else the parser's own.
  static func failure(of parser: XMLParser, recorded: Failure?) -> Failure? {
    if let recorded { return recorded }
    guard let error = parser.parserError else { return nil }
    return Failure(
      line: parser.lineNumber, column: parser.columnNumber, code: (error as NSError).code)
  }
}
