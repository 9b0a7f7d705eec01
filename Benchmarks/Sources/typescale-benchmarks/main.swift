// SPDX-License-Identifier: Apache-2.0
//
// TypeScale's benchmarks, each next to baselines measured in the same run on the same inputs:
// a floor (the least any implementation must pay) and, for layout, Pango.
//
//   typescale-benchmarks [--fonts FOLDER] [--json | --markdown] [--threads N]
//                        [--texts FOLDER] [--corpus-fonts FOLDER] [--memory-layouts N]
//                        [--typescale PATH] [--only SCENARIO,…]
//                        [--corpus quick|broad|both] [--broad-fonts FOLDER]
//                        [--check-app-keys N] [--check-app-timeout SECONDS]
//   typescale-benchmarks --write-synthetic-app FOLDER [--check-app-keys N]
//   typescale-benchmarks --profile cold|sweep|fit|warm [--passes N]
//                        [--engine typescale|floor|pango]
//                        [--corpus broad [--script SCRIPT] [--kind ui|paragraph]]
//
// `--profile` runs one scenario's pass of one engine (TypeScale by default) alone, N times (200
// by default), for a profiler. Valgrind 3.19 cannot read Swift 6's DWARF 5: strip a copy (next
// to the original, where the embedded fonts' resource bundle is) first:
//   cd Benchmarks/.build/release && strip --strip-debug -o profiled typescale-benchmarks
//   valgrind --tool=callgrind --toggle-collect='*profilePasses*' ./profiled --profile cold
//
// `make bench` passes a folder of Debian's fonts-noto-core files for the registry benchmark.
// `--texts` defaults to Benchmarks/Texts and `--corpus-fonts` to .build/bench-corpus-fonts in
// the repository this file is in; the latter is recreated with links to the corpus's fonts.
// `--corpus` picks the corpora the cold, sweep, warm, parallel and batch scenarios run on (fit
// runs on the quick one): the quick 30 texts of Benchmarks/Texts, the broad one of Benchmarks/Corpus
// (its fonts linked into `--broad-fonts`, .build/bench-broad-fonts by default), or both.
// `--memory-check N [--unique-texts]` and `--sizes-check N` are internal: the memory checks'
// child processes. `--typescale` is the CLI the batch and start-up scenarios run (by default
// `.build/release/typescale` in the repository: `swift build -c release --product typescale`).
// The check-app scenario runs that CLI too, on a synthetic app of `--check-app-keys` keys (2,000
// by default) that `Scripts/make-synthetic-app.py` writes to a temporary folder;
// `--write-synthetic-app FOLDER` only writes the app there (for running the CLI on it by hand).

import Foundation
import TypeScale

/// The command line, parsed.
struct Options {
  var json = false
  var markdown = false
  var registryFolder: URL?
  var textsFolder: URL
  var corpusFonts: URL
  var threads = ProcessInfo.processInfo.activeProcessorCount
  var memoryLayouts = 100_000
  var memoryCheck: Int?
  var uniqueTexts = false
  /// The sizes check's child: the number of point sizes to lay out at.
  var sizesCheck: Int?
  /// The `typescale` executable the batch and start-up scenarios run:
  /// `.build/release/typescale` unless `--typescale PATH` is given.
  var typescale: URL
  /// The scenarios to run; all when empty.
  var only: Set<String> = []
  /// A layout scenario whose TypeScale pass alone to run `passes` times, for a profiler.
  var profile: String?
  var passes = 200
  /// The engine `--profile` runs: `typescale`, `floor` or `pango`.
  var engine = "typescale"
  /// The corpora the layout scenarios run on: `quick`, `broad` or `both`.
  var corpus = "both"
  /// The broad corpus's folder, `Benchmarks/Corpus`.
  var broadCorpusFolder: URL
  /// The folder recreated with links to the broad corpus's fonts.
  var broadFonts: URL
  /// The script and kind a broad-corpus `--profile` lays out; all when nil.
  var script: String?
  var kind: String?
  /// The check-app scenario's keys.
  var checkAppKeys = SyntheticApp.defaultKeys
  /// The longest one CLI run of the check-app scenario may take, in seconds.
  var checkAppTimeout = CheckAppScenario.defaultTimeLimit
  /// Where `--write-synthetic-app` writes the app; the benchmark then only does that.
  var writeSyntheticApp: URL?

  /// Whether the layout scenarios run on the quick corpus.
  var quick: Bool { corpus != "broad" }
  /// Whether they run on the broad corpus.
  var broad: Bool { corpus != "quick" }

