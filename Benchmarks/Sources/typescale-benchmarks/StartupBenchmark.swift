// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The start-up scenario: `typescale measure Hi` from process start to exit, against `pango-hi`
/// (this package's C program that does the same with Pango: a PangoFT2 font map over a private
/// fontconfig configuration holding only TypeScale's default font file, "Hi" at 17 pt, width
/// and height printed).
///
/// Both run as child processes, with their output going to `/dev/null`: one warm-up run each
/// (whose output is checked), then `runs` runs each, interleaved, so that both see the same
/// load. The wall time of a run is from just before `posix_spawn` to `waitpid` returning.
struct StartupScenario {
  /// The `typescale` executable (`--typescale`; `<repo>/.build/release/typescale` by default).
  let typescale: URL
  /// The `pango-hi` executable, built beside this one.
  let pangoHi: URL
  /// The font file `pango-hi` is given: the embedded default face TypeScale uses.
  let fontFile: URL
  /// Timed runs of each program.
  var runs = 30

  /// The goal: TypeScale's median start-up time at most this many times Pango's.
  static let goal = 1.5

  /// What one program's runs took.
  struct Timing {
    /// The median wall time, in seconds.
    let median: Double
    /// The fastest wall time, in seconds.
    let fastest: Double

    init(_ samples: [Double]) {
      let sorted = samples.sorted()
      let middle = sorted.count / 2
      median =
        sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
      fastest = sorted.first ?? 0
    }
  }

  /// Creates the scenario from the benchmark's options.
  ///
  /// - Parameters:
  ///   - typescale: The `typescale` executable.
  ///   - root: The repository, whose embedded default font `pango-hi` is given.
  init(typescale: URL, root: URL) {
    self.typescale = typescale
    let folder =
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    pangoHi = folder.appendingPathComponent("pango-hi")
    fontFile = root.appendingPathComponent("Sources/TypeScaleFonts/Fonts/NotoSans-Regular.ttf")
  }

  /// Runs the scenario.
  ///
  /// - Returns: The result: TypeScale's median as its time, Pango's as its baseline, and the
  ///   fastest runs and the ratio in its extra fields.
  /// - Throws: ``CorpusError`` when a program is missing, fails or prints no width.
  func run() throws -> BenchmarkResult {
    let fileManager = FileManager.default
    guard fileManager.isExecutableFile(atPath: typescale.path) else {
      throw CorpusError(
        description: "no typescale executable at \(typescale.path); build it with `swift build "
          + "-c release --product typescale` in the repository, or pass --typescale PATH")
    }
    guard fileManager.isExecutableFile(atPath: pangoHi.path) else {
      throw CorpusError(
        description: "no pango-hi at \(pangoHi.path); build the benchmarks with `swift build -c "
          + "release --package-path Benchmarks`")
    }
    let typescaleCommand = [typescale.path, "measure", "Hi"]
    let pangoCommand = [pangoHi.path, fontFile.path]
    for command in [typescaleCommand, pangoCommand] {
      let output = try Self.output(of: command)
      guard output.contains("width:") else {
        throw CorpusError(
          description: "\(command.joined(separator: " ")) printed no width: \(output)")
      }
    }
    var typescaleTimes: [Double] = []
    var pangoTimes: [Double] = []
    for _ in 0..<runs {
      typescaleTimes.append(try Self.wallTime(of: typescaleCommand))
      pangoTimes.append(try Self.wallTime(of: pangoCommand))
    }
    let typeScale = Timing(typescaleTimes)
    let pango = Timing(pangoTimes)
    let ratio = typeScale.median / pango.median
    var result = BenchmarkResult(
      name: "Start-up: `typescale measure Hi` vs pango-hi", scenario: "startup",
      operation: "process", seconds: typeScale.median, floorSeconds: nil,
      pangoSeconds: pango.median, hitRate: nil)
    result.extra = [
      ("runs", "\(runs) of each, interleaved, after one warm-up"),
      ("typescale median", milliseconds(typeScale.median)),
      ("fastest", milliseconds(typeScale.fastest)),
      ("pango-hi median", milliseconds(pango.median)),
      ("fastest", milliseconds(pango.fastest)),
      ("median ratio", String(format: "%.2f×", ratio)),
      ("fastest ratio", String(format: "%.2f×", typeScale.fastest / pango.fastest)),
    ]
    return result
  }

  /// Milliseconds with two decimals.
  private func milliseconds(_ seconds: Double) -> String {
    String(format: "%.2f ms", seconds * 1000)
  }

  /// Runs a command with its output to `/dev/null` and returns its wall time in seconds.
  private static func wallTime(of command: [String]) throws -> Double {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = command.map { strdup($0) } + [nil]
    defer { arguments.forEach { free($0) } }
    var child: pid_t = 0
    var status: Int32 = 0
    let start = ContinuousClock.now
    let spawned = posix_spawn(&child, command[0], &actions, nil, arguments, environ)
    guard spawned == 0 else {
      throw CorpusError(description: "cannot start \(command[0]): error \(spawned)")
    }
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    let elapsed = ContinuousClock.now - start
    guard status == 0 else {
      throw CorpusError(
        description: "\(command.joined(separator: " ")) failed (wait status \(status))")
    }
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  /// Runs a command and returns its standard output.
  private static func output(of command: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CorpusError(
        description: "\(command.joined(separator: " ")) failed (exit "
          + "\(process.terminationStatus))")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
