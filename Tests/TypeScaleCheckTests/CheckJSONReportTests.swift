// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck

@Suite struct CheckJSONReportTests {
  @Test func json_roundTripsThroughJSONDecoder() throws {
    let text = CheckJSONReport().write(CheckReportSamples.report)
    let back = try CheckJSONReport.read(Data(text.utf8), file: "r.json")
    #expect(back == CheckReportSamples.report)
    #expect(try JSONDecoder().decode(CheckReport.self, from: Data(text.utf8)) == back)
  }

  @Test func json_isDeterministicWithSortedKeys() throws {
    let text = CheckJSONReport().write(CheckReportSamples.report)
    #expect(text == CheckJSONReport().write(CheckReportSamples.report))
    #expect(text.hasSuffix("}\n"))
    // Sorted keys: "errors" < "results" < "skipped" < "version" at the top level.
    let top = ["\"errors\"", "\"results\"", "\"skipped\"", "\"version\""].compactMap {
      text.range(of: "\n  \($0)")?.lowerBound
    }
    #expect(top.count == 4)
    #expect(top == top.sorted())
    #expect(text.contains("\"key\" : \"button.subscribe\""))
    #expect(!text.contains("\\/"))
  }

  @Test(arguments: [
    ("{\"version\": 1,\n  \"results\": [}", 2),
    ("{\n\n\"version\" 1}", 3),
  ])
  func json_malformedReportNamesFileLineAndColumn(_ text: String, line: Int) {
    #expect {
      _ = try CheckJSONReport.read(Data(text.utf8), file: "shard-1.json")
    } throws: { error in
      let message = (error as? CheckError)?.message ?? ""
      return message.hasPrefix("shard-1.json:\(line):")
        && message.split(separator: ":").count >= 4
        && Int(message.split(separator: ":")[2]) != nil
        && message.contains("not valid JSON")
    }
  }

  @Test func json_aReportWithAMissingFieldIsNamed() {
    #expect {
      _ = try CheckJSONReport.read(Data("{\"version\": 2, \"results\": []}".utf8), file: "a.json")
    } throws: { error in
      (error as? CheckError)?.message
        == "a.json: not a report of 'typescale check --json': no \"layouts\" in the top level"
    }
  }

  /// A version 1 report (no run record) is named as such, not as a missing field.
  @Test func json_aVersion1ReportIsRefusedByVersion() {
    let old = "{\"version\": 1, \"results\": [], \"skipped\": [], \"errors\": []}"
    #expect {
      _ = try CheckJSONReport.read(Data(old.utf8), file: "old.json")
    } throws: { error in
      (error as? CheckError)?.message
        == "old.json: report version 1 is not supported; this typescale reads version 2, which "
        + "records the run each shard belongs to (write the report again with this "
        + "typescale's 'check --json')"
    }
  }
}
