// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings
import TypeScaleTestSupport

@Suite struct StringsLoaderTests {
  static let catalog = """
    { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
      "Save" : { "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated", "value" : "Sichern" } } } } } }
    """
  static let android = """
    <?xml version="1.0" encoding="utf-8"?>
    <resources><string name="save">Save</string></resources>
    """
  static let strings = "\"Save\" = \"Sichern\";\n"
  static let stringsdict = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict/></plist>
    """
  static let xliff = """
    <?xml version="1.0" encoding="UTF-8"?>
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
    <file original="Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext"><body/></file>
    </xliff>
    """

  /// A fresh folder holding `files` (relative path → contents).
  func folder(_ files: [String: String]) throws -> URL {
    try Fixtures.temporaryDirectory("loader", files: files)
  }

  func relative(_ urls: [URL], to root: URL) -> [String] {
    let prefix = root.standardizedFileURL.path + "/"
    return urls.map { $0.standardizedFileURL.path.replacingOccurrences(of: prefix, with: "") }
  }

  @Test func walksFoldersInSortedOrderByKind() throws {
    let root = try folder([
      "ios/Localizable.xcstrings": Self.catalog,
      "ios/de.lproj/Localizable.strings": Self.strings,
      "ios/de.lproj/Localizable.stringsdict": Self.stringsdict,
      "ios/Export/de.xcloc/Localized Contents/de.xliff": Self.xliff,
      "ios/Export/de.xcloc/Source Contents/en.lproj/Localizable.strings": Self.strings,
      "ios/Export/de.xcloc/contents.json": "{}",
      "ios/fr.xliff": Self.xliff,
      "android/res/values/strings.xml": Self.android,
      "android/res/values-de/strings.xml": Self.android,
      "android/res/values-night/strings.xml": Self.android,
      "android/res/values-v21/strings.xml": Self.android,
      "android/res/values/colors.xml": "<resources/>",
      "android/res/layout/main.xml": "<LinearLayout/>",
      ".hidden/Hidden.xcstrings": Self.catalog,
      "ios/.build/Built.xcstrings": Self.catalog,
      "README.md": "not a catalog",
      // A converter's inputs outside any .lproj folder: no app's localization.
      "tools/input/Localizable.stringsdict": Self.stringsdict,
      "tools/Intents.strings": Self.strings,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = StringsLoader().load([root])
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(
      relative(result.skipped, to: root) == [
        "tools/Intents.strings", "tools/input/Localizable.stringsdict",
      ])
    #expect(
      relative(result.files, to: root) == [
        "android/res/values/strings.xml",
        "android/res/values-de/strings.xml",
        "ios/Export/de.xcloc/Localized Contents/de.xliff",
        "ios/Localizable.xcstrings",
        "ios/de.lproj/Localizable.strings",
        "ios/de.lproj/Localizable.stringsdict",
        "ios/fr.xliff",
      ])
    let android = result.entries.filter { $0.syntax == .android }
    #expect(android.map(\.language) == ["en", "de"])
    let catalog = result.entries.filter { $0.file.pathExtension == "xcstrings" }
    #expect(catalog.map { "\($0.language)=\($0.text)" } == ["en=Save", "de=Sichern"])
    // The same call twice gives the same answer.
    let again = StringsLoader().load([root])
    #expect(again.files == result.files)
    #expect(again.entries == result.entries)
  }

  @Test func oneBrokenFileDoesNotHideTheOthers() throws {
    let root = try folder([
      "a/Broken.xcstrings": "{ \"strings\" : ",
      "b/Good.xcstrings": Self.catalog,
      "c/res/values/strings.xml": "<resources><string name=\"x\">x</strin></resources>",
      "d/res/values/strings.xml": Self.android,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = StringsLoader().load([root])
    #expect(result.files.count == 4)
    #expect(result.errors.map(\.code) == [.malformed, .malformed])
    #expect(
      result.errors.map { $0.file?.lastPathComponent } == ["Broken.xcstrings", "strings.xml"])
    #expect(result.entries.count == 3)
  }

  /// (file name, whether the loader takes it when named explicitly).
  static let explicit: [(String, Bool)] = [
    ("Localizable.xcstrings", true), ("notes.txt", false), ("Localizable.json", false),
    ("res/values-night/strings.xml", true), ("layout.xml", false),
  ]

  @Test(arguments: explicit)
  func explicitFilesOfUnknownKindsNameTheSupportedOnes(name: String, taken: Bool) throws {
    let root = try folder([name: name.hasSuffix("xcstrings") ? Self.catalog : Self.android])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = StringsLoader().load([root.appendingPathComponent(name)])
    if taken {
      #expect(result.files.count == 1)
    } else {
      #expect(result.files.isEmpty)
      #expect(result.errors.count == 1)
      #expect(result.errors.first?.code == .invalid)
      #expect(
        result.errors.first?.message.contains(
          "expected .xcstrings, .strings, .stringsdict, .xliff, .xcloc") == true)
    }
  }

  @Test func explicitStringsOutsideAnLprojFolderIsAnError() throws {
    let root = try folder(["tools/Intents.strings": Self.strings])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = StringsLoader().load([root.appendingPathComponent("tools/Intents.strings")])
    #expect(result.skipped.isEmpty)
    #expect(result.errors.map(\.code) == [.invalid])
    #expect(result.errors.first?.message.contains("not a language folder") == true)
  }

  @Test func explicitAndroidNonLanguageFolderIsAnError() throws {
    let root = try folder(["res/values-night/strings.xml": Self.android])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = StringsLoader().load([root.appendingPathComponent("res/values-night/strings.xml")])
    #expect(result.errors.map(\.code) == [.invalid])
    #expect(result.errors.first?.message.contains("not a language folder") == true)
  }

  @Test func missingPathsAndDuplicates() throws {
    let root = try folder(["Localizable.xcstrings": Self.catalog])
    defer { try? FileManager.default.removeItem(at: root) }
    let missing = root.appendingPathComponent("nope")
    let file = root.appendingPathComponent("Localizable.xcstrings")
    let result = StringsLoader().load([file, missing, root, file])
    #expect(result.files == [file])
    #expect(result.errors.map(\.code) == [.unreadable])
    #expect(result.errors.first?.file == missing)
    #expect(result.entries.count == 2)
  }

  @Test func tooDeepFoldersAreReportedAndSkipped() throws {
    let deep = (0...StringsLoader.maximumDepth).map { "d\($0)" }.joined(separator: "/")
    let root = try folder([
      "\(deep)/Deep.xcstrings": Self.catalog,
      "Shallow.xcstrings": Self.catalog,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = StringsLoader().load([root])
    #expect(relative(result.files, to: root) == ["Shallow.xcstrings"])
    #expect(result.errors.map(\.code) == [.tooLarge])
    #expect(
      result.errors.first?.message.contains("more than \(StringsLoader.maximumDepth) levels")
        == true)
  }

  @Test func anXclocWithoutXLIFFIsAnError() throws {
    let root = try folder(["de.xcloc/contents.json": "{}"])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = StringsLoader().load([root.appendingPathComponent("de.xcloc")])
    #expect(result.files.isEmpty)
    #expect(result.errors.map(\.code) == [.invalid])
  }
}