  /// All scenario keys, in the order they run.
  static let scenarios = [
    "scale", "registry", "cold", "sweep", "fit", "warm", "parallel", "memory", "check", "batch",
    "check-app", "startup",
  ]

  /// Whether to run a scenario.
  func runs(_ scenario: String) -> Bool { only.isEmpty || only.contains(scenario) }

  /// The repository root (for the fonts `Texts/fonts.tsv` names, and the commit): the one this
  /// file was compiled from.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// The repository root.
  var root: URL { Options.repository }

  /// Parses the arguments; exits 2 with a message for a bad one.
  init(_ arguments: [String]) {
    textsFolder = Options.repository.appendingPathComponent("Benchmarks/Texts")
    corpusFonts = Options.repository.appendingPathComponent(".build/bench-corpus-fonts")
    typescale = Options.repository.appendingPathComponent(".build/release/typescale")
    broadCorpusFolder = Options.repository.appendingPathComponent("Benchmarks/Corpus")
    broadFonts = Options.repository.appendingPathComponent(".build/bench-broad-fonts")
    var rest = arguments[...]
    func value(_ name: String) -> String {
      guard let value = rest.popFirst() else { Options.fail("\(name) needs a value") }
      return value
    }
    func count(_ name: String) -> Int {
      let text = value(name)
      guard let number = Int(text), number > 0 else {
        Options.fail("\(name) \(text) is not valid; use a whole number > 0")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--json": json = true
      case "--markdown": markdown = true
      case "--fonts": registryFolder = URL(fileURLWithPath: value(argument))
      case "--texts": textsFolder = URL(fileURLWithPath: value(argument))
      case "--corpus-fonts": corpusFonts = URL(fileURLWithPath: value(argument))
      case "--threads": threads = count(argument)
      case "--memory-layouts": memoryLayouts = count(argument)
      case "--memory-check": memoryCheck = count(argument)
      case "--unique-texts": uniqueTexts = true
      case "--sizes-check": sizesCheck = count(argument)
      case "--typescale": typescale = URL(fileURLWithPath: value(argument))
      case "--profile":
        let name = value(argument)
        guard ["cold", "sweep", "fit", "warm"].contains(name) else {
          Options.fail("--profile \(name) is not valid; use cold, sweep, fit or warm")
        }
        profile = name
      case "--passes": passes = count(argument)
      case "--corpus":
        corpus = value(argument)
        guard ["quick", "broad", "both"].contains(corpus) else {
          Options.fail("--corpus \(corpus) is not valid; use quick, broad or both")
        }
      case "--broad-fonts": broadFonts = URL(fileURLWithPath: value(argument))
      case "--check-app-keys": checkAppKeys = count(argument)
      case "--check-app-timeout": checkAppTimeout = Double(count(argument))
      case "--write-synthetic-app": writeSyntheticApp = URL(fileURLWithPath: value(argument))
      case "--script": script = value(argument)
      case "--kind":
        kind = value(argument)
        guard Corpus.broadKinds.contains(kind ?? "") else {
          Options.fail("--kind \(kind ?? "") is not valid; use ui or paragraph")
        }
      case "--engine":
        engine = value(argument)
        guard ["typescale", "floor", "pango"].contains(engine) else {
          Options.fail("--engine \(engine) is not valid; use typescale, floor or pango")
        }
      case "--only":
        only = Set(value(argument).split(separator: ",").map(String.init))
        if let unknown = only.first(where: { !Options.scenarios.contains($0) }) {
          Options.fail("--only \(unknown) is not a scenario; use \(Options.scenarios)")
        }
      case "-h", "--help":
        print(
          "usage: typescale-benchmarks [--fonts FOLDER] [--json | --markdown] [--threads N]\n"
            + "                            [--texts FOLDER] [--corpus-fonts FOLDER] "
            + "[--memory-layouts N] [--typescale PATH]\n"
            + "                            [--only \(Options.scenarios.joined(separator: ","))]\n"
            + "                            [--corpus quick|broad|both] [--broad-fonts FOLDER]\n"
            + "                            [--check-app-keys N] [--check-app-timeout SECONDS]\n"
            + "       typescale-benchmarks --write-synthetic-app FOLDER [--check-app-keys N]\n"
            + "       typescale-benchmarks --profile cold|sweep|fit|warm [--passes N]\n"
            + "                            [--engine typescale|floor|pango]\n"
            + "                            [--corpus broad [--script SCRIPT] [--kind ui|paragraph]]"
        )
        exit(0)
      default: Options.fail("unknown argument \(argument)")
      }
    }
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message); see --help\n".utf8))
    exit(2)
  }
}

