// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScale
import TypeScaleCheck

@Suite struct CheckReportTests {
  @Test func failuresCountOnlyRequiredCategoriesAndHonourAllowedTruncation() {
    let cells = [
      CheckCell(
        category: .large, status: .fits, pointSize: 17, width: 80, height: 22, lineCount: 1,
        neededLines: 1),
      CheckCell(
        category: .accessibilityMedium, status: .truncated, pointSize: 28, width: 120,
        height: 34, lineCount: 1, neededLines: 2),
      CheckCell(
        category: .accessibilityExtraExtraExtraLarge, status: .overflowsLines, pointSize: 53,
        width: 120, height: 64, lineCount: 1, neededLines: 3),
    ]
    var result = CheckResult(
      key: "Subscribe", language: "de", variant: "", text: "Abonnieren", file: "A.xcstrings",
      line: 3, rule: "button.*", style: "body", width: 120, lineLimit: 1,
      truncationAllowed: false, required: [.large, .accessibilityMedium], cells: cells,
      largestFitting: .large)
    #expect(result.failures == [.category(.accessibilityMedium)])
    result.truncationAllowed = true
    #expect(result.failures.isEmpty)
    let report = CheckReport(results: [result])
    #expect(report.exitStatus == 0)
  }
}
