// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The cases a golden file is verified against, and where they came from: the cases file its
/// header names (`# cases:`), expanded again, or the cases stored in the golden file itself.
///
/// ```swift
/// let golden = try GoldenVerification.read(goldenURL)
/// let cases = try GoldenVerification.casesToVerify(golden, goldenURL: goldenURL)
/// let actual = try GoldenMeasurer().measure(
///   cases.suite, baseDirectory: goldenURL.deletingLastPathComponent())
/// var report = GoldenComparison.compare(expected: golden, actual: actual, name: goldenURL.path)
/// let version = golden.header.formatVersion
/// if let note = cases.note(verifying: golden.measurements.count, formatVersion: version) {
///   report.notes.append(note)
/// }
/// ```
public struct GoldenVerifiedCases: Hashable, Sendable {
  /// Where the cases came from.
  public enum Source: Hashable, Sendable {
    /// The cases file the header names, expanded again; `changed` when its SHA-256 is not the
    /// recorded one. `path` is the file as the user would name it (beside the golden file's
    /// path as given, or absolute).
    case casesFile(path: String, changed: Bool)
    /// The cases stored in the golden file, because the cases file its header names is gone.
    case storedCasesFileGone(path: String)
    /// The cases stored in the golden file, whose header names no cases file (recorded from a
    /// suite made in code, or before golden files named their cases file).
    case stored
  }

  /// The suite to measure; its paths start from the golden file's folder.
  public var suite: GoldenSuite
  /// Where the cases came from.
  public var source: Source

  /// Creates a value.
  ///
  /// - Parameters:
  ///   - suite: The suite to measure, its paths relative to the golden file's folder.
  ///   - source: Where the cases came from.
  public init(suite: GoldenSuite, source: Source) {
    self.suite = suite
    self.source = source
  }

  /// What a report should say about where the cases came from, or `nil` when there is nothing
  /// to say: the cases file is as recorded (its cases are the stored ones), or the golden file
  /// is format 1, whose own note already says to record it again.
  ///
  /// - Parameters:
  ///   - count: The number of recorded cases verified (of the shard, with one).
  ///   - formatVersion: The golden file's format version.
  /// - Returns: `verified against ui.cases, which changed since the golden file was recorded`,
  ///   `the cases file ui.cases is gone; verified the 12 cases stored in the golden file`, or a
  ///   note that the golden file names no cases file.
  public func note(verifying count: Int, formatVersion: Int) -> String? {
    let cases = "\(count) case\(count == 1 ? "" : "s")"
    switch source {
    case .casesFile(let path, let changed):
      return changed
        ? "verified against \(path), which changed since the golden file was recorded" : nil
    case .storedCasesFileGone(let path):
      return "the cases file \(path) is gone; verified the \(cases) stored in the golden file"
    case .stored:
      guard formatVersion >= GoldenFile.formatVersion else { return nil }
      return "the golden file names no cases file (no \"# cases:\" line); verified the \(cases) "
        + "stored in it, so edits to a cases file are not seen: record it again from its cases "
        + "file to name it"
    }
  }
}

extension GoldenVerification {
  /// The cases to verify a golden file against: the cases file its header names when that file
  /// exists, else the cases stored in the golden file.
  ///
  /// The header's `# cases:` path is relative to the golden file's folder (or absolute as
  /// given). When the file exists it is read with ``GoldenCasesFile/load(_:maximumCaseCount:)``
  /// — at most ``GoldenCasesFile/maximumFileSize`` bytes and `maximumCaseCount` cases — and
  /// its paths rewritten relative to the golden file (``GoldenSuite/rebased(from:to:)``), so
  /// an edited text, an added, removed or renamed case is measured as recording it now would
  /// be. When it does not exist, or the header names none, the stored cases are measured, as
  /// `typescale goldens verify` always did.
  ///
  /// - Parameters:
  ///   - golden: The parsed golden file.
  ///   - goldenURL: Where it is.
  ///   - displayPath: The golden file's path as the user gave it, from which the cases file's
  ///     path in notes is made; `goldenURL.path` by default.
  ///   - maximumCaseCount: The most cases the cases file may expand to;
  ///     ``GoldenCasesFile/defaultMaximumCaseCount`` by default.
  /// - Returns: The suite and where it came from.
  /// - Throws: ``GoldenError`` when the cases file exists but cannot be read, is malformed, or
  ///   expands to too many cases.
  public static func casesToVerify(
    _ golden: GoldenFile, goldenURL: URL, displayPath: String? = nil,
    maximumCaseCount: Int = GoldenCasesFile.defaultMaximumCaseCount
  ) throws(GoldenError) -> GoldenVerifiedCases {
    guard let recorded = golden.header.casesFile else {
      return GoldenVerifiedCases(suite: golden.suite, source: .stored)
    }
    let folder = goldenURL.deletingLastPathComponent()
    let url = GoldenPaths.resolve(recorded.path, in: folder)
    let shown = Self.displayPath(of: recorded.path, besideGolden: displayPath ?? goldenURL.path)
    guard FileManager.default.fileExists(atPath: url.path) else {
      return GoldenVerifiedCases(suite: golden.suite, source: .storedCasesFileGone(path: shown))
    }
    let suite = try GoldenCasesFile.load(url, maximumCaseCount: maximumCaseCount)
      .rebased(from: url.deletingLastPathComponent(), to: folder)
    return GoldenVerifiedCases(
      suite: suite,
      source: .casesFile(path: shown, changed: suite.casesFile?.sha256 != recorded.sha256))
  }

  /// A path written relative to a golden file, as the user would name it: beside the golden
  /// file's path as given (`Goldens/ui.golden` and `ui.cases` give `Goldens/ui.cases`), with
  /// `.` and `name/..` steps taken; absolute paths as they are.
  static func displayPath(of path: String, besideGolden golden: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    let folder = golden.lastIndex(of: "/").map { String(golden[...$0]) } ?? ""
    let joined = folder + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/", omittingEmptySubsequences: false) {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != "..", !last.isEmpty {
          parts.removeLast()
        } else {
          parts.append(part)
        }
      default: parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }
}
