// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The parts of an XLIFF 1.2 document the ``XLIFFReader`` uses, collected by one `XMLParser`
/// pass: each `<file>`'s languages and its `<trans-unit>`s with their lines.
final class XLIFFDocument: NSObject, XMLParserDelegate {
  /// One `<trans-unit>`.
  struct Unit {
    var id: String?
    var translate: Bool
    var line: Int
    var source: String?
    var target: String?
    var state: String?
  }

  /// One `<file>`.
  struct File {
    var sourceLanguage: String?
    var targetLanguage: String?
    var line: Int
    var units: [Unit] = []
  }

  private enum Capture {
    case source
    case target
  }

  private(set) var files: [File] = []
  private(set) var failure: StringsXML.Failure?
  /// A `<trans-unit>` outside any `<file>`, by line.
  private(set) var strayUnitLine: Int?

  private var stack: [String] = []
  private var unit: Unit?
  private var capture: Capture?
  private var captureDepth = 0
  private var text = ""

  /// Parses `data`, returning the first failure, if any.
  func parse(_ data: Data) -> StringsXML.Failure? {
    StringsXML.parse(data, with: self) { failure }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    guard failure == nil else { return }
    guard stack.count < StringsXML.maximumDepth else {
      failure = StringsXML.tooDeep(parser)
      return
    }
    defer { stack.append(elementName) }
    guard capture == nil else { return }
    switch elementName {
    case "file":
      files.append(
        File(
          sourceLanguage: attributeDict["source-language"],
          targetLanguage: attributeDict["target-language"], line: parser.lineNumber))
    case "trans-unit":
      unit = Unit(
        id: attributeDict["id"], translate: attributeDict["translate"] != "no",
        line: parser.lineNumber)
    case "source" where stack.last == "trans-unit" && unit != nil:
      capture = .source
      captureDepth = stack.count
      text = ""
    case "target" where stack.last == "trans-unit" && unit != nil:
      capture = .target
      captureDepth = stack.count
      text = ""
      unit?.state = attributeDict["state"]
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if capture != nil { text += string }
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    if capture != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    guard failure == nil else { return }
    _ = stack.popLast()
    if let captured = capture {
      guard stack.count == captureDepth else { return }
      switch captured {
      case .source: unit?.source = text
      case .target: unit?.target = text
      }
      capture = nil
      return
    }
    guard elementName == "trans-unit", let finished = unit else { return }
    unit = nil
    if files.isEmpty {
      if strayUnitLine == nil { strayUnitLine = finished.line }
    } else {
      files[files.count - 1].units.append(finished)
    }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    guard failure == nil else { return }
    failure = StringsXML.Failure(
      line: parser.lineNumber, column: parser.columnNumber, code: (parseError as NSError).code)
  }
}
