// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Testing

@testable import TypeScaleInternals

/// Thread numbers: distinct for threads alive at once, and stable within a thread.
@Suite struct ThreadIndexTests {
  /// The numbers the threads saw.
  final class Numbers: Sendable { let list = Locked<[Int]>([]) }

  /// Threads alive at once have distinct numbers, and a thread keeps its number.
  @Test func threadIndices_areDistinctAndStable() {
    let threads = 8
    let numbers = Numbers()
    let started = DispatchGroup()
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for _ in 0..<threads {
      started.enter()
      finished.enter()
      let thread = Thread {
        let number = ThreadIndex.current
        numbers.list.withLock { $0.append(number) }
        started.leave()
        // Alive until every thread has its number, so that none can be reused.
        release.wait()
        numbers.list.withLock { $0.append(ThreadIndex.current == number ? -1 : -2) }
        finished.leave()
      }
      thread.start()
    }
    started.wait()
    for _ in 0..<threads { release.signal() }
    finished.wait()
    let all = numbers.list.withLock { $0 }
    let indices = all.filter { $0 >= 0 }
    #expect(indices.count == threads)
    #expect(Set(indices).count == threads)
    #expect(all.filter { $0 == -1 }.count == threads)
    #expect(ThreadIndex.current == ThreadIndex.current)
  }
}
