// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts

/// Reads the `@font-face` rules of a stylesheet for ``CSSFontFace/parse(_:baseURL:)``.
///
/// Two levels: the rule level walks the text (comments, strings, blocks, other rules skipped by
/// balancing braces) and collects each `@font-face` block's declarations as text; the value level
/// (``CSSValueScanner``) turns a declaration's text into tokens — strings, `url()`s, functions,
/// identifiers, numbers with units, commas — that the descriptors are read from.
struct CSSFontFaceParser {
  /// One declaration of a block: `name: value`, with comments replaced by spaces.
  struct Declaration {
    let name: String
    let value: String
    let line: Int
  }

  private let scalars: [Unicode.Scalar]
  private let baseURL: URL?
  private var index = 0
  private var line = 1

  init(_ css: String, baseURL: URL?) {
    var scalars = Array(css.unicodeScalars)
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }  // a byte order mark
    self.scalars = scalars
    self.baseURL = baseURL
  }

  // MARK: - Rules

  mutating func parse() throws(FontStoreError) -> [CSSFontFace] {
    var faces: [CSSFontFace] = []
    var comment: String?
    while true {
      if let last = try skipTrivia() { comment = last }
      guard let scalar = peek() else { break }
      switch scalar {
      case "@":
        let start = line
        advance()
        let name = readIdentifier().lowercased()
        if name == "font-face" {
          _ = try skipTrivia()
          guard peek() == "{" else {
            throw Self.error("@font-face is not followed by '{'", line: line)
          }
          advance()
          let declarations = try readBlock(opened: start)
          faces.append(try Self.face(declarations, comment: comment, line: start, base: baseURL))
        } else if name.isEmpty {
          throw Self.error("'@' is not followed by a rule name", line: start)
        } else {
          try skipRule(opened: start)
        }
      case "<":
        throw Self.error("the text starts like an HTML or XML page ('<'), not CSS", line: line)
      case "}":
        throw Self.error("'}' closes no block", line: line)
      default:
        if Self.isControl(scalar) {
          throw Self.error(
            "binary data (U+\(String(scalar.value, radix: 16, uppercase: true))), not CSS",
            line: line)
        }
        try skipRule(opened: line)  // a style rule: `body { … }`
      }
      comment = nil
    }
    guard !faces.isEmpty else {
      throw Self.error("the stylesheet has no @font-face rule", line: line)
    }
    return faces
  }

  /// Skips whitespace and comments; returns the last comment's text, trimmed, if any.
  private mutating func skipTrivia() throws(FontStoreError) -> String? {
    var comment: String?
    while let scalar = peek() {
      if scalar.properties.isWhitespace {
        advance()
      } else if scalar == "/", peek(1) == "*" {
        comment = try readComment()
      } else {
        break
      }
    }
    return comment
  }

  /// Reads a comment (at `/*`) and returns its text, trimmed.
  private mutating func readComment() throws(FontStoreError) -> String {
    let start = line
    advance(2)
    var text = String.UnicodeScalarView()
    while let scalar = peek() {
      if scalar == "*", peek(1) == "/" {
        advance(2)
        return String(text).trimmingCharacters(in: .whitespacesAndNewlines)
      }
      text.append(scalar)
      advance()
    }
    throw Self.error("the comment opened here is never closed ('*/')", line: start)
  }

  /// Reads a quoted string (at the quote), escapes resolved.
  private mutating func readString() throws(FontStoreError) -> String {
    var scanner = CSSValueScanner(scalars, from: index, line: line)
    let text = try scanner.readString()
    index = scanner.index
    line = scanner.line
    return text
  }

  private mutating func readIdentifier() -> String {
    var text = String.UnicodeScalarView()
    while let scalar = peek(), CSSValueScanner.isNameScalar(scalar) {
      text.append(scalar)
      advance()
    }
    return String(text)
  }

  /// Skips a rule TypeScale does not read: up to `;` at the outer level, or through a balanced
  /// `{ … }` block.
  private mutating func skipRule(opened: Int) throws(FontStoreError) {
    var depth = 0
    while let scalar = peek() {
      switch scalar {
      case "\"", "'":
        _ = try readString()
        continue
      case "/" where peek(1) == "*":
        _ = try readComment()
        continue
      case "{":
        depth += 1
      case "}":
        depth -= 1
        if depth < 0 { throw Self.error("'}' closes no block", line: line) }
        if depth == 0 {
          advance()
          return
        }
      case ";" where depth == 0:
        advance()
        return
      default:
        break
      }
      advance()
    }
    if depth > 0 { throw Self.error("the block opened here is never closed ('}')", line: opened) }
  }

  /// Reads the declarations of a block, after its `{`, through its `}`.
  private mutating func readBlock(opened: Int) throws(FontStoreError) -> [Declaration] {
    var declarations: [Declaration] = []
    while true {
      _ = try skipTrivia()
      guard let scalar = peek() else {
        throw Self.error("the @font-face block opened here is never closed ('}')", line: opened)
      }
      if scalar == "}" {
        advance()
        return declarations
      }
      if scalar == ";" {
        advance()
        continue
      }
      let start = line
      let name = readIdentifier().lowercased()
      _ = try skipTrivia()
      guard !name.isEmpty, peek() == ":" else {
        let found = peek().map { "'\(Character($0))'" } ?? "the end"
        throw Self.error(
          name.isEmpty
            ? "expected a descriptor name in @font-face, found \(found)"
            : "expected ':' after '\(name)', found \(found)", line: start)
      }
      advance()
      let value = try readValue(opened: opened)
      declarations.append(Declaration(name: name, value: value, line: start))
    }
  }

  /// Reads a declaration's value up to `;` or `}` outside parentheses; comments become spaces.
  private mutating func readValue(opened: Int) throws(FontStoreError) -> String {
    var text = String.UnicodeScalarView()
    var depth = 0
    while let scalar = peek() {
      switch scalar {
      case "\"", "'":
        let start = index
        _ = try readString()
        text.append(contentsOf: scalars[start..<index])
        continue
      case "/" where peek(1) == "*":
        _ = try readComment()
        text.append(" ")
        continue
      case "(":
        depth += 1
      case ")":
        depth = max(0, depth - 1)
      case ";" where depth == 0, "}" where depth == 0:
        return String(text).trimmingCharacters(in: .whitespacesAndNewlines)
      case "{":
        throw Self.error("'{' inside a @font-face declaration", line: line)
      default:
        break
      }
      text.append(scalar)
      advance()
    }
    throw Self.error("the @font-face block opened here is never closed ('}')", line: opened)
  }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  private mutating func advance(_ count: Int = 1) {
    for _ in 0..<count where index < scalars.count {
      if scalars[index] == "\n" { line += 1 }
      index += 1
    }
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && !["\t", "\n", "\r", "\u{0C}"].contains(scalar))
      || scalar.value == 0x7F || scalar.value == 0xFFFD
  }

  static func error(_ detail: String, line: Int) -> FontStoreError {
    FontStoreError(.invalidArgument, "CSS line \(line): \(detail)")
  }

  // MARK: - Descriptors

  /// Builds a face from a block's declarations; the last declaration of a descriptor wins.
  static func face(
    _ declarations: [Declaration], comment: String?, line: Int, base: URL?
  ) throws(FontStoreError) -> CSSFontFace {
    var family: String?
    var style = CSSFontFace.Style.normal
    var weight = 400...400
    var stretch: ClosedRange<Double>?
    var sources: [CSSFontFace.Source] = []
    var unicodeRange: CharacterCoverage?
    for declaration in declarations {
      let value = declaration.value
      let at = declaration.line
      switch declaration.name {
      case "font-family": family = try readFamily(try tokens(value, line: at), line: at)
      case "font-style": style = try readStyle(try tokens(value, line: at), line: at)
      case "font-weight": weight = try readWeight(try tokens(value, line: at), line: at)
      case "font-stretch", "font-width":
        stretch = try readStretch(try tokens(value, line: at), line: at)
      case "src": sources = try readSources(try tokens(value, line: at), line: at, base: base)
      case "unicode-range": unicodeRange = try readUnicodeRange(value, line: at)
      default: continue  // font-display, font-feature-settings, size-adjust…
      }
    }
    guard let family else { throw error("the @font-face rule has no font-family", line: line) }
    guard !sources.isEmpty else {
      throw error("the @font-face rule for \"\(family)\" has no src", line: line)
    }
    return CSSFontFace(
      family: family, style: style, weight: weight, stretch: stretch, sources: sources,
      unicodeRange: unicodeRange, comment: comment.flatMap { $0.isEmpty ? nil : $0 })
  }

  static func tokens(_ value: String, line: Int) throws(FontStoreError) -> [CSSToken] {
    var scanner = CSSValueScanner(Array(value.unicodeScalars), from: 0, line: line)
    return try scanner.tokens(until: nil)
  }

  static func readFamily(_ tokens: [CSSToken], line: Int) throws(FontStoreError) -> String {
    if tokens.count == 1, case .string(let name) = tokens[0], !name.isEmpty { return name }
    var words: [String] = []
    for token in tokens {
      guard case .identifier(let word) = token else {
        throw error("font-family must be one family name, quoted or not", line: line)
      }
      words.append(word)
    }
    guard !words.isEmpty else { throw error("font-family is empty", line: line) }
    return words.joined(separator: " ")
  }

  static func readStyle(
    _ tokens: [CSSToken], line: Int
  ) throws(FontStoreError) -> CSSFontFace.Style {
    guard case .identifier(let keyword) = tokens.first else {
      throw error("font-style must be normal, italic or oblique", line: line)
    }
    switch (keyword.lowercased(), tokens.count) {
    case ("normal", 1): return .normal
    case ("italic", 1): return .italic
    case ("oblique", 1): return .oblique(14...14)
    case ("oblique", 2...3):
      var angles: [Double] = []
      for token in tokens.dropFirst() {
        guard case .number(let value, let unit) = token, let degrees = degrees(value, unit) else {
          throw error("font-style: oblique takes angles such as 10deg", line: line)
        }
        angles.append(degrees)
      }
      let low = angles.min() ?? 14
      let high = angles.max() ?? 14
      guard (-90...90).contains(low), (-90...90).contains(high) else {
        throw error("font-style: oblique angles must lie within -90deg…90deg", line: line)
      }
      return .oblique(low...high)
    default:
      throw error("font-style must be normal, italic or oblique [angle [angle]]", line: line)
    }
  }

  static func degrees(_ value: Double, _ unit: String) -> Double? {
    switch unit.lowercased() {
    case "deg": value
    case "grad": value * 0.9
    case "rad": value * 180 / .pi
    case "turn": value * 360
    default: nil
    }
  }

  static func readWeight(_ tokens: [CSSToken], line: Int) throws(FontStoreError) -> ClosedRange<
    Int
  > {
    var values: [Int] = []
    for token in tokens {
      switch token {
      case .identifier(let keyword) where keyword.lowercased() == "normal": values.append(400)
      case .identifier(let keyword) where keyword.lowercased() == "bold": values.append(700)
      case .identifier(let keyword) where keyword.lowercased() == "auto" && tokens.count == 1:
        return 1...1000
      case .number(let value, let unit) where unit.isEmpty && (1...1000).contains(value):
        values.append(Int(value.rounded()))
      default:
        throw error(
          "font-weight must be one or two weights from 1 to 1000 (or normal, bold)", line: line)
      }
    }
    guard let low = values.min(), let high = values.max(), values.count <= 2 else {
      throw error(
        "font-weight must be one or two weights from 1 to 1000 (or normal, bold)", line: line)
    }
    return low...high
  }

  static func readStretch(
    _ tokens: [CSSToken], line: Int
  ) throws(FontStoreError) -> ClosedRange<Double> {
    let keywords: [String: Double] = [
      "ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5,
      "normal": 100, "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150,
      "ultra-expanded": 200,
    ]
    var values: [Double] = []
    for token in tokens {
      switch token {
      case .identifier(let keyword) where keywords[keyword.lowercased()] != nil:
        values.append(keywords[keyword.lowercased()] ?? 100)
      case .number(let value, "%") where value > 0:
        values.append(value)
      default:
        throw error("font-stretch must be one or two percentages or width keywords", line: line)
      }
    }
    guard let low = values.min(), let high = values.max(), values.count <= 2 else {
      throw error("font-stretch must be one or two percentages or width keywords", line: line)
    }
    return low...high
  }

  static func readSources(
    _ tokens: [CSSToken], line: Int, base: URL?
  ) throws(FontStoreError) -> [CSSFontFace.Source] {
    var sources: [CSSFontFace.Source] = []
    for entry in tokens.split(separator: .comma, omittingEmptySubsequences: false) {
      guard let first = entry.first else {
        throw error("src has an empty entry (two commas, or a trailing comma)", line: line)
      }
      switch first {
      case .url(let text):
        guard let url = URL(string: text, relativeTo: base)?.absoluteURL, !text.isEmpty else {
          throw error("src: url(\(text)) is not a URL", line: line)
        }
        var format: String?
        for hint in entry.dropFirst() {
          guard case .function(let name, let arguments) = hint else {
            throw error("src: unexpected text after url(\(text))", line: line)
          }
          switch name.lowercased() {
          case "format":
            switch arguments.first {
            case .string(let value)?, .identifier(let value)?:
              format = format ?? value.lowercased()
            default:
              throw error("src: format() names no format", line: line)
            }
          case "tech":
            continue  // color-COLRv1, variations…: FreeType decides what it can draw
          default:
            throw error("src: \(name)() is not format() or tech()", line: line)
          }
        }
        sources.append(.url(url, format: format))
      case .function(let name, let arguments) where name.lowercased() == "local":
        guard entry.count == 1 else {
          throw error("src: unexpected text after local()", line: line)
        }
        sources.append(.local(try readFamily(arguments, line: line)))
      default:
        throw error("src entries must be url(…) [format(…)] or local(…)", line: line)
      }
    }
    return sources
  }

  /// Reads `U+0000-00FF, U+0131, U+4??`.
  static func readUnicodeRange(_ value: String, line: Int) throws(FontStoreError)
    -> CharacterCoverage
  {
    var ranges: [ClosedRange<UInt32>] = []
    for part in value.split(separator: ",", omittingEmptySubsequences: false) {
      let text = part.trimmingCharacters(in: .whitespacesAndNewlines)
      guard text.count > 2, text.prefix(2).uppercased() == "U+" else {
        throw error("unicode-range entry '\(text)' is not U+hex or U+hex-hex", line: line)
      }
      let body = text.dropFirst(2)
      let bounds = body.split(separator: "-", omittingEmptySubsequences: false)
      let low: UInt32?
      let high: UInt32?
      switch bounds.count {
      case 1 where body.contains("?"):
        low = hex(body.replacingOccurrences(of: "?", with: "0"))
        high = hex(body.replacingOccurrences(of: "?", with: "F"))
      case 1:
        low = hex(Substring(body))
        high = low
      case 2:
        low = hex(bounds[0])
        high = hex(bounds[1])
      default:
        low = nil
        high = nil
      }
      guard let low, let high, low <= high, high <= 0x10FFFF else {
        throw error("unicode-range entry '\(text)' is not a range of code points", line: line)
      }
      ranges.append(low...high)
    }
    return CharacterCoverage(ranges: ranges)
  }

  private static func hex(_ text: some StringProtocol) -> UInt32? {
    guard (1...6).contains(text.count), text.allSatisfy(\.isHexDigit) else { return nil }
    return UInt32(text, radix: 16)
  }
}
