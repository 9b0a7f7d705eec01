// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleTestSupport

/// `TextLayoutEngine(systemFallback:)`: fontconfig's fonts as the opt-in tail of every cascade.
@Suite struct SystemFallbackCascadeTests {
  @Test func engine_withoutSystemFallbackStaysHermetic() throws {
    let engine = TextLayoutEngine(registry: FontFixture.registry)
    #expect(engine.systemFallback == nil)
    let layout = try engine.layout("สวัสดี", font: try FontFixture.defaultFont())
    #expect(!layout.diagnostics.missingCharacters.isEmpty)
  }

  @Test func engine_withSystemFallbackDrawsWhatRegisteredFacesLack() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: Fixtures.font("Fixture-Thai.ttf"), to: folder.appendingPathComponent("thai.ttf"))
    let registry = try FontRegistry()
    let system = try SystemFontFallback(directories: [folder])
    let engine = TextLayoutEngine(registry: registry, systemFallback: system)
    let font = try LayoutFont(face: registry.defaultFace, pointSize: 17)
    let layout = try engine.layout("Hi สวัสดี", font: font)
    #expect(layout.diagnostics.missingCharacters.isEmpty)
    let faces = layout.lines.flatMap(\.runs).map(\.face.family)
    #expect(faces.contains("TypeScale Fixture Thai"))
    #expect(faces.first == registry.defaultFace.family)
    // The sweep uses the same cascade.
    let swept = try engine.sweep("สวัสดี", font: font)
    #expect(swept.allSatisfy { $0.layout.diagnostics.missingCharacters.isEmpty })
  }
}
