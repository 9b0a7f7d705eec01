// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import TypeScale
import TypeScaleInternals
import TypeScaleRender
import TypeScaleStrings

/// Lays every entry out at every category its rule names and reports what fits.
///
/// For each entry, in order:
/// 1. An entry whose key another `Shard` owns is left out; so is a device variant other
///    than the rule's `device` (entries with no device step always count).
/// 2. The rule is the first whose `keys` match, filled from `defaults`; with no rule and no
///    defaults the entry is skipped ("no rule matches").
/// 3. The text is `PlaceholderSamples.sample(for:)`'s: placeholders filled as Foundation (or
///    Android) formats them. What it warns about (a specifier Foundation formats but that may
///    not say what was meant) becomes a ``CheckEntryWarning`` and the text is still measured;
///    a placeholder it cannot fill makes the entry a ``CheckSkipped`` one ("could not be
///    measured") with a warning naming the file, line and column. Neither changes the exit
///    status: exit 2 is for files that cannot be read.
/// 4. The font: the family `fonts` names for the entry's language, else for the text's dominant
///    script, replaces the style's family (its weight, italic, size, tracking and scaling stay);
///    otherwise the typography's own family. The chosen family is the label's primary font, as
///    when an app sets a per-localization font; characters it lacks fall back to the registry's
///    cascade (and to the machine's fonts with `systemFallback`).
/// 5. One shape-once sweep (`DynamicType.sweep`) over the rule's categories, from the smallest to
///    the largest named, with the rule's width, line limit and tail truncation, as a `UILabel`.
///    A second sweep without the line limit runs only when a category truncated, to count the
///    lines the text needs.
///
/// Each category's ``CheckStatus``: ``CheckStatus/truncated`` when the label truncates (what
/// `UILabel` shows; a failure unless the rule allows truncation);
/// ``CheckStatus/overflowsLines`` when it does not truncate but a line is wider than the width
/// (a word too long for the width, which `UILabel` breaks inside); else ``CheckStatus/fits``.
///
/// Entries are checked on a fixed number of workers; the report keeps entry order, so the same
/// input always gives the same report.
public final class CheckRunner: Sendable {
  /// The constraints.
  public let constraints: CheckConstraints
  /// The registry fonts come from: the constraints', or one with the embedded faces only.
  public let registry: FontRegistry
  /// The layout engine, with the fontconfig tail when `systemFallback` is on.
  public let engine: TextLayoutEngine
  /// How many entries are laid out at once.
  public let workers: Int
  /// The most layouts a run makes before it is refused: ``defaultMaximumLayouts`` unless given.
  public let maximumLayouts: Int
  let renderer: Renderer
  let androidFonts = Locked<[AndroidFontKey: LayoutFont]>([:])
  private let sweepers = Locked<[SweepKey: DynamicType.PreparedSweep]>([:])

  /// The shape cache's budget for a check's engine: 16 MiB, a quarter of the engine's default.
  ///
  /// A check lays each text out once (one sweep covers its categories), so shaped runs come
  /// back only for texts that repeat, such as a fallback language's copies of the source text;
  /// a larger cache holds the runs of texts that never return (measured on a synthetic app of
  /// 104,640 translations: the default 64 MiB added about 50 MB to the peak and saved no time).
  public static let shapeCacheBudget = 16 << 20

  /// The shortest time between two progress calls: 0.1 s.
  public static let progressInterval = 0.1

  /// The most layouts a run makes unless told otherwise: 2,000,000 (`--max-layouts` changes it).
  ///
  /// A layout is one text at one category. Real apps' shipping strings make up to about 1.2
  /// million: TeamNewPipe/NewPipe's 126 `strings.xml` files 670,118 and LoopKit's 21 `.xliff`
  /// translations 1,169,566 (every key at xS…AX5), so the limit admits them with room to grow.
  /// `Samples/check`'s catalog repeated 108 times (500,688 layouts) takes 5.5 CPU-seconds in a
  /// release build (about 90,000 layouts a CPU-second) and 118 MB, so the limit is about 22
  /// CPU-seconds of a release build. The compact JSON report takes about 55 bytes a layout
  /// (NewPipe's 670,118 layouts: 37.6 MB), so every run the limit admits writes a report that
  /// `check merge` reads (``CheckJSONReport/maximumFileSize``). A run past the
  /// limit is almost always a key pattern or a catalog folder wider than meant.
  public static let defaultMaximumLayouts = 2_000_000

