// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings

@Suite struct PlaceholderSamplesTests {
  static let file = URL(fileURLWithPath: "/tmp/Localizable.xcstrings")

  func entry(
    _ text: String, key: String = "key", language: String = "en",
    variant: [StringVariant.Step] = [], syntax: PlaceholderSyntax = .apple, line: Int = 7
  ) -> LocalizedEntry {
    LocalizedEntry(
      key: key, language: language, variant: StringVariant(variant), text: text,
      file: Self.file, line: line, syntax: syntax)
  }

  /// (text, text with the default samples) for `String(format:)` specifiers.
  static let apple: [(String, String)] = [
    ("Hello %@!", "Hello Maximilian Mustermann!"),
    ("%d items", "88888 items"),
    ("%i %u", "88888 88888"),
    ("%ld %lld %lu %hd %zd", "88888 88888 88888 88888 88888"),
    ("%f", "8888.880000"),
    ("%.2f km", "8888.88 km"),
    ("%.1f", "8888.9"),
    ("%.0f", "8889"),
    ("%e", "8.888880e+03"),
    ("%g", "8888.88"),
    ("%x / %X / %o", "15b38 / 15B38 / 255470"),
    ("%c", "W"),
    ("%s", "Maximilian Mustermann"),
    ("%1$@ and %2$lld", "Maximilian Mustermann and 88888"),
    ("%2$@ before %1$d", "Maximilian Mustermann before 88888"),
    ("100%%", "100%"),
    ("%5d|%-5d|%08d", "88888|88888|00088888"),
    ("[%25s]", "[    Maximilian Mustermann]"),
    ("[%-23s]", "[Maximilian Mustermann  ]"),
    ("%.3s", "Max"),
    ("%+d", "+88888"),
    ("no placeholders", "no placeholders"),
    ("", ""),
    ("%1$@ %1$@", "Maximilian Mustermann Maximilian Mustermann"),
  ]

  @Test(arguments: apple)
  func appleSpecifiers(text: String, expected: String) throws {
    #expect(try PlaceholderSamples().text(for: entry(text)) == expected)
  }

  /// (text, text with the default samples) for Android's `String.format`.
  static let android: [(String, String)] = [
    ("Hello %s!", "Hello Maximilian Mustermann!"),
    ("%S", "MAXIMILIAN MUSTERMANN"),
    ("%d songs", "88888 songs"),
    ("%1$s has %2$d", "Maximilian Mustermann has 88888"),
    ("%.1f MB", "8888.9 MB"),
    ("50%%", "50%"),
    ("a%nb", "a\nb"),
    ("%b", "false"),
    ("%,d steps", "88,888 steps"),
    ("%1$,d", "88,888"),
    ("%x", "15b38"),
    ("%c", "W"),
    ("%e", "8.888880e+03"),
    ("%.2f", "8888.88"),
    ("Born in %tB", "Born in September"),
    ("%1$tA, %1$tY", "Wednesday, 2028"),
    ("%TB", "SEPTEMBER"),
    ("%tF", "2028-09-28"),
  ]

  @Test(arguments: android)
  func androidSpecifiers(text: String, expected: String) throws {
    #expect(try PlaceholderSamples().text(for: entry(text, syntax: .android)) == expected)
  }

  /// (text, syntax, the bad specifier, column, part of the message): what
  /// `java.util.Formatter` throws for, and a position Foundation refuses.
  static let malformed: [(String, PlaceholderSyntax, String, Int, String)] = [
    ("%300$@", .apple, "%300$", 1, "over the 127 that Foundation accepts"),
    ("%999999d", .apple, "%999999d", 1, "expected a width and precision of at most 1000"),
  ]

  /// (text, the bad specifier, column, part of the message) for Android.
  ///
  /// These are the specifiers `java.util.Formatter` throws for. They are warnings and the text is measured as written,
  /// as `getString` shows it; the entry is kept.
  static let androidMalformed: [(String, String, Int, String)] = [
    ("100%", "%", 4, "ends the text without a conversion"),
    ("Value %y here", "%y", 7, "unknown conversion 'y'"),
    ("%1$", "%1$", 1, "has a position but no conversion"),
    ("%*d", "%*", 1, "takes its width from an argument"),
    ("%0$s", "%0$", 1, "position 0"),
    ("%@", "%@", 1, "unknown conversion '@'"),
    ("%lld", "%l", 1, "unknown conversion 'l'"),
    ("%tW", "%t", 1, "date/time conversion followed by 'W'"),
    ("%999999d", "%999999d", 1, "at most 1000"),
  ]

