// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// "Cold: every text at three sizes, 320 pt width, empty shape cache": one layout per text and
/// size with nothing shaped before it.
///
/// - TypeScale: `shapeCache.removeAll()` then `layout(_:font:options:)`; fonts stay loaded.
/// - Floor: shape the whole text and break it, every time (it caches nothing).
/// - Pango: a new `PangoLayout` every time; the font map's caches stay warm.
struct ColdScenario: LayoutScenario {
  let bench: LayoutBench
  let sizes = [13.0, 17, 28]
  let width = 320.0
  private let options: [LayoutOptions]

  /// Prepares the scenario.
  init(_ bench: LayoutBench) {
    self.bench = bench
    options = bench.corpus.texts.map { [width] in $0.options(width: width) }
  }

  var operationsPerPass: Int { bench.corpus.texts.count * sizes.count }

  func typeScalePass() throws {
    let engine = bench.engine
    for (index, text) in bench.corpus.texts.enumerated() {
      for size in sizes {
        engine.shapeCache.removeAll()
        let layout = try engine.layout(
          text.text, font: bench.font(text, size), options: options[index])
        blackHole(layout.lineCount)
      }
    }
  }

  func floorPass() {
    for text in bench.corpus.texts {
      for size in sizes { blackHole(Int(bench.floor.layout(text, size: size, width: width).lines)) }
    }
  }

  func pangoPass() {
    for text in bench.corpus.texts {
      for size in sizes { blackHole(Int(bench.peer.layout(text, size: size, width: width).lines)) }
    }
  }

  /// Measures all three.
  ///
  /// - Returns: The result, per layout.
  /// - Throws: What TypeScale throws.
  func run() throws -> BenchmarkResult {
    let texts = bench.corpus.texts
    let engine = bench.engine

    // Untimed: the hit rate, and the line counts of all three.
    var agreement = Agreement(scenario: "Cold")
    var hits = 0
    var lookups = 0
    for (index, text) in texts.enumerated() {
      for size in sizes {
        engine.shapeCache.removeAll()
        let layout = try engine.layout(
          text.text, font: bench.font(text, size), options: options[index])
        let statistics = engine.shapeCache.statistics
        hits += statistics.hits
        lookups += statistics.hits + statistics.misses
        agreement.record(
          "\(text.name) at \(size) pt", typeScale: layout.lineCount,
          floor: Int(bench.floor.layout(text, size: size, width: width).lines),
          pango: Int(bench.peer.layout(text, size: size, width: width).lines))
      }
    }
    if let warning = agreement.warning { bench.warnings.append(warning) }

    let (typeScale, floor, pango) = try measure()
    return BenchmarkResult(
      name:
        "Cold: \(texts.count) texts at \(sizeList(sizes)) pt, \(Int(width)) pt width, "
        + "empty shape cache",
      scenario: "cold", operation: "layout", seconds: typeScale, floorSeconds: floor,
      pangoSeconds: pango, hitRate: lookups == 0 ? 0 : Double(hits) / Double(lookups),
      extra: [("layouts per pass", String(operationsPerPass))] + agreement.extra)
  }
}
