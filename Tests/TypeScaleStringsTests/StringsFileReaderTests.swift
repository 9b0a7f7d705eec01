// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings

/// A fresh temporary folder per test, removed when the value is released.
final class StringsTestFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("TypeScaleStringsTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes `data` at `path` (folders created), returning its URL.
  @discardableResult
  func write(_ data: Data, to path: String) throws -> URL {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
    return file
  }

  /// Writes `text` as UTF-8 at `path`, returning its URL.
  @discardableResult
  func write(_ text: String, to path: String) throws -> URL {
    try write(Data(text.utf8), to: path)
  }

  /// A sparse file of `size` bytes at `path`.
  @discardableResult
  func writeSparse(size: Int, to path: String) throws -> URL {
    let file = try write(Data(), to: path)
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
    return file
  }
}

/// The error `body` throws, or `nil`.
func stringsError<T>(_ body: () throws -> T) -> StringsError? {
  do {
    _ = try body()
    return nil
  } catch let error as StringsError {
    return error
  } catch {
    return nil
  }
}

/// Strings files written here, by this project, in the shape `genstrings` and Xcode write them.
@Suite struct StringsFileReaderTests {
  static let file = URL(fileURLWithPath: "/tmp/de.lproj/Localizable.strings")

  func read(_ text: String) throws -> [LocalizedEntry] {
    try StringsFileReader().read(data: Data(text.utf8), file: Self.file, language: "de")
  }

