// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// The numbers doc examples show are the numbers the code gives.
@Suite struct DocExampleTests {
  /// `TextLayout`'s example: "안녕하세요 여러분" in the embedded default at 17 pt, 100 pt wide.
  @Test func textLayout_docExampleShowsTheRealSizeAndRanges() throws {
    let registry = try FontRegistry()
    let engine = TextLayoutEngine(registry: registry)
    let font = try LayoutFont(face: registry.defaultFace, pointSize: 17)
    let layout = try engine.layout("안녕하세요 여러분", font: font, options: .init(width: 100))
    #expect(String(format: "%.3f, %.3f", layout.width, layout.height) == "78.333, 49.333")
    #expect(String(format: "%.3f, %.3f", layout.exactWidth, layout.exactHeight) == "78.200, 49.317")
    #expect(layout.lines.map(\.range) == [0..<6, 6..<9])
    #expect(layout.diagnostics.fallbackFaces.map(\.postScriptName) == ["NotoSansCJKkr-Regular"])
    let source = try String(
      contentsOf: PackageRootForDocs.url.appendingPathComponent(
        "Sources/TypeScaleLayout/TextLayout.swift"), encoding: .utf8)
    #expect(source.contains("// 78.333, 49.333"))
    #expect(source.contains("// 78.2, 49.317"))
    #expect(source.contains("// [0..<6, 6..<9]"))
    #expect(!source.contains("layout.size"))
  }
}

/// The package root, from this file's path.
private enum PackageRootForDocs {
  static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}
