// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What the threads of one threaded run did: wall time, and CPU time and blocking waits summed
/// over the threads.
///
/// CPU time and waits do not depend on how busy the machine is the way wall time does: work
/// that contends (a lock, a cache line two cores write) costs more CPU time per layout on
/// several threads than on one, and a thread that blocks on a held lock makes a voluntary
/// context switch. So the figures show contention even when other processes hold a core.
struct ThreadedTiming {
  /// Seconds from the threads' common start to the last one's end.
  var wall: Double
  /// CPU seconds, summed over the threads.
  var cpu: Double
  /// Voluntary context switches (blocking waits), summed over the threads.
  var waits: Int
}

/// Runs `body(thread)` for `thread` in `0..<threads`, each on a thread of its own, started
/// together.
///
/// Each body runs on a new thread (never two on one, as `DispatchQueue.concurrentPerform` may
/// do when a worker starts late), and every thread waits at a barrier until all have started,
/// so thread creation is not timed. Each thread reads its own clock, CPU time and context
/// switches before and after its body; wall time is from the earliest start to the latest end.
///
/// - Parameters:
///   - threads: The threads.
///   - body: The work of one thread.
/// - Returns: The timing.
/// - Throws: `CorpusError` when a body threw.
func runThreads(_ threads: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws
  -> ThreadedTiming
{
  let barrier = Atomic<Int>(0)
  let results = Mutex<
    [(
      start: ContinuousClock.Instant, end: ContinuousClock.Instant,
      cpu: Double, waits: Int, failed: Bool
    )]
  >([])
  let done = DispatchSemaphore(value: 0)
  let started = ContinuousClock.now
  for thread in 0..<threads {
    let worker = Thread {
      barrier.add(1, ordering: .acquiringAndReleasing)
      while barrier.load(ordering: .acquiring) < threads { sched_yield() }
      let before = threadUsage()
      let start = ContinuousClock.now
      var failed = false
      do { try body(thread) } catch { failed = true }
      let end = ContinuousClock.now
      let after = threadUsage()
      results.withLock {
        $0.append((start, end, after.cpu - before.cpu, after.waits - before.waits, failed))
      }
      done.signal()
    }
    worker.stackSize = 8 << 20
    worker.start()
  }
  for _ in 0..<threads { done.wait() }
  let all = results.withLock { $0 }
  if all.contains(where: \.failed) { throw CorpusError(description: "a threaded pass failed") }
  let start = all.map(\.start).min() ?? started
  let end = all.map(\.end).max() ?? started
  let elapsed = end - start
  return ThreadedTiming(
    wall: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
    cpu: all.reduce(0) { $0 + $1.cpu }, waits: all.reduce(0) { $0 + $1.waits })
}

/// The calling thread's CPU seconds and voluntary context switches so far.
func threadUsage() -> (cpu: Double, waits: Int) {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  var usage = rusage()
  #if os(Linux)
    // RUSAGE_THREAD (1): this thread's counts, not the process's.
    _ = getrusage(__rusage_who_t(1), &usage)
  #else
    _ = getrusage(RUSAGE_SELF, &usage)
  #endif
  return (Double(time.tv_sec) + Double(time.tv_nsec) / 1e9, usage.ru_nvcsw)
}

/// One engine's parallel measurement: one thread and `threads` threads in the same harness, in
/// the same rounds.
struct ScalingTiming {
  /// The threads of the parallel runs.
  let threads: Int
  /// Wall seconds per layout on one thread (the fastest round).
  var single: Double = .infinity
  /// Wall seconds per layout over all threads (aggregate throughput; the fastest round).
  var parallel: Double = .infinity
  /// CPU seconds per layout on one thread (the least of the rounds).
  var singleCPU: Double = .infinity
  /// CPU seconds per layout on all threads (the least of the rounds).
  var parallelCPU: Double = .infinity
  /// Voluntary context switches per 1,000 layouts on all threads, over every round.
  var waitsPerThousand: Double = 0

  /// Throughput on all threads over throughput on one, from wall time.
  var speedUp: Double { single / parallel }
  /// One thread's CPU time per layout over its CPU time per layout beside the others: 1 when
  /// the threads do not slow each other down, lower when they contend.
  var cpuEfficiency: Double { singleCPU / parallelCPU }
  /// The speed-up the threads would reach each with a core of its own: `threads` × efficiency.
  var cpuBoundSpeedUp: Double { Double(threads) * cpuEfficiency }

  /// The figures in words, for a report's extra fields.
  var summary: String {
    String(
      format: "%.2f× (CPU %.2f → %.2f µs/layout, %.2f× if each thread had a core; %.1f waits/1k)",
      speedUp, singleCPU * 1e6, parallelCPU * 1e6, cpuBoundSpeedUp, waitsPerThousand)
  }
}

/// Measures passes on one thread and on `threads` threads, interleaved.
///
/// In each of `rounds` rounds, each pass runs `counts[i]` times on one thread, then
/// `counts[i]` times on each of `threads` threads at once. Both figures come from the same
/// harness and rounds, so the speed-up compares like with like.
///
/// - Parameters:
///   - threads: The threads of the parallel runs.
///   - rounds: The rounds.
///   - operations: The layouts one pass performs.
///   - counts: The passes each thread runs per round, per engine.
///   - passes: Each engine's pass, given the thread's index.
/// - Returns: One timing per pass.
/// - Throws: `CorpusError` when a pass threw.
func measureScaling(
  threads: Int, rounds: Int, operations: Int, counts: [Int],
  _ passes: [@Sendable (Int) throws -> Void]
) throws -> [ScalingTiming] {
  var timings = passes.map { _ in ScalingTiming(threads: threads) }
  var waits = [Int](repeating: 0, count: passes.count)
  for _ in 0..<rounds {
    for (index, pass) in passes.enumerated() {
      let count = counts[index]
      let repeated: @Sendable (Int) throws -> Void = { thread in
        for _ in 0..<count { try pass(thread) }
      }
      let one = try runThreads(1, repeated)
      let all = try runThreads(threads, repeated)
      let layouts = Double(count * operations)
      timings[index].single = min(timings[index].single, one.wall / layouts)
      timings[index].singleCPU = min(timings[index].singleCPU, one.cpu / layouts)
      timings[index].parallel = min(timings[index].parallel, all.wall / (layouts * Double(threads)))
      timings[index].parallelCPU = min(
        timings[index].parallelCPU, all.cpu / (layouts * Double(threads)))
      waits[index] += all.waits
    }
  }
  for index in passes.indices {
    timings[index].waitsPerThousand =
      Double(waits[index]) * 1000 / Double(counts[index] * operations * threads * rounds)
  }
  return timings
}
