// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// What the memory check measured in its own process.
struct MemoryReport: Codable {
  /// The layouts made.
  let layouts: Int
  /// Whether every layout's text was made unique (a number appended), so that every layout
  /// misses the shape cache and the cache fills up to its budget.
  let uniqueTexts: Bool
  /// Peak resident memory before the first layout (registry, corpus, runtime), in bytes.
  let residentBeforeBytes: Int
  /// Seconds they took.
  let seconds: Double
  /// `getrusage(RUSAGE_SELF).ru_maxrss` at the end, in bytes: the process's peak.
  let peakResidentBytes: Int
  /// The shape cache's hit rate over the layouts.
  let hitRate: Double
  /// The shape cache's entries and bytes at the end.
  let cacheEntries: Int
  let cacheBytes: Int
  /// Entries the shape cache dropped to stay within its budget.
  let cacheEvictions: Int
}

/// A small deterministic generator (SplitMix64), so that every run makes the same layouts.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator from a seed.
  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The memory check, run in a process of its own so that its peak resident memory is
/// TypeScale's alone: `layouts` layouts cycling through the corpus at random sizes (11–60 pt)
/// and widths (100–480 pt) with a fresh engine and default cache budgets.
///
/// - Parameters:
///   - corpus: The corpus, registered with `registry`.
///   - registry: The registry, with default options.
///   - layouts: How many layouts to make.
///   - uniqueTexts: Whether to append the layout's number to each text, so that every layout
///     shapes anew and the shape cache fills up to its budget.
/// - Returns: The report.
/// - Throws: What TypeScale throws.
func memoryCheck(
  corpus: Corpus, registry: FontRegistry, layouts: Int, uniqueTexts: Bool
) throws -> MemoryReport {
  let engine = TextLayoutEngine(registry: registry)
  var random = SplitMix64(seed: 0x7970_6573_6361_6C65)
  let texts = corpus.texts
  let before = peakResidentBytes()
  let elapsed = try seconds {
    for index in 0..<layouts {
      let text = texts[index % texts.count]
      let size = Double.random(in: 11...60, using: &random)
      let width = Double.random(in: 100...480, using: &random)
      let layout = try engine.layout(
        uniqueTexts ? text.text + " \(index)" : text.text,
        font: LayoutFont(face: text.face, pointSize: size), options: text.options(width: width))
      blackHole(layout.lineCount)
    }
  }
  let statistics = engine.shapeCache.statistics
  return MemoryReport(
    layouts: layouts, uniqueTexts: uniqueTexts, residentBeforeBytes: before, seconds: elapsed,
    peakResidentBytes: peakResidentBytes(), hitRate: statistics.hitRate,
    cacheEntries: statistics.entries, cacheBytes: statistics.bytes,
    cacheEvictions: statistics.evictions)
}

/// Runs the memory check in a child process (this executable with `--memory-check N`) and
/// reads its report.
///
/// - Parameters:
///   - layouts: How many layouts the child makes.
///   - uniqueTexts: Whether every layout's text is unique.
///   - arguments: The corpus arguments to pass on.
/// - Returns: The child's report.
/// - Throws: ``CorpusError`` when the child fails or prints no report.
func runMemoryCheck(layouts: Int, uniqueTexts: Bool, arguments: [String]) throws -> MemoryReport {
  try runChildCheck(
    "the memory check",
    arguments: ["--memory-check", String(layouts)] + (uniqueTexts ? ["--unique-texts"] : [])
      + arguments)
}

/// Runs this executable again as a child process with `arguments` and decodes the JSON report
/// it prints: the memory checks measure a process of their own, whose peak is not the parent's.
///
/// - Parameters:
///   - check: The check, for the error: "the memory check".
///   - arguments: The child's arguments.
/// - Returns: The child's report.
/// - Throws: ``CorpusError`` when the child fails or prints no report.
func runChildCheck<Decoded: Decodable>(_ check: String, arguments: [String]) throws -> Decoded {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
  if !FileManager.default.fileExists(atPath: "/proc/self/exe") {
    process.executableURL = Bundle.main.executableURL
  }
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0,
    let report = try? JSONDecoder().decode(Decoded.self, from: data)
  else {
    throw CorpusError(
      description: "\(check) failed (exit \(process.terminationStatus)): "
        + String(decoding: data, as: UTF8.self))
  }
  return report
}
