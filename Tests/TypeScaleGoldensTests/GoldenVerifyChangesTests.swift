// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleGoldens

/// A cases file and a fixture font in a temporary folder, for verifying changes to the cases.
private struct CasesWorkspace {
  let folder: URL
  var cases: URL { folder.appendingPathComponent("ui.cases") }
  var golden: URL { folder.appendingPathComponent("ui.golden") }
  var font: URL { folder.appendingPathComponent("Fonts/brand.ttf") }

  /// 3 texts × 2 fonts × 2 categories = 12 cases, one width, one line.
  static let json = """
    {
      "fonts": {"default": "embedded", "brand": "Fonts/brand.ttf"},
      "sets": [
        {"name": "buttons", "fonts": ["default", "brand"], "categories": ["L", "AX3"],
         "widths": [120], "lines": 1,
         "texts": [["save", "Save changes"], ["cancel", "Cancel"], ["ok", "OK"]]}
      ]
    }
    """

  init() throws {
    folder = try Fixtures.temporaryDirectory("verify-changes")
    try FileManager.default.createDirectory(
      at: font.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Fixtures.font("Fixture-Regular.ttf"), to: font)
    try write(Self.json)
  }

  func write(_ json: String) throws {
    try Data(json.utf8).write(to: cases)
  }

  /// Replaces `old` with `new` in the cases file.
  func edit(_ old: String, _ new: String) throws {
    let text = try String(contentsOf: cases, encoding: .utf8)
    try #require(text.contains(old))
    try write(text.replacingOccurrences(of: old, with: new))
  }

  /// Records the golden file from the cases file as it is.
  func record() throws {
    let message = verifyMessage(casesFile: cases, record: .missing)
    try #require(message?.hasPrefix("recorded a new golden file at ") == true)
  }

  /// The cases file as it is now, measured, and the recorded golden file.
  func measureAgainstTheRecording() throws -> (expected: GoldenFile, actual: GoldenFile) {
    let suite = try GoldenCasesFile.load(cases).rebased(from: folder, to: folder)
    let actual = try GoldenMeasurer().measure(suite, baseDirectory: folder)
    return (try GoldenVerification.read(golden), actual)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// The causes in a `GoldenVerification` message.
private func causes(in message: String) -> [String] {
  message.split(separator: "\n").filter { $0.hasPrefix("likely cause: ") }
    .map { String($0.dropFirst("likely cause: ".count)) }
}

@Suite struct GoldenVerifyChangesTests {
  // MARK: - GoldenVerification (expectGoldens)

  @Test func verify_editedText_namesTheCasesFileAndTheTextNotTheLayout() throws {
    let workspace = try CasesWorkspace()
    defer { workspace.remove() }
    try workspace.record()
    try workspace.edit(#""Cancel""#, #""Cancel subscription""#)
    let message = try #require(
      verifyMessage(casesFile: workspace.cases, record: .never))
    #expect(message.hasPrefix("4 of 12 cases differ from \(workspace.golden.path)\n"))
    let found = causes(in: message)
    #expect(found.count == 2, "\(found)")
    #expect(found.first?.hasPrefix("the cases file changed: ui.cases (sha256 ") == true)
    #expect(
      found.last
        == "text of buttons/cancel/default/body/L/120 and 3 more cases: \"Cancel\" → "
        + "\"Cancel subscription\"")
    #expect(!message.contains("the layout changed"))
    #expect(message.contains("text \"Cancel\" → \"Cancel subscription\""))
  }

  @Test func verify_renamedID_isARenameNotARemovalAndAnAddition() throws {
    let workspace = try CasesWorkspace()
    defer { workspace.remove() }
    try workspace.record()
    try workspace.edit(#"["ok", "#, #"["okay", "#)
    let message = try #require(
      verifyMessage(casesFile: workspace.cases, record: .never))
    #expect(message.hasPrefix("4 of 12 cases differ from "))
    #expect(
      causes(in: message).last
        == "4 cases renamed (ok → okay): buttons/ok/default/body/L/120 → "
        + "buttons/okay/default/body/L/120 and 3 more")
    #expect(!message.contains("added") && !message.contains("removed"))
    #expect(!message.contains("the layout changed"))
  }

  // MARK: - Causes and their order

