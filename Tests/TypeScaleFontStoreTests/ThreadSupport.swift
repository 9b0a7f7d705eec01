// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleTestSupport

/// Runs blocking work (the store's blocking installs, which wait for URLSession) on a thread of
/// its own and awaits it: a test must not block a thread of Swift's cooperative pool, which on
/// Linux shares its threads with the Dispatch queues URLSession delivers answers on.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  let result: Result<T, any Error> = await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: Result { try body() }) }
  }
  return try result.get()
}

/// How many times longer than in a plain debug run a timing bound is: `TimeBudget.scale` (30
/// under ThreadSanitizer, 5 under AddressSanitizer, else 1).
///
/// Under ThreadSanitizer, with the whole suite on two cores, other suites' CPU-bound work
/// (sampled: SHA-256 of fonts, rendering) keeps both threads of the cooperative pool — which on
/// Linux also run URLSession's and the timers' callbacks — busy for minutes at a time; a task
/// here may wait that long to be scheduled, whatever it waits for.
let timeScale: Double = TimeBudget.scale

/// How long a test waits for an event before it gives up and fails: 120 s, times ``timeScale``.
let eventDeadline = 120 * timeScale

/// The most a step that must not wait for the event may take: 60 s, times ``timeScale``.
///
/// Half of ``eventDeadline``, so that a step that did wait for the event (and so took at least
/// the deadline) is told apart from one that was only scheduled late: in the full suite on two
/// cores, CPU-bound tests elsewhere hold both cooperative threads for tens of seconds (31 s seen
/// on a slow VM), and a bound of 30 s failed tests that had not waited at all.
let promptBound = 60 * timeScale
