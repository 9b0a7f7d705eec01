// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Testing
import TypeScaleFonts
import TypeScaleInternals
import TypeScaleTestSupport

@testable import TypeScaleFontStore

#if canImport(Glibc)
  import Glibc
#endif

/// Loads must never hold a thread of Swift's cooperative pool while they wait: the pool has one
/// thread per core, two on a small machine, and every other task of the process needs them.
@Suite struct CooperativePoolTests {
  /// More loads than the pool has threads wait for the store's lock, which another holder has
  /// (as another process would); meanwhile an unrelated task must still run at once.
  @Test func loadsWaitingForTheStoreLockLeaveThePoolFree() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      let bytes = try fixtureData("Fixture-Regular.ttf")
      let count = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
      let fetched = Locked(0)
      let fetchedAll = AwaitableEvent()
      let source = BytesFontSource(identifier: "assets") { _ in
        if fetched.withLock({ fetched in
          fetched += 1
          return fetched
        }) == count {
          fetchedAll.fire()
        }
        return bytes
      }
      let holder = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CLOEXEC)
      try #require(holder >= 0)
      defer { close(holder) }
      try #require(flock(holder, LOCK_EX) == 0)
      // A watchdog off the pool releases the lock after eventDeadline whatever happens,
      // so that a pool starved by the loads cannot hang the test: it fails on the time instead.
      let release = DispatchSemaphore(value: 0)
      let released = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        _ = release.wait(timeout: .now() + eventDeadline)
        flock(holder, LOCK_UN)
        released.signal()
      }

      let clock = ContinuousClock()
      let start = clock.now
      let loads = (0..<count).map { index in
        Task {
          let request = FontRequest(family: "TypeScale Fixture", fileStem: "Fixture-\(index)")
          return try await store.load([request], from: source)
        }
      }
      // Every load has fetched and now waits for the lock; an unrelated task still runs.
      #expect(await fetchedAll.wait(seconds: eventDeadline))
      let answer = await Task.detached { 6 * 7 }.value
      let elapsed = clock.now - start
      release.signal()
      _ = try await onOwnThread { released.wait(timeout: .now() + eventDeadline) }
      for load in loads { _ = try await load.value }

      #expect(answer == 42)
      #expect(elapsed < .seconds(promptBound), "the pool was blocked for \(elapsed)")
      #expect(store.entries.count == count)
    }
  }

  /// A gate the server waits at opens on the event, not at its deadline.
  @Test func gateOpensOnTheEvent() async throws {
    let gate = LoopbackServer.Gate()
    let clock = ContinuousClock()
    let start = clock.now
    let waited = Locked<Bool?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let opened = gate.wait(seconds: eventDeadline)
      waited.withLock { $0 = opened }
      done.signal()
    }
    try await Task.sleep(for: .milliseconds(50))
    gate.open()
    let finished = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: done.wait(timeout: .now() + eventDeadline) == .success)
      }
    }
    #expect(finished)
    #expect(waited.withLock { $0 } == true)
    #expect(clock.now - start < .seconds(promptBound))
    // Opened once, it stays open for every later answer.
    #expect(gate.wait(seconds: 0))
  }
}
