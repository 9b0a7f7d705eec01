// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings

/// Catalogs written here, by this project, in the shape Xcode writes them.
@Suite struct StringCatalogReaderTests {
  static let file = URL(fileURLWithPath: "/tmp/Test.xcstrings")

  func read(_ json: String) throws -> [LocalizedEntry] {
    try StringCatalogReader().read(data: Data(json.utf8), file: Self.file)
  }

  /// (language, variant, text) of each entry, in order.
  func summary(_ entries: [LocalizedEntry]) -> [String] {
    entries.map { "\($0.language)|\($0.variant)|\($0.text)" }
  }

  func readError(_ json: String) -> StringsError? {
    do {
      _ = try read(json)
      return nil
    } catch let error as StringsError {
      return error
    } catch {
      return nil
    }
  }

  @Test func plainUnitsWithKeyLineAndState() throws {
    let entries = try read(
      """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "Save" : {
            "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Sichern" } },
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Save" } }
            }
          },
          "Open" : {
            "localizations" : {
              "ko" : { "stringUnit" : { "state" : "needs_review", "value" : "열기" } }
            }
          }
        },
        "version" : "1.0"
      }
      """)
    #expect(
      summary(entries) == [
        "en||Save", "de||Sichern", "ko||Save",
        "en||Open", "de||Open", "ko||열기",
      ])
    #expect(entries.map(\.line) == [4, 4, 4, 10, 10, 10])
    #expect(entries.map(\.state) == ["translated", "translated", nil, nil, nil, "needs_review"])
    #expect(entries.map(\.isFallback) == [false, false, true, true, true, false])
    #expect(
      entries.allSatisfy { $0.file == Self.file && $0.key == ($0.line == 4 ? "Save" : "Open") })
  }

  /// Plural categories, each its own entry, in file order; Russian's few and many included.
  @Test func plurals() throws {
    let entries = try read(
      """
      {"sourceLanguage":"en","strings":{"%lld files":{"localizations":{
        "en":{"variations":{"plural":{
          "one":{"stringUnit":{"state":"translated","value":"%lld file"}},
          "other":{"stringUnit":{"state":"translated","value":"%lld files"}}}}},
        "ru":{"variations":{"plural":{
          "one":{"stringUnit":{"state":"translated","value":"%lld файл"}},
          "few":{"stringUnit":{"state":"translated","value":"%lld файла"}},
          "many":{"stringUnit":{"state":"translated","value":"%lld файлов"}},
          "other":{"stringUnit":{"state":"translated","value":"%lld файла"}}}}}}}}}
      """)
    #expect(
      summary(entries) == [
        "en|plural=one|%lld file", "en|plural=other|%lld files",
        "ru|plural=one|%lld файл", "ru|plural=few|%lld файла",
        "ru|plural=many|%lld файлов", "ru|plural=other|%lld файла",
      ])
    #expect(entries[3].variant == StringVariant([.plural("few")]))
    #expect(entries.allSatisfy { $0.line == 1 })
  }

  /// Device variations, with a plural nested inside one device.
  @Test func deviceVariantsNestingPlurals() throws {
    let entries = try read(
      """
      {"sourceLanguage":"en","strings":{
      "Tap to continue":{"localizations":{"en":{"variations":{"device":{
        "iphone":{"stringUnit":{"state":"translated","value":"Tap to continue"}},
        "mac":{"stringUnit":{"state":"translated","value":"Click to continue"}},
        "ipad":{"variations":{"plural":{
          "one":{"stringUnit":{"state":"translated","value":"Tap one"}},
          "other":{"stringUnit":{"state":"translated","value":"Tap all"}}}}}}}}}}}}
      """)
    #expect(
      summary(entries) == [
        "en|device=iphone|Tap to continue", "en|device=mac|Click to continue",
        "en|device=ipad/plural=one|Tap one", "en|device=ipad/plural=other|Tap all",
      ])
    #expect(entries[2].variant.steps == [.device("ipad"), .plural("one")])
    #expect(entries.map(\.line) == [2, 2, 2, 2])
  }

  /// Substitutions: every combination of the substitutions' plurals, `%arg` as its argument.
  @Test func substitutionsWithPlurals() throws {
    let entries = try read(
      """
      {"sourceLanguage":"en","strings":{"photos":{"localizations":{"de":{
        "stringUnit":{"state":"translated","value":"%#@photos@ in %#@albums@"},
        "substitutions":{
          "photos":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
            "one":{"stringUnit":{"state":"translated","value":"%arg Foto"}},
            "other":{"stringUnit":{"state":"translated","value":"%arg Fotos"}}}}},
          "albums":{"argNum":2,"formatSpecifier":"d","variations":{"plural":{
            "one":{"stringUnit":{"state":"translated","value":"einem Album"}},
            "other":{"stringUnit":{"state":"translated","value":"%arg Alben"}}}}}}}}}}}
      """)
    let german = entries.filter { $0.language == "de" }
    #expect(
      summary(german) == [
        "de|photos=one/albums=one|%1$lld Foto in einem Album",
        "de|photos=one/albums=other|%1$lld Foto in %2$d Alben",
        "de|photos=other/albums=one|%1$lld Fotos in einem Album",
        "de|photos=other/albums=other|%1$lld Fotos in %2$d Alben",
      ])
    #expect(
      german[1].variant.steps == [
        .substitution(name: "photos", plural: "one"),
        .substitution(name: "albums", plural: "other"),
      ])
    // English has no unit: the key is the text.
    #expect(summary(entries.filter { $0.language == "en" }) == ["en||photos"])
  }

  /// Without `argNum` the argument is `%` and the specifier; a substitution without variations
  /// adds no step.
  @Test func substitutionWithoutArgumentNumberOrVariations() throws {
    let entries = try read(
      """
      {"sourceLanguage":"en","strings":{"k":{"localizations":{"hi":{
        "stringUnit":{"state":"stale","value":"%#@n@ · %#@who@"},
        "substitutions":{
          "n":{"formatSpecifier":"d","variations":{"plural":{
            "one":{"stringUnit":{"value":"%arg फ़ाइल"}},
            "other":{"stringUnit":{"value":"%arg फ़ाइलें"}}}}},
          "who":{"argNum":2,"formatSpecifier":"@","stringUnit":{"value":"%arg"}}}}}}}}
      """)
    #expect(
      summary(entries.filter { $0.language == "hi" }) == [
        "hi|n=one|%d फ़ाइल · %2$@", "hi|n=other|%d फ़ाइलें · %2$@",
      ])
    #expect(entries.filter { $0.language == "hi" }.map(\.state) == ["stale", "stale"])
  }

  /// A product beyond the documented limit is refused before it is built.
  @Test func substitutionProductLimit() throws {
    let categories = ["zero", "one", "two", "few", "many", "other"]
    let plural = categories.map { "\"\($0)\":{\"stringUnit\":{\"value\":\"x\"}}" }.joined(
      separator: ",")
    let names = (1...5).map { "s\($0)" }
    let substitutions = names.map { "\"\($0)\":{\"variations\":{\"plural\":{\(plural)}}}" }
      .joined(separator: ",")
    let text = names.map { "%#@\($0)@" }.joined(separator: " ")
    let error = readError(
      """
      {"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{
      "stringUnit":{"value":"\(text)"},"substitutions":{\(substitutions)}}}}}}
      """)
    // 6^5 = 7776 > 4096.
    #expect(error?.code == .tooManyVariants)
    #expect(error?.line == 1)
    #expect(error?.message.contains("4096") == true)
  }

  @Test func shouldTranslateFalseIsSkipped() throws {
    let entries = try read(
      """
      {"sourceLanguage":"en","strings":{
        "TypeScale":{"shouldTranslate":false},
        "OK":{"localizations":{"fr":{"stringUnit":{"state":"translated","value":"D’accord"}}}}}}
      """)
    #expect(summary(entries) == ["en||OK", "fr||D’accord"])
    #expect(entries.allSatisfy { $0.key == "OK" && $0.line == 3 })
  }

  /// A language without a value shows the source language's text, variants included, as iOS.
  @Test func untranslatedFallsBackToSourceLanguage() throws {
    let entries = try read(
      """
      {"sourceLanguage":"en","strings":{
        "count":{"localizations":{
          "en":{"variations":{"plural":{
            "one":{"stringUnit":{"state":"translated","value":"One item"}},
            "other":{"stringUnit":{"state":"translated","value":"%lld items"}}}}},
          "ja":{}}},
        "title":{"localizations":{"ar":{"stringUnit":{"state":"translated","value":"العنوان"}}}}}}
      """)
    #expect(
      summary(entries) == [
        "en|plural=one|One item", "en|plural=other|%lld items",
        "ar|plural=one|One item", "ar|plural=other|%lld items",
        "ja|plural=one|One item", "ja|plural=other|%lld items",
        "en||title", "ar||العنوان", "ja||title",
      ])
    #expect(entries.map(\.isFallback) == [false, false, true, true, true, true, true, false, true])
  }

  /// States are kept as written, stale included, so reports can flag them.
  @Test(arguments: ["new", "needs_review", "translated", "stale"])
  func statesAreKept(state: String) throws {
    let entries = try read(
      """
      {"sourceLanguage":"en","strings":{"Done":{"extractionState":"stale","localizations":{
        "en":{"stringUnit":{"state":"\(state)","value":"Done"}},
        "he":{"stringUnit":{"state":"\(state)","value":"סיום"}}}}}}
      """)
    #expect(entries.map(\.state) == [state, state])
    #expect(summary(entries) == ["en||Done", "he||סיום"])
  }

  /// Malformed JSON: the error names file, line and column and what was expected there.
  @Test(arguments: [
    ("{\"sourceLanguage\":\"en\",\n\"strings\":{\"a\":{} \"b\":{}}}", 2, 19, "expected ',' or '}'"),
    ("{\"sourceLanguage\":\"en\",\n  \"strings\":{\n    \"a\" {}}}", 3, 9, "expected ':'"),
    ("{\"sourceLanguage\":\"en\",\"strings\":{\"é\":tru}}", 1, 39, "expected 'true'"),
    ("{\"sourceLanguage\":\"en\",\n\"strings\":{\"a\":{}},}", 2, 20, "member name"),
    ("{\"sourceLanguage\":\"en\"", 1, 23, "expected ',' or '}'"),
    ("{\"sourceLanguage\":\"en\n\"}", 1, 22, "control character"),
    ("", 1, 1, "expected a JSON value"),
    ("{\"a\":\"x\\q\"}", 1, 9, "expected an escape"),
  ])
  func malformedJSONNamesLineAndColumn(json: String, line: Int, column: Int, expected: String) {
    let error = readError(json)
    #expect(error?.code == .malformed)
    #expect(error?.line == line)
    #expect(error?.column == column)
    #expect(error?.message.hasPrefix("/tmp/Test.xcstrings:\(line):\(column): ") == true)
    #expect(error?.message.contains(expected) == true, "\(error?.message ?? "no error")")
  }

  /// Well-formed JSON that is not a catalog: the place and what was expected.
  @Test(arguments: [
    (
      "{\"sourceLanguage\":\"en\",\"strings\":{\n\"k\":{\"localizations\":{\"en\":{\n\"stringUnit\":{\"state\":\"new\"}}}}}}",
      3, 14, "expected a \"value\" string"
    ),
    (
      "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"localizations\":{\"en\":{\"stringUnit\":{\"value\":3}}}}}}",
      1, 85, "expected \"value\" to be a string"
    ),
    ("{\"strings\":{}}", 1, 1, "\"sourceLanguage\""),
    ("[1]", 1, 1, "expected the catalog to be an object"),
    (
      "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"localizations\":{\"en\":{\"variations\":{\"plural\":{\"several\":{}}}}}}}}",
      1, 87, "expected a plural category"
    ),
    (
      "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"localizations\":{\"en\":{\"variations\":{\"width\":{}}}}}}}",
      1, 77, "expected variations by \"plural\" or \"device\""
    ),
  ])
  func invalidStructureNamesPlace(json: String, line: Int, column: Int, expected: String) {
    let error = readError(json)
    #expect(error?.code == .invalid)
    #expect(error?.line == line)
    #expect(error?.column == column)
    #expect(error?.message.contains(expected) == true, "\(error?.message ?? "no error")")
  }

  /// A key with no localizations at all is its own text in every language.
  @Test func keyWithoutAnyValueIsItsOwnText() throws {
    let entries = try read(
      #"{"sourceLanguage":"en","strings":{"Hello \"%@\"":{},"x":{"localizations":{"th":{"stringUnit":{"value":"เอ็กซ์"}}}}}}"#
    )
    #expect(summary(entries) == [#"en||Hello "%@""#, #"th||Hello "%@""#, "en||x", "th||เอ็กซ์"])
  }

  @Test func fileLimitsAndUnreadableFiles() throws {
    let big = Data(count: StringCatalogReader.maximumFileSize + 1)
    do {
      _ = try StringCatalogReader().read(data: big, file: Self.file)
      Issue.record("expected tooLarge")
    } catch {
      #expect(error.code == .tooLarge)
    }
    let missing = URL(fileURLWithPath: "/nonexistent/Missing.xcstrings")
    do {
      _ = try StringCatalogReader().read(contentsOf: missing)
      Issue.record("expected unreadable")
    } catch {
      #expect(error.code == .unreadable)
      #expect(error.message.hasPrefix("/nonexistent/Missing.xcstrings: "))
    }
  }

  /// Reading from disk: line endings, a byte-order mark and nesting too deep to accept.
  @Test func readsFilesWithBOMAndCRLF() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("StringCatalogReaderTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("Localizable.xcstrings")
    let text = "{\r\n\"sourceLanguage\":\"en\",\r\n\"strings\":{\r\n\"\\ud83d\\ude00 Hi\":{}}}"
    try (Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)).write(to: url)
    let entries = try StringCatalogReader().read(contentsOf: url)
    #expect(summary(entries) == ["en||😀 Hi"])
    #expect(entries.first?.line == 4)
    #expect(entries.first?.file == url)

    let deep = String(repeating: "[", count: 10_000)
    #expect(readError(deep)?.code == .malformed)
  }

  @Test func variantDescriptions() {
    #expect(StringVariant().description == "")
    #expect(StringVariant().isEmpty)
    #expect(
      StringVariant([.device("ipad"), .plural("few"), .substitution(name: "n", plural: "one")])
        .description == "device=ipad/plural=few/n=one")
  }
}
