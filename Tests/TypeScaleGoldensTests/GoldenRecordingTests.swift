// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleTestSupport

@testable import TypeScaleGoldens

/// `GoldenRecordingSession` and its `GoldenRecording`: the file written, the cases counted, the
/// substitutions and the cases that do not fit — what `typescale goldens record` prints.
@Suite struct GoldenRecordingTests {
  /// A folder holding `ui.cases`: one text at xS and AX5 in a 100 pt box, truncated at AX5.
  private struct Workspace {
    let folder: URL
    var casesPath: String { folder.appendingPathComponent("ui.cases").path }
    let xS = "labels/hello/default/footnote/xS/100"
    let ax5 = "labels/hello/default/footnote/AX5/100"

    init(setOptions: String = "") throws {
      folder = try Fixtures.temporaryDirectory("golden-recording")
      let json = """
        {"sets": [{"name": "labels", "styles": ["footnote"], "categories": ["xS", "AX5"],
          "widths": [100], "lines": 2, \(setOptions) "texts": [["hello", "Hello, world"]]}]}
        """
      try Data(json.utf8).write(to: URL(fileURLWithPath: casesPath))
    }

    func remove() {
      try? FileManager.default.removeItem(at: folder)
    }
  }

  @Test func record_writesTheGoldenFileAndCountsItsCases() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let session = try GoldenRecordingSession(casesPath: workspace.casesPath)
    let goldenPath = workspace.folder.appendingPathComponent("ui.golden").path
    #expect(session.goldenPath == goldenPath)
    #expect(session.warnings.isEmpty)
    #expect(session.suite.cases.map(\.id) == [workspace.xS, workspace.ax5])

    let recording = try session.record()
    #expect(recording.goldenURL.path == goldenPath)
    #expect(recording.golden == goldenPath)
    #expect(recording.cases == 2)
    #expect(recording.shard == nil)
    #expect(recording.warnings.isEmpty)
    #expect(recording.missingGlyphs.isEmpty)
    #expect(recording.mustFitFailures.isEmpty)
    #expect(recording.passed)
    let written = try GoldenVerification.read(recording.goldenURL)
    #expect(written.measurements.map(\.id) == [workspace.xS, workspace.ax5])
    #expect(written.header.casesFile?.path == "ui.cases")
    // Truncated at AX5: a warning after the summary, not a failure.
    let unfit = try #require(recording.unfit)
    #expect(unfit.hasPrefix("1 case is already truncated when recorded:\n"))
    #expect(
      recording.lines(json: false) == [
        .init(isDiagnostic: false, text: "recorded 2 cases in \(goldenPath)"),
        .init(isDiagnostic: true, text: "warning: " + unfit),
      ])
    #expect(
      recording.lines(json: true).first
        == .init(
          isDiagnostic: false,
          text: #"{"golden": "\#(goldenPath)", "cases": 2, "shard": null}"#))
  }

  @Test func record_ofAShard_writesItsOwnFile() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let shard = try Shard(parsing: "2/2")
    let session = try GoldenRecordingSession(
      casesPath: workspace.casesPath, goldenPath: nil, shard: shard)
    let recording = try session.record()
    let path = workspace.folder.appendingPathComponent("ui.shard-2-of-2.golden").path
    #expect(recording.golden == path)
    let written = try GoldenVerification.read(recording.goldenURL)
    #expect(recording.cases == written.measurements.count)
    #expect(written.measurements.allSatisfy { shard.contains($0.id) })
    let of = recording.cases == 1 ? "1 case" : "\(recording.cases) cases"
    #expect(recording.lines(json: false).first?.text == "recorded \(of) of shard 2/2 in \(path)")
  }

  @Test func mustFit_failsTheRecordingWithAnError() throws {
    let workspace = try Workspace(setOptions: #""mustFit": true,"#)
    defer { workspace.remove() }
    let recording = try GoldenRecordingSession(casesPath: workspace.casesPath).record()
    #expect(recording.mustFitFailures == [workspace.ax5])
    #expect(!recording.passed)
    // The golden file is written all the same.
    #expect(try GoldenVerification.read(recording.goldenURL).measurements.count == 2)
    let last = try #require(recording.lines(json: false).last)
    #expect(last.isDiagnostic)
    #expect(last.text.hasPrefix("error: 1 case must fit (\"mustFit\") and do not: "))
  }

  @Test func substitutedFace_isAWarningNamingTheCasesFile() throws {
    let folder = try Fixtures.temporaryDirectory("golden-recording-typography")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fonts = folder.appendingPathComponent("Fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Fixtures.font("Fixture-Regular.ttf"),
      to: fonts.appendingPathComponent("Fixture-Regular.ttf"))
    try Data(
      #"""
      {"name": "Fixture", "styles": {},
       "tokens": {"overline": {"size": 11, "sizing": "fixed", "family": "Absent Family"}}}
      """#.utf8
    ).write(to: folder.appendingPathComponent("typography.json"))
    let cases = folder.appendingPathComponent("ui.cases")
    try Data(
      #"""
      {"typography": "typography.json", "fontFolders": ["Fonts"],
       "sets": [{"name": "ui", "styles": ["overline"], "categories": ["L"], "widths": [120],
                 "texts": [["save", "Save"]]}]}
      """#.utf8
    ).write(to: cases)

    let recording = try GoldenRecordingSession(casesPath: cases.path).record()
    let warning =
      "token overline: requested \"Absent Family\", not registered; using NotoSans-Regular "
      + "(TypeScale's default)"
    #expect(recording.cases == 1)
    #expect(recording.warnings == [warning])
    #expect(recording.passed)
    #expect(
      recording.lines(json: false).first
        == .init(isDiagnostic: true, text: "warning: \(cases.path): \(warning)"))
  }

  @Test func goldenPathThatIsTheCasesFile_isRefusedBeforeAnythingIsWritten() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let roundabout = workspace.folder.appendingPathComponent("x/../ui.cases").path
    #expect(GoldenRecordingSession.overwritesCasesFile(workspace.casesPath, golden: roundabout))
    #expect(
      !GoldenRecordingSession.overwritesCasesFile(
        workspace.casesPath, golden: workspace.folder.appendingPathComponent("ui.golden").path))
    let error = #expect(throws: GoldenError.self) {
      try GoldenRecordingSession(casesPath: workspace.casesPath, goldenPath: roundabout)
    }
    #expect(error?.code == .io)
    #expect(
      error?.message
        == "the golden file \(roundabout) would overwrite the cases file \(workspace.casesPath)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.casesPath)).count > 0)
  }

  @Test(
    arguments: [
      ("a/ui.cases", nil, "a/ui.golden"),
      ("ui", nil, "ui.golden"),
      ("a.b/.ui", nil, "a.b/.ui.golden"),
      ("ui.json", "1/2", "ui.shard-1-of-2.golden"),
    ] as [(String, String?, String)])
  func defaultGoldenPath_replacesTheExtension(cases: String, shard: String?, golden: String)
    throws
  {
    let shard = try shard.map { try Shard(parsing: $0) }
    #expect(GoldenRecordingSession.defaultGoldenPath(forCases: cases, shard: shard) == golden)
  }
}
