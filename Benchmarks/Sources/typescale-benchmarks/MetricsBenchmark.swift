// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// "Scale: every style × category × 4 sizes": FontMetrics.scaledFont (factor lookup, validation,
/// rounding, provenance) against the floor — a multiply-and-round over factors precomputed into a
/// flat array, the least any implementation must pay.
func metricsBenchmark() throws -> BenchmarkResult {
  let styles = TextStyle.allCases.filter { SizeTable.iOS.isScalable($0) }
  let categories = ContentSizeCategory.allCases
  let sizes: [DesignSize] = [11, 13, 17, 28]
  let repeats = 400
  let operations = Double(styles.count * categories.count * sizes.count * repeats)
  let metrics = try styles.map { try FontMetrics(forTextStyle: $0) }
  let factors = try metrics.flatMap { metric in try categories.map { try metric.factor(in: $0) } }

  let floor = fastest(rounds: 15) {
    var total = 0.0
    for _ in 0..<repeats {
      for factor in factors {
        for size in sizes { total += (size.points * factor).rounded() }
      }
    }
    return total
  }
  let engine = fastest(rounds: 15) {
    var total = 0.0
    for _ in 0..<repeats {
      for metric in metrics {
        for category in categories {
          for size in sizes {
            total += (try? metric.scaledFont(for: size, in: category).points) ?? .nan
          }
        }
      }
    }
    return total
  }
  precondition(floor.sink == engine.sink, "the floor and the engine disagree")
  return BenchmarkResult(
    name: "Scale: every style × category × 4 sizes, FontMetrics.scaledFont", scenario: "scale",
    operation: "call", seconds: engine.seconds / operations,
    floorSeconds: floor.seconds / operations, pangoSeconds: nil, hitRate: nil,
    extra: [("operations", String(Int(operations)))])
}
