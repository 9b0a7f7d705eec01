// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// A whole check, as `typescale check` runs it: the constraints and their runner, the
/// catalogs, the baseline, the layouts, and the reports written in one transaction.
///
/// A session runs once, with ``run(writing:)`` or ``recordBaseline(checking:)``. Before any
/// layout it refuses an output that names an input or another output
/// (``CheckError/Code/outputConflict``) and reads the baseline; while it runs, ``progress``
/// yields how far it has come, and ends when the run ends. Lines for standard error that come
/// before the printout (the run's warnings when the JSON report is printed, labels the HTML
/// page could not draw) are in ``notices``, whether the run succeeds or not.
///
/// ```swift
/// let session = try CheckSession(constraintsPath: "typescale-check.json")
/// async let printout = session.run(writing: CheckOutputs(junit: "check.xml"))
/// for await state in session.progress { print(state.done, "of", state.total) }
/// var output = ""
/// var errors = ""
/// try await printout.print(to: &output, errorOutput: &errors)
/// ```
public final class CheckSession: Sendable {
  /// How a session checks: the part of the keys, the limits and the baseline.
  public struct Options: Sendable {
    /// The part of the keys to check, or `nil` for all.
    public var shard: Shard?
    /// The most layouts the run makes: ``CheckRunner/defaultMaximumLayouts`` by default.
    public var maximumLayouts: Int
    /// Whether a run that lays nothing out is accepted.
    public var allowsEmpty: Bool
    /// The baseline file (as given; messages quote it): read by ``run(writing:)``, written by
    /// ``recordBaseline(checking:)``; or `nil`.
    public var baselinePath: String?
    /// Entries laid out at once, or `nil` for the machine's active cores.
    public var workers: Int?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - shard: The part of the keys, or `nil` for all.
    ///   - maximumLayouts: The most layouts the run makes.
    ///   - allowsEmpty: Whether a run that lays nothing out is accepted.
    ///   - baselinePath: The baseline file, or `nil`.
    ///   - workers: Entries laid out at once, or `nil` for the active cores.
    public init(
      shard: Shard? = nil, maximumLayouts: Int = CheckRunner.defaultMaximumLayouts,
      allowsEmpty: Bool = false, baselinePath: String? = nil, workers: Int? = nil
    ) {
      self.shard = shard
      self.maximumLayouts = maximumLayouts
      self.allowsEmpty = allowsEmpty
      self.baselinePath = baselinePath
      self.workers = workers
    }
  }

  /// The runner, made of the constraints.
  public let runner: CheckRunner
  /// The options.
  public let options: Options
  /// The catalogs as given; the constraints' own are used when empty.
  public let catalogPaths: [String]
  /// How far the run has come, ending when the run ends.
  ///
  /// It yields the plan (`done` 0), then entries done, the last with `done` equal to `total`,
  /// and ends when the run ends, successfully or not. It keeps only the newest value for a
  /// slow reader, and is meant for one reader.
  public let progress: AsyncStream<CheckProgress>

  private let constraintsPath: String?
  private let continuation: AsyncStream<CheckProgress>.Continuation
  private let state = Locked((started: false, notices: [CheckNotice]()))
  private let ranInTask = Locked<Bool?>(nil)

  /// Whether the run laid out inside a Swift task (on the cooperative pool), for tests.
  ///
  /// `nil` before the run; `false` once it has run on the session's own thread.
  package var ranInsideATask: Bool? { ranInTask.withLock { $0 } }

  /// Reads a constraints file and creates the session.
  ///
  /// - Parameters:
  ///   - constraintsPath: The constraints file (JSON), as given; messages quote it.
  ///   - catalogPaths: The catalogs (files or folders); the constraints' `catalogs` when empty.
  ///   - options: The shard, limits and baseline.
  /// - Throws: ``CheckError`` naming the bad value of the constraints file, a font or
  ///   typography that cannot be loaded, or no catalogs to check.
  public convenience init(
    constraintsPath: String, catalogPaths: [String] = [], options: Options = Options()
  ) throws(CheckError) {
    let constraints = try CheckConstraints.load(contentsOf: URL(fileURLWithPath: constraintsPath))
    try self.init(
      constraints: constraints, constraintsPath: constraintsPath, catalogPaths: catalogPaths,
      options: options)
  }

