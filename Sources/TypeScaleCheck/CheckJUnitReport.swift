// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The report as JUnit XML, the format CI systems (Jenkins, GitLab, GitHub test reporters) show
/// as a test list.
///
/// One `<testsuite>` per catalog file, one `<testcase classname="<file>" name="<key> [<lang>]">`
/// per key and language: the variants of a key in one language (plural forms, devices) are one
/// test case, which fails when any variant fails and no baseline accepts it, with a
/// `<failure message="…">` naming the failing categories and variants, and each variant's
/// sentence, text, limits and failing statuses in the element's text. A failure a baseline
/// accepts passes, noted in `<system-out>`. An entry that was not checked, with no result for
/// that key and language, is a test case with `<skipped message="<reason>"/>`; an unreadable
/// file is a test case named after the file with an `<error>`. An entry warning is a
/// `warning: <message>` line in the `<system-out>` of its key and language's test case (a
/// passing case of its own when there is none), since a warning does not fail the run. In a
/// suite named `typescale check run`, a partial merge is a failing test case
/// `every shard merged`, and each key nothing laid out a failing `<key> [not laid out]`.
/// `tests`, `failures`, `errors` and `skipped` are counted on `<testsuites>` and on each
/// `<testsuite>`.
///
/// The output is XML 1.0 in UTF-8: text and attributes are escaped, and characters XML 1.0
/// cannot carry (C0 controls other than tab, line feed and carriage return) are written as
/// `U+XXXX`.
public struct CheckJUnitReport: Sendable {
  /// Creates a JUnit report writer.
  public init() {}

  private struct TestCase {
    var file: String
    var name: String
    /// The summary rows of a key and language, whose failure and baseline note are written
    /// when the case is, so no row's text is held twice.
    var rows: [Int] = []
    /// Whether the case fails: a failure, or a row failing that no baseline accepts.
    var fails = false
    var failure: (message: String, detail: String)?
    var error: String?
    var skipped: String?
    var notes: [String] = []
  }

  /// A test case's key, language and file as indices into the summary's tables.
  private struct CaseKey: Hashable {
    var file: Int32
    var key: Int32
    var language: Int32
  }

  /// The report as a JUnit XML document, ending with a newline.
  ///
  /// - Parameter report: A report.
  /// - Returns: The XML text.
  public func write(_ report: CheckReport) -> String {
    write(CheckSummary(report))
  }

