// SPDX-License-Identifier: Apache-2.0

/// A token of a declaration's value.
enum CSSToken: Equatable {
  case identifier(String)
  case string(String)
  case url(String)
  case function(String, [CSSToken])
  case number(Double, String)
  case comma
  case delimiter(Unicode.Scalar)
}

/// Tokenizes a declaration's value (CSS Syntax 3 §4, the parts `@font-face` values use).
struct CSSValueScanner {
  private let scalars: [Unicode.Scalar]
  private(set) var index: Int
  private(set) var line: Int

  init(_ scalars: [Unicode.Scalar], from index: Int, line: Int) {
    self.scalars = scalars
    self.index = index
    self.line = line
  }

  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value >= 0x80 && scalar.value != 0xFFFD)
      || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
      || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
  }

  /// Tokens up to the end, or up to the `)` closing a function (consumed).
  mutating func tokens(until close: Unicode.Scalar?) throws(FontStoreError) -> [CSSToken] {
    var tokens: [CSSToken] = []
    while let scalar = peek() {
      if scalar.properties.isWhitespace {
        advance()
        continue
      }
      if scalar == close {
        advance()
        return tokens
      }
      if scalar == "\"" || scalar == "'" {
        tokens.append(.string(try readString()))
      } else if scalar == "," {
        advance()
        tokens.append(.comma)
      } else if startsNumber() {
        tokens.append(readNumber())
      } else if startsName() {
        let name = readName()
        if peek() == "(" {
          advance()
          if name.lowercased() == "url" {
            tokens.append(.url(try readURL()))
          } else {
            tokens.append(.function(name, try self.tokens(until: ")")))
          }
        } else {
          tokens.append(.identifier(name))
        }
      } else {
        advance()
        tokens.append(.delimiter(scalar))
      }
    }
    if close != nil {
      throw CSSFontFaceParser.error("a function's '(' is never closed", line: line)
    }
    return tokens
  }

  /// Reads a quoted string (at the quote), resolving escapes.
  mutating func readString() throws(FontStoreError) -> String {
    let start = line
    guard let quote = peek() else { return "" }
    advance()
    var text = String.UnicodeScalarView()
    while let scalar = peek() {
      if scalar == quote {
        advance()
        return String(text)
      }
      if scalar == "\n" || scalar == "\r" || scalar == "\u{0C}" { break }
      if scalar == "\\" {
        advance()
        guard let next = peek() else { break }
        if next == "\n" {
          advance()  // a line continuation
        } else {
          text.append(readEscape())
        }
        continue
      }
      text.append(scalar)
      advance()
    }
    throw CSSFontFaceParser.error("the string opened here is never closed", line: start)
  }

  /// Reads the rest of `url(`: a quoted or unquoted URL and its `)`.
  private mutating func readURL() throws(FontStoreError) -> String {
    skipWhitespace()
    if peek() == "\"" || peek() == "'" {
      let text = try readString()
      skipWhitespace()
      guard peek() == ")" else {
        throw CSSFontFaceParser.error("url(\"\(text)\" is not closed by ')'", line: line)
      }
      advance()
      return text
    }
    var text = String.UnicodeScalarView()
    while let scalar = peek() {
      if scalar == ")" {
        advance()
        return String(text)
      }
      if scalar.properties.isWhitespace {
        skipWhitespace()
        guard peek() == ")" else {
          throw CSSFontFaceParser.error(
            "an unquoted url() holds a space; quote the URL or encode the space as %20",
            line: line)
        }
        continue
      }
      if scalar == "\"" || scalar == "'" || scalar == "(" || CSSFontFaceParser.isControl(scalar) {
        throw CSSFontFaceParser.error(
          "an unquoted url() holds '\(Character(scalar))'; quote the URL", line: line)
      }
      if scalar == "\\" {
        advance()
        guard peek() != nil, peek() != "\n" else { break }
        text.append(readEscape())
        continue
      }
      text.append(scalar)
      advance()
    }
    throw CSSFontFaceParser.error("url( is never closed by ')'", line: line)
  }

  /// Reads an escape's body (after the backslash): up to six hex digits and one optional space,
  /// or one literal character.
  private mutating func readEscape() -> Unicode.Scalar {
    var digits = ""
    while digits.count < 6, let scalar = peek(), Character(scalar).isHexDigit {
      digits.unicodeScalars.append(scalar)
      advance()
    }
    guard !digits.isEmpty else {
      let scalar = peek() ?? "\u{FFFD}"
      advance()
      return scalar
    }
    if let space = peek(), space.properties.isWhitespace { advance() }
    guard let value = UInt32(digits, radix: 16), value != 0, let scalar = Unicode.Scalar(value)
    else { return "\u{FFFD}" }
    return scalar
  }

  private func startsNumber() -> Bool {
    guard let first = peek() else { return false }
    func digit(_ scalar: Unicode.Scalar?) -> Bool {
      scalar.map { ("0"..."9").contains($0) } ?? false
    }
    if digit(first) { return true }
    if first == "." { return digit(peek(1)) }
    if first == "+" || first == "-" {
      return digit(peek(1)) || (peek(1) == "." && digit(peek(2)))
    }
    return false
  }

  private func startsName() -> Bool {
    guard let first = peek() else { return false }
    let start = first == "-" ? peek(1) : first
    guard let start else { return false }
    return Self.isNameScalar(start) && !("0"..."9").contains(start)
  }

  private mutating func readNumber() -> CSSToken {
    var text = ""
    if let sign = peek(), sign == "+" || sign == "-" {
      text.unicodeScalars.append(sign)
      advance()
    }
    var seenDot = false
    var seenExponent = false
    while let scalar = peek() {
      if ("0"..."9").contains(scalar) {
        text.unicodeScalars.append(scalar)
      } else if scalar == ".", !seenDot, !seenExponent,
        let next = peek(1), ("0"..."9").contains(next)
      {
        seenDot = true
        text.unicodeScalars.append(scalar)
      } else if scalar == "e" || scalar == "E", !seenExponent,
        let next = peek(1), ("0"..."9").contains(next)
      {
        seenExponent = true
        text.unicodeScalars.append(scalar)
      } else {
        break
      }
      advance()
    }
    var unit = ""
    if peek() == "%" {
      advance()
      unit = "%"
    } else if startsName() {
      unit = readName()
    }
    return .number(Double(text) ?? .nan, unit)
  }

  private mutating func readName() -> String {
    var text = String.UnicodeScalarView()
    while let scalar = peek() {
      if Self.isNameScalar(scalar) {
        text.append(scalar)
        advance()
      } else if scalar == "\\", let next = peek(1), next != "\n" {
        advance()
        text.append(readEscape())
      } else {
        break
      }
    }
    return String(text)
  }

  private mutating func skipWhitespace() {
    while let scalar = peek(), scalar.properties.isWhitespace { advance() }
  }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  private mutating func advance() {
    guard index < scalars.count else { return }
    if scalars[index] == "\n" { line += 1 }
    index += 1
  }
}
