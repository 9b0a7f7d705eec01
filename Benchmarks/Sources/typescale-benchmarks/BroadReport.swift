// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The broad corpus's part of the report: a table per scenario with an overall row and a row
/// per script (UI strings and paragraphs also apart), the parallel speed-ups, and the issue's
/// goals for the broad corpus.
struct BroadReport {
  /// The corpus, described.
  let corpus: String
  /// The cold, sweep and warm scenarios that ran.
  let scenarios: [BroadScenarioResult]
  /// The parallel measurement, when it ran.
  let parallel: BroadParallelResult?
  /// The batch scenario on the broad corpus, when it ran.
  var batch: BenchmarkResult?
  /// Problems the checks found (coverage, line counts).
  var warnings: [String]

  /// The issue's goals on the broad corpus, where this run measured them.
  var goals: [Goal] {
    var goals: [Goal] = []
    func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }
    /// The script with the lowest (or highest) value, and every script that misses `limit`.
    func scripts(
      _ result: BroadScenarioResult, _ value: (BroadTiming) -> Double, worst: ([Double]) -> Double?,
      misses: (Double) -> Bool
    ) -> (value: Double, text: String) {
      let rows = result.scripts.map { (script: $0, value: value(result.timing(script: $0))) }
      let extreme = worst(rows.map(\.value)) ?? .nan
      let name = rows.first { $0.value == extreme }?.script ?? "?"
      let missed = rows.filter { misses($0.value) }.map { "\($0.script) \(ratio($0.value))" }
      return (
        extreme,
        "worst \(name) \(ratio(extreme))"
          + (missed.isEmpty ? "" : "; not met: " + missed.joined(separator: ", "))
      )
    }
    if let sweep = scenarios.first(where: { $0.scenario == "sweep" }) {
      let overall = sweep.timing().timesPango
      goals.append(
        Goal(
          goal: "Broad sweep: at least 10× Pango per layout overall", measured: ratio(overall),
          met: overall >= 10))
      let each = scripts(sweep, \.timesPango, worst: { $0.min() }, misses: { $0 < 10 })
      goals.append(
        Goal(
          goal: "Broad sweep: at least 10× Pango for every script", measured: each.text,
          met: each.value >= 10))
    }
    if let cold = scenarios.first(where: { $0.scenario == "cold" }) {
      let overall = cold.timing()
      goals.append(
        Goal(
          goal: "Broad cold: at most 1.5× the floor's time overall",
          measured: ratio(overall.timesFloor), met: overall.timesFloor <= 1.5))
      let each = scripts(cold, \.timesFloor, worst: { $0.max() }, misses: { $0 > 1.8 })
      goals.append(
        Goal(
          goal: "Broad cold: at most 1.8× the floor's time for every script",
          measured: each.text, met: each.value <= 1.8))
      goals.append(
        Goal(
          goal: "Broad cold: at least 3× faster than Pango", measured: ratio(overall.timesPango),
          met: overall.timesPango >= 3))
    }
    if let parallel {
      goals.append(
        Goal(
          goal: "Broad parallel: \(parallel.threads) threads at least 1.8× one thread's throughput",
          measured: ratio(parallel.typeScaleSpeedUp), met: parallel.typeScaleSpeedUp >= 1.8))
    }
    if let batch, let times = batch.timesPango {
      goals.append(
        Goal(
          goal:
            "Broad batch: `typescale measure --batch` at least \(BatchScenario.goal)× faster than "
            + "pango-batch per request, process start included",
          measured: ratio(times), met: times >= BatchScenario.goal))
    }
    return goals
  }

  // MARK: - Tables

  private static let header = [
    "Script", "layouts", "µs/layout", "floor µs", "Pango µs", "×floor", "×Pango", "UI µs",
    "UI ×floor", "UI ×Pango", "¶ µs", "¶ ×floor", "¶ ×Pango",
  ]

  /// The rows of one scenario: overall, then one per script.
  private static func rows(_ result: BroadScenarioResult) -> [[String]] {
    (["all"] + result.scripts).map { script in
      let all = result.timing(script: script)
      let ui = result.timing(script: script, kind: "ui")
      let paragraph = result.timing(script: script, kind: "paragraph")
      func figures(_ timing: BroadTiming) -> [String] {
        guard timing.layouts > 0 else { return ["—", "—", "—"] }
        return [
          microseconds(timing.typeScale), String(format: "%.2f", timing.timesFloor),
          String(format: "%.2f", timing.timesPango),
        ]
      }
      return [
        script, grouped(all.layouts), microseconds(all.typeScale), microseconds(all.floor),
        microseconds(all.pango), String(format: "%.2f", all.timesFloor),
        String(format: "%.2f", all.timesPango),
      ] + figures(ui) + figures(paragraph)
    }
  }

  /// The parallel measurement in a sentence.
  private var parallelSentence: String? {
    guard let parallel else { return nil }
    return
      "Parallel (warm, whole corpus): \(parallel.threads) threads vs 1 — TypeScale "
      + String(format: "%.2f×", parallel.typeScaleSpeedUp)
      + " (\(microseconds(parallel.single.typeScale)) → "
      + "\(microseconds(parallel.parallel.typeScale)) µs/layout), floor "
      + String(format: "%.2f×, Pango %.2f×", parallel.floorSpeedUp, parallel.pangoSpeedUp)
      + "; in detail: TypeScale \(parallel.scaling[0].summary), floor "
      + "\(parallel.scaling[1].summary), Pango \(parallel.scaling[2].summary), TypeScale with "
      + "an engine per thread \(parallel.scaling[3].summary)"
  }

  /// The batch scenario in a sentence.
  private var batchSentence: String? {
    guard let batch, let pango = batch.pangoSeconds, let times = batch.timesPango else {
      return nil
    }
    return
      "\(batch.name): typescale \(microseconds(batch.seconds)) µs/request, pango-batch "
      + "\(microseconds(pango)) µs/request, " + String(format: "%.2f×", times) + "; "
      + batch.extra.filter { $0.0.hasSuffix("run") || $0.0.hasSuffix("agree") }
      .map { "\($0.0) \($0.1)" }.joined(separator: ", ")
  }

  /// The broad part as aligned text tables.
  var text: String {
    var lines = ["Broad corpus: \(corpus)", ""]
    for result in scenarios {
      let rows = BroadReport.rows(result)
      var widths = BroadReport.header.map(\.count)
      for row in rows {
        for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
      }
      func line(_ cells: [String]) -> String {
        cells.enumerated().map { index, cell in
          let padding = String(repeating: " ", count: widths[index] - cell.count)
          return index == 0 ? cell + padding : padding + cell
        }.joined(separator: "  ")
      }
      lines.append("\(result.name); shape cache hit rate \(percent(result.hitRate))")
      lines.append(line(BroadReport.header))
      lines.append(line(widths.map { String(repeating: "-", count: $0) }))
      lines += rows.map(line)
      lines.append(
        "broad \(result.scenario): "
          + result.extra.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
      lines.append("")
    }
    if let parallelSentence { lines += [parallelSentence, ""] }
    if let batchSentence { lines += [batchSentence, ""] }
    if !scenarios.isEmpty {
      lines.append(
        "Each script and kind is measured alone: the fastest of \(broadRounds) interleaved "
          + "rounds of at least \(Int(broadMinimumRound * 1000)) ms, the rounds spread over the "
          + "groups; overall and per-script rows are total time over total layouts. "
          + "¶: paragraphs.")
      lines.append("")
    }
    for goal in goals {
      lines.append("goal \(goal.met ? "met    " : "NOT met"): \(goal.goal): \(goal.measured)")
    }
    return lines.joined(separator: "\n")
  }

  /// The broad part as Markdown tables.
  var markdown: String {
    var lines = ["Broad corpus: \(corpus).", ""]
    for result in scenarios {
      lines.append("**\(result.name)** (shape cache hit rate \(percent(result.hitRate)))")
      lines.append("")
      lines.append("| " + BroadReport.header.joined(separator: " | ") + " |")
      lines.append("| --- |" + String(repeating: " ---: |", count: BroadReport.header.count - 1))
      lines += BroadReport.rows(result).map { row in
        "| " + (row[0] == "all" ? ["**all**"] + row.dropFirst() : row).joined(separator: " | ")
          + " |"
      }
      lines.append("")
    }
    if let parallelSentence { lines += [parallelSentence + ".", ""] }
    if let batchSentence { lines += [batchSentence + ".", ""] }
    if !goals.isEmpty {
      lines.append("| Goal (broad corpus) | Measured | Met |")
      lines.append("| --- | --- | :---: |")
      lines += goals.map { "| \($0.goal) | \($0.measured) | \($0.met ? "yes" : "**NOT met**") |" }
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - JSON

  /// One group's or aggregate's figures, in microseconds.
  struct JSONTiming: Codable {
    let script: String
    let kind: String
    let layouts: Int
    let microseconds: Double
    let floorMicroseconds: Double
    let pangoMicroseconds: Double
    let timesFloor: Double
    let timesPango: Double

    init(_ timing: BroadTiming) {
      script = timing.script
      kind = timing.kind
      layouts = timing.layouts
      microseconds = timing.typeScale * 1e6
      floorMicroseconds = timing.floor * 1e6
      pangoMicroseconds = timing.pango * 1e6
      timesFloor = timing.timesFloor
      timesPango = timing.timesPango
    }
  }

  /// One scenario: overall, per kind, per script, and per script and kind.
  struct JSONScenario: Codable {
    let scenario: String
    let name: String
    let hitRate: Double
    let rows: [JSONTiming]
    let extra: [String: String]
  }

  /// The parallel measurement.
  struct JSONParallel: Codable {
    let threads: Int
    let single: JSONTiming
    let parallel: JSONTiming
    let typeScaleSpeedUp: Double
    let floorSpeedUp: Double
    let pangoSpeedUp: Double
  }

  /// The batch scenario.
  struct JSONBatch: Codable {
    let name: String
    let requestMicroseconds: Double
    let pangoRequestMicroseconds: Double
    let timesPango: Double
    let extra: [String: String]
  }

  /// The broad part for the JSON report.
  struct JSON: Codable {
    let corpus: String
    let scenarios: [JSONScenario]
    let parallel: JSONParallel?
    let batch: JSONBatch?
    let goals: [Goal]
  }

  /// The broad part for the JSON report.
  var json: JSON {
    JSON(
      corpus: corpus,
      scenarios: scenarios.map { result in
        var rows = [result.timing()] + Corpus.broadKinds.map { result.timing(kind: $0) }
        for script in result.scripts {
          rows.append(result.timing(script: script))
          rows += Corpus.broadKinds.map { result.timing(script: script, kind: $0) }
        }
        return JSONScenario(
          scenario: result.scenario, name: result.name, hitRate: result.hitRate,
          rows: rows.filter { $0.layouts > 0 }.map { JSONTiming($0) },
          extra: Dictionary(result.extra) { first, _ in first })
      },
      parallel: parallel.map {
        JSONParallel(
          threads: $0.threads, single: JSONTiming($0.single), parallel: JSONTiming($0.parallel),
          typeScaleSpeedUp: $0.typeScaleSpeedUp, floorSpeedUp: $0.floorSpeedUp,
          pangoSpeedUp: $0.pangoSpeedUp)
      },
      batch: batch.map {
        JSONBatch(
          name: $0.name, requestMicroseconds: $0.seconds * 1e6,
          pangoRequestMicroseconds: ($0.pangoSeconds ?? .nan) * 1e6,
          timesPango: $0.timesPango ?? .nan, extra: Dictionary($0.extra) { first, _ in first })
      }, goals: goals)
  }
}
