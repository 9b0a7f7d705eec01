// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// `typescale fonts match --dir DIR --family F`: which face CSS Fonts 4 matching picks, and
/// whether it is exact.
///
/// ```
/// $ typescale fonts match --dir Fonts --family Pretendard --weight 600 --italic
/// ```
struct FontsMatchCommand: Command {
  /// The command's options.
  static let configuration = CommandConfiguration(
    commandName: "match",
    abstract: "Show which face a family, weight and style request picks from a folder of fonts.",
    discussion: """
      Faces are chosen by CSS Fonts Level 4 rules (width, then style, then weight). No bold or \
      italic is synthesized: a missing weight or style picks the nearest face and says so.
      """,
    options: [
      .option(
        "dir", valueName: "folder", help: "The folder of fonts to register.",
        isRequired: true),
      .option(
        "family", valueName: "name",
        help: "A family, PostScript or full name (Inter, Inter-Bold, \"Inter Bold\").",
        isRequired: true),
      .option(
        "weight", valueName: "weight",
        help:
          "1–1000 or an OpenType/CSS name: thin 100, extraLight 200, light, regular, medium, semiBold, bold, extraBold, black 900 (default: 400)."
      ),
      .flag("italic", help: "Ask for an italic face."),
      .option("width", valueName: "percent", help: "Width in percent of normal (default: 100)."),
      .flag("json", help: "Print a JSON object."),
    ])

  let directory: URL
  let query: FontQuery
  let json: Bool

  /// Reads and checks the options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` for a bad weight or width.
  init(parsed: ParsedArguments) throws(CLIError) {
    directory = URL(fileURLWithPath: parsed.value("dir") ?? ".")
    var weight = FontWeight.regular
    if let name = parsed.value("weight") {
      do throws(MetricsError) {
        weight = try FontWeight(parsing: name)
      } catch {
        throw CLIError(error)
      }
    }
    var width = FontWidth.normal
    if let percent = try parsed.double("width") {
      do throws(FontError) {
        width = try FontWidth(percent: percent)
      } catch {
        throw .validation(error.message)
      }
    }
    query = FontQuery(
      family: parsed.value("family") ?? "", weight: weight, italic: parsed.flag("italic"),
      width: width)
    json = parsed.flag("json")
  }

  /// Registers the folder and prints the match.
  ///
  /// - Parameters:
  ///   - output: Where the match goes.
  ///   - errorOutput: Where files that failed to register are reported.
  /// - Returns: ``ExitCode/success`` when a face matched (exactly or not).
  /// - Throws: ``CLIError`` (exit 2) when the folder cannot be read or nothing matches.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    let match: FontMatch
    do throws(FontError) {
      let registry = try FontRegistry()
      let registration = try registry.registerFonts(in: directory)
      for failure in registration.failures {
        errorOutput.write("warning: \(failure.error.message)\n")
      }
      match = try registry.match(query)
    } catch {
      throw .input(error.message)
    }
    if json {
      let variations = match.variations.sorted { $0.key < $1.key }.map {
        (key: $0.key, value: JSONValue.number($0.value))
      }
      let object: JSONValue = [
        "query": .string(query.description), "exact": .bool(match.isExact),
        "variations": .object(variations),
        "diagnostics": JSONValue(match.diagnostics.map(\.message)),
        "face": faceJSON(match.face),
      ]
      print(object.text(), to: &output)
      return .success
    }
    let face = match.face
    print("query:  \(query)", to: &output)
    print(
      "face:   \(face.postScriptName) (\(face.source.fileName)#\(face.collectionIndex))",
      to: &output)
    print(
      "style:  \(face.family) \(face.styleName), weight \(face.weight.value), "
        + "\(face.width.name), \(face.slope)", to: &output)
    if !match.variations.isEmpty {
      let axes = match.variations.sorted { $0.key < $1.key }
        .map { "\($0.key) \(formatNumber($0.value))" }
      print("axes:   \(axes.joined(separator: ", "))", to: &output)
    }
    print("exact:  \(match.isExact ? "yes" : "no")", to: &output)
    for diagnostic in match.diagnostics { print("note:   \(diagnostic.message)", to: &output) }
    return .success
  }
}
