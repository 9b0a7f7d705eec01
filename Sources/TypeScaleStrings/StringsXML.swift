// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Helpers shared by the XML readers (``StringsDictReader``, ``XLIFFReader``): the first parse
/// error with its place, in words.
enum StringsXML {
  /// A parse error at a line and column.
  struct Failure {
    var line: Int
    var column: Int
    var code: Int
  }

  /// A phrase for an `XMLParser` error code: libxml2's code, which FoundationXML passes on.
  static func describe(_ code: Int) -> String {
    switch code {
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

  /// The first failure of a parse: the one a delegate recorded, else the parser's own.
  static func failure(of parser: XMLParser, recorded: Failure?) -> Failure? {
    if let recorded { return recorded }
    guard let error = parser.parserError else { return nil }
    return Failure(
      line: parser.lineNumber, column: parser.columnNumber, code: (error as NSError).code)
  }
}
