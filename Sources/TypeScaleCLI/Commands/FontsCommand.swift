// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// `typescale fonts`: groups the font subcommands.
public struct FontsCommand: Command {
  /// The group's name and subcommands.
  public static let configuration = CommandConfiguration(
    commandName: "fonts",
    abstract: "Inspect font files, see which face a request picks, and manage a font store.",
    subcommands: [
      FontsInspectCommand.self, FontsMatchCommand.self, FontsInstallCommand.self,
      FontsListCommand.self, FontsRemoveCommand.self,
    ])

  /// Creates the group; it takes no options of its own.
  ///
  /// - Parameter parsed: The parsed command line (unused).
  /// - Throws: Never; the signature is the protocol's.
  public init(parsed: ParsedArguments) throws(CLIError) {}
}

/// Writes one face as a JSON object with stable keys.
func faceJSON(_ face: FontFace) -> String {
  let axes = face.axes.map {
    "{\"tag\": \(jsonString($0.tag)), \"min\": \(formatNumber($0.minimum)), "
      + "\"default\": \(formatNumber($0.defaultValue)), \"max\": \(formatNumber($0.maximum))}"
  }
  let metrics = face.metrics
  return "{\"file\": \(jsonString(face.source.fileName)), \"faceIndex\": \(face.faceIndex), "
    + "\"postScriptName\": \(jsonString(face.postScriptName)), "
    + "\"postScriptNameSource\": \(jsonString(face.postScriptNameSource.rawValue)), "
    + "\"family\": \(jsonString(face.family)), \"style\": \(jsonString(face.styleName)), "
    + "\"weight\": \(face.weight.value), \"width\": \(formatNumber(face.width.percent)), "
    + "\"italic\": \(face.slope == .italic), \"slope\": \(jsonString(face.slope.description)), "
    + "\"axes\": [\(axes.joined(separator: ", "))], "
    + "\"unitsPerEm\": \(metrics.unitsPerEm), \"ascender\": \(metrics.ascender), "
    + "\"descender\": \(metrics.descender), \"lineGap\": \(metrics.lineGap), "
    + "\"glyphCount\": \(metrics.glyphCount)}"
}
