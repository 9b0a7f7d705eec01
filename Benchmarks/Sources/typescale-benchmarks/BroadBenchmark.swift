// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Synchronization
import TypeScale

/// The widths every text of the broad corpus is laid out at, in points; `nil` is unwrapped (the
/// baselines get 0).
let broadWidths: [Double?] = [nil, 120, 320, 600]

/// The rounds each broad-corpus group's measurement takes the fastest of: 9, because on a
/// shared 2-core VM a group's ratio moved by up to 0.5 between runs of the same code with 5
/// (Benchmarks/README.md, issue 21): a round that meets another tenant's work is discarded only
/// if a quieter one follows.
let broadRounds = 9
/// The shortest round of a broad-corpus group's measurement, in seconds: 26 groups × 3 engines
/// × 3 scenarios keep the broad part to a few minutes.
let broadMinimumRound = 0.04

/// The rounds the broad corpus's parallel measurement takes the fastest of: 9, as
/// ``parallelRounds`` and ``broadRounds``, for the reason they give.
///
/// It was 3 (a round lays the whole corpus out with each engine, and Pango's pass is long), and
/// with 3 the floor's own speed-up on two threads ranged from 1.25× to 2.06× between runs of the
/// same code on the 2-core VM. 9 rounds add about 20 seconds to `make bench`.
let broadParallelRounds = 9

/// A broad-corpus layout scenario.
enum BroadMode: String, CaseIterable, Sendable {
  /// Every text at 13, 17 and 28 pt and every width, the shape cache emptied before each layout.
  case cold
  /// Every text at the twelve body sizes and every width: one `sweep` call per text and width.
  case sweep
  /// As cold, with warm caches.
  case warm

  /// The sizes of one text at one width (sweep: the twelve body sizes of `bodySizes`).
  func sizes(bodySizes: [Double]) -> [Double] { self == .sweep ? bodySizes : [13, 17, 28] }
}

/// One engine's passes over some texts of the broad corpus in one mode: what a group (a script
/// and kind), the whole corpus, or one thread of the parallel measurement lays out.
struct BroadPasses: LayoutScenario, Sendable {
  let mode: BroadMode
  let engine: TextLayoutEngine
  let texts: [CorpusText]
  let floor: Floor
  let peer: Peer
  let sizes: [Double]
  /// TypeScale's options, per text and width.
  private let options: [[LayoutOptions]]

  /// Prepares passes over `texts` with `bench`'s engine, or the given floor and Pango.
  init(
    _ mode: BroadMode, bench: LayoutBench, texts: [CorpusText], floor: Floor? = nil,
    peer: Peer? = nil, engine: TextLayoutEngine? = nil
  ) {
    self.mode = mode
    self.engine = engine ?? bench.engine
    self.texts = texts
    self.floor = floor ?? bench.floor
    self.peer = peer ?? bench.peer
    sizes = mode.sizes(bodySizes: bench.bodySizes)
    options = texts.map { text in broadWidths.map { text.options(width: $0) } }
  }

  var operationsPerPass: Int { texts.count * broadWidths.count * sizes.count }

  func typeScalePass() throws {
    for (index, text) in texts.enumerated() {
      for options in options[index] {
        switch mode {
        case .cold:
          for size in sizes {
            engine.shapeCache.removeAll()
            let layout = try engine.layout(
              text.text, font: LayoutFont(face: text.face, pointSize: size), options: options)
            blackHole(layout.lineCount)
          }
        case .warm:
          for size in sizes {
            let layout = try engine.layout(
              text.text, font: LayoutFont(face: text.face, pointSize: size), options: options)
            blackHole(layout.lineCount)
          }
        case .sweep:
          engine.shapeCache.removeAll()
          let sweep = try engine.sweep(
            text.text, font: LayoutFont(face: text.face, pointSize: 17), sizing: .scalesWithBody,
            options: options)
          blackHole(sweep.count)
        }
      }
    }
  }

  func floorPass() {
    for text in texts {
      for width in broadWidths {
        for size in sizes {
          blackHole(Int(floor.layout(text, size: size, width: width ?? 0).lines))
        }
      }
    }
  }

  func pangoPass() {
    for text in texts {
      for width in broadWidths {
        for size in sizes { blackHole(Int(peer.layout(text, size: size, width: width ?? 0).lines)) }
      }
    }
  }

