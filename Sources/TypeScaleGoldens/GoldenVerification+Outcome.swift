// SPDX-License-Identifier: Apache-2.0

import Foundation

extension GoldenVerification {
  /// What a verification found: whether it passed, the cases that differ and how, what was
  /// written (the golden file, the measured file, the failure image) and what a person should
  /// know — one value that `expectGoldens` and `typescale goldens verify` both print
  /// (``lines(_:)``).
  ///
  /// ```swift
  /// let outcome = try GoldenVerification.verify(casesFile: casesURL, record: .never)
  /// for mismatch in outcome.mismatches {
  ///   for change in mismatch.changes {   // width 88 → 91.5, lines 1 → 2
  ///     print(mismatch.id, change.field, change.expected, change.actual)
  ///   }
  /// }
  /// if let message = outcome.failureMessage { print(message) }
  /// ```
  public struct Outcome: Hashable, Sendable {
    /// What was written to the golden file itself.
    public enum Recording: Hashable, Sendable {
      /// The golden file was missing and is recorded now with this many cases; a test fails
      /// once, so that nothing passes unseen. `unfit` is ``GoldenFitCheck/message(measurer:baseDirectory:limit:)``:
      /// the cases already truncated or wider than their width, or `nil`.
      case new(cases: Int, unfit: String?)
      /// Written again with `TYPESCALE_RECORD=all`, whether or not it matched.
      case all
      /// Written again with `TYPESCALE_RECORD=failed`, because it differed.
      case failed
    }

    /// The image of the changed cases, drawn only when asked for.
    ///
    /// It is `Renderer.goldenFailureImage(report:expected:actual:goldenURL:options:)`'s.
    public enum FailureImage: Hashable, Sendable {
      /// The PNG written, at `Renderer.goldenFailureImageURL(for:)`.
      case written(URL)
      /// Why it could not be drawn or written.
      case failed(String)
    }

    /// The golden file's path as messages name it.
    public var golden: String
    /// The comparison with the golden file, with where each failing text fits, the notes and the
    /// strict texts with characters no font draws; `nil` when there was no golden file to
    /// compare with (``recording`` is `.new`, or ``problem`` says why).
    public var report: GoldenReport?
    /// What was written to the golden file, or `nil` when it was left as it was.
    public var recording: Recording?
    /// Why the golden file could not be used or written, after the cases were measured.
    ///
    /// It is missing and `TYPESCALE_RECORD=never`, malformed, or could not be written. Inputs
    /// that cannot be used before anything is measured are thrown instead.
    public var problem: GoldenError?
    /// The cases measured now, written beside the build when they differ
    /// (`$TYPESCALE_ARTIFACTS` or `.build/golden-actual/`), so they can be inspected or copied
    /// over the golden file; `nil` when nothing was written.
    public var actualFile: URL?
    /// The cases that must fit (the cases file's `mustFit`) and do not, whether or not they
    /// match the golden file.
    public var fitFailures: [String]
    /// What the measurement substituted (a typography family missing from the fonts, a weight
    /// no face has) and, for a cases file, its deprecated spellings; without `warning: `.
    public var warnings: [String]
    /// Every text with characters no font draws, strict or not, in the order met.
    public var missingGlyphs: [GoldenMissingGlyphs]
    /// The image of the changed cases, when asked for and there were changed cases to draw.
    public var failureImage: FailureImage?

    /// Creates an outcome.
    ///
    /// - Parameters:
    ///   - golden: The golden file's path as messages name it.
    ///   - report: The comparison, or `nil`.
    ///   - recording: What was written to the golden file.
    ///   - problem: Why the golden file could not be used or written.
    ///   - actualFile: The measured file written, if any.
    ///   - fitFailures: The cases that must fit and do not.
    ///   - warnings: Substitutions and deprecated spellings.
    ///   - missingGlyphs: The texts with characters no font draws.
    ///   - failureImage: The image of the changed cases.
    public init(
      golden: String, report: GoldenReport? = nil, recording: Recording? = nil,
      problem: GoldenError? = nil, actualFile: URL? = nil, fitFailures: [String] = [],
      warnings: [String] = [], missingGlyphs: [GoldenMissingGlyphs] = [],
      failureImage: FailureImage? = nil
    ) {
      self.golden = golden
      self.report = report
      self.recording = recording
      self.problem = problem
      self.actualFile = actualFile
      self.fitFailures = fitFailures
      self.warnings = warnings
      self.missingGlyphs = missingGlyphs
      self.failureImage = failureImage
    }

    /// Whether the golden file matched, every case that must fit fits and no strict text has
    /// characters no font draws — and nothing had to be recorded.
    public var passed: Bool {
      guard problem == nil, report?.passed == true else { return false }
      if case .new = recording { return false }
      return true
    }

    /// The cases that differ, in golden order, each with its kind and changes (empty when none
    /// was compared).
    public var mismatches: [GoldenReport.Mismatch] { report?.mismatches ?? [] }

    /// What a person should know whether or not the cases match: a golden file in an older
    /// format, cases verified from the golden file because its cases file is gone.
    public var notes: [String] { report?.notes ?? [] }

    /// The ``missingGlyphs`` of strict texts, which fail the verification.
    public var strictMissingGlyphs: [GoldenMissingGlyphs] { missingGlyphs.filter(\.strict) }
  }
}
