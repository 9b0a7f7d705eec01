// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings

/// One test per rule of Foundation's format specifiers.
///
/// Each asserts the exact text measured and the exact warnings. Each row names its source: Apple's "String Format Specifiers" page
/// (`Specifiers`, https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/Strings/Articles/formatSpecifiers.html),
/// Apple's "Stringsdict File Format" page (`Stringsdict`,
/// https://developer.apple.com/library/archive/documentation/MacOSX/Conceptual/BPInternational/StringsdictFileFormat/StringsdictFileFormat.html),
/// or swift-corelibs-foundation's `CFString.c` with what `String(format:)` printed on this
/// machine's Foundation (`observed`). Strings are made up here, in the shapes real apps ship.
@Suite struct FoundationPlaceholderRulesTests {
  static let file = URL(fileURLWithPath: "/tmp/de.lproj/Localizable.strings")

  /// A rule: its source, the text, the text measured, and per warning (specifier, column,
  /// detail).
  struct Rule: CustomTestStringConvertible, Sendable {
    var source: String
    var text: String
    var measured: String
    var warnings: [(String, Int, String)] = []
    var testDescription: String { text }
  }

  static let name = "Maximilian Mustermann"

  static func mixDetail(_ positional: String, _ sequential: String, _ number: Int) -> String {
    "mixes positional (\(positional)) and sequential (\(sequential)) specifiers: Foundation "
      + "numbers the sequential ones on their own, from 1, so \(sequential) takes argument "
      + "\(number), as \(positional) does; measured so, each with the sample of its own kind"
  }
  static func literalDetail(_ why: String, _ written: String) -> String {
    "is not a specifier Foundation formats (\(why)): Foundation writes \(written) in its "
      + "place and takes no argument; measured so"
  }
  static let atWidth =
    "has a width or precision, which Foundation ignores for %@ (it writes the object's "
    + "description as is); measured without them"

