// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The batch scenario: `typescale measure --batch` end to end — a process started, JSON request
/// lines read from a file, one JSON answer line each written to a file, the process ended —
/// against `pango-batch`, a C program doing the same with Pango on the same requests (as
/// tab-separated lines: C has no JSON parser to lean on, so Pango is spared the decoding).
///
/// The requests are every corpus text in its font file, at 12 sizes, unwrapped and at 120, 320
/// and 600 pt, in the attributed-string target (no pixel rounding, no font leading, no
/// push-out, as the other Pango comparisons). Both programs run `rounds` times, interleaved; the
/// fastest run of each counts. The goal is TypeScale ≥ 2.5× faster per request.
struct BatchScenario {
  /// The sizes each text is laid out at.
  static let sizes: [Double] = [11, 12, 13, 14, 15, 16, 17, 19, 21, 23, 28, 34]
  /// The widths: `nil` for unwrapped.
  static let widths: [Double?] = [nil, 120, 320, 600]
  /// The runs of each program, interleaved; the fastest counts.
  static let rounds = 5
  /// TypeScale's time per request must be at most Pango's over this.
  static let goal = 2.5

  let corpus: Corpus
  /// The `typescale` executable (a release build).
  let typescale: URL
  /// The `pango-batch` executable.
  let pango: URL
  /// The corpus fonts folder Pango's private fontconfig configuration loads.
  let fontsFolder: URL

  /// Sets the scenario up.
  ///
  /// - Parameters:
  ///   - corpus: The texts and their fonts.
  ///   - typescale: The `typescale` executable; `make bench` builds it in release mode.
  ///   - fontsFolder: The corpus fonts folder.
  /// - Throws: ``CorpusError`` when an executable is missing.
  init(corpus: Corpus, typescale: URL, fontsFolder: URL) throws {
    self.corpus = corpus
    self.typescale = typescale
    self.fontsFolder = fontsFolder
    pango = Bundle.main.bundleURL.appendingPathComponent("pango-batch")
    for executable in [typescale, pango]
    where !FileManager.default.isExecutableFile(atPath: executable.path) {
      throw CorpusError(
        description:
          "batch: no executable at \(executable.path); build it with `swift build -c release "
          + "--product typescale` (or pass --typescale PATH) and `swift build -c release "
          + "--package-path Benchmarks`")
    }
  }

  /// The two request files: JSON lines for TypeScale, tab-separated lines for Pango.
  func requestFiles(in folder: URL) throws -> (json: URL, tsv: URL, count: Int) {
    var json = ""
    var tsv = ""
    var count = 0
    for text in corpus.texts {
      let escaped = text.text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
      for size in Self.sizes {
        for width in Self.widths {
          var request: [String: Any] = [
            "text": text.text, "fontFiles": [text.fontPath], "size": size,
            "language": text.language, "target": "attributed-string",
          ]
          if let width { request["width"] = width }
          let data = try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys])
          json += String(decoding: data, as: UTF8.self) + "\n"
          tsv += "\(size)\t\(width ?? 0)\t\(text.family)\t\(text.language)\t\(escaped)\n"
          count += 1
        }
      }
    }
    let jsonFile = folder.appendingPathComponent("requests.jsonl")
    let tsvFile = folder.appendingPathComponent("requests.tsv")
    try Data(json.utf8).write(to: jsonFile)
    try Data(tsv.utf8).write(to: tsvFile)
    return (jsonFile, tsvFile, count)
  }

  /// Runs a program with a file as its standard input and another as its standard output.
  ///
  /// - Returns: The wall-clock seconds from launch to exit.
  private static func run(_ executable: URL, _ arguments: [String], input: URL, output: URL)
    throws -> Double
  {
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: input)
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    let elapsed = try seconds {
      try process.run()
      process.waitUntilExit()
    }
    guard process.terminationStatus == 0 else {
      throw CorpusError(
        description:
          "batch: \(executable.lastPathComponent) exited with \(process.terminationStatus)")
    }
    return elapsed
  }

  /// The `lineCount` of each JSON answer line, `nil` for an error.
  private static func lineCounts(_ file: URL) throws -> [Int?] {
    try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return (object?["lineCount"] as? NSNumber)?.intValue
    }
  }

  /// Measures both programs.
  ///
  /// - Returns: The result, per request, with Pango's time as the baseline.
  /// - Throws: ``CorpusError`` when a program fails or answers a different number of lines.
  func run() throws -> BenchmarkResult {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-batch-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (json, tsv, count) = try requestFiles(in: folder)
    let typescaleOutput = folder.appendingPathComponent("typescale.jsonl")
    let pangoOutput = folder.appendingPathComponent("pango.jsonl")
    var best = (typescale: Double.infinity, pango: Double.infinity)
    for _ in 0..<Self.rounds {
      best.typescale = min(
        best.typescale,
        try Self.run(typescale, ["measure", "--batch"], input: json, output: typescaleOutput))
      best.pango = min(
        best.pango, try Self.run(pango, [fontsFolder.path], input: tsv, output: pangoOutput))
    }
    let ours = try Self.lineCounts(typescaleOutput)
    let theirs = try Self.lineCounts(pangoOutput)
    guard ours.count == count, theirs.count == count else {
      throw CorpusError(
        description:
          "batch: \(count) requests, \(ours.count) answers from typescale, \(theirs.count) from "
          + "pango-batch")
    }
    let errors = ours.filter { $0 == nil }.count + theirs.filter { $0 == nil }.count
    let agreeing = zip(ours, theirs).filter { $0 != nil && $0 == $1 }.count
    if agreeing < count {
      progress(
        "batch: warning: line counts differ for \(count - agreeing) of \(count) requests "
          + "(\(errors) error answers)")
    }
    let perRequest = (typescale: best.typescale / Double(count), pango: best.pango / Double(count))
    let ratio = perRequest.pango / perRequest.typescale
    return BenchmarkResult(
      name:
        "Batch: `typescale measure --batch` vs pango-batch, process start included, "
        + "\(grouped(count)) requests (\(corpus.texts.count) texts × \(Self.sizes.count) sizes "
        + "× unwrapped, 120, 320, 600 pt), fastest of \(Self.rounds) runs",
      scenario: "batch", operation: "request", seconds: perRequest.typescale, floorSeconds: nil,
      pangoSeconds: perRequest.pango, hitRate: nil,
      extra: [
        ("typescale µs/request", microseconds(perRequest.typescale)),
        ("pango-batch µs/request", microseconds(perRequest.pango)),
        ("typescale run", String(format: "%.1f ms", best.typescale * 1000)),
        ("pango-batch run", String(format: "%.1f ms", best.pango * 1000)),
        (
          "goal ≥ \(Self.goal)× Pango",
          String(format: "%.2f× ", ratio) + (ratio >= Self.goal ? "met" : "NOT met")
        ),
        ("line counts agree", "\(agreeing) of \(count)"),
      ])
  }
}