  @Test func compare_severalCauses_comeInTheStatedOrder() throws {
    let workspace = try CasesWorkspace()
    defer { workspace.remove() }
    try workspace.record()
    // Texts: one edited, one renamed, one removed, one added; and a font and a library changed.
    try workspace.write(
      CasesWorkspace.json.replacingOccurrences(
        of: #"[["save", "Save changes"], ["cancel", "Cancel"], ["ok", "OK"]]"#,
        with: #"[["save", "Save all changes"], ["dismiss", "Cancel"], ["help", "Help"]]"#))
    var (expected, actual) = try workspace.measureAgainstTheRecording()
    let fontKey = try #require(expected.header.fontDigests.keys.first { $0.hasPrefix("brand ") })
    expected.header.fontDigests[fontKey] = String(repeating: "0", count: 64)
    expected.header.versions["harfbuzz"] = "1.0.0"

    let report = GoldenComparison.compare(expected: expected, actual: actual, name: "ui.golden")
    let prefixes = [
      "the cases file changed: ui.cases (sha256 ",
      "text of buttons/save/default/body/L/120 and 3 more cases: \"Save changes\" → "
        + "\"Save all changes\"",
      "4 cases added: buttons/help/default/body/L/120, buttons/help/default/body/AX3/120, "
        + "buttons/help/brand/body/L/120 and 1 more",
      "4 cases removed: buttons/ok/default/body/L/120, ",
      "4 cases renamed (cancel → dismiss): buttons/cancel/default/body/L/120 → "
        + "buttons/dismiss/default/body/L/120 and 3 more",
      "font file changed: \(fontKey) (sha256 000000000000… → ",
      "harfbuzz version changed: 1.0.0 → ",
    ]
    #expect(report.causes.count == prefixes.count, "\(report.causes)")
    for (cause, prefix) in zip(report.causes, prefixes) {
      #expect(cause.hasPrefix(prefix), "\(cause) does not start with \(prefix)")
    }
    #expect(report.total == 12)
    #expect(
      report.mismatches.map(\.kind.rawValue).sorted()
        == Array(repeating: "changed", count: 4) + Array(repeating: "missing", count: 4)
        + Array(repeating: "new", count: 4) + Array(repeating: "renamed", count: 4))
    try report.validate()
  }

  @Test func compare_layoutIsBlamedOnlyForCasesWhoseInputsAreAsRecorded() throws {
    let workspace = try CasesWorkspace()
    defer { workspace.remove() }
    try workspace.record()
    var (expected, actual) = try workspace.measureAgainstTheRecording()
    let index = try #require(expected.measurements.firstIndex { $0.id.hasPrefix("buttons/save/") })
    expected.measurements[index].width += 5

    // Alone, an edited width is the layout's, as before.
    let alone = GoldenComparison.compare(expected: expected, actual: actual, name: "ui.golden")
    #expect(
      alone.causes == [
        "the layout changed: fonts and library versions are as recorded (a change in "
          + "TypeScale's code or options, or an edited golden file)"
      ])

    // Beside an edited text (and a changed digest), the layout is blamed for that case only.
    try workspace.edit(#""Cancel""#, #""Stop""#)
    (_, actual) = try workspace.measureAgainstTheRecording()
    let both = GoldenComparison.compare(expected: expected, actual: actual, name: "ui.golden")
    #expect(both.causes.count == 3, "\(both.causes)")
    #expect(both.causes.first?.hasPrefix("the cases file changed: ") == true)
    #expect(both.causes.dropFirst().first?.hasPrefix("text of buttons/cancel/") == true)
    #expect(
      both.causes.last
        == "the layout changed for 1 case whose inputs are as recorded: fonts and library "
        + "versions are as recorded (a change in TypeScale's code or options, or an edited "
        + "golden file)")
  }

  @Test func compare_aCasesFileEditThatChangesNoCase_isNotNamed() throws {
    let workspace = try CasesWorkspace()
    defer { workspace.remove() }
    try workspace.record()
    try workspace.write(CasesWorkspace.json.replacingOccurrences(of: "\n", with: "\n  "))
    var (expected, actual) = try workspace.measureAgainstTheRecording()
    #expect(expected.header.casesFile?.sha256 != actual.header.casesFile?.sha256)
    #expect(GoldenComparison.compare(expected: expected, actual: actual, name: "g").passed)

    expected.measurements[0].lineCount += 1
    let report = GoldenComparison.compare(expected: expected, actual: actual, name: "g")
    #expect(report.causes.count == 1)
    #expect(report.causes.first?.hasPrefix("the layout changed: ") == true)
  }

