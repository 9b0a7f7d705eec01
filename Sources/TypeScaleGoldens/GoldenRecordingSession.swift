// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleFonts
import TypeScaleInternals

/// A cases file read and ready to record: the whole of `typescale goldens record` in two steps,
/// so that the cases file's warnings can be shown before a long measurement starts.
///
/// ``init(casesPath:goldenPath:shard:strict:maximumCaseCount:)`` reads the cases file and
/// expands it; ``record(progress:)`` rewrites its paths relative to the golden file's folder and
/// measures the cases (one shard's with a shard) straight into the golden file through a
/// ``GoldenFileWriter`` and a ``GoldenFitCheck``, and returns a ``GoldenRecording``.
///
/// ```swift
/// let session = try GoldenRecordingSession(casesPath: "Goldens/ui.cases", strict: true)
/// for warning in session.warnings { print("warning: \(warning)") }
/// let recording = try session.record()
/// for line in recording.lines(json: false) { print(line.text) }
/// ```
public struct GoldenRecordingSession: Sendable {
  /// The cases file's path as given; messages name it so.
  public let casesPath: String
  /// The golden file's path as given (or made by ``defaultGoldenPath(forCases:shard:)``);
  /// messages name it so.
  public let goldenPath: String
  /// The cases file.
  public let casesURL: URL
  /// The golden file to write.
  public let goldenURL: URL
  /// The cases as the cases file gives them, its paths relative to the cases file's folder;
  /// its ``GoldenSuite/casesFile`` names the cases file and its SHA-256.
  public let suite: GoldenSuite
  /// The shard to record, or `nil` for every case.
  public let shard: Shard?
  /// Whether every case is strict (`--strict`).
  public let strict: Bool

  /// Reads a cases file and prepares its recording.
  ///
  /// - Parameters:
  ///   - casesPath: The cases file (JSON), as given: relative to the current folder, or
  ///     absolute.
  ///   - goldenPath: The golden file to write; by default
  ///     ``defaultGoldenPath(forCases:shard:)`` of the cases file.
  ///   - shard: Only this shard's cases, or `nil` for all.
  ///   - strict: Whether every case is strict (`--strict`): a text with characters no font
  ///     draws fails, as a set's `"strict": true` makes it.
  ///   - maximumCaseCount: The most cases the cases file may expand to.
  /// - Throws: ``GoldenError`` when the golden file would be the cases file
  ///   (``overwritesCasesFile(_:golden:)``), or the cases file is missing, not a regular file,
  ///   larger than ``GoldenCasesFile/maximumFileSize``, malformed (each problem with its JSON
  ///   path) or expands to more than `maximumCaseCount` cases.
  public init(
    casesPath: String, goldenPath: String? = nil, shard: Shard? = nil, strict: Bool = false,
    maximumCaseCount: Int = GoldenCasesFile.defaultMaximumCaseCount
  ) throws(GoldenError) {
    let goldenPath = goldenPath ?? Self.defaultGoldenPath(forCases: casesPath, shard: shard)
    guard !Self.overwritesCasesFile(casesPath, golden: goldenPath) else {
      throw GoldenError(
        .io, "the golden file \(goldenPath) would overwrite the cases file \(casesPath)")
    }
    let casesURL = URL(fileURLWithPath: casesPath)
    let data = try GoldenVerification.readFile(
      casesURL, displayPath: casesPath, kind: "cases file",
      maximumSize: GoldenCasesFile.maximumFileSize)
    var suite = try GoldenCasesFile.parse(
      data, name: casesPath, maximumCaseCount: maximumCaseCount)
    suite.casesFile = GoldenSourceFile(
      path: casesURL.lastPathComponent, sha256: SHA256Digest.hash(data).hex)
    self.casesPath = casesPath
    self.goldenPath = goldenPath
    self.casesURL = casesURL
    self.goldenURL = URL(fileURLWithPath: goldenPath)
    self.suite = suite
    self.shard = shard
    self.strict = strict
  }

  /// The cases file's deprecated spellings, each as `<cases file>: <warning>`.
  public var warnings: [String] { suite.warnings.map { "\(casesPath): \($0)" } }

  /// Measures the cases into the golden file.
  ///
  /// The suite's paths are first rewritten relative to the golden file's folder, as its header
  /// gives them. Each record goes to a temporary file beside the golden file as it is measured, so memory
  /// stays flat; the golden file is replaced only once all are written. Cases already
  /// truncated or wider than their width are kept for the recording's ``GoldenRecording/unfit``.
  ///
  /// - Parameter progress: Called after each case with (done, total), for a progress line.
  /// - Returns: The recording: the file written, the case count, the measurement's
  ///   substitutions, the texts with characters no font draws and the cases that do not fit.
  /// - Throws: ``GoldenError/Code/malformedCases`` for a path with white space, which a
  ///   golden file's header cannot hold; ``GoldenError/Code/measurement`` naming the font or
  ///   case that failed; ``GoldenError/Code/io`` when the golden file cannot be written (it is
  ///   then left as it was).
  public func record(progress: ((Int, Int) -> Void)? = nil) throws(GoldenError) -> GoldenRecording {
    let folder = goldenURL.deletingLastPathComponent()
    let suite = try suite.rebased(from: casesURL.deletingLastPathComponent(), to: folder)
      .strict(strict)
    let measurer = try GoldenMeasurer()
    // The check passes each record on to the writer and keeps those that do not fit.
    let writer = try GoldenFileWriter(url: goldenURL)
    var check = GoldenFitCheck(forwardingTo: writer)
    let count = try measurer.measure(
      suite, baseDirectory: folder, shard: shard, into: &check, progress: progress)
    try writer.commit()
    return GoldenRecording(
      goldenURL: goldenURL, golden: goldenPath, casesFile: casesPath, cases: count,
      shard: shard, warnings: measurer.warnings, missingGlyphs: measurer.missingGlyphs,
      unfit: check.message(measurer: measurer, baseDirectory: folder),
      mustFitFailures: check.mustFitFailures)
  }

  /// Whether writing a golden file at `goldenPath` would overwrite the cases file: the same
  /// path once resolved (`a/../ui.cases`), a symbolic link or a hard link to it.
  ///
  /// - Parameters:
  ///   - casesPath: The cases file's path.
  ///   - goldenPath: The golden file's path.
  /// - Returns: Whether they are one file.
  public static func overwritesCasesFile(_ casesPath: String, golden goldenPath: String) -> Bool {
    do throws(RunPaths.Conflict) {
      try RunPaths.check(
        inputs: [.file(casesPath, role: "the cases file")],
        outputs: [RunPaths.Output(goldenPath, role: "the golden file")])
      return false
    } catch {
      return true
    }
  }

  /// The golden file a cases file records to: its path with the extension `golden`
  /// (`Goldens/ui.cases` → `Goldens/ui.golden`), or `NAME.shard-K-of-N.golden` for a shard.
  ///
  /// - Parameters:
  ///   - path: The cases file's path.
  ///   - shard: The shard recorded, or `nil`.
  /// - Returns: The golden file's path.
  public static func defaultGoldenPath(forCases path: String, shard: Shard? = nil) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    var stem = path[slash...]
    if let dot = stem.lastIndex(of: "."), dot != stem.startIndex {
      stem = stem[..<dot]
    }
    let suffix = shard.map { ".shard-\($0.index)-of-\($0.count)" } ?? ""
    return String(path[..<slash]) + stem + suffix + ".golden"
  }
}
