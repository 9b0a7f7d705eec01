// SPDX-License-Identifier: Apache-2.0

import TypeScale
import TypeScaleInternals

/// How `typescale measure` writes its results: one JSON object per layout, or a summary for
/// people.
enum MeasureOutput {
  // MARK: - JSON

  /// A request's result on one line, as `--batch` and `--json` write it: one JSON object per
  /// layout with stable keys, or an array of them when sweeping.
  ///
  /// The keys, in order: `fontScale`, `sp`, `dp` and `px` (with `--platform android`; `width`
  /// and `height` are then in dp), `category` (when scaled or swept), `face`, `pointSize`, `width` and
  /// `height` (a label's: rounded up to the pixel grid of the display scale), `exactWidth` and
  /// `exactHeight` (before rounding), `lineCount`, `isTruncated`, `lines` (`start` and `end` as
  /// UTF-16 offsets, `x`, `width`, `baseline`), `hiddenRanges` (UTF-16 ranges cut by
  /// truncation), `fallbacks` (PostScript names of the faces that drew characters besides the
  /// primary face), `diagnostics` (what font resolution substituted) and `missingCharacters`
  /// (code points nothing could draw). The text of ``appendJSONLine(_:sweep:to:)``'s bytes.
  static func jsonLine(_ entries: [MeasureEntry], sweep: Bool) -> String {
    var bytes: [UInt8] = []
    appendJSONLine(entries, sweep: sweep, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A sweep's objects as `measure --json --all-categories` prints them: an array with each
  /// object on a line of its own (`JSONValue`'s `rows` layout), written as bytes like
  /// ``jsonLine(_:sweep:)``.
  static func jsonRows(_ entries: [MeasureEntry]) -> String {
    guard !entries.isEmpty else { return "[]" }
    var bytes = Array("[\n  ".utf8)
    for (index, entry) in entries.enumerated() {
      if index > 0 { bytes.append(contentsOf: ",\n  ".utf8) }
      appendJSON(entry, to: &bytes)
    }
    bytes.append(contentsOf: "\n]".utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a request's result as `--batch` writes it, without a line break.
  ///
  /// Written straight into `out` (no `JSONValue` tree, no `String` per value): the batch's hot
  /// path. `BatchOutputTests` compares it with a writer that builds the same objects as
  /// `JSONValue` trees.
  ///
  /// - Parameters:
  ///   - entries: The layouts of one request.
  ///   - sweep: Whether the request swept every category (an array of objects).
  ///   - out: The bytes to append to.
  static func appendJSONLine(_ entries: [MeasureEntry], sweep: Bool, to out: inout [UInt8]) {
    if sweep { out.append(UInt8(ascii: "[")) }
    for (index, entry) in entries.enumerated() {
      if sweep && index > 0 { out.append(contentsOf: separator) }
      appendJSON(entry, to: &out)
    }
    if sweep { out.append(UInt8(ascii: "]")) }
  }

  /// Appends a failed request's line, `{"error": "…"}`, without a line break.
  static func appendErrorLine(_ error: CLIError, to out: inout [UInt8]) {
    out.append(contentsOf: #"{"error": "#.utf8)
    JSONValue.appendString(error.message, to: &out)
    out.append(UInt8(ascii: "}"))
  }

  /// `, ` between members and elements.
  static let separator: [UInt8] = Array(", ".utf8)

  /// Appends one layout's object, with the keys ``jsonLine(_:sweep:)`` lists.
  private static func appendJSON(_ entry: MeasureEntry, to out: inout [UInt8]) {
    let layout = entry.layout
    out.append(UInt8(ascii: "{"))
    if let size = entry.androidSize {
      appendAndroidMembers(size, to: &out)
      out.append(contentsOf: separator)
    }
    if let category = entry.category {
      out.append(contentsOf: #""category": "#.utf8)
      JSONValue.appendString(category.shortName, to: &out)
      out.append(contentsOf: separator)
    }
    out.append(contentsOf: #""face": "#.utf8)
    JSONValue.appendString(layout.font.face.postScriptName, to: &out)
    out.append(contentsOf: #", "pointSize": "#.utf8)
    JSONValue.appendNumber(layout.pointSize, to: &out)
    out.append(contentsOf: #", "width": "#.utf8)
    JSONValue.appendNumber(layout.width, to: &out)
    out.append(contentsOf: #", "height": "#.utf8)
    JSONValue.appendNumber(layout.height, to: &out)
    out.append(contentsOf: #", "exactWidth": "#.utf8)
    JSONValue.appendNumber(layout.exactWidth, to: &out)
    out.append(contentsOf: #", "exactHeight": "#.utf8)
    JSONValue.appendNumber(layout.exactHeight, to: &out)
    out.append(contentsOf: #", "lineCount": "#.utf8)
    NumberText.appendInteger(layout.lineCount, to: &out)
    out.append(contentsOf: #", "isTruncated": "#.utf8)
    out.append(contentsOf: layout.isTruncated ? "true".utf8 : "false".utf8)
    out.append(contentsOf: #", "lines": ["#.utf8)
    for (index, line) in layout.lines.enumerated() {
      if index > 0 { out.append(contentsOf: separator) }
      out.append(contentsOf: #"{"start": "#.utf8)
      NumberText.appendInteger(line.range.lowerBound, to: &out)
      out.append(contentsOf: #", "end": "#.utf8)
      NumberText.appendInteger(line.range.upperBound, to: &out)
      out.append(contentsOf: #", "x": "#.utf8)
      JSONValue.appendNumber(line.x, to: &out)
      out.append(contentsOf: #", "width": "#.utf8)
      JSONValue.appendNumber(line.width, to: &out)
      out.append(contentsOf: #", "baseline": "#.utf8)
      JSONValue.appendNumber(line.baseline, to: &out)
      out.append(UInt8(ascii: "}"))
    }
    out.append(contentsOf: #"], "hiddenRanges": ["#.utf8)
    for (index, range) in (layout.truncation?.hiddenRanges ?? []).enumerated() {
      if index > 0 { out.append(contentsOf: separator) }
      out.append(contentsOf: #"{"start": "#.utf8)
      NumberText.appendInteger(range.lowerBound, to: &out)
      out.append(contentsOf: #", "end": "#.utf8)
      NumberText.appendInteger(range.upperBound, to: &out)
      out.append(UInt8(ascii: "}"))
    }
    let diagnostics = layout.diagnostics
    out.append(contentsOf: #"], "fallbacks": ["#.utf8)
    for (index, face) in diagnostics.fallbackFaces.enumerated() {
      if index > 0 { out.append(contentsOf: separator) }
      JSONValue.appendString(face.postScriptName, to: &out)
    }
    out.append(contentsOf: #"], "diagnostics": ["#.utf8)
    for (index, diagnostic) in diagnostics.fontResolution.enumerated() {
      if index > 0 { out.append(contentsOf: separator) }
      JSONValue.appendString(diagnostic.message, to: &out)
    }
    out.append(contentsOf: #"], "missingCharacters": ["#.utf8)
    for (index, scalar) in diagnostics.missingCharacters.enumerated() {
      if index > 0 { out.append(contentsOf: separator) }
      JSONValue.appendString(codePoint(scalar), to: &out)
    }
    out.append(contentsOf: "]}".utf8)
  }

  /// `U+AC00`.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    MissingGlyphsText.codePoint(scalar)
  }

  /// What font resolution substituted in the layouts, once each, in order: the messages of
  /// their `FontDiagnostic`s (a family not registered, a weight or italic not available, a size
  /// that cannot scale), which the commands print as `warning: …` lines and `--json` lists
  /// under `diagnostics`.
  ///
  /// - Parameter entries: The layouts of one request.
  /// - Returns: The distinct messages.
  static func substitutions(_ entries: [MeasureEntry]) -> [String] {
    var seen: Set<String> = []
    return entries.flatMap { $0.layout.diagnostics.fontResolution.map(\.message) }
      .filter { seen.insert($0).inserted }
  }

  /// The characters no font draws in a request's layouts, once each in order, as one message
  /// naming them and the font (without `warning: ` or `error: `), or `nil` when every
  /// character has a glyph.
  ///
  /// `no glyph for U+1230 ሰ, U+120B ላ in NotoSans-Regular or its fallbacks; they are drawn as
  /// .notdef and measured with its width`. At most ``missingListLimit`` characters are named,
  /// then how many more.
  ///
  /// - Parameter entries: The layouts of one request.
  /// - Returns: The message, or `nil`.
  static func missingGlyphs(_ entries: [MeasureEntry]) -> String? {
    var seen: Set<Unicode.Scalar> = []
    let missing = entries.flatMap(\.layout.diagnostics.missingCharacters)
      .filter { seen.insert($0).inserted }
    guard let first = entries.first, !missing.isEmpty else { return nil }
    return MissingGlyphsText.message(missing, face: first.layout.font.face.postScriptName)
  }

  /// How many missing characters ``missingGlyphs(_:)`` names before counting the rest.
  static let missingListLimit = MissingGlyphsText.listLimit

  /// Writes the characters no font draws to `errorOutput`: `warning: <prefix><message>`, or
  /// with `strict`, `error: <prefix><message> (--strict)`.
  ///
  /// - Parameters:
  ///   - entries: The layouts of one request.
  ///   - strict: Whether missing characters fail the command.
  ///   - prefix: Put before the message, such as `line 3: ` in a batch.
  ///   - errorOutput: Standard error.
  /// - Returns: Whether the strict check failed: `strict` and some character has no glyph.
  static func reportMissingGlyphs(
    _ entries: [MeasureEntry], strict: Bool, prefix: String = "",
    to errorOutput: inout some TextOutputStream
  ) -> Bool {
    guard let message = missingGlyphs(entries) else { return false }
    if strict {
      errorOutput.write("error: \(prefix)\(message) (--strict)\n")
    } else {
      errorOutput.write("warning: \(prefix)\(message)\n")
    }
    return strict
  }

  // MARK: - Text

  /// A summary of one layout and a table of its lines.
  ///
  /// Width and height are the reported (pixel-rounded) values, followed by `(exact …)` when
  /// the exact value prints differently.
  static func summary(
    _ entry: MeasureEntry, request: MeasureRequest, sizing: MeasureRequest.Sizing,
    to output: inout some TextOutputStream
  ) {
    let layout = entry.layout
    var points = formatNumber(layout.pointSize)
    if case .scaled(_, let design, let category) = sizing {
      points += " (\(request.styleLabel) at \(category.shortName)"
      if category != .large || design.points != layout.pointSize {
        points += ", from \(formatNumber(design.points)) at L"
      }
      points += ")"
    }
    var width = formatNumber(layout.width)
    var widthNotes: [String] = []
    if formatNumber(layout.exactWidth) != formatNumber(layout.width) {
      widthNotes.append("exact \(formatNumber(layout.exactWidth))")
    }
    if let limit = request.options.width { widthNotes.append("wrapping at \(formatNumber(limit))") }
    if !widthNotes.isEmpty { width += " (" + widthNotes.joined(separator: ", ") + ")" }
    var height = formatNumber(layout.height)
    if formatNumber(layout.exactHeight) != height {
      height += " (exact \(formatNumber(layout.exactHeight)))"
    }
    var rows = [
      ("face", layout.font.face.postScriptName),
      ("pointSize", points),
      ("width", width),
      ("height", height),
      ("lines", String(layout.lineCount)),
      ("truncated", layout.isTruncated ? "yes" : "no"),
    ]
    rows += notes(
      layout.diagnostics.fallbackFaces, layout.diagnostics.fontResolution,
      layout.diagnostics.missingCharacters)
    printRows(rows, to: &output)
    printLines(of: layout, showingX: true, to: &output)
  }

  /// Prints `label:` rows with their values aligned.
  static func printRows(_ rows: [(String, String)], to output: inout some TextOutputStream) {
    for (label, value) in rows { print(pad(label + ":", 11) + value, to: &output) }
  }

  /// A blank line and the table of a layout's lines (nothing for a layout without lines): index,
  /// UTF-16 range, `x` when `showingX`, width, baseline and the text shown.
  static func printLines(
    of layout: TextLayout, showingX: Bool, to output: inout some TextOutputStream
  ) {
    guard !layout.lines.isEmpty else { return }
    print("", to: &output)
    var table =
      showingX
      ? [["line", "start", "end", "x", "width", "baseline", "text"]]
      : [["line", "start", "end", "width", "baseline", "text"]]
    table.reserveCapacity(layout.lines.count + 1)
    // The text's UTF-16 view once, each line a slice of it.
    let units = Array(layout.text.utf16)
    for (index, line) in layout.lines.enumerated() {
      var row = [String(index), String(line.range.lowerBound), String(line.range.upperBound)]
      if showingX { row.append(formatNumber(line.x)) }
      row += [
        formatNumber(line.width), formatNumber(line.baseline),
        JSONValue.quoted(shownText(of: line, at: index, in: layout, units: units)),
      ]
      table.append(row)
    }
    printTable(table, to: &output)
  }

  /// The notes of a sweep: the fallback faces and missing characters of all its layouts, once
  /// each in order, with the first layout's resolution diagnostics.
  static func sweepNotes(_ entries: [MeasureEntry]) -> [(String, String)] {
    guard let first = entries.first?.layout else { return [] }
    var fallbacks: [FontFace] = []
    var missing: [Unicode.Scalar] = []
    var seen: Set<Unicode.Scalar> = []  // `missing` once each, without searching it per scalar
    for entry in entries {
      let diagnostics = entry.layout.diagnostics
      for face in diagnostics.fallbackFaces where !fallbacks.contains(face) {
        fallbacks.append(face)
      }
      for scalar in diagnostics.missingCharacters where seen.insert(scalar).inserted {
        missing.append(scalar)
      }
    }
    return notes(fallbacks, first.diagnostics.fontResolution, missing)
  }

  /// A header and one row per category.
  static func sweepTable(
    _ entries: [MeasureEntry], request: MeasureRequest, sizing: MeasureRequest.Sizing,
    to output: inout some TextOutputStream
  ) {
    guard let first = entries.first?.layout else { return }
    var header = first.font.face.postScriptName
    if case .sweep(_, let design) = sizing {
      header += ", \(request.styleLabel) from \(formatNumber(design.points)) at L"
    }
    if let limit = request.options.width { header += ", wrapping at \(formatNumber(limit))" }
    if let lines = request.options.lineLimit, lines > 0 {
      header += ", at most \(lines) line\(lines == 1 ? "" : "s")"
    }
    print(header, to: &output)
    printRows(sweepNotes(entries), to: &output)
    print("", to: &output)
    var table = [["category", "pointSize", "width", "height", "lines", "truncated"]]
    for entry in entries {
      let layout = entry.layout
      table.append([
        entry.category?.shortName ?? "", formatNumber(layout.pointSize),
        formatNumber(layout.width), formatNumber(layout.height), String(layout.lineCount),
        layout.isTruncated ? "yes" : "no",
      ])
    }
    printTable(table, to: &output)
  }

  /// The fallbacks line, then one line per resolution diagnostic and for missing characters.
  static func notes(
    _ fallbacks: [FontFace], _ resolution: [FontDiagnostic], _ missing: [Unicode.Scalar]
  ) -> [(String, String)] {
    let names = fallbacks.map(\.postScriptName)
    var rows = [("fallbacks", names.isEmpty ? "none" : names.joined(separator: ", "))]
    rows += resolution.map { ("note", $0.message) }
    if !missing.isEmpty {
      rows.append(("missing", missing.map(codePoint).joined(separator: ", ")))
    }
    return rows
  }

  /// The text a line shows: its range without the truncated parts, with `…` where text was cut
  /// (unless clipped).
  ///
  /// - Parameters:
  ///   - line: The line.
  ///   - index: Its index in the layout.
  ///   - layout: The layout.
  ///   - units: The layout's text as UTF-16, built once for all its lines.
  /// - Returns: The text, with `…` where truncation cut it.
  /// - Complexity: O(the line's length).
  static func shownText(
    of line: Line, at index: Int, in layout: TextLayout, units: [UInt16]
  ) -> String {
    let range = line.range.clamped(to: 0..<units.count)
    guard let truncation = layout.truncation, truncation.lineIndex == index else {
      return String(decoding: units[range], as: UTF16.self)
    }
    let ellipsis = truncation.mode == .clip ? "" : "…"
    var shown: [UInt16] = []
    var cut = false
    // Head truncation hides what comes between the previous line and this one.
    let previousEnd = index > 0 ? layout.lines[index - 1].range.upperBound : 0
    if truncation.hiddenRanges.contains(where: {
      $0.upperBound <= range.lowerBound && $0.upperBound > previousEnd
    }) {
      shown += ellipsis.utf16
      cut = true
    }
    var offset = range.lowerBound
    while offset < range.upperBound {
      if truncation.hiddenRanges.contains(where: { $0.contains(offset) }) {
        if !cut { shown += ellipsis.utf16 }
        cut = true
      } else {
        shown.append(units[offset])
        cut = false
      }
      offset += 1
    }
    // Tail truncation hides what follows the line's range.
    if !cut, truncation.hiddenRanges.contains(where: { $0.lowerBound >= range.upperBound }) {
      shown += ellipsis.utf16
    }
    return String(decoding: shown, as: UTF16.self)
  }

  /// Prints rows as aligned columns, without trailing spaces.
  ///
  /// The last column is not padded: its widest cell (a long line's text) would otherwise pad
  /// every row to its width.
  ///
  /// - Complexity: O(the table's characters).
  static func printTable(_ rows: [[String]], to output: inout some TextOutputStream) {
    let columns = rows[0].count
    let widths = (0..<columns - 1).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      var line = zip(row, widths).map { pad($0, $1) }.joined(separator: "  ")
      if let last = row.last { line += (columns > 1 ? "  " : "") + last }
      while line.last == " " { line.removeLast() }
      print(line, to: &output)
    }
  }
}
