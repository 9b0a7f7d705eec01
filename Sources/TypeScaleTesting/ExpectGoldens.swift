// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleGoldens
import TypeScaleInternals
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
  let outcome: GoldenVerification.Outcome
  do throws(GoldenError) {
    outcome = try GoldenVerification.verify(
      casesFile: casesFile, golden: golden, record: record, maximumCaseCount: maximumCaseCount,
      failureImage: true)
  } catch {
    recordGoldenIssue(
      error.message, fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  guard let message = outcome.failureMessage else { return }
  recordGoldenIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  #if canImport(Testing) && compiler(>=6.2)
    if Test.current != nil {
      let location = SourceLocation(
        fileID: String(describing: fileID), filePath: String(describing: filePath),
        line: Int(line), column: Int(column))
      for file in outcome.attachments {
        guard
          let data = try? BoundedFile.read(file, limit: GoldenVerification.Outcome.attachmentLimit)
        else { continue }
        Attachment.record([UInt8](data), named: file.lastPathComponent, sourceLocation: location)
      }
    }
  #endif
}

extension GoldenVerification.Outcome {
  /// The files a failing test is given: the image of the changed cases (when drawn), then the
  /// measured golden file (when written).
  package var attachments: [URL] {
    var files: [URL] = []
    if case .written(let image) = failureImage { files.append(image) }
    if let actualFile { files.append(actualFile) }
    return files
  }

  /// The most bytes an attachment is read with: a PNG of
  /// `RenderOptions.defaultMaximumPixels` stored uncompressed, which is more than a golden
  /// file may be (`GoldenFile.maximumFileSize`).
  package static let attachmentLimit = RenderOptions.defaultMaximumPixels * 5
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
