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

  /// Wall seconds per layout with every thread running a pass at once, for each pass: the
  /// fastest of 5 interleaved rounds (one round of each pass in turn), each thread doing enough
  /// passes to take at least 0.2 s alone.
  private func parallel(
    _ perLayout: [Double], _ passes: [@Sendable (Int) throws -> Void]
  ) throws -> [Double] {
    let counts = perLayout.map {
      max(1, Int((0.2 / ($0 * Double(operationsPerPass))).rounded(.up)))
    }
    let failures = Mutex(0)
    var best = [Double](repeating: .infinity, count: passes.count)
    for _ in 0..<parallelRounds {
      for (index, pass) in passes.enumerated() {
        let count = counts[index]
        let elapsed = seconds {
          DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
              for _ in 0..<count { try pass(thread) }
            } catch {
              failures.withLock { $0 += 1 }
            }
          }
        }
        best[index] = min(best[index], elapsed)
      }
    }
    if failures.withLock({ $0 }) > 0 { throw CorpusError(description: "a parallel pass failed") }
    return best.enumerated().map { index, time in
      time / Double(counts[index] * threads * operationsPerPass)
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

    let times = try parallel(
      [single.typeScale, single.floor, single.pango],
      [typeScalePass(thread:), floorPass(thread:), pangoPass(thread:)])
    let many = (typeScale: times[0], floor: times[1], pango: times[2])
    func speedUp(_ one: Double, _ all: Double) -> String { String(format: "%.2f×", one / all) }
    return [
      warm,
      BenchmarkResult(
        name: "Parallel: \(corpusName), warm caches, \(threads) threads (aggregate)",
        scenario: "parallel", operation: "layout", seconds: many.typeScale,
        floorSeconds: many.floor, pangoSeconds: many.pango, hitRate: hitRate,
        extra: [
          ("threads", String(threads)),
          ("TypeScale speed-up", speedUp(single.typeScale, many.typeScale)),
          ("floor speed-up", speedUp(single.floor, many.floor)),
          ("Pango speed-up", speedUp(single.pango, many.pango)),
        ]),
    ]
  }
}
