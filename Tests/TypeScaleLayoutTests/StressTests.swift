// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// Many tasks laying out, sweeping, registering and unregistering fonts at once must give exactly
/// the results of a serial run (and never crash: run it under `make check` for races).
@Suite struct StressTests {
  private static let texts = [
    ("Fixture-Sans.ttf", "Ελληνικά και кириллица, together: déjà vu."),
    ("Fixture-Arabic.ttf", "مرحبا بالعالم ١٢٣"),
    ("Fixture-Hebrew.ttf", "שלום עולם 2024"),
    ("Fixture-Devanagari.ttf", "नमस्ते दुनिया"),
    ("Fixture-Thai.ttf", "สวัสดีครับ ยินดีต้อนรับ"),
    ("Fixture-KR.otf", "안녕하세요 여러분, 반갑습니다"),
    ("Fixture-CJK.otf", "日本語のテキスト"),
  ]

  /// One unit of work: a layout, a sweep and a registration cycle; returns a fingerprint.
  private static func work(
    _ index: Int, registry: FontRegistry, engine: TextLayoutEngine, churn: URL
  ) throws -> String {
    let (file, text) = texts[index % texts.count]
    let face = try #require(try registry.register(fileAt: Fixtures.font(file)).first)
    let font = try LayoutFont(face: face, pointSize: Double(12 + index % 9))
    var options = LayoutOptions(width: Double(60 + (index * 37) % 300), lineLimit: index % 3)
    options.lineBreakStrategy = [[], .hangulWordPriority, .standard, .pushOut][index % 4]
    let layout = try engine.layout(text, font: font, options: options)
    let sweep = try engine.sweep(text, font: font, options: .init(width: 200))
    // Churn: register and unregister a private copy (a different path, its own faces).
    let copy = churn.appendingPathComponent("churn-\(index % 4).ttf")
    if let faces = try? registry.register(fileAt: copy), !faces.isEmpty {
      try? registry.unregister(fileAt: copy)
    }
    return "\(index): \(layout.width) \(layout.height) \(layout.lineCount) "
      + sweep.map { "\($0.layout.height)" }.joined(separator: ",")
  }

  @Test func stress_concurrentWorkMatchesSerialWork() async throws {
    let churn = try Fixtures.temporaryDirectory("stress")
    defer { try? FileManager.default.removeItem(at: churn) }
    for index in 0..<4 {
      try FileManager.default.copyItem(
        at: Fixtures.font("Fixture-Light.ttf"),
        to: churn.appendingPathComponent("churn-\(index).ttf"))
    }
    let count = 160
    let serialRegistry = try FontRegistry()
    let serialEngine = TextLayoutEngine(registry: serialRegistry)
    let serial = try (0..<count).map {
      try Self.work($0, registry: serialRegistry, engine: serialEngine, churn: churn)
    }
    let registry = try FontRegistry()
    let engine = TextLayoutEngine(registry: registry, shapeCacheBudget: 2 << 10)
    let parallel = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for index in 0..<count {
        group.addTask {
          (index, try Self.work(index, registry: registry, engine: engine, churn: churn))
        }
      }
      return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
    }
    #expect((0..<count).map { parallel[$0] } == serial)
    // The tiny budget forced evictions while tasks were shaping: results did not change.
    #expect(engine.shapeCache.statistics.evictions > 0)
  }
}
