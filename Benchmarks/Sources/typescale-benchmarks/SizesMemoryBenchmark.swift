// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// What one size check measured in its own process.
struct SizesMemoryReport: Codable {
  /// The point sizes the texts were laid out at: 1 (17 pt) or 48 (11…58 pt).
  let sizes: Int
  /// The layouts made (the same number at every size count).
  let layouts: Int
  /// The texts laid out: the corpus texts of the default face.
  let texts: Int
  /// The process's peak resident memory (`VmHWM`) before the first layout, in bytes.
  let residentBeforeBytes: Int
  /// The process's peak resident memory (`VmHWM`) at the end, in bytes.
  let peakResidentBytes: Int
  /// The shape cache's entries and bytes at the end.
  let cacheEntries: Int
  let cacheBytes: Int
}

/// The sizes check: one font (the embedded default, Noto Sans) laying out the same texts at one
/// point size and at 48, each in a process of its own; memory must not grow with the number of
/// sizes.
enum SizesMemoryCheck {
  /// The goal's margin: the 48-size run's peak may exceed the 1-size run's by at most this many
  /// bytes (5 MB) or 5 %, whichever is larger.
  static let marginBytes = 5 * 1_048_576
  static let marginFraction = 0.05

  /// The size counts compared.
  static let sizeCounts = [1, 48]

  /// Rounds over the texts at each of 48 sizes: every size count makes
  /// `48 × rounds × texts` layouts.
  static let rounds = 20

  /// The point sizes of a run: 17 pt alone, or 11…58 pt.
  static func pointSizes(_ count: Int) -> [Double] {
    count == 1 ? [17] : (0..<count).map { Double(11 + $0) }
  }

  /// The check itself, in the child process: the default face's corpus texts at widths 120,
  /// 320 and 600 pt and unwrapped, cycling through the sizes, `48 × rounds × texts` layouts.
  ///
  /// - Parameters:
  ///   - sizes: How many point sizes (1 or 48).
  ///   - corpus: The corpus, registered with `registry`.
  ///   - registry: The registry.
  /// - Returns: The report.
  /// - Throws: What TypeScale throws, or ``CorpusError`` when no text uses the default face.
  static func run(sizes: Int, corpus: Corpus, registry: FontRegistry) throws -> SizesMemoryReport {
    let texts = corpus.texts.filter { $0.face == registry.defaultFace }
    guard !texts.isEmpty else {
      throw CorpusError(description: "no corpus text uses the default face")
    }
    let engine = TextLayoutEngine(registry: registry)
    let points = pointSizes(sizes)
    let widths: [Double?] = [nil, 120, 320, 600]
    let before = highWaterResidentBytes()
    let layouts = 48 * rounds * texts.count
    for index in 0..<layouts {
      let text = texts[index % texts.count]
      let size = points[(index / texts.count) % points.count]
      let layout = try engine.layout(
        text.text, font: LayoutFont(face: text.face, pointSize: size),
        options: text.options(width: widths[index % widths.count]))
      blackHole(layout.lineCount)
    }
    let statistics = engine.shapeCache.statistics
    return SizesMemoryReport(
      sizes: sizes, layouts: layouts, texts: texts.count, residentBeforeBytes: before,
      peakResidentBytes: highWaterResidentBytes(), cacheEntries: statistics.entries,
      cacheBytes: statistics.bytes)
  }

  /// Runs the check in child processes (this executable with `--sizes-check N`), one per size
  /// count, and reads their reports.
  ///
  /// - Parameter arguments: The corpus arguments to pass on.
  /// - Returns: The reports, 1 size first.
  /// - Throws: ``CorpusError`` when a child fails or prints no report.
  static func runChildren(arguments: [String]) throws -> [SizesMemoryReport] {
    try sizeCounts.map { count in
      try runChildCheck("the sizes check", arguments: ["--sizes-check", String(count)] + arguments)
    }
  }

  /// The goal for a pair of reports: the 48-size peak within the margin of the 1-size peak.
  static func goal(_ reports: [SizesMemoryReport]) -> Goal? {
    guard let one = reports.first(where: { $0.sizes == 1 }),
      let many = reports.first(where: { $0.sizes > 1 })
    else { return nil }
    let growth = many.peakResidentBytes - one.peakResidentBytes
    let allowed = max(marginBytes, Int(Double(one.peakResidentBytes) * marginFraction))
    return Goal(
      goal:
        "Memory: one font at \(many.sizes) sizes peaks within 5 MB or 5 % of the same layouts "
        + "at 1 size",
      measured: String(
        format: "%@ vs %@ (%+.1f MB)", megabytes(many.peakResidentBytes),
        megabytes(one.peakResidentBytes), Double(growth) / 1_048_576),
      met: growth <= allowed)
  }

  /// One report in a sentence.
  static func describe(_ report: SizesMemoryReport) -> String {
    "\(grouped(report.layouts)) layouts of \(report.texts) texts in the default face at "
      + (report.sizes == 1 ? "1 size (17 pt)" : "\(report.sizes) sizes (11…58 pt)")
      + ": peak resident \(megabytes(report.peakResidentBytes)) "
      + "(\(megabytes(report.residentBeforeBytes)) before the first layout); shape cache "
      + "\(grouped(report.cacheEntries)) entries, \(megabytes(report.cacheBytes))"
  }
}

/// The process's own peak resident memory in bytes: `VmHWM` in /proc/self/status (0 where
/// unavailable).
///
/// Unlike `getrusage`'s `ru_maxrss`, which a process started with `posix_spawn` inherits from its
/// parent on Linux, `VmHWM` belongs to the process's own address space.
func highWaterResidentBytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
  else { return peakResidentBytes() }
  let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
  return (kilobytes ?? 0) * 1024
}
