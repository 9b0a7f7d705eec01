// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// What recording a golden file did: the file written and how many cases it holds, what the
/// measurement substituted, the texts with characters no font draws and the cases that do not
/// fit — one value that `typescale goldens record` prints (``lines(json:)``).
///
/// ``GoldenRecordingSession/record(progress:)`` returns it once the golden file is written; a
/// recording that could not write the file throws instead.
///
/// ```swift
/// let recording = try GoldenRecordingSession(casesPath: casesURL.path).record()
/// print(recording.cases, recording.goldenURL.path)  // 480 …/ui.golden
/// if !recording.passed { print(recording.mustFitFailures) }
/// ```
public struct GoldenRecording: Hashable, Sendable {
  /// The golden file written.
  public var goldenURL: URL
  /// The golden file's path as messages name it.
  public var golden: String
  /// The cases file's path as messages name it: the prefix of its warnings.
  public var casesFile: String
  /// The number of cases written.
  public var cases: Int
  /// The shard recorded, or `nil` for every case.
  public var shard: Shard?
  /// What the measurement substituted (a typography family missing from the fonts, a weight
  /// no face has), without `warning: ` or the cases file's path.
  public var warnings: [String]
  /// Every text with characters no font draws, strict or not, in the order met.
  public var missingGlyphs: [GoldenMissingGlyphs]
  /// ``GoldenFitCheck/message(measurer:baseDirectory:limit:)``: the cases already truncated or
  /// wider than their width, with where each text fits; `nil` when every case fits.
  public var unfit: String?
  /// The ids of the cases that must fit (the cases file's `mustFit`) and do not.
  public var mustFitFailures: [String]

  /// Creates a recording.
  ///
  /// - Parameters:
  ///   - goldenURL: The golden file written.
  ///   - golden: Its path as messages name it; `goldenURL.path` by default.
  ///   - casesFile: The cases file's path as messages name it.
  ///   - cases: The number of cases written.
  ///   - shard: The shard recorded.
  ///   - warnings: The measurement's substitutions.
  ///   - missingGlyphs: The texts with characters no font draws.
  ///   - unfit: The message about cases that do not fit.
  ///   - mustFitFailures: The cases that must fit and do not.
  public init(
    goldenURL: URL, golden: String? = nil, casesFile: String, cases: Int, shard: Shard? = nil,
    warnings: [String] = [], missingGlyphs: [GoldenMissingGlyphs] = [], unfit: String? = nil,
    mustFitFailures: [String] = []
  ) {
    self.goldenURL = goldenURL
    self.golden = golden ?? goldenURL.path
    self.casesFile = casesFile
    self.cases = cases
    self.shard = shard
    self.warnings = warnings
    self.missingGlyphs = missingGlyphs
    self.unfit = unfit
    self.mustFitFailures = mustFitFailures
  }

  /// The ``missingGlyphs`` of strict texts, which fail the recording.
  public var strictMissingGlyphs: [GoldenMissingGlyphs] { missingGlyphs.filter(\.strict) }

  /// Whether every case that must fit fits and no strict text has characters no font draws
  /// (exit status 0); the golden file is written either way.
  public var passed: Bool { mustFitFailures.isEmpty && strictMissingGlyphs.isEmpty }

  /// The recording as `typescale goldens record` prints it, in order: the warnings and the
  /// texts with characters no font draws on standard error, each as `<cases file>: <message>`;
  /// the summary on standard output; then the cases that do not fit on standard error (an
  /// `error:` when one must fit, else a `warning:`).
  ///
  /// The summary is `recorded 480 cases in ui.golden` (`… of shard 1/4 in …` for a shard), or
  /// with `json` one line `{"golden": path, "cases": count, "shard": "K/N" or null}` with
  /// `"missingGlyphs"`, the strict texts, when there are any.
  ///
  /// - Parameter json: Whether the summary is JSON.
  /// - Returns: The lines.
  public func lines(json: Bool) -> [GoldenVerification.Outcome.Line] {
    var lines = warnings.map { diagnostic("warning: \(casesFile): \($0)") }
    lines += missingGlyphs.map { diagnostic($0.diagnostic(prefix: "\(casesFile): ")) }
    lines.append(GoldenVerification.Outcome.Line(isDiagnostic: false, text: summary(json: json)))
    if let unfit {
      lines.append(diagnostic((mustFitFailures.isEmpty ? "warning: " : "error: ") + unfit))
    }
    return lines
  }

  private func summary(json: Bool) -> String {
    guard json else {
      let of = shard.map { " of shard \($0)" } ?? ""
      return "recorded \(cases) case\(cases == 1 ? "" : "s")\(of) in \(golden)"
    }
    var members: [(key: String, value: JSONValue)] = [
      ("golden", .string(golden)), ("cases", .integer(cases)),
      ("shard", JSONValue(shard?.description)),
    ]
    let strict = strictMissingGlyphs.map(\.text)
    if !strict.isEmpty { members.append(("missingGlyphs", JSONValue(strict))) }
    return JSONValue.object(members).text()
  }

  private func diagnostic(_ text: String) -> GoldenVerification.Outcome.Line {
    GoldenVerification.Outcome.Line(isDiagnostic: true, text: text)
  }
}
