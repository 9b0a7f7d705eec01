// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleCheck
import TypeScaleInternals

/// `typescale check CONSTRAINTS [CATALOG…]`: lays every localized string out at the
/// content-size categories (or, for Android, the font scales) its rule names and reports which
/// translations stop fitting.
///
/// The pipeline is the library's ``CheckSession``; this command maps flags and prints.
///
/// ```
/// $ typescale check typescale-check.json Localizable.xcstrings --junit check.xml
/// checked 38 translations of 2 keys in 19 languages (456 layouts): 1 fails (1 new)
/// …
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
      variant is laid out at each category its rule requires; Android strings (and rules \
      with "platform": "android") at each font scale instead (0.85× … 2×: Android 14's \
      non-linear sizes in sp, widths in dp, TextView or Compose), in their own grids. The \
      summary starts with what \
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

  let constraintsPath: String
  let catalogPaths: [String]
  let options: CheckReportOptions
  let updatesBaseline: Bool
  /// `--shard`, `--max-layouts`, `--allow-empty` and `--baseline`, for the session.
  let sessionOptions: CheckSession.Options

  /// Reads the command line.
  ///
  /// - Throws: ``CLIError/validation(_:)`` for a `--shard` or `--max-layouts` that is not
  ///   valid, or `--update-baseline` without `--baseline`.
  init(parsed: ParsedArguments) throws(CLIError) {
    constraintsPath = parsed.positionals[0]
    catalogPaths = Array(parsed.positionals.dropFirst())
    options = try CheckReportOptions(parsed: parsed)
    updatesBaseline = parsed.flag("update-baseline")
    if updatesBaseline && options.baseline == nil {
      throw .validation("'--update-baseline' needs '--baseline <file>' naming where to write")
    }
    let shard = try parsed.value("shard").map(Shard.option)
    let limit = try parsed.value("max-layouts", expected: "a whole number of layouts, at least 1") {
      Int($0).flatMap { $0 >= 1 ? $0 : nil }
    }
    sessionOptions = CheckSession.Options(
      shard: shard, maximumLayouts: limit ?? CheckRunner.defaultMaximumLayouts,
      allowsEmpty: parsed.flag("allow-empty"), baselinePath: options.baseline)
  }

  /// Runs a ``CheckSession`` (``CheckSession/recordBaseline(checking:)`` with
  /// `--update-baseline`), draws its progress on standard error and prints what it wrote.
  ///
  /// - Returns: The run's exit status: ``CheckPrintout/exitStatus``.
  /// - Throws: ``CLIError`` when the constraints, the baseline or an output cannot be used.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    guard FileManager.default.fileExists(atPath: constraintsPath) else {
      let names = Self.configuration.subcommands.map { $0.configuration.commandName }
      let suggestion = EditDistance.suggestion(for: constraintsPath, among: names)  // `check mrege`
      throw .input(
        "\(constraintsPath): no such file; expected the check's constraints file (JSON)"
          + (suggestion.map { " (did you mean the subcommand '\($0)'?)" } ?? ""))
    }
    InterruptCleanup.install()
    let session = try CLIError.checking { () throws(CheckError) in
      try CheckSession(
        constraintsPath: constraintsPath, catalogPaths: catalogPaths, options: sessionOptions)
    }
    let outputs = options.outputs  // `async let` loses the typed error below: a CheckError.
    async let printout =
      updatesBaseline ? session.recordBaseline(checking: outputs) : session.run(writing: outputs)
    await ProgressReporter.draw(session.progress, on: &errorOutput)
    let result: Result<CheckPrintout, CheckError>
    do { result = .success(try await printout) } catch {
      result = .failure(error as? CheckError ?? CheckError(String(describing: error)))
    }
    for notice in session.notices { errorOutput.write("\(notice)\n") }
    return try CheckReportOptions.print(
      result.mapError(CLIError.init).get(), output: &output, errorOutput: &errorOutput)
  }
}
