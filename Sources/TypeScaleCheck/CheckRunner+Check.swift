// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleStrings

/// How far a run has come: its plan, then entries done.
public struct CheckProgress: Hashable, Sendable {
  /// The translations the run lays out.
  public var translations: Int
  /// The layouts the run makes.
  public var layouts: Int
  /// Entries handled so far.
  public var done: Int
  /// Entries read, in all.
  public var total: Int
}

extension CheckRunner {
  /// The most files a warning about strings files outside `.lproj` folders names: 5.
  public static let maximumNamedSkippedFiles = 5

  /// The whole check in one call: reads the catalogs, plans the run, lays every translation out
  /// and streams the outcomes to the consumers, returning the run's summary.
  ///
  /// This is what `typescale check` does between parsing its command line and printing: a
  /// service or a test runs a check the same way. Files that cannot be read are recorded in the
  /// summary (``CheckSummary/exitStatus`` 2) and the others are still checked; an entry whose
  /// placeholders no platform formats, or whose text cannot be laid out, is skipped with a
  /// ``CheckEntryWarning`` ("could not be measured") and does not change the exit status.
  ///
  /// ```swift
  /// let runner = try CheckRunner(constraints: constraints)
  /// let summary = try runner.check([catalogURL])
  /// print(summary.failingCount, "failing translations")
  /// ```
  ///
  /// - Parameters:
  ///   - catalogs: The catalogs (files or folders); the constraints' `catalogs` when empty.
  ///   - shard: The part of the keys to check, or `nil` for all.
  ///   - allowsEmpty: Whether a run that lays nothing out is accepted.
  ///   - baseline: The failures to accept, or `nil`.
  ///   - loader: What reads the catalogs.
  ///   - consumers: Who receives the outcomes, in entry order (the JSON report's ``CheckJSONReport/Writer``,
  ///     a ``CheckReportCollector``).
  ///   - progress: Called with the plan before anything is laid out (`done` 0), then at most
  ///     about ten times a second, and once at the end; from any thread.
  /// - Returns: The summary, from which the terminal, HTML, JUnit and SARIF reports are written.
  /// - Throws: ``CheckError`` before anything is laid out when the run would make more than
  ///   ``maximumLayouts`` layouts, or none (unless `allowsEmpty`, or a file could not be read),
  ///   or when there are no catalogs; or the first error a consumer threw.
  public func check(
    _ catalogs: [URL] = [], shard: Shard? = nil, allowsEmpty: Bool = false,
    baseline: CheckBaseline? = nil, loader: StringsLoader = StringsLoader(),
    consumers: [any CheckResultConsumer] = [],
    progress: (@Sendable (CheckProgress) -> Void)? = nil
  ) throws(CheckError) -> CheckSummary {
    let catalogs = catalogs.isEmpty ? constraints.catalogs : catalogs
    guard !catalogs.isEmpty else {
      throw CheckError(
        "no catalogs to check: pass them, or list them under \"catalogs\" in the constraints")
    }
    let loaded = loader.load(catalogs)
    let plan = plan(loaded.entries, shard: shard, inputs: catalogs.map(\.relativePath))
    let errors = loaded.errors.map {
      CheckInputError(
        file: $0.file?.relativePath ?? "", line: $0.line, column: $0.column, message: $0.message)
    }
    // A run whose catalogs could not be read reports them (exit 2) rather than "nothing".
    let acceptsEmpty = allowsEmpty || !errors.isEmpty
    try plan.validate(maximumLayouts: maximumLayouts, allowsEmpty: acceptsEmpty)
    var warnings: [String] = []
    if !loaded.skipped.isEmpty {
      let named = loaded.skipped.prefix(Self.maximumNamedSkippedFiles).map(\.relativePath)
      let more = loaded.skipped.count - named.count
      warnings.append(
        "\(loaded.skipped.count) strings file\(loaded.skipped.count == 1 ? "" : "s") outside "
          + "any .lproj folder not read (no app loads them): " + named.joined(separator: ", ")
          + (more > 0 ? " and \(more) more" : ""))
    }
    let (translations, layouts) = (plan.translations, plan.layouts)
    progress?(
      CheckProgress(
        translations: translations, layouts: layouts, done: 0, total: loaded.entries.count))
    return try run(
      loaded.entries, plan: plan, allowsEmpty: acceptsEmpty, baseline: baseline, errors: errors,
      warnings: warnings, consumers: consumers
    ) { done, total in
      progress?(
        CheckProgress(translations: translations, layouts: layouts, done: done, total: total))
    }
  }
}
