// SPDX-License-Identifier: Apache-2.0

import TypeScale
import TypeScaleInternals

extension MeasureOutput {
  /// Appends `"fontScale": 1.3, "sp": 14, "dp": 18.8, "px": 49` (no separator after).
  static func appendAndroidMembers(_ size: AndroidTextSize, to out: inout [UInt8]) {
    out.append(contentsOf: #""fontScale": "#.utf8)
    JSONValue.appendNumber(size.fontScale, to: &out)
    out.append(contentsOf: #", "sp": "#.utf8)
    JSONValue.appendNumber(size.sp.points, to: &out)
    out.append(contentsOf: #", "dp": "#.utf8)
    JSONValue.appendNumber(size.dp, to: &out)
    out.append(contentsOf: #", "px": "#.utf8)
    JSONValue.appendNumber(size.px, to: &out)
  }

  /// The header line of an Android measurement: face, size, toolkit, width and line limit.
  private static func androidHeader(
    _ layout: TextLayout, android: AndroidMeasure
  ) -> String {
    var header = layout.font.face.postScriptName
    let role = android.appearance.map { " (\($0.name))" } ?? ""
    header +=
      ", \(formatNumber(android.scale.textSize.points)) sp\(role); \(android.android.header)"
    if let limit = android.options.width { header += ", wrapping at \(formatNumber(limit)) dp" }
    if let lines = android.options.lineLimit, lines > 0 {
      header += ", maxLines \(lines)"
    }
    return header
  }

  /// A summary of one Android layout: the size in sp, dp and px, the size in dp, the lines.
  static func androidSummary(
    _ entry: MeasureEntry, android: AndroidMeasure, to output: inout some TextOutputStream
  ) {
    let layout = entry.layout
    print(androidHeader(layout, android: android), to: &output)
    var rows: [(String, String)] = []
    if let size = entry.androidSize {
      rows.append(
        (
          "textSize",
          "\(formatNumber(size.sp.points)) sp at \(AndroidFontScaleLabel.label(size.fontScale)) "
            + "→ \(formatNumber(size.dp)) dp → \(formatNumber(size.px)) px"
        ))
    }
    rows += [
      ("width", formatNumber(layout.width) + " dp"),
      ("height", formatNumber(layout.height) + " dp"),
      ("lines", String(layout.lineCount)),
      ("truncated", layout.isTruncated ? "yes" : "no"),
      ("overflow", layout.didOverflow ? "yes" : "no"),
    ]
    rows += notes(
      layout.diagnostics.fallbackFaces, layout.diagnostics.fontResolution,
      layout.diagnostics.missingCharacters)
    printRows(rows, to: &output)
    printLines(of: layout, showingX: false, to: &output)
  }

  /// A header and one row per font scale: sizes in sp, dp and px, the layout in dp.
  static func androidSweepTable(
    _ entries: [MeasureEntry], android: AndroidMeasure, to output: inout some TextOutputStream
  ) {
    guard let first = entries.first?.layout else { return }
    print(androidHeader(first, android: android), to: &output)
    printRows(sweepNotes(entries), to: &output)
    print("", to: &output)
    var table = [["fontScale", "dp", "px", "width", "height", "lines", "truncated"]]
    for entry in entries {
      let layout = entry.layout
      table.append([
        entry.androidSize.map { AndroidFontScaleLabel.label($0.fontScale) } ?? "",
        entry.androidSize.map { formatNumber($0.dp) } ?? "",
        entry.androidSize.map { formatNumber($0.px) } ?? "",
        formatNumber(layout.width), formatNumber(layout.height), String(layout.lineCount),
        layout.isTruncated ? "yes" : "no",
      ])
    }
    printTable(table, to: &output)
  }
}