  /// TypeScale's line counts, in pass order (untimed), with the shape cache's hits and lookups.
  func typeScaleLines() throws -> (lines: [Int], hits: Int, lookups: Int) {
    var lines: [Int] = []
    var hits = 0
    var lookups = 0
    func count() {
      let statistics = engine.shapeCache.statistics
      hits += statistics.hits
      lookups += statistics.hits + statistics.misses
    }
    for (index, text) in texts.enumerated() {
      for options in options[index] {
        switch mode {
        case .cold, .warm:
          for size in sizes {
            if mode == .cold { engine.shapeCache.removeAll() }
            lines.append(
              try engine.layout(
                text.text, font: LayoutFont(face: text.face, pointSize: size), options: options
              ).lineCount)
            if mode == .cold { count() }
          }
        case .sweep:
          engine.shapeCache.removeAll()
          let sweep = try engine.sweep(
            text.text, font: LayoutFont(face: text.face, pointSize: 17), sizing: .scalesWithBody,
            options: options)
          precondition(sweep.map(\.size.points) == sizes, "the sweep's sizes are not \(sizes)")
          lines += sweep.map(\.layout.lineCount)
          count()
        }
      }
    }
    return (lines, hits, lookups)
  }
}

/// One group's figures: seconds per layout of each engine.
struct BroadTiming: Codable {
  /// The script, or `all`.
  let script: String
  /// `ui`, `paragraph`, or `all`.
  let kind: String
  /// The layouts one pass performs.
  let layouts: Int
  /// TypeScale's seconds per layout.
  let typeScale: Double
  /// The floor's seconds per layout.
  let floor: Double
  /// Pango's seconds per layout.
  let pango: Double

  /// TypeScale's time over the floor's: lower is better.
  var timesFloor: Double { typeScale / floor }
  /// Pango's time over TypeScale's: above 1 means TypeScale is faster.
  var timesPango: Double { pango / typeScale }

  /// Groups combined: each engine's total time over the total layouts.
  static func combined(_ timings: [BroadTiming], script: String, kind: String) -> BroadTiming {
    let layouts = timings.reduce(0) { $0 + $1.layouts }
    func mean(_ time: KeyPath<BroadTiming, Double>) -> Double {
      timings.reduce(0) { $0 + $1[keyPath: time] * Double($1.layouts) } / Double(max(1, layouts))
    }
    return BroadTiming(
      script: script, kind: kind, layouts: layouts, typeScale: mean(\.typeScale),
      floor: mean(\.floor), pango: mean(\.pango))
  }
}

/// One scenario over the broad corpus: a timing per script and kind.
struct BroadScenarioResult {
  /// `cold`, `sweep` or `warm`.
  let scenario: String
  /// The scenario as a sentence.
  let name: String
  /// Each script and kind's figures, in corpus order.
  let groups: [BroadTiming]
  /// The shape cache's hit rate over the scenario.
  let hitRate: Double
  /// Further figures, in order.
  let extra: [(String, String)]

  /// The scripts, in corpus order.
  var scripts: [String] {
    var seen: [String] = []
    for group in groups where !seen.contains(group.script) { seen.append(group.script) }
    return seen
  }

  /// Figures of one script (or `all`) and kind (or `all`).
  func timing(script: String = "all", kind: String = "all") -> BroadTiming {
    BroadTiming.combined(
      groups.filter {
        (script == "all" || $0.script == script) && (kind == "all" || $0.kind == kind)
      }, script: script, kind: kind)
  }
}

/// The parallel measurement over the broad corpus: warm layouts on one thread, then on
/// `threads` threads at once.
struct BroadParallelResult {
  /// The threads of the parallel run.
  let threads: Int
  /// Seconds per layout on one thread.
  let single: BroadTiming
  /// Wall seconds per layout with every thread running (aggregate throughput).
  let parallel: BroadTiming
  /// Wall and CPU time, one thread and all, of TypeScale's shared engine, the floor, Pango, and
  /// TypeScale with an engine per thread, in that order.
  let scaling: [ScalingTiming]

  /// TypeScale's throughput on all threads over its throughput on one.
  var typeScaleSpeedUp: Double { single.typeScale / parallel.typeScale }
  /// The floor's.
  var floorSpeedUp: Double { single.floor / parallel.floor }
  /// Pango's.
  var pangoSpeedUp: Double { single.pango / parallel.pango }
}

/// The broad-corpus benchmark: its corpus, engines and the scenarios `options` selects.
struct BroadBenchmark {
  /// The engines and corpus (a registry of its own).
  let bench: LayoutBench

  /// Loads the broad corpus into a registry of its own and checks its coverage in all three
  /// engines.
  ///
  /// - Parameter options: The command line.
  /// - Throws: ``CorpusError`` or what the engines throw.
  init(options: Options) throws {
    let registry = try FontRegistry()
    let corpus = try Corpus.loadBroad(
      corpusFolder: options.broadCorpusFolder, root: options.root,
      fontsFolder: options.broadFonts, registry: registry)
    bench = try LayoutBench(corpus: corpus, registry: registry)
  }

