// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a POSIX mutex: the lock every TypeScale type that is shared between threads
/// keeps its state behind.
///
/// The same shape as `Synchronization.Mutex` (`withLock` hands the body the value `inout`), but a
/// class over `pthread_mutex_t` rather than a futex. The reason is ThreadSanitizer, which CI runs
/// over the whole suite: it intercepts `pthread_mutex_lock`, but not the futex path that
/// `Synchronization.Mutex` takes under contention inside the (uninstrumented) standard library,
/// so with `Mutex` every contended lock looked like a data race — 167 false reports in one loaded
/// CI run, and none in a quiet one. With this lock ThreadSanitizer sees every acquire and
/// release, so a report means a real race.
///
/// An uncontended lock and unlock costs about as much as `Mutex`'s (one atomic each way in glibc).
/// `withLock` is inlinable, so callers in other modules get it specialized to their value type
/// rather than going through generic metadata on every call.
/// The value lives behind a pointer allocated with the lock, not in a stored `var`: the body's
/// `inout` access then needs no run-time exclusivity check (`swift_beginAccess` and
/// `swift_endAccess`: about 100 instructions a lock by callgrind, paid on every lock a layout
/// took), and the mutex already makes the access exclusive.
/// The mutex and the value share one allocation aligned to and padded out to whole 64-byte cache
/// lines: taking the lock and changing a small value touch one line, and no other lock or value
/// shares it, so that threads using two different locks (the shape cache's stripes) do not
/// invalidate each other's lines (false sharing).
/// On glibc the mutex is adaptive (`PTHREAD_MUTEX_ADAPTIVE_NP`): a thread that finds it held spins
/// briefly before sleeping in the kernel. Every section held here is short (a dictionary lookup,
/// a counter), so a contended lock is usually free again within the spin, and two threads
/// sharing an engine rarely pay a context switch for it.
/// Not reentrant: calling `withLock` from inside its own body deadlocks.
package final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline let value: UnsafeMutablePointer<Value>

  /// Creates the lock holding `initialValue`.
  ///
  /// - Parameter initialValue: The value the lock guards.
  package init(_ initialValue: consuming Value) {
    let line = 64
    let alignment = max(line, MemoryLayout<Value>.alignment)
    let valueOffset = Self.roundedUp(
      MemoryLayout<pthread_mutex_t>.size, MemoryLayout<Value>.alignment)
    let storage = UnsafeMutableRawPointer.allocate(
      byteCount: Self.roundedUp(valueOffset + MemoryLayout<Value>.size, line), alignment: alignment)
    mutex = storage.initializeMemory(as: pthread_mutex_t.self, to: pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    #if canImport(Glibc)
      // Spin a little before sleeping: the sections held are short.
      pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
    #endif
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
    value = (storage + valueOffset).bindMemory(to: Value.self, capacity: 1)
    value.initialize(to: initialValue)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    value.deinitialize(count: 1)
    mutex.deinitialize(count: 1)
    UnsafeMutableRawPointer(mutex).deallocate()
  }

  /// `size` rounded up to a multiple of `alignment` (a power of two).
  private static func roundedUp(_ size: Int, _ alignment: Int) -> Int {
    (size + alignment - 1) & ~(alignment - 1)
  }

  /// Runs `body` with the value while holding the lock, and returns what it returns.
  ///
  /// - Parameter body: Reads or changes the value; must not call `withLock` on the same lock.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, after unlocking.
  @inlinable
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value.pointee)
  }
}
