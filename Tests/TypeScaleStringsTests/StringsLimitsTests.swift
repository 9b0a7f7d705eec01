// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings
import TypeScaleTestSupport

/// Crafted inputs that used to run away (issue 33): each ends quickly with an exact message.
@Suite struct StringsLimitsTests {
  /// A fresh folder holding `files` (relative path → bytes); the caller removes it.
  func folder(_ files: [String: String]) throws -> URL {
    try Fixtures.temporaryDirectory("limits", files: files)
  }

  func android(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n\(body)\n</resources>\n"
  }

  func readAndroid(_ body: String) throws -> [LocalizedEntry] {
    let root = try folder(["res/values/strings.xml": android(body)])
    defer { try? FileManager.default.removeItem(at: root) }
    return try AndroidStringsReader().read(
      contentsOf: root.appendingPathComponent("res/values/strings.xml"))
  }

  func androidError(_ body: String) throws -> StringsError {
    try #require(throws: StringsError.self) { try readAndroid(body) }
  }

  // MARK: - Android references

  @Test func longReferenceChainsResolveInLinearTime() throws {
    // 20 links (Android's limit) resolve; 3,000 strings each pointing at the next within
    // chains of 20 resolve in one pass.
    var body = ""
    for chain in 0..<150 {
      for link in 0..<20 {
        body += "<string name=\"s\(chain)_\(link)\">@string/s\(chain)_\(link + 1)</string>\n"
      }
      body += "<string name=\"s\(chain)_20\">end \(chain)</string>\n"
    }
    let started = Date()
    let entries = try readAndroid(body)
    #expect(entries.count == 150 * 21)
    #expect(entries[0].text == "end 0")
    #expect(entries.last?.text == "end 149")
    #expect(Date().timeIntervalSince(started) < 5)
  }

