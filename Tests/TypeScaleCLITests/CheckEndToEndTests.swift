// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleCheck
import TypeScaleTestSupport

/// The checks of issue 20, end to end through `typescale check`: a real catalog, the real
/// readers, runner and report writers, the embedded default font.
@Suite struct CheckEndToEndTests {
  /// A String Catalog with a German button that fits at L but truncates at AX1 in body at
  /// 120 pt on one line ("Speichern": 107.7 pt at XXXL, 131.3 pt at AX1), its English source
  /// ("Save": 115.7 pt at AX5) that fits everywhere, and a plural label with `%lld`.
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "button.save" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Speichern" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Save" } }
          }
        },
        "label.files" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
            } } }
          }
        }
      },
      "version" : "1.0"
    }
    """

  static let constraints = """
    { "catalogs": ["Localizable.xcstrings"],
      "rules": [
        { "keys": "button.*", "style": "body", "width": 120, "lineLimit": 1,
          "truncation": false, "categories": "xS...AX5" },
        { "keys": "label.*", "style": "body", "width": 320, "lineLimit": 1,
          "truncation": false, "categories": "xS...AX5" } ] }
    """

  /// A fresh folder with the catalog and constraints.
  private func project() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-check-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(Self.catalog.utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
    try Data(Self.constraints.utf8).write(to: folder.appendingPathComponent("constraints.json"))
    return folder
  }

  private func json(_ url: URL) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
  }

  @Test func germanButton_failsAtAX1ThroughAX5Only_withSARIFLineAndOneJUnitFailure() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sarif = folder.appendingPathComponent("check.sarif")
    let junit = folder.appendingPathComponent("check.xml")
    let run = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path, "--sarif", sarif.path,
      "--junit", junit.path)
    #expect(run.status == 1, "\(run.output)\(run.error)")

    let report = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path, "--json")
    let results = try CheckJSONReport.read(Data(report.output.utf8), file: "report").results
    let failing = results.filter { $0.cells.contains { $0.status != .fits } }
    #expect(failing.map(\.id) == ["button.save|de"])
    #expect(
      failing.first?.cells.filter { $0.status != .fits }.map(\.step.shortName)
        == ["AX1", "AX2", "AX3", "AX4", "AX5"])
    #expect(failing.first?.largestFitting == .category(.extraExtraExtraLarge))

    // SARIF: one result, at the key's line (4) of the catalog.
    let log = try json(sarif)
    let runs = try #require(log["runs"] as? [[String: Any]])
    let sarifResults = try #require(runs.first?["results"] as? [[String: Any]])
    #expect(sarifResults.count == 1)
    let location = try #require(
      (sarifResults.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"]
        as? [String: Any])
    #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 4)
    #expect(
      ((location["artifactLocation"] as? [String: Any])?["uri"] as? String)?
        .hasSuffix("Localizable.xcstrings") == true)

    // JUnit: one failing test case, for the key in German.
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.components(separatedBy: "<failure").count - 1 == 1)
    #expect(xml.contains("name=\"button.save [de]\""))
  }

  @Test func pluralVariants_areEachLaidOut_withTheirNumberInPlaceOfLLD() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path, "--json")
    let results = try CheckJSONReport.read(Data(report.output.utf8), file: "report").results
    // German has no value for the key, so it shows the English variants, as iOS does.
    let files = results.filter { $0.key == "label.files" }
    #expect(
      files.map { "\($0.language)|\($0.variant)|\($0.isFallback)" }
        == [
          "en|plural=one|false", "en|plural=other|false", "de|plural=one|true",
          "de|plural=other|true",
        ])
    #expect(files.allSatisfy { $0.cells.count == 12 })
    // The number is one CLDR puts in the variant's category: 1 for English "one", the
    // five-digit default sample for "other".
    #expect(files.map(\.text).prefix(2) == ["1 file", "88888 files"])
  }

  @Test func baseline_acceptsKnownFailures_andNamesOnlyTheNewOne() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let constraints = folder.appendingPathComponent("constraints.json").path
    let baseline = folder.appendingPathComponent("baseline.json").path
    let record = await typescale("check", constraints, "--baseline", baseline, "--update-baseline")
    #expect(record.status == 0, "\(record.error)")
    #expect(FileManager.default.fileExists(atPath: baseline))
    let again = await typescale("check", constraints, "--baseline", baseline)
    #expect(again.status == 0, "\(again.output)\(again.error)")

    // Another string changes and stops fitting: only it is new.
    let catalog = folder.appendingPathComponent("Localizable.xcstrings")
    let changed = Self.catalog.replacingOccurrences(
      of: "\"%lld files\"", with: "\"%lld files were moved to the archive of this account\"")
    try Data(changed.utf8).write(to: catalog)
    let after = await typescale("check", constraints, "--baseline", baseline, "--json")
    #expect(after.status == 1)
    let results = try CheckJSONReport.read(Data(after.output.utf8), file: "report").results
    let new = results.filter { result in
      result.cells.contains { $0.status != .fits } && !result.isBaselined
    }
    #expect(
      new.map(\.id) == ["label.files|en|plural=other", "label.files|de|plural=other"])
    let summary = await typescale("check", constraints, "--baseline", baseline)
    #expect(summary.output.contains("label.files"))
    #expect(summary.output.contains("(2 new"), "\(summary.output)")
  }

  /// Each malformed fixture (Tests/Fixtures/Strings/README.md gives the places) exits 2 naming
  /// its file, line and column; the good catalog beside it is still checked.
  @Test(arguments: [
    ("malformed/truncated.xcstrings", "9:23"),
    ("malformed/unit-without-value.xcstrings", "7:26"),
    ("malformed/en.lproj/missing-semicolon.strings", "3:1"),
    ("malformed/en.lproj/bad-escape.strings", "2:20"),
    ("malformed/en.lproj/unclosed.stringsdict", "9:2"),
    ("malformed/en.lproj/wrong-structure.stringsdict", "10:3"),
    ("malformed/unclosed.xliff", "8:7"),
    ("malformed/android/res/values/strings.xml", "5:1"),
  ])
  func malformedInput_exits2WithFileLineAndColumn(file: String, place: String) async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = Fixtures.fontsDirectory.deletingLastPathComponent()
      .appendingPathComponent("Strings/\(file)")
    let run = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path,
      folder.appendingPathComponent("Localizable.xcstrings").path, fixture.path, "--json")
    #expect(run.status == 2)
    #expect(run.error.contains("\(fixture.path):\(place):"), "\(run.error)")
    // The good catalog's results are still there.
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect((object["results"] as? [Any])?.count == 6)
  }
}