/// A path relative to the repository when it is inside it.
func relative(_ url: URL, to root: URL) -> String {
  let path = url.standardizedFileURL.path
  let prefix = root.standardizedFileURL.path + "/"
  return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
}

/// Progress on standard error, so that standard output stays a table or JSON.
func progress(_ message: String) {
  FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let startLoad = MachineInfo.currentLoadAverage()
do {
  if let folder = options.writeSyntheticApp {
    let app = try SyntheticApp.generate(
      into: folder, keys: options.checkAppKeys, root: options.root)
    print(
      "\(app.summary); written in \(String(format: "%.2f", app.seconds)) s to \(folder.path)\n"
        + "run: typescale check \(app.constraints.path) "
        + app.catalogs.map(\.path).joined(separator: " "))
    exit(0)
  }
  let registry = try FontRegistry()
  if let layouts = options.memoryCheck {
    let corpus = try Corpus.load(
      textsFolder: options.textsFolder, root: options.root, fontsFolder: options.corpusFonts,
      linkFonts: false, registry: registry)
    let report = try memoryCheck(
      corpus: corpus, registry: registry, layouts: layouts, uniqueTexts: options.uniqueTexts)
    let data = try JSONEncoder().encode(report)
    print(String(decoding: data, as: UTF8.self))
    exit(0)
  }
  if let sizes = options.sizesCheck {
    let corpus = try Corpus.load(
      textsFolder: options.textsFolder, root: options.root, fontsFolder: options.corpusFonts,
      linkFonts: false, registry: registry)
    let report = try SizesMemoryCheck.run(sizes: sizes, corpus: corpus, registry: registry)
    print(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
    exit(0)
  }

  var results: [BenchmarkResult] = []
  if options.runs("scale") {
    progress("scale")
    results.append(try metricsBenchmark())
  }
  if let folder = options.registryFolder, options.runs("registry") {
    progress("registry")
    results.append(try registryBenchmark(folder: folder))
  }
  let corpus = try Corpus.load(
    textsFolder: options.textsFolder, root: options.root, fontsFolder: options.corpusFonts,
    registry: registry)
  let bench = try LayoutBench(corpus: corpus, registry: registry)
  if options.profile != nil, options.corpus == "broad" {
    let perLayout = try BroadBenchmark(options: options).profile(options: options)
    print(
      "broad \(options.profile ?? ""), \(options.engine), \(options.script ?? "all scripts"), "
        + "\(options.kind ?? "all kinds"): \(microseconds(perLayout)) µs per layout over "
        + "\(options.passes) passes")
    exit(0)
  }
  if let name = options.profile {
    let scenario: any LayoutScenario =
      switch name {
      case "cold": ColdScenario(bench)
      case "sweep": SweepScenario(bench)
      case "fit": FitScenario(bench)
      default: try WarmScenario(bench, threads: 1)
      }
    let perOperation = try scenario.profile(engine: options.engine, passes: options.passes)
    print(
      "\(name), \(options.engine): \(microseconds(perOperation)) µs per operation over "
        + "\(options.passes) passes")
    exit(0)
  }
  if options.quick && options.runs("cold") {
    progress("cold")
    results.append(try ColdScenario(bench).run())
  }
  if options.quick && options.runs("sweep") {
    progress("sweep")
    results.append(try SweepScenario(bench).run())
  }
  if options.quick && options.runs("fit") {
    progress("fit")
    results.append(try FitScenario(bench).run())
  }
  if options.quick && (options.runs("warm") || options.runs("parallel")) {
    let threads = options.runs("parallel") ? options.threads : 1
    progress("warm" + (threads > 1 ? " and parallel (\(threads) threads)" : ""))
    results += try WarmScenario(bench, threads: threads).run()
  }
  var memory: [MemoryReport] = []
  var sizesMemory: [SizesMemoryReport] = []
  if options.runs("memory") {
    progress("memory (one font at 1 size, then at 48 sizes, in child processes)")
    sizesMemory = try SizesMemoryCheck.runChildren(arguments: [
      "--texts", options.textsFolder.path, "--corpus-fonts", options.corpusFonts.path,
    ])
    for unique in [false, true] {
      progress(
        "memory (\(options.memoryLayouts) layouts\(unique ? " of unique texts" : "") in a child "
          + "process)")
      memory.append(
        try runMemoryCheck(
          layouts: options.memoryLayouts, uniqueTexts: unique,
          arguments: [
            "--texts", options.textsFolder.path, "--corpus-fonts", options.corpusFonts.path,
          ]))
    }
  }

  // After the memory checks: a child process starts with its parent's peak resident size on
  // Linux, and the check scenario's catalog and 13,370 results would raise it.
  if options.runs("check") {
    progress("check (\(CheckScenario.keyCount) keys × \(CheckScenario.languages.count) languages)")
    results.append(try CheckScenario(bench).run())
  }

  // After the memory checks: the broad corpus's registry and fonts would raise their children's
  // peak.
  var broad: BroadReport?
  if options.broad && ["cold", "sweep", "warm", "parallel"].contains(where: options.runs) {
    broad = try BroadBenchmark(options: options).run(options: options)
  }

  var batchWarnings: [String] = []
  if options.runs("batch") && options.quick {
    progress("batch (\(relative(options.typescale, to: options.root)) --batch vs pango-batch)")
    let batch = try BatchScenario(
      corpus: corpus, typescale: options.typescale, fontsFolder: options.corpusFonts
    ).run()
    results.append(batch.result)
    if let warning = batch.warning { batchWarnings.append(warning) }
  }
  if options.runs("batch") && options.broad {
    let broadCorpus = try Corpus.loadBroad(
      corpusFolder: options.broadCorpusFolder, root: options.root,
      fontsFolder: options.broadFonts, registry: try FontRegistry())
    let scenario = try BatchScenario(
      corpus: broadCorpus, corpusName: "broad", typescale: options.typescale,
      fontsFolder: options.broadFonts, embeddedByFamily: true)
    progress(
      "broad batch (\(grouped(scenario.requestNames.count)) requests, "
        + "\(relative(options.typescale, to: options.root)) --batch vs pango-batch)")
    let batch = try scenario.run()
    var report =
      broad
      ?? BroadReport(
        corpus: BroadBenchmark.describe(broadCorpus), scenarios: [], parallel: nil, warnings: [])
    report.batch = batch.result
    if let warning = batch.warning { report.warnings.append("broad corpus: \(warning)") }
    broad = report
  }

  // After the in-process scenarios (nothing else runs beside the CLI runs it times), before
  // start-up; its floor runs after its CLI runs, so that their peaks are their own.
  var checkApp: CheckAppReport?
  if options.runs("check-app") {
    progress(
      "check-app (\(relative(options.typescale, to: options.root)) check on a synthetic app of "
        + "\(grouped(options.checkAppKeys)) keys, one run per output format)")
    var scenario = CheckAppScenario(
      typescale: options.typescale, root: options.root, keys: options.checkAppKeys,
      threads: options.threads)
    scenario.timeLimit = options.checkAppTimeout
    checkApp = try scenario.run()
  }

  // Last: the other scenarios' work never runs beside the child processes it times.
  if options.runs("startup") {
    progress("startup (`typescale measure Hi` and pango-hi, 30 runs each)")
    results.append(try StartupScenario(typescale: options.typescale, root: options.root).run())
  }

  var warnings =
    bench.warnings + batchWarnings + (broad?.warnings ?? []) + (checkApp?.warnings ?? [])
  let cores = ProcessInfo.processInfo.activeProcessorCount
  if startLoad > 0.5 {
    warnings.insert(
      "the machine may have been busy: load average \(String(format: "%.2f", startLoad)) on "
        + "\(cores) cores at the start; other work inflates times and shifts ratios",
      at: 0)
  }
  var report = Report(
    machine: MachineInfo.current(root: options.root, loadAverage: startLoad),
    corpus:
      "\(corpus.texts.count) texts (\(corpus.scriptCount) scripts × word, sentence, paragraph) "
      + "from \(relative(options.textsFolder, to: options.root)), \(corpus.fontPaths.count) font "
      + "files",
    results: results, memory: memory, peakResidentBytes: peakResidentBytes(),
    warnings: warnings, broad: broad,
    command: (["typescale-benchmarks"] + CommandLine.arguments.dropFirst()).joined(separator: " "))
  report.sizesMemory = sizesMemory
  report.checkApp = checkApp
  if options.json {
    print(report.json)
  } else if options.markdown {
    print(report.markdown)
  } else {
    print(report.text)
    if options.registryFolder == nil { print("(registry benchmark skipped: pass --fonts FOLDER)") }
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
