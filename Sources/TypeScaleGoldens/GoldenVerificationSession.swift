// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// A golden file read with the cases to verify it against, ready to measure: the whole of
/// `typescale goldens verify` in two steps, so that the cases file's warnings can be shown
/// before a long measurement starts.
///
/// ``init(golden:displayPath:shard:strict:maximumCaseCount:)`` reads and checks the golden file
/// and finds its cases (``GoldenVerification/casesToVerify(_:goldenURL:displayPath:maximumCaseCount:)``:
/// the cases file its `# cases:` line names, expanded again, else the stored cases);
/// ``verify(failureImage:progress:)`` measures them (one shard's with a shard), compares,
/// adds where each failing text fits and, on request, draws the changed cases.
///
/// ```swift
/// let session = try GoldenVerificationSession(golden: goldenURL)
/// for warning in session.warnings { print("warning: \(warning)") }
/// let outcome = try session.verify(failureImage: true)
/// for line in outcome.lines(.commandLine(json: false)) { print(line.text) }
/// ```
public struct GoldenVerificationSession: Sendable {
  /// The golden file.
  public let goldenURL: URL
  /// The golden file's path as messages name it.
  public let displayPath: String
  /// The golden file as recorded; with a shard, only the cases of that shard (a renamed case in
  /// the shard of its new id, where it is measured).
  public let expected: GoldenFile
  /// The cases to measure and where they came from; every case strict with `strict`.
  public let cases: GoldenVerifiedCases
  /// The shard asked for, or `nil` for the whole file.
  public let shard: Shard?
  /// The shard measured: the one asked for, else the one a file recorded with a shard holds.
  private let measuredShard: Shard?

  /// Reads a golden file and finds the cases to verify it against.
  ///
  /// - Parameters:
  ///   - golden: The golden file.
  ///   - displayPath: Its path as the user gave it, for messages and the report;
  ///     `golden.path` by default.
  ///   - shard: Only this shard's cases, or `nil` for all. A file recorded for one shard
  ///     verifies with that shard or none.
  ///   - strict: Whether every case is strict (`--strict`): a text with characters no font
  ///     draws fails, as a set's `"strict": true` makes it.
  ///   - maximumCaseCount: The most cases its cases file may expand to.
  /// - Throws: ``GoldenError`` when the golden file is missing, not a regular file, larger than
  ///   ``GoldenFile/maximumFileSize``, not UTF-8, malformed (with the line), holds no cases, or
  ///   holds another shard; or its cases file cannot be read, is malformed or expands to too
  ///   many cases.
  public init(
    golden: URL, displayPath: String? = nil, shard: Shard? = nil, strict: Bool = false,
    maximumCaseCount: Int = GoldenCasesFile.defaultMaximumCaseCount
  ) throws(GoldenError) {
    let name = displayPath ?? golden.path
    let data = try GoldenVerification.readFile(golden, displayPath: name, kind: "golden file")
    guard let text = String(data: data, encoding: .utf8) else {
      throw GoldenError(.malformedGolden, "\(name): not UTF-8 text")
    }
    var expected = try GoldenFile.parse(text, name: name)
    try GoldenVerification.checkHasRecords(expected, name: name)
    if let shard, let recorded = expected.header.shard, recorded != shard.description {
      throw GoldenError(
        .malformedGolden,
        "\(name) holds shard \(recorded) only; verify it with --shard \(recorded) or "
          + "without --shard")
    }
    let recordedShard = try Self.recordedShard(of: expected, name: name)
    var cases = try GoldenVerification.casesToVerify(
      expected, goldenURL: golden, displayPath: name, maximumCaseCount: maximumCaseCount)
    if let shard {
      // A renamed case is compared in the shard of its new id, where it is measured.
      let renames = GoldenComparison.renames(
        from: expected.measurements.map(\.testCase), to: cases.suite.cases)
      expected.measurements = expected.measurements.filter {
        shard.contains(renames[$0.id] ?? $0.id)
      }
    }
    cases.suite = cases.suite.strict(strict)
    self.goldenURL = golden
    self.displayPath = name
    self.expected = expected
    self.cases = cases
    self.shard = shard
    // A file recorded with --shard holds one shard: its cases file's cases are that shard's.
    self.measuredShard = shard ?? recordedShard
  }

  /// The cases file's deprecated spellings, each as `<cases file>: <warning>`; empty when the
  /// stored cases are verified.
  public var warnings: [String] {
    guard case .casesFile(let path, _) = cases.source else { return [] }
    return cases.suite.warnings.map { "\(path): \($0)" }
  }

