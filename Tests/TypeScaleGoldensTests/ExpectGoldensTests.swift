// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleGoldens
import TypeScaleTestSupport
import TypeScaleTesting

@Suite struct ExpectGoldensTests {
  private func workspace() throws -> (URL, URL) {
    let folder = try Fixtures.temporaryDirectory("expect-goldens")
    let cases = folder.appendingPathComponent("labels.cases")
    let json = """
      {"sets": [{"name": "labels", "styles": ["footnote"], "categories": ["xS", "AX5"],
        "widths": [100], "lines": 2, "texts": [["hello", "Hello, world"]]}]}
      """
    try Data(json.utf8).write(to: cases)
    return (folder, cases)
  }

  @Test func expectGoldens_recordsAMissingGoldenAndFailsOnce() throws {
    let (folder, cases) = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    withKnownIssue("a missing golden file is recorded, and the test fails once") {
      expectGoldens(casesFile: cases, record: .missing)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("recorded a new golden file at ") }
    }
    expectGoldens(casesFile: cases, record: .never)
  }

  @Test func expectGoldens_reportsAMismatchToSwiftTesting() throws {
    let (folder, cases) = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("labels.golden")
    _ = verifyMessage(casesFile: cases, record: .missing)
    var file = try GoldenVerification.read(golden)
    file.measurements[1].lineCount += 1
    GoldenVerification.write(file, to: golden)
    withKnownIssue("an edited line count fails") {
      expectGoldens(casesFile: cases, record: .never)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("1 of 2 cases differ")
          && $0.rawValue.contains("labels/hello/default/footnote/AX5/100  lines 3 → 2")
      }
    }
  }

  @Test func expectGoldens_refusesACasesFileOverItsCaseLimit() throws {
    let (folder, cases) = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    withKnownIssue("2 cases are more than a limit of 1") {
      expectGoldens(casesFile: cases, record: .missing, maximumCaseCount: 1)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue
          == "labels.cases: the sets expand to 2 cases ($.sets[0] alone to 2), more than the "
          + "limit of 1 cases per file; split the sets, or raise the limit (--max-cases N on the "
          + "command line, maximumCaseCount: in code)"
      }
    }
    // Nothing was measured or recorded.
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("labels.golden").path))
  }
}
