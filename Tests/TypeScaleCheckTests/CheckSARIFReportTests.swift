// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale

@testable import TypeScaleCheck

@Suite struct CheckSARIFReportTests {
  private func log(_ report: CheckReport = CheckReportSamples.report) throws -> [String: Any] {
    let text = CheckSARIFReport(toolVersion: "9.9.9").write(report)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  private func results() throws -> [[String: Any]] {
    let runs = try #require(try log()["runs"] as? [[String: Any]])
    return try #require(runs.first?["results"] as? [[String: Any]])
  }

  /// The members SARIF 2.1.0's schema requires: sarifLog `version` and `runs`, run `tool`,
  /// tool `driver`, toolComponent `name`, reportingDescriptor `id`, result `message` with
  /// `text`; `level` and `baselineState` from their enumerations; `startLine` ≥ 1.
  @Test func sarif_hasTheRequiredStructure() throws {
    let log = try log()
    #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "typescale")
    #expect(driver["version"] as? String == "9.9.9")
    #expect((driver["informationUri"] as? String)?.hasPrefix("https://") == true)
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ids = rules.compactMap { $0["id"] as? String }
    #expect(
      ids == [
        "typescale/truncated", "typescale/overflows", "typescale/unreadable",
        "typescale/entry-warning",
      ])
    for result in try results() {
      let ruleID = try #require(result["ruleId"] as? String)
      #expect(ids.firstIndex(of: ruleID) == result["ruleIndex"] as? Int)
      #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
      #expect(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""))
      if let state = result["baselineState"] {
        #expect(["new", "unchanged", "updated", "absent"].contains(state as? String ?? ""))
      }
      let locations = try #require(result["locations"] as? [[String: Any]])
      let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
      let artifact = try #require(physical["artifactLocation"] as? [String: Any])
      #expect((artifact["uri"] as? String)?.isEmpty == false)
      let line = try #require((physical["region"] as? [String: Any])?["startLine"] as? Int)
      #expect(line >= 1)
    }
  }

  @Test func sarif_resultsPointAtTheKeysLines() throws {
    let results = try results()
    // de, ru many, ru few (baselined), he, and the unreadable file.
    #expect(results.count == 5)
    func region(_ result: [String: Any]) -> [String: Any]? {
      ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
        "region"] as? [String: Any]
    }
    func message(_ result: [String: Any]) -> String {
      (result["message"] as? [String: Any])?["text"] as? String ?? ""
    }
    let german = results[0]
    #expect(german["ruleId"] as? String == "typescale/truncated")
    #expect(german["level"] as? String == "error")
    #expect(german["baselineState"] as? String == "new")
    #expect(region(german)?["startLine"] as? Int == 12)
    #expect(
      message(german).hasPrefix(
        "'button.subscribe' in de truncates at AX1, AX2, AX3, AX4, AX5; fits up to XXXL."))
    let many = results[1]
    #expect(many["ruleId"] as? String == "typescale/overflows")
    #expect(message(many).contains("in ru (plural=many) overflows its lines at AX4, AX5"))
    #expect(region(many)?["startLine"] as? Int == 40)
    #expect(
      german["properties"] as? NSDictionary == [
        "key": "button.subscribe", "language": "de", "variant": "",
        "failingCategories": ["AX1", "AX2", "AX3", "AX4", "AX5"], "largestFitting": "XXXL",
      ])
    #expect(
      german["partialFingerprints"] as? NSDictionary == [
        "typescaleResultId/v1": "button.subscribe|de"
      ])
    let few = results[2]
    #expect(few["baselineState"] as? String == "unchanged")
    #expect(few["level"] as? String == "note")
    let unreadable = results[4]
    #expect(unreadable["ruleId"] as? String == "typescale/unreadable")
    #expect(region(unreadable)?["startLine"] as? Int == 3)
    #expect(region(unreadable)?["startColumn"] as? Int == 7)
  }

  @Test(
    arguments: [
      ("/work/app/res/values-de/strings.xml", "res/values-de/strings.xml", "%SRCROOT%"),
      ("/work/app/My Strings/A.xcstrings", "My%20Strings/A.xcstrings", "%SRCROOT%"),
      ("/elsewhere/A.xcstrings", "file:///elsewhere/A.xcstrings", nil),
      ("relative/A#1.xcstrings", "relative/A%231.xcstrings", "%SRCROOT%"),
    ] as [(String, String, String?)])
  func sarif_artifactURIsAreRelativeToTheWorkingDirectory(
    _ file: String, uri: String, base: String?
  ) {
    let location = CheckReportFormatting.artifactURI(
      file, relativeTo: URL(fileURLWithPath: "/work/app"))
    #expect(location.uri == uri)
    #expect(location.base == base)
  }

  @Test func sarif_entryWarningsAreWarningsAtTheirColumn() throws {
    var report = CheckReportSamples.report
    report.entryWarnings = [
      CheckEntryWarning(
        key: "k\"1", language: "de", variant: "plural=one", file: "de.lproj/A.stringsdict",
        line: 7, column: 12, message: "de.lproj/A.stringsdict:7:12: 'k\"1' mixes %1$@ and %ld",
        isMeasured: true)
    ]
    let runs = try #require(try log(report)["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    #expect(results.count == 6)
    let warning = try #require(results.last)
    #expect(warning["ruleId"] as? String == "typescale/entry-warning")
    #expect(warning["ruleIndex"] as? Int == 3)
    #expect(warning["level"] as? String == "warning")
    #expect(
      (warning["message"] as? [String: Any])?["text"] as? String
        == "de.lproj/A.stringsdict:7:12: 'k\"1' mixes %1$@ and %ld")
    let physical =
      (warning["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? NSDictionary
    #expect(
      physical == [
        "artifactLocation": ["uri": "de.lproj/A.stringsdict", "uriBaseId": "%SRCROOT%"],
        "region": ["startLine": 7, "startColumn": 12],
      ])
    #expect(
      warning["properties"] as? NSDictionary == [
        "key": "k\"1", "language": "de", "variant": "plural=one", "measured": true,
      ])
  }

  @Test func sarif_aCleanReportHasNoResults() throws {
    let clean = CheckReport(results: [
      CheckReportSamples.result(key: "ok", language: "en", text: "OK", line: 1)
    ])
    let runs = try #require(try log(clean)["runs"] as? [[String: Any]])
    #expect((runs.first?["results"] as? [Any])?.isEmpty == true)
  }
}
