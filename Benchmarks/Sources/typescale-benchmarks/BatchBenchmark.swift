// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The batch scenario: `typescale measure --batch` end to end — a process started, JSON request
/// lines read from a file, one JSON answer line each written to a file, the process ended —
/// against `pango-batch`, a C program doing the same with Pango on the same requests (as
/// tab-separated lines: C has no JSON parser to lean on, so Pango is spared the decoding).
///
/// The requests are every text of a corpus (the quick one or the broad one) in its font file,
/// at 12 sizes, unwrapped and at 120, 320 and 600 pt, in the attributed-string target (no pixel
/// rounding, no font leading, no push-out, as the other Pango comparisons). Both programs run
/// `rounds` times, interleaved; the fastest run of each counts. The goal is TypeScale ≥ 2.5×
/// faster per request.
struct BatchScenario {
  /// The sizes each text is laid out at.
  static let sizes: [Double] = [11, 12, 13, 14, 15, 16, 17, 19, 21, 23, 28, 34]
  /// The widths: `nil` for unwrapped.
  static let widths: [Double?] = [nil, 120, 320, 600]
  /// The runs of each program, interleaved; the fastest counts.
  static let rounds = 5
  /// TypeScale's time per request must be at most Pango's over this.
  static let goal = 2.5
  /// The most two heights of `lines` lines may differ, in points, and still agree: Pango rounds
  /// each line's height to its unit (1/1024 pt), and `typescale` prints 3 decimals.
  static func heightTolerance(lines: Int) -> Double { Double(lines) / 1024 + 0.0005 }

  let corpus: Corpus
  /// The corpus's name in the result: `quick` or `broad`; the broad one's scenario key is
  /// `broad batch`.
  let corpusName: String
  /// The `typescale` executable (a release build).
  let typescale: URL
  /// The `pango-batch` executable.
  let pango: URL
  /// The corpus fonts folder Pango's private fontconfig configuration loads.
  let fontsFolder: URL
  /// Whether a text in one of TypeScale's embedded faces asks for it by family (`font`) rather
  /// than by file (`fontFiles`).
  ///
  /// The broad corpus needs it: its Korean font is the embedded NotoSansKR-Regular.otf, whose
  /// PostScript name (NotoSansCJKkr-Regular) a face of Debian's NotoSansCJK-Regular.ttc, the
  /// Japanese and Chinese font, has too; once one batch has registered the one file, `typescale`
  /// refuses the other. TypeScale lays the broad corpus's Korean texts out in the embedded face
  /// in every other scenario too.
  let embeddedByFamily: Bool

