// SPDX-License-Identifier: Apache-2.0

import Dispatch
import TypeScaleInternals

/// Something that happens once, which tests await without polling.
///
/// Whoever sees the event happen calls ``fire()``, from any thread; ``wait(seconds:)`` suspends
/// on a continuation until then, holding no thread. The bound only matters when a test fails: a
/// wait still pending after it returns `false` instead of hanging the suite.
///
/// ```swift
/// let fetchedAll = AwaitableEvent()
/// let source = BytesFontSource(identifier: "assets") { _ in
///   if fetched.withLock({ $0 += 1; return $0 }) == count { fetchedAll.fire() }
///   return bytes
/// }
/// #expect(await fetchedAll.wait())
/// ```
public final class AwaitableEvent: Sendable {
  private struct State {
    var fired = false
    var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    var nextWaiter = 0
  }

  private let state = Locked(State())

  /// An event that has not happened yet.
  public init() {}

  /// Whether the event has happened.
  public var hasFired: Bool { state.withLock { $0.fired } }

  /// Records that the event happened and resumes every wait; later calls do nothing.
  public func fire() {
    let waiters = state.withLock { state in
      defer { state.waiters = [:] }
      state.fired = true
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: true) }
  }

  /// Waits until the event has happened, for at most `seconds`.
  ///
  /// - Parameter seconds: The most to wait; ``TimeBudget/eventWait`` by default.
  /// - Returns: `true` once the event has happened (at once if it already had), `false` when
  ///   the bound passed first.
  public func wait(seconds: Double = TimeBudget.eventWait) async -> Bool {
    await withCheckedContinuation { continuation in
      let id = state.withLock { state -> Int? in
        guard !state.fired else { return nil }
        let id = state.nextWaiter
        state.nextWaiter += 1
        state.waiters[id] = continuation
        return id
      }
      guard let id else { return continuation.resume(returning: true) }
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: false)
      }
    }
  }
}