  /// The texts of one script and kind (`nil`: any).
  func texts(script: String? = nil, kind: String? = nil) -> [CorpusText] {
    bench.corpus.texts.filter {
      (script == nil || $0.script == script) && (kind == nil || $0.kind == kind)
    }
  }

  /// The (script, kind) groups, in corpus order.
  var groups: [(script: String, kind: String)] {
    var seen: [String] = []
    for text in bench.corpus.texts where !seen.contains(text.script) { seen.append(text.script) }
    return seen.flatMap { script in Corpus.broadKinds.map { (script: script, kind: $0) } }
      .filter { !texts(script: $0.0, kind: $0.1).isEmpty }
  }

  /// The corpus in a sentence.
  var description: String { Self.describe(bench.corpus) }

  /// A broad corpus in a sentence.
  static func describe(_ corpus: Corpus) -> String {
    let texts = corpus.texts
    let scripts = Set(texts.map(\.script)).count
    let ui = texts.filter { $0.kind == "ui" }.count
    return
      "\(texts.count) texts (\(scripts) scripts; \(ui) UI strings, \(texts.count - ui) "
      + "paragraphs) from Benchmarks/Corpus/broad.tsv, each unwrapped and at 120, 320 and 600 pt, "
      + "\(corpus.fontPaths.count) font files"
  }

  /// Runs one scenario: an untimed pass comparing line counts, then each group measured alone,
  /// its rounds spread over the scenario (round 1 of every group, then round 2, …).
  ///
  /// - Parameter mode: The scenario.
  /// - Returns: Its figures per script and kind.
  /// - Throws: What TypeScale throws.
  func run(_ mode: BroadMode) throws -> BroadScenarioResult {
    let all = BroadPasses(mode, bench: bench, texts: bench.corpus.texts)
    var agreement = Agreement(scenario: "Broad \(mode.rawValue)")
    var hitRate = 0.0
    if mode == .warm {
      _ = try all.typeScaleLines()  // warm the cache; the hit rate is measured below
    } else {
      let (lines, hits, lookups) = try all.typeScaleLines()
      var index = 0
      for text in all.texts {
        for width in broadWidths {
          for size in all.sizes {
            agreement.record(
              "\(text.name) at \(sizeList([size])) pt, width \(width.map { "\(Int($0))" } ?? "none")",
              typeScale: lines[index],
              floor: Int(bench.floor.layout(text, size: size, width: width ?? 0).lines),
              pango: Int(bench.peer.layout(text, size: size, width: width ?? 0).lines))
            index += 1
          }
        }
      }
      hitRate = lookups == 0 ? 0 : Double(hits) / Double(lookups)
      if let warning = agreement.warning { bench.warnings.append(warning) }
    }

    let before = bench.engine.shapeCache.statistics
    let groupPasses = groups.map { script, kind in
      BroadPasses(mode, bench: bench, texts: texts(script: script, kind: kind))
    }
    let times = try secondsPerOperation(
      groups: groupPasses.map { passes in
        (passes.operationsPerPass, [passes.typeScalePass, passes.floorPass, passes.pangoPass])
      }, rounds: broadRounds, minimumRound: broadMinimumRound)
    var timings: [BroadTiming] = []
    for (index, (script, kind)) in groups.enumerated() {
      timings.append(
        BroadTiming(
          script: script, kind: kind, layouts: groupPasses[index].operationsPerPass,
          typeScale: times[index][0], floor: times[index][1], pango: times[index][2]))
    }
    if mode == .warm {
      let after = bench.engine.shapeCache.statistics
      let lookups = (after.hits + after.misses) - (before.hits + before.misses)
      hitRate = lookups == 0 ? 0 : Double(after.hits - before.hits) / Double(lookups)
    }
    let what =
      switch mode {
      case .cold: "at 13, 17 and 28 pt, empty shape cache"
      case .sweep: "at all 12 categories (body, 17 pt at Large), one shaping per sweep"
      case .warm: "at 13, 17 and 28 pt, warm caches, 1 thread"
      }
    return BroadScenarioResult(
      scenario: mode.rawValue,
      name:
        "\(mode.rawValue.capitalized): \(bench.corpus.texts.count) texts × 4 widths \(what)",
      groups: timings, hitRate: hitRate,
      extra: [("layouts per pass", String(all.operationsPerPass))]
        + (mode == .warm ? [] : agreement.extra))
  }

