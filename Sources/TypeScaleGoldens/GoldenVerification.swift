// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// Record or verify golden files: the work behind `expectGoldens` and `typescale goldens`.
///
/// ``verify(casesFile:golden:record:maximumCaseCount:)`` returns a failure message, or `nil` when everything
/// matches — the shape of swift-snapshot-testing's `verifySnapshot`, so test helpers of any kind
/// can be built on it.
public enum GoldenVerification {
  /// Measures a cases file's suite and compares it with its golden file, recording per `record`.
  ///
  /// On a mismatch the measured file is written to `$TYPESCALE_ARTIFACTS` (default
  /// `.build/golden-actual/` of the package the golden file is in, else the temporary folder),
  /// under the golden file's path, so it can be inspected or copied over.
  ///
  /// - Parameters:
  ///   - casesFile: The cases file (JSON).
  ///   - golden: The golden file; by default the cases file's path with the `golden` extension.
  ///   - record: When to write the golden file; `nil` (the default) reads `TYPESCALE_RECORD`, and a
  ///     value there that is not a mode fails with a message listing the valid ones.
  ///   - maximumCaseCount: The most cases the cases file may expand to;
  ///     ``GoldenCasesFile/defaultMaximumCaseCount`` (100,000) by default.
  /// - Returns: `nil` when the golden file matches, every case that must fit (the cases
  ///   file's `mustFit`) fits and no text of a `"strict": true` set has characters no font draws
  ///   (each such text is an `error:` line, ``GoldenMissingGlyphs/message``); otherwise a message naming the differing cases, the likely causes,
  ///   where each failing text fits and the files (or why the cases or golden file cannot be
  ///   used). The causes come as `typescale goldens verify` gives them: the cases file changed
  ///   since the golden file was recorded (its `# cases:` digest; each text old → new, cases
  ///   added, removed, renamed), fonts, library versions, the layout.
  public static func verify(
    casesFile: URL, golden: URL? = nil, record: GoldenRecordMode? = nil,
    maximumCaseCount: Int = GoldenCasesFile.defaultMaximumCaseCount
  ) -> String? {
    let goldenURL = golden ?? casesFile.deletingPathExtension().appendingPathExtension("golden")
    let actual: GoldenFile
    let mode: GoldenRecordMode
    var warnings: [String]
    let strictMissing: [GoldenMissingGlyphs]
    do throws(GoldenError) {
      if let record { mode = record } else { mode = try GoldenRecordMode.fromEnvironment() }
      let suite = try GoldenCasesFile.load(casesFile, maximumCaseCount: maximumCaseCount)
        .rebased(
          from: casesFile.deletingLastPathComponent(), to: goldenURL.deletingLastPathComponent())
      let measurer = try GoldenMeasurer()
      actual = try measurer.measure(suite, baseDirectory: goldenURL.deletingLastPathComponent())
      warnings = suite.warnings + measurer.warnings
      warnings += measurer.missingGlyphs.filter { !$0.strict }.map(\.message)
      strictMissing = measurer.strictMissingGlyphs
    } catch {
      return error.message
    }
    // Substitutions (a typography family missing from the fonts) and deprecated spellings go
    // with any message, so a recording or a failure never hides them.
    // Characters no font draws fail a strict text even when the golden file matches.
    let compared = compare(actual, with: goldenURL, record: mode)
    guard compared != nil || !strictMissing.isEmpty else { return nil }
    return
      ([compared].compactMap { $0 } + strictMissing.map { "error: \($0.message) (strict)" }
      + warnings.map { "warning: \($0)" }).joined(separator: "\n")
  }

  /// Compares a measured golden file with the one on disk, recording per `record`.
  ///
  /// A new golden file's message lists the cases already truncated or wider than their width
  /// (``GoldenFitCheck``). A case that must fit and does not fails even when it matches the
  /// golden file, as one recorded with `TYPESCALE_RECORD=all` would; the report says where
  /// each failing text fits (``GoldenReport/addFit(expected:actual:baseDirectory:measurer:)``).
  ///
  /// - Parameters:
  ///   - actual: The cases measured now.
  ///   - goldenURL: The recorded golden file.
  ///   - record: When to write it.
  /// - Returns: `nil` when it matches and every case that must fit fits; otherwise the failure
  ///   message.
  public static func compare(
    _ actual: GoldenFile, with goldenURL: URL, record: GoldenRecordMode
  ) -> String? {
    let path = goldenURL.path
    guard FileManager.default.fileExists(atPath: path) else {
      guard record != .never else {
        return "no golden file at \(path), and TYPESCALE_RECORD=never; record it with "
          + "TYPESCALE_RECORD=missing (the default) and check it in"
      }
      if let error = write(actual, to: goldenURL) { return error }
      let recorded =
        "recorded a new golden file at \(path) (\(actual.measurements.count) cases); check it "
        + "in and run again"
      // Cases already truncated or too wide are listed; those that must fit fail the test in
      // any case, as a new golden file does.
      let unfit = GoldenFitCheck(actual).message(
        baseDirectory: goldenURL.deletingLastPathComponent())
      return unfit.map { recorded + "\n\n" + $0 } ?? recorded
    }
    let expected: GoldenFile
    do throws(GoldenError) {
      expected = try read(goldenURL)
      try checkHasRecords(expected, name: path)
    } catch {
      return error.message
    }
    var report = GoldenComparison.compare(expected: expected, actual: actual, name: path)
    // Where failing texts fit, and cases that must fit and do not: these fail even when they
    // match the golden file (recorded with TYPESCALE_RECORD=all).
    report.addFit(
      expected: expected, actual: actual, baseDirectory: goldenURL.deletingLastPathComponent())
    if record == .all {
      if let error = write(actual, to: goldenURL) { return error }
      return report.passed
        ? nil : "re-recorded \(path) (TYPESCALE_RECORD=all):\n" + report.message()
    }
    guard !report.passed else { return nil }
    var message = report.message()
    let artifact = artifactURL(for: goldenURL)
    if write(actual, to: artifact) == nil {
      message += "\n\nexpected: \(path)\nactual:   \(artifact.path)"
    }
    if record == .failed, write(actual, to: goldenURL) == nil {
      message += "\nre-recorded \(path) (TYPESCALE_RECORD=failed)"
    }
    return message
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
      let writer = try GoldenFileWriter(url: url)
      try writer.writeHeader(file.header)
      for record in file.measurements { try writer.write(record) }
      try writer.commit()
      return nil
    } catch {
      return error.message
    }
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
