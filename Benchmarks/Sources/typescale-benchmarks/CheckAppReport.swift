// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The check-app scenario's part of the report: one row per output format, the sample and the
/// floor as baselines, and the issue's goals (PASS or MISS each).
struct CheckAppReport: Codable {
  /// One run of `typescale check` on the synthetic app.
  struct FormatRun: Codable {
    /// The format: `terminal`, `json`, `html`, `junit`, `sarif` or `all`.
    let format: String
    /// Wall time, in seconds.
    let seconds: Double
    /// User and system CPU time, in seconds.
    let cpuSeconds: Double
    /// How it ended (`exit 1`, `timed out after 600 s`).
    let ending: String
    /// Whether it ended with exit status 0 or 1 (a report was written).
    let completed: Bool
    /// The child's peak resident size, in bytes.
    let peakResidentBytes: Int
    /// The benchmark's own peak when the child started: the least the child's can read as.
    let parentPeakResidentBytes: Int
    /// The bytes written to the run's folder: the report files, and standard output.
    let outputBytes: Int
    /// Standard output's bytes.
    let standardOutputBytes: Int
    /// Standard output's lines, for the terminal summary.
    let terminalLines: Int?
    /// The layouts the run planned when they are not the app's (the Android variant's);
    /// `nil` for the String Catalogs' runs.
    var layouts: Int? = nil
  }

  /// The sample's check, for scale.
  struct SampleRun: Codable {
    /// Wall time of the fastest run, in seconds.
    let seconds: Double
    /// The layouts its report planned.
    let layouts: Int
    /// That run's peak resident size, in bytes.
    let peakResidentBytes: Int
    /// Its JSON report's bytes.
    let outputBytes: Int
    /// How it ended.
    let ending: String
  }

  /// Goal: layouts per second end to end, process start to exit.
  static let layoutsPerSecondGoal = 150_000.0
  /// Goal: the HTML report's bytes, with every file it writes (10 MiB).
  static let htmlBytesGoal = 10 << 20
  /// Goal: peak resident size of every run, in bytes (250 MiB).
  static let peakResidentGoal = 250 << 20

  /// The app in a sentence.
  let app: String
  /// The app's keys.
  let keys: Int
  /// Its languages.
  let languages: Int
  /// Its entries (every plural and device variant).
  let entries: Int
  /// The translations the check lays out.
  let translations: Int
  /// The catalogs' bytes.
  let catalogBytes: Int
  /// The generation's wall time, in seconds.
  let generationSeconds: Double
  /// The layouts the check planned (its `--json` report's `layouts`).
  let layouts: Int
  /// The runs, one per format.
  let runs: [FormatRun]
  /// The sample's check.
  let sample: SampleRun
  /// The floor's wall time for one pass, in seconds.
  let floorSeconds: Double
  /// The layouts one floor pass made.
  let floorLayouts: Int
  /// The floor's threads.
  let floorThreads: Int
  /// The command each run extends (`APP` is the generated app's folder).
  let command: String
  /// Problems the runs met (the report's warnings list them).
  let warnings: [String]

  /// Layouts per second of wall time.
  func perSecond(_ run: FormatRun) -> Double { Double(run.layouts ?? layouts) / run.seconds }

  /// The floor's layouts per second.
  var floorPerSecond: Double { Double(floorLayouts) / floorSeconds }

  /// The goals, each format's throughput and memory, and the HTML file's size.
  var goals: [Goal] {
    var goals: [Goal] = []
    for run in runs {
      goals.append(
        Goal(
          goal:
            "Check app, \(run.format): at least \(grouped(Int(Self.layoutsPerSecondGoal))) "
            + "layouts per second end to end",
          measured: run.completed
            ? "\(grouped(Int(perSecond(run).rounded()))) per second"
            : "under \(grouped(Int(perSecond(run).rounded()))) per second (\(run.ending))",
          met: run.completed && perSecond(run) >= Self.layoutsPerSecondGoal))
    }
    if let html = runs.first(where: { $0.format == "html" }) {
      let bytes = html.outputBytes - html.standardOutputBytes
      goals.append(
        Goal(
          goal: "Check app: the HTML report at most \(megabytes(Self.htmlBytesGoal))",
          measured: html.completed
            ? megabytes(bytes) : "\(megabytes(bytes)) written when it ended (\(html.ending))",
          met: html.completed && bytes <= Self.htmlBytesGoal))
    }
    for run in runs {
      goals.append(
        Goal(
          goal: "Check app, \(run.format): peak resident memory at most "
            + "\(megabytes(Self.peakResidentGoal))",
          measured: run.completed
            ? megabytes(run.peakResidentBytes)
            : "at least \(megabytes(run.peakResidentBytes)) (\(run.ending))",
          met: run.completed && run.peakResidentBytes <= Self.peakResidentGoal))
    }
    return goals
  }

