// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleFonts
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// `print(layout)` shows a short summary, not the glyph arrays.
@Suite struct LayoutDescriptionTests {
  @Test func textLayout_isOneShortLine() throws {
    let layout = try FontFixture.layout("Hello, world")
    let text = String(describing: layout)
    #expect(
      text
        == "TextLayout(\"Hello, world\", NotoSans-Regular 17pt, "
        + "\(NumberTextProbe.points(layout.width)) × \(NumberTextProbe.points(layout.height)) pt, "
        + "1 line)")
    #expect(text.count < 100)
    #expect(!text.contains("glyphs"))
  }

  @Test func truncatedLayout_namesTheLineAndLongTextIsCut() throws {
    let long = String(repeating: "Dynamic Type grows text. ", count: 20)
    let layout = try FontFixture.layout(long, width: 120, lines: 2)
    let text = String(describing: layout)
    #expect(
      text.hasPrefix("TextLayout(\"Dynamic Type grows text. Dynamic…\", NotoSans-Regular 17pt"))
    #expect(text.hasSuffix(", 2 lines, truncated on line 2)"), "\(text)")
    #expect(text.count < 160)
  }

  @Test func lineAndRun_sayRangeWidthFaceAndScript() throws {
    let layout = try FontFixture.layout("Hello")
    let line = try #require(layout.lines.first)
    #expect(
      String(describing: line)
        == "Line(0..<5, \(NumberTextProbe.points(line.width)) pt wide, "
        + "baseline \(NumberTextProbe.points(line.baseline)))")
    let run = try #require(line.runs.first)
    #expect(String(describing: run) == "GlyphRun(NotoSans-Regular 17pt, 5 glyphs, 0..<5, Latn)")
  }

  /// Runs in faces other than the font's are listed (which fallback face the machine has
  /// varies, so the list is read off the runs), and missing characters are counted.
  @Test func otherFacesAndMissingCharacters_areNamed() throws {
    let layout = try FontFixture.layout("Hi 안녕 ሰላም \u{10FFFD}")
    var faces: [String] = []
    for run in layout.lines.flatMap(\.runs) where !faces.contains(run.face.postScriptName) {
      faces.append(run.face.postScriptName)
    }
    let text = String(describing: layout)
    #expect(faces.count > 1)
    #expect(text.contains(", faces: " + faces.joined(separator: ", ")), "\(text)")
    let missing = layout.diagnostics.missingCharacters.count
    #expect(missing >= 1)
    #expect(text.hasSuffix(", \(missing) missing characters)"), "\(text)")
  }

  /// A sweep over twelve categories prints twelve short lines, not tens of thousands of
  /// characters.
  @Test func sweep_printsAShortLinePerCategory() throws {
    let sweep = try FontFixture.sharedEngine.sweep(
      "Hello, world", font: FontFixture.defaultFont(), options: LayoutOptions(width: 343))
    let lines = sweep.map { String(describing: $0) }
    #expect(lines.count == 12)
    #expect(lines.allSatisfy { $0.count < 120 }, "\(lines)")
    #expect(
      lines.last?.hasPrefix("AX5 48pt: TextLayout(\"Hello, world\", NotoSans-Regular 48pt") == true,
      "\(lines.last ?? "")")
  }
}

/// The descriptions' number format: at most two decimals, trailing zeros trimmed.
private enum NumberTextProbe {
  static func points(_ value: Double) -> String {
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
