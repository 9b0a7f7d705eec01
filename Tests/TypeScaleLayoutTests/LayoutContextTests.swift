// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// A caller's context keeps the cascade it used last, per engine: one context used with two
/// engines never lends one engine's cascade to the other.
@Suite struct LayoutContextTests {
  /// Two engines over one registry give its default face different cascades (one has a
  /// system fallback with a Thai face); one context alternating between them gets each
  /// engine's own, as the engine's pooled contexts do.
  @Test func aContextUsedByTwoEngines_takesEachEnginesCascade() throws {
    let (system, folder) = try SystemFallbackCascadeTests.thaiFallback()
    defer { try? FileManager.default.removeItem(at: folder) }
    let registry = try FontRegistry()
    let engines = [
      TextLayoutEngine(registry: registry),
      TextLayoutEngine(registry: registry, systemFallback: system),
    ]
    // The same face for both, so a cascade remembered by face alone would serve the other.
    let font = try LayoutFont(face: registry.defaultFace, pointSize: 17)
    let context = LayoutContext()
    let text = "Hi สวัสดี"
    for _ in 0..<2 {
      for (index, engine) in engines.enumerated() {
        let layout = try engine.layout(text, font: font, options: LayoutOptions(), context: context)
        let pooled = try engine.layout(text, font: font)
        #expect(layout.diagnostics.missingCharacters.isEmpty == (index == 1))
        #expect(layout.width == pooled.width)
        #expect(layout.diagnostics.missingCharacters == pooled.diagnostics.missingCharacters)
      }
    }
  }
}