  /// The table's rows: format, wall, layouts/s, × floor, CPU, peak, output, lines, ending.
  private var rows: [[String]] {
    var rows = runs.map { run in
      [
        run.format, String(format: "%.2f", run.seconds),
        grouped(Int(perSecond(run).rounded())),
        String(format: "%.3f", perSecond(run) / floorPerSecond),
        String(format: "%.2f", run.cpuSeconds),
        megabytes(run.peakResidentBytes)
          + (run.peakResidentBytes <= run.parentPeakResidentBytes
            ? " (inherited)" : ""),
        grouped(run.outputBytes), run.terminalLines.map(grouped) ?? "—", run.ending,
      ]
    }
    rows.append([
      "sample --json", String(format: "%.3f", sample.seconds),
      grouped(Int((Double(sample.layouts) / sample.seconds).rounded())),
      String(format: "%.3f", Double(sample.layouts) / sample.seconds / floorPerSecond), "—",
      megabytes(sample.peakResidentBytes), grouped(sample.outputBytes), "—", sample.ending,
    ])
    rows.append([
      "floor (\(floorThreads) threads)", String(format: "%.2f", floorSeconds),
      grouped(Int(floorPerSecond.rounded())), "1.000", "—", "—", "—", "—", "in process",
    ])
    return rows
  }

  private static let header = [
    "format", "wall s", "layouts/s", "× floor", "CPU s", "peak RSS", "output bytes", "lines",
    "ending",
  ]

  /// The section as aligned text.
  var text: String {
    var lines = [
      "Check app: \(app)",
      "generated in \(String(format: "%.2f", generationSeconds)) s "
        + "(Scripts/make-synthetic-app.py); each run: \(command) [format flags]",
      "the check planned \(grouped(layouts)) layouts, the sample's \(grouped(sample.layouts))",
      "",
    ]
    let table = [Self.header] + rows
    var widths = Self.header.map(\.count)
    for row in table {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        return index == 0 || index == cells.count - 1 ? cell + padding : padding + cell
      }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
    lines.append(line(table[0]))
    lines.append(line(widths.map { String(repeating: "-", count: $0) }))
    lines += table.dropFirst().map(line)
    lines.append("")
    lines.append(
      "× floor: the run's layouts per second over the floor's (the same sweeps in this process "
        + "on \(floorThreads) threads, no reading, statuses or reports). One run per format; "
        + "wall time from spawn to exit. \"(inherited)\": the peak is no more than the "
        + "benchmark's own when it started the run, which Linux reports as the child's.")
    lines.append("")
    for goal in goals {
      lines.append("goal \(goal.met ? "PASS" : "MISS"): \(goal.goal): \(goal.measured)")
    }
    return lines.joined(separator: "\n")
  }

  /// The section as Markdown.
  var markdown: String {
    var lines = [
      "Check app: \(app); generated in \(String(format: "%.2f", generationSeconds)) s; "
        + "the check planned \(grouped(layouts)) layouts, the sample's \(grouped(sample.layouts)).",
      "",
      "| " + Self.header.joined(separator: " | ") + " |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    lines += rows.map { "| " + $0.joined(separator: " | ") + " |" }
    lines.append("")
    lines.append("| Goal | Measured | Met |")
    lines.append("| --- | ---: | :---: |")
    lines += goals.map { "| \($0.goal) | \($0.measured) | \($0.met ? "PASS" : "**MISS**") |" }
    return lines.joined(separator: "\n")
  }

  /// The section as JSON: every field, the goals, and each run's layouts per second.
  struct JSON: Codable {
    /// The report's fields.
    let report: CheckAppReport
    /// Its goals.
    let goals: [Goal]
    /// Layouts per second by format.
    let layoutsPerSecond: [String: Double]
    /// The floor's layouts per second.
    let floorLayoutsPerSecond: Double
  }

  /// The section's JSON form.
  var json: JSON {
    JSON(
      report: self, goals: goals,
      layoutsPerSecond: Dictionary(runs.map { ($0.format, perSecond($0)) }) { first, _ in first },
      floorLayoutsPerSecond: floorPerSecond)
  }
}