  /// Creates a runner: registers the constraints' fonts and builds the typography.
  ///
  /// - Parameters:
  ///   - constraints: The constraints.
  ///   - workers: Entries laid out at once, 1…64; the machine's active cores by default.
  ///   - maximumLayouts: The most layouts a run makes (``CheckPlan/layouts``), at least 1;
  ///     ``defaultMaximumLayouts`` by default.
  /// - Throws: ``CheckError`` for a font or typography that cannot be loaded, or fontconfig
  ///   failing when `systemFallback` is on.
  public init(
    constraints: CheckConstraints, workers: Int? = nil,
    maximumLayouts: Int = CheckRunner.defaultMaximumLayouts
  ) throws(CheckError) {
    self.constraints = constraints
    self.maximumLayouts = max(maximumLayouts, 1)
    let registry: FontRegistry
    if let given = constraints.registry {
      registry = given
    } else {
      do throws(FontError) {
        registry = try FontRegistry()
      } catch {
        throw CheckError("cannot create a font registry: \(error.message)")
      }
    }
    var fallback: SystemFontFallback?
    if constraints.systemFallback {
      do throws(FontError) {
        fallback = try SystemFontFallback()
      } catch {
        throw CheckError(
          "systemFallback: \(error.message); set \"systemFallback\": false, or install fontconfig")
      }
    }
    self.registry = registry
    self.engine = TextLayoutEngine(
      registry: registry, shapeCacheBudget: Self.shapeCacheBudget, systemFallback: fallback)
    self.renderer = Renderer(registry: registry)
    self.workers = min(max(workers ?? ProcessInfo.processInfo.activeProcessorCount, 1), 64)
  }

  /// Counts what a run of these entries would lay out, without laying anything out.
  ///
  /// - Parameters:
  ///   - entries: The entries, as a `StringsLoader` read them.
  ///   - shard: The part of the keys to check, or `nil` for all.
  ///   - inputs: The catalogs as the user gave them (paths or patterns), for messages and the
  ///     run's digest.
  /// - Returns: The plan.
  /// - Complexity: O(entries) dictionary look-ups and, for each distinct key, a match against
  ///   the rules until one matches; each rule that no key uses first is then matched against
  ///   the keys until one matches.
  public func plan(_ entries: [LocalizedEntry], shard: Shard? = nil, inputs: [String] = [])
    -> CheckPlan
  {
    var rules: [RuleKey: (rule: CheckRule.Resolved?, inShard: Bool)] = [:]
    var used = Set<Int>()
    var requirements: [String: [SizeStep]] = [:]
    var translations = 0
    var layouts = 0
    for entry in entries {
      let known: (rule: CheckRule.Resolved?, inShard: Bool)
      let ruleKey = RuleKey(key: entry.key, isAndroid: entry.syntax == .android)
      if let cached = rules[ruleKey] {
        known = cached
      } else {
        let index = constraints.ruleIndex(for: entry.key, isAndroidEntry: ruleKey.isAndroid)
        if let index { used.insert(index) }
        known = (
          constraints.rule(at: index, isAndroidEntry: ruleKey.isAndroid),
          shard?.contains(entry.key) ?? true
        )
        rules[ruleKey] = known
      }
      guard let rule = known.rule, Self.counts(entry, device: rule.device) else { continue }
      requirements[entry.key] = rule.steps
      guard known.inShard else { continue }
      translations += 1
      layouts += rule.android == nil ? Self.sweepLength(rule.categories) : rule.steps.count
    }
    var unmatched: [String] = []
    for (index, rule) in constraints.rules.enumerated() where !used.contains(index) {
      if !rules.keys.contains(where: { rule.keys.matches($0.key) }) {
        unmatched.append(rule.keys.pattern)
      }
    }
    let sorted = requirements.map { CheckRequirement(key: $0.key, steps: $0.value) }
      .sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
    var identity = (constraints.fileDigest ?? "") + "\n"
    for input in inputs { identity += "input\t\(input)\n" }
    for requirement in sorted {
      identity += "key\t\(requirement.key)\t"
      identity += requirement.steps.map(\.label).joined(separator: ",") + "\n"
    }
    return CheckPlan(
      shard: shard, entryCount: entries.count, translations: translations, layouts: layouts,
      requirements: sorted, unmatchedRules: unmatched, inputs: inputs,
      digest: SHA256Digest.hash(identity.utf8).hex)
  }

