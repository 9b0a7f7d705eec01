// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization

@testable import TypeScaleCLI

/// Runs `typescale` in-process and returns its exit status, standard output and standard error.
///
/// - Parameters:
///   - arguments: The command line, without the program name.
///   - terminal: Whether standard error counts as a terminal (progress lines); `false` by
///     default, so no test depends on how it is run.
/// - Returns: The exit status, standard output and standard error.
func typescale(
  _ arguments: [String], terminal: Bool = false
) async -> (status: Int32, output: String, error: String) {
  var output = ""
  var error = ""
  let status = await GoldensCommand.$errorOutputIsTerminal.withValue({ terminal }) {
    await CLI.run(TypeScaleCommand.self, arguments: arguments, output: &output, errorOutput: &error)
  }
  return (status.rawValue, output, error)
}

/// Runs `typescale` in-process with its arguments listed.
func typescale(_ arguments: String...) async -> (status: Int32, output: String, error: String) {
  await typescale(arguments)
}

/// Runs `typescale` in-process from synchronous code: the calling thread runs the command's
/// jobs itself until it ends.
///
/// Only for the synchronous tests that remain (`FontsStoreCommandTests`); an async test awaits
/// the overload above. The caller is a thread of Swift's cooperative pool, which on Linux does
/// not grow when its threads block: waiting on a semaphore for a task that needs the pool
/// deadlocks once every pool thread waits so. Here the run prefers a task executor that is the
/// calling thread, so it needs no other thread of the pool.
///
/// - Parameters:
///   - arguments: The command line, without the program name.
///   - terminal: Whether standard error counts as a terminal.
/// - Returns: The exit status, standard output and standard error.
func typescale(
  _ arguments: [String], terminal: Bool = false
) -> (status: Int32, output: String, error: String) {
  let executor = CallingThreadExecutor()
  let result = Mutex<(status: Int32, output: String, error: String)?>(nil)
  Task(executorPreference: executor) {
    let run = await typescale(arguments, terminal: terminal)
    result.withLock { $0 = run }
    executor.stop()
  }
  executor.runUntilStopped()
  return result.withLock { $0 } ?? (-1, "", "the run ended without a result")
}

/// A task executor whose jobs run on the thread that calls ``runUntilStopped()``.
private final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Ends ``runUntilStopped()`` once the jobs enqueued so far have run.
  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  /// Runs jobs as they come until ``stop()``.
  func runUntilStopped() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      guard !jobs.isEmpty else {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
