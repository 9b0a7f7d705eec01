// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// Record or verify golden files: the work behind `expectGoldens` and `typescale goldens`.
///
/// ``verify(casesFile:golden:record:maximumCaseCount:failureImage:)`` measures a cases file and
/// holds it to its golden file; ``GoldenVerificationSession`` verifies a golden file against the
/// cases file it names. Both return an ``Outcome``: whether it passed, the cases that differ and
/// how, the files written, and one text for a test or the command line (``Outcome/lines(_:)``),
/// so test helpers of any kind can be built on it.
public enum GoldenVerification {
  /// Measures a cases file's suite and compares it with its golden file, recording per `record`.
  ///
  /// On a mismatch the measured file is written to `$TYPESCALE_ARTIFACTS` (default
  /// `.build/golden-actual/` of the package the golden file is in, else the temporary folder),
  /// under the golden file's path, so it can be inspected or copied over
  /// (``Outcome/actualFile``).
  ///
  /// ```swift
  /// let outcome = try GoldenVerification.verify(casesFile: casesURL, record: .never)
  /// if let message = outcome.failureMessage { print(message) }
  /// ```
  ///
  /// - Parameters:
  ///   - casesFile: The cases file (JSON).
  ///   - golden: The golden file; by default the cases file's path with the `golden` extension.
  ///   - record: When to write the golden file; `nil` (the default) reads `TYPESCALE_RECORD`, and a
  ///     value there that is not a mode fails with a message listing the valid ones.
  ///   - maximumCaseCount: The most cases the cases file may expand to;
  ///     ``GoldenCasesFile/defaultMaximumCaseCount`` (100,000) by default.
  ///   - failureImage: Whether to draw the changed cases beside the measured file when it is
  ///     written (``Outcome/failureImage``); `false` by default.
  /// - Returns: The outcome. It passes when the golden file matches, every case that must fit
  ///   (the cases file's `mustFit`) fits and no text of a `"strict": true` set has characters no
  ///   font draws. Its ``Outcome/failureMessage`` names the differing cases, the likely causes,
  ///   where each failing text fits and the files; the causes come as `typescale goldens verify`
  ///   gives them: the cases file changed since the golden file was recorded (its `# cases:`
  ///   digest; each text old → new, cases added, removed, renamed), fonts, library versions, the
  ///   layout. A golden file that cannot be used or written is its ``Outcome/problem``.
  /// - Throws: ``GoldenError`` when `TYPESCALE_RECORD` is not a mode, or the cases file cannot be
  ///   read, is malformed, expands to more than `maximumCaseCount` cases or cannot be measured:
  ///   nothing was compared.
  public static func verify(
    casesFile: URL, golden: URL? = nil, record: GoldenRecordMode? = nil,
    maximumCaseCount: Int = GoldenCasesFile.defaultMaximumCaseCount, failureImage: Bool = false
  ) throws(GoldenError) -> Outcome {
    let goldenURL = golden ?? casesFile.deletingPathExtension().appendingPathExtension("golden")
    let mode: GoldenRecordMode
    if let record { mode = record } else { mode = try GoldenRecordMode.fromEnvironment() }
    let suite = try GoldenCasesFile.load(casesFile, maximumCaseCount: maximumCaseCount)
      .rebased(
        from: casesFile.deletingLastPathComponent(), to: goldenURL.deletingLastPathComponent())
    let measurer = try GoldenMeasurer()
    let actual = try measurer.measure(suite, baseDirectory: goldenURL.deletingLastPathComponent())
    var outcome = compare(actual, with: goldenURL, record: mode, failureImage: failureImage)
    // Substitutions (a typography family missing from the fonts) and deprecated spellings go
    // with any message, so a recording or a failure never hides them.
    outcome.warnings = suite.warnings + measurer.warnings
    // Characters no font draws fail a strict text even when the golden file matches.
    outcome.missingGlyphs = measurer.missingGlyphs
    let strict = measurer.strictMissingGlyphs.map(\.text)
    if !strict.isEmpty { outcome.report?.missingGlyphs = strict }
    return outcome
  }

