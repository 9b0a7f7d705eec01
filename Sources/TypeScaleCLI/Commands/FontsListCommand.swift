// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleFontStore
import TypeScaleInternals

/// `typescale fonts list [--store DIR]`: every font a font store holds, one row per face.
///
/// ```
/// $ typescale fonts list --store .fonts
/// ```
struct FontsListCommand: Command {
  /// The command's options.
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the fonts a font store holds: PostScript name, family, style, file, key.",
    discussion: """
      The store is opened read-only: nothing in its folder is created, moved or deleted. A \
      stored font that is missing, unreadable or no longer validates is reported on standard \
      error and left as it is; the next `fonts install` or `fonts remove` deals with it.
      """,
    options: [
      StoreOption.spec, .flag("json", help: "Print a JSON array with one object per font."),
    ])

  let directory: URL
  let json: Bool

  /// Reads the options.
  ///
  /// - Parameter parsed: The parsed command line.
  init(parsed: ParsedArguments) {
    directory = StoreOption.directory(parsed)
    json = parsed.flag("json")
  }

  /// Prints the stored fonts.
  ///
  /// - Parameters:
  ///   - output: Where the list goes.
  ///   - errorOutput: Where problems found while opening the store go.
  /// - Returns: ``ExitCode/success``.
  /// - Throws: ``CLIError`` (exit 2) when the store cannot be opened.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    let entries = try StoreOption.open(directory, access: .readOnly, errorOutput: &errorOutput)
      .entries
    if json {
      let objects = entries.map { entry -> JSONValue in
        [
          "key": .string(entry.key), "file": .string("blobs/" + entry.fileURL.lastPathComponent),
          "sha256": .string(entry.sha256.hex), "origin": JSONValue(entry.origin),
          "version": JSONValue(entry.version),
          "installed": .string(entry.installed.formatted(.iso8601)),
          "faces": .array(entry.faces.map(faceJSON)),
        ]
      }
      print(JSONValue.array(objects).text(.rows), to: &output)
      return .success
    }
    guard !entries.isEmpty else {
      print("no fonts in \(directory.standardizedFileURL.path)", to: &output)
      return .success
    }
    var rows = [["postScriptName", "family", "style", "file", "key"]]
    for entry in entries {
      let file = String(entry.sha256.hex.prefix(12)) + "…." + entry.fileURL.pathExtension
      let faces = entry.faces.isEmpty ? [nil] : entry.faces.map { Optional($0) }
      for face in faces {
        rows.append([
          face?.postScriptName ?? entry.postScriptNames.joined(separator: ", "),
          face?.family ?? "(not registered)", face?.styleName ?? "", file, entry.key,
        ])
      }
    }
    let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      let line = zip(row, widths).map { pad($0, $1) }.joined(separator: "  ")
      print(String(line.reversed().drop { $0 == " " }.reversed()), to: &output)
    }
    return .success
  }
}
