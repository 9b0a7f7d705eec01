// SPDX-License-Identifier: Apache-2.0

import Foundation

/// "Check app": the release `typescale check` end to end on a large synthetic app, once per
/// output format, against the same check on the sample and a bare-sweep floor.
///
/// The app (``SyntheticApp``) is generated into a temporary folder at run time and removed
/// afterwards. The CLI runs as a child process once for each format: the terminal summary
/// (standard output to a file), `--json` (standard output to a file), `--html F`, `--junit F`,
/// `--sarif F`, and all four together; each run gets a folder of its own and reports its wall
/// time, its peak resident size (`wait4`'s `ru_maxrss`, that child alone), the layouts it
/// planned (the `--json` report's `layouts` field) per second of wall time, and the bytes it
/// wrote (the terminal's lines too). Baselines in the same run: `typescale check` on
/// `Samples/check` with `--json` (fastest of ``sampleRuns``), and ``CheckAppFloor``, the same
/// sweeps in this process on every core, so that check's throughput is also a fraction of
/// the bare sweeps'.
struct CheckAppScenario {
  /// One way of running the check.
  struct Format: Sendable {
    /// The short name: `terminal`, `json`, `html`, `junit`, `sarif`, `all`.
    let name: String
    /// The arguments after the catalogs, given the run's folder.
    let arguments: @Sendable (URL) -> [String]
    /// Whether standard output is the report (the terminal summary, or JSON).
    let reportIsStandardOutput: Bool
  }

  /// The formats, in the order they run.
  static let formats: [Format] = [
    Format(name: "terminal", arguments: { _ in [] }, reportIsStandardOutput: true),
    Format(name: "json", arguments: { _ in ["--json"] }, reportIsStandardOutput: true),
    Format(
      name: "html", arguments: { ["--html", $0.appendingPathComponent("report.html").path] },
      reportIsStandardOutput: false),
    Format(
      name: "junit", arguments: { ["--junit", $0.appendingPathComponent("report.xml").path] },
      reportIsStandardOutput: false),
    Format(
      name: "sarif", arguments: { ["--sarif", $0.appendingPathComponent("report.sarif").path] },
      reportIsStandardOutput: false),
    Format(
      name: "all",
      arguments: {
        [
          "--json", "--html", $0.appendingPathComponent("report.html").path, "--junit",
          $0.appendingPathComponent("report.xml").path, "--sarif",
          $0.appendingPathComponent("report.sarif").path,
        ]
      }, reportIsStandardOutput: true),
  ]

  /// Runs of the sample's check; the fastest counts.
  static let sampleRuns = 5
  /// The longest a run of the CLI may take before it is killed, in seconds.
  static let defaultTimeLimit = 600.0

  /// The `typescale` executable.
  let typescale: URL
  /// The repository.
  let root: URL
  /// The synthetic app's keys.
  let keys: Int
  /// The floor's threads.
  let threads: Int
  /// The time limit of one CLI run, in seconds.
  var timeLimit = defaultTimeLimit