  @Test func chainLongerThanAndroidFollowsIsRefused() throws {
    var body = ""
    for link in 0..<3000 { body += "<string name=\"s\(link)\">@string/s\(link + 1)</string>\n" }
    body += "<string name=\"s3000\">end</string>\n"
    let started = Date()
    let error = try androidError(body)
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(error.code == .invalid)
    #expect(error.line == 3)
    #expect(
      error.message.hasSuffix(
        "strings.xml:3: the references of \"s0\" go on for more than 20 links (@string/s1 → "
          + "@string/s2 → @string/s3 → @string/s4 → … → @string/s19 → @string/s20 → @string/s21 "
          + "…); expected at most 20, the most Android follows"), "\(error.message)")
  }

  @Test func cycleIsReportedWithItsChain() throws {
    let error = try androidError(
      """
      <string name="a">@string/b</string>
      <string name="b">@string/c</string>
      <string name="c">@string/a</string>
      """)
    #expect(
      error.message.hasSuffix(
        "strings.xml:3: the reference @string/b of \"a\" is part of a cycle (@string/b → "
          + "@string/c → @string/a → @string/b); expected a chain of references that ends in text"),
      "\(error.message)")
  }

  // MARK: - Android text as aapt2 compiles it

  /// (raw text inside <string>, the text Android shows).
  static let androidTexts: [(String, String)] = [
    ("Fish &amp; chips &#8230; &#x2026; &lt;&gt;", "Fish & chips … … <>"),
    // An entity's character obeys the quoting rules as if written: &quot; opens a quotation.
    ("&quot;it&apos;s&quot;  \\&quot;", "it's \""),
    (##"\#hash \u00e9\u41"##, "#hash éA"),
    ("no\u{A0}break  space", "no\u{A0}break space"),
    (#""quoted "<b>bold</b>"  kept""#, "quoted bold  kept"),
    (#""don't" stop"#, "don't stop"),
    (#"@string/none"#, "@string/none"),
  ]

  @Test(arguments: androidTexts.dropLast())
  func androidTextDecodes(raw: String, expected: String) throws {
    #expect(try readAndroid("<string name=\"k\">\(raw)</string>").map(\.text) == [expected])
  }

  @Test func quotedReferenceIsText() throws {
    let entries = try readAndroid("<string name=\"k\">\"@string/none\"</string>")
    #expect(entries.map(\.text) == ["@string/none"])
  }

  /// (raw text, the message's end).
  static let androidRefused: [(String, String)] = [
    (
      "It's",
      "strings.xml:3: the text of <string name=\"k\"> has an apostrophe (') outside "
        + "double quotes that is not escaped, which aapt2 refuses; expected \\' or the text in "
        + "double quotes"
    ),
    (
      #"\uZZZZ"#,
      "strings.xml:3: the text of <string name=\"k\"> has the escape \"\\uZZZZ\", "
        + "which aapt2 refuses; expected \\u and 4 hexadecimal digits, such as \\u00E9"
    ),
  ]

  @Test(arguments: androidRefused)
  func androidTextRefused(raw: String, message: String) throws {
    let error = try androidError("<string name=\"k\">\(raw)</string>")
    #expect(error.code == .invalid)
    #expect(error.message.hasSuffix(message), "\(error.message)")
  }

  /// Documents whose entities FoundationXML would drop: refused, never read as shorter text.
  static let entityDocuments: [(String, String)] = [
    (
      "<?xml version=\"1.0\"?>\n<!DOCTYPE resources [<!ENTITY e \"EEE\">]>\n<resources>"
        + "<string name=\"k\">a &e; b</string></resources>",
      "strings.xml:2:22: the document declares an entity (<!ENTITY), which is not read; "
        + "expected only XML's predefined entities (&amp; &lt; &gt; &quot; &apos;) and "
        + "character references such as &#8230;"
    ),
    (
      "<resources>\n<string name=\"k\">a &unknown; b</string></resources>",
      "strings.xml:2:29: an undeclared entity; expected &amp;, &lt;, &gt;, &quot;, &apos; or "
        + "a character reference"
    ),
  ]

  @Test(arguments: entityDocuments)
  func undeclaredAndDeclaredEntitiesAreErrors(document: String, message: String) throws {
    let root = try folder(["res/values/strings.xml": document])
    defer { try? FileManager.default.removeItem(at: root) }
    let error = try #require(throws: StringsError.self) {
      try AndroidStringsReader().read(
        contentsOf: root.appendingPathComponent("res/values/strings.xml"))
    }
    #expect(error.code == .malformed)
    #expect(error.message.hasSuffix(message), "\(error.message)")
  }

  // MARK: - XML nesting

  @Test(arguments: ["res/values/strings.xml", "de.xliff", "en.lproj/Deep.stringsdict"])
  func deeplyNestedXMLIsRefusedQuickly(path: String) throws {
    let depth = 100_000
    let document =
      "<?xml version=\"1.0\"?>\n<root>" + String(repeating: "<a>", count: depth)
      + String(repeating: "</a>", count: depth) + "</root>"
    let root = try folder([path: document])
    defer { try? FileManager.default.removeItem(at: root) }
    let started = Date()
    let result = StringsLoader().load([root.appendingPathComponent(path)])
    #expect(Date().timeIntervalSince(started) < 5)
    let error = try #require(result.errors.first)
    #expect(error.code == .malformed)
    #expect(error.line == 2)
    #expect(
      error.message.hasSuffix("the elements nest more than 128 levels deep; expected at most 128"),
      "\(error.message)")
  }

  // MARK: - Variants

  /// A stringsdict whose variables each name the next twice in every category: the variants
  /// double per level.
  func doublingStringsdict(levels: Int) -> String {
    var variables = ""
    for level in 0..<levels {
      let next = level + 1 < levels ? "%#@v\(level + 1)@ %#@v\(level + 1)@" : "x"
      variables += """
        <key>v\(level)</key><dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>one</key><string>\(next)</string><key>other</key><string>\(next)</string>
        </dict>

        """
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>bomb</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@v0@</string>
      \(variables)</dict></dict></plist>
      """
  }

  @Test func nestedVariablesAreCountedBeforeTheyAreBuilt() throws {
    let root = try folder(["en.lproj/Bomb.stringsdict": doublingStringsdict(levels: 15)])
    defer { try? FileManager.default.removeItem(at: root) }
    let started = Date()
    let error = try #require(throws: StringsError.self) {
      try StringsDictReader().read(
        contentsOf: root.appendingPathComponent("en.lproj/Bomb.stringsdict"))
    }
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(error.code == .tooManyVariants)
    #expect(error.line == 3)
    #expect(
      error.message.hasSuffix(
        ": \"bomb\" expands to more than 4096 variants (at least 8192); expected fewer "
          + "variables or plural categories"), "\(error.message)")
  }

  @Test func devicesCountTowardsTheKeysVariants() throws {
    var devices = ""
    for device in 0..<4097 { devices += "<key>d\(device)</key><string>x</string>\n" }
    let document = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>many</key><dict><key>NSStringDeviceSpecificRuleType</key><dict>
      \(devices)</dict></dict></dict></plist>
      """
    let root = try folder(["en.lproj/Devices.stringsdict": document])
    defer { try? FileManager.default.removeItem(at: root) }
    let error = try #require(throws: StringsError.self) {
      try StringsDictReader().read(
        contentsOf: root.appendingPathComponent("en.lproj/Devices.stringsdict"))
    }
    #expect(error.code == .tooManyVariants)
    #expect(
      error.message.hasSuffix(
        "Devices.stringsdict:3:1: \"many\" expands to more than 4096 variants (at least 4097); expected fewer "
          + "variables or plural categories"), "\(error.message)")
  }

  @Test func catalogVariationsWithoutSubstitutionsAreCounted() throws {
    var plural = ""
    for index in 0..<4097 {
      plural +=
        (index == 0 ? "" : ",")
        + "\"d\(index)\":{\"stringUnit\":{\"state\":\"new\",\"value\":\"x\"}}"
    }
    let catalog = """
      {"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"variations":{"device":{
      \(plural)}}}}}},"version":"1.0"}
      """
    let error = try #require(throws: StringsError.self) {
      try StringCatalogReader().read(
        data: Data(catalog.utf8), file: URL(fileURLWithPath: "/x/Localizable.xcstrings"))
    }
    #expect(error.code == .tooManyVariants)
    #expect(
      error.message
        == "/x/Localizable.xcstrings:1:62: the \"en\" localization of \"k\" expands to more than "
        + "4096 variants (at least 4097); expected fewer variations, substitutions or plural "
        + "categories")
  }

  @Test func catalogFallbackEntriesAreCountedBeforeTheyAreMade() throws {
    // 600 languages on one key, and 500 keys without localizations: 500 × 601 fallbacks.
    var localizations = ""
    for index in 0..<600 {
      localizations +=
        (index == 0 ? "" : ",")
        + "\"l\(index)\":{\"stringUnit\":{\"state\":\"new\",\"value\":\"x\"}}"
    }
    var keys = "\"first\":{\"localizations\":{\(localizations)}}"
    for index in 0..<500 { keys += ",\"k\(index)\":{}" }
    let catalog = "{\"sourceLanguage\":\"en\",\"strings\":{\(keys)}}"
    let started = Date()
    let error = try #require(throws: StringsError.self) {
      try StringCatalogReader().read(
        data: Data(catalog.utf8), file: URL(fileURLWithPath: "/x/Localizable.xcstrings"))
    }
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(error.code == .tooLarge)
    #expect(
      error.message
        == "/x/Localizable.xcstrings:1: the catalog expands to more than 100000 entries (at "
        + "least 100367 by the key \"k165\"; it has 501 keys in 601 languages, and a language "
        + "without a value repeats the source language's); expected at most 100000 "
        + "(StringCatalogReader.maximumEntriesPerFile)")
  }

  @Test func loaderStopsAtItsEntryLimit() throws {
    let root = try folder([
      "en.lproj/A.strings": "\"a\" = \"1\";\n\"b\" = \"2\";\n",
      "en.lproj/B.strings": "\"c\" = \"3\";\n\"d\" = \"4\";\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = StringsLoader(maximumEntries: 3).load([root])
    #expect(result.entries.map(\.key) == ["a", "b"])
    #expect(
      result.errors.map(\.message) == [
        root.appendingPathComponent("en.lproj/B.strings").path
          + ": this file's 2 entries bring the load to 4 entries, over the limit of 3 "
          + "(StringsLoader.maximumEntries); expected fewer files or languages, or a higher "
          + "limit (this file and the rest were not read)"
      ])
    #expect(StringsLoader().maximumEntries == 1_000_000)
  }

  // MARK: - Placeholders

  /// (text, the message's end).
  static let wide: [(String, String)] = [
    (
      "%999999d items",
      "the placeholder \"%999999d\" at character 1 of the text of \"k\" (en) has the width "
        + "999999; expected a width and precision of at most 1000 "
        + "(PlaceholderSamples.maximumWidth), more than any label needs"
    ),
    (
      "%.5000f",
      "the placeholder \"%.5000f\" at character 1 of the text of \"k\" (en) has the precision "
        + "5000; expected a width and precision of at most 1000 "
        + "(PlaceholderSamples.maximumWidth), more than any label needs"
    ),
  ]

  @Test(arguments: wide)
  func wideSpecifiersAreRefused(text: String, message: String) throws {
    let entry = LocalizedEntry(
      key: "k", language: "en", text: text, file: URL(fileURLWithPath: "/x/L.strings"), line: 4)
    let error = try #require(throws: StringsError.self) {
      try PlaceholderSamples().text(for: entry)
    }
    #expect(error.message == "/x/L.strings:4: " + message)
  }

  @Test func widthAtTheLimitIsLaidOut() throws {
    let entry = LocalizedEntry(
      key: "k", language: "en", text: "%1000d", file: URL(fileURLWithPath: "/x/L.strings"),
      line: 1)
    #expect(try PlaceholderSamples().text(for: entry).count == 1000)
  }

  // MARK: - Files that are not files

  @Test func fifoIsNamedAsSuch() throws {
    let root = try Fixtures.temporaryDirectory("fifo")
    defer { try? FileManager.default.removeItem(at: root) }
    let url = root.appendingPathComponent("Localizable.xcstrings")
    #expect(mkfifo(url.path, 0o600) == 0)
    let error = try #require(throws: StringsError.self) {
      try StringCatalogReader().read(contentsOf: url)
    }
    #expect(error.code == .unreadable)
    #expect(
      error.message
        == "\(url.path): the path is a FIFO (named pipe), not a catalog; expected a regular file")
  }

  @Test func characterDeviceIsNamedAsSuch() throws {
    let error = try #require(throws: StringsError.self) {
      try StringsFileReader().read(
        contentsOf: URL(fileURLWithPath: "/dev/zero"), language: "en")
    }
    #expect(
      error.message
        == "/dev/zero: the path is a character device, not a strings file; expected a regular "
        + "file")
  }

  @Test func longValuesAreCutInMessages() throws {
    let key = String(repeating: "k", count: 5000)
    let entry = LocalizedEntry(
      key: key, language: "en", text: "%y", file: URL(fileURLWithPath: "/x/L.strings"), line: 1)
    let warning = try #require(try PlaceholderSamples().sample(for: entry).warnings.first)
    #expect(warning.message.contains(String(repeating: "k", count: 200) + "… (5000 characters)"))
    #expect(warning.message.count < 600)
  }

  /// A binary property list of about 400 bytes that stands for 2³⁰ dictionaries.
  ///
  /// Its 30 levels each name the level below twice. Object 0 is "x", objects 1 and 2 the keys "a" and "b", and each
  /// later object the dictionary {"a": previous, "b": previous}.
  static let sharedBinaryPlist: [UInt8] = {
    var objects: [[UInt8]] = [
      [0x51, UInt8(ascii: "x")], [0x51, UInt8(ascii: "a")],
      [0x51, UInt8(ascii: "b")],
    ]
    var previous = 0
    for _ in 0..<30 {
      objects.append([0xD2, 1, 2, UInt8(previous), UInt8(previous)])
      previous = objects.count - 1
    }
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    bytes += [0, 0, 0, 0, 0, 0, 2, 1]
    for value in [objects.count, previous, table] {
      bytes += (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }
    return bytes
  }()

  @Test func sharedObjectsOfABinaryPlistAreMeasuredFirst() throws {
    let started = Date()
    let error = try #require(throws: StringsError.self) {
      try StringsDictReader().read(
        data: Data(Self.sharedBinaryPlist), file: URL(fileURLWithPath: "/x/Dag.stringsdict"),
        language: "en")
    }
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(error.code == .tooLarge)
    #expect(
      error.message
        == "/x/Dag.stringsdict: the binary property list shares its objects so that it stands "
        + "for more than 250000 values (at least 262141); expected a property list as Xcode "
        + "writes it")
  }

  @Test func xliffAndStringsdictDecodeEntities() throws {
    let xliff = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xliff version="1.2"><file original="a" source-language="en" target-language="de"><body>
      <trans-unit id="k &amp; l"><source>Fish &amp; chips&#8230;</source>
      <target state="translated">Fisch &amp; Pommes&#x2026; &lt;3</target></trans-unit>
      </body></file></xliff>
      """
    let entries = try XLIFFReader().read(
      data: Data(xliff.utf8), file: URL(fileURLWithPath: "/x/de.xliff"))
    #expect(entries.map(\.key) == ["k & l", "k & l"])
    #expect(entries.map(\.text) == ["Fish & chips…", "Fisch & Pommes… <3"])
    let dict = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>a &amp; b</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@n@ &amp; more&#8230;</string>
      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>other</key><string>%lld &lt;items&gt;</string></dict></dict></dict></plist>
      """
    let plural = try StringsDictReader().read(
      data: Data(dict.utf8), file: URL(fileURLWithPath: "/x/L.stringsdict"), language: "en")
    #expect(plural.map(\.key) == ["a & b"])
    #expect(plural.map(\.text) == ["%lld <items> & more…"])
  }

  @Test func xliffWithAnUndeclaredEntityIsMalformed() throws {
    let xliff = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xliff version="1.2"><file original="a" source-language="en"><body>
      <trans-unit id="k"><source>a &hellip; b</source></trans-unit></body></file></xliff>
      """
    let error = try #require(throws: StringsError.self) {
      try XLIFFReader().read(data: Data(xliff.utf8), file: URL(fileURLWithPath: "/x/de.xliff"))
    }
    #expect(error.code == .malformed)
    #expect(
      error.message
        == "/x/de.xliff:3:38: an undeclared entity; expected &amp;, &lt;, &gt;, &quot;, &apos; "
        + "or a character reference")
  }

  @Test func loaderNamesADeviceGivenAsAFile() {
    let result = StringsLoader().load([URL(fileURLWithPath: "/dev/zero")])
    #expect(
      result.errors.map(\.message) == [
        "/dev/zero: the path is a character device, not a localized-strings file; expected a "
          + "regular file: .xcstrings, .strings, .stringsdict, .xliff, .xcloc (a folder), or "
          + "strings.xml in a values[-<language>] folder"
      ])
  }
}
