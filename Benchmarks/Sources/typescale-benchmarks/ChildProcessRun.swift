// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One child process, timed: wall time, exit status and the child's own resource usage from
/// `wait4`, which reports that child alone (not every child reaped so far, as
/// `getrusage(RUSAGE_CHILDREN)` does).
///
/// On Linux a child's `ru_maxrss` is at least its parent's peak resident size when it was
/// started (`posix_spawn` shares the parent's address space until `exec`, and the kernel keeps
/// the larger high-water mark): ``parentPeakResidentBytes`` records that floor beside it.
struct ChildProcessRun {
  /// The wall time from just before `posix_spawn` to `wait4` returning, in seconds.
  let seconds: Double
  /// The exit status, or `nil` when a signal ended the child.
  let exitStatus: Int32?
  /// The signal that ended it, if one did.
  let signal: Int32?
  /// Whether it was killed for running longer than the time limit.
  let timedOut: Bool
  /// The child's peak resident size in bytes (`ru_maxrss`).
  let peakResidentBytes: Int
  /// The parent's own peak resident size when the child started: the least `ru_maxrss` can be.
  let parentPeakResidentBytes: Int
  /// The child's user and system CPU time, in seconds.
  let cpuSeconds: Double

  /// Whether the peak may be the parent's rather than the child's own.
  var peakIsInherited: Bool { peakResidentBytes <= parentPeakResidentBytes }

  /// Runs a command with its standard output and standard error going to files.
  ///
  /// - Parameters:
  ///   - command: The executable's path, then its arguments.
  ///   - standardOutput: The file standard output is written to (created or truncated).
  ///   - standardError: The file standard error is written to (created or truncated).
  ///   - timeLimit: Seconds after which the child is killed (`SIGKILL`).
  /// - Returns: The run.
  /// - Throws: ``CorpusError`` when the child cannot be started.
  static func run(
    _ command: [String], standardOutput: URL, standardError: URL, timeLimit: Double
  ) throws -> ChildProcessRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let flags = O_WRONLY | O_CREAT | O_TRUNC
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, standardOutput.path, flags, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, standardError.path, flags, 0o644)
    let arguments = command.map { strdup($0) } + [nil]
    defer { arguments.forEach { free($0) } }
    let parentPeak = highWaterResidentBytes()
    var child: pid_t = 0
    let start = ContinuousClock.now
    let spawned = posix_spawn(&child, command[0], &actions, nil, arguments, environ)
    guard spawned == 0 else {
      throw CorpusError(
        description: "cannot start \(command[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    var timedOut = false
    // Polled every 5 ms (at most 5 ms late on runs of seconds), so that a run past the limit
    // can be killed.
    while true {
      let reaped = wait4(child, &status, WNOHANG, &usage)
      if reaped == child { break }
      if reaped < 0 && errno != EINTR {
        throw CorpusError(
          description: "waiting for \(command[0]): \(String(cString: strerror(errno)))")
      }
      if !timedOut && elapsedSeconds(since: start) > timeLimit {
        timedOut = true
        kill(child, SIGKILL)
      }
      usleep(5000)
    }
    let seconds = elapsedSeconds(since: start)
    let signal = status & 0x7f
    let cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
    return ChildProcessRun(
      seconds: seconds, exitStatus: signal == 0 ? (status >> 8) & 0xff : nil,
      signal: signal == 0 ? nil : signal, timedOut: timedOut,
      peakResidentBytes: usage.ru_maxrss * 1024, parentPeakResidentBytes: parentPeak,
      cpuSeconds: cpu)
  }

  /// How the child ended: "exit 1", "killed by signal 9", "timed out after 600 s".
  func ending(timeLimit: Double) -> String {
    if timedOut { return "timed out after \(Int(timeLimit)) s" }
    if let exitStatus { return "exit \(exitStatus)" }
    return "killed by signal \(signal ?? 0)"
  }
}

/// Seconds since an instant of the continuous clock.
func elapsedSeconds(since start: ContinuousClock.Instant) -> Double {
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}