  /// Generates the app, runs every format, the sample and the floor, and removes the app.
  ///
  /// - Returns: The report.
  /// - Throws: ``CorpusError`` when the CLI is missing, the generator fails or a run cannot be
  ///   started; a run that fails or times out is reported, not thrown.
  func run() throws -> CheckAppReport {
    guard FileManager.default.isExecutableFile(atPath: typescale.path) else {
      throw CorpusError(
        description: "no typescale executable at \(typescale.path); build it with `swift build "
          + "-c release --product typescale` in the repository, or pass --typescale PATH")
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-check-app-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    let appFolder = folder.appendingPathComponent("app")
    progress("check-app: generating the synthetic app (\(grouped(keys)) keys)")
    let app = try SyntheticApp.generate(into: appFolder, keys: keys, root: root)
    progress("check-app: \(app.summary), in \(String(format: "%.2f", app.seconds)) s")

    var warnings: [String] = []
    let sample = try runSample(in: folder.appendingPathComponent("sample"), warnings: &warnings)
    var runs: [CheckAppReport.FormatRun] = []
    var planned: Int?
    for format in Self.formats {
      let output = folder.appendingPathComponent("runs/\(format.name)")
      try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
      let command =
        [typescale.path, "check", app.constraints.path] + app.catalogs.map(\.path)
        + format.arguments(output)
      progress("check-app: \(format.name) (\(commandLine(command, app: app)))")
      let stdout = output.appendingPathComponent("stdout")
      let stderr = folder.appendingPathComponent("runs/\(format.name).stderr")
      let child = try ChildProcessRun.run(
        command, standardOutput: stdout, standardError: stderr, timeLimit: timeLimit)
      let bytes = Self.bytes(in: output)
      let stdoutBytes = Self.size(stdout)
      if format.name == "json" || (format.name == "all" && planned == nil) {
        planned = Self.plannedLayouts(inJSON: stdout)
      }
      let lines = format.name == "terminal" ? Self.lineCount(stdout) : nil
      if child.timedOut || child.exitStatus.map({ $0 > 1 }) ?? true {
        let message = Self.lastLines(of: stderr, count: 3)
        warnings.append(
          "check-app \(format.name): \(child.ending(timeLimit: timeLimit))"
            + (message.isEmpty ? "" : ": \(message)"))
      }
      runs.append(
        CheckAppReport.FormatRun(
          format: format.name, seconds: child.seconds, cpuSeconds: child.cpuSeconds,
          ending: child.ending(timeLimit: timeLimit),
          completed: child.exitStatus.map { $0 <= 1 }
            ?? false,
          peakResidentBytes: child.peakResidentBytes,
          parentPeakResidentBytes: child.parentPeakResidentBytes, outputBytes: bytes,
          standardOutputBytes: stdoutBytes, terminalLines: lines))
      progress(
        "check-app: \(format.name): \(String(format: "%.2f", child.seconds)) s, "
          + "\(megabytes(child.peakResidentBytes)) peak, \(grouped(bytes)) bytes, "
          + child.ending(timeLimit: timeLimit))
    }
    if planned == nil {
      warnings.append(
        "check-app: no \"layouts\" field in the --json report; layouts per second use the "
          + "generator's count")
    } else if planned != app.manifest.layouts {
      warnings.append(
        "check-app: the --json report planned \(grouped(planned ?? 0)) layouts, the generator "
          + "counted \(grouped(app.manifest.layouts))")
    }

    runs.append(
      try runAndroid(
        app, in: folder.appendingPathComponent("runs/android"), warnings: &warnings))

    progress("check-app: the floor (the same sweeps in this process, \(threads) threads)")
    let floor = try CheckAppFloor(app: app)
    if floor.layouts != planned ?? app.manifest.layouts {
      warnings.append(
        "check-app: the floor sweeps \(grouped(floor.layouts)) layouts, the check planned "
          + "\(grouped(planned ?? app.manifest.layouts))")
    }
    let floorTime = try floor.measure(threads: threads)
    return CheckAppReport(
      app: app.summary, keys: app.manifest.keys, languages: app.manifest.languages.count,
      entries: app.manifest.entries, translations: app.manifest.translations,
      catalogBytes: app.catalogBytes, generationSeconds: app.seconds,
      layouts: planned ?? app.manifest.layouts, runs: runs, sample: sample,
      floorSeconds: floorTime.seconds, floorLayouts: floorTime.layouts, floorThreads: threads,
      command: commandLine(
        [typescale.path, "check", app.constraints.path] + app.catalogs.map(\.path), app: app),
      warnings: warnings)
  }

  /// `typescale check` on the app's Android variant (`android/res`, 45 languages, the Android
  /// rules: Material 3 roles at Android 14's seven font scales) with `--json`: the format run
  /// named `android`.
  private func runAndroid(_ app: SyntheticApp, in output: URL, warnings: inout [String]) throws
    -> CheckAppReport.FormatRun
  {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let command = [
      typescale.path, "check", app.constraints.path, app.androidResources.path, "--json",
    ]
    progress("check-app: android (\(commandLine(command, app: app)))")
    let stdout = output.appendingPathComponent("stdout")
    let stderr = output.appendingPathComponent("stderr")
    let child = try ChildProcessRun.run(
      command, standardOutput: stdout, standardError: stderr, timeLimit: timeLimit)
    if child.timedOut || child.exitStatus.map({ $0 > 1 }) ?? true {
      let message = Self.lastLines(of: stderr, count: 3)
      warnings.append(
        "check-app android: \(child.ending(timeLimit: timeLimit))"
          + (message.isEmpty ? "" : ": \(message)"))
    }
    let planned = Self.plannedLayouts(inJSON: stdout)
    if let expected = app.manifest.android?.layouts, let planned, planned != expected {
      warnings.append(
        "check-app android: the --json report planned \(grouped(planned)) layouts, the "
          + "generator counted \(grouped(expected))")
    }
    let bytes = Self.bytes(in: output)
    progress(
      "check-app: android: \(String(format: "%.2f", child.seconds)) s, "
        + "\(megabytes(child.peakResidentBytes)) peak, \(grouped(planned ?? 0)) layouts, "
        + child.ending(timeLimit: timeLimit))
    return CheckAppReport.FormatRun(
      format: "android", seconds: child.seconds, cpuSeconds: child.cpuSeconds,
      ending: child.ending(timeLimit: timeLimit),
      completed: child.exitStatus.map { $0 <= 1 } ?? false,
      peakResidentBytes: child.peakResidentBytes,
      parentPeakResidentBytes: child.parentPeakResidentBytes, outputBytes: bytes,
      standardOutputBytes: Self.size(stdout), terminalLines: nil,
      layouts: planned ?? app.manifest.android?.layouts)
  }

  /// `typescale check` on the sample with `--json`, fastest of ``sampleRuns``.
  private func runSample(in folder: URL, warnings: inout [String]) throws
    -> CheckAppReport.SampleRun
  {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let samples = root.appendingPathComponent("Samples/check")
    let command = [
      typescale.path, "check", samples.appendingPathComponent("constraints.json").path,
      samples.appendingPathComponent("Localizable.xcstrings").path,
      samples.appendingPathComponent("android/res").path, "--json",
    ]
    progress(
      "check-app: the sample (`typescale check Samples/check … --json`, \(Self.sampleRuns) runs)")
    var best: ChildProcessRun?
    let stdout = folder.appendingPathComponent("report.json")
    for _ in 0..<Self.sampleRuns {
      let run = try ChildProcessRun.run(
        command, standardOutput: stdout,
        standardError: folder.appendingPathComponent("stderr"), timeLimit: 120)
      if best == nil || run.seconds < best?.seconds ?? 0 { best = run }
    }
    let layouts = Self.plannedLayouts(inJSON: stdout) ?? 0
    if layouts == 0 {
      warnings.append("check-app: the sample's --json report has no \"layouts\" field")
    }
    guard let best else { throw CorpusError(description: "check-app: the sample did not run") }
    return CheckAppReport.SampleRun(
      seconds: best.seconds, layouts: layouts, peakResidentBytes: best.peakResidentBytes,
      outputBytes: Self.size(stdout), ending: best.ending(timeLimit: 120))
  }

  /// A command with the app's folder shown as `APP` and the repository's paths relative.
  private func commandLine(_ command: [String], app: SyntheticApp) -> String {
    command.map { argument in
      argument.hasPrefix(app.folder.path + "/")
        ? "APP/" + argument.dropFirst(app.folder.path.count + 1)
        : relative(URL(fileURLWithPath: argument), to: root)
    }.joined(separator: " ")
  }

  /// The first `"layouts": N` of a check report (the top-level field: cells have none), read
  /// in chunks of 1 MiB so that a report of hundreds of megabytes is not held in memory.
  static func plannedLayouts(inJSON url: URL) -> Int? {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
    defer { try? handle.close() }
    var carry = ""
    while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      let text = carry + String(decoding: chunk, as: UTF8.self)
      if let range = text.range(of: #"(?<!\\)"layouts"\s*:\s*[0-9]+"#, options: .regularExpression)
      {
        // A number cut at the chunk's end reads on with the next chunk.
        if range.upperBound != text.endIndex || chunk.count < 1 << 20 {
          return Int(text[range].drop { $0 != ":" }.drop { !$0.isNumber })
        }
      }
      carry = String(text.suffix(64))
    }
    return nil
  }

  /// A file's size in bytes (0 when it is missing).
  static func size(_ url: URL) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
  }

  /// The bytes of every regular file under a folder.
  static func bytes(in folder: URL) -> Int {
    guard
      let files = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
    else { return 0 }
    var total = 0
    for case let file as URL in files {
      let values = try? file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
      if values?.isRegularFile == true { total += values?.fileSize ?? 0 }
    }
    return total
  }

  /// The newlines in a file, counted in chunks.
  static func lineCount(_ url: URL) -> Int {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return 0 }
    defer { try? handle.close() }
    var lines = 0
    while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      lines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
    return lines
  }

  /// The last lines of a (small) file, joined with " / ".
  static func lastLines(of url: URL, count: Int) -> String {
    guard let data = try? Data(contentsOf: url) else { return "" }
    let text = String(decoding: data.suffix(4096), as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).suffix(count).joined(separator: " / ")
  }
}
