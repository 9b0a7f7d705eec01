// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// An advisory lock on a file (`flock(2)`), held while the store reads and rewrites its index.
///
/// Each acquisition opens the file anew: `flock` locks belong to an open file description, so
/// two stores in one process exclude each other just as two processes do. The kernel releases
/// the lock when a process dies, so a crash never leaves the store locked.
enum FileLock {
  /// Runs `body` holding an exclusive lock on `path`, creating the file if needed; waits while
  /// another holder has it.
  ///
  /// - Throws: ``FontStoreError/Code/storage`` when the file cannot be opened or locked, or
  ///   what `body` throws.
  static func withExclusiveLock<T>(
    at path: String, _ body: () throws(FontStoreError) -> T
  ) throws(FontStoreError) -> T {
    let descriptor = SystemCall.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw StoreFiles.error(errno, "could not open the store's lock file \(path)")
    }
    defer { _ = SystemCall.close(descriptor) }
    let code = SystemCall.lock(descriptor, LOCK_EX)
    guard code == 0 else { throw StoreFiles.error(code, "could not lock \(path)") }
    defer { _ = SystemCall.lock(descriptor, LOCK_UN) }
    return try body()
  }
}
