// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A parsed XML element, for checking the JUnit and HTML writers' output.
final class XMLNode {
  let name: String
  let attributes: [String: String]
  var children: [XMLNode] = []
  var text = ""

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// This element and every element below it, in document order.
  var all: [XMLNode] { [self] + children.flatMap(\.all) }

  /// The text of this element and every element below it.
  var allText: String { text + children.map(\.allText).joined() }

  /// Parses a document with `XMLParser`, or returns the parser's error.
  static func parse(_ text: String) -> Result<XMLNode, Error> {
    let delegate = Delegate()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = delegate
    guard parser.parse(), let root = delegate.root else {
      return .failure(parser.parserError ?? CocoaError(.coderReadCorrupt))
    }
    return .success(root)
  }

  private final class Delegate: NSObject, XMLParserDelegate {
    var root: XMLNode?
    var stack: [XMLNode] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      let node = XMLNode(name: elementName, attributes: attributeDict)
      stack.last?.children.append(node)
      if root == nil { root = node }
      stack.append(node)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?
    ) {
      stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      stack.last?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
      stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
    }
  }
}
