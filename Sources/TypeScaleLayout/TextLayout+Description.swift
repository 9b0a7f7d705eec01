// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals
import TypeScaleMetrics

// Short descriptions for `print(layout)` and string interpolation: what a person reading a log
// wants (size, lines, truncation, faces), not the stored glyph arrays, which a sweep would print
// tens of thousands of characters of. `dump(_:)` still shows everything.

extension TextLayout: CustomStringConvertible {
  /// The text (its first 32 characters), the font, the size, the line count, truncation and the
  /// faces that draw, such as
  /// `TextLayout("Hello, world", NotoSans-Regular 17pt, 96 × 23.33 pt, 1 line)`.
  public var description: String {
    var parts = [
      "\"\(describeText(text))\"", font.description,
      "\(describePoints(width)) × \(describePoints(height)) pt",
      lines.count == 1 ? "1 line" : "\(lines.count) lines",
    ]
    if let truncation { parts.append("truncated on line \(truncation.lineIndex + 1)") }
    var faces: [String] = []
    for line in lines {
      for run in line.runs where !faces.contains(run.face.postScriptName) {
        faces.append(run.face.postScriptName)
      }
    }
    if faces.count > 1 || faces.first.map({ $0 != font.face.postScriptName }) == true {
      parts.append("faces: " + faces.joined(separator: ", "))
    }
    if !diagnostics.missingCharacters.isEmpty {
      parts.append("\(diagnostics.missingCharacters.count) missing characters")
    }
    return "TextLayout(" + parts.joined(separator: ", ") + ")"
  }
}

extension Line: CustomStringConvertible {
  /// The UTF-16 range, the width and the baseline, and whether the line is truncated or breaks a
  /// word, such as `Line(0..<12, 95.73 pt wide, baseline 18.17)`.
  public var description: String {
    var parts = [
      "\(range.lowerBound)..<\(range.upperBound)", "\(describePoints(width)) pt wide",
      "baseline \(describePoints(baseline))",
    ]
    if isTruncated { parts.append("truncated") }
    if breaksWord { parts.append("breaks a word") }
    return "Line(" + parts.joined(separator: ", ") + ")"
  }
}

extension GlyphRun: CustomStringConvertible {
  /// The face and size, the glyph count, the UTF-16 range, the script and the direction, such as
  /// `GlyphRun(NotoSans-Regular 17pt, 12 glyphs, 0..<12, Latn)`.
  public var description: String {
    var parts = [
      "\(face.postScriptName) \(describePoints(pointSize))pt",
      glyphs.count == 1 ? "1 glyph" : "\(glyphs.count) glyphs",
      "\(range.lowerBound)..<\(range.upperBound)", script,
    ]
    if isRightToLeft { parts.append("right to left") }
    if isEllipsis { parts.append("ellipsis") }
    return "GlyphRun(" + parts.joined(separator: ", ") + ")"
  }
}

extension CategoryLayout: CustomStringConvertible {
  /// The category, the resolved size and the layout, such as
  /// `AX5 48pt: TextLayout("Hello, world", NotoSans-Regular 48pt, 270.33 × 65.67 pt, 1 line)`.
  public var description: String {
    "\(category.shortName) \(describePoints(size.points))pt: \(layout)"
  }
}

/// A length in points with at most two decimals, trailing zeros trimmed (`95.73`, `96`).
private func describePoints(_ value: Double) -> String {
  NumberText.fixed(value, decimals: 2, trimsZeros: true)
}

/// The text, cut after 32 characters with `…`, newlines and tabs escaped.
private func describeText(_ text: String) -> String {
  let shown = text.count > 32 ? text.prefix(32) + "…" : Substring(text)
  return
    shown
    .replacingOccurrences(of: "\\", with: "\\\\")
    .replacingOccurrences(of: "\"", with: "\\\"")
    .replacingOccurrences(of: "\n", with: "\\n")
    .replacingOccurrences(of: "\t", with: "\\t")
}