  @Test(arguments: androidMalformed)
  func androidMalformedSpecifiersAreWarningsAndKeepTheText(
    text: String, spelling: String, column: Int, detail: String
  ) throws {
    let sample = try PlaceholderSamples().sample(
      for: entry(text, key: "bad.key", syntax: .android, line: 12))
    #expect(sample.text == text)
    let warning = try #require(sample.warnings.first)
    #expect(sample.warnings.count == 1)
    #expect(warning.line == 12)
    #expect(warning.key == "bad.key")
    #expect(
      warning.message.hasPrefix(
        "/tmp/Localizable.xcstrings:12: the placeholder \"\(spelling)\" at character \(column) of the text of \"bad.key\" (en)"
      ), "\(warning.message)")
    #expect(warning.message.contains(detail), "\(warning.message)")
    #expect(warning.message.contains("measured as written"))
  }

  @Test(arguments: malformed)
  func malformedSpecifiersNameFileLineAndSpecifier(
    text: String, syntax: PlaceholderSyntax, spelling: String, column: Int, detail: String
  ) throws {
    let error = try #require(throws: StringsError.self) {
      try PlaceholderSamples().text(for: entry(text, key: "bad.key", syntax: syntax, line: 12))
    }
    #expect(error.code == .invalid)
    #expect(error.file == Self.file)
    #expect(error.line == 12)
    #expect(
      error.message.hasPrefix(
        "/tmp/Localizable.xcstrings:12: the placeholder \"\(spelling)\" at character \(column) of the text of \"bad.key\" (en)"
      ), "\(error.message)")
    #expect(error.message.contains(detail), "\(error.message)")
    #expect(error.message.contains("expected"))
  }

  /// (language, variant, text, expected) for plural numbers.
  static let plurals: [(String, [StringVariant.Step], String, String)] = [
    ("en", [.plural("one")], "%lld file", "1 file"),
    ("en", [.plural("other")], "%lld files", "88888 files"),
    ("ru", [.plural("few")], "%d файла", "2 файла"),
    ("ru", [.plural("many")], "%d файлов", "88888 файлов"),
    ("ar", [.plural("two")], "%d ملف", "2 ملف"),
    ("fr", [.plural("many")], "%d fichiers", "1000000 fichiers"),
    ("ja", [.plural("one")], "%d件", "1件"),
    ("ja", [.plural("few")], "%d件", "88888件"),
    ("en", [.plural("one")], "%@ has %d file", "Maximilian Mustermann has 1 file"),
    ("en", [.plural("one")], "%2$d file of %1$@", "1 file of Maximilian Mustermann"),
    ("en", [.device("ipad"), .plural("one")], "%d of %d", "1 of 88888"),
    (
      "en",
      [.substitution(name: "files", plural: "one"), .substitution(name: "folders", plural: "few")],
      "%1$lld file in %2$lld folders", "1 file in 88888 folders"
    ),
    (
      "pl",
      [
        .substitution(name: "files", plural: "few"), .substitution(name: "folders", plural: "many"),
      ],
      "%1$lld pliki w %2$lld folderach", "2 pliki w 88888 folderach"
    ),
    ("en", [.plural("one")], "%.1f miles", "8888.9 miles"),
  ]

  @Test(arguments: plurals)
  func pluralVariantsTakeACLDRNumber(
    language: String, steps: [StringVariant.Step], text: String, expected: String
  ) throws {
    #expect(
      try PlaceholderSamples().text(for: entry(text, language: language, variant: steps))
        == expected)
  }

  @Test func decodesTheConstraintsObjectAndOverridesByGlob() throws {
    let json = """
      { "string": "Anna", "integer": 7, "float": "1.5",
        "overrides": [
          { "keys": "cart.*", "integer": "3" },
          { "keys": "cart.total", "integer": "999" },
          { "keys": "greet?", "arguments": { "2": "Bob" } }
        ] }
      """
    let samples = try JSONDecoder().decode(PlaceholderSamples.self, from: Data(json.utf8))
    #expect(samples.string == "Anna")
    #expect(samples.integer == "7")
    #expect(samples.float == "1.5")
    #expect(samples.overrides.count == 3)
    #expect(try samples.text(for: entry("%@: %d, %.2f")) == "Anna: 7, 1.50")
    #expect(try samples.text(for: entry("%d items", key: "cart.total")) == "3 items")
    #expect(try samples.text(for: entry("%@ and %@", key: "greet1")) == "Anna and Bob")
    #expect(try samples.text(for: entry("%@ and %@", key: "greet12")) == "Anna and Anna")
    #expect(
      try samples.text(for: entry("%1$@ x %2$lld", key: "greetX", variant: [.plural("one")]))
        == "Anna x Bob")
  }

  @Test func emptyObjectDecodesToTheDefaults() throws {
    let samples = try JSONDecoder().decode(PlaceholderSamples.self, from: Data("{}".utf8))
    #expect(samples == PlaceholderSamples())
    #expect(samples.string == "Maximilian Mustermann")
    #expect(samples.integer == "88888")
    #expect(samples.float == "8888.88")
  }

  /// Objects the decoder must reject.
  static let badObjects = [
    #"{ "overrides": [ { "integer": "3" } ] }"#,
    #"{ "overrides": [ { "keys": "a", "arguments": { "zero": "x" } } ] }"#,
    #"{ "overrides": [ { "keys": "a", "arguments": { "0": "x" } } ] }"#,
    #"{ "string": [1] }"#,
  ]

  @Test(arguments: badObjects)
  func malformedObjectsFailToDecode(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(PlaceholderSamples.self, from: Data(json.utf8))
    }
  }
}
