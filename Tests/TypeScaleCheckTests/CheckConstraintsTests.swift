// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck
import TypeScaleTestSupport

@Suite struct CheckConstraintsTests {
  @Test func load_everyField() throws {
    let folder = try CheckFolder()
    try folder.copyFonts(["Fixture-KR.otf", "Fixture-Arabic.ttf"])
    try folder.write(
      "typography.json",
      #"{ "name": "App", "styles": { "body": { "size": 15 } }, "tokens": { "button": { "size": 15, "weight": "semibold" } } }"#
    )
    let constraints = try folder.constraints(
      #"""
      { "typography": "typography.json", "fontDirectories": ["fonts"],
        "fonts": { "ko": "TypeScale Fixture Korean", "pt-BR": "TypeScale Fixture Korean",
                   "Arab": "TypeScale Fixture Arabic" },
        "systemFallback": true,
        "catalogs": ["Localizable.xcstrings", "android/res"],
        "placeholders": { "integer": "3" },
        "defaults": { "style": "body", "width": 320, "lineLimit": 0, "truncation": true,
                      "categories": "xS...AX5", "device": "iphone" },
        "rules": [ { "keys": "button.*", "style": "button", "width": 120, "lineLimit": 1,
                     "truncation": false, "categories": ["L", "AX1"], "device": "ipad" },
                   { "keys": "title.?" } ] }
      """#)
    #expect(constraints.typography.name == "App")
    #expect(constraints.typography.tokenNames == ["button"])
    #expect(constraints.fontDirectories.map(\.lastPathComponent) == ["fonts"])
    #expect(
      constraints.languageFonts == [
        "ko": "TypeScale Fixture Korean", "pt-br": "TypeScale Fixture Korean",
      ])
    #expect(constraints.scriptFonts == ["Arab": "TypeScale Fixture Arabic"])
    #expect(constraints.systemFallback)
    #expect(
      constraints.catalogs.map(\.path) == [
        folder.url.appendingPathComponent("Localizable.xcstrings").path,
        folder.url.appendingPathComponent("android/res").path,
      ])
    #expect(constraints.registry?.faces(family: "TypeScale Fixture Korean").isEmpty == false)
    let button = try #require(constraints.rule(for: "button.ok"))
    #expect(button.name == "button.*")
    #expect(button.style == "button")
    #expect(button.width == 120)
    #expect(button.lineLimit == 1)
    #expect(!button.truncationAllowed)
    #expect(button.categories == [.large, .accessibilityMedium])
    #expect(button.device == "ipad")
    // Unset fields come from defaults.
    let title = try #require(constraints.rule(for: "title.a"))
    #expect(title.name == "title.?")
    #expect(title.style == "body")
    #expect(title.width == 320)
    #expect(title.truncationAllowed)
    #expect(title.categories == ContentSizeCategory.allCases)
    #expect(title.device == "iphone")
    let other = try #require(constraints.rule(for: "title.ab"))
    #expect(other.name == "defaults")
  }

  @Test func load_minimalFileUsesSystemTypographyAndSkipsUnmatchedKeys() throws {
    let folder = try CheckFolder()
    let constraints = try folder.constraints(#"{ "rules": [ { "keys": "a" } ] }"#)
    #expect(constraints.typography.name == "system")
    #expect(constraints.registry == nil)
    #expect(constraints.rule(for: "b") == nil)
    let rule = try #require(constraints.rule(for: "a"))
    #expect(rule.style == "body")
    #expect(rule.width == nil)
    #expect(rule.lineLimit == 0)
    #expect(!rule.truncationAllowed)
    #expect(rule.categories.count == 12)
  }

  /// Paths are used as written when absolute, else taken from the constraints file's folder.
  @Test func load_absoluteAndRelativePaths() throws {
    let folder = try CheckFolder()
    let fontsFolder = folder.url.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fontsFolder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Fixtures.font("Fixture-Regular.ttf"),
      to: fontsFolder.appendingPathComponent("Fixture-Regular.ttf"))
    let fonts = fontsFolder.path
    let constraints = try folder.constraints(
      #"{ "fontDirectories": ["# + "\"\(fonts)\""
        + #"], "catalogs": ["/tmp/A.xcstrings", "sub/B.xcstrings"] }"#)
    #expect(constraints.fontDirectories.map(\.path) == [fonts])
    #expect(
      constraints.catalogs.map(\.path)
        == ["/tmp/A.xcstrings", folder.url.appendingPathComponent("sub/B.xcstrings").path])
  }

  /// Each bad file, and what its error must say: the JSON path and what is valid.
  static let errors: [(json: String, expected: [String])] = [
    (
      #"{ "rules": [ { "keys": "a", "width": -1 } ] }"#,
      ["rules[0].width", "width -1 is not valid", "use points > 0"]
    ),
    (
      #"{ "rules": [ {"keys": "a"}, {"keys": "b"}, {"keys": "c", "categories": "AX3...xS"} ] }"#,
      [
        "rules[2].categories",
        #"category range "AX3...xS" runs backwards; write xS...AX3 (the smaller category first)"#,
      ]
    ),
    (#"{ "rules": [ { "width": 3 } ] }"#, ["rules[0].keys", "required field is missing"]),
    (#"{ "rules": [ { "keys": "" } ] }"#, ["rules[0].keys", "pattern is empty"]),
    (#"{ "defaults": { "lineLimt": 1 } }"#, ["defaults.lineLimt", "unknown field", "lineLimit"]),
    (#"{ "rulez": [] }"#, ["rulez", "unknown field", "rules"]),
    (
      #"{ "defaults": { "categories": ["L", "XXL9"] } }"#,
      ["defaults.categories", "unknown content-size category \"XXL9\"", "AX5"]
    ),
    (#"{ "defaults": { "categories": [] } }"#, ["defaults.categories", "list is empty"]),
    (#"{ "defaults": { "categories": 3 } }"#, ["defaults.categories", "range string"]),
    (
      #"{ "defaults": { "lineLimit": -1 } }"#,
      ["defaults.lineLimit", "line limit -1 is not valid", "from 0 (no limit)"]
    ),
    (#"{ "defaults": { "lineLimit": 1.5 } }"#, ["defaults.lineLimit", "whole number"]),
    (#"{ "defaults": { "device": "" } }"#, ["defaults.device", "iphone"]),
    (#"{ "systemFallback": "yes" }"#, ["systemFallback", "expected true or false"]),
    (#"{ "catalogs": "a.xcstrings" }"#, ["catalogs", "a list"]),
    (#"{ "fonts": { "ko": 3 } }"#, ["fonts.ko", "a string"]),
    (
      #"{ "rules": [ { "keys": "a", "style": "bogus" } ] }"#,
      ["rules[0].style", "\"bogus\"", "text styles are", "largeTitle"]
    ),
    (#"{ "defaults": { "style": "bogus" } }"#, ["defaults.style", "text styles are"]),
    (#"{ "fonts": { "ko": "Nope" } }"#, ["fonts.ko", "no family \"Nope\"", "Noto Sans"]),
    (#"{ "fonts": { "Xqzw": "Noto Sans" } }"#, ["fonts.Xqzw", "ISO 15924", "Hang"]),
    (#"{ "fonts": { "k!": "Noto Sans" } }"#, ["fonts.k!", "neither a language code"]),
    (#"{ "fontDirectories": ["missing"] }"#, ["fontDirectories[0]", "missing"]),
    (#"{ "typography": "missing.json" }"#, ["typography", "missing.json"]),
    (#"{ "rules": [ } "#, ["constraints.json:1:14: "]),
    (#"[1, 2]"#, ["(top level)", "an object"]),
  ]

  @Test(arguments: errors)
  func load_errorNamesThePathAndWhatIsValid(json: String, expected: [String]) throws {
    let folder = try CheckFolder()
    let error = try #require(try folder.loadError(json))
    #expect(error.message.hasPrefix(folder.url.appendingPathComponent("constraints.json").path))
    for part in expected {
      #expect(error.message.contains(part), "\(error.message) lacks \(part)")
    }
  }

  /// Foundation's decoder on Linux gives no position for a syntax error; the positioned
  /// parser finds the line and column in the same document.
  @Test func load_syntaxErrorNamesLineAndColumn() throws {
    let folder = try CheckFolder()
    let error = try #require(try folder.loadError("{\n  \"rules\": [\n    }\n"))
    #expect(
      error.message.hasPrefix(
        folder.url.appendingPathComponent("constraints.json").path + ":3:5: "),
      "\(error.message)")
  }

  @Test func load_limits() throws {
    let folder = try CheckFolder()
    let rules = Array(repeating: #"{"keys":"a"}"#, count: CheckConstraints.maximumRules + 1)
    let error = try #require(
      try folder.loadError("{\"rules\":[\(rules.joined(separator: ","))]}"))
    #expect(error.message.contains("rules: 10001 rules; at most 10000"))
    let big = String(repeating: " ", count: CheckConstraints.maximumFileSize + 1)
    let tooLarge = try #require(try folder.loadError("{}" + big))
    #expect(tooLarge.message.contains("at most \(CheckConstraints.maximumFileSize)"))
    let missing = folder.url.appendingPathComponent("none.json")
    #expect(throws: CheckError.self) { try CheckConstraints.load(contentsOf: missing) }
  }

  static let fontChoices: [(language: String, text: String, family: String?)] = [
    ("ko", "확인", "Korean"),
    ("ko-KR", "확인", "Korean"),
    ("pt-BR", "Salvar", "Brazil"),
    ("pt_br", "Salvar", "Brazil"),
    ("pt-PT", "Guardar", nil),
    ("ar", "حفظ", "Arabic"),
    ("fa", "ذخیره 12", "Arabic"),  // no language font: the dominant script picks one
    ("en", "Save", nil),
    ("en", "123", nil),
  ]

  @Test(arguments: fontChoices)
  func fontFamily_byLanguageThenPrimarySubtagThenScript(
    language: String, text: String, family: String?
  ) {
    var constraints = CheckConstraints()
    constraints.languageFonts = ["ko": "Korean", "pt-br": "Brazil"]
    constraints.scriptFonts = ["Arab": "Arabic"]
    #expect(constraints.fontFamily(language: language, text: text) == family)
  }
}
