// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import TypeScaleFontStore

/// The parse error for `css`, or an issue when it parses.
private func parseError(
  _ css: String, sourceLocation: SourceLocation = #_sourceLocation
) -> FontStoreError? {
  do {
    let faces = try CSSFontFace.parse(css)
    Issue.record("parsed \(faces.count) faces", sourceLocation: sourceLocation)
  } catch {
    return error
  }
  return nil
}

@Suite struct GoogleFontsCSSTests {
  private let base = URL(string: "https://cdn.test/fonts/css2?family=Inter")

  @Test func recordedAnswers_parse() throws {
    let inter = try CSSFontFace.parse(try googleFixture("inter.css", base: "https://cdn.test"))
    #expect(inter.count == 4)
    #expect(
      inter.map(\.styleDescription) == [
        "Italic (400 italic)", "BoldItalic (700 italic)", "Regular (400)", "Bold (700)",
      ])
    let korean = try CSSFontFace.parse(
      try googleFixture("noto-sans-kr-subsets.css", base: "https://cdn.test"))
    #expect(korean.map(\.family) == ["Noto Sans KR", "Noto Sans KR", "Noto Sans KR"])
    #expect(korean.map(\.comment) == ["[110]", "[119]", "latin"])
    #expect(
      korean[0].unicodeRange?.ranges == [
        0x3131...0x318E, 0x3200...0x321E, 0x3260...0x327E, 0xAC00...0xD7A3,
      ])
    #expect(korean[2].unicodeRange?.contains(0x0131) == true)
    #expect(korean[2].unicodeRange?.contains(0x0132) == false)
    let variable = try CSSFontFace.parse(
      try googleFixture("inter-variable.css", base: "https://cdn.test"))
    #expect(variable.first?.weight == 100...900)
    #expect(variable.first?.styleDescription == "variable 100–900")
  }

  @Test func comments_anywhereAreIgnoredAndTheOneBeforeARuleIsKept() throws {
    let css = """
      /* first */ /* cyrillic-ext */
      @font-face {
        /* a comment with } and ; and url(x) inside */
        font-family: /* before */ 'Inter' /* after */;
        font-weight: /* bold */ 700;
        src: url(a.woff2) /* hint: */ format('woff2');
      }
      /* trailing */
      """
    let faces = try CSSFontFace.parse(css, baseURL: base)
    #expect(faces.count == 1)
    #expect(faces[0].comment == "cyrillic-ext")
    #expect(faces[0].family == "Inter")
    #expect(faces[0].weight == 700...700)
    #expect(
      faces[0].sources == [
        .url(try #require(URL(string: "https://cdn.test/fonts/a.woff2")), format: "woff2")
      ])
    #expect(try CSSFontFace.parse("@font-face{font-family:A;src:url(a.ttf)}")[0].comment == nil)
  }

  @Test func urls_quotedUnquotedEscapedAndRelative() throws {
    let css = #"""
      @font-face { font-family: "A"; src: url( "https://x.test/a b.ttf" ); }
      @font-face { font-family: 'B'; src: url('//y.test/b.woff'); }
      @font-face { font-family: C; src: url(c\).otf); }
      @font-face { font-family: D; src: URL(  /d.woff2  ); }
      @font-face { font-family: "E\"s"; src: url("e\000041.ttf"); }
      @font-face { font-family: F; src: url(https://z.test/f.ttf?v=1&x=;y); }
      """#
    let faces = try CSSFontFace.parse(css, baseURL: base)
    let urls = faces.map { face -> String in
      guard case .url(let url, _)? = face.sources.first else { return "" }
      return url.absoluteString
    }
    #expect(
      urls == [
        "https://x.test/a%20b.ttf", "https://y.test/b.woff", "https://cdn.test/fonts/c).otf",
        "https://cdn.test/d.woff2", "https://cdn.test/fonts/eA.ttf",
        "https://z.test/f.ttf?v=1&x=;y",
      ])
    #expect(faces.map(\.family) == ["A", "B", "C", "D", "E\"s", "F"])
    #expect(try CSSFontFace.parse("@font-face{font-family:A;src:url(a.ttf)}")[0].fileURL == nil)
  }

  @Test func src_multipleEntriesLocalsAndFormatHints() throws {
    let css = """
      @font-face {
        font-family: 'Inter';
        src: local('Inter Regular'), local(Inter-Regular),
             url(https://x.test/a.eot) format('embedded-opentype'),
             url(https://x.test/a.svg#Inter) format("svg"),
             url(https://x.test/a.woff2) format(woff2) tech(variations),
             url(https://x.test/a.ttf) format("truetype");
      }
      """
    let face = try #require(try CSSFontFace.parse(css).first)
    #expect(face.sources.count == 6)
    #expect(face.sources[0] == .local("Inter Regular"))
    #expect(face.sources[1] == .local("Inter-Regular"))
    let formats = face.sources.map { source -> String? in
      if case .url(_, let format) = source { return format }
      return nil
    }
    #expect(formats == [nil, nil, "embedded-opentype", "svg", "woff2", "truetype"])
    #expect(face.fileURL?.absoluteString == "https://x.test/a.woff2")
    let onlyOld = """
      @font-face { font-family: A; src: local(A), url(https://x.test/a.eot) format("embedded-opentype"); }
      """
    #expect(try CSSFontFace.parse(onlyOld)[0].fileURL == nil)
    let noHint = "@font-face { font-family: A; src: url(https://x.test/a) }"
    #expect(try CSSFontFace.parse(noHint)[0].fileURL?.absoluteString == "https://x.test/a")
  }

  @Test func descriptors_weightsStylesStretchAndRanges() throws {
    let css = """
      @font-face { font-family: A; src: url(a); font-weight: bold; font-style: oblique; }
      @font-face { font-family: A; src: url(a); font-weight: 900 100;
                   font-style: oblique -15deg 0deg; font-stretch: 75% 125%; }
      @font-face { font-family: A; src: url(a); font-weight: normal; font-stretch: condensed;
                   unicode-range: U+4??, U+0-7F; font-display: swap; size-adjust: 90%; }
      @font-face { font-family: A; src: url(a); font-style: ITALIC; font-weight: auto; }
      """
    let faces = try CSSFontFace.parse(css)
    #expect(faces.map(\.weight) == [700...700, 100...900, 400...400, 1...1000])
    #expect(faces.map(\.style) == [.oblique(14...14), .oblique(-15...0), .normal, .italic])
    #expect(faces.map(\.stretch) == [nil, 75...125, 75...75, nil])
    #expect(faces[2].unicodeRange?.ranges == [0...0x7F, 0x400...0x4FF])
    #expect(faces.map(\.isVariable) == [false, true, false, true])
  }

  @Test func otherRules_areSkipped() throws {
    let css = """
      @charset "utf-8";
      @import url("other.css") screen;
      :root { --brand: "}"; }
      @media (min-width: 10px) { body { font-family: X; } }
      @font-face { font-family: A; src: url(a.ttf); }
      @supports (display: grid) { @font-face { font-family: Nested; src: url(n.ttf); } }
      """
    #expect(try CSSFontFace.parse(css).map(\.family) == ["A"])
    let marked = "\u{FEFF}@font-face { font-family: B; src: url(b.ttf); }"
    #expect(try CSSFontFace.parse(marked).map(\.family) == ["B"])
  }

  @Test(arguments: [
    ("", "no @font-face rule"),
    ("  \n\t ", "no @font-face rule"),
    ("body { color: red }", "no @font-face rule"),
    ("<!DOCTYPE html><html><body>Bad Request</body></html>", "like an HTML or XML page"),
    ("{\"error\": {\"code\": 400}}", "no @font-face rule"),
    ("\u{0}\u{1}\u{2}binary", "binary data"),
    ("@font-face { font-family: A; src: url(a.ttf); /* never closed", "never closed ('*/')"),
    ("@font-face { font-family: 'A; src: url(a.ttf); }", "string opened here is never closed"),
    ("@font-face { font-family: A; src: url(a.ttf);", "never closed ('}')"),
    ("@font-face { src: url(a.ttf); }", "has no font-family"),
    ("@font-face { font-family: A; }", "has no src"),
    ("@font-face { font-family: A; src: url(a.ttf); font-weight: heavy; }", "font-weight must"),
    ("@font-face { font-family: A; src: url(a.ttf); font-weight: 1200; }", "font-weight must"),
    ("@font-face { font-family: A; src: url(a.ttf); font-style: slanted; }", "font-style must"),
    ("@font-face { font-family: A; src: url(a.ttf); unicode-range: U+ZZZZ; }", "unicode-range"),
    ("@font-face { font-family: A; src: url(a.ttf); unicode-range: U+20-10; }", "unicode-range"),
    ("@font-face { font-family: A; src: url(a b.ttf); }", "holds a space"),
    ("@font-face { font-family: A; src: url(a.ttf), ; }", "empty entry"),
    ("@font-face { font-family: A; src: url(a.ttf) foo(x); }", "not format() or tech()"),
    ("@font-face { font-family: A, B; src: url(a.ttf); }", "one family name"),
    ("@font-face { font-family A; src: url(a.ttf); }", "expected ':' after 'font-family'"),
    ("@font-face { font-family: A; src: url(a.ttf) }\n}", "'}' closes no block"),
    ("@font-face font-family: A;", "not followed by '{'"),
    ("@ font-face {}", "not followed by a rule name"),
    ("@font-face { font-family: A; src: url(a.ttf); x: { } }", "'{' inside"),
  ])
  func garbage_isATypedErrorNamingTheLine(_ css: String, _ expected: String) {
    let error = parseError(css)
    #expect(error?.code == .invalidArgument)
    #expect(error?.message.hasPrefix("CSS line ") == true)
    #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
  }

  @Test func errors_nameTheLine() {
    let css = "@font-face {\n  font-family: A;\n  src: url(a.ttf);\n  font-weight: heavy;\n}"
    #expect(parseError(css)?.message.hasPrefix("CSS line 4: font-weight must") == true)
  }

  @Test func randomInput_neverCrashes() {
    // A fixed generator: the same inputs every run.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let alphabet = Array(
      "@font-face{}();:,'\"/*\\ \nurl(format)local(U+0-9a-f?%deg.-".unicodeScalars)
    var parsed = 0
    for round in 0..<2_000 {
      let count = Int(next() % 120)
      var text = String.UnicodeScalarView()
      for _ in 0..<count {
        if round % 3 == 0, let scalar = Unicode.Scalar(UInt32(next() % 0x2FF)) {
          text.append(scalar)
        } else {
          text.append(alphabet[Int(next() % UInt64(alphabet.count))])
        }
      }
      if (try? CSSFontFace.parse(String(text))) != nil { parsed += 1 }
    }
    // Random bytes decoded as UTF-8, as a garbage answer would be.
    for _ in 0..<500 {
      let bytes = (0..<Int(next() % 200)).map { _ in UInt8(truncatingIfNeeded: next()) }
      #expect((try? CSSFontFace.parse(String(decoding: bytes, as: UTF8.self))) == nil)
    }
    #expect(parsed < 2_000)
  }
}
