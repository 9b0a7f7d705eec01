// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// `typescale fonts`: groups the font subcommands.
struct FontsCommand: Command {
  /// The group's name and subcommands.
  static let configuration = CommandConfiguration(
    commandName: "fonts",
    abstract: "Inspect font files, see which face a request picks, and manage a font store.",
    subcommands: [
      FontsInspectCommand.self, FontsMatchCommand.self, FontsInstallCommand.self,
      FontsListCommand.self, FontsRemoveCommand.self,
    ])

  /// Creates the group; it takes no options of its own.
  ///
  /// - Parameter parsed: The parsed command line (unused).
  init(parsed: ParsedArguments) {}
}

/// One face as a JSON object with stable keys.
func faceJSON(_ face: FontFace) -> JSONValue {
  let axes = face.axes.map { axis -> JSONValue in
    [
      "tag": .string(axis.tag), "min": .number(axis.minimum),
      "default": .number(axis.defaultValue), "max": .number(axis.maximum),
    ]
  }
  let metrics = face.metrics
  return [
    "file": .string(face.source.fileName), "faceIndex": .integer(face.faceIndex),
    "postScriptName": .string(face.postScriptName),
    "postScriptNameSource": .string(face.postScriptNameSource.rawValue),
    "family": .string(face.family), "style": .string(face.styleName),
    "weight": .integer(face.weight.value), "width": .number(face.width.percent),
    "italic": .bool(face.slope == .italic), "slope": .string(face.slope.description),
    "axes": .array(axes),
    "unitsPerEm": .integer(metrics.unitsPerEm), "ascender": .integer(metrics.ascender),
    "descender": .integer(metrics.descender), "lineGap": .integer(metrics.lineGap),
    "glyphCount": .integer(metrics.glyphCount),
  ]
}
