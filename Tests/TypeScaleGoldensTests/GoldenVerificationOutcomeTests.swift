// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleRender
import TypeScaleTestSupport
import TypeScaleTesting

@testable import TypeScaleGoldens

/// `GoldenVerification`'s structured result: what passed, which cases differ and how, the files
/// written, and the picture only when asked for.
@Suite struct GoldenVerificationOutcomeTests {
  /// A cases file of one text at xS and AX5, recorded; its name is unique, so the measured
  /// file (in the temporary folder's `typescale-golden-actual/`) is this test's own.
  private struct Workspace {
    let folder: URL
    let cases: URL
    var golden: URL { cases.deletingPathExtension().appendingPathExtension("golden") }
    let xS = "labels/hello/default/footnote/xS/100"
    let ax5 = "labels/hello/default/footnote/AX5/100"

    init() throws {
      folder = try Fixtures.temporaryDirectory("verification-outcome")
      cases = folder.appendingPathComponent("outcome-\(UUID().uuidString).cases")
      let json = """
        {"sets": [{"name": "labels", "styles": ["footnote"], "categories": ["xS", "AX5"],
          "widths": [100], "lines": 2, "texts": [["hello", "Hello, world"]]}]}
        """
      try Data(json.utf8).write(to: cases)
    }

    func remove() {
      try? FileManager.default.removeItem(at: folder)
      for url in [
        Renderer.goldenArtifactURL(for: golden), Renderer.goldenFailureImageURL(for: golden),
      ] {
        try? FileManager.default.removeItem(at: url)
      }
    }
  }

  @Test func matchingSuite_passesWithNothingWritten() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let recorded = try GoldenVerification.verify(casesFile: workspace.cases, record: .missing)
    #expect(!recorded.passed)
    // "Hello, world" is truncated at AX5 in its 100 pt box: a new golden file says so.
    guard case .new(cases: 2, let unfit?) = recorded.recording else {
      Issue.record("recorded \(String(describing: recorded.recording))")
      return
    }
    #expect(unfit.hasPrefix("1 case is already truncated when recorded:\n"))
    #expect(recorded.fitFailures.isEmpty)
    #expect(recorded.report == nil)
    #expect(recorded.failureMessage?.hasPrefix("recorded a new golden file at ") == true)

    let outcome = try GoldenVerification.verify(
      casesFile: workspace.cases, record: .never, failureImage: true)
    #expect(outcome.passed)
    #expect(outcome.failureMessage == nil)
    #expect(outcome.golden == workspace.golden.path)
    #expect(outcome.report?.total == 2)
    #expect(outcome.mismatches.isEmpty)
    #expect(outcome.recording == nil)
    #expect(outcome.actualFile == nil)
    #expect(outcome.failureImage == nil)
    #expect(outcome.fitFailures.isEmpty)
    #expect(outcome.notes.isEmpty)
    #expect(outcome.description == "2 cases match \(workspace.golden.path)")
  }

  @Test func widthAndLineCountChanged_listsEachCaseWithItsChanges() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    _ = try GoldenVerification.verify(casesFile: workspace.cases, record: .missing)
    let measured = try GoldenVerification.read(workspace.golden)
    var edited = measured
    edited.measurements[0].width += 5
    edited.measurements[1].lineCount += 1
    #expect(GoldenVerification.write(edited, to: workspace.golden) == nil)

    let outcome = try GoldenVerification.verify(casesFile: workspace.cases, record: .never)
    #expect(!outcome.passed)
    #expect(outcome.mismatches.map(\.id) == [workspace.xS, workspace.ax5])
    #expect(outcome.mismatches.map(\.kind) == [.changed, .changed])
    let width = measured.measurements[0].width
    #expect(
      outcome.mismatches[0].changes == [
        GoldenReport.Change(
          field: .width, expected: GoldenMeasurement.number(width + 5),
          actual: GoldenMeasurement.number(width))
      ])
    let lines = measured.measurements[1].lineCount
    #expect(
      outcome.mismatches[1].changes == [
        GoldenReport.Change(field: .lines, expected: "\(lines + 1)", actual: "\(lines)")
      ])
    #expect(outcome.report?.differing == 2)
    // The measured file is written beside the build and named by the message.
    let actual = try #require(outcome.actualFile)
    #expect(actual == Renderer.goldenArtifactURL(for: workspace.golden))
    #expect(try GoldenVerification.read(actual).measurements == measured.measurements)
    let message = try #require(outcome.failureMessage)
    #expect(message.hasPrefix("2 of 2 cases differ from \(workspace.golden.path)"))
    #expect(message.hasSuffix("\nexpected: \(workspace.golden.path)\nactual:   \(actual.path)"))
    // No picture unless asked for.
    #expect(outcome.failureImage == nil)
    let image = Renderer.goldenFailureImageURL(for: workspace.golden)
    #expect(!FileManager.default.fileExists(atPath: image.path))

    let drawn = try GoldenVerification.verify(
      casesFile: workspace.cases, record: .never, failureImage: true)
    #expect(drawn.failureImage == .written(image))
    #expect(FileManager.default.fileExists(atPath: image.path))
    #expect(drawn.failureMessage == message + "\nimage:    \(image.path)")
    #expect(drawn.attachments == [image, actual])
  }

  @Test func session_verifiesTheGoldenFileAgainstItsCasesFile() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    _ = try GoldenVerification.verify(casesFile: workspace.cases, record: .missing)
    var edited = try GoldenVerification.read(workspace.golden)
    edited.measurements[1].lineCount += 1
    #expect(GoldenVerification.write(edited, to: workspace.golden) == nil)

    let session = try GoldenVerificationSession(golden: workspace.golden, displayPath: "ui.golden")
    #expect(session.warnings.isEmpty)
    #expect(session.expected.measurements.count == 2)
    let outcome = try session.verify()
    #expect(!outcome.passed)
    #expect(outcome.golden == "ui.golden")
    #expect(outcome.mismatches.map(\.id) == [workspace.ax5])
    #expect(outcome.mismatches.first?.changes.map(\.field) == [.lines])
    // Verifying a golden file writes nothing but the picture, and that only when asked for.
    #expect(outcome.actualFile == nil)
    #expect(outcome.failureImage == nil)
    let lines = outcome.lines(.commandLine(json: false))
    #expect(lines.map(\.isDiagnostic) == [false])
    #expect(lines.first?.text.hasPrefix("1 of 2 cases differ from ui.golden") == true)
    let json = outcome.lines(.commandLine(json: true))
    #expect(
      json.first?.text.hasPrefix(#"{"golden": "ui.golden", "shards": [], "total": 2"#) == true)
  }
}
