// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Runs blocking work (the store's blocking installs, which wait for URLSession) on a thread of
/// its own and awaits it: a test must not block a thread of Swift's cooperative pool, which on
/// Linux shares its threads with the Dispatch queues URLSession delivers answers on.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  let result: Result<T, any Error> = await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: Result { try body() }) }
  }
  return try result.get()
}
