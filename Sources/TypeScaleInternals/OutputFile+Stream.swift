// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension OutputFile {
  /// One output written as its bytes come (a golden file, line by line), by ``OutputTarget``'s
  /// rules: to a temporary file beside a regular target, synced and renamed over it by
  /// ``commit()``; straight through to a device, terminal or FIFO.
  ///
  /// Until ``commit()`` a regular target is untouched. A stream released without committing,
  /// or one whose write, sync or rename fails, removes its temporary file; so does SIGINT or
  /// SIGTERM once ``InterruptCleanup/install()`` has run.
  package final class Stream {
    /// The path as the caller gave it, for messages.
    package let given: String
    /// The temporary file the bytes go to, or the target itself when written through.
    package let temporaryPath: String
    /// The file renamed over by ``commit()`` (links followed), or `nil` when written through.
    package let target: String?
    private var descriptor: Int32
    private var slot: Int?

    /// Opens a stream to `target`.
    ///
    /// - Parameters:
    ///   - target: Where the bytes go, from ``OutputTarget/resolve(_:)``.
    ///   - given: The path as the caller gave it, for messages.
    ///   - locked: Whether the temporary file is held with an exclusive `flock(2)` until it is
    ///     renamed or removed, so that a cleaner of leftovers can tell it from one a killed
    ///     process left.
    /// - Throws: ``OutputFileError`` naming `given`; nothing is left behind.
    package init(to target: OutputTarget, given: String, locked: Bool = false)
      throws(OutputFileError)
    {
      self.given = given
      switch target {
      case .special(let path, _):
        self.target = nil
        temporaryPath = path
        descriptor = try OutputFile.openThrough(path)
      case .file(let path, let existing):
        self.target = path
        temporaryPath = OutputFile.temporaryPath(beside: path)
        descriptor = SystemCall.createNew(temporaryPath, mode: 0o666)
        guard descriptor >= 0 else {
          throw OutputFileError(
            path: given,
            message: "cannot write \(DisplayText.quoted(given)): " + SystemCall.reason(errno))
        }
        if let existing {
          // Best effort: an owner a non-root process cannot give is left as it is.
          if existing.owner != getuid() || existing.group != getgid() {
            _ = fchown(descriptor, existing.owner, existing.group)
          }
          _ = fchmod(descriptor, existing.permissions)
        }
        if locked { _ = SystemCall.lock(descriptor, LOCK_EX | LOCK_NB) }
        slot = InterruptCleanup.register(temporaryPath)
      }
    }

    deinit { discard() }

    /// Whether the stream is still open: not yet committed or discarded.
    package var isOpen: Bool { descriptor >= 0 }

    /// Writes bytes.
    ///
    /// - Parameter bytes: The bytes.
    /// - Throws: ``OutputFileError`` (`write failed: No space left on device`); the temporary
    ///   file is then removed.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
      guard descriptor >= 0 else { throw closed() }
      let code = OutputFile.injectedFailure(given) ?? SystemCall.writeAll(descriptor, bytes)
      guard code == 0 else { throw failure("write", code) }
    }

    /// Syncs the temporary file and renames it over the target, then syncs the target's folder;
    /// for a target written through, closes it.
    ///
    /// - Throws: ``OutputFileError`` when `fsync` or `rename` fails; the temporary file is
    ///   removed and the target is as it was.
    package func commit() throws(OutputFileError) {
      guard descriptor >= 0 else { throw closed() }
      guard let target else {
        _ = SystemCall.close(descriptor)
        descriptor = -1
        return
      }
      let synced = SystemCall.sync(descriptor)
      guard synced == 0 else { throw failure("fsync", synced) }
      let renamed = SystemCall.rename(temporaryPath, to: target)
      guard renamed == 0 else { throw failure("rename", renamed) }
      InterruptCleanup.unregister(slot)
      slot = nil
      _ = SystemCall.close(descriptor)
      descriptor = -1
      SystemCall.syncFolder(OutputFile.folder(of: target))
    }

    /// Removes the temporary file without touching the target (a target written through keeps
    /// what was written); nothing after it succeeds.
    package func discard() {
      guard descriptor >= 0 else { return }
      InterruptCleanup.unregister(slot)
      slot = nil
      if target != nil { unlink(temporaryPath) }
      _ = SystemCall.close(descriptor)
      descriptor = -1
    }

    private func failure(_ call: String, _ code: Int32) -> OutputFileError {
      discard()
      return .system(path: given, call: call, code: code)
    }

    private func closed() -> OutputFileError {
      OutputFileError(
        path: given,
        message: "cannot write \(DisplayText.quoted(given)): the writer was already closed")
    }
  }
}
