// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// Where the numbers were measured: machine, toolchain, libraries and commit.
struct MachineInfo: Codable {
  /// Logical cores.
  let cores: Int
  /// The CPU model, from /proc/cpuinfo.
  let cpu: String
  /// The operating system, from /etc/os-release.
  let system: String
  /// `swift --version`'s first line.
  let swift: String
  /// The baselines' libraries (TypeScale links the same HarfBuzz and ICU).
  let libraries: String
  /// The commit, and whether the tree had uncommitted changes.
  let commit: String
  /// The UTC date of the run.
  let date: String
  /// The one-minute load average when the run started, from /proc/loadavg: other work on the
  /// machine skews every number.
  let loadAverage: Double

  /// The one-minute load average now (0 where unavailable).
  static func currentLoadAverage() -> Double {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").first.flatMap { Double($0) } ?? 0
  }

  /// Reads everything from the system.
  ///
  /// - Parameters:
  ///   - root: The repository, for the commit.
  ///   - loadAverage: The load average when the run started.
  /// - Returns: The machine, toolchain, libraries and commit.
  static func current(root: URL, loadAverage: Double) -> MachineInfo {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let cpu =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
    let system =
      release.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
      .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: ["\""]) } ?? "unknown OS"
    let swift = run(["swift", "--version"]).split(separator: "\n").first.map(String.init)
    var commit = run(["git", "-C", root.path, "rev-parse", "--short", "HEAD"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if commit.isEmpty {
      commit = "unknown"
    } else if !runSucceeds(["git", "-C", root.path, "diff-index", "--quiet", "HEAD", "--"]) {
      commit += " with uncommitted changes"
    }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return MachineInfo(
      cores: ProcessInfo.processInfo.activeProcessorCount, cpu: cpu, system: system,
      swift: swift ?? "unknown", libraries: baselineLibraryVersions(), commit: commit,
      date: formatter.string(from: Date()), loadAverage: loadAverage)
  }

  /// One line: "2 cores (AMD EPYC …), Debian GNU/Linux 12 (bookworm)".
  var machine: String { "\(cores) cores (\(cpu)), \(system)" }

  private static func process(_ arguments: [String]) -> (Process, Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    return (process, pipe)
  }

  private static func run(_ arguments: [String]) -> String {
    let (process, pipe) = process(arguments)
    guard (try? process.run()) != nil else { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : ""
  }

  private static func runSucceeds(_ arguments: [String]) -> Bool {
    let (process, pipe) = process(arguments)
    guard (try? process.run()) != nil else { return false }
    _ = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}

/// One of the issue's goals, checked against this run.
struct Goal: Codable {
  /// The goal as a sentence.
  let goal: String
  /// The measured value.
  let measured: String
  /// Whether it is met.
  let met: Bool
}

/// Everything one run measured.
struct Report {
  /// Machine, toolchain, libraries, commit.
  let machine: MachineInfo
  /// The corpus, described.
  let corpus: String
  /// The results, in order.
  let results: [BenchmarkResult]
  /// The memory checks: cycling the corpus, then unique texts.
  let memory: [MemoryReport]
  /// The whole run's peak resident memory, in bytes (TypeScale, the baselines and Pango).
  let peakResidentBytes: Int
  /// Problems the checks found.
  let warnings: [String]
  /// The broad corpus's tables and goals, when its scenarios ran.
  let broad: BroadReport?
  /// The command line that produced the report.
  let command: String
  /// The sizes check: one font at 1 size, then at 48.
  var sizesMemory: [SizesMemoryReport] = []
  /// The check-app scenario, when it ran.
  var checkApp: CheckAppReport?

  /// The issue's goals, where this run measured them.
  var goals: [Goal] {
    var goals: [Goal] = []
    if let sweep = results.first(where: { $0.scenario == "sweep" }), let pango = sweep.timesPango {
      goals.append(
        Goal(
          goal: "Sweep: at least 8× Pango's throughput per layout",
          measured: String(format: "%.2f×", pango), met: pango >= 8))
    }
    if let cold = results.first(where: { $0.scenario == "cold" }) {
      if let pango = cold.timesPango {
        goals.append(
          Goal(
            goal: "Cold: at least as fast as Pango", measured: String(format: "%.2f×", pango),
            met: pango >= 1))
      }
      if let floor = cold.timesFloor {
        goals.append(
          Goal(
            goal: "Cold: within 2× of the floor's time",
            measured: String(format: "%.2f× the floor's time", floor), met: floor <= 2))
      }
    }
    if let check = results.first(where: { $0.scenario == "check" }),
      let bare = check.bareSweepSeconds, let added = check.addedSeconds
    {
      let share = added / bare
      goals.append(
        Goal(
          goal: "Check: reading and placeholders add at most 20 % over bare sweeps",
          measured: String(
            format: "%.1f %% (the whole check, with statuses and results: %.2f× the sweeps)",
            share * 100, check.seconds / bare), met: share <= 0.2))
    }
    for check in memory {
      let megabytes = Double(check.peakResidentBytes) / 1_048_576
      goals.append(
        Goal(
          goal:
            "Peak resident memory under 150 MB for \(grouped(check.layouts)) layouts"
            + (check.uniqueTexts ? " of unique texts" : ""),
          measured: String(format: "%.1f MB", megabytes), met: megabytes < 150))
    }
    if let sizes = SizesMemoryCheck.goal(sizesMemory) { goals.append(sizes) }
    if let batch = results.first(where: { $0.scenario == "batch" }), let times = batch.timesPango {
      goals.append(
        Goal(
          goal:
            "Batch: `typescale measure --batch` at least \(BatchScenario.goal)× faster than "
            + "pango-batch per request, process start included",
          measured: String(format: "%.2f×", times), met: times >= BatchScenario.goal))
    }
    if let startup = results.first(where: { $0.scenario == "startup" }),
      let pango = startup.pangoSeconds
    {
      let ratio = startup.seconds / pango
      goals.append(
        Goal(
          goal: "Start-up: `typescale measure Hi` within 1.5× of Pango's C program (median)",
          measured: String(format: "%.2f×", ratio), met: ratio <= StartupScenario.goal))
    }
    return goals
  }

  // MARK: - Text

  /// The report as an aligned text table, with the machine at the top.
  var text: String {
    var lines = [
      "TypeScale benchmarks (release build)",
      "machine:   \(machine.machine)",
      "swift:     \(machine.swift)",
      "libraries: \(machine.libraries)",
      "commit:    \(machine.commit), \(machine.date)",
      "load:      \(String(format: "%.2f", machine.loadAverage)) (1-minute average at the start)",
      "command:   \(command)",
      "corpus:    \(corpus)",
      "",
    ]
    let header = [
      "Scenario", "op", "µs/op", "op/s", "floor µs", "Pango µs", "×floor", "×Pango", "hit rate",
    ]
    let rows = results.map(cells)
    var widths = header.map(\.count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        return index < 2 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }
    lines.append(line(header))
    lines.append(line(widths.map { String(repeating: "-", count: $0) }))
    lines += rows.map(line)
    lines.append("")
    lines.append(
      "×floor: TypeScale's time over the floor's (HarfBuzz + ICU, no fallback or bidi), lower is "
        + "better; ×Pango: Pango's time over TypeScale's, above 1 means TypeScale is faster.")
    lines.append(
      "Fastest of \(measurementRounds) interleaved rounds of at least "
        + "\(Int(minimumRoundSeconds * 1000)) ms each (parallel: \(parallelRounds) rounds of at "
        + "least 200 ms a thread); registry: fastest of 5 rounds.")
    lines.append("")
    for result in results where !result.extra.isEmpty {
      let extra = result.extra.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
      lines.append("\(result.scenario): \(extra)")
    }
    lines.append("")
    lines += memory.map { "memory: " + describe($0) }
    lines += sizesMemory.map { "memory: " + SizesMemoryCheck.describe($0) }
    lines.append(
      "memory: whole run (with Pango and the floor) peak resident \(megabytes(peakResidentBytes))")
    lines.append("")
    for goal in goals {
      lines.append("goal \(goal.met ? "met   " : "MISSED"): \(goal.goal): \(goal.measured)")
    }
    if let broad { lines += ["", broad.text] }
    if let checkApp { lines += ["", checkApp.text] }
    if !warnings.isEmpty {
      lines.append("")
      lines.append("\(warnings.count) warning(s):")
      lines += warnings.map { "  warning: \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  /// One memory check in a sentence.
  private func describe(_ check: MemoryReport) -> String {
    "\(grouped(check.layouts)) layouts "
      + (check.uniqueTexts ? "of unique texts (each misses the shape cache)" : "cycling the corpus")
      + " at random sizes and widths, default cache budgets: peak resident "
      + "\(megabytes(check.peakResidentBytes)) (\(megabytes(check.residentBeforeBytes)) before the "
      + "first layout), \(String(format: "%.1f", check.seconds)) s; shape cache "
      + "\(grouped(check.cacheEntries)) entries, \(megabytes(check.cacheBytes)), "
      + "\(grouped(check.cacheEvictions)) evicted, hit rate \(percent(check.hitRate))"
  }

  /// A result's table cells.
  private func cells(_ result: BenchmarkResult) -> [String] {
    [
      result.name, result.operation, microseconds(result.seconds),
      grouped(Int(result.perSecond.rounded())),
      result.floorSeconds.map(microseconds) ?? "—", result.pangoSeconds.map(microseconds) ?? "—",
      result.timesFloor.map { String(format: "%.2f", $0) } ?? "—",
      result.timesPango.map { String(format: "%.2f", $0) } ?? "—",
      result.hitRate.map(percent) ?? "—",
    ]
  }

  // MARK: - Markdown

  /// The table as Markdown, for the README.
  var markdown: String {
    var lines: [String] = []
    if !results.isEmpty {
      lines = [
        "| Scenario | op | µs/op | op/s | floor µs | Pango µs | × floor (time) | × Pango (speed) "
          + "| hit rate |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ]
      lines += results.map { "| " + cells($0).joined(separator: " | ") + " |" }
      lines.append("")
    }
    if !memory.isEmpty {
      lines += memory.map { "- Memory: " + describe($0) }
      lines += sizesMemory.map { "- Memory: " + SizesMemoryCheck.describe($0) }
      lines.append(
        "- Memory: the whole benchmark run (TypeScale, the floor and Pango) peaked at "
          + "\(megabytes(peakResidentBytes)) resident.")
      lines.append("")
    }
    lines.append(
      "Machine: \(machine.machine), load \(String(format: "%.2f", machine.loadAverage)) at the "
        + "start; \(machine.swift); \(machine.libraries); commit \(machine.commit); "
        + "\(machine.date); `\(command)`.")
    if !goals.isEmpty {
      lines.append("")
      lines.append("| Goal | Measured | Met |")
      lines.append("| --- | ---: | :---: |")
      lines += goals.map { "| \($0.goal) | \($0.measured) | \($0.met ? "yes" : "**no**") |" }
    }
    if let broad { lines += ["", broad.markdown] }
    if let checkApp { lines += ["", checkApp.markdown] }
    if !warnings.isEmpty {
      lines.append("")
      lines += warnings.map { "- Warning: \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - JSON

  private struct JSONResult: Codable {
    let name: String
    let scenario: String
    let operation: String
    let microseconds: Double
    let perSecond: Double
    let floorMicroseconds: Double?
    let pangoMicroseconds: Double?
    let timesFloor: Double?
    let timesPango: Double?
    let hitRate: Double?
    let extra: [String: String]
  }

  private struct JSONReport: Codable {
    let machine: MachineInfo
    let command: String
    let corpus: String
    let results: [JSONResult]
    let memory: [MemoryReport]
    let sizesMemory: [SizesMemoryReport]
    let peakResidentBytes: Int
    let goals: [Goal]
    let broad: BroadReport.JSON?
    let checkApp: CheckAppReport.JSON?
    let warnings: [String]
  }

  /// The report as JSON.
  var json: String {
    let report = JSONReport(
      machine: machine, command: command, corpus: corpus,
      results: results.map { result in
        JSONResult(
          name: result.name, scenario: result.scenario, operation: result.operation,
          microseconds: result.seconds * 1e6, perSecond: result.perSecond,
          floorMicroseconds: result.floorSeconds.map { $0 * 1e6 },
          pangoMicroseconds: result.pangoSeconds.map { $0 * 1e6 }, timesFloor: result.timesFloor,
          timesPango: result.timesPango, hitRate: result.hitRate,
          extra: Dictionary(result.extra) { first, _ in first })
      }, memory: memory, sizesMemory: sizesMemory, peakResidentBytes: peakResidentBytes,
      goals: goals, broad: broad?.json, checkApp: checkApp?.json, warnings: warnings)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(report) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}

/// Microseconds with three significant digits or so: "1520", "15.2", "0.015".
func microseconds(_ seconds: Double) -> String {
  let value = seconds * 1e6
  switch value {
  case 100...: return String(format: "%.0f", value)
  case 10..<100: return String(format: "%.1f", value)
  case 1..<10: return String(format: "%.2f", value)
  default: return String(format: "%.3f", value)
  }
}

/// An integer with thousands separators: "1,234,567".
func grouped(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var out = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
    out.append(digit)
  }
  return (value < 0 ? "-" : "") + out
}

/// A fraction as a percentage: "91.7%".
func percent(_ fraction: Double) -> String { String(format: "%.1f%%", fraction * 100) }

/// Bytes as megabytes (MiB): "42.0 MB".
func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
