// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs blocking work (the store's blocking installs, which wait for URLSession) on a thread of
/// its own and awaits it: a test must not block a thread of Swift's cooperative pool, which on
/// Linux shares its threads with the Dispatch queues URLSession delivers answers on.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  let result: Result<T, any Error> = await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: Result { try body() }) }
  }
  return try result.get()
}

/// How many times longer than in a plain debug run a timing bound is: 30 under
/// ThreadSanitizer, else 1.
///
/// Under ThreadSanitizer, with the whole suite on two cores, other suites' CPU-bound work
/// (sampled: SHA-256 of fonts, rendering) keeps both threads of the cooperative pool — which on
/// Linux also run URLSession's and the timers' callbacks — busy for minutes at a time; a task
/// here may wait that long to be scheduled, whatever it waits for.
let timeScale: Double = dlsym(nil, "__tsan_init") == nil ? 1 : 30
