// SPDX-License-Identifier: Apache-2.0
//
// Benchmarks, reported as ratios against a baseline measured in the same run.
//
// Metrics: "Scale: every style × category × 4 sizes" runs FontMetrics.scaledFont (factor lookup,
// validation, rounding, provenance) against the floor — a multiply-and-round over factors
// precomputed into a flat array, the least any implementation must pay.

import Foundation
import TypeScale

struct Result {
  let name: String
  let nanosecondsPerOperation: Double
  let baselineNanosecondsPerOperation: Double
  var ratio: Double { nanosecondsPerOperation / baselineNanosecondsPerOperation }
}

/// Runs `body` `rounds` times and returns the fastest round's nanoseconds per operation.
func measure(rounds: Int = 15, operations: Int, _ body: () -> Double) -> (Double, Double) {
  var best = Double.infinity
  var sink = 0.0
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    sink += body()
    let elapsed = ContinuousClock.now - start
    let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    best = min(best, ns / Double(operations))
  }
  return (best, sink)
}

let styles = TextStyle.allCases.filter { SizeTable.iOS.isScalable($0) }
let categories = ContentSizeCategory.allCases
let sizes: [DesignSize] = [11, 13, 17, 28]
let repeats = 400
let operations = styles.count * categories.count * sizes.count * repeats

var metrics: [FontMetrics] = []
for style in styles {
  do { metrics.append(try FontMetrics(forTextStyle: style)) } catch { fatalError("\(error)") }
}
var factors: [Double] = []
for metric in metrics {
  for category in categories {
    do { factors.append(try metric.factor(in: category)) } catch { fatalError("\(error)") }
  }
}

let (floor, floorSink) = measure(operations: operations) {
  var total = 0.0
  for _ in 0..<repeats {
    for factor in factors {
      for size in sizes { total += (size.points * factor).rounded() }
    }
  }
  return total
}
let (scaled, scaledSink) = measure(operations: operations) {
  var total = 0.0
  for _ in 0..<repeats {
    for metric in metrics {
      for category in categories {
        for size in sizes {
          do { total += try metric.scaledFont(for: size, in: category).points } catch {
            fatalError("\(error)")
          }
        }
      }
    }
  }
  return total
}
precondition(
  floorSink == scaledSink, "the floor and the engine disagree: \(floorSink) vs \(scaledSink)")

let results = [
  Result(
    name: "Scale: every style × category × 4 sizes, FontMetrics.scaledFont",
    nanosecondsPerOperation: scaled, baselineNanosecondsPerOperation: floor)
]

if CommandLine.arguments.contains("--json") {
  let objects = results.map {
    "{\"name\": \"\($0.name)\", \"nsPerOp\": \(String(format: "%.2f", $0.nanosecondsPerOperation)), "
      + "\"floorNsPerOp\": \(String(format: "%.2f", $0.baselineNanosecondsPerOperation)), "
      + "\"ratioToFloor\": \(String(format: "%.2f", $0.ratio))}"
  }
  print("[" + objects.joined(separator: ",\n ") + "]")
} else {
  print("benchmark".padding(toLength: 66, withPad: " ", startingAt: 0) + "  ns/op  floor  ratio")
  for result in results {
    print(
      result.name.padding(toLength: 66, withPad: " ", startingAt: 0)
        + String(
          format: "  %5.1f  %5.1f  %5.2f×", result.nanosecondsPerOperation,
          result.baselineNanosecondsPerOperation, result.ratio))
  }
  print("(\(operations) operations per round, fastest of 15 rounds, release build)")
}
