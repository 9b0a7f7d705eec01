// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// `typescale fonts inspect PATH...`: every face of every file, with the PostScript name to pass.
///
/// ```
/// $ typescale fonts inspect Pretendard-Regular.otf Brand.ttc
/// ```
struct FontsInspectCommand: Command {
  /// The command's options and positionals.
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "List every face of font files: the PostScript name to pass, family, style, "
      + "metrics.",
    discussion: """
      The file name is not the font's name: pass the PostScript name to look a face up. A file \
      that is not a font gets a one-line error on standard error; the other files are still \
      listed, and the exit status is 2.
      """,
    options: [.flag("json", help: "Print a JSON array with one object per face.")],
    positionals: [
      PositionalSpec(
        "path", help: "Font files (.ttf, .otf, .ttc, .otc, .woff, .woff2).",
        isRepeatable: true)
    ])

  let paths: [String]
  let json: Bool

  /// Reads the paths.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` when no path is given.
  init(parsed: ParsedArguments) throws(CLIError) {
    paths = parsed.positionals
    guard !paths.isEmpty else {
      throw .validation("give at least one font file to inspect")
    }
    json = parsed.flag("json")
  }

  /// Prints the faces; reports files that fail and carries on.
  ///
  /// - Parameters:
  ///   - output: Where the faces go.
  ///   - errorOutput: Where per-file errors go.
  /// - Returns: ``ExitCode/success``, or ``ExitCode/validationFailure`` (2) when any file could not be
  ///   read as a font, as every command exits for an unusable font file.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async -> ExitCode {
    var faces: [FontFace] = []
    var failed = false
    for path in paths {
      do throws(FontError) {
        faces += try FontRegistry.inspect(fileAt: URL(fileURLWithPath: path))
      } catch {
        failed = true
        errorOutput.write("error: \(error.message)\n")
      }
    }
    if json {
      print(JSONValue.array(faces.map(faceJSON)).text(.rows), to: &output)
    } else {
      printTable(faces, to: &output)
    }
    return failed ? .validationFailure : .success
  }

  /// Prints an aligned table, one row per face.
  private func printTable(_ faces: [FontFace], to output: inout some TextOutputStream) {
    guard !faces.isEmpty else { return }
    var rows = [
      [
        "file#index", "postScriptName", "family", "style", "weight", "width", "slope",
        "upem", "asc", "desc", "gap", "axes",
      ]
    ]
    for face in faces {
      let metrics = face.metrics
      rows.append([
        "\(face.source.fileName)#\(face.collectionIndex)",
        face.postScriptName + (face.postScriptNameSource == .synthesized ? "*" : ""),
        face.family, face.styleName, String(face.weight.value), face.width.name,
        face.slope.description, String(metrics.unitsPerEm), String(metrics.ascender),
        String(metrics.descender), String(metrics.lineGap),
        face.axes.map(\.description).joined(separator: ", "),
      ])
    }
    let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      let line = zip(row, widths).map { pad($0, $1) }.joined(separator: "  ")
      print(String(line.reversed().drop { $0 == " " }.reversed()), to: &output)
    }
    if faces.contains(where: { $0.postScriptNameSource == .synthesized }) {
      print(
        "* the font gives no PostScript name for this face; TypeScale made one from its "
          + "family and style", to: &output)
    }
  }
}