  /// Warm layouts of the whole corpus on one thread, then on `threads` threads at once.
  ///
  /// One thread and all threads run in the same harness and rounds (see
  /// ``measureScaling(threads:rounds:operations:counts:_:)``): each thread with its own floor
  /// and Pango context and TypeScale's one shared engine, and TypeScale again with an engine per
  /// thread. The fastest of ``broadParallelRounds`` rounds, each thread doing enough passes to
  /// take at least 0.2 s alone (a pass of Pango over the whole corpus takes longer).
  ///
  /// - Parameter threads: The threads.
  /// - Returns: Both measurements.
  /// - Throws: What TypeScale or the baselines throw.
  func runParallel(threads: Int) throws -> BroadParallelResult {
    let texts = bench.corpus.texts
    var passes = [BroadPasses(.warm, bench: bench, texts: texts)]
    for _ in 1..<max(1, threads) {
      passes.append(
        BroadPasses(
          .warm, bench: bench, texts: texts, floor: try Floor(corpus: bench.corpus),
          peer: try Peer(corpus: bench.corpus)))
    }
    let ownEngines = passes.map {
      BroadPasses(
        .warm, bench: bench, texts: texts, floor: $0.floor, peer: $0.peer,
        engine: TextLayoutEngine(registry: bench.engine.registry))
    }
    let threadPasses = passes
    for (pass, own) in zip(threadPasses, ownEngines) {
      try pass.typeScalePass()
      pass.floorPass()
      pass.pangoPass()
      try own.typeScalePass()
    }
    let operations = threadPasses[0].operationsPerPass
    let one = threadPasses[0]
    let perLayout = try secondsPerOperation(
      operations: operations, rounds: 1, minimumRound: 0.05,
      [one.typeScalePass, one.floorPass, one.pangoPass])
    let counts = (perLayout + [perLayout[0]]).map {
      max(1, Int((0.2 / ($0 * Double(operations))).rounded(.up)))
    }
    let timings = try measureScaling(
      threads: threads, rounds: broadParallelRounds, operations: operations, counts: counts,
      [
        { try threadPasses[$0].typeScalePass() }, { threadPasses[$0].floorPass() },
        { threadPasses[$0].pangoPass() }, { try ownEngines[$0].typeScalePass() },
      ])
    return BroadParallelResult(
      threads: threads,
      single: BroadTiming(
        script: "all", kind: "all", layouts: operations, typeScale: timings[0].single,
        floor: timings[1].single, pango: timings[2].single),
      parallel: BroadTiming(
        script: "all", kind: "all", layouts: operations * threads, typeScale: timings[0].parallel,
        floor: timings[1].parallel, pango: timings[2].parallel),
      scaling: timings)
  }

  /// Runs the scenarios `options` selects.
  ///
  /// - Parameter options: The command line.
  /// - Returns: The report's broad part.
  /// - Throws: What TypeScale or the baselines throw.
  func run(options: Options) throws -> BroadReport {
    var scenarios: [BroadScenarioResult] = []
    for mode in BroadMode.allCases where options.runs(mode.rawValue) {
      progress("broad \(mode.rawValue) (\(groups.count) groups)")
      scenarios.append(try run(mode))
    }
    var parallel: BroadParallelResult?
    if options.runs("parallel") {
      progress("broad parallel (\(BroadBenchmark.threads) threads)")
      parallel = try runParallel(threads: BroadBenchmark.threads)
    }
    return BroadReport(
      corpus: description, scenarios: scenarios, parallel: parallel,
      warnings: bench.warnings.map { "broad corpus: \($0)" })
  }

  /// The threads of the parallel measurement: the issue's goal is for two.
  static let threads = 2

  /// Runs one scenario's pass of one engine over the texts `options` selects `passes` times,
  /// for a profiler.
  ///
  /// - Parameter options: The command line (`--profile`, `--engine`, `--passes`, `--script`,
  ///   `--kind`).
  /// - Returns: Seconds per layout.
  /// - Throws: ``CorpusError`` when no text matches, or what TypeScale throws.
  func profile(options: Options) throws -> Double {
    guard let mode = BroadMode(rawValue: options.profile ?? "") else {
      throw CorpusError(description: "--corpus broad profiles cold, sweep or warm")
    }
    let texts = texts(script: options.script, kind: options.kind)
    guard !texts.isEmpty else {
      throw CorpusError(
        description:
          "no broad-corpus text of script \(options.script ?? "any") and kind "
          + "\(options.kind ?? "any"); scripts: "
          + groups.map(\.script).reduce(into: [String]()) { seen, script in
            if !seen.contains(script) { seen.append(script) }
          }.joined(separator: ", "))
    }
    let passes = BroadPasses(mode, bench: bench, texts: texts)
    return try passes.profile(engine: options.engine, passes: options.passes)
  }
}
