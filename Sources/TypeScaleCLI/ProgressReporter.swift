// SPDX-License-Identifier: Apache-2.0

import TypeScaleCheck

/// The one progress line of the CLI, on standard error: `typescale check`'s `checking 14,467
/// translations: …; 1,204 of 20,000 entries done` and `typescale goldens`' `[100/192] cases`.
///
/// It is given each progress value and decides whether to draw it, by its ``Pace``; on a
/// terminal the line is redrawn in place with `\r` and ended with a newline by ``finish()``,
/// elsewhere each drawn value is a line of its own. It keeps its own copy of the stream (a
/// callback that escapes cannot write to an `inout` one); the caller takes ``stream`` back at
/// the end.
final class ProgressReporter<Stream: TextOutputStream> {
  /// When values are drawn.
  enum Pace {
    /// Only once the run has lasted `delay`: then at most four times a second on a terminal,
    /// once a second otherwise (`typescale check`).
    case timed(delay: Duration)
    /// On a terminal only, for runs of at least `step` units: every `step` units and at the
    /// last one (`typescale goldens`).
    case every(Int)
  }

  /// The stream drawn on, to hand back to the caller.
  private(set) var stream: Stream
  private let terminal: Bool
  private let pace: Pace
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var lastDrawn: ContinuousClock.Instant?

  /// Creates a reporter that has drawn nothing.
  ///
  /// - Parameters:
  ///   - stream: Standard error.
  ///   - terminal: Whether standard error is a terminal.
  ///   - pace: When values are drawn.
  init(_ stream: Stream, terminal: Bool, pace: Pace) {
    self.stream = stream
    self.terminal = terminal
    self.pace = pace
    start = clock.now
  }

  /// Draws a value if its pace says so.
  ///
  /// - Parameters:
  ///   - done: Units done.
  ///   - total: Units in all.
  ///   - line: The line, made only when it is drawn.
  func update(done: Int, total: Int, line: () -> String) {
    let now = clock.now
    switch pace {
    case .timed(let delay):
      let interval: Duration = terminal ? .milliseconds(250) : .seconds(1)
      guard now - start >= delay, lastDrawn.map({ now - $0 >= interval }) ?? true else { return }
    case .every(let step):
      guard terminal, total >= step, done % step == 0 || done == total else { return }
    }
    stream.write(terminal ? "\r" + line() : line() + "\n")
    lastDrawn = now
  }

  /// Ends a line redrawn on a terminal, so what follows starts on a line of its own.
  func finish() {
    if terminal && lastDrawn != nil { stream.write("\n") }
    lastDrawn = nil
  }
}

extension ProgressReporter {
  /// How long a check runs before its progress is drawn: 1 s.
  static var checkDelay: Duration { .seconds(1) }

  /// Draws a check session's progress on standard error until it ends (the run's end), for
  /// runs over ``checkDelay``: `checking 14,467 translations: 162,000 layouts; 1,204 of 20,000
  /// entries done`, redrawn with `\r` at most four times a second on a terminal, a plain line
  /// at most once a second otherwise.
  ///
  /// - Parameters:
  ///   - progress: ``CheckSession/progress``.
  ///   - errorOutput: Standard error.
  static func draw(_ progress: AsyncStream<CheckProgress>, on errorOutput: inout Stream) async {
    let reporter = ProgressReporter(
      errorOutput, terminal: GoldensCommand.errorOutputIsTerminal(),
      pace: .timed(delay: checkDelay))
    for await state in progress {
      reporter.update(done: state.done, total: state.total) {
        "checking \(CheckPlan.number(state.translations)) translations: "
          + "\(CheckPlan.number(state.layouts)) layouts; \(CheckPlan.number(state.done)) of "
          + "\(CheckPlan.number(state.total)) entries done"
      }
    }
    reporter.finish()
    errorOutput = reporter.stream
  }
}
