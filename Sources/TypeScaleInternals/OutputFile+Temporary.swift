// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension OutputFile {
  /// A temporary file with a name its caller chooses, written, synced and renamed into place by
  /// ``commit(to:renaming:)``, or removed when it is released uncommitted: the atomic writer of a
  /// caller that keeps its own naming and cleanup rules (the font store's `.tmp-<UUID>` files).
  ///
  /// It is created with `O_CREAT | O_EXCL | O_NOFOLLOW` (``SystemCall/createNew(_:mode:)``), so it
  /// never follows or replaces a link. Created `holdingSharedLock`, its creator holds a shared
  /// `flock(2)` on it until it is renamed or removed, and the name is checked to still lead to
  /// the locked file: a cleaner that removes only the files it can lock exclusively never
  /// removes one being written, and the kernel drops the lock when the creator dies.
  package final class Temporary {
    /// Why a temporary file could not be made, written or renamed.
    package enum Failure: Error, Equatable {
      /// A system call failed: its name (`open`, `write`, `fsync`) and `errno`.
      case system(call: String, path: String, code: Int32)
      /// Every name tried was removed or replaced between its creation and its lock.
      case notKept(folder: String)
    }

    /// The file's path.
    package let path: String
    /// The open descriptor, for writing; it stays open until the file is committed or removed.
    package let descriptor: Int32
    private var settled = false

    /// Creates an empty file in `folder`, open for writing.
    ///
    /// - Parameters:
    ///   - folder: The folder (no trailing slash needed).
    ///   - name: A new name for each attempt, such as `.tmp-` and a UUID.
    ///   - mode: The permission bits, before the umask.
    ///   - holdingSharedLock: Whether the creator holds a shared `flock` on it until it is
    ///     renamed or removed; a name that no longer leads to the locked file is tried again
    ///     with a new name, up to three times.
    /// - Throws: ``Failure``; nothing is left behind.
    package init(
      in folder: String, name: () -> String, mode: mode_t, holdingSharedLock: Bool = false
    ) throws(Failure) {
      let base = folder.hasSuffix("/") ? folder : folder + "/"
      for _ in 0..<(holdingSharedLock ? 3 : 1) {
        let path = base + name()
        let descriptor = SystemCall.createNew(path, mode: mode)
        guard descriptor >= 0 else { throw .system(call: "open", path: path, code: errno) }
        if !holdingSharedLock || Self.lockAndCheck(descriptor, path) {
          self.path = path
          self.descriptor = descriptor
          return
        }
        _ = SystemCall.close(descriptor)
      }
      throw .notKept(folder: folder)
    }

    deinit {
      if !settled { unlink(path) }
      _ = SystemCall.close(descriptor)
    }

    /// Locks `descriptor` shared and checks that `path` still names it: a cleaner may have
    /// removed the file between its creation and the lock.
    private static func lockAndCheck(_ descriptor: Int32, _ path: String) -> Bool {
      var opened = stat()
      var named = stat()
      return SystemCall.lock(descriptor, LOCK_SH) == 0 && fstat(descriptor, &opened) == 0
        && lstat(path, &named) == 0 && opened.st_ino == named.st_ino
        && opened.st_dev == named.st_dev
    }

    /// Writes every byte to an open file and syncs it (`fsync`).
    ///
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - descriptor: The open file.
    /// - Returns: `nil`, or the call that failed (`write`, `fsync`) and its `errno`.
    package static func writeAndSync(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32)
      -> (call: String, code: Int32)?
    {
      let written = SystemCall.writeAll(descriptor, bytes)
      if written != 0 { return ("write", written) }
      let synced = SystemCall.sync(descriptor)
      return synced == 0 ? nil : ("fsync", synced)
    }

    /// Writes every byte and syncs the file.
    ///
    /// - Parameter bytes: The bytes.
    /// - Throws: ``Failure/system(call:path:code:)``; the file stays until it is released.
    package func write(_ bytes: [UInt8]) throws(Failure) {
      let failure = bytes.withUnsafeBytes { Self.writeAndSync($0, to: descriptor) }
      if let failure {
        throw .system(call: failure.call, path: path, code: failure.code)
      }
    }

    /// Renames the file over `target` with `renaming` (``SystemCall/rename(_:to:)`` unless a
    /// caller injects a failure), then syncs the target's folder; the file is no longer removed
    /// afterwards.
    ///
    /// - Parameters:
    ///   - target: The file it replaces atomically.
    ///   - renaming: The rename: called with this file's path and `target`.
    /// - Throws: What `renaming` throws; the file is then still removed when released.
    package func commit<Failure: Error>(
      to target: String, renaming: (String, String) throws(Failure) -> Void
    ) throws(Failure) {
      try renaming(path, target)
      settled = true
      SystemCall.syncFolder(OutputFile.folder(of: target))
    }

    /// Keeps the file where it is when it is released (closed, not removed): for a file its
    /// caller removes itself.
    package func keep() { settled = true }
  }

  /// Removes the regular file at `path` when no process holds a `flock(2)` on it: a temporary
  /// file whose writer died, never one being written (its writer holds a lock).
  ///
  /// The file is opened with `O_NOFOLLOW | O_NONBLOCK`: a symbolic link or a FIFO is never
  /// followed, opened blocking or removed.
  ///
  /// - Parameter path: The file.
  /// - Returns: Whether it was removed.
  @discardableResult
  package static func removeIfUnlocked(_ path: String) -> Bool {
    let descriptor = SystemCall.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { _ = SystemCall.close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      SystemCall.lock(descriptor, LOCK_EX | LOCK_NB) == 0
    else { return false }
    return unlink(path) == 0
  }
}
