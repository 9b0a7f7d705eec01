// SPDX-License-Identifier: Apache-2.0

import CFreeTypeBenchmark
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One row of the report: TypeScale's cost per operation next to the baselines measured in the
/// same run on the same inputs.
struct BenchmarkResult {
  /// The benchmark as a sentence: "Cold: 30 texts at 13, 17 and 28 pt, …".
  let name: String
  /// A short key: `scale`, `registry`, `cold`, `sweep`, `fit`, `warm`, `parallel`.
  let scenario: String
  /// What one operation is: `layout`, `query`, `face`, `call`.
  let operation: String
  /// TypeScale's seconds per operation.
  let seconds: Double
  /// The floor's seconds per operation, where there is one.
  let floorSeconds: Double?
  /// Pango's seconds per operation, where it is measured.
  let pangoSeconds: Double?
  /// The shape cache's hit rate over the scenario, where TypeScale lays text out.
  let hitRate: Double?
  /// Further figures, in order.
  var extra: [(String, String)] = []
  /// The check scenario's baseline: bare sweeps of the same texts, seconds per layout.
  var bareSweepSeconds: Double? = nil
  /// The check scenario's reading and placeholder substitution, seconds per layout.
  var addedSeconds: Double? = nil

  /// Operations per second.
  var perSecond: Double { 1 / seconds }
  /// TypeScale's time over the floor's: 2 means twice the floor's cost.
  var timesFloor: Double? { floorSeconds.map { seconds / $0 } }
  /// Pango's time over TypeScale's, a speed ratio: 2 means TypeScale is twice as fast.
  var timesPango: Double? { pangoSeconds.map { $0 / seconds } }
}

/// Keeps results alive so that the optimizer cannot drop the work that made them.
///
/// It writes nothing: an unoptimized call the optimizer cannot see into is enough. (It used to
/// add the value to a global, which threads of the parallel scenario all wrote: a data race, and
/// a cache line the cores passed back and forth on every layout.)
@inline(never) @_optimize(none)
func blackHole(_ value: Int) {}

/// Seconds elapsed while running `body`.
func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Runs `body` `rounds` times and returns the fastest round in seconds.
func fastest(rounds: Int, _ body: () -> Double) -> (seconds: Double, sink: Double) {
  var best = Double.infinity
  var sink = 0.0
  for _ in 0..<rounds {
    var value = 0.0
    let elapsed = seconds { value = body() }
    sink += value
    best = min(best, elapsed)
  }
  return (best, sink)
}

/// The rounds each layout measurement takes the fastest of.
let measurementRounds = 7
/// The shortest round of a layout measurement, in seconds.
let minimumRoundSeconds = 0.1
/// The rounds the parallel measurement takes the fastest of: 9, for the reason
/// ``broadRounds`` gives (with 5, the floor's own speed-up on two threads ranged from 1.14× to
/// 1.98× between runs of the same code).
let parallelRounds = 9

/// The best time per operation of passes that each perform `operations` operations, measured
/// in interleaved rounds: one round of each pass in turn, `rounds` times, so that other work on
/// the machine hits every engine alike and the ratios between them hold.
///
/// A first run of each pass calibrates how many runs make its round last at least
/// `minimumRound` seconds; then each pass's fastest round counts.
///
/// - Parameters:
///   - operations: The operations one pass performs.
///   - rounds: The rounds to take the fastest of.
///   - minimumRound: The shortest round, in seconds.
///   - passes: One pass over the inputs for each engine.
/// - Returns: Seconds per operation, one for each pass.
/// - Throws: What a pass throws.
func secondsPerOperation(
  operations: Int, rounds: Int = measurementRounds, minimumRound: Double = minimumRoundSeconds,
  _ passes: [() throws -> Void]
) throws -> [Double] {
  let repeats = try passes.map { pass in
    max(1, Int((minimumRound / max(try seconds(pass), 1e-9)).rounded(.up)))
  }
  var best = [Double](repeating: .infinity, count: passes.count)
  for _ in 0..<rounds {
    for (index, pass) in passes.enumerated() {
      let elapsed = try seconds {
        for _ in 0..<repeats[index] { try pass() }
      }
      best[index] = min(best[index], elapsed)
    }
  }
  return best.enumerated().map { index, time in
    time / Double(repeats[index] * max(1, operations))
  }
}

/// The best time per operation of several groups' passes, as
/// ``secondsPerOperation(operations:rounds:minimumRound:_:)`` gives for one group, with the rounds
/// spread over the groups: round 1 of every group, then round 2 of every group, and so on.
///
/// A stretch of other work on the machine then slows one round of many groups, which each
/// group's fastest round leaves out, rather than every round of one group (with a group's
/// rounds back to back, one busy second decided a script's figure: Chinese cold 2.22× the floor
/// in one run, 1.55–1.69× in four others of the same code).
///
/// - Parameters:
///   - groups: Each group's operations per pass and its passes, interleaved within a round.
///   - rounds: The rounds.
///   - minimumRound: The shortest round of a pass, in seconds.
/// - Returns: Per group, per pass, seconds per operation.
/// - Throws: What a pass throws.
func secondsPerOperation(
  groups: [(operations: Int, passes: [() throws -> Void])], rounds: Int, minimumRound: Double
) throws -> [[Double]] {
  let repeats = try groups.map { group in
    try group.passes.map { pass in
      max(1, Int((minimumRound / max(try seconds(pass), 1e-9)).rounded(.up)))
    }
  }
  var best = groups.map { [Double](repeating: .infinity, count: $0.passes.count) }
  for _ in 0..<rounds {
    for (group, entry) in groups.enumerated() {
      for (index, pass) in entry.passes.enumerated() {
        let elapsed = try seconds {
          for _ in 0..<repeats[group][index] { try pass() }
        }
        best[group][index] = min(best[group][index], elapsed)
      }
    }
  }
  return best.enumerated().map { group, times in
    times.enumerated().map { index, time in
      time / Double(repeats[group][index] * max(1, groups[group].operations))
    }
  }
}

/// The process's resident memory in bytes, from /proc/self/statm (0 where unavailable).
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The process's peak resident memory in bytes, from `getrusage(RUSAGE_SELF).ru_maxrss`.
func peakResidentBytes() -> Int {
  var usage = rusage()
  #if os(Linux)
    guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
    return usage.ru_maxrss * 1024  // kilobytes on Linux
  #else
    guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
    return usage.ru_maxrss  // bytes on macOS
  #endif
}

/// Returns freed heap memory to the system, so that resident memory counts live data only.
func trimHeap() {
  _ = CFreeTypeBenchmark_mallocTrim()
}