  /// Compares a measured golden file with the one on disk, recording per `record`.
  ///
  /// A new golden file's outcome lists the cases already truncated or wider than their width
  /// (``GoldenFitCheck``). A case that must fit and does not fails even when it matches the
  /// golden file, as one recorded with `TYPESCALE_RECORD=all` would; the report says where
  /// each failing text fits (``GoldenReport/addFit(expected:actual:baseDirectory:measurer:)``).
  ///
  /// - Parameters:
  ///   - actual: The cases measured now.
  ///   - goldenURL: The recorded golden file.
  ///   - record: When to write it.
  ///   - failureImage: Whether to draw the changed cases when the measured file is written.
  /// - Returns: The outcome, without warnings or characters no font draws (the measurer knows
  ///   those).
  public static func compare(
    _ actual: GoldenFile, with goldenURL: URL, record: GoldenRecordMode,
    failureImage: Bool = false
  ) -> Outcome {
    let path = goldenURL.path
    var outcome = Outcome(golden: path)
    guard FileManager.default.fileExists(atPath: path) else {
      guard record != .never else {
        outcome.problem = GoldenError(
          .io,
          "no golden file at \(path), and TYPESCALE_RECORD=never; record it with "
            + "TYPESCALE_RECORD=missing (the default) and check it in")
        return outcome
      }
      do throws(GoldenError) {
        try writeFile(actual, to: goldenURL)
      } catch {
        outcome.problem = error
        return outcome
      }
      // Cases already truncated or too wide are listed; those that must fit fail the test in
      // any case, as a new golden file does.
      let check = GoldenFitCheck(actual)
      outcome.recording = .new(
        cases: actual.measurements.count,
        unfit: check.message(baseDirectory: goldenURL.deletingLastPathComponent()))
      outcome.fitFailures = check.mustFitFailures
      return outcome
    }
    let expected: GoldenFile
    do throws(GoldenError) {
      expected = try read(goldenURL)
      try checkHasRecords(expected, name: path)
    } catch {
      outcome.problem = error
      return outcome
    }
    var report = GoldenComparison.compare(expected: expected, actual: actual, name: path)
    // Where failing texts fit, and cases that must fit and do not: these fail even when they
    // match the golden file (recorded with TYPESCALE_RECORD=all).
    report.addFit(
      expected: expected, actual: actual, baseDirectory: goldenURL.deletingLastPathComponent())
    outcome.report = report
    outcome.fitFailures = report.mustFitFailures ?? []
    if record == .all {
      do throws(GoldenError) {
        try writeFile(actual, to: goldenURL)
        outcome.recording = .all
      } catch {
        outcome.problem = error
      }
      return outcome
    }
    guard !report.passed else { return outcome }
    let artifact = artifactURL(for: goldenURL)
    if write(actual, to: artifact) == nil {
      outcome.actualFile = artifact
      // The image sits beside the measured file, drawn from the same two files.
      if failureImage {
        outcome.failureImage = drawFailures(
          report, expected: expected, actual: actual, goldenURL: goldenURL)
      }
    }
    if record == .failed, write(actual, to: goldenURL) == nil { outcome.recording = .failed }
    return outcome
  }

  /// Reads and parses a golden file.
  ///
  /// - Parameter url: The file.
  /// - Returns: The golden file.
  /// - Throws: ``GoldenError`` when it cannot be read, is not a regular file, is larger than
  ///   ``GoldenFile/maximumFileSize`` or is malformed (with the line number).
  public static func read(_ url: URL) throws(GoldenError) -> GoldenFile {
    let data = try readFile(
      url, displayPath: url.path, kind: "golden file", maximumSize: GoldenFile.maximumFileSize)
    guard let text = String(data: data, encoding: .utf8) else {
      throw GoldenError(.malformedGolden, "\(url.path): not UTF-8 text")
    }
    return try GoldenFile.parse(text, name: url.path)
  }