  /// A run's summary as a JUnit XML document, ending with a newline.
  ///
  /// - Parameter summary: A run's summary.
  /// - Returns: The XML text.
  public func write(_ summary: CheckSummary) -> String {
    var cases: [TestCase] = []
    var suites: [String] = []
    var suiteCases: [String: [Int]] = [:]
    func add(_ testCase: TestCase) {
      if suiteCases[testCase.file] == nil { suites.append(testCase.file) }
      suiteCases[testCase.file, default: []].append(cases.count)
      cases.append(testCase)
    }
    var order: [CaseKey] = []
    var grouped: [CaseKey: [Int]] = [:]
    for (index, row) in summary.rows.enumerated() {
      let id = CaseKey(file: row.file, key: row.key, language: row.language)
      if grouped[id] == nil { order.append(id) }
      grouped[id, default: []].append(index)
    }
    for id in order {
      let rows = grouped[id] ?? []
      add(
        TestCase(
          file: summary.files[Int(id.file)],
          name: "\(summary.keys[Int(id.key)]) [\(summary.languages[Int(id.language)])]",
          rows: rows, fails: rows.contains { summary.rows[$0].isNewFailure }))
    }
    var named: [String: Int] = [:]
    if !summary.skipped.isEmpty || !summary.entryWarnings.isEmpty {
      for (index, testCase) in cases.enumerated() {
        named[testCase.file + "\u{0}" + testCase.name] = index
      }
    }
    for skipped in summary.skipped {
      let id = skipped.file + "\u{0}\(skipped.key) [\(skipped.language)]"
      guard named[id] == nil else { continue }
      named[id] = cases.count
      add(
        TestCase(
          file: skipped.file, name: "\(skipped.key) [\(skipped.language)]",
          skipped: skipped.reason))
    }
    for warning in summary.entryWarnings {
      let name = "\(warning.key) [\(warning.language)]"
      let id = warning.file + "\u{0}" + name
      if let index = named[id] {
        cases[index].notes.append("warning: " + warning.message)
      } else {
        named[id] = cases.count
        add(TestCase(file: warning.file, name: name, notes: ["warning: " + warning.message]))
      }
    }
    for error in summary.run.errors {
      add(TestCase(file: error.file, name: error.file, error: error.message))
    }
    if summary.run.isPartial {
      let missing = CheckReport.missingText(summary.run.missingShards)
      add(
        TestCase(
          file: Self.runSuite, name: "every shard merged", fails: true,
          failure: ("partial report: \(missing)", "partial report: \(missing)\n")))
    }
    for requirement in summary.unlaidRequirements {
      let categories = CheckTerminalReport.categoryText(requirement.steps)
      let message = "required at \(categories); nothing laid it out"
      add(
        TestCase(
          file: Self.runSuite, name: "\(requirement.key) [not laid out]", fails: true,
          failure: (message, "\(requirement.key): \(message)\n")))
    }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out.reserveCapacity(cases.count * 160 + summary.rows.count { $0.fails } * 400)
    out += "<testsuites name=\"typescale check\"\(Self.counts(cases.indices, in: cases))>\n"
    for suite in suites {
      let indices = suiteCases[suite] ?? []
      out += "  <testsuite name=\"\(Self.escaped(suite))\"\(Self.counts(indices, in: cases))>\n"
      for index in indices { Self.write(cases[index], in: summary, to: &out) }
      out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
  }

  private static func write(
    _ testCase: TestCase, in summary: CheckSummary, to out: inout String
  ) {
    var testCase = testCase
    if !testCase.rows.isEmpty {
      let rows = testCase.rows.map { summary.rows[$0] }
      let new = rows.filter(\.isNewFailure)
      if !new.isEmpty { testCase.failure = (message(new), detail(new, in: summary)) }
      let baselined = rows.filter { $0.fails && $0.isBaselined }
      if !baselined.isEmpty {
        testCase.notes.insert("accepted by the baseline: " + message(baselined), at: 0)
      }
    }
    out +=
      "    <testcase classname=\"\(escaped(testCase.file))\" name=\"\(escaped(testCase.name))\""
    guard
      testCase.failure != nil || testCase.error != nil || testCase.skipped != nil
        || !testCase.notes.isEmpty
    else {
      out += "/>\n"
      return
    }
    out += ">\n"
    if let failure = testCase.failure {
      out += "      <failure message=\"\(escaped(failure.message))\" type=\"typescale.check\">"
      out += CheckReportFormatting.xmlEscaped(failure.detail) + "</failure>\n"
    }
    if let error = testCase.error {
      out += "      <error message=\"\(escaped(error))\" type=\"typescale.input\"/>\n"
    }
    if let skipped = testCase.skipped {
      out += "      <skipped message=\"\(escaped(skipped))\"/>\n"
    }
    if !testCase.notes.isEmpty {
      let notes = testCase.notes.joined(separator: "\n")
      out += "      <system-out>\(CheckReportFormatting.xmlEscaped(notes))</system-out>\n"
    }
    out += "    </testcase>\n"
  }

  /// The suite of the run's own test cases: every shard merged, keys nothing laid out.
  static let runSuite = "typescale check run"

  private static func counts(_ indices: some Collection<Int>, in cases: [TestCase]) -> String {
    var failures = 0
    var errors = 0
    var skipped = 0
    for index in indices {
      if cases[index].fails { failures += 1 }
      if cases[index].error != nil { errors += 1 }
      if cases[index].skipped != nil { skipped += 1 }
    }
    return " tests=\"\(indices.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
      + " skipped=\"\(skipped)\""
  }

  /// `fails at AX1, AX2 (plural=one); fails at AX3 (plural=other)`: categories per variant.
  private static func message(_ rows: [CheckSummary.Row]) -> String {
    rows.map { row in
      let variant = row.variant.isEmpty ? "" : " (\(row.variant))"
      return "fails at \(CheckReportFormatting.names(Array(row.failures)))\(variant)"
    }.joined(separator: "; ")
  }

  private static func detail(_ rows: [CheckSummary.Row], in summary: CheckSummary) -> String {
    var out = ""
    for row in rows {
      out += "\(summary.file(of: row)):\(row.line): " + summary.failureSentence(row) + "\n"
      out += "  text: \(row.text)\n"
      out += "  limits: " + CheckSummary.ruleSummary(summary.rule(of: row)) + "\n"
      for category in row.failures {
        guard let status = row.statuses[category] else { continue }
        out += "  \(category.shortName): \(status.rawValue)\n"
      }
    }
    return out
  }

  private static func escaped(_ text: String) -> String {
    CheckReportFormatting.xmlEscaped(text, attribute: true)
  }
}
