// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleGoldens
import TypeScaleInternals
import TypeScaleRender

/// The package's root folder: the nearest ancestor of `file` holding `Package.swift`.
public func packageRoot(of file: StaticString = #filePath) -> URL {
  guard
    let root = PackageRoot.nearest(
      from: URL(fileURLWithPath: "\(file)").deletingLastPathComponent())
  else { preconditionFailure("no Package.swift above \(file)") }
  return root
}

/// Compares text with the project golden `Goldens/<folder>/<name>.txt`, recording it per
/// ``GoldenRecordMode`` and reporting a line diff through Swift Testing when it differs.
///
/// On a mismatch the actual text is written where golden files' measured files go
/// (`Renderer.goldenArtifactURL(for:)`: `$TYPESCALE_ARTIFACTS/<name>.txt`, default
/// `.build/golden-actual/Goldens/<folder>/<name>.txt`), so it can be inspected or copied over.
///
/// - Parameters:
///   - actual: The text produced by the test.
///   - name: The golden's name, ASCII `[A-Za-z0-9_-]`, topic first.
///   - folder: The folder under `Goldens/`, such as `cli`.
///   - filePath: The calling test file; the package root is found above it.
///   - sourceLocation: Where to report a failure.
public func expectTextGolden(
  _ actual: String, named name: String, in folder: String,
  filePath: StaticString = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  precondition(
    !name.isEmpty
      && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") },
    "golden names are ASCII [A-Za-z0-9_-]: \(name)")
  let root = packageRoot(of: filePath)
  let relative = "Goldens/\(folder)/\(name).txt"
  let url = root.appendingPathComponent(relative)
  let mode: GoldenRecordMode
  do {
    mode = try GoldenRecordMode.fromEnvironment()
  } catch {
    Issue.record(Comment(rawValue: error.message), sourceLocation: sourceLocation)
    return
  }
  let expected = try? String(contentsOf: url, encoding: .utf8)

  func record() {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url, options: .atomic)
    } catch {
      Issue.record("could not write golden \(relative): \(error)", sourceLocation: sourceLocation)
    }
  }

  guard let expected else {
    if mode == .never {
      Issue.record(
        "golden \(relative) is missing and TYPESCALE_RECORD=never; record it locally",
        sourceLocation: sourceLocation)
    } else {
      record()
      Issue.record(
        "recorded new golden \(relative); check it in and run again", sourceLocation: sourceLocation
      )
    }
    return
  }
  if mode == .all { record() }
  guard expected != actual else { return }

  let actualURL = Renderer.goldenArtifactURL(for: url)
  try? FileManager.default.createDirectory(
    at: actualURL.deletingLastPathComponent(), withIntermediateDirectories: true)
  try? Data(actual.utf8).write(to: actualURL, options: .atomic)
  if mode == .failed { record() }
  Issue.record(
    """
    golden \(relative) differs from the actual output
    expected: \(url.path)
    actual:   \(actualURL.path)
    \(lineDiff(expected: expected, actual: actual))
    """, sourceLocation: sourceLocation)
}

/// A compact line diff: every differing line as `-expected` / `+actual`, trailing spaces shown
/// as `·`.
public func lineDiff(expected: String, actual: String) -> String {
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
  func visible(_ line: Substring) -> String {
    let trimmed = line.reversed().drop { $0 == " " }
    let spaces = line.count - trimmed.count
    return String(line.prefix(line.count - spaces)) + String(repeating: "·", count: spaces)
  }
  var out: [String] = []
  for index in 0..<max(old.count, new.count) {
    let left = index < old.count ? old[index] : nil
    let right = index < new.count ? new[index] : nil
    guard left != right else { continue }
    out.append("@@ line \(index + 1)")
    if let left { out.append("-" + visible(left)) }
    if let right { out.append("+" + visible(right)) }
  }
  return out.joined(separator: "\n")
}
