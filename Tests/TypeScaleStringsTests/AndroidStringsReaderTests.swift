// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings
import TypeScaleTestSupport

/// Android resource folders written here, by this project, in the shape Android Studio keeps.
@Suite struct AndroidStringsReaderTests {
  /// Writes `files` (path relative to a fresh `res/` folder → contents) and returns `res/`.
  func res(_ files: [String: String]) throws -> URL {
    let prefixed = Dictionary(uniqueKeysWithValues: files.map { ("res/" + $0.key, $0.value) })
    return try Fixtures.temporaryDirectory("android", files: prefixed).appendingPathComponent("res")
  }

  func xml(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
    \(body)
    </resources>
    """
  }

  func read(_ body: String, folder: String = "values") throws -> [LocalizedEntry] {
    let root = try res(["\(folder)/strings.xml": xml(body)])
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    return try AndroidStringsReader().read(
      contentsOf: root.appendingPathComponent("\(folder)/strings.xml"))
  }

  func error(_ body: String, folder: String = "values") -> StringsError? {
    do {
      _ = try read(body, folder: folder)
      return nil
    } catch let error as StringsError {
      return error
    } catch {
      return nil
    }
  }

  /// (raw XML text inside <string>, the text Android shows).
  static let escapes: [(String, String)] = [
    (#"It\'s"#, "It's"),
    (#"Say \"hi\""#, "Say \"hi\""),
    (#"one\ntwo"#, "one\ntwo"),
    (#"a\tb"#, "a\tb"),
    (#"back\\slash"#, #"back\slash"#),
    (#"\u0041BC"#, "ABC"),
    (#"\u00e9t\u00E9"#, "été"),
    // A UTF-16 pair as two escapes, as apps write emoji; aapt2 builds it (inferred from apps
    // that ship such strings), and a lone surrogate becomes U+FFFD.
    (#"\uD83E\uDDD8 yoga"#, "\u{1F9D8} yoga"),
    (#"lone \uD83E!"#, "lone \u{FFFD}!"),
    (#"\@home"#, "@home"),
    (#"\?attr"#, "?attr"),
    ("  lots   of\n\n   space  ", "lots of space"),
    (#""  kept   spaces  ""#, "  kept   spaces  "),
    (#"mixed "  in  " quotes"#, "mixed   in   quotes"),
    (#""That's cool!""#, "That's cool!"),
    // CDATA keeps the tags as text; the app shows them through Html.fromHtml, so the entry's
    // text is the visible text (its spans are AndroidStringsCompletenessTests').
    ("<![CDATA[<b>raw</b>  text]]>", "raw text"),
    ("<![CDATA[<notatag>  text]]>", "<notatag> text"),
    ("<b>Bold</b> <i>it</i> <u>under</u>", "Bold it under"),
    (#"Hello <xliff:g id="name" example="Bob">%1$s</xliff:g>!"#, "Hello %1$s!"),
    ("Fish &amp; chips &lt;3", "Fish & chips <3"),
  ]

  @Test(arguments: escapes)
  func escapesAndWhitespace(raw: String, expected: String) throws {
    let entries = try read("<string name=\"k\">\(raw)</string>")
    #expect(entries.map(\.text) == [expected])
  }

  /// (raw text, the text Compose shows) for a Compose Multiplatform resource, which Compose's
  /// converter reads (`handleSpecialCharacters`: `\n`, `\t`, `\uXXXX`, `\\` only), not aapt2.
  static let composeTexts: [(String, String)] = [
    ("It's fine", "It's fine"),
    (#"Say "hi"  twice"#, #"Say "hi"  twice"#),
    (#"one\ntwo\tend"#, "one\ntwo\tend"),
    (#"back\\slash \'kept"#, #"back\slash \'kept"#),
    (#"\u00e9t\u00E9 \uD83E\uDDD8"#, "été \u{1F9D8}"),
    ("@string/other", "@string/other"),
  ]

  @Test(arguments: composeTexts)
  func composeResourcesFollowComposesRules(raw: String, expected: String) throws {
    let root = try Fixtures.temporaryDirectory(
      "compose",
      files: ["composeResources/values-de/strings.xml": xml("<string name=\"k\">\(raw)</string>")])
    defer { try? FileManager.default.removeItem(at: root) }
    let entries = try AndroidStringsReader().read(
      contentsOf: root.appendingPathComponent("composeResources/values-de/strings.xml"))
    #expect(entries.map(\.text) == [expected])
    #expect(entries.map(\.language) == ["de"])
  }

  @Test func stringsPluralsArraysWithLinesAndVariants() throws {
    let entries = try read(
      """
        <string name="title">Photos</string>
        <plurals name="photos">
          <item quantity="one">%d photo</item>
          <item quantity="other">%d photos</item>
        </plurals>
        <string-array name="days">
          <item>Monday</item>
          <item>Tuesday</item>
        </string-array>
      """)
    #expect(
      entries.map { "\($0.key)|\($0.variant)|\($0.text)|\($0.line)|\($0.language)" } == [
        "title||Photos|3|en",
        "photos|plural=one|%d photo|5|en",
        "photos|plural=other|%d photos|6|en",
        "days[0]||Monday|9|en",
        "days[1]||Tuesday|10|en",
      ])
    #expect(entries.allSatisfy { $0.syntax == .android && $0.state == nil && !$0.isFallback })
  }

  /// (folder, language).
  static let folders: [(String, String?)] = [
    ("values", "en"), ("values-de", "de"), ("values-pt-rBR", "pt-BR"),
    ("values-b+sr+Latn", "sr-Latn"), ("values-fil", "fil"),
    ("values-night", nil), ("values-v21", nil), ("values-land", nil), ("values-sw600dp", nil),
    ("values-de-land", nil), ("values-pt-rbr", nil),
  ]

  @Test(arguments: folders)
  func languageFromFolder(folder: String, language: String?) throws {
    if let language {
      #expect(
        try read("<string name=\"k\">x</string>", folder: folder).map(\.language) == [language])
    } else {
      let error = try #require(self.error("<string name=\"k\">x</string>", folder: folder))
      #expect(error.code == .invalid)
      #expect(error.message.contains("\"\(folder)\" is not a language folder"))
    }
  }

  @Test func defaultLanguageIsConfigurable() throws {
    let root = try res(["values/strings.xml": xml("<string name=\"k\">x</string>")])
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let url = root.appendingPathComponent("values/strings.xml")
    #expect(
      try AndroidStringsReader().read(contentsOf: url, defaultLanguage: "fr")[0].language == "fr")
    #expect(
      try AndroidStringsReader(defaultLanguage: "ja").read(contentsOf: url)[0].language == "ja")
  }

  @Test func referencesResolveInLanguageThenDefault() throws {
    let root = try res([
      "values/strings.xml": xml(
        """
          <string name="app" translatable="false">PhotoBox</string>
          <string name="ok">OK</string>
          <string name="welcome">Welcome</string>
        """),
      "values-de/strings.xml": xml(
        """
          <string name="app" translatable="false">FotoKiste</string>
          <string name="welcome">Willkommen</string>
          <string name="greeting">@string/welcome</string>
          <string name="title">@string/app</string>
          <string name="button">@string/greeting</string>
          <string name="literal">\\@string/welcome</string>
        """),
    ])
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let german = try AndroidStringsReader().read(
      contentsOf: root.appendingPathComponent("values-de/strings.xml"))
    #expect(
      german.map { "\($0.key)=\($0.text)@\($0.line)" } == [
        "welcome=Willkommen@4", "greeting=Willkommen@5", "title=PhotoBox@6",
        "button=Willkommen@7", "literal=@string/welcome@8",
      ])
    let english = try AndroidStringsReader().read(
      contentsOf: root.appendingPathComponent("values/strings.xml"))
    #expect(english.map(\.key) == ["app", "ok", "welcome"])
  }

  /// (body, expected substring of the message, line).
  static let invalid: [(String, String, Int)] = [
    ("<string name=\"a\">@string/b</string>\n<string name=\"b\">@string/a</string>", "cycle", 3),
    ("<string name=\"a\">@string/a</string>", "cycle", 3),
    ("\n<string name=\"a\">@string/missing</string>", "@string/missing names no <string>", 4),
    ("<string>no name</string>", "has no name attribute", 3),
    (
      "<plurals name=\"p\">\n<item quantity=\"several\">x</item></plurals>",
      "quantity \"several\"; expected one of zero, one, two, few, many, other", 4
    ),
  ]

  @Test(arguments: invalid)
  func invalidResources(body: String, message: String, line: Int) throws {
    let error = try #require(self.error(body))
    #expect(error.code == .invalid)
    #expect(error.line == line)
    #expect(error.message.contains(message), "\(error.message)")
    #expect(error.message.contains("values/strings.xml:\(line):"))
  }

  /// (document, line, column) of malformed XML.
  static let malformed: [(String, Int)] = [
    ("<resources>\n<string name=\"a\">x</strin>\n</resources>", 2),
    ("<resources>\n<string name=\"a\">x &bogus; y</string>\n</resources>", 2),
    ("<resources>\n\n<string name=\"a\" name=\"b\">x</string>\n</resources>", 3),
  ]

  @Test(arguments: malformed)
  func malformedXMLHasLineAndColumn(document: String, line: Int) throws {
    let root = try res(["values/strings.xml": document])
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let url = root.appendingPathComponent("values/strings.xml")
    let error = try #require(throws: StringsError.self) {
      try AndroidStringsReader().read(contentsOf: url)
    }
    #expect(error.code == .malformed)
    #expect(error.line == line)
    #expect((error.column ?? 0) >= 1)
    #expect(error.message.hasPrefix("\(url.path):\(line):\(error.column ?? 0): "))
  }

  @Test func missingFileIsUnreadable() {
    let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/values/strings.xml")
    let error = #expect(throws: StringsError.self) {
      try AndroidStringsReader().read(contentsOf: url)
    }
    #expect(error?.code == .unreadable)
  }
}