  @Test func keysValuesLinesAndLanguageFromTheFolder() throws {
    let folder = try StringsTestFolder()
    let url = try folder.write(
      """
      /* Title of the save button */
      "button.save" = "Sichern";

      // A line comment
      "cart.count" =
        "%lld Artikel im Warenkorb";
      unquoted.key-1 = value_2;  "same.line" = "Zweiter";
      "echo";
      /* multi
         line */ "last" = "Ende";
      """, to: "de.lproj/Localizable.strings")
    let entries = try StringsFileReader().read(contentsOf: url)
    #expect(
      entries.map(\.key) == [
        "button.save", "cart.count", "unquoted.key-1", "same.line", "echo", "last",
      ])
    #expect(
      entries.map(\.text) == [
        "Sichern", "%lld Artikel im Warenkorb", "value_2", "Zweiter", "echo", "Ende",
      ])
    #expect(entries.map(\.line) == [2, 5, 7, 7, 8, 10])
    #expect(entries.allSatisfy { $0.language == "de" && $0.variant.isEmpty && !$0.isFallback })
    #expect(entries.allSatisfy { $0.file == url && $0.syntax == .apple && $0.state == nil })
  }

  /// Each escape, checked against the expected text and against Foundation's own old-style
  /// plist parser (`PropertyListSerialization`).
  @Test(arguments: [
    (#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), (#"\t"#, "\t"), (#"\r"#, "\r"),
    (#"\U00e9"#, "é"), (#"\U00E9t\U00e9"#, "été"), (#"\UD83D\UDE00"#, "😀"),
    (#"\101"#, "A"), (#"\7"#, "\u{07}"), (#"\303"#, "ˆ"),
    (#"\a\b\f\v"#, "\u{07}\u{08}\u{0C}\u{0B}"),
    (#"\q\'"#, "q'"), (#"100 %% \"sure\"\n"#, "100 %% \"sure\"\n"),
  ])
  func escapes(escaped: String, expected: String) throws {
    let source = "\"k\" = \"\(escaped)\";\n"
    let entries = try read(source)
    #expect(entries.map(\.text) == [expected])
    let foundation = try PropertyListSerialization.propertyList(
      from: Data(source.utf8), options: [], format: nil)
    #expect((foundation as? [String: String])?["k"] == expected)
  }

  @Test(arguments: [("UTF-16LE", true, [UInt8]([0xFF, 0xFE])), ("UTF-16BE", false, [0xFE, 0xFF])])
  func utf16WithByteOrderMark(name: String, littleEndian: Bool, mark: [UInt8]) throws {
    let text = "/* Überschrift */\r\n\"title\" = \"Größe 😀\";\r\n\"next\" = \"\\U00e9\";\r\n"
    var bytes = mark
    for unit in text.utf16 {
      bytes +=
        littleEndian
        ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
    }
    let folder = try StringsTestFolder()
    let url = try folder.write(Data(bytes), to: "ko.lproj/InfoPlist.strings")
    let entries = try StringsFileReader().read(contentsOf: url)
    #expect(entries.map(\.key) == ["title", "next"], "\(name)")
    #expect(entries.map(\.text) == ["Größe 😀", "é"], "\(name)")
    #expect(entries.map(\.line) == [2, 3], "\(name)")
    #expect(entries.map(\.language) == ["ko", "ko"], "\(name)")
  }

  @Test func utf8ByteOrderMarkIsSkipped() throws {
    let entries = try StringsFileReader().read(
      data: Data([0xEF, 0xBB, 0xBF] + Array("\"a\" = \"ä\";".utf8)), file: Self.file, language: "de"
    )
    #expect(entries.map(\.key) == ["a"])
    #expect(entries.map(\.text) == ["ä"])
  }

  @Test func aKeyDefinedTwiceKeepsItsLastValueAtItsFirstPlace() throws {
    let entries = try read("\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n")
    #expect(entries.map(\.key) == ["a", "b"])
    #expect(entries.map(\.text) == ["3", "2"])
    #expect(entries.map(\.line) == [3, 2])
  }

  @Test func emptyAndCommentOnlyFilesHaveNoEntries() throws {
    #expect(try read("").isEmpty)
    #expect(try read("/* nothing */\n// here\n").isEmpty)
  }

  /// Malformed input: the code, the line and column, and a word of the message.
  @Test(arguments: [
    ("\"a\" = \"b;\n", StringsError.Code.malformed, 1, 7, "unterminated string"),
    ("\"a\" = \"b\"\n\"c\" = \"d\";", .malformed, 2, 1, "expected ';' after the value of \"a\""),
    ("\"a\" = \"b\"", .malformed, 1, 10, "found the end of the file"),
    ("\"a\" \"b\";", .malformed, 1, 5, "expected '=' (or ';') after the key \"a\""),
    ("\"a\" = ;", .malformed, 1, 7, "expected a quoted value"),
    ("  = \"b\";", .malformed, 1, 3, "expected a quoted key"),
    ("\"ok\" = \"1\";\n\"a\" = \"x\\Uzz\";", .malformed, 2, 9, "hexadecimal digits after \\U"),
    ("\"a\" = \"Caf\\U00zz\";", .malformed, 1, 11, "expected 4 hexadecimal digits"),
    ("\"a\" = \"\\UD83Dx\";", .malformed, 1, 8, "high surrogate"),
    ("\"a\" = \"\\UD83D\\U0041\";", .malformed, 1, 14, "expected a low surrogate"),
    ("\"a\" = \"\\UDE00\";", .malformed, 1, 8, "low surrogate without"),
    ("\"a\" = \"b\";\n/* open", .malformed, 2, 1, "unterminated comment"),
    ("\"a\" = (\"b\");", .invalid, 1, 7, "found an array"),
    ("\"a\" = {};", .invalid, 1, 7, "found a dictionary"),
  ])
  func malformed(text: String, code: StringsError.Code, line: Int, column: Int, words: String) {
    let error = stringsError { try read(text) }
    #expect(error?.code == code)
    #expect(error?.line == line)
    #expect(error?.column == column)
    #expect(error?.message.contains(words) == true, "\(error?.message ?? "no error")")
    #expect(error?.message.hasPrefix("\(Self.file.path):\(line):\(column): ") == true)
  }

  @Test func invalidUTF8IsReportedWhereItStands() {
    let bytes = Array("\"a\" = \"ok\";\n\"b\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8)
    let error = stringsError {
      try StringsFileReader().read(data: Data(bytes), file: Self.file, language: "de")
    }
    #expect(error?.code == .malformed)
    #expect(error?.line == 2)
    #expect(error?.column == 8)
    #expect(error?.message.contains("invalid UTF-8") == true)
  }

  @Test func invalidUTF16IsReportedWhereItStands() {
    // "a" = "<lone high surrogate>"; in UTF-16LE.
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in Array("\"a\"\n= \"".utf16) + [0xD800, 0x22, 0x3B] {
      bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    let error = stringsError {
      try StringsFileReader().read(data: Data(bytes), file: Self.file, language: "de")
    }
    #expect(error?.code == .malformed)
    #expect(error?.line == 2)
    #expect(error?.column == 4)
    #expect(error?.message.contains("invalid UTF-16") == true)
    let odd = stringsError {
      try StringsFileReader().read(data: Data([0xFF, 0xFE, 0x22]), file: Self.file, language: "de")
    }
    #expect(odd?.code == .malformed)
    #expect(odd?.message.contains("half a code unit") == true)
  }

  @Test func baseFolderIsTheDevelopmentLanguage() throws {
    let folder = try StringsTestFolder()
    let url = try folder.write("\"a\" = \"b\";", to: "Base.lproj/Main.strings")
    #expect(try StringsFileReader().read(contentsOf: url).map(\.language) == ["en"])
    #expect(
      try StringsFileReader(developmentLanguage: "fr").read(contentsOf: url).map(\.language) == [
        "fr"
      ])
  }

  @Test func aFileOutsideAnLprojFolderNeedsAnExplicitLanguage() throws {
    let folder = try StringsTestFolder()
    let url = try folder.write("\"a\" = \"b\";", to: "Resources/Localizable.strings")
    let error = stringsError { try StringsFileReader().read(contentsOf: url) }
    #expect(error?.code == .invalid)
    #expect(error?.message.contains("\"Resources\" is not a language folder") == true)
    #expect(
      try StringsFileReader().read(contentsOf: url, language: "pt-BR").map(\.language) == ["pt-BR"])
  }

  /// Each reader refuses a file over its limit before reading it, and names a missing file.
  @Test(arguments: ["strings", "stringsdict", "xliff"])
  func limitsAreCheckedBeforeReading(kind: String) throws {
    let folder = try StringsTestFolder()
    let limit =
      switch kind {
      case "strings": StringsFileReader.maximumFileSize
      case "stringsdict": StringsDictReader.maximumFileSize
      default: XLIFFReader.maximumFileSize
      }
    let big = try folder.writeSparse(size: limit + 1, to: "en.lproj/Big.\(kind)")
    let missing = folder.url.appendingPathComponent("en.lproj/Missing.\(kind)")
    func read(_ url: URL) throws -> [LocalizedEntry] {
      switch kind {
      case "strings": try StringsFileReader().read(contentsOf: url)
      case "stringsdict": try StringsDictReader().read(contentsOf: url)
      default: try XLIFFReader().read(contentsOf: url)
      }
    }
    let tooLarge = stringsError { try read(big) }
    #expect(tooLarge?.code == .tooLarge)
    #expect(tooLarge?.message.contains("expected at most \(limit) bytes") == true)
    #expect(stringsError { try read(missing) }?.code == .unreadable)
  }
}
