// SPDX-License-Identifier: Apache-2.0

import Synchronization
import TypeScaleInternals

/// The engine's idle ``LayoutContext``s, lent to the methods that take none: a slot per thread,
/// so that threads borrowing and returning at once write no common memory.
///
/// A thread takes the context in its own slot (``ThreadIndex`` modulo the slot count) and puts
/// it back there. Only when its slot is empty (its first layout, a nested borrow, or more
/// threads than slots) does it look at the other slots, and only when those are empty too does
/// it make a context. At most one context per slot stays idle, as many as the single list this
/// replaces kept; the rest are freed when returned. Each slot's atomic has a 64-byte line of its
/// own, so one thread's borrow does not invalidate another's slot (false sharing).
final class ContextPool: Sendable {
  /// A context with a reference count, so that a slot can hold it as an `Unmanaged` pointer.
  final class Box: @unchecked Sendable {
    // Used by one thread at a time: the pool hands each out to one caller.
    let context = LayoutContext()
  }

  /// One slot: an idle context or `nil`, padded so that no other slot's atomic shares its line.
  private final class Slot: Sendable {
    private let before: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
    let box = Atomic<Unmanaged<Box>?>(nil)
    private let after: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)

    deinit { box.load(ordering: .acquiring)?.release() }
  }

  private let slots: [Slot]

  /// Creates a pool with `slots` slots (at least one).
  init(slots: Int = 16) {
    self.slots = (0..<max(1, slots)).map { _ in Slot() }
  }

  /// An idle context, the calling thread's own when there is one, or a new one.
  func borrow() -> Box {
    let own = ThreadIndex.current % slots.count
    if let box = slots[own].box.exchange(nil, ordering: .acquiring) {
      return box.takeRetainedValue()
    }
    for offset in 1..<slots.count {
      let slot = slots[(own + offset) % slots.count]
      // Read first: an empty slot is left unwritten, so its owner's line stays valid.
      guard slot.box.load(ordering: .relaxed) != nil,
        let box = slot.box.exchange(nil, ordering: .acquiring)
      else { continue }
      return box.takeRetainedValue()
    }
    return Box()
  }

  /// Keeps `box` in the calling thread's slot, or another empty one, or frees it.
  func giveBack(_ box: Box) {
    let own = ThreadIndex.current % slots.count
    let stored = Unmanaged.passRetained(box)
    for offset in 0..<slots.count {
      let slot = slots[(own + offset) % slots.count]
      guard offset == 0 || slot.box.load(ordering: .relaxed) == nil else { continue }
      if slot.box.compareExchange(expected: nil, desired: stored, ordering: .releasing).exchanged {
        return
      }
    }
    stored.release()
  }

  /// The number of idle contexts, for tests.
  var idleCount: Int { slots.count { $0.box.load(ordering: .acquiring) != nil } }
}
