// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A light `XMLParser` pass over an XML property list that records where each dictionary key
/// is, by its path of keys, and the top-level keys in file order.
///
/// `PropertyListSerialization` gives the values but neither positions nor order, so the
/// ``StringsDictReader`` takes those from here.
final class StringsDictPositions: NSObject, XMLParserDelegate {
  /// A place in the file.
  struct Place {
    var line: Int
    var column: Int
  }

  /// The keys of the top-level dictionary, in file order.
  private(set) var topKeys: [String] = []
  /// Where each key is, by its path (`["files"]`, `["files", "one"]`).
  private(set) var places: [[String]: Place] = [:]
  /// Where each key's value element starts (its `<`), by the key's path.
  private(set) var valuePlaces: [[String]: Place] = [:]
  /// The first parse error.
  private(set) var failure: StringsXML.Failure?

  private var seenTopKeys: Set<String> = []
  private var dictionaries: [(path: [String], lastKey: String?)] = []
  private var keyText: String?
  private var keyPlace = Place(line: 1, column: 1)
  private var pendingValuePath: [String]?
  /// How many elements are open.
  private var depth = 0

  /// Parses `data`, returning the first failure, if any.
  func parse(_ data: Data) -> StringsXML.Failure? {
    StringsXML.parse(data, with: self) { failure }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    guard failure == nil else { return }
    depth += 1
    guard depth <= StringsXML.maximumDepth else {
      failure = StringsXML.tooDeep(parser)
      return
    }
    if elementName != "key", let path = pendingValuePath {
      pendingValuePath = nil
      // The parser stands at the start tag's '>'; without attributes, '<' is the name's length
      // plus one before it.
      valuePlaces[path] = Place(
        line: parser.lineNumber, column: max(parser.columnNumber - elementName.count - 1, 1))
    }
    switch elementName {
    case "dict":
      if let parent = dictionaries.last {
        dictionaries.append((parent.path + [parent.lastKey ?? ""], nil))
      } else {
        dictionaries.append(([], nil))
      }
    case "key":
      keyText = ""
      keyPlace = Place(line: parser.lineNumber, column: max(parser.columnNumber - 4, 1))
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    keyText? += string
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    guard failure == nil else { return }
    depth -= 1
    switch elementName {
    case "dict":
      _ = dictionaries.popLast()
    case "key":
      guard let key = keyText, !dictionaries.isEmpty else { return }
      keyText = nil
      let path = dictionaries[dictionaries.count - 1].path
      dictionaries[dictionaries.count - 1].lastKey = key
      if places[path + [key]] == nil { places[path + [key]] = keyPlace }
      pendingValuePath = path + [key]
      if path.isEmpty, seenTopKeys.insert(key).inserted { topKeys.append(key) }
    default: break
    }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    guard failure == nil else { return }
    failure = StringsXML.Failure(
      line: parser.lineNumber, column: parser.columnNumber, code: (parseError as NSError).code)
  }
}
