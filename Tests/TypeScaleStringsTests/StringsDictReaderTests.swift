// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings

/// Stringsdict files written here, by this project, in the shape Xcode writes them.
@Suite struct StringsDictReaderTests {
  static let file = URL(fileURLWithPath: "/tmp/ru.lproj/Localizable.stringsdict")

  /// A plist document around `body` (the top-level dictionary's members); the body starts on
  /// line 5.
  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
  }

  /// A variable's dictionary with the given category texts.
  static func variable(_ texts: [(String, String)], type: String = "lld") -> String {
    """
    <dict>
      <key>NSStringFormatSpecTypeKey</key>
      <string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key>
      <string>\(type)</string>
    \(texts.map { "  <key>\($0.0)</key>\n  <string>\($0.1)</string>" }.joined(separator: "\n"))
    </dict>
    """
  }

  func read(_ body: String) throws -> [LocalizedEntry] {
    try StringsDictReader().read(data: Data(Self.plist(body).utf8), file: Self.file, language: "ru")
  }

  /// (variant, text) of each entry, in order.
  func summary(_ entries: [LocalizedEntry]) -> [String] {
    entries.map { "\($0.variant)|\($0.text)" }
  }

  @Test func aFormatOfOneVariableIsTheKeysOwnPlural() throws {
    let folder = try StringsTestFolder()
    let url = try folder.write(
      Self.plist(
        """
        <key>files.count</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key>
          <string>%#@files@</string>
          <key>files</key>
          \(Self.variable([("other", "%lld файла"), ("one", "%lld файл"), ("few", "%lld файла"), ("many", "%lld файлов")]))
        </dict>
        <key>empty.title</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key>
          <string>Нет %#@items@</string>
          <key>items</key>
          \(Self.variable([("other", "элементов")]))
        </dict>
        """), to: "ru.lproj/Localizable.stringsdict")
    let entries = try StringsDictReader().read(contentsOf: url)
    #expect(
      summary(entries) == [
        "plural=one|%lld файл", "plural=few|%lld файла", "plural=many|%lld файлов",
        "plural=other|%lld файла", "items=other|Нет элементов",
      ])
    #expect(entries.map(\.key) == Array(repeating: "files.count", count: 4) + ["empty.title"])
    #expect(entries.map(\.line) == [5, 5, 5, 5, 25])
    #expect(entries.allSatisfy { $0.language == "ru" && !$0.isFallback && $0.file == url })
  }

  @Test func variablesExpandToEveryCombinationInCLDROrder() throws {
    let entries = try read(
      """
      <key>summary</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>%1$#@files@ in %2$#@folders@</string>
        <key>folders</key>
        \(Self.variable([("other", "%2$lld folders"), ("one", "%2$lld folder")]))
        <key>files</key>
        \(Self.variable([("other", "%1$lld files"), ("zero", "no files"), ("one", "%1$lld file")]))
      </dict>
      """)
    #expect(
      summary(entries) == [
        "files=zero/folders=one|no files in %2$lld folder",
        "files=zero/folders=other|no files in %2$lld folders",
        "files=one/folders=one|%1$lld file in %2$lld folder",
        "files=one/folders=other|%1$lld file in %2$lld folders",
        "files=other/folders=one|%1$lld files in %2$lld folder",
        "files=other/folders=other|%1$lld files in %2$lld folders",
      ])
    #expect(entries.map(\.line) == Array(repeating: 5, count: 6))
  }

  @Test func variablesInsideACategoryTextAreExpandedToo() throws {
    let entries = try read(
      """
      <key>nested</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>%#@photos@</string>
        <key>photos</key>
        \(Self.variable([("one", "one photo in %#@albums@"), ("other", "%lld photos")]))
        <key>albums</key>
        \(Self.variable([("one", "%lld album"), ("other", "%lld albums")]))
      </dict>
      """)
    #expect(
      summary(entries) == [
        "plural=one/albums=one|one photo in %lld album",
        "plural=one/albums=other|one photo in %lld albums",
        "plural=other|%lld photos",
      ])
  }

  /// A variable's text is numbered from the variable's own argument.
  ///
  /// Sources: Stringsdict File Format (the category's `%d` is the variable's number) and
  /// CFString.c's `initialArgPosition`, "only used for recursive calls when doing stringsDict
  /// formatting". Where the expanded text would be
  /// numbered otherwise, every specifier is written with its position.
  @Test func aVariablesTextIsNumberedFromTheVariablesArgument() throws {
    let entries = try StringsDictReader().read(
      data: Data(
        Self.plist(
          """
          <key>liked.by</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@people@%#@others@</string>
            <key>people</key>
            \(Self.variable([("one", ""), ("other", "")], type: "ld"))
            <key>others</key>
            \(Self.variable([("one", "Liked by %1$@ and one more"), ("other", "Liked by %1$@ and %ld more")], type: "ld"))
          </dict>
          <key>folder.files</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@files@ in %@</string>
            <key>files</key>
            \(Self.variable([("one", "One file"), ("other", "%ld files")]))
          </dict>
          <key>user.posts</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%@ wrote %1#@posts@</string>
            <key>posts</key>
            \(Self.variable([("one", "%ld post"), ("other", "%ld posts")]))
          </dict>
          """
        ).utf8), file: Self.file, language: "en")
    #expect(
      summary(entries) == [
        "people=one/others=one|Liked by %1$@ and one more",
        "people=one/others=other|Liked by %1$@ and %2$ld more",
        "people=other/others=one|Liked by %1$@ and one more",
        "people=other/others=other|Liked by %1$@ and %2$ld more",
        "files=one|One file in %2$@",
        "files=other|%ld files in %@",
        "posts=one|%@ wrote %ld post",
        "posts=other|%@ wrote %ld posts",
      ])
    let samples = try entries.map { try PlaceholderSamples().sample(for: $0) }
    #expect(samples.flatMap(\.warnings) == [])
    #expect(
      samples.map(\.text) == [
        "Liked by Maximilian Mustermann and one more",
        "Liked by Maximilian Mustermann and 88888 more",
        "Liked by Maximilian Mustermann and one more",
        "Liked by Maximilian Mustermann and 88888 more",
        "One file in Maximilian Mustermann",
        "88888 files in Maximilian Mustermann",
        "Maximilian Mustermann wrote 1 post",
        "Maximilian Mustermann wrote 88888 posts",
      ])
  }

  @Test func deviceRulesAreDeviceVariants() throws {
    let entries = try read(
      """
      <key>welcome</key>
      <dict>
        <key>NSStringDeviceSpecificRuleType</key>
        <dict>
          <key>mac</key>
          <string>Нажмите, чтобы начать</string>
          <key>iphone</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@taps@</string>
            <key>taps</key>
            \(Self.variable([("one", "%d касание"), ("other", "%d касания")], type: "d"))
          </dict>
        </dict>
      </dict>
      """)
    #expect(
      summary(entries) == [
        "device=iphone/plural=one|%d касание", "device=iphone/plural=other|%d касания",
        "device=mac|Нажмите, чтобы начать",
      ])
  }

  @Test func theWidestTextOfAWidthRuleIsTaken() throws {
    let entries = try read(
      """
      <key>title</key>
      <dict>
        <key>NSStringVariableWidthRuleType</key>
        <dict>
          <key>20</key>
          <string>Средний заголовок</string>
          <key>100</key>
          <string>Очень длинный заголовок окна</string>
          <key>1</key>
          <string>Коротко</string>
        </dict>
      </dict>
      """)
    #expect(summary(entries) == ["|Очень длинный заголовок окна"])
  }

  @Test func aBinaryPropertyListIsReadWithSortedKeys() throws {
    let variable: [String: Any] = [
      "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "one": "1 Ding", "other": "%d Dinge",
    ]
    let rule: [String: Any] = ["NSStringLocalizedFormatKey": "%#@n@", "n": variable]
    let plain: [String: Any] = ["NSStringLocalizedFormatKey": "plain"]
    let plist: [String: Any] = ["z": plain, "a": rule]
    let data = try PropertyListSerialization.data(
      fromPropertyList: plist, format: .binary, options: 0)
    let entries = try StringsDictReader().read(data: data, file: Self.file, language: "de")
    #expect(entries.map(\.key) == ["a", "a", "z"])
    #expect(summary(entries) == ["plural=one|1 Ding", "plural=other|%d Dinge", "|plain"])
    #expect(entries.map(\.line) == [1, 1, 1])
  }

  /// Malformed XML: the line and column `XMLParser` reports, in words.
  @Test(arguments: [
    ("<key>a</key>\n<dict>\n  <key>b</string>\n</dict>", 7, "end tag does not match"),
    ("<key>a</key>\n<dict>\n  <key>b &amp c</key>\n</dict>", 7, "entity"),
  ])
  func malformedXML(body: String, line: Int, words: String) {
    let error = stringsError { try read(body) }
    #expect(error?.code == .malformed)
    #expect(error?.line == line)
    #expect((error?.column ?? 0) > 1)
    #expect(error?.message.contains(words) == true, "\(error?.message ?? "no error")")
  }

  /// Well-formed but not a plural rule: the line of the key at fault.
  @Test(arguments: [
    ("<key>a</key>\n<string>x</string>", 6, "expected \"a\" to be a dictionary, found a string"),
    (
      "<key>a</key>\n<dict>\n  <key>other</key>\n  <string>x</string>\n</dict>", 5,
      "expected \"a\" to have an NSStringLocalizedFormatKey"
    ),
    (
      "<key>a</key>\n<dict>\n  <key>NSStringLocalizedFormatKey</key>\n  <string>%#@n@</string>\n"
        + "  <key>n</key>\n  <dict>\n    <key>NSStringFormatSpecTypeKey</key>\n"
        + "    <string>NSStringPluralRuleType</string>\n    <key>several</key>\n"
        + "    <string>x</string>\n  </dict>\n</dict>", 13, "found \"several\""
    ),
    (
      "<key>a</key>\n<dict>\n  <key>NSStringLocalizedFormatKey</key>\n  <string>%#@n@</string>\n"
        + "  <key>n</key>\n  <dict>\n    <key>one</key>\n    <string>x</string>\n  </dict>\n</dict>",
      9,
      "to be NSStringPluralRuleType, found none"
    ),
    (
      "<key>a</key>\n<dict>\n  <key>NSStringLocalizedFormatKey</key>\n  <string>%#@n@</string>\n"
        + "  <key>n</key>\n  <dict>\n    <key>NSStringFormatSpecTypeKey</key>\n"
        + "    <string>NSStringPluralRuleType</string>\n  </dict>\n</dict>", 9,
      "at least the \"other\" category"
    ),
    (
      "<key>a</key>\n<dict>\n  <key>NSStringLocalizedFormatKey</key>\n  <integer>3</integer>\n</dict>",
      8, "to be a string, found a number"
    ),
  ])
  func invalidRules(body: String, line: Int, words: String) {
    let error = stringsError { try read(body) }
    #expect(error?.code == .invalid)
    #expect(error?.line == line)
    #expect(error?.message.contains(words) == true, "\(error?.message ?? "no error")")
  }

  /// A mismatched end tag is reported at its `<`.
  @Test func aMismatchedEndTagIsReportedAtItsStart() {
    let error = stringsError {
      try read(
        "\t<key>label.itemCount</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n"
          + "\t\t<string>%#@items@\n\t</dict>")
    }
    #expect(error?.code == .malformed)
    #expect(error?.line == 9)
    #expect(error?.column == 2)
  }

  /// A value of the wrong type is reported at its element's `<`, not at its key.
  @Test func aWrongValueIsReportedAtItsElement() {
    let error = stringsError {
      try read(
        "\t<key>label.itemCount</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n"
          + "\t\t<string>%#@items@</string>\n\t\t<key>items</key>\n"
          + "\t\t<string>NSStringPluralRuleType</string>\n\t</dict>")
    }
    #expect(error?.code == .invalid)
    #expect(error?.line == 10)
    #expect(error?.column == 3)
    #expect(
      error?.message.contains("the variable \"items\" to be a dictionary, found a string") == true)
  }

  @Test func tooManyVariantsIsCountedBeforeExpanding() {
    // Five variables of six categories each: 6^5 = 7776 > 4096.
    let names = ["a", "b", "c", "d", "e"]
    let all = StringsDictReader.maximumVariantsPerKey
    let categories = ["zero", "one", "two", "few", "many", "other"].map { ($0, "%d \($0)") }
    let body = """
      <key>huge</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>\(names.map { "%#@\($0)@" }.joined(separator: " "))</string>
      \(names.map { "<key>\($0)</key>\n\(Self.variable(categories))" }.joined(separator: "\n"))
      </dict>
      """
    let error = stringsError { try read(body) }
    #expect(error?.code == .tooManyVariants)
    #expect(error?.line == 5)
    #expect(error?.message.contains("more than \(all) variants") == true)
    // Four variables (1296 variants) are within the limit.
    let four = body.replacingOccurrences(of: " %#@e@", with: "")
    #expect((try? read(four))?.count == 1296)
  }

  @Test func theLanguageComesFromTheLprojFolder() throws {
    let folder = try StringsTestFolder()
    let body = Self.plist(
      "<key>k</key>\n<dict><key>NSStringLocalizedFormatKey</key><string>t</string></dict>")
    let base = try folder.write(body, to: "Base.lproj/Localizable.stringsdict")
    let loose = try folder.write(body, to: "Localizable.stringsdict")
    #expect(
      try StringsDictReader(developmentLanguage: "ja").read(contentsOf: base).map(\.language) == [
        "ja"
      ])
    let error = stringsError { try StringsDictReader().read(contentsOf: loose) }
    #expect(error?.code == .invalid)
    #expect(error?.message.contains("is not a language folder") == true)
    #expect(
      try StringsDictReader().read(contentsOf: loose, language: "hi").map(\.language) == ["hi"])
  }
}
