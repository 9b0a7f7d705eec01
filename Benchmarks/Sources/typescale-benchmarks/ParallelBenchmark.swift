// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Synchronization
import TypeScale

/// "Warm" and "Parallel": the corpus at three sizes with warm caches, on one thread and then on
/// `threads` threads at once.
///
/// - TypeScale: one engine shared by every thread (its shape cache warm: every run is a hit).
/// - Floor: one set of HarfBuzz fonts and ICU iterators per thread; it has no cache to warm.
/// - Pango: one font map and context per thread (Pango objects are not shared across threads);
///   their caches warm.
///
/// The parallel row's time per layout is wall time over all threads' layouts, so layouts/s is
/// the aggregate throughput; its extra fields give each engine's speed-up over one thread.
struct WarmScenario: LayoutScenario, Sendable {
  let sizes = [13.0, 17, 28]
  let width = 320.0
  let threads: Int
  private let engine: TextLayoutEngine
  private let texts: [CorpusText]
  private let options: [LayoutOptions]
  private let floors: [Floor]
  private let peers: [Peer]
  /// An engine per thread over the same registry, for ``ownEnginePass(thread:)``.
  private let ownEngines: [TextLayoutEngine]
  /// Per thread: an engine over a registry of its own, and the corpus's texts, faces and options
  /// as that thread's own copies, for ``isolatedPass(thread:)``.
  private let isolated: [(engine: TextLayoutEngine, texts: [(String, FontFace, LayoutOptions)])]

  /// Prepares the scenario, with a floor and a Pango context for each thread.
  ///
  /// - Parameters:
  ///   - bench: The engines and corpus.
  ///   - threads: The threads the parallel row uses; 1 for the warm row alone.
  /// - Throws: What the baselines throw.
  init(_ bench: LayoutBench, threads: Int) throws {
    self.threads = max(1, threads)
    engine = bench.engine
    texts = bench.corpus.texts
    options = texts.map { [width] in $0.options(width: width) }
    floors = try [bench.floor] + (1..<self.threads).map { _ in try Floor(corpus: bench.corpus) }
    peers = try [bench.peer] + (1..<self.threads).map { _ in try Peer(corpus: bench.corpus) }
    ownEngines = (0..<self.threads).map { [registry = bench.engine.registry] _ in
      TextLayoutEngine(registry: registry)
    }
    isolated = try (0..<self.threads).map { [texts, width] _ in
      let registry = try FontRegistry()
      var faces: [String: FontFace] = [:]
      let copies = try texts.map { text in
        let face: FontFace
        if let embedded = registry.embeddedFaces.first(where: { $0.source == text.face.source }) {
          face = embedded
        } else if let known = faces[text.fontPath] {
          face = known
        } else {
          guard
            let registered = try registry.register(fileAt: URL(fileURLWithPath: text.fontPath))
              .first
          else { throw CorpusError(description: "no face in \(text.fontPath)") }
          faces[text.fontPath] = registered
          face = registered
        }
        // A new string storage: no object is shared with another thread.
        return (
          String(decoding: Array(text.text.utf8), as: UTF8.self), face, text.options(width: width)
        )
      }
      return (TextLayoutEngine(registry: registry), copies)
    }
  }

  var operationsPerPass: Int { texts.count * sizes.count }

  /// TypeScale's pass, on any thread.
  @Sendable func typeScalePass(thread: Int) throws {
    for (index, text) in texts.enumerated() {
      for size in sizes {
        let layout = try engine.layout(
          text.text, font: LayoutFont(face: text.face, pointSize: size), options: options[index])
        blackHole(layout.lineCount)
      }
    }
  }

  /// The floor's pass, with the thread's own floor.
  @Sendable func floorPass(thread: Int) {
    for text in texts {
      for size in sizes {
        blackHole(Int(floors[thread].layout(text, size: size, width: width).lines))
      }
    }
  }

