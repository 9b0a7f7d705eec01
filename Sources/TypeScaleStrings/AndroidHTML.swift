// SPDX-License-Identifier: Apache-2.0

/// The visible text and styled runs of an Android string whose tags are escaped
/// (`&lt;b&gt;bold&lt;/b&gt;`) or in a CDATA section, as `Html.fromHtml` shows it.
///
/// aapt2 keeps such tags as text; the app passes the string through `Html.fromHtml`
/// (developer.android.com/guide/topics/resources/string-resource#StylingWithHTML, "Styling with
/// HTML markup"), whose converter (AOSP `core/java/android/text/Html.java`,
/// `HtmlToSpannedConverter`) gives the text without tags, with:
///
/// - whitespace (spaces, tabs, line feeds) collapsed to one space, and none at the start of a
///   line;
/// - `<br>` a line feed; `<p>` and `<div>` a paragraph break: line feeds added before and after
///   until two end the text, unless the text is empty (`FROM_HTML_MODE_LEGACY`);
/// - `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and `&#…;` decoded;
/// - each styling tag a ``StyledSpan`` (``StyledSpan/Style/init(tag:attributes:)``).
///
/// A text is read this way only when it holds a tag `Html.fromHtml` styles or breaks with
/// (``knownTags``), so `a < b` or `<unknown>` stays as written. Tags nested deeper than
/// ``maximumDepth`` are read as text beyond it; the work is linear in the text.
enum AndroidHTML {
  /// The tags that make a text HTML: those `HtmlToSpannedConverter.handleStartTag` handles.
  static let knownTags: Set<String> = [
    "b", "strong", "i", "em", "cite", "dfn", "u", "ins", "s", "strike", "del", "sup", "sub",
    "tt", "big", "small", "font", "a", "br", "p", "div", "span", "annotation", "h1", "h2", "h3",
    "h4", "h5", "h6", "ul", "li", "blockquote",
  ]
  /// The deepest nesting of tags kept as spans, 64.
  static let maximumDepth = 64

  /// The visible text and its spans, or `nil` when `text` has no tag from ``knownTags``.
  static func parse(_ text: String) -> (text: String, spans: [StyledSpan])? {
    guard text.utf8.contains(UInt8(ascii: "<")) else { return nil }
    let scalars = Array(text.unicodeScalars)
    var tags: [(range: Range<Int>, name: String, closing: Bool, attributes: [String: String])] = []
    var index = 0
    while index < scalars.count {
      if scalars[index] == "<", let tag = readTag(scalars, at: index) {
        tags.append(tag)
        index = tag.range.upperBound
      } else {
        index += 1
      }
    }
    guard tags.contains(where: { knownTags.contains($0.name) }) else { return nil }

    var out = String.UnicodeScalarView()
    var length = 0
    var last: Unicode.Scalar = "\n"
    func append(_ scalar: Unicode.Scalar) {
      out.append(scalar)
      length += scalar.utf16.count
      last = scalar
    }
    func appendText(_ slice: ArraySlice<Unicode.Scalar>) {
      for scalar in decodeEntities(slice) {
        if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
          if last != " " && last != "\n" { append(" ") }
        } else {
          append(scalar)
        }
      }
    }
    func newlines(_ wanted: Int) {
      guard length > 0 else { return }
      let have = out.reversed().prefix { $0 == "\n" }.count
      for _ in have..<max(have, wanted) { append("\n") }
    }
    var open: [(name: String, style: StyledSpan.Style, start: Int)] = []
    var spans: [StyledSpan] = []
    var cursor = 0
    for tag in tags {
      appendText(scalars[cursor..<tag.range.lowerBound])
      cursor = tag.range.upperBound
      switch tag.name {
      case "br": append("\n")
      case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul":
        newlines(tag.name == "div" || tag.name == "ul" ? 1 : 2)
      case "li": newlines(1)
      default: break
      }
      guard tag.name != "br" else { continue }
      if tag.closing {
        if let at = open.lastIndex(where: { $0.name == tag.name }) {
          let opened = open.remove(at: at)
          if opened.start < length {
            spans.append(StyledSpan(start: opened.start, end: length, style: opened.style))
          }
        }
      } else if open.count < maximumDepth, !["p", "div", "ul", "li", "span"].contains(tag.name) {
        open.append(
          (tag.name, StyledSpan.Style(tag: tag.name, attributes: tag.attributes), length))
      }
    }
    appendText(scalars[cursor...])
    for opened in open.reversed() where opened.start < length {
      spans.append(StyledSpan(start: opened.start, end: length, style: opened.style))
    }
    spans.sort { ($0.start, $1.end) < ($1.start, $0.end) }
    return (String(out), spans)
  }

  /// The tag starting at `start` (`<b>`, `</font>`, `<br/>`, `<font color="red">`), or `nil`
  /// when the `<` starts no tag.
  private static func readTag(_ scalars: [Unicode.Scalar], at start: Int)
    -> (range: Range<Int>, name: String, closing: Bool, attributes: [String: String])?
  {
    var index = start + 1
    let closing = index < scalars.count && scalars[index] == "/"
    if closing { index += 1 }
    var name = ""
    while index < scalars.count,
      scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
    {
      name.unicodeScalars.append(scalars[index])
      index += 1
    }
    guard !name.isEmpty, name.unicodeScalars.first?.properties.isAlphabetic == true,
      let end = scalars[index...].firstIndex(of: ">")
    else { return nil }
    let inside = String(String.UnicodeScalarView(scalars[index..<end]))
    return (start..<(end + 1), name.lowercased(), closing, attributes(inside))
  }

  /// `color="red" face='serif' size=2` as a dictionary; names lowercased.
  private static func attributes(_ text: String) -> [String: String] {
    var result: [String: String] = [:]
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0 == " " || $0 == "/" || $0 == "\t" || $0 == "\n" }
      let name = rest.prefix { $0.isLetter || $0 == "-" || $0 == "_" || $0 == ":" }
      guard !name.isEmpty else { return result }
      rest = rest.dropFirst(name.count).drop { $0 == " " }
      var value = ""
      if rest.first == "=" {
        rest = rest.dropFirst().drop { $0 == " " }
        if let quote = rest.first, quote == "\"" || quote == "'" {
          let body = rest.dropFirst().prefix { $0 != quote }
          value = String(body)
          rest = rest.dropFirst(body.count + 2)
        } else {
          // Unquoted (aapt2 drops the double quotes of a CDATA text): up to a space.
          let body = rest.prefix { $0 != " " && $0 != "\t" && $0 != "\n" }
          value = String(body)
          rest = rest.dropFirst(body.count)
        }
      }
      result[name.lowercased()] = value
    }
  }

  /// The text with HTML's entities decoded; an unknown or unterminated one stays as written.
  private static func decodeEntities(_ slice: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    var index = slice.startIndex
    let named: [String: Unicode.Scalar] = [
      "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]
    while index < slice.endIndex {
      let scalar = slice[index]
      if scalar == "&",
        let semicolon = slice[index..<min(index + 10, slice.endIndex)].firstIndex(of: ";")
      {
        let body = String(String.UnicodeScalarView(slice[(index + 1)..<semicolon]))
        var decoded: Unicode.Scalar? = named[body]
        if decoded == nil, body.hasPrefix("#") {
          let digits = body.dropFirst()
          let value =
            digits.first == "x" || digits.first == "X"
            ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
          decoded = value.flatMap(Unicode.Scalar.init)
        }
        if let decoded {
          out.append(decoded)
          index = semicolon + 1
          continue
        }
      }
      out.append(scalar)
      index += 1
    }
    return out
  }
}
