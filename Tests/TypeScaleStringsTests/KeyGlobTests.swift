// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleStrings

/// The one glob rule for key patterns: a check's rules and the placeholder overrides.
@Suite struct KeyGlobTests {
  static let globs: [(pattern: String, key: String, matches: Bool)] = [
    ("button.*", "button.subscribe", true),
    ("button.*", "button.", true),
    ("button.*", "Button.subscribe", false),
    ("button.*", "settings.button.ok", false),
    ("*", "", true),
    ("*", "anything.at.all", true),
    ("a?c", "abc", true),
    ("a?c", "ac", false),
    ("a?c", "abbc", false),
    ("*.title", "settings.title", true),
    ("*.title", "settings.titles", false),
    ("a*b*c", "axxbyyc", true),
    ("a*b*c", "axxbyy", false),
    ("*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaa", false),
    ("é?", "éé", true),
    ("exact", "exact", true),
    ("exact", "exactly", false),
  ]

  @Test(arguments: globs)
  func keyGlob_matches(pattern: String, key: String, matches: Bool) throws {
    #expect(try KeyGlob(pattern).matches(key) == matches)
  }

  @Test func keyGlob_rejectsEmptyAndTooLong() throws {
    #expect(
      throws: StringsError(
        .invalid, file: nil,
        "a key pattern is empty; use a key, or a glob such as button.* or *")
    ) { try KeyGlob("") }
    #expect(
      throws: StringsError(
        .invalid, file: nil, "a key pattern has 1025 characters; use at most 1024")
    ) {
      try KeyGlob(String(repeating: "a", count: KeyGlob.maximumLength + 1))
    }
    #expect(try KeyGlob(String(repeating: "a", count: KeyGlob.maximumLength)).pattern.count == 1024)
  }

  @Test func keyGlob_bracketsAndBackslashesAreOrdinary() throws {
    #expect(try KeyGlob("a[b]").matches("a[b]"))
    #expect(try !KeyGlob("a[b]").matches("ab"))
    #expect(try KeyGlob(#"a\*"#).matches(#"a\xyz"#))
    #expect(try KeyGlob("cart.*").description == "cart.*")
  }
}
