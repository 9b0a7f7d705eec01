// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings
import TypeScaleTestSupport

/// Android strings read as Android shows them.
///
/// Plurals per CLDR category of the file's language, `tools:` attributes, styling tags as
/// spans. Fixtures written here, by this project.
@Suite struct AndroidStringsCompletenessTests {
  func file(
    _ body: String, folder: String = "values",
    resources: String =
      #"<resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">"#,
    extra: [String: String] = [:]
  ) throws -> (url: URL, root: URL) {
    let xml = """
      <?xml version="1.0" encoding="utf-8"?>
      \(resources)
      \(body)
      </resources>
      """
    var files = ["res/\(folder)/strings.xml": xml]
    for (path, text) in extra { files["res/" + path] = text }
    let root = try Fixtures.temporaryDirectory("android-complete", files: files)
    return (root.appendingPathComponent("res/\(folder)/strings.xml"), root)
  }

  func read(_ body: String, folder: String = "values", resources: String? = nil) throws
    -> AndroidStringsFile
  {
    let (url, root) =
      try resources.map { try file(body, folder: folder, resources: $0) }
      ?? file(body, folder: folder)
    defer { try? FileManager.default.removeItem(at: root) }
    return try AndroidStringsReader().readFile(contentsOf: url)
  }

  static let plurals = """
      <plurals name="files">
        <item quantity="one">%d file</item>
        <item quantity="other">%d files</item>
      </plurals>
    """

  /// (folder, the categories and texts measured, how many warnings).
  static let pluralCases: [(String, [String], Int)] = [
    // English has one and other.
    ("values", ["one:%d file", "other:%d files"], 0),
    // Russian also has few and many: Android shows the other item for them. Its other
    // category holds only fractions, which getQuantityString(int) never selects.
    ("values-ru", ["one:%d file", "few:%d files", "many:%d files"], 2),
    // Czech many holds only fractions; other holds integers (0, 5, …).
    ("values-cs", ["one:%d file", "few:%d files", "other:%d files"], 1),
    // Japanese has only other: the one item is never shown.
    ("values-ja", ["other:%d files"], 1),
    // Arabic has all six.
    (
      "values-ar",
      [
        "zero:%d files", "one:%d file", "two:%d files", "few:%d files", "many:%d files",
        "other:%d files",
      ], 4
    ),
    // The BCP 47 form of the qualifier: Serbian in Latin script has one, few, other.
    ("values-b+sr+Latn", ["one:%d file", "few:%d files", "other:%d files"], 1),
    ("values-pt-rBR", ["one:%d file", "many:%d files", "other:%d files"], 1),
  ]