  /// Sets the scenario up.
  ///
  /// - Parameters:
  ///   - corpus: The texts and their fonts.
  ///   - corpusName: `quick` or `broad`, for the result's name and key.
  ///   - typescale: The `typescale` executable; `make bench` builds it in release mode.
  ///   - fontsFolder: The corpus fonts folder.
  ///   - embeddedByFamily: Whether texts in an embedded face ask for it by family.
  /// - Throws: ``CorpusError`` when an executable is missing.
  init(
    corpus: Corpus, corpusName: String = "quick", typescale: URL, fontsFolder: URL,
    embeddedByFamily: Bool = false
  ) throws {
    self.corpus = corpus
    self.corpusName = corpusName
    self.embeddedByFamily = embeddedByFamily
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

  /// The requests in order, described for warnings: "thai paragraph at 17 pt, width 320".
  var requestNames: [String] {
    corpus.texts.flatMap { text in
      Self.sizes.flatMap { size in
        Self.widths.map { width in
          "\(text.name) at \(sizeList([size])) pt, width \(width.map { "\(Int($0))" } ?? "none")"
        }
      }
    }
  }

  /// The two request files: JSON lines for TypeScale, tab-separated lines for Pango.
  func requestFiles(in folder: URL) throws -> (json: URL, tsv: URL, count: Int) {
    var json = ""
    var tsv = ""
    var count = 0
    // The corpus's links to files of Sources/TypeScaleFonts/Fonts.
    let embedded = Set(
      corpus.fontPaths.filter {
        URL(fileURLWithPath: $0).resolvingSymlinksInPath().deletingLastPathComponent().path
          .hasSuffix("/Sources/TypeScaleFonts/Fonts")
      })
    for text in corpus.texts {
      let escaped = text.text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
      for size in Self.sizes {
        for width in Self.widths {
          var request: [String: Any] = [
            "text": text.text, "size": size, "language": text.language,
            "target": "attributed-string",
          ]
          if embeddedByFamily && embedded.contains(text.fontPath) {
            request["font"] = text.face.family
          } else {
            request["fontFiles"] = [text.fontPath]
          }
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

  /// One answer line: the line count and height, `nil` for an error.
  struct Answer: Equatable {
    let lineCount: Int
    let height: Double
  }

  /// The answers of a JSON answer file, one per line.
  static func answers(_ file: URL) throws -> [Answer?] {
    try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      guard let lineCount = (object?["lineCount"] as? NSNumber)?.intValue,
        let height = (object?["height"] as? NSNumber)?.doubleValue
      else { return nil }
      return Answer(lineCount: lineCount, height: height)
    }
  }

  /// How far two programs' answers agree.
  struct Agreement {
    /// The requests.
    var count = 0
    /// Error answers, from either program.
    var errors = 0
    /// Requests whose line counts differ.
    var lineCountsDiffer = 0
    /// Requests whose line counts agree but heights differ by more than
    /// ``heightTolerance(lines:)``.
    var heightsDiffer = 0
    /// The first few differing requests, described.
    var examples: [String] = []

    /// Compares the answers, request by request.
    ///
    /// - Parameters:
    ///   - names: The requests, described.
    ///   - ours: TypeScale's answers.
    ///   - theirs: Pango's answers.
    init(names: [String], ours: [Answer?], theirs: [Answer?]) {
      count = names.count
      for (name, (ours, theirs)) in zip(names, zip(ours, theirs)) {
        guard let ours, let theirs else {
          errors += 1
          if examples.count < 3 { examples.append("\(name): an error answer") }
          continue
        }
        if ours.lineCount != theirs.lineCount {
          lineCountsDiffer += 1
        } else if abs(ours.height - theirs.height)
          > BatchScenario.heightTolerance(lines: ours.lineCount)
        {
          heightsDiffer += 1
        } else {
          continue
        }
        if examples.count < 3 {
          examples.append(
            "\(name): TypeScale \(ours.lineCount) lines, "
              + String(format: "%.2f pt", ours.height) + ", Pango \(theirs.lineCount) lines, "
              + String(format: "%.2f pt", theirs.height))
        }
      }
    }

    /// The report's extra fields.
    var extra: [(String, String)] {
      [
        ("line counts agree", "\(count - errors - lineCountsDiffer) of \(count)"),
        ("heights agree", "\(count - errors - lineCountsDiffer - heightsDiffer) of \(count)"),
      ]
    }

    /// A warning when any request differs, with examples.
    func warning(scenario: String) -> String? {
      guard errors + lineCountsDiffer + heightsDiffer > 0 else { return nil }
      return
        "\(scenario): of \(count) requests \(lineCountsDiffer) differ in line count and "
        + "\(heightsDiffer) more in height (by over 1/1024 pt a line) between "
        + "typescale and pango-batch, \(errors) have an error answer, e.g. "
        + examples.joined(separator: "; ")
    }
  }

  /// Measures both programs.
  ///
  /// - Returns: The result, per request, with Pango's time as the baseline, and a warning when
  ///   the two programs' answers differ.
  /// - Throws: ``CorpusError`` when a program fails or answers a different number of lines.
  func run() throws -> (result: BenchmarkResult, warning: String?) {
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
    let ours = try Self.answers(typescaleOutput)
    let theirs = try Self.answers(pangoOutput)
    guard ours.count == count, theirs.count == count else {
      throw CorpusError(
        description:
          "batch: \(count) requests, \(ours.count) answers from typescale, \(theirs.count) from "
          + "pango-batch")
    }
    let agreement = Agreement(names: requestNames, ours: ours, theirs: theirs)
    let scenario = corpusName == "quick" ? "batch" : "\(corpusName) batch"
    let warning = agreement.warning(scenario: scenario)
    if let warning { progress("warning: \(warning)") }
    let perRequest = (typescale: best.typescale / Double(count), pango: best.pango / Double(count))
    let ratio = perRequest.pango / perRequest.typescale
    let result = BenchmarkResult(
      name:
        "\(corpusName == "quick" ? "Batch" : "Broad batch"): `typescale measure --batch` vs "
        + "pango-batch, process start included, \(grouped(count)) requests "
        + "(\(corpus.texts.count) \(corpusName == "quick" ? "" : "broad ")texts × "
        + "\(Self.sizes.count) sizes × unwrapped, 120, 320, 600 pt), fastest of \(Self.rounds) runs",
      scenario: scenario, operation: "request", seconds: perRequest.typescale,
      floorSeconds: nil, pangoSeconds: perRequest.pango, hitRate: nil,
      extra: [
        ("typescale µs/request", microseconds(perRequest.typescale)),
        ("pango-batch µs/request", microseconds(perRequest.pango)),
        ("typescale run", String(format: "%.1f ms", best.typescale * 1000)),
        ("pango-batch run", String(format: "%.1f ms", best.pango * 1000)),
        (
          "goal ≥ \(Self.goal)× Pango",
          String(format: "%.2f× ", ratio) + (ratio >= Self.goal ? "met" : "NOT met")
        ),
      ] + agreement.extra)
    return (result, warning)
  }
}
