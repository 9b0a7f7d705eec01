// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleCheck
import TypeScaleStrings
import TypeScaleTestSupport

/// A folder of files for one test, removed when the value goes away.
final class CheckFolder {
  let url: URL

  init() throws { url = try Fixtures.temporaryDirectory("typescale-check") }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes a file and returns its URL.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// Copies fixture fonts into `fonts/`.
  func copyFonts(_ names: [String]) throws {
    let folder = url.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in names {
      try FileManager.default.copyItem(
        at: Fixtures.font(name), to: folder.appendingPathComponent(name))
    }
  }

  /// Writes `constraints.json` and loads it.
  func constraints(_ json: String) throws -> CheckConstraints {
    try CheckConstraints.load(contentsOf: write("constraints.json", json))
  }

  /// The error loading `constraints.json` with this text throws, or `nil`.
  func loadError(_ json: String) throws -> CheckError? {
    let file = try write("constraints.json", json)
    do {
      _ = try CheckConstraints.load(contentsOf: file)
      return nil
    } catch {
      return error
    }
  }
}

/// An entry of a made-up catalog.
func entry(
  _ key: String, _ language: String, _ text: String, line: Int = 1,
  variant: [StringVariant.Step] = []
) -> LocalizedEntry {
  LocalizedEntry(
    key: key, language: language, variant: StringVariant(variant), text: text,
    file: URL(fileURLWithPath: "Localizable.xcstrings"), line: line)
}