  /// Pango's pass, with the thread's own context.
  @Sendable func pangoPass(thread: Int) {
    for text in texts {
      for size in sizes {
        blackHole(Int(peers[thread].layout(text, size: size, width: width).lines))
      }
    }
  }

  func typeScalePass() throws { try typeScalePass(thread: 0) }
  func floorPass() { floorPass(thread: 0) }
  func pangoPass() { pangoPass(thread: 0) }

  /// TypeScale's pass with the thread's own engine (its own shape cache and fonts, warm), for
  /// comparison with the shared engine: the difference is what sharing costs.
  @Sendable func ownEnginePass(thread: Int) throws {
    for (index, text) in texts.enumerated() {
      for size in sizes {
        let layout = try ownEngines[thread].layout(
          text.text, font: LayoutFont(face: text.face, pointSize: size), options: options[index])
        blackHole(layout.lineCount)
      }
    }
  }

  /// TypeScale's pass with nothing shared with other threads: the thread's own engine,
  /// registry (so its own `FontFace` storage), text strings and options.
  @Sendable func isolatedPass(thread: Int) throws {
    let (engine, copies) = isolated[thread]
    for (text, face, options) in copies {
      for size in sizes {
        let layout = try engine.layout(
          text, font: LayoutFont(face: face, pointSize: size), options: options)
        blackHole(layout.lineCount)
      }
    }
  }

  /// Measures one thread, then (when there are several) all threads at once.
  ///
  /// - Returns: The warm row and, with more than one thread, the parallel row.
  /// - Throws: What TypeScale throws.
  func run() throws -> [BenchmarkResult] {
    // Warm every cache, then one thread.
    engine.shapeCache.removeAll()
    try typeScalePass()
    for thread in 0..<threads {
      floorPass(thread: thread)
      pangoPass(thread: thread)
    }
    let before = engine.shapeCache.statistics
    let single = try measure()
    let after = engine.shapeCache.statistics
    let lookups = (after.hits + after.misses) - (before.hits + before.misses)
    let hitRate = lookups == 0 ? 0 : Double(after.hits - before.hits) / Double(lookups)
    let corpusName = "\(texts.count) texts at \(sizeList(sizes)) pt, \(Int(width)) pt width"
    let warm = BenchmarkResult(
      name: "Warm: \(corpusName), warm caches, 1 thread", scenario: "warm", operation: "layout",
      seconds: single.typeScale, floorSeconds: single.floor, pangoSeconds: single.pango,
      hitRate: hitRate, extra: [("layouts per pass", String(operationsPerPass))])
    guard threads > 1 else { return [warm] }

    for thread in 0..<threads {
      try ownEnginePass(thread: thread)
      try isolatedPass(thread: thread)
    }
    let passes: [@Sendable (Int) throws -> Void] = [
      typeScalePass(thread:), floorPass(thread:), pangoPass(thread:), ownEnginePass(thread:),
      isolatedPass(thread:),
    ]
    let perLayout = [
      single.typeScale, single.floor, single.pango, single.typeScale, single.typeScale,
    ]
    let timings = try measureScaling(
      threads: threads, rounds: parallelRounds, operations: operationsPerPass,
      counts: perLayout.map { max(1, Int((0.2 / ($0 * Double(operationsPerPass))).rounded(.up))) },
      passes)
    return [
      warm,
      BenchmarkResult(
        name: "Parallel: \(corpusName), warm caches, \(threads) threads (aggregate)",
        scenario: "parallel", operation: "layout", seconds: timings[0].parallel,
        floorSeconds: timings[1].parallel, pangoSeconds: timings[2].parallel, hitRate: hitRate,
        extra: [
          ("threads", String(threads)),
          ("TypeScale speed-up", timings[0].summary),
          ("floor speed-up", timings[1].summary),
          ("Pango speed-up", timings[2].summary),
          ("TypeScale with an engine per thread", timings[3].summary),
          ("TypeScale sharing nothing (engine, registry, strings per thread)", timings[4].summary),
        ]),
    ]
  }
}