  /// What a key's rule depends on: the key, and whether its entry is an Android catalog's.
  struct RuleKey: Hashable {
    var key: String
    var isAndroid: Bool
  }

  /// Whether an entry counts for a rule's device: entries with no device step always do.
  static func counts(_ entry: LocalizedEntry, device: String?) -> Bool {
    guard let device else { return true }
    for case .device(let name) in entry.variant.steps where name.lowercased() != device.lowercased()
    {
      return false
    }
    return true
  }

  /// The categories one sweep lays out: from the smallest category named to the largest.
  static func sweepLength(_ categories: [ContentSizeCategory]) -> Int {
    guard let lower = categories.first, let upper = categories.last else { return 0 }
    return ContentSizeCategory.allCases.filter { (lower...upper).contains($0) }.count
  }

  /// Checks entries: plans the run (``plan(_:shard:inputs:)``), then lays it out.
  ///
  /// - Parameters:
  ///   - entries: The entries, as a `StringsLoader` read them.
  ///   - shard: The part of the keys to check, or `nil` for all.
  ///   - inputs: The catalogs as the user gave them, for messages and the run's digest.
  ///   - allowsEmpty: Whether a run that lays nothing out is accepted.
  ///   - progress: Called at most about ten times a second with (entries done, entries in all),
  ///     and once at the end; from any thread.
  /// - Returns: The report, in entry order; an entry whose placeholders or text could not be
  ///   measured is skipped with a warning (the caller adds unreadable files).
  /// - Throws: ``CheckError`` (``CheckError/Code/tooManyLayouts``,
  ///   ``CheckError/Code/nothingToCheck``) before anything is laid out.
  public func run(
    _ entries: [LocalizedEntry], shard: Shard? = nil, inputs: [String] = [],
    allowsEmpty: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws(CheckError) -> CheckReport {
    try run(
      entries, plan: plan(entries, shard: shard, inputs: inputs), allowsEmpty: allowsEmpty,
      progress: progress)
  }

  /// Checks entries as a plan made of them says, keeping the whole report in memory.
  ///
  /// - Parameters:
  ///   - entries: The entries the plan was made of.
  ///   - plan: ``plan(_:shard:inputs:)``'s result for them.
  ///   - allowsEmpty: Whether a run that lays nothing out is accepted.
  ///   - progress: Called at most about ten times a second with (entries done, entries in all),
  ///     and once at the end; from any thread.
  /// - Returns: The report, in entry order, recording the plan's digest, shard, layouts,
  ///   requirements and warnings.
  /// - Throws: ``CheckError`` when the plan makes more than ``maximumLayouts`` layouts, or none
  ///   and `allowsEmpty` is `false`; nothing is laid out then.
  public func run(
    _ entries: [LocalizedEntry], plan: CheckPlan, allowsEmpty: Bool = false,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws(CheckError) -> CheckReport {
    let collector = CheckReportCollector()
    _ = try run(
      entries, plan: plan, allowsEmpty: allowsEmpty, consumers: [collector], progress: progress)
    return collector.report
  }

  /// The most entries laid out ahead of the first one not yet handed to the consumers: a
  /// bound on the outcomes held in memory while a slow entry finishes.
  public static let maximumEntriesAhead = 4096

  /// Checks entries as a plan made of them says, streaming each outcome to the consumers in
  /// entry order, and returns the run's summary.
  ///
  /// Entries are laid out on ``workers`` threads; an outcome is handed on as soon as every
  /// entry before it has been, so at most ``maximumEntriesAhead`` outcomes wait in memory and
  /// the consumers see the same order on every run. Each result is marked baselined when the
  /// baseline accepts it, then added to the summary and given to every consumer.
  ///
  /// - Parameters:
  ///   - entries: The entries the plan was made of.
  ///   - plan: ``plan(_:shard:inputs:)``'s result for them.
  ///   - allowsEmpty: Whether a run that lays nothing out is accepted.
  ///   - baseline: The failures to accept, or `nil`.
  ///   - errors: Files that could not be read, recorded in the run's record (exit status 2).
  ///   - warnings: Run-level warnings to record before the plan's (files not read).
  ///   - consumers: Who receives the outcomes, in order.
  ///   - progress: Called at most about ten times a second with (entries done, entries in all),
  ///     and once at the end; from any thread.
  /// - Returns: The summary of the run.
  /// - Throws: ``CheckError`` when the plan makes more than ``maximumLayouts`` layouts, or none
  ///   and `allowsEmpty` is `false` (nothing is laid out then), or the first error a consumer
  ///   threw (no entry is laid out after it).
  public func run(
    _ entries: [LocalizedEntry], plan: CheckPlan, allowsEmpty: Bool = false,
    baseline: CheckBaseline? = nil, errors: [CheckInputError] = [], warnings: [String] = [],
    consumers: [any CheckResultConsumer], progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws(CheckError) -> CheckSummary {
    try plan.validate(maximumLayouts: maximumLayouts, allowsEmpty: allowsEmpty)
    let shard = plan.shard
    let run = CheckRunInfo(
      shard: shard?.description, constraintsDigest: plan.digest, layouts: plan.layouts,
      requirements: plan.requirements, warnings: warnings + plan.warnings, errors: errors)
    for consumer in consumers { try consumer.begin(run) }
    let delivery = Delivery(
      consumers: consumers, builder: CheckSummary.Builder(run: run, baseline: baseline),
      baseline: baseline)
    let ticks = Locked((done: 0, last: DispatchTime.now().uptimeNanoseconds))
    let interval = UInt64(Self.progressInterval * 1e9)
    let total = entries.count
    let paths = Self.filePaths(entries)
    DispatchQueue.concurrentPerform(iterations: min(workers, max(entries.count, 1))) { _ in
      while let index = delivery.take(count: entries.count) {
        let outcome = check(entries[index], shard: shard, file: paths[index])
        delivery.deliver(outcome, at: index)
        guard let progress else { continue }
        let report: Int? = ticks.withLock { state in
          state.done += 1
          let now = DispatchTime.now().uptimeNanoseconds
          guard now - state.last >= interval else { return nil }
          state.last = now
          return state.done
        }
        if let report { progress(report, total) }
      }
    }
    let summary = try delivery.finish()
    progress?(total, total)
    for consumer in consumers { try consumer.finish(summary) }
    return summary
  }

  /// Each entry's file as reports write it (`relativePath`), built once per run of entries
  /// from one file: Foundation's path building costs as much as a short layout.
  private static func filePaths(_ entries: [LocalizedEntry]) -> [String] {
    var filePaths: [String] = []
    filePaths.reserveCapacity(entries.count)
    var last: (url: URL, path: String)?
    for entry in entries {
      if let last, last.url == entry.file {
        filePaths.append(last.path)
      } else {
        let path = entry.file.relativePath
        last = (entry.file, path)
        filePaths.append(path)
      }
    }
    return filePaths
  }

  /// Hands outcomes made on many threads to the consumers in entry order.
  ///
  /// Workers ``take(count:)`` the next index (waiting while they are ``maximumEntriesAhead``
  /// ahead of delivery) and ``deliver(_:at:)`` its outcome. One worker at a time is the
  /// deliverer: it takes every consecutive outcome that is ready and hands it on *outside* the
  /// lock, so the other workers keep laying out while the consumers write (a JSON line costs a
  /// tenth of a layout), and consumers are still called one at a time, in order.
  private final class Delivery: @unchecked Sendable {
    private let condition = NSCondition()
    private let consumers: [any CheckResultConsumer]
    private let baseline: CheckBaseline?
    private var builder: CheckSummary.Builder
    private var pending: [Int: Outcome] = [:]
    private var nextIndex = 0
    private var nextDelivered = 0
    private var isDelivering = false
    private var failure: CheckError?

    init(
      consumers: [any CheckResultConsumer], builder: CheckSummary.Builder,
      baseline: CheckBaseline?
    ) {
      self.consumers = consumers
      self.builder = builder
      self.baseline = baseline
    }

    /// The next entry to check, or `nil` when there is none or a consumer failed.
    func take(count: Int) -> Int? {
      condition.lock()
      defer { condition.unlock() }
      while failure == nil && nextIndex < count
        && nextIndex - nextDelivered >= CheckRunner.maximumEntriesAhead
      {
        condition.wait()
      }
      guard failure == nil, nextIndex < count else { return nil }
      defer { nextIndex += 1 }
      return nextIndex
    }

    /// Records an outcome; unless another worker is delivering, hands on every consecutive
    /// outcome that is ready, in order, outside the lock.
    func deliver(_ outcome: Outcome, at index: Int) {
      condition.lock()
      pending[index] = outcome
      guard !isDelivering, pending[nextDelivered] != nil else {
        condition.unlock()
        return
      }
      isDelivering = true
      while true {
        var ready: [Outcome] = []
        while let next = pending.removeValue(forKey: nextDelivered) {
          ready.append(next)
          nextDelivered += 1
        }
        guard !ready.isEmpty else { break }
        let failed = failure != nil
        condition.broadcast()
        condition.unlock()
        if !failed {
          do throws(CheckError) {
            for outcome in ready { try hand(outcome) }
          } catch {
            condition.lock()
            failure = error
            condition.unlock()
          }
        }
        condition.lock()
      }
      isDelivering = false
      condition.broadcast()
      condition.unlock()
    }

    private func hand(_ outcome: Outcome) throws(CheckError) {
      switch outcome {
      case .result(var result, let warnings):
        for warning in warnings { try give(warning) }
        if let baseline { result.isBaselined = baseline.accepts(result) }
        builder.add(result)
        for consumer in consumers { try consumer.consume(result: result) }
      case .skipped(let skipped, let warnings):
        for warning in warnings { try give(warning) }
        builder.add(skipped)
        for consumer in consumers { try consumer.consume(skipped: skipped) }
      case .excluded: break
      }
    }

    private func give(_ warning: CheckEntryWarning) throws(CheckError) {
      builder.add(warning)
      for consumer in consumers { try consumer.consume(warning: warning) }
    }

    /// The summary, or the first error a consumer threw.
    func finish() throws(CheckError) -> CheckSummary {
      condition.lock()
      defer { condition.unlock() }
      if let failure { throw failure }
      return builder.finish()
    }
  }

  /// What checking one entry gave.
  enum Outcome: Sendable {
    /// A result, after the warnings about its text.
    case result(CheckResult, [CheckEntryWarning])
    /// An entry not checked (no rule, or it could not be measured), after its warnings.
    case skipped(CheckSkipped, [CheckEntryWarning])
    /// Another shard's key, or another device's variant.
    case excluded
  }

  /// Checks one entry.
  func check(_ entry: LocalizedEntry, shard: Shard?, file: String) -> Outcome {
    if let shard, !shard.contains(entry.key) { return .excluded }
    let variant = entry.variant.description
    func skipped(_ reason: String, _ warnings: [CheckEntryWarning] = []) -> Outcome {
      .skipped(
        CheckSkipped(
          key: entry.key, language: entry.language, variant: variant, file: file,
          line: entry.line, reason: reason), warnings)
    }
    guard
      let rule = constraints.rule(for: entry.key, isAndroidEntry: entry.syntax == .android)
    else {
      return skipped("no rule matches (add a rule whose keys match, or defaults)")
    }
    guard Self.counts(entry, device: rule.device) else { return .excluded }
    let text: String
    var warnings: [CheckEntryWarning] = []
    do throws(StringsError) {
      let sample = try constraints.placeholders.sample(for: entry)
      text = sample.text
      for warning in sample.warnings {
        warnings.append(
          CheckEntryWarning(
            key: entry.key, language: entry.language, variant: variant,
            file: warning.file?.relativePath ?? file, line: warning.line ?? entry.line,
            column: warning.column, message: warning.message, isMeasured: true))
      }
    } catch {
      let warning = CheckEntryWarning(
        key: entry.key, language: entry.language, variant: variant,
        file: error.file?.relativePath ?? file, line: error.line ?? entry.line,
        column: error.column, message: error.message, isMeasured: false)
      return skipped("could not be measured: \(error.detail)", [warning])
    }
    let cells: [CheckCell]
    let missing: [String]
    var faces: [String]?
    do throws(TypeScaleError) {
      if let android = rule.android {
        let laid = try layOutAndroid(
          text, language: entry.language, scriptText: entry.text, rule: rule, android: android)
        (cells, missing, faces) = (laid.cells, laid.missing, laid.faces)
      } else {
        (cells, missing) = try layOut(
          text, language: entry.language, scriptText: entry.text, rule: rule)
      }
    } catch {
      let message = StringsError.located(
        "could not lay out '\(DisplayText.quoted(entry.key))' (\(entry.language)): "
          + error.message, path: file, line: entry.line, column: nil)
      warnings.append(
        CheckEntryWarning(
          key: entry.key, language: entry.language, variant: variant, file: file,
          line: entry.line, column: nil, message: message, isMeasured: false))
      return skipped("could not be measured: \(error.message)", warnings)
    }
    let largest = cells.last {
      $0.status == .fits || ($0.status == .truncated && rule.truncationAllowed)
    }
    var result = CheckResult(
      key: entry.key, language: entry.language, variant: variant, text: text, file: file,
      line: entry.line, state: entry.state, isFallback: entry.isFallback, rule: rule.name,
      style: rule.style, width: rule.width, lineLimit: rule.lineLimit,
      truncationAllowed: rule.truncationAllowed, required: rule.steps, cells: cells,
      largestFitting: largest?.step, missingGlyphs: missing)
    result.faces = faces
    return .result(result, warnings)
  }

  /// The sweep over the rule's categories, and each category's cell.
  ///
  /// The font is picked by the language, else by the dominant script of `scriptText`: the
  /// entry's own text, before placeholders are filled, so that a Latin sample name in an Arabic
  /// sentence does not make it Latin.
  func layOut(
    _ text: String, language: String, scriptText: String, rule: CheckRule.Resolved
  )
    throws(TypeScaleError) -> ([CheckCell], [String])
  {
    guard let lower = rule.categories.first, let upper = rule.categories.last else {
      return ([], [])
    }
    let family = constraints.fontFamily(language: language, text: scriptText)
    let layouts = try sweeper(family: family, rule: rule, range: lower...upper, limited: true)
      .sweep(text, language: language)
    var needed: [ContentSizeCategory: Int] = [:]
    if layouts.contains(where: \.layout.isTruncated) {
      let unlimited = try sweeper(family: family, rule: rule, range: lower...upper, limited: false)
      for swept in try unlimited.sweep(text, language: language) {
        needed[swept.category] = swept.layout.lineCount
      }
    }
    var missing: [Unicode.Scalar] = []
    var cells: [CheckCell] = []
    for swept in layouts {
      let layout = swept.layout
      for scalar in layout.diagnostics.missingCharacters where !missing.contains(scalar) {
        missing.append(scalar)
      }
      let tooWide =
        layout.breaksWords
        || rule.width.map { width in layout.lines.contains { $0.width > width + 0.01 } } == true
      let status: CheckStatus =
        layout.isTruncated ? .truncated : tooWide ? .overflowsLines : .fits
      cells.append(
        CheckCell(
          category: swept.category, status: status, pointSize: layout.pointSize,
          width: layout.width, height: layout.height, lineCount: layout.lineCount,
          neededLines: needed[swept.category] ?? layout.lineCount))
    }
    return (cells, missing.map(MissingGlyphsText.codePoint))
  }

  /// A label's options: the rule's width and line limit, tail truncation, the entry's language.
  private static func options(_ rule: CheckRule.Resolved, language: String) -> LayoutOptions {
    var options = LayoutOptions(
      width: rule.width, lineLimit: rule.lineLimit == 0 ? nil : rule.lineLimit,
      truncation: .tail)
    options.language = language
    return options
  }

  /// The rule's sweep in a family, resolved once and then reused.
  ///
  /// One per (family, style, width, line limit, categories): matching the font and resolving the
  /// options cost as much as laying a short label out. `limited: false` drops the line limit
  /// (the lines a truncated text needs). The cached value is what `DynamicType.sweep` resolves on
  /// every call (`DynamicType.PreparedSweep`), so results are the same.
  private func sweeper(
    family: String?, rule: CheckRule.Resolved, range: ClosedRange<ContentSizeCategory>,
    limited: Bool
  ) throws(TypeScaleError) -> DynamicType.PreparedSweep {
    let key = SweepKey(
      family: family, style: rule.style, width: rule.width,
      lineLimit: limited ? rule.lineLimit : 0, lower: range.lowerBound, upper: range.upperBound)
    if let cached = sweepers.withLock({ $0[key] }) { return cached }
    var options = Self.options(rule, language: "")
    options.language = nil
    if !limited { options.lineLimit = nil }
    let prepared = try dynamicType(family: family, range: range, style: rule.style)
      .preparedSweep(token: Typography.TokenName(rule.style), width: rule.width, options: options)
    sweepers.withLock { if $0.count < Self.maximumCachedSweeps { $0[key] = prepared } }
    return prepared
  }

  /// What a prepared sweep depends on.
  struct SweepKey: Hashable, Sendable {
    var family: String?
    var style: String
    var width: Double?
    var lineLimit: Int
    var lower: ContentSizeCategory
    var upper: ContentSizeCategory
  }

  /// The most prepared sweeps kept (one per family, style, width, line limit and categories).
  static let maximumCachedSweeps = 4096

  /// A `DynamicType` whose typography sets the family `fonts` picks for the language or script.
  private func dynamicType(
    language: String, text: String, range: ClosedRange<ContentSizeCategory>,
    category: ContentSizeCategory = .large, style: String
  ) throws(TypeScaleError) -> DynamicType {
    try dynamicType(
      family: constraints.fontFamily(language: language, text: text), range: range,
      category: category, style: style)
  }

  /// A `DynamicType` whose typography sets `family` for the style, when given.
  private func dynamicType(
    family: String?, range: ClosedRange<ContentSizeCategory>,
    category: ContentSizeCategory = .large, style: String
  ) throws(TypeScaleError) -> DynamicType {
    var typography = constraints.typography
    if let family {
      let entry = try typography.entry(for: Typography.TokenName(style))
      var changed = entry.style
      changed.family = family
      try typography.set(entry.name, changed)
    }
    return DynamicType(
      registry: registry, typography: typography, category: category,
      range: DynamicTypeRange(range), engine: engine)
  }

  /// The label of a result drawn at a category as PNG bytes, for the HTML report.
  ///
  /// The label is laid out as ``run(_:plan:allowsEmpty:progress:)`` laid it out (same font choice, width,
  /// line limit and tail truncation) and drawn at 2× with the width, line boxes and truncation
  /// overlays.
  ///
  /// - Parameters:
  ///   - result: A result of this runner.
  ///   - category: The category.
  /// - Returns: PNG bytes.
  /// - Throws: ``CheckError`` when the text cannot be laid out or drawn.
  public func image(for result: CheckResult, at category: ContentSizeCategory) throws(CheckError)
    -> Data
  {
    try image(
      text: result.text, language: result.language, id: result.id,
      settings: CheckSettings(
        style: result.style, width: result.width, lineLimit: result.lineLimit,
        truncation: result.truncationAllowed), rule: result.rule, at: category)
  }

  /// The label of a result drawn at a step (a category, or an Android result's font scale) as
  /// PNG bytes, laid out as the run laid it out.
  ///
  /// - Parameters:
  ///   - result: A result of this runner.
  ///   - step: The step.
  /// - Returns: PNG bytes.
  /// - Throws: ``CheckError`` when the text cannot be laid out or drawn.
  public func image(for result: CheckResult, at step: SizeStep) throws(CheckError) -> Data {
    if let category = step.category { return try image(for: result, at: category) }
    return try androidImage(
      text: result.text, key: result.key, language: result.language, id: result.id, at: step)
  }

  /// The label of a summary's row drawn at a step as PNG bytes, for the HTML report.
  ///
  /// An Android row's label is laid out as its Android rule lays it out.
  ///
  /// - Parameters:
  ///   - summary: A summary of this runner's run.
  ///   - row: The row's index in ``CheckSummary/rows``.
  ///   - step: The category or font scale.
  /// - Returns: PNG bytes.
  /// - Throws: ``CheckError`` when the row does not exist, or its text cannot be laid out or
  ///   drawn.
  public func image(for summary: CheckSummary, row: Int, at step: SizeStep)
    throws(CheckError) -> Data
  {
    guard let category = step.category else {
      let item = summary.rows[row]
      return try androidImage(
        text: item.text, key: summary.key(of: item), language: summary.language(of: item),
        id: summary.id(of: item), at: step)
    }
    guard summary.rows.indices.contains(row) else {
      throw CheckError("row \(row) is not in the summary (it has \(summary.rows.count))")
    }
    let item = summary.rows[row]
    let rule = summary.rule(of: item)
    return try image(
      text: item.text, language: summary.language(of: item), id: summary.id(of: item),
      settings: CheckSettings(
        style: rule.style, width: rule.width, lineLimit: rule.lineLimit,
        truncation: rule.truncationAllowed), rule: rule.name, at: category)
  }

  private func image(
    text: String, language: String, id: String, settings: CheckSettings, rule name: String,
    at category: ContentSizeCategory
  ) throws(CheckError) -> Data {
    let rule = CheckRule.Resolved(name: name, settings: settings)
    let layout: TextLayout
    do throws(TypeScaleError) {
      let dynamic = try dynamicType(
        language: language, text: text, range: category...category, category: category,
        style: rule.style)
      layout = try dynamic.layout(
        text, token: Typography.TokenName(rule.style), width: rule.width,
        options: Self.options(rule, language: language))
    } catch {
      throw CheckError("\(id) at \(category.shortName): \(error.message)")
    }
    do throws(RenderError) {
      let image = try renderer.render(
        layout, options: RenderOptions(overlays: [.width, .lines, .truncation]))
      return try PNG.encode(image)
    } catch {
      throw CheckError("\(id) at \(category.shortName): \(error.message)")
    }
  }
}
