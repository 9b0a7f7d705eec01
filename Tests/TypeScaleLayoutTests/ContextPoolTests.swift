// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Synchronization
import Testing
import TypeScaleFonts
import TypeScaleInternals
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// The engine's pool of idle contexts: a thread gets its own back, nested borrows get distinct
/// contexts, idle contexts are bounded, and no context is ever lent to two borrowers at once.
@Suite struct ContextPoolTests {
  /// What the concurrent borrowers saw: the contexts held now, clashes and borrows (behind
  /// `Locked`, which ThreadSanitizer sees, not `Mutex`, whose contended path it does not).
  final class Tally: Sendable {
    let held = Locked<Set<ObjectIdentifier>>([])
    let clashes = Atomic<Int>(0)
    let borrows = Atomic<Int>(0)
  }

  /// A thread that gives a context back gets the same one on its next borrow.
  @Test func aThread_getsItsContextBack() {
    let pool = ContextPool()
    let first = pool.borrow()
    pool.giveBack(first)
    #expect(pool.idleCount == 1)
    let second = pool.borrow()
    #expect(second === first)
    #expect(pool.idleCount == 0)
    pool.giveBack(second)
  }

  /// A borrow while the thread already holds its context gets another one; both are kept when
  /// given back (the second in another slot).
  @Test func nestedBorrows_getDistinctContexts() {
    let pool = ContextPool()
    let outer = pool.borrow()
    let inner = pool.borrow()
    #expect(outer !== inner)
    #expect(outer.context !== inner.context)
    pool.giveBack(inner)
    pool.giveBack(outer)
    #expect(pool.idleCount == 2)
    let again = [pool.borrow(), pool.borrow()]
    #expect(
      Set(again.map(ObjectIdentifier.init)) == [ObjectIdentifier(outer), ObjectIdentifier(inner)])
  }

  /// At most one idle context per slot is kept; the rest are freed.
  @Test(arguments: [1, 4, 16])
  func idleContexts_areBoundedBySlots(slots: Int) {
    let pool = ContextPool(slots: slots)
    let boxes = (0..<20).map { _ in pool.borrow() }
    #expect(Set(boxes.map(ObjectIdentifier.init)).count == 20)
    for box in boxes { pool.giveBack(box) }
    #expect(pool.idleCount == slots)
  }

  /// Eight threads (more than the two-slot pool has slots) borrowing and giving back at once:
  /// no context is held by two of them at the same time.
  @Test(arguments: [2, 16])
  func concurrentBorrowers_neverShareAContext(slots: Int) async {
    let pool = ContextPool(slots: slots)
    let tally = Tally()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<2_000 {
            let box = pool.borrow()
            let id = ObjectIdentifier(box)
            if !tally.held.withLock({ $0.insert(id).inserted }) {
              tally.clashes.add(1, ordering: .relaxed)
            }
            tally.borrows.add(1, ordering: .relaxed)
            tally.held.withLock { _ = $0.remove(id) }
            pool.giveBack(box)
          }
        }
      }
    }
    #expect(tally.clashes.load(ordering: .relaxed) == 0)
    #expect(tally.borrows.load(ordering: .relaxed) == 16_000)
    #expect(pool.idleCount <= slots)
    #expect(pool.idleCount > 0)
  }
}
