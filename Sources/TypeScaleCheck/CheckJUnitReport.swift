// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The report as JUnit XML, the format CI systems (Jenkins, GitLab, GitHub test reporters) show
/// as a test list.
///
/// One `<testsuite>` per catalog file, one `<testcase classname="<file>" name="<key> [<lang>]">`
/// per key and language: the variants of a key in one language (plural forms, devices) are one
/// test case, which fails when any variant fails and no baseline accepts it, with a
/// `<failure message="…">` naming the failing categories and variants, and each variant's cells
/// in the element's text. A failure a baseline accepts passes, noted in `<system-out>`. An entry
/// that was not checked, with no result for that key and language, is a test case with
/// `<skipped message="<reason>"/>`; an unreadable file is a test case named after the file with
/// an `<error>`. In a suite named `typescale check run`, a partial merge is a failing test case
/// `every shard merged`, and each key nothing laid out a failing `<key> [not laid out]`. `tests`, `failures`, `errors` and `skipped` are counted on `<testsuites>` and
/// on each `<testsuite>`.
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
    var failure: (message: String, detail: String)?
    var error: String?
    var skipped: String?
    var note: String?
  }

  /// The report as a JUnit XML document, ending with a newline.
  ///
  /// - Parameter report: A report.
  /// - Returns: The XML text.
  public func write(_ report: CheckReport) -> String {
    var files: [String] = []
    var cases: [String: [TestCase]] = [:]
    func add(_ testCase: TestCase) {
      if cases[testCase.file] == nil { files.append(testCase.file) }
      cases[testCase.file, default: []].append(testCase)
    }
    var order: [String] = []
    var grouped: [String: [CheckResult]] = [:]
    for result in report.results {
      let id = "\(result.file)\u{0}\(result.key)\u{0}\(result.language)"
      if grouped[id] == nil { order.append(id) }
      grouped[id, default: []].append(result)
    }
    for id in order {
      guard let results = grouped[id], let first = results.first else { continue }
      var testCase = TestCase(file: first.file, name: "\(first.key) [\(first.language)]")
      let failing = results.filter(\.fails)
      let new = failing.filter { !$0.isBaselined }
      if !new.isEmpty {
        testCase.failure = (Self.message(new), Self.detail(new))
      }
      let baselined = failing.filter(\.isBaselined)
      if !baselined.isEmpty {
        testCase.note = "accepted by the baseline: " + Self.message(baselined)
      }
      add(testCase)
    }
    for skipped in report.skipped
    where grouped["\(skipped.file)\u{0}\(skipped.key)\u{0}\(skipped.language)"] == nil {
      let name = "\(skipped.key) [\(skipped.language)]"
      let fileCases = cases[skipped.file] ?? []
      guard !fileCases.contains(where: { $0.name == name }) else { continue }
      add(TestCase(file: skipped.file, name: name, skipped: skipped.reason))
    }
    for error in report.errors {
      add(TestCase(file: error.file, name: error.file, error: error.message))
    }
    if report.isPartial {
      let missing = CheckReport.missingText(report.missingShards)
      add(
        TestCase(
          file: Self.runSuite, name: "every shard merged",
          failure: ("partial report: \(missing)", "partial report: \(missing)\n")))
    }
    for requirement in report.unlaidRequirements {
      let categories = CheckTerminalReport.categoryText(requirement.categories)
      let message = "required at \(categories); nothing laid it out"
      add(
        TestCase(
          file: Self.runSuite, name: "\(requirement.key) [not laid out]",
          failure: (message, "\(requirement.key): \(message)\n")))
    }
    let all = files.flatMap { cases[$0] ?? [] }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"typescale check\"\(Self.counts(all))>\n"
    for file in files {
      let fileCases = cases[file] ?? []
      out += "  <testsuite name=\"\(Self.escaped(file))\"\(Self.counts(fileCases))>\n"
      for testCase in fileCases { Self.write(testCase, to: &out) }
      out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
  }

  private static func write(_ testCase: TestCase, to out: inout String) {
    let head =
      "    <testcase classname=\"\(escaped(testCase.file))\" name=\"\(escaped(testCase.name))\""
    var body = ""
    if let failure = testCase.failure {
      body += "      <failure message=\"\(escaped(failure.message))\" type=\"typescale.check\">"
      body += CheckReportFormatting.xmlEscaped(failure.detail) + "</failure>\n"
    }
    if let error = testCase.error {
      body += "      <error message=\"\(escaped(error))\" type=\"typescale.input\"/>\n"
    }
    if let skipped = testCase.skipped {
      body += "      <skipped message=\"\(escaped(skipped))\"/>\n"
    }
    if let note = testCase.note {
      body += "      <system-out>\(CheckReportFormatting.xmlEscaped(note))</system-out>\n"
    }
    out += body.isEmpty ? head + "/>\n" : head + ">\n" + body + "    </testcase>\n"
  }

  /// The suite of the run's own test cases: every shard merged, keys nothing laid out.
  static let runSuite = "typescale check run"

  private static func counts(_ cases: [TestCase]) -> String {
    let failures = cases.filter { $0.failure != nil }.count
    let errors = cases.filter { $0.error != nil }.count
    let skipped = cases.filter { $0.skipped != nil }.count
    return " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
      + " skipped=\"\(skipped)\""
  }

  /// `fails at AX1, AX2 (plural=one); fails at AX3 (plural=other)`: categories per variant.
  private static func message(_ results: [CheckResult]) -> String {
    results.map { result in
      let variant = result.variant.isEmpty ? "" : " (\(result.variant))"
      let categories = (result.failures + result.unlaidCategories).sorted()
      return "fails at \(CheckReportFormatting.names(categories))\(variant)"
    }.joined(separator: "; ")
  }

  private static func detail(_ results: [CheckResult]) -> String {
    results.map { result in
      var lines = [
        "\(result.file):\(result.line): " + CheckReportFormatting.failureSentence(result),
        "  text: \(result.text)",
        "  limits: " + CheckReportFormatting.ruleSummary(result),
      ]
      for cell in result.cells where CheckReportFormatting.isFailing(cell, of: result) {
        lines.append(
          "  \(cell.category.shortName): \(cell.status.rawValue), "
            + "\(CheckReportFormatting.points(cell.pointSize)) pt, "
            + "\(cell.lineCount) of \(cell.neededLines) lines shown")
      }
      return lines.joined(separator: "\n")
    }.joined(separator: "\n") + "\n"
  }

  private static func escaped(_ text: String) -> String {
    CheckReportFormatting.xmlEscaped(text, attribute: true)
  }
}
