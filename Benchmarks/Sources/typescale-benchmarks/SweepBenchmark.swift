// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// "Sweep: every text at all twelve categories": the shape-once path.
///
/// - TypeScale: `sweep(_:font:sizing:options:)` with a 17 pt body design size (twelve layouts a
///   call), the shape cache emptied before each text's sweep so that one shaping per sweep is
///   paid; fonts stay loaded.
/// - Floor and Pango: twelve independent layouts at the twelve body sizes TypeScale resolves.
struct SweepScenario: LayoutScenario {
  let bench: LayoutBench
  let width = 320.0
  private let options: [LayoutOptions]

  /// Prepares the scenario.
  init(_ bench: LayoutBench) {
    self.bench = bench
    options = bench.corpus.texts.map { [width] in $0.options(width: width) }
  }

  var operationsPerPass: Int { bench.corpus.texts.count * bench.bodySizes.count }

  func typeScalePass() throws {
    let engine = bench.engine
    for (index, text) in bench.corpus.texts.enumerated() {
      engine.shapeCache.removeAll()
      let sweep = try engine.sweep(
        text.text, font: bench.font(text, 17), sizing: .scalesWithBody, options: options[index])
      blackHole(sweep.count)
    }
  }

  func floorPass() {
    for text in bench.corpus.texts {
      for size in bench.bodySizes {
        blackHole(Int(bench.floor.layout(text, size: size, width: width).lines))
      }
    }
  }

  func pangoPass() {
    for text in bench.corpus.texts {
      for size in bench.bodySizes {
        blackHole(Int(bench.peer.layout(text, size: size, width: width).lines))
      }
    }
  }

  /// Measures all three.
  ///
  /// - Returns: The result, per layout (twelve per sweep).
  /// - Throws: What TypeScale throws.
  func run() throws -> BenchmarkResult {
    let texts = bench.corpus.texts
    let sizes = bench.bodySizes
    let engine = bench.engine

    // Untimed: the sizes TypeScale uses, the hit rate, and the line counts of all three.
    var agreement = Agreement(scenario: "Sweep")
    var hits = 0
    var lookups = 0
    for (index, text) in texts.enumerated() {
      engine.shapeCache.removeAll()
      let sweep = try engine.sweep(
        text.text, font: bench.font(text, 17), sizing: .scalesWithBody, options: options[index])
      let statistics = engine.shapeCache.statistics
      hits += statistics.hits
      lookups += statistics.hits + statistics.misses
      precondition(sweep.map(\.size.points) == sizes, "the sweep's sizes are not \(sizes)")
      for (entry, size) in zip(sweep, sizes) {
        agreement.record(
          "\(text.name) at \(size) pt", typeScale: entry.layout.lineCount,
          floor: Int(bench.floor.layout(text, size: size, width: width).lines),
          pango: Int(bench.peer.layout(text, size: size, width: width).lines))
      }
    }
    if let warning = agreement.warning { bench.warnings.append(warning) }

    let (typeScale, floor, pango) = try measure()
    return BenchmarkResult(
      name:
        "Sweep: \(texts.count) texts at all \(sizes.count) categories (body, 17 pt at Large), "
        + "\(Int(width)) pt width, one shaping per sweep",
      scenario: "sweep", operation: "layout", seconds: typeScale, floorSeconds: floor,
      pangoSeconds: pango, hitRate: lookups == 0 ? 0 : Double(hits) / Double(lookups),
      extra: [
        ("sizes", sizes.map { String(Int($0)) }.joined(separator: ",")),
        ("layouts per pass", String(operationsPerPass)),
      ] + agreement.extra)
  }
}