  /// Measures the cases, compares them with the golden file and says where each failing text
  /// fits.
  ///
  /// The report notes where the cases came from (``GoldenVerifiedCases/note(verifying:formatVersion:)``),
  /// names the shard of a whole-file run (for `typescale goldens merge`) and lists the strict
  /// texts with characters no font draws, which fail even when they match. Nothing is written
  /// but the image.
  ///
  /// - Parameters:
  ///   - failureImage: Whether to draw the changed cases when the verification fails
  ///     (``GoldenVerification/Outcome/failureImage``, at `Renderer.goldenFailureImageURL(for:)`).
  ///   - progress: Called after each case with (done, total), for a progress line.
  /// - Returns: The outcome; its warnings are the measurement's substitutions.
  /// - Throws: ``GoldenError/Code/measurement`` naming the font or case that failed.
  public func verify(
    failureImage: Bool = false, progress: ((Int, Int) -> Void)? = nil
  ) throws(GoldenError) -> GoldenVerification.Outcome {
    let folder = goldenURL.deletingLastPathComponent()
    let measurer = try GoldenMeasurer()
    var actual = try measurer.measure(
      cases.suite, baseDirectory: folder, shard: measuredShard, progress: progress)
    // Its report says which shard it is, for merging.
    if shard == nil { actual.header.shard = expected.header.shard }
    var report = GoldenComparison.compare(expected: expected, actual: actual, name: displayPath)
    if let note = cases.note(
      verifying: expected.measurements.count, formatVersion: expected.header.formatVersion)
    {
      report.notes.append(note)
    }
    // Strict texts with characters no font draws fail even when they match.
    let strict = measurer.strictMissingGlyphs.map(\.text)
    if !strict.isEmpty { report.missingGlyphs = strict }
    report.addFit(expected: expected, actual: actual, baseDirectory: folder)
    var outcome = GoldenVerification.Outcome(
      golden: displayPath, report: report, fitFailures: report.mustFitFailures ?? [],
      warnings: measurer.warnings, missingGlyphs: measurer.missingGlyphs)
    if failureImage, !report.passed {
      outcome.failureImage = GoldenVerification.drawFailures(
        report, expected: expected, actual: actual, goldenURL: goldenURL)
    }
    return outcome
  }

  /// The shard a golden file recorded with `--shard` holds, or `nil`.
  private static func recordedShard(
    of golden: GoldenFile, name: String
  ) throws(GoldenError) -> Shard? {
    guard let text = golden.header.shard else { return nil }
    do throws(TypeScaleError) {
      return try Shard(parsing: text)
    } catch {
      throw GoldenError(.malformedGolden, "\(name): \"# shard: \(text)\": \(error.message)")
    }
  }
}

extension GoldenVerification {
  /// Verifies a golden file against the cases file it names, as `typescale goldens verify`
  /// does: ``GoldenVerificationSession`` in one call, the cases file's warnings first among the
  /// outcome's.
  ///
  /// - Parameters:
  ///   - golden: The golden file.
  ///   - shard: Only this shard's cases, or `nil` for all.
  ///   - strict: Whether every case is strict.
  ///   - maximumCaseCount: The most cases its cases file may expand to.
  ///   - failureImage: Whether to draw the changed cases when it fails.
  /// - Returns: The outcome.
  /// - Throws: ``GoldenError`` as ``GoldenVerificationSession/init(golden:displayPath:shard:strict:maximumCaseCount:)``
  ///   and ``GoldenVerificationSession/verify(failureImage:progress:)`` throw.
  public static func verify(
    golden: URL, shard: Shard? = nil, strict: Bool = false,
    maximumCaseCount: Int = GoldenCasesFile.defaultMaximumCaseCount, failureImage: Bool = false
  ) throws(GoldenError) -> Outcome {
    let session = try GoldenVerificationSession(
      golden: golden, shard: shard, strict: strict, maximumCaseCount: maximumCaseCount)
    var outcome = try session.verify(failureImage: failureImage)
    outcome.warnings = session.warnings + outcome.warnings
    return outcome
  }
}

extension GoldenSuite {
  /// The suite with every case ``GoldenCase/strict`` when `strict` (`--strict`); unchanged
  /// without it.
  ///
  /// - Parameter strict: Whether to make every case strict.
  /// - Returns: The suite.
  package func strict(_ strict: Bool) -> GoldenSuite {
    guard strict else { return self }
    var suite = self
    for index in suite.cases.indices { suite.cases[index].strict = true }
    return suite
  }
}
