// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleGoldens
import TypeScaleRender

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Measures a cases file's texts at their sizes and holds them to its golden file — one call for
/// a test, under Swift Testing or XCTest.
///
/// The golden file is recorded when it is missing (and the test fails once, so nothing passes
/// unseen), re-recorded with `TYPESCALE_RECORD=all`, and never written with
/// `TYPESCALE_RECORD=never`, which CI sets. A failure lists the differing cases with expected and
/// actual sizes, line counts and breaks, and says whether a font file, a library version or the
/// layout itself changed, and where each failing text fits (`fits through XL; truncated from
/// XXL`) with the width it needs unwrapped against its box. Cases that must fit (the cases
/// file's `mustFit`) and do not fail even when they match. The changed cases are also drawn —
/// recorded on the left with the recorded box, the text now on the right with the box measured
/// now — in a PNG beside the measured file (`.build/golden-actual/<golden path>.png`), named on
/// the message's `image:` line. Under Swift Testing (Swift 6.2 and later) the PNG and the
/// measured golden file are attached to the failing test as well (`Attachment`; `swift test
/// --attachments-path DIR` saves them); under XCTest the message names both files.
///
/// ```swift
/// import Foundation
/// import Testing
/// import TypeScaleTesting
///
/// @Test func uiStrings() {
///   expectGoldens(casesFile: URL(fileURLWithPath: #filePath)
///     .deletingLastPathComponent().appendingPathComponent("Goldens/ui.cases"))
/// }
/// ```
///
/// - Parameters:
///   - casesFile: The cases file (JSON): fonts and sets of texts, styles, categories, widths.
///   - golden: The golden file; by default beside the cases file, with the `golden` extension.
///   - record: When to write the golden file; `nil` (the default) reads `TYPESCALE_RECORD`, and a
///     value there that is not a mode fails with a message listing the valid ones.
///   - maximumCaseCount: The most cases the cases file may expand to (counted before anything
///     is measured); `GoldenCasesFile.defaultMaximumCaseCount`, 100,000, by default.
///   - fileID: The calling file, for XCTest.
///   - filePath: The calling file's path, for XCTest.
///   - line: The calling line, for XCTest.
///   - column: The calling column, for Swift Testing.
public func expectGoldens(
  casesFile: URL, golden: URL? = nil, record: GoldenRecordMode? = nil,
  maximumCaseCount: Int = GoldenCasesFile.defaultMaximumCaseCount,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  guard
    let message = GoldenVerification.verify(
      casesFile: casesFile, golden: golden, record: record, maximumCaseCount: maximumCaseCount)
  else { return }
  let goldenURL = golden ?? casesFile.deletingPathExtension().appendingPathExtension("golden")
  let failure = GoldenFailureFiles(goldenURL: goldenURL, message: message)
  recordGoldenIssue(
    message + failure.note, fileID: fileID, filePath: filePath, line: line, column: column)
  #if canImport(Testing) && compiler(>=6.2)
    if Test.current != nil {
      let location = SourceLocation(
        fileID: String(describing: fileID), filePath: String(describing: filePath),
        line: Int(line), column: Int(column))
      for file in failure.attachments {
        guard let data = try? Data(contentsOf: file) else { continue }
        Attachment.record([UInt8](data), named: file.lastPathComponent, sourceLocation: location)
      }
    }
  #endif
}

/// The files a golden failure leaves for a person: the measured golden file and the image of
/// the changed cases, and the message line that names the image.
package struct GoldenFailureFiles {
  /// `\nimage:    <path>`, a line saying the image could not be drawn, or empty when there is
  /// no image.
  package var note = ""
  /// The files to attach to the failing test: the image (when drawn), then the measured golden
  /// file (when written).
  package var attachments: [URL] = []

  /// Draws the changed cases of a mismatch beside the measured file.
  ///
  /// `GoldenVerification` writes the measured file and names it on the message's `actual:`
  /// line; only then are the two files compared again and drawn, so an image always matches its
  /// report.
  ///
  /// - Parameters:
  ///   - goldenURL: The golden file.
  ///   - message: The failure message.
  package init(goldenURL: URL, message: String) {
    let artifact = Renderer.goldenArtifactURL(for: goldenURL)
    guard message.contains("\nactual:   \(artifact.path)") else { return }
    do {
      let expected = try GoldenVerification.read(goldenURL)
      let actual = try GoldenVerification.read(artifact)
      let report = GoldenComparison.compare(
        expected: expected, actual: actual, name: goldenURL.path)
      let renderer = Renderer(registry: try FontRegistry())
      if let image = try renderer.goldenFailureImage(
        report: report, expected: expected, actual: actual, goldenURL: goldenURL)
      {
        let url = Renderer.goldenFailureImageURL(for: goldenURL)
        try PNG.write(image, to: url)
        note = "\nimage:    \(url.path)"
        attachments.append(url)
      }
    } catch {
      note = "\n(could not draw the failing cases: \(error))"
    }
    attachments.append(artifact)
  }
}

/// The XCTest spelling of
/// ``expectGoldens(casesFile:golden:record:maximumCaseCount:fileID:filePath:line:column:)``.
///
/// - Parameters:
///   - casesFile: The cases file (JSON).
///   - golden: The golden file; by default beside the cases file.
///   - record: When to write the golden file; `nil` (the default) reads `TYPESCALE_RECORD`, and a
///     value there that is not a mode fails with a message listing the valid ones.
///   - maximumCaseCount: The most cases the cases file may expand to; 100,000 by default.
///   - fileID: The calling file.
///   - filePath: The calling file's path.
///   - line: The calling line.
///   - column: The calling column.
public func assertGoldens(
  casesFile: URL, golden: URL? = nil, record: GoldenRecordMode? = nil,
  maximumCaseCount: Int = GoldenCasesFile.defaultMaximumCaseCount,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  expectGoldens(
    casesFile: casesFile, golden: golden, record: record, maximumCaseCount: maximumCaseCount,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Reports a failure to Swift Testing when a test is running under it, and to XCTest otherwise.
///
/// - Parameters:
///   - message: The failure message.
///   - fileID: The calling file.
///   - filePath: The calling file's path.
///   - line: The calling line.
///   - column: The calling column.
public func recordGoldenIssue(
  _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  #if canImport(Testing)
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: String(describing: fileID), filePath: String(describing: filePath),
          line: Int(line), column: Int(column)))
      return
    }
  #endif
  #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
  #else
    print("golden failure: \(message)")
  #endif
}