  @Test(arguments: pluralCases)
  func pluralsFollowTheLanguagesCategories(folder: String, expected: [String], warnings: Int)
    throws
  {
    let result = try read(Self.plurals, folder: folder)
    #expect(
      result.entries.map { "\($0.variant.steps.first.map { "\($0)" } ?? ""):\($0.text)" }
        == expected.map { "plural=" + $0 })
    #expect(result.warnings.count == warnings, "\(result.warnings)")
  }

  @Test func pluralWarningsNameTheQuantityAndWhatAndroidDoes() throws {
    let japanese = try read(Self.plurals, folder: "values-ja")
    let unused = try #require(japanese.warnings.first)
    #expect(unused.key == "files")
    #expect(unused.line == 4)
    #expect(unused.message.contains(#"<item quantity="one">, a category ja does not have"#))
    #expect(unused.message.contains("never shows it"))
    let russian = try read(Self.plurals, folder: "values-ru")
    #expect(
      russian.warnings.map(\.message).contains {
        $0.contains(#"has no <item quantity="few">, which ru uses (for 2)"#)
          && $0.contains("shows the other item")
      })
  }

  @Test func aCategoryOnlyFractionsSelectIsAWarning() throws {
    let result = try read(
      """
        <plurals name="n">
          <item quantity="one">%d soubor</item>
          <item quantity="few">%d soubory</item>
          <item quantity="many">%d souboru</item>
          <item quantity="other">%d souborů</item>
        </plurals>
      """, folder: "values-cs")
    #expect(result.entries.map { "\($0.variant)" } == ["plural=one", "plural=few", "plural=other"])
    #expect(result.warnings.count == 1)
    #expect(result.warnings.first?.message.contains("only fractions select in cs") == true)
  }

  @Test func pluralWithoutOtherWarnsAndMeasuresNothingForTheMissingCategory() throws {
    let result = try read(
      #"<plurals name="n"><item quantity="one">One</item></plurals>"#, folder: "values")
    #expect(result.entries.map(\.text) == ["One"])
    #expect(result.warnings.count == 1)
    #expect(result.warnings[0].message.contains("Resources.NotFoundException"))
  }

  @Test func pluralSamplesUseTheCategorysNumber() throws {
    let result = try read(Self.plurals, folder: "values-ru")
    let texts = try result.entries.map { try PlaceholderSamples().text(for: $0) }
    #expect(texts == ["1 file", "2 files", "88888 files"])
  }

  /// A crafted file cannot expand past the entry limit: in Arabic each one-item <plurals> is six
  /// entries, and the limit counts them before they are made.
  @Test func pluralExpansionCountsAgainstTheEntryLimit() throws {
    let count = AndroidStringsReader.maximumEntriesPerFile / 6 + 1
    let body = (0..<count).map {
      #"<plurals name="p\#($0)"><item quantity="other">x</item></plurals>"#
    }
    .joined(separator: "\n")
    let (url, root) = try file(body, folder: "values-ar")
    defer { try? FileManager.default.removeItem(at: root) }
    let error = try #require(throws: StringsError.self) {
      try AndroidStringsReader().readFile(contentsOf: url)
    }
    #expect(error.code == .tooLarge)
    #expect(error.message.contains("more than 100000 entries"), "\(error.message)")
  }

  // MARK: - tools:

  @Test func toolsLocaleNamesTheDefaultFoldersLanguage() throws {
    let result = try read(
      Self.plurals,
      resources: #"<resources xmlns:tools="http://schemas.android.com/tools" tools:locale="ru">"#)
    #expect(result.language == "ru")
    #expect(result.entries.allSatisfy { $0.language == "ru" })
    #expect(result.entries.count == 3)
  }

  @Test func toolsLocaleWithAnotherPrefix() throws {
    let result = try read(
      #"<string name="a">A</string>"#,
      resources: #"<resources xmlns:t="http://schemas.android.com/tools" t:locale="de">"#)
    #expect(result.entries.map(\.language) == ["de"])
  }

  @Test func aLanguageFolderKeepsItsOwnLanguageOverToolsLocale() throws {
    let result = try read(
      #"<string name="a">A</string>"#, folder: "values-fr",
      resources: #"<resources xmlns:tools="http://schemas.android.com/tools" tools:locale="de">"#)
    #expect(result.language == "fr")
  }

  @Test func otherToolsAttributesAreIgnored() throws {
    let result = try read(
      """
        <string name="a" tools:ignore="MissingTranslation,UnusedResources">A</string>
        <string name="b" tools:keep="@string/b" tools:targetApi="31">B</string>
        <plurals name="p" tools:ignore="UnusedQuantity"><item quantity="other">P</item></plurals>
        <string-array name="arr" tools:ignore="MissingTranslation"><item>X</item></string-array>
      """)
    // English has one and other: the one quantity shows the other item.
    #expect(result.entries.map(\.text) == ["A", "B", "P", "P", "X"])
  }

  // MARK: - Styling

  /// (raw XML inside <string>, visible text, spans as `style start..<end`).
  static let styled: [(String, String, [String])] = [
    ("Hello <b>world</b>", "Hello world", ["bold 6..<11"]),
    ("<i>Very</i> <u>much</u>", "Very much", ["italic 0..<4", "underline 5..<9"]),
    ("<b>Bold <i>both</i></b> plain", "Bold both plain", ["bold 0..<9", "italic 5..<9"]),
    (
      "a <big>big</big> and <small>small</small>", "a big and small",
      ["size×1.25 2..<5", "size×0.8 10..<15"]
    ),
    (#"<font face="serif">Serif</font>"#, "Serif", ["font(face=serif) 0..<5"]),
    (
      #"<annotation font="title_emphasis">text</annotation>"#, "text",
      ["annotation(font=title_emphasis) 0..<4"]
    ),
    // Spaces around tags collapse; the span starts at its first visible character.
    ("Go  <b>  now </b>  please", "Go now please", ["bold 3..<6"]),
    // An emoji counts two UTF-16 units.
    ("🎉<b>yay</b>", "🎉yay", ["bold 2..<5"]),
    // xliff:g is no span.
    (#"<b><xliff:g id="n">%1$s</xliff:g></b> left"#, "%1$s left", ["bold 0..<4"]),
    // Escaped tags and CDATA: Html.fromHtml's visible text and spans.
    ("Hello &lt;b&gt;world&lt;/b&gt;", "Hello world", ["bold 6..<11"]),
    (
      "<![CDATA[Tap <i>here</i> &amp; <b>now</b>]]>", "Tap here & now",
      ["italic 4..<8", "bold 11..<14"]
    ),
    ("<![CDATA[Line one<br/>line two]]>", "Line one\nline two", []),
    ("<![CDATA[a <strong>b</strong>]]>", "a b", ["bold 2..<3"]),
    // Not HTML: no known tag, kept as written.
    ("<![CDATA[a < b and <unknown>]]>", "a < b and <unknown>", []),
  ]

  @Test(arguments: styled)
  func stylingTagsBecomeSpans(raw: String, text: String, spans: [String]) throws {
    let result = try read(#"<string name="s">\#(raw)</string>"#)
    let entry = try #require(result.entries.first)
    #expect(entry.text == text)
    #expect(entry.spans.map(\.description) == spans)
    #expect(entry.spans.allSatisfy { $0.end <= entry.text.utf16.count })
  }

  @Test func spansFollowReferencesAndPluralItems() throws {
    let result = try read(
      """
        <string name="base">See <b>this</b></string>
        <string name="alias">@string/base</string>
        <plurals name="p"><item quantity="one"><i>One</i> item</item><item quantity="other">%d <b>items</b></item></plurals>
      """)
    #expect(
      result.entries.map { $0.spans.map(\.description) } == [
        ["bold 4..<8"], ["bold 4..<8"], ["italic 0..<3"], ["bold 3..<8"],
      ])
  }

  @Test func spansMoveWithTheSamples() throws {
    let entry = LocalizedEntry(
      key: "k", language: "en", text: "%1$s has %2$d new", file: URL(fileURLWithPath: "/s"),
      line: 1, syntax: .android,
      spans: [
        StyledSpan(start: 9, end: 13, style: .bold), StyledSpan(start: 14, end: 17, style: .italic),
      ])
    let sample = try PlaceholderSamples().sample(for: entry)
    #expect(sample.text == "Maximilian Mustermann has 88888 new")
    #expect(sample.spans.map(\.description) == ["bold 26..<31", "italic 32..<35"])
  }

  @Test func styleChangesMetricsOnlyForFaceAndSize() {
    #expect(StyledSpan.Style.bold.changesMetrics)
    #expect(StyledSpan.Style.relativeSize(1.25).changesMetrics)
    #expect(!StyledSpan.Style.underline.changesMetrics)
    #expect(!StyledSpan.Style.annotation(["font": "x"]).changesMetrics)
    #expect(StyledSpan.Style(tag: "STRONG") == .bold)
    #expect(StyledSpan.Style(tag: "blink") == .other("blink"))
  }

  // MARK: - Shapes of real apps

  /// The shapes found in real apps (k-9, AntennaPod, NewPipe), written here with made-up text:
  /// a `tools:ignore` on `<resources>`, CDATA links, `formatted="false"`, percent signs that are
  /// not specifiers, `%1$tB`-style dates, `%,d`, and plurals without all the language's
  /// categories.
  @Test func realAppShapesReadWithoutError() throws {
    let url = Fixtures.fontsDirectory.deletingLastPathComponent()
      .appendingPathComponent("android-shapes/res/values-pl/strings.xml")
    let result = try AndroidStringsReader().readFile(contentsOf: url)
    #expect(result.language == "pl")
    #expect(result.entries.count == 16)
    let texts = try result.entries.map { entry in
      try PlaceholderSamples().sample(for: entry)
    }
    #expect(texts.contains { $0.text == "Pobrano 100% plików" && $0.warnings.count == 1 })
    #expect(texts.contains { $0.text == "Ostatnia aktualizacja: September 28" })
    #expect(texts.contains { $0.text == "88,888 subskrypcji" })
    let link = try #require(result.entries.first { $0.key == "privacy" })
    #expect(link.text == "Przeczytaj politykę prywatności.")
    #expect(link.spans.map(\.description) == ["link(https://example.org/privacy) 11..<31"])
    #expect(
      result.entries.filter { $0.key == "episodes" }.map { "\($0.variant)" } == [
        "plural=one", "plural=few", "plural=many",
      ])
    #expect(result.warnings.count == 1)
  }

  @Test func theLoaderCollectsTheReadersWarnings() throws {
    let res = Fixtures.fontsDirectory.deletingLastPathComponent()
      .appendingPathComponent("android-shapes/res")
    let result = StringsLoader().load([res])
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(result.files.count == 2)
    // values/: 2 entries (English); values-pl/: 16.
    #expect(result.entries.count == 18)
    #expect(result.warnings.count == 1)
    #expect(
      result.warnings.first?.message.contains(#"no <item quantity="many">, which pl uses"#) == true)
  }

  /// Set `TYPESCALE_REAL_ANDROID` to a folder of `res/values*/strings.xml` files (a real app,
  /// not committed) to read them all; prints the figures.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["TYPESCALE_REAL_ANDROID"] != nil))
  func realAppReadsWithoutError() throws {
    let root = URL(
      fileURLWithPath: try #require(ProcessInfo.processInfo.environment["TYPESCALE_REAL_ANDROID"]))
    let clock = ContinuousClock()
    let started = clock.now
    var files = 0
    var entries = 0
    var plurals = 0
    var warnings = 0
    var sampleWarnings = 0
    var spans = 0
    var languages: Set<String> = []
    var failures: [String] = []
    var kinds: [String: Int] = [:]
    var reading = Duration.zero
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      guard url.lastPathComponent == "strings.xml",
        AndroidStringsReader.language(ofFolder: url.deletingLastPathComponent().lastPathComponent)
          != nil
      else { continue }
      files += 1
      do {
        let readStarted = clock.now
        let result = try AndroidStringsReader().readFile(contentsOf: url)
        reading += clock.now - readStarted
        entries += result.entries.count
        plurals += result.entries.filter { !$0.variant.isEmpty }.count
        warnings += result.warnings.count
        for warning in result.warnings {
          let kind =
            warning.message.contains("does not have")
            ? "unused quantity"
            : warning.message.contains("shows the other item")
              ? "missing quantity → other"
              : warning.message.contains("NotFoundException")
                ? "missing quantity, no other"
                : "other"
          kinds[kind, default: 0] += 1
        }
        languages.insert(result.language)
        for entry in result.entries {
          spans += entry.spans.count
          do {
            sampleWarnings += try PlaceholderSamples().sample(for: entry).warnings.count
          } catch {
            failures.append("\(error)")
          }
        }
      } catch {
        failures.append("\(error)")
      }
    }
    let elapsed = clock.now - started
    print(
      "real Android: \(files) files, \(entries) entries, \(languages.count) languages, "
        + "\(plurals) plural entries, \(spans) spans, \(warnings) reader warnings, "
        + "\(sampleWarnings) placeholder warnings, \(failures.count) errors, \(elapsed) "
        + "(reading \(reading))")
    for (kind, count) in kinds.sorted(by: { $0.key < $1.key }) { print("  \(kind): \(count)") }
    for failure in failures.prefix(20) { print("  error: \(failure)") }
    #expect(files > 0)
  }
}