  static let rules: [Rule] = [
    // Positional and sequential specifiers in one text: CFString.c's
    // __CFStringAppendFormatCore moves its argNum only for specifiers without a position;
    // observed "%1$ld and %ld" with 5, 7 → "5 and 5".
    Rule(
      source: "CFString.c __CFStringAppendFormatCore; observed \"5 and 5\"",
      text: "Liked by %1$@ and %ld others", measured: "Liked by \(name) and 88888 others",
      warnings: [("%ld", 19, mixDetail("%1$@", "%ld", 1))]),
    // Observed "%ld %2$ld %ld" with 5, 7 → "5 7 7".
    Rule(
      source: "CFString.c __CFStringAppendFormatCore; observed \"5 7 7\"",
      text: "%ld of %2$ld (%ld)", measured: "88888 of 88888 (88888)",
      warnings: [("%ld", 15, mixDetail("%2$ld", "%ld", 2))]),
    // A mix whose numbers do not collide is formatted as meant; observed "%@ and %2$ld" with
    // "Anna", 7 → "Anna and 7".
    Rule(
      source: "CFString.c __CFStringAppendFormatCore; observed \"Anna and 7\"",
      text: "%@, page %2$ld", measured: "\(name), page 88888"),
    // A translation that reorders with one position too few: %1$d takes the object's argument.
    Rule(
      source: "CFString.c __CFStringAppendFormatCore; observed \"Anna and 94008198208144\"",
      text: "%@, %2$d von %1$d", measured: "\(name), 88888 von 88888",
      warnings: [("%1$d", 14, mixDetail("%1$d", "%@", 1))]),
    // `%$1@`: `$` ends the specifier without a conversion (__CFParseFormatSpec's default case,
    // CFFormatLiteralType); observed "Unknown: %$1@" with "Anna" → "Unknown: $1@".
    Rule(
      source: "CFString.c __CFParseFormatSpec; observed \"Unknown: $1@\"",
      text: "Unknown record: %$1@", measured: "Unknown record: $1@",
      warnings: [("%$", 17, literalDetail("'$' is not a conversion", "\"$\""))]),
    // A digit then a letter: the digit is written, the letter dropped; observed "%1η πριν"
    // with 5 → "1 πριν".
    Rule(
      source: "CFString.c __CFParseFormatSpec; observed \"1 πριν\"",
      text: "vor %1ημ", measured: "vor 1μ",
      warnings: [("%1η", 5, literalDetail("'η' is not a conversion", "\"1\""))]),
    Rule(
      source: "CFString.c __CFParseFormatSpec; observed \"a y b\"",
      text: "a %y b", measured: "a y b",
      warnings: [("%y", 3, literalDetail("'y' is not a conversion", "\"y\""))]),
    // `'` is not a flag CoreFoundation knows; observed "%'ld" → "'ld".
    Rule(
      source: "CFString.c __CFParseFormatSpec; observed \"'ld\"",
      text: "%'ld", measured: "'ld",
      warnings: [("%'", 1, literalDetail("''' is not a conversion", "\"'\""))]),
    // `0` is a flag, so `%0$@` has no position; observed "0@".
    Rule(
      source: "CFString.c __CFParseFormatSpec; observed \"0@\"",
      text: "%0$@", measured: "0@",
      warnings: [("%0$", 1, literalDetail("'$' is not a conversion", "\"0\""))]),
    // A `%` at the end writes nothing (CFFormatIncompleteSpecifierType); observed "abc %" →
    // "abc ".
    Rule(
      source: "CFString.c __CFParseFormatSpec; observed \"abc \"",
      text: "100 %", measured: "100 ",
      warnings: [("%", 5, literalDetail("the text ends before its conversion", "nothing"))]),
    Rule(
      source: "CFString.c __CFParseFormatSpec; observed \"abc \"",
      text: "Total: %1$", measured: "Total: ",
      warnings: [("%1$", 8, literalDetail("the text ends before its conversion", "nothing"))]),
    // `%%` is a percent sign (Specifiers); observed "100%% %ld" → "100% 3".
    Rule(
      source: "Specifiers; observed \"100% 3\"", text: "100%% of %ld", measured: "100% of 88888"),
    // %@ ignores width and precision: CFString.c's CFFormatCFType case appends the description
    // as is; observed "[%10@][%-10@][%.2@]" with "Anna" → "[Anna][Anna][Anna]".
    Rule(
      source: "CFString.c __CFStringAppendFormatCore (CFFormatCFType); observed \"[Anna]\"",
      text: "[%25@][%.3@]", measured: "[\(name)][\(name)]",
      warnings: [("%25@", 2, atWidth), ("%.3@", 8, atWidth)]),
    // %s honours them; observed "%.2s|%6s" with "Anna" → "An|  Anna".
    Rule(
      source: "CFString.c (CFFormatCharsType); observed \"An|  Anna\"",
      text: "[%.3s][%25s]", measured: "[Max][    \(name)]"),
    // An argument no specifier takes: observed "%1$ld %3$ld" with 1, 2, 3 → "1 2".
    Rule(
      source: "CFString.c __CFStringAppendFormatCore; observed \"1 2\"",
      text: "%1$ld von %3$ld", measured: "88888 von 88888",
      warnings: [
        (
          "%3$ld", 11,
          "takes argument 3, but no specifier takes argument 2: Foundation reads the app's "
            + "arguments in order for the numbers used, so this specifier shows the app's "
            + "argument 2 (observed: \"%1$ld %3$ld\" with 1, 2, 3 formats \"1 2\"); measured with "
            + "the sample of argument 3"
        )
      ]),
    // Length modifiers (Specifiers: l, ll, q, z, t, j, h, hh); observed each prints its number.
    Rule(
      source: "Specifiers; observed \"1 2 3 4 5 6 7 8\"",
      text: "%lld %lu %zd %qd %hd %hhd %jd %td",
      measured: "88888 88888 88888 88888 88888 88888 88888 88888"),
    // %D, %U, %O: Specifiers documents them as %d, %u, %o. This machine's glibc prints them
    // as written (observed "%D %U %O"); TypeScale measures them as iOS formats them.
    Rule(source: "Specifiers", text: "%D %U %O", measured: "88888 88888 255470"),
    // %C is a unichar, %c a char (Specifiers); observed 0x57 → "W".
    Rule(source: "Specifiers; observed \"W\"", text: "%C%c", measured: "WW"),
    // %n writes nothing and skips an argument (CFFormatDummyPointerType); observed
    // "a%nb %ld" with 1, 2 → "ab 2".
    Rule(
      source: "CFString.c __CFParseFormatSpec (%n); observed \"ab 2\"",
      text: "a%nb %ld", measured: "ab 88888",
      warnings: [
        ("%n", 2, "is %n, for which Foundation writes nothing and skips an argument; measured so")
      ]),
    // A width from an argument; observed "[%*ld]" with 6, 42 → "[    42]".
    Rule(
      source: "CFString.c __CFParseFormatSpec (*); observed \"[    42]\"",
      text: "[%*ld]", measured: "[88888]",
      warnings: [
        (
          "%*ld", 2,
          "takes its width from argument 1, whose value is not known before the app runs; "
            + "measured without padding"
        )
      ]),
    // A variable no rule defines is an object; observed "%1$#@var@ x" with "Anna" → "Anna x".
    Rule(
      source: "CFString.c __CFParseFormatSpec (%#@key@); observed \"Anna x\"",
      text: "%#@files@ left", measured: "\(name) left",
      warnings: [
        (
          "%#@files@", 1,
          "names the variable \"files\", which no stringsdict or catalog substitution defines: "
            + "Foundation formats its argument as %@; measured with the string sample"
        )
      ]),
    // A name with a space is not a variable: the space ends the key, the next `@` is %@.
    Rule(
      source: "CFString.c __CFParseFormatSpec (keyIndex)",
      text: "%# @sites @ left", measured: "\(name) left",
      warnings: [
        (
          "%# @sites @", 1,
          "is not a variable Foundation recognises (a variable's name has only letters, "
            + "digits and _, between %#@ and @): Foundation formats its argument as %@; "
            + "measured with the string sample"
        )
      ]),
    // The same argument as two kinds.
    Rule(
      source: "CFString.c __CFStringAppendFormatCore",
      text: "%1$@ (%1$ld)", measured: "\(name) (88888)",
      warnings: [
        (
          "%1$ld", 7,
          "formats argument 1 as an integer, but %1$@ formats it as a string or object; "
            + "measured with the sample of each one's kind"
        )
      ]),
    Rule(source: "Specifiers (n$)", text: "%2$@ vor %1$@", measured: "\(name) vor \(name)"),
    Rule(source: "Specifiers; observed \"005\"", text: "%.3ld", measured: "88888"),
  ]

