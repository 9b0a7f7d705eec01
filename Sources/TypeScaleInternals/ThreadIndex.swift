// SPDX-License-Identifier: Apache-2.0

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small number for the calling thread, given out in the order threads first ask (0, 1, 2…).
///
/// Pools that keep a slot per thread (`ContextPool` in TypeScaleLayout) pick the slot with it,
/// so that two threads never share a slot while there are fewer threads than slots. Unlike a
/// hash of `pthread_self()`, it gives the first threads distinct numbers. Numbers are not
/// reused when a thread exits; the pools take them modulo their size.
package enum ThreadIndex {
  /// The thread-specific key holding each thread's number plus one (`nil` for none yet), or
  /// `nil` if the process has no key left (`PTHREAD_KEYS_MAX`): then every thread is number 0,
  /// which pools handle as they handle more threads than slots.
  private static let key: pthread_key_t? = {
    var key = pthread_key_t()
    // No destructor: the value is a number, not an allocation.
    return pthread_key_create(&key, nil) == 0 ? key : nil
  }()

  /// The next number to give out.
  private static let next = Atomic<Int>(0)

  /// The calling thread's number.
  package static var current: Int {
    guard let key else { return 0 }
    if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) - 1 }
    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue & Int(Int32.max)
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: index + 1))
    return index
  }
}
