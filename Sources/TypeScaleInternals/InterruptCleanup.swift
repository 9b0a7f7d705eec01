// SPDX-License-Identifier: Apache-2.0

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files of open writers (golden files, a run's staged outputs), removed when the
/// process receives SIGINT or SIGTERM once ``install()`` has run.
///
/// The paths are kept in fixed C buffers a signal handler can read without locking or
/// allocating. A slot's first byte is written last (after a fence) and cleared first, so the
/// handler sees either no path or a whole one. Up to ``slotCount`` files at once; the files of
/// more are left for a later writer's stale-file clean-up.
package enum InterruptCleanup {
  /// The most temporary files registered at once: 16.
  package static let slotCount = 16
  static let slotSize = Int(PATH_MAX) + 1
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<CChar> = {
    let slots = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
    slots.initialize(repeating: 0, count: slotCount * slotSize)
    return slots
  }()
  // `Locked`, not `Synchronization.Mutex`: ThreadSanitizer does not see `Mutex`'s contended
  // path, and reported two writers registering at once as a race (see `Locked`).
  static let claimed = Locked<[Bool]>(Array(repeating: false, count: slotCount))
  static let installed = Locked(false)

  /// Installs the SIGINT and SIGTERM handler.
  ///
  /// Only for a signal whose disposition is still the default (an app's own handlers are
  /// kept); calling it again does nothing. The handler only calls `unlink(2)`, `signal(2)` and
  /// `raise(3)`, which are async-signal-safe.
  package static func install() {
    _ = slots  // Allocated before any handler can read it.
    installed.withLock { installed in
      guard !installed else { return }
      installed = true
      for signalNumber in [SIGINT, SIGTERM] {
        let previous = signal(signalNumber, removeTemporaryFilesAndRaise)
        if unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_DFL, to: Int.self) {
          signal(signalNumber, previous)
        }
      }
    }
  }

  /// Registers a temporary file for the handler to remove.
  ///
  /// - Parameter path: The temporary file.
  /// - Returns: Its slot, for ``unregister(_:)``, or `nil` when every slot is taken or the
  ///   path is longer than `PATH_MAX`.
  package static func register(_ path: String) -> Int? {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count < slotSize else { return nil }
    guard
      let index = claimed.withLock({ claimed -> Int? in
        guard let free = claimed.firstIndex(of: false) else { return nil }
        claimed[free] = true
        return free
      })
    else { return nil }
    let slot = slots + index * slotSize
    for (offset, byte) in bytes.enumerated().dropFirst() { slot[offset] = CChar(bitPattern: byte) }
    slot[bytes.count] = 0
    atomicMemoryFence(ordering: .sequentiallyConsistent)
    slot[0] = CChar(bitPattern: bytes[0])
    return index
  }

  /// Forgets a temporary file that was renamed or removed.
  ///
  /// - Parameter index: The slot ``register(_:)`` returned.
  package static func unregister(_ index: Int?) {
    guard let index else { return }
    slots[index * slotSize] = 0
    atomicMemoryFence(ordering: .sequentiallyConsistent)
    claimed.withLock { $0[index] = false }
  }
}

/// The SIGINT/SIGTERM handler: unlinks every registered temporary file, restores the default
/// action and raises the signal again (it is blocked until the handler returns).
private func removeTemporaryFilesAndRaise(_ signalNumber: Int32) {
  for index in 0..<InterruptCleanup.slotCount {
    let slot = InterruptCleanup.slots + index * InterruptCleanup.slotSize
    if slot[0] != 0 { unlink(slot) }
  }
  signal(signalNumber, SIG_DFL)
  raise(signalNumber)
}
