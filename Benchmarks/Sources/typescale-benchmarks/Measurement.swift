// SPDX-License-Identifier: Apache-2.0

import CFreeTypeBenchmark
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One benchmark result: the engine's cost next to a floor measured in the same run.
struct Result {
  let name: String
  let unit: String
  let value: Double
  let floor: Double
  let extra: [(String, String)]
  var ratio: Double { value / floor }
}

/// Runs `body` `rounds` times and returns the fastest round in seconds.
func fastest(rounds: Int, _ body: () -> Double) -> (seconds: Double, sink: Double) {
  var best = Double.infinity
  var sink = 0.0
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    sink += body()
    let elapsed = ContinuousClock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    best = min(best, seconds)
  }
  return (best, sink)
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

/// Returns freed heap memory to the system, so that resident memory counts live data only.
func trimHeap() {
  _ = CFreeTypeBenchmark_mallocTrim()
}