  /// Creates a session of constraints given as a value.
  ///
  /// - Parameters:
  ///   - constraints: The constraints.
  ///   - catalogPaths: The catalogs (files or folders); the constraints' `catalogs` when empty.
  ///   - options: The shard, limits and baseline.
  /// - Throws: ``CheckError`` for a font or typography that cannot be loaded, or no catalogs
  ///   to check.
  public convenience init(
    constraints: CheckConstraints, catalogPaths: [String] = [], options: Options = Options()
  ) throws(CheckError) {
    try self.init(
      constraints: constraints, constraintsPath: nil, catalogPaths: catalogPaths,
      options: options)
  }

  private init(
    constraints: CheckConstraints, constraintsPath: String?, catalogPaths: [String],
    options: Options
  ) throws(CheckError) {
    runner = try CheckRunner(
      constraints: constraints, workers: options.workers, maximumLayouts: options.maximumLayouts)
    guard !catalogPaths.isEmpty || !constraints.catalogs.isEmpty else {
      throw CheckError(
        "no catalogs to check: "
          + (constraintsPath.map { "give them after \($0), or list them under \"catalogs\" in it" }
            ?? "pass them, or list them under \"catalogs\" in the constraints"))
    }
    self.constraintsPath = constraintsPath
    self.catalogPaths = catalogPaths
    self.options = options
    (progress, continuation) = AsyncStream.makeStream(
      of: CheckProgress.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// The constraints.
  public var constraints: CheckConstraints { runner.constraints }

  /// The lines for standard error so far that come before the printout: with the JSON report
  /// printed, the run's warnings (the summary shows them otherwise); with an HTML page, the
  /// labels that could not be drawn.
  public var notices: [CheckNotice] { state.withLock { $0.notices } }

  /// Checks the catalogs and writes the reports: the outputs checked against the inputs, the
  /// baseline read, every translation laid out with the outcomes streamed to the JSON report,
  /// the HTML page's labels drawn, and the files written together.
  ///
  /// The work runs on a thread of its own while it lays out (neither on the caller's actor nor
  /// on Swift's cooperative pool); run it in a child task (`async let`) to read ``progress``
  /// meanwhile.
  ///
  /// - Parameter outputs: The reports to write and what to print.
  /// - Returns: What to print; ``CheckPrintout/exitStatus`` is the run's.
  /// - Throws: ``CheckError``: ``CheckError/Code/outputConflict`` for an output naming an
  ///   input or another output; a baseline that is missing or not valid; a run the runner
  ///   refuses (``CheckRunner/check(_:shard:allowsEmpty:baseline:loader:consumers:progress:)``);
  ///   a file that cannot be written (then none is); or a session that already ran.
  public func run(writing outputs: CheckOutputs) async throws(CheckError) -> CheckPrintout {
    try await finishing { () throws(CheckError) in try self.check(writing: outputs) }
  }

  /// Checks the catalogs and records their failures in the ``Options/baselinePath`` file, as
  /// `--update-baseline` does; no report is written.
  ///
  /// - Parameter outputs: The reports the caller was asked for, only checked not to name the
  ///   baseline; with the JSON report printed, the run's warnings are ``notices``.
  /// - Returns: What to print: `recorded 3 failing translations in baseline.json`, with exit
  ///   status 0; its ``CheckPrintout/summary`` is the run's.
  /// - Throws: ``CheckError`` as ``run(writing:)`` does, for no baseline path, or when a file
  ///   could not be read (a baseline would miss its failures) or the baseline cannot be
  ///   written.
  public func recordBaseline(
    checking outputs: CheckOutputs = CheckOutputs()
  ) async throws(CheckError) -> CheckPrintout {
    try await finishing { () throws(CheckError) in try self.record(checking: outputs) }
  }

  /// Runs `work` on a thread of its own, then ends ``progress``.
  ///
  /// The run blocks its thread while it lays out (the runner spreads the entries over
  /// `DispatchQueue.concurrentPerform`), so it must not hold a thread of Swift's cooperative
  /// pool: on a 2-core machine the pool has two, `concurrentPerform` can take the second, and
  /// the reader of ``progress`` then gets no thread until the run ends. The caller's
  /// task-local output failure (a test's injected write failure) is carried over.
  private func finishing<Value: Sendable>(
    _ work: @escaping @Sendable () throws(CheckError) -> Value
  ) async throws(CheckError) -> Value {
    let continuation = continuation
    #if DEBUG
      let injected = OutputFile.injectedFailure
    #endif
    let result = await withCheckedContinuation {
      (finished: CheckedContinuation<Result<Value, CheckError>, Never>) in
      let thread = Thread {
        self.ranInTask.withLock { $0 = withUnsafeCurrentTask { $0 != nil } }
        // Binding a task-local outside any task crashes the statically linked release runtime
        // (`swift_task_localValuePush`, seen in `make check-dist`); only tests inject failures.
        #if DEBUG
          let result = OutputFile.$injectedFailure.withValue(injected) {
            Result { () throws(CheckError) in try work() }
          }
        #else
          let result = Result { () throws(CheckError) in try work() }
        #endif
        continuation.finish()
        finished.resume(returning: result)
      }
      thread.stackSize = Self.threadStackSize
      thread.start()
    }
    return try result.get()
  }

  /// The stack of the thread a run lays out on: 8 MiB, a main thread's on Linux.
  static let threadStackSize = 8 << 20

  private func check(writing outputs: CheckOutputs) throws(CheckError) -> CheckPrintout {
    try start(outputs: outputs, recordsBaseline: false)
    // The baseline is an input like the catalogs: read before any layout, so that a bad one
    // stops the run at once.
    let baseline = try options.baselinePath.map { path throws(CheckError) in
      try CheckBaseline(atPath: path)
    }
    let spool = outputs.printsJSON ? try CheckSpool() : nil
    let summary = try check(
      baseline: baseline, consumers: spool.map { [CheckJSONReport.Writer(to: $0)] } ?? [],
      outputs: outputs)
    var images: [String: Data] = [:]
    if outputs.html != nil {
      let drawn = runner.images(for: summary)
      images = drawn.images
      note(drawn.warnings.map { CheckNotice(.warning, $0) })
    }
    return try outputs.write(
      summary, json: spool.map { .spool($0) }, html: CheckHTMLReport(images: images))
  }

  private func record(checking outputs: CheckOutputs) throws(CheckError) -> CheckPrintout {
    guard let path = options.baselinePath else {
      throw CheckError("no baseline to record: give the session a baseline path")
    }
    try start(outputs: outputs, recordsBaseline: true)
    let summary = try check(baseline: nil, consumers: [], outputs: outputs)
    guard summary.run.errors.isEmpty else {
      let files = summary.run.errors.map(\.message).joined(separator: "; ")
      throw CheckError("not recording \(path): a baseline would miss the failures of \(files)")
    }
    try CheckBaseline(failuresOf: summary).write(to: URL(fileURLWithPath: path))
    let count = summary.failingCount
    return CheckPrintout(
      summary: summary,
      text: .string("recorded \(count) failing translation\(count == 1 ? "" : "s") in \(path)\n"),
      notices: [], exitStatus: 0)
  }

  /// Marks the session started (once) and refuses outputs that name an input.
  private func start(outputs: CheckOutputs, recordsBaseline: Bool) throws(CheckError) {
    let started = state.withLock { state in
      defer { state.started = true }
      return state.started
    }
    guard !started else { throw CheckError("this check session has already run; make another") }
    try CheckOutputPlan.check(
      constraintsPath: constraintsPath, constraints: constraints, catalogPaths: catalogPaths,
      baselinePath: options.baselinePath, recordsBaseline: recordsBaseline, outputs: outputs)
  }

  /// Runs the runner, yielding progress, and notes the run's warnings for a JSON printout.
  private func check(
    baseline: CheckBaseline?, consumers: [any CheckResultConsumer], outputs: CheckOutputs
  ) throws(CheckError) -> CheckSummary {
    let continuation = continuation
    let summary = try runner.check(
      catalogPaths.map { URL(fileURLWithPath: $0) }, shard: options.shard,
      allowsEmpty: options.allowsEmpty, baseline: baseline, consumers: consumers
    ) { continuation.yield($0) }
    if outputs.printsJSON { note(summary.run.warnings.map { CheckNotice(.warning, $0) }) }
    return summary
  }

  private func note(_ notices: [CheckNotice]) {
    state.withLock { $0.notices += notices }
  }
}