  /// Refuses a golden file that holds only a header.
  ///
  /// Such a file would verify as "0 cases match", which hides a truncated or hand-made file. A
  /// file recorded for one shard may be empty (a small
  /// suite split many ways), so one with a `# shard:` line passes.
  ///
  /// - Parameters:
  ///   - file: A parsed golden file.
  ///   - name: Its path, for the message.
  /// - Throws: ``GoldenError/Code/malformedGolden`` when it has no measurements and no shard.
  public static func checkHasRecords(_ file: GoldenFile, name: String) throws(GoldenError) {
    guard file.measurements.isEmpty, file.header.shard == nil else { return }
    throw GoldenError(
      .malformedGolden,
      "\(name): no cases after the header, so nothing would be verified; record it again from "
        + "its cases file (typescale goldens record)")
  }

  /// Reads a cases or golden file that must be a regular file, and at most `maximumSize` bytes.
  ///
  /// A FIFO, a device such as `/dev/zero` or a socket is refused before anything is read (the
  /// file is opened without blocking and checked with `fstat`), so an endless input cannot hang
  /// or fill memory.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - displayPath: The path as the user gave it, for messages.
  ///   - kind: What the file is, for messages: `cases file`, `golden file`.
  ///   - maximumSize: The most bytes read; `nil` for ``GoldenFile/maximumFileSize`` (64 MiB):
  ///     every read is bounded.
  /// - Returns: The file's bytes.
  /// - Throws: ``GoldenError/Code/io`` naming the path when the file is missing, a folder, not
  ///   a regular file, larger than `maximumSize` or unreadable.
  public static func readFile(
    _ url: URL, displayPath: String, kind: String, maximumSize: Int? = nil
  ) throws(GoldenError) -> Data {
    let maximumSize = maximumSize ?? GoldenFile.maximumFileSize
    do {
      return try BoundedFile.read(url, limit: maximumSize)
    } catch {
      let message =
        switch error {
        case .missing: "no \(kind) at \(displayPath)"
        case .notRegular(let what): "\(displayPath) is \(what), not a \(kind)"
        case .tooLarge(let size, let limit):
          "\(displayPath) is \(size) bytes, larger than a \(kind) may be (\(limit) bytes); split it"
        case .grew: "\(displayPath) grew while it was read; read it again"
        case .system(let reason): "cannot read \(displayPath): \(reason)"
        }
      throw GoldenError(.io, message)
    }
  }

  /// Writes a golden file atomically: to a temporary file beside it (see ``GoldenFileWriter``),
  /// then `fsync` and `rename`.
  ///
  /// - Returns: `nil`, or a message when writing failed.
  @discardableResult
  public static func write(_ file: GoldenFile, to url: URL) -> String? {
    do throws(GoldenError) {
      try writeFile(file, to: url)
      return nil
    } catch {
      return error.message
    }
  }

  /// Writes a golden file atomically, as ``write(_:to:)`` does, throwing its failure.
  static func writeFile(_ file: GoldenFile, to url: URL) throws(GoldenError) {
    let writer = try GoldenFileWriter(url: url)
    try writer.writeHeader(file.header)
    for record in file.measurements { try writer.write(record) }
    try writer.commit()
  }

  /// Where the measured file goes when a golden file differs: the one artifact rule, which
  /// `Renderer.goldenArtifactURL(for:)` publishes and test support's text goldens follow.
  ///
  /// `$TYPESCALE_ARTIFACTS/<golden name>` when the variable is set and not empty; otherwise
  /// `.build/golden-actual/<golden path relative to its package>` in the nearest folder above the
  /// golden file that holds a `Package.swift`; otherwise the temporary folder's
  /// `typescale-golden-actual/<golden name>`.
  ///
  /// - Parameter golden: The golden file.
  /// - Returns: The measured file's location.
  static func artifactURL(for golden: URL) -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let folder = environment["TYPESCALE_ARTIFACTS"], !folder.isEmpty {
      return URL(fileURLWithPath: folder).appendingPathComponent(golden.lastPathComponent)
    }
    if let root = PackageRoot.nearest(from: golden.deletingLastPathComponent()) {
      let relative = String(golden.path.dropFirst(root.path.count + 1))
      return root.appendingPathComponent(".build/golden-actual").appendingPathComponent(relative)
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("typescale-golden-actual")
      .appendingPathComponent(golden.lastPathComponent)
  }

}
