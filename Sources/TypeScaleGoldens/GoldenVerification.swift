// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Record or verify golden files: the work behind `expectGoldens` and `typescale goldens`.
///
/// ``verify(casesFile:golden:record:)`` returns a failure message, or `nil` when everything
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
  ///   - record: When to write the golden file; from `TYPESCALE_RECORD` by default.
  /// - Returns: `nil` when the golden file matches; otherwise a message naming the differing
  ///   cases, the likely cause and the files.
  public static func verify(
    casesFile: URL, golden: URL? = nil, record: GoldenRecordMode = .current
  ) -> String? {
    let goldenURL = golden ?? casesFile.deletingPathExtension().appendingPathExtension("golden")
    let actual: GoldenFile
    do throws(GoldenError) {
      var suite = try GoldenCasesFile.load(casesFile)
      suite.fonts = suite.fonts.map {
        GoldenFont(
          alias: $0.alias,
          paths: $0.paths.map {
            relativePath(
              casesFile.deletingLastPathComponent().appendingPathComponent($0),
              from: goldenURL.deletingLastPathComponent())
          })
      }
      actual = try GoldenMeasurer().record(
        suite, baseDirectory: goldenURL.deletingLastPathComponent())
    } catch {
      return error.message
    }
    return compare(actual, with: goldenURL, record: record)
  }

  /// Compares a measured golden file with the one on disk, recording per `record`.
  ///
  /// - Parameters:
  ///   - actual: The cases measured now.
  ///   - goldenURL: The recorded golden file.
  ///   - record: When to write it.
  /// - Returns: `nil` when it matches; otherwise the failure message.
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
      return "recorded a new golden file at \(path) (\(actual.records.count) cases); check it "
        + "in and run again"
    }
    let expected: GoldenFile
    do throws(GoldenError) {
      expected = try read(goldenURL)
    } catch {
      return error.message
    }
    let report = GoldenComparison.compare(expected: expected, actual: actual, name: path)
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
  /// - Throws: ``GoldenError`` when it cannot be read or is malformed (with the line number).
  public static func read(_ url: URL) throws(GoldenError) -> GoldenFile {
    let text: String
    do {
      text = try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw GoldenError(.io, "cannot read \(url.path): \(error.localizedDescription)")
    }
    return try GoldenFile.parse(text, name: url.path)
  }

  /// Writes a golden file atomically (temporary file, then rename).
  ///
  /// - Returns: `nil`, or a message when writing failed.
  @discardableResult
  public static func write(_ file: GoldenFile, to url: URL) -> String? {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.render().utf8).write(to: url, options: .atomic)
      return nil
    } catch {
      return "cannot write \(url.path): \(error.localizedDescription)"
    }
  }

  /// Where the measured file goes when a golden file differs.
  static func artifactURL(for golden: URL) -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let folder = environment["TYPESCALE_ARTIFACTS"], !folder.isEmpty {
      return URL(fileURLWithPath: folder).appendingPathComponent(golden.lastPathComponent)
    }
    var folder = golden.deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        let relative = String(golden.path.dropFirst(folder.path.count + 1))
        return folder.appendingPathComponent(".build/golden-actual").appendingPathComponent(
          relative)
      }
      folder.deleteLastPathComponent()
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("typescale-golden-actual")
      .appendingPathComponent(golden.lastPathComponent)
  }

  /// `target` relative to `base` (both file URLs), such as `../Fonts/a.ttf`.
  static func relativePath(_ target: URL, from base: URL) -> String {
    let to = target.standardizedFileURL.pathComponents
    let from = base.standardizedFileURL.pathComponents
    var common = 0
    while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
    let ups = Array(repeating: "..", count: from.count - common)
    return (ups + to[common...]).joined(separator: "/")
  }
}
