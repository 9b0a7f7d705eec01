// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale

@testable import TypeScaleCheck

@Suite struct CheckJUnitReportTests {
  private func parsed() throws -> XMLNode {
    try XMLNode.parse(CheckJUnitReport().write(CheckReportSamples.report)).get()
  }

  @Test func junit_isWellFormedWithCounts() throws {
    let root = try parsed()
    #expect(root.name == "testsuites")
    // Cases: button [en], [de]; cart [ru]; title [ar], [he]; legal [en] skipped; Broken error.
    #expect(root.attributes["tests"] == "7")
    #expect(root.attributes["failures"] == "3")
    #expect(root.attributes["errors"] == "1")
    #expect(root.attributes["skipped"] == "1")
    let suites = root.children.filter { $0.name == "testsuite" }
    #expect(
      suites.compactMap { $0.attributes["name"] }
        == ["Localizable.xcstrings", "res/values-ru/strings.xml", "Broken.xcstrings"])
    #expect(suites.first?.attributes["tests"] == "5")
    #expect(suites.first?.attributes["failures"] == "2")
  }

  @Test func junit_oneFailingCasePerKeyAndLanguage() throws {
    let cases = try parsed().all.filter { $0.name == "testcase" }
    let failing = cases.filter { $0.children.contains { $0.name == "failure" } }
    #expect(
      failing.compactMap { $0.attributes["name"] }
        == ["button.subscribe [de]", "title.welcome [he]", "cart.count [ru]"])
    let german = try #require(failing.first)
    #expect(german.attributes["classname"] == "Localizable.xcstrings")
    let failure = try #require(german.children.first { $0.name == "failure" })
    #expect(failure.attributes["message"] == "fails at AX1, AX2, AX3, AX4, AX5")
    #expect(failure.text.contains("Localizable.xcstrings:12: 'button.subscribe' in de truncates"))
    #expect(
      failure.text
        == "Localizable.xcstrings:12: 'button.subscribe' in de truncates at AX1, AX2, AX3, AX4, "
        + "AX5; fits up to XXXL\n  text: Abonnieren und benachrichtigen\n"
        + "  limits: headline, 120 pt, 1 line, rule button.*\n  AX1: truncated\n"
        + "  AX2: truncated\n  AX3: truncated\n  AX4: truncated\n  AX5: truncated\n")
    // The plural variants are one case; the baselined one is not a failure but a note.
    let russian = failing[2]
    let message = russian.children.first { $0.name == "failure" }?.attributes["message"]
    #expect(message == "fails at AX4, AX5 (plural=many)")
    #expect(
      russian.children.first { $0.name == "system-out" }?.text
        == "accepted by the baseline: fails at AX5 (plural=few)")
    #expect(cases.filter { $0.attributes["name"] == "cart.count [ru]" }.count == 1)
  }

  @Test func junit_skippedAndUnreadableFilesAreCases() throws {
    let cases = try parsed().all.filter { $0.name == "testcase" }
    let skipped = try #require(cases.first { $0.attributes["name"] == "legal.footer [en]" })
    #expect(
      skipped.children.first?.name == "skipped"
        && skipped.children.first?.attributes["message"]
          == "no rule matches and there are no defaults"
    )
    let broken = try #require(cases.first { $0.attributes["classname"] == "Broken.xcstrings" })
    #expect(broken.children.first?.name == "error")
    #expect(
      broken.children.first?.attributes["message"]?.hasPrefix("Broken.xcstrings:3:7:") == true)
  }

  @Test func junit_escapesMarkupAndReplacesControlCharacters() throws {
    let xml = CheckJUnitReport().write(CheckReportSamples.report)
    #expect(!xml.contains("\u{7}"))
    #expect(xml.contains("U+0007"))
    let hebrew = try #require(
      try parsed().all.first { $0.attributes["name"] == "title.welcome [he]" })
    #expect(hebrew.allText.contains("text: <b>ברוכים & \"הבאים\"</b>' U+0007"))
  }

  /// An entry warning is a `system-out` line of its key and language's case, or a passing case
  /// of its own; it never adds a failure.
  @Test func junit_entryWarningsAreNotesOfTheirCase() throws {
    var report = CheckReportSamples.report
    report.entryWarnings = [
      CheckEntryWarning(
        key: "button.subscribe", language: "de", variant: "", file: "Localizable.xcstrings",
        line: 12, column: 9, message: "Localizable.xcstrings:12:9: '%1$@' and '%ld' mixed",
        isMeasured: true),
      CheckEntryWarning(
        key: "other", language: "fr", variant: "", file: "fr.lproj/Localizable.strings",
        line: 4, column: 1, message: "fr.lproj/Localizable.strings:4:1: '%q' is not a format",
        isMeasured: false),
    ]
    let root = try XMLNode.parse(CheckJUnitReport().write(report)).get()
    #expect(root.attributes["tests"] == "8")
    #expect(root.attributes["failures"] == "3")
    let cases = root.all.filter { $0.name == "testcase" }
    let german = try #require(cases.first { $0.attributes["name"] == "button.subscribe [de]" })
    #expect(
      german.children.first { $0.name == "system-out" }?.text
        == "warning: Localizable.xcstrings:12:9: '%1$@' and '%ld' mixed")
    let french = try #require(cases.first { $0.attributes["name"] == "other [fr]" })
    #expect(french.attributes["classname"] == "fr.lproj/Localizable.strings")
    #expect(french.children.map(\.name) == ["system-out"])
  }

  @Test(arguments: [
    ("a<b>&\"c\"'", false, "a&lt;b&gt;&amp;&quot;c&quot;&apos;"),
    ("tab\there\nline", true, "tab&#9;here&#10;line"),
    ("tab\there\nline", false, "tab\there\nline"),
    ("nul\u{0}esc\u{1B}cr\r", false, "nulU+0000escU+001Bcr&#13;"),
    ("\u{FFFE}ok\u{10000}", false, "U+FFFEok\u{10000}"),
  ])
  func xmlEscaping_replacesWhatXMLCannotCarry(_ input: String, attribute: Bool, expected: String) {
    #expect(CheckReportFormatting.xmlEscaped(input, attribute: attribute) == expected)
  }
}
