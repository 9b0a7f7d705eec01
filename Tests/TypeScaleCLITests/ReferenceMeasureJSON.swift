// SPDX-License-Identifier: Apache-2.0

import TypeScale
import TypeScaleInternals

@testable import TypeScaleCLI

/// The slow path `MeasureOutput`'s byte writer is compared with: each layout built as a
/// `JSONValue` tree and printed by `JSONValue.text()`, as `measure --json` and `--batch` wrote
/// their answers before the byte writer.
enum ReferenceMeasureJSON {
  /// One layout's object.
  static func object(_ entry: MeasureEntry) -> JSONValue {
    let layout = entry.layout
    let lines = layout.lines.map { line -> JSONValue in
      [
        "start": .integer(line.range.lowerBound), "end": .integer(line.range.upperBound),
        "x": .number(line.x), "width": .number(line.width), "baseline": .number(line.baseline),
      ]
    }
    let hidden = (layout.truncation?.hiddenRanges ?? []).map { range -> JSONValue in
      ["start": .integer(range.lowerBound), "end": .integer(range.upperBound)]
    }
    let diagnostics = layout.diagnostics
    var members: [(key: String, value: JSONValue)] = []
    if let category = entry.category {
      members.append(("category", .string(category.shortName)))
    }
    members += [
      ("face", .string(layout.font.face.postScriptName)),
      ("pointSize", .number(layout.pointSize)),
      ("width", .number(layout.width)),
      ("height", .number(layout.height)),
      ("exactWidth", .number(layout.exactWidth)),
      ("exactHeight", .number(layout.exactHeight)),
      ("lineCount", .integer(layout.lineCount)),
      ("isTruncated", .bool(layout.isTruncated)),
      ("lines", .array(lines)),
      ("hiddenRanges", .array(hidden)),
      ("fallbacks", JSONValue(diagnostics.fallbackFaces.map(\.postScriptName))),
      ("diagnostics", JSONValue(diagnostics.fontResolution.map(\.message))),
      ("missingCharacters", JSONValue(diagnostics.missingCharacters.map(MeasureOutput.codePoint))),
    ]
    return .object(members)
  }

  /// A request's result on one line, as `--batch` writes it: the object, or an array of them
  /// when sweeping.
  static func jsonLine(_ entries: [MeasureEntry], sweep: Bool) -> String {
    let objects = entries.map(object)
    return sweep ? JSONValue.array(objects).text() : objects.map { $0.text() }.joined()
  }

  /// A failed batch request on one line.
  static func errorLine(_ error: CLIError) -> String {
    JSONValue.object([("error", .string(error.message))]).text()
  }
}