  @Test func compare_aRenameWithOtherNumbers_isARenameWithChanges() throws {
    let workspace = try CasesWorkspace()
    defer { workspace.remove() }
    try workspace.record()
    try workspace.edit(#"["ok", "#, #"["okay", "#)
    var (expected, actual) = try workspace.measureAgainstTheRecording()
    let index = try #require(
      expected.measurements.firstIndex { $0.id == "buttons/ok/brand/body/AX3/120" })
    expected.measurements[index].height += 1
    let report = GoldenComparison.compare(expected: expected, actual: actual, name: "g")
    let renamed = try #require(
      report.mismatches.first { $0.id == "buttons/okay/brand/body/AX3/120" })
    #expect(renamed.kind == .renamed)
    #expect(
      renamed.fields["id"] == ["buttons/ok/brand/body/AX3/120", "buttons/okay/brand/body/AX3/120"])
    #expect(renamed.fields["height"]?.count == 2)
    #expect(report.causes.last?.hasPrefix("the layout changed for 1 case whose inputs") == true)
    #expect(
      report.message().contains(
        "renamed from buttons/ok/brand/body/AX3/120, height "))
  }

  // MARK: - Renames

  /// Two lists of cases and the renames expected between them.
  fileprivate struct RenameCase: Sendable, CustomTestStringConvertible {
    let name: String
    let recorded: [GoldenCase]
    let current: [GoldenCase]
    let renames: [String: String]
    var testDescription: String { name }
  }

  private static let renameCases = [
    RenameCase(
      name: "same inputs", recorded: [GoldenCase(id: "a", text: "OK")],
      current: [GoldenCase(id: "b", text: "OK")], renames: ["a": "b"]),
    RenameCase(
      name: "another text", recorded: [GoldenCase(id: "a", text: "OK")],
      current: [GoldenCase(id: "b", text: "Okay")], renames: [:]),
    RenameCase(
      name: "another width", recorded: [GoldenCase(id: "a", text: "OK", width: 100)],
      current: [GoldenCase(id: "b", text: "OK", width: 120)], renames: [:]),
    RenameCase(
      name: "another category",
      recorded: [GoldenCase(id: "a", text: "OK", category: .large)],
      current: [GoldenCase(id: "b", text: "OK", category: .accessibilityExtraLarge)],
      renames: [:]),
    RenameCase(
      name: "another font", recorded: [GoldenCase(id: "a", text: "OK", font: "x")],
      current: [GoldenCase(id: "b", text: "OK", font: "y")], renames: [:]),
    RenameCase(
      name: "another token",
      recorded: [GoldenCase(id: "a", text: "OK", font: "typography", token: "button")],
      current: [GoldenCase(id: "b", text: "OK", font: "typography", token: "overline")],
      renames: [:]),
    RenameCase(
      name: "another line limit", recorded: [GoldenCase(id: "a", text: "OK", lineLimit: 1)],
      current: [GoldenCase(id: "b", text: "OK", lineLimit: 2)], renames: [:]),
    RenameCase(
      name: "another strategy", recorded: [GoldenCase(id: "a", text: "OK", strategy: [])],
      current: [GoldenCase(id: "b", text: "OK")], renames: [:]),
    RenameCase(
      name: "the target's strategy spelled out",
      recorded: [GoldenCase(id: "a", text: "OK", strategy: .standard)],
      current: [GoldenCase(id: "b", text: "OK")], renames: ["a": "b"]),
    RenameCase(
      name: "another language", recorded: [GoldenCase(id: "a", text: "OK", language: "ko")],
      current: [GoldenCase(id: "b", text: "OK")], renames: [:]),
    RenameCase(
      name: "alike cases pair in order",
      recorded: [
        GoldenCase(id: "a1", text: "OK"), GoldenCase(id: "kept", text: "OK"),
        GoldenCase(id: "a2", text: "OK"), GoldenCase(id: "a3", text: "OK"),
      ],
      current: [
        GoldenCase(id: "kept", text: "OK"), GoldenCase(id: "b1", text: "OK"),
        GoldenCase(id: "b2", text: "OK"),
      ],
      renames: ["a1": "b1", "a2": "b2"]),
    RenameCase(
      name: "an id kept is no rename",
      recorded: [GoldenCase(id: "a", text: "OK")],
      current: [GoldenCase(id: "a", text: "OK"), GoldenCase(id: "b", text: "OK")], renames: [:]),
  ]

  @Test(arguments: renameCases)
  fileprivate func renames_matchEverythingButTheID(_ test: RenameCase) {
    #expect(GoldenComparison.renames(from: test.recorded, to: test.current) == test.renames)
  }

  // MARK: - Reports

  private static let renamedReport = GoldenReport(
    golden: "ui.golden", shards: ["1/2"], total: 4, differing: 2,
    mismatches: [
      .init(id: "b/x", text: "OK", kind: .renamed, fields: ["id": ["a/x", "b/x"]]),
      .init(
        id: "c/x", text: "Stop", kind: .changed,
        fields: ["text": ["Cancel", "Stop"], "width": ["50.000", "30.000"]]),
    ],
    causes: [
      "the cases file changed: ui.cases (sha256 aaaaaaaaaaaa… → bbbbbbbbbbbb…)",
      "text of c/x: \"Cancel\" → \"Stop\"", "1 case renamed: a/x → b/x",
    ])

  @Test func report_renamedKind_validatesRoundTripsAndNeedsItsIDs() throws {
    try Self.renamedReport.validate()
    let data = Data(Self.renamedReport.json().utf8)
    #expect(try JSONDecoder().decode(GoldenReport.self, from: data) == Self.renamedReport)
    var bad = Self.renamedReport
    bad.mismatches[0].fields = [:]
    let error = #expect(throws: GoldenError.self) { try bad.validate() }
    #expect(
      error?.message
        == "\"mismatches[0].fields\" has no \"id\"; a renamed case names its old and new id, "
        + "[old, new]")
    #expect(
      Self.renamedReport.message().contains(
        "\nc/x  text \"Cancel\" → \"Stop\", width 50.000 → 30.000"))
    #expect(Self.renamedReport.message().contains("\nb/x  renamed from a/x"))
  }

  @Test func report_olderJSON_decodes() throws {
    let json = """
      {"golden": "g", "shards": [], "total": 2, "differing": 1, "causes": ["the layout changed"],
       "mismatches": [{"id": "a", "text": "A", "kind": "changed", "fields": {"width": ["1", "2"]}}]}
      """
    let report = try JSONDecoder().decode(GoldenReport.self, from: Data(json.utf8))
    try report.validate()
    #expect(report.notes.isEmpty && report.mismatches.first?.fields["width"] == ["1", "2"])
  }

  @Test func merge_renamedShards_nameTheCasesChangesForTheWhole() throws {
    var second = Self.renamedReport
    second.shards = ["2/2"]
    second.mismatches = [
      .init(id: "b/y", text: "OK", kind: .renamed, fields: ["id": ["a/y", "b/y"]]),
      .init(id: "d", text: "New", kind: .new, fields: [:]),
    ]
    second.causes = [
      "the cases file changed: ui.cases (sha256 aaaaaaaaaaaa… → bbbbbbbbbbbb…)",
      "1 case added: d", "1 case renamed: a/y → b/y",
    ]
    let merged = try GoldenReport.merge([Self.renamedReport, second])
    try merged.validate()
    #expect(merged.total == 8 && merged.differing == 4)
    #expect(merged.mismatches.map(\.kind.rawValue) == ["renamed", "renamed", "changed", "new"])
    #expect(
      merged.causes == [
        "the cases file changed: ui.cases (sha256 aaaaaaaaaaaa… → bbbbbbbbbbbb…)",
        "text of c/x: \"Cancel\" → \"Stop\"", "1 case added: d",
        "2 cases renamed (a → b): a/x → b/x and 1 more",
      ])
  }

  @Test func merge_olderReports_keepFontCausesAndDropTheLayoutsWhenAFontChanged() throws {
    let first = GoldenReport(
      golden: "g", shards: ["1/2"], total: 2, differing: 1,
      mismatches: [.init(id: "a", text: "A", kind: .changed, fields: ["width": ["1", "2"]])],
      causes: ["font file changed: x a.ttf (sha256 1… → 2…)"])
    let second = GoldenReport(
      golden: "g", shards: ["2/2"], total: 2, differing: 1,
      mismatches: [.init(id: "b", text: "B", kind: .changed, fields: ["width": ["1", "2"]])],
      causes: ["the layout changed: fonts and library versions are as recorded"])
    let merged = try GoldenReport.merge([first, second])
    #expect(merged.causes == ["font file changed: x a.ttf (sha256 1… → 2…)"])
  }

  // MARK: - Which cases are verified

  @Test func casesToVerify_readsTheNamedCasesFileOrFallsBack() throws {
    let workspace = try CasesWorkspace()
    defer { workspace.remove() }
    try workspace.record()
    let golden = try GoldenVerification.read(workspace.golden)
    #expect(golden.header.casesFile?.path == "ui.cases")

    let same = try GoldenVerification.casesToVerify(golden, goldenURL: workspace.golden)
    #expect(same.source == .casesFile(path: workspace.cases.path, changed: false))
    #expect(same.suite.cases.map(\.id) == golden.measurements.map(\.id))
    #expect(same.note(verifying: 12, formatVersion: 2) == nil)

    try workspace.edit(#""OK""#, #""Okay""#)
    let changed = try GoldenVerification.casesToVerify(
      golden, goldenURL: workspace.golden, displayPath: "Goldens/ui.golden")
    #expect(changed.source == .casesFile(path: "Goldens/ui.cases", changed: true))
    #expect(changed.suite.cases.filter { $0.text == "Okay" }.count == 4)
    #expect(
      changed.note(verifying: 12, formatVersion: 2)
        == "verified against Goldens/ui.cases, which changed since the golden file was recorded")

    try FileManager.default.removeItem(at: workspace.cases)
    let gone = try GoldenVerification.casesToVerify(golden, goldenURL: workspace.golden)
    #expect(gone.source == .storedCasesFileGone(path: workspace.cases.path))
    #expect(gone.suite.cases == golden.suite.cases)
    #expect(
      gone.note(verifying: 1, formatVersion: 2)
        == "the cases file \(workspace.cases.path) is gone; verified the 1 case stored in the "
        + "golden file")

    var older = golden
    older.header.casesFile = nil
    let stored = try GoldenVerification.casesToVerify(older, goldenURL: workspace.golden)
    #expect(stored.source == .stored)
    #expect(
      stored.note(verifying: 12, formatVersion: 2)?.hasPrefix("the golden file names no") == true)
    // A format 1 file's own note already says to record it again.
    #expect(stored.note(verifying: 12, formatVersion: 1) == nil)
  }

  @Test func casesToVerify_aBrokenCasesFile_isAnErrorNotAFallback() throws {
    let workspace = try CasesWorkspace()
    defer { workspace.remove() }
    try workspace.record()
    let golden = try GoldenVerification.read(workspace.golden)
    try workspace.write("{\"sets\": 3}")
    let error = #expect(throws: GoldenError.self) {
      try GoldenVerification.casesToVerify(golden, goldenURL: workspace.golden)
    }
    #expect(error?.code == .malformedCases)
    try workspace.write(CasesWorkspace.json)
    let limit = #expect(throws: GoldenError.self) {
      try GoldenVerification.casesToVerify(
        golden, goldenURL: workspace.golden, maximumCaseCount: 11)
    }
    #expect(limit?.code == .tooManyCases)
  }

  /// A header path and the golden file's path as given → the cases file as the user names it.
  fileprivate struct DisplayCase: Sendable, CustomTestStringConvertible {
    let path: String
    let golden: String
    let shown: String
    var testDescription: String { "\(path) beside \(golden)" }
  }

  private static let displayCases = [
    DisplayCase(path: "ui.cases", golden: "ui.golden", shown: "ui.cases"),
    DisplayCase(path: "ui.cases", golden: "Goldens/ui.golden", shown: "Goldens/ui.cases"),
    DisplayCase(path: "../ui.cases", golden: "out/ui.golden", shown: "ui.cases"),
    DisplayCase(path: "../ui.cases", golden: "ui.golden", shown: "../ui.cases"),
    DisplayCase(path: "../../a/ui.cases", golden: "/w/b/c/ui.golden", shown: "/w/a/ui.cases"),
    DisplayCase(path: "./ui.cases", golden: "./g/ui.golden", shown: "g/ui.cases"),
    DisplayCase(path: "/abs/ui.cases", golden: "g/ui.golden", shown: "/abs/ui.cases"),
  ]

  @Test(arguments: displayCases)
  fileprivate func displayPath_isBesideTheGoldenFileAsGiven(_ test: DisplayCase) {
    #expect(GoldenVerification.displayPath(of: test.path, besideGolden: test.golden) == test.shown)
  }
}
