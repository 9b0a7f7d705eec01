// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings

/// XLIFF 1.2 files written here, by this project, in the shape Xcode exports them.
@Suite struct XLIFFReaderTests {
  static let file = URL(fileURLWithPath: "/tmp/de.xliff")

  /// An XLIFF document around `body` (a `<file>`'s trans-units); the body starts on line 8.
  static func xliff(_ body: String, source: String = "en", target: String = "de") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
      <file original="en.lproj/Localizable.strings" source-language="\(source)" target-language="\(target)" datatype="plaintext">
        <header>
          <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.0" build-num="15A240d"/>
        </header>
        <body>
    \(body)
        </body>
      </file>
    </xliff>
    """
  }

  func read(_ body: String, source: String = "en", target: String = "de") throws -> [LocalizedEntry]
  {
    try XLIFFReader().read(
      data: Data(Self.xliff(body, source: source, target: target).utf8), file: Self.file)
  }

  /// (key, language, variant, text, state, fallback) of each entry, in order.
  func summary(_ entries: [LocalizedEntry]) -> [String] {
    entries.map {
      "\($0.key)|\($0.language)|\($0.variant)|\($0.text)|\($0.state ?? "-")\($0.isFallback ? "|fallback" : "")"
    }
  }

  @Test func unitsGiveSourceAndTargetEntriesWithLinesAndStates() throws {
    let entries = try read(
      """
      <trans-unit id="button.save" xml:space="preserve">
        <source>Save</source>
        <target state="translated">Sichern</target>
        <note>Title of the save button</note>
      </trans-unit>
      <trans-unit id="cart.title" xml:space="preserve">
        <source>Shopping cart</source>
        <note>No target yet</note>
      </trans-unit>
      <trans-unit id="debug.only" translate="no">
        <source>Debug</source>
      </trans-unit>
      <trans-unit id="greeting" xml:space="preserve">
        <source>Hello, <ph id="1">%@</ph>!</source>
        <target state="needs-review-translation">Hallo, <g id="1">lieber</g> <ph id="1">%@</ph>!<x id="2"/></target>
        <alt-trans><target>Servus</target></alt-trans>
      </trans-unit>
      <trans-unit id="amp">
        <source>Fish &amp; Chips</source>
        <target><![CDATA[Fisch & Pommes]]></target>
      </trans-unit>
      """)
    #expect(
      summary(entries) == [
        "button.save|en||Save|-", "button.save|de||Sichern|translated",
        "cart.title|en||Shopping cart|-", "cart.title|de||Shopping cart|-|fallback",
        "greeting|en||Hello, %@!|-", "greeting|de||Hallo, lieber %@!|needs-review-translation",
        "amp|en||Fish & Chips|-", "amp|de||Fisch & Pommes|-",
      ])
    #expect(entries.map(\.line) == [8, 8, 13, 13, 20, 20, 25, 25])
    #expect(entries.allSatisfy { $0.file == Self.file && $0.syntax == .apple })
  }

  @Test func sameSourceAndTargetLanguageGivesOneEntryPerUnit() throws {
    let entries = try read(
      """
      <trans-unit id="a"><source>Save</source><target state="final">Save!</target></trans-unit>
      <trans-unit id="b"><source>Open</source></trans-unit>
      """, target: "en")
    #expect(summary(entries) == ["a|en||Save!|final", "b|en||Open|-"])
  }

  @Test func exportedStringsdictUnitsAreReassembledIntoPluralVariants() throws {
    let entries = try read(
      """
      <trans-unit id="/files.count:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
        <source>%#@files@</source>
        <target state="translated">%#@files@</target>
      </trans-unit>
      <trans-unit id="/files.count:dict/files:dict/one:dict/:string" xml:space="preserve">
        <source>%lld file</source>
        <target state="translated">%lld Datei</target>
      </trans-unit>
      <trans-unit id="/files.count:dict/files:dict/other:dict/:string" xml:space="preserve">
        <source>%lld files</source>
        <target state="translated">%lld Dateien</target>
      </trans-unit>
      <trans-unit id="plain"><source>Plain</source><target>Schlicht</target></trans-unit>
      <trans-unit id="/moved:dict/NSStringLocalizedFormatKey:dict/:string">
        <source>%#@a@ in %#@b@</source>
        <target>%#@a@ in %#@b@</target>
      </trans-unit>
      <trans-unit id="/moved:dict/a:dict/one:dict/:string"><source>%d file</source><target>%d Datei</target></trans-unit>
      <trans-unit id="/moved:dict/a:dict/other:dict/:string"><source>%d files</source></trans-unit>
      <trans-unit id="/moved:dict/b:dict/other:dict/:string"><source>%d folders</source><target>%d Ordnern</target></trans-unit>
      """)
    #expect(
      summary(entries) == [
        "files.count|en|plural=one|%lld file|-", "files.count|en|plural=other|%lld files|-",
        "files.count|de|plural=one|%lld Datei|translated",
        "files.count|de|plural=other|%lld Dateien|translated",
        "plain|en||Plain|-", "plain|de||Schlicht|-",
        "moved|en|a=one/b=other|%d file in %d folders|-",
        "moved|en|a=other/b=other|%d files in %d folders|-",
        "moved|de|a=one/b=other|%d Datei in %d Ordnern|-|fallback",
        "moved|de|a=other/b=other|%d files in %d Ordnern|-|fallback",
      ])
    #expect(entries.map(\.line) == [8, 8, 8, 8, 20, 20, 21, 21, 21, 21])
  }

  /// The stringsdict reader and the XLIFF reader name the same rule's variants alike.
  @Test func reassembledVariantsMatchTheStringsdictReader() throws {
    let xliff = try read(
      """
      <trans-unit id="/n:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@n@</source></trans-unit>
      <trans-unit id="/n:dict/n:dict/one:dict/:string"><source>%d day</source></trans-unit>
      <trans-unit id="/n:dict/n:dict/other:dict/:string"><source>%d days</source></trans-unit>
      """
    ).filter { $0.language == "en" }
    let dict = try StringsDictReader().read(
      data: Data(
        StringsDictReaderTests.plist(
          """
          <key>n</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@n@</string>
            <key>n</key>
            \(StringsDictReaderTests.variable([("one", "%d day"), ("other", "%d days")], type: "d"))
          </dict>
          """
        ).utf8), file: Self.file, language: "en")
    #expect(xliff.map(\.variant) == dict.map(\.variant))
    #expect(xliff.map(\.text) == dict.map(\.text))
  }

  @Test func anXclocFolderIsReadThroughItsLocalizedContents() throws {
    let folder = try StringsTestFolder()
    let xliffURL = try folder.write(
      Self.xliff(
        "<trans-unit id=\"k\"><source>Key</source><target>Schlüssel</target></trans-unit>"),
      to: "de.xcloc/Localized Contents/de.xliff")
    try folder.write("{}", to: "de.xcloc/contents.json")
    let entries = try XLIFFReader().read(contentsOf: folder.url.appendingPathComponent("de.xcloc"))
    #expect(summary(entries) == ["k|en||Key|-", "k|de||Schlüssel|-"])
    #expect(entries.allSatisfy { $0.file == xliffURL && $0.line == 8 })

    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("fr.xcloc/Localized Contents"),
      withIntermediateDirectories: true)
    let error = stringsError {
      try XLIFFReader().read(contentsOf: folder.url.appendingPathComponent("fr.xcloc"))
    }
    #expect(error?.code == .unreadable)
    #expect(
      error?.message.contains("\"Localized Contents/fr.xliff\", found no .xliff file") == true)
  }

  @Test func severalFilesKeepTheirOwnLanguages() throws {
    let text = """
      <xliff version="1.2">
        <file original="a" source-language="en" target-language="ja"><body>
          <trans-unit id="x"><source>X</source><target>エックス</target></trans-unit>
        </body></file>
        <file original="b" source-language="en"><body>
          <trans-unit id="y"><source>Y</source></trans-unit>
        </body></file>
      </xliff>
      """
    let entries = try XLIFFReader().read(data: Data(text.utf8), file: Self.file)
    #expect(summary(entries) == ["x|en||X|-", "x|ja||エックス|-", "y|en||Y|-"])
    #expect(entries.map(\.line) == [3, 3, 6])
  }

  /// Malformed XML: the line and column `XMLParser` reports.
  @Test(arguments: [
    ("<trans-unit id=\"a\">\n  <source>A</target>\n</trans-unit>", 9, "end tag does not match"),
    ("<trans-unit id=\"a\"><source>A &nbsp; B</source></trans-unit>", 8, "entity"),
    ("<trans-unit id=\"a><source>A</source></trans-unit>", 8, "attribute"),
  ])
  func malformedXML(body: String, line: Int, words: String) {
    let error = stringsError { try read(body) }
    #expect(error?.code == .malformed)
    #expect(error?.line == line)
    #expect((error?.column ?? 0) > 1)
    #expect(error?.message.contains(words) == true, "\(error?.message ?? "no error")")
  }

  /// Well-formed but not what Xcode exports: the line at fault.
  @Test(arguments: [
    ("<trans-unit><source>A</source></trans-unit>", 8, "expected an id attribute"),
    ("<trans-unit id=\"a\">\n<target>A</target></trans-unit>", 8, "expected a <source>"),
    (
      "<trans-unit id=\"/k:dict/a:dict/one:dict/:string\"><source>A</source></trans-unit>\n"
        + "<trans-unit id=\"/k:dict/b:dict/one:dict/:string\"><source>B</source></trans-unit>", 8,
      "NSStringLocalizedFormatKey:dict/:string"
    ),
  ])
  func invalidUnits(body: String, line: Int, words: String) {
    let error = stringsError { try read(body) }
    #expect(error?.code == .invalid)
    #expect(error?.line == line)
    #expect(error?.message.contains(words) == true, "\(error?.message ?? "no error")")
  }

  @Test func withoutAFormatUnitOneVariableIsTheWholeFormat() throws {
    let entries = try read(
      """
      <trans-unit id="/items:dict/items:dict/one:dict/:string"><source>%lld item</source>
        <target state="translated">%lld Objekt</target></trans-unit>
      <trans-unit id="/items:dict/items:dict/other:dict/:string"><source>%lld items</source>
        <target state="translated">%lld Objekte</target></trans-unit>
      """)
    #expect(
      summary(entries) == [
        "items|en|plural=one|%lld item|-", "items|en|plural=other|%lld items|-",
        "items|de|plural=one|%lld Objekt|translated",
        "items|de|plural=other|%lld Objekte|translated",
      ])
    #expect(entries.map(\.line) == [8, 8, 8, 8])
  }

  /// A mismatched end tag is reported at its `<`.
  @Test func aMismatchedEndTagIsReportedAtItsStart() {
    let error = stringsError {
      try read(
        "      <trans-unit id=\"a\">\n        <source>Save</source>\n        <target>Sichern\n      </trans-unit>"
      )
    }
    #expect(error?.code == .malformed)
    #expect(error?.line == 11)
    #expect(error?.column == 7)
  }

  @Test func aFileWithoutSourceLanguageIsInvalid() {
    let text = "<xliff version=\"1.2\">\n<file original=\"a\"><body/></file>\n</xliff>"
    let error = stringsError { try XLIFFReader().read(data: Data(text.utf8), file: Self.file) }
    #expect(error?.code == .invalid)
    #expect(error?.line == 2)
    #expect(error?.message.contains("source-language") == true)
  }
}
