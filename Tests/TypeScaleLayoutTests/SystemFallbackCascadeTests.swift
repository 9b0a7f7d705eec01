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

  /// A system fallback over a temporary folder holding the Thai fixture font, and the folder
  /// (the caller removes it).
  static func thaiFallback() throws -> (fallback: SystemFontFallback, folder: URL) {
    let folder = try Fixtures.temporaryDirectory()
    try FileManager.default.copyItem(
      at: Fixtures.font("Fixture-Thai.ttf"), to: folder.appendingPathComponent("thai.ttf"))
    return (try SystemFontFallback(directories: [folder]), folder)
  }

  @Test func engine_withSystemFallbackDrawsWhatRegisteredFacesLack() throws {
    let (system, folder) = try Self.thaiFallback()
    defer { try? FileManager.default.removeItem(at: folder) }
    let registry = try FontRegistry()
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
