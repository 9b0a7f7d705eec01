// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleCheck
import TypeScaleInternals
import TypeScaleStrings

/// `typescale check CONSTRAINTS [CATALOG…]`: lays every localized string out at the
/// content-size categories its rule names and reports which translations stop fitting.
///
/// ```
/// $ typescale check typescale-check.json Localizable.xcstrings --junit check.xml
/// checked 38 translations of 2 keys in 19 languages (456 layouts): 1 fails (1 new)
///
/// failing translations by language and category
///   language  failing  AX1 AX2 AX3 AX4 AX5
///   de        1 of 2     1   1   1   1   1
/// …
/// worst 1 of 1 failing key
///   languages  xS S M L XL XXL XXXL AX1 AX2 AX3 AX4 AX5  fits up to
/// button.subscribe  fails in 1 of 19 languages
///   de         ✓  ✓ ✓ ✓ ✓  ✓   ✓    …   …   …   …   …    XXXL        Localizable.xcstrings:12
///
/// checked 38 translations of 2 keys in 19 languages (456 layouts): 1 fails (1 new)
/// ```
struct CheckCommand: Command {
  /// The command's options, positionals and the `merge` subcommand.
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check that an app's localized strings fit at every text size their rules name.",
    discussion: """
      Reads the constraints file (typography, fonts per language or script, rules matching \
      keys by glob) and the catalogs given after it, or else those it lists under \
      "catalogs": String Catalogs (.xcstrings), .strings and .stringsdict in .lproj folders, \
      XLIFF (.xliff, .xcloc) and Android res/values*/strings.xml. Every key, language and \
      variant is laid out at each category its rule requires. The summary starts with what \
      to do: the counts, failing translations by language and category, by rule, the keys \
      failing in the most languages, where labels start failing and what is new against the \
      baseline; then the worst 20 keys' grids (--keys N or --keys all for more; ✓ fits, … \
      truncated, ✗ overflows its lines; languages with the same marks share a row) with the \
      largest category at which each translation fits.

      A file that cannot be read is reported with its line and column and the others are \
      still checked. Progress goes to standard error for runs over a second. --baseline \
      accepts the failures a file lists; --update-baseline records the current failures in \
      it instead of failing (not when a file could not be read). --shard K/N checks one part \
      of the keys, for a CI matrix; 'typescale check merge' combines the parts' --json \
      reports. The HTML page (at most 10 MB) has the same triage, a heat map and every row \
      behind filters, and draws the worst labels at their smallest failing category. A \
      placeholder Foundation formats is measured as it formats it; one that looks wrong is a \
      warning, and one no platform can fill is an entry that could not be measured, never \
      exit 2.

      Before anything is laid out, the run's layouts (each translation at each category of \
      its rule) are counted and shown with the progress; a run of more than --max-layouts \
      (2,000,000 by default) is refused. A run that checks nothing (no strings read, or \
      none matches a rule) is an error unless --allow-empty; a rule whose keys match no key \
      is a warning.

      A catalog named like a subcommand ('merge') must be given with a path, such as \
      ./merge.

      Exit status: 0 when every constraint holds (or every failure is in the baseline), 1 \
      when there are new failures, 2 when the command line, the constraints file, the \
      baseline or a catalog is not valid (results of the readable catalogs are still \
      reported), or the run would lay out more than --max-layouts or nothing.
      """,
    usage: """
      typescale check <constraints> [<catalog> ...] [--json] [--junit <file>]
                      [--sarif <file>] [--html <file>] [--baseline <file>]
                      [--update-baseline] [--shard <K/N>] [--max-layouts <N>]
                      [--source-url <prefix>] [--allow-empty] [--keys <N|all>]
                      [--no-color]
      typescale check merge <report> ... [--allow-partial] [options]
      """,
    options: CheckReportOptions.specs + [
      .flag(
        "update-baseline", help: "Record the run's failures in the --baseline file and exit 0."),
      .option("shard", valueName: "K/N", help: "Only part K of N of the keys, for a CI matrix."),
      .option(
        "max-layouts", valueName: "N",
        help: "Refuse a run of more than N layouts (default 2,000,000), counted before it starts."
      ),
      .flag(
        "allow-empty",
        help: "Accept a run that checks nothing (no strings read, or none matches a rule)."),
    ],
    positionals: [
      PositionalSpec("constraints", help: "The constraints file (JSON)."),
      PositionalSpec(
        "catalog", help: "Catalog files or folders; default: the constraints file's \"catalogs\".",
        isOptional: true, isRepeatable: true),
    ],
    subcommands: [CheckMergeCommand.self])

  /// The runs that last at least this long draw progress on standard error.
  static let progressDelay = Duration.seconds(1)

  let constraintsPath: String
  let catalogPaths: [String]
  let options: CheckReportOptions
  let updatesBaseline: Bool
  let shard: CheckShard?
  /// `--max-layouts`: the most layouts the run makes.
  let maximumLayouts: Int
  /// `--allow-empty`: whether a run that checks nothing succeeds.
  let allowsEmpty: Bool

  /// Reads the command line.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError/validation(_:)`` for a shard that is not K/N with 1 ≤ K ≤ N, a
  ///   `--max-layouts` that is not a whole number of at least 1, or `--update-baseline` without
  ///   `--baseline`.
  init(parsed: ParsedArguments) throws(CLIError) {
    constraintsPath = parsed.positionals[0]
    catalogPaths = Array(parsed.positionals.dropFirst())
    options = try CheckReportOptions(parsed: parsed)
    updatesBaseline = parsed.flag("update-baseline")
    if updatesBaseline && options.baseline == nil {
      throw .validation("'--update-baseline' needs '--baseline <file>' naming where to write")
    }
    shard = try parsed.value("shard").map(Self.shard)
    maximumLayouts =
      try parsed.value("max-layouts", expected: "a whole number of layouts, at least 1") {
        Int($0).flatMap { $0 >= 1 ? $0 : nil }
      } ?? CheckRunner.defaultMaximumLayouts
    allowsEmpty = parsed.flag("allow-empty")
  }

  /// Parses `K/N` with ``CheckShard``.
  static func shard(_ text: String) throws(CLIError) -> CheckShard {
    do {
      return try CheckShard(parsing: text)
    } catch {
      throw .validation("invalid value '\(text)' for '--shard'; \(error.message)")
    }
  }

  /// Checks the catalogs and prints or writes the reports.
  ///
  /// - Parameters:
  ///   - output: The summary or JSON.
  ///   - errorOutput: Progress, warnings, and unreadable files with `--json`.
  /// - Returns: The report's ``CheckReport/exitStatus``, or success after `--update-baseline`.
  /// - Throws: ``CLIError/input(_:)`` when the constraints, the baseline or an output file
  ///   cannot be used.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    guard FileManager.default.fileExists(atPath: constraintsPath) else {
      // `check mrege …` reaches here as a constraints file named `mrege`.
      let names = Self.configuration.subcommands.map { $0.configuration.commandName }
      let suggestion = EditDistance.suggestion(for: constraintsPath, among: names).map {
        " (did you mean the subcommand '\($0)'?)"
      }
      throw .input(
        "\(constraintsPath): no such file; expected the check's constraints file (JSON)"
          + (suggestion ?? ""))
    }
    let constraints: CheckConstraints
    let runner: CheckRunner
    do {
      constraints = try CheckConstraints.load(contentsOf: URL(fileURLWithPath: constraintsPath))
      runner = try CheckRunner(constraints: constraints, maximumLayouts: maximumLayouts)
    } catch {
      throw .input(DisplayText.escapingControls(error.message))
    }
    let catalogs =
      catalogPaths.isEmpty ? constraints.catalogs : catalogPaths.map { URL(fileURLWithPath: $0) }
    guard !catalogs.isEmpty else {
      throw .input(
        "no catalogs to check: give them after \(constraintsPath), or list them under "
          + "\"catalogs\" in it")
    }
    try CheckOutputPlan.check(
      constraintsPath: constraintsPath, constraints: constraints, catalogPaths: catalogPaths,
      options: options, updatesBaseline: updatesBaseline)
    // The baseline is an input like the catalogs: read before any layout, so that a bad one
    // stops the run at once (`--update-baseline` writes it instead, and may create it).
    let baseline = updatesBaseline ? nil : try options.loadBaseline()
    let spool = options.json ? try CheckSpoolOutput() : nil
    let consumers: [any CheckResultConsumer] = spool.map { [CheckJSONReport.Writer(to: $0)] } ?? []
    let summary = try await Self.run(
      runner, catalogs: catalogs, shard: shard, allowsEmpty: allowsEmpty, baseline: baseline,
      consumers: consumers, errorOutput: &errorOutput)
    if options.json {
      for warning in summary.run.warnings {
        errorOutput.write("warning: \(DisplayText.escapingControls(warning))\n")
      }
    }
    if updatesBaseline, let path = options.baseline {
      return try recordBaseline(summary, at: path, output: &output)
    }
    var images: [String: Data] = [:]
    if options.html != nil {
      let drawn = runner.images(for: summary)
      images = drawn.images
      for warning in drawn.warnings {
        errorOutput.write("warning: \(DisplayText.escapingControls(warning))\n")
      }
    }
    try options.write(
      summary, json: spool, html: CheckHTMLReport(images: images), output: &output,
      errorOutput: &errorOutput)
    return ExitCode(summary.exitStatus)
  }

  private func recordBaseline(
    _ summary: CheckSummary, at path: String, output: inout some TextOutputStream
  ) throws(CLIError) -> ExitCode {
    guard summary.run.errors.isEmpty else {
      let files = summary.run.errors.map { DisplayText.escapingControls($0.message) }
        .joined(separator: "; ")
      throw .input("not recording \(path): a baseline would miss the failures of \(files)")
    }
    do {
      try CheckBaseline(failuresOf: summary).write(to: URL(fileURLWithPath: path))
    } catch {
      throw .input(DisplayText.escapingControls(error.message))
    }
    let count = summary.failingCount
    output.write("recorded \(count) failing translation\(count == 1 ? "" : "s") in \(path)\n")
    return .success
  }

  /// Runs the check (``CheckRunner/check(_:shard:allowsEmpty:baseline:loader:consumers:progress:)``)
  /// off the caller's task, drawing `checking 14,467 translations: 162,000 layouts; 1,204 of
  /// 20,000 entries done` on standard error when it lasts over ``progressDelay``: redrawn with
  /// `\r` at most four times a second on a terminal, a plain line at most once a second
  /// otherwise.
  static func run(
    _ runner: CheckRunner, catalogs: [URL], shard: CheckShard?, allowsEmpty: Bool,
    baseline: CheckBaseline?, consumers: [any CheckResultConsumer],
    errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> CheckSummary {
    let progress = Locked<CheckProgress?>(nil)
    let finished = Locked<Result<CheckSummary, CheckError>?>(nil)
    let work = UncheckedConsumers(consumers)
    Task.detached {
      let result = Result { () throws(CheckError) -> CheckSummary in
        try runner.check(
          catalogs, shard: shard, allowsEmpty: allowsEmpty, baseline: baseline,
          consumers: work.consumers
        ) { state in
          progress.withLock { $0 = state }
        }
      }
      finished.withLock { $0 = result }
    }
    let terminal = GoldensCommand.errorOutputIsTerminal()
    let interval: Duration = terminal ? .milliseconds(250) : .seconds(1)
    let clock = ContinuousClock()
    let start = clock.now
    var lastDrawn: ContinuousClock.Instant?
    var drawn = false
    while true {
      if let result = finished.withLock({ $0 }) {
        if drawn && terminal { errorOutput.write("\n") }
        switch result {
        case .success(let summary): return summary
        case .failure(let error): throw .input(DisplayText.escapingControls(error.message))
        }
      }
      try? await Task.sleep(for: .milliseconds(20))
      let now = clock.now
      guard now - start >= progressDelay, lastDrawn.map({ now - $0 >= interval }) ?? true,
        let state = progress.withLock({ $0 })
      else { continue }
      let line =
        "checking \(CheckPlan.number(state.translations)) translations: "
        + "\(CheckPlan.number(state.layouts)) layouts; \(CheckPlan.number(state.done)) of "
        + "\(CheckPlan.number(state.total)) entries done"
      errorOutput.write(terminal ? "\r" + line : line + "\n")
      drawn = true
      lastDrawn = now
    }
  }
}

/// The consumers of a run, handed to the task that runs it: the runner calls them one at a
/// time, and the command does not touch them until the run has finished.
private struct UncheckedConsumers: @unchecked Sendable {
  let consumers: [any CheckResultConsumer]
  init(_ consumers: [any CheckResultConsumer]) { self.consumers = consumers }
}