  @Test(arguments: rules)
  func foundationRule(_ rule: Rule) throws {
    let entry = LocalizedEntry(
      key: "rule.key", language: "de", text: rule.text, file: Self.file, line: 3)
    let sample = try PlaceholderSamples().sample(for: entry)
    #expect(sample.text == rule.measured, "\(rule.source)")
    let expected = rule.warnings.map { spelling, column, detail in
      "/tmp/de.lproj/Localizable.strings:3: the placeholder \"\(spelling)\" at character "
        + "\(column) of the text of \"rule.key\" (de) \(detail)"
    }
    #expect(sample.warnings.map(\.message) == expected, "\(rule.source)")
    #expect(sample.warnings.allSatisfy { $0.key == "rule.key" && $0.line == 3 })
    #expect(try PlaceholderSamples().text(for: entry) == rule.measured)
  }

  /// (text, specifier, column, detail) of what Foundation cannot format or TypeScale not
  /// measure.
  static let unformattable: [(String, String, Int, String)] = [
    // Positions over INT8_MAX: __CFParseFormatSpec returns "Overflow occurred"; observed
    // String(format: "%200$ld", 1) logs the error and traps.
    (
      "%200$ld", "%200$", 1,
      "has the position 200, over the 127 that Foundation accepts (\"Overflow occurred\"), so "
        + "it formats nothing; expected a position from 1 to 127"
    ),
    (
      "%1001d", "%1001d", 1,
      "has the width 1001; expected a width and precision of at most 1000 "
        + "(PlaceholderSamples.maximumWidth), more than any label needs"
    ),
  ]

  @Test(arguments: unformattable)
  func unformattableTextThrows(text: String, spelling: String, column: Int, detail: String) {
    let entry = LocalizedEntry(key: "k", language: "de", text: text, file: Self.file, line: 9)
    let error = #expect(throws: StringsError.self) {
      _ = try PlaceholderSamples().sample(for: entry)
    }
    #expect(
      error?.message
        == "/tmp/de.lproj/Localizable.strings:9: the placeholder \"\(spelling)\" at character "
        + "\(column) of the text of \"k\" (de) \(detail)")
  }

  /// A plural variant's own number goes to the argument Foundation gives the variable's text.
  @Test func aPluralVariantsNumberFollowsTheRewrittenPosition() throws {
    let entry = LocalizedEntry(
      key: "k", language: "en", variant: StringVariant([.substitution(name: "n", plural: "one")]),
      text: "One file in %2$@", file: Self.file, line: 1)
    let sample = try PlaceholderSamples().sample(for: entry)
    #expect(sample.text == "One file in \(Self.name)")
    #expect(sample.warnings.isEmpty)
  }
}
