// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one writer of output files: reports, baselines, golden files, PNGs.
///
/// Where the bytes go is ``OutputTarget``'s rule: a regular file (or a new one) is replaced by
/// a temporary file written beside it (`O_CREAT | O_EXCL | O_NOFOLLOW`, synced, the replaced
/// file's permission bits and owner kept) and renamed over it, so a reader sees the old file or
/// the whole new one; a symbolic link is followed and stays a link; a device, terminal or FIFO
/// is written through and never renamed over. ``OutputTransaction`` writes several outputs of
/// one run so that either all of them change or none does; ``write(_:to:)`` is a transaction of
/// one file. ``Temporary`` is the same atomic write for a caller that names its temporary files
/// and cleans up after crashes itself (the font store).
package enum OutputFile {
  /// What every temporary file's name holds after the target's name.
  package static let temporaryMarker = ".typescale-tmp-"
  /// The most bytes of the target's name a temporary file's name repeats: 100, so that the
  /// temporary name of a 255-byte name stays within `NAME_MAX`.
  package static let maximumNameBytesInTemporary = 100

  /// A failure to inject, for tests: called with each output path (as given) before its bytes
  /// are written, it returns the `errno` that write should fail with, or `nil`.
  @TaskLocal package static var injectedFailure: @Sendable (String) -> Int32? = { _ in nil }

  /// Writes one file by ``OutputTarget``'s rules.
  ///
  /// - Parameters:
  ///   - data: The bytes.
  ///   - path: The path as the user gave it; its folder must exist.
  /// - Throws: ``OutputFileError`` naming the path and the failed call; the target is then
  ///   unchanged and no temporary file is left.
  package static func write(_ data: Data, to path: String) throws(OutputFileError) {
    let transaction = OutputTransaction()
    try transaction.stage(data, to: path)
    try transaction.commit()
  }

  /// The path of a new temporary file beside `target`:
  /// `.<name>.typescale-tmp-<pid>-<random hex>` in its folder.
  ///
  /// - Parameter target: The final file (links already followed).
  /// - Returns: The temporary path.
  package static func temporaryPath(beside target: String) -> String {
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { String(target[...$0]) } ?? ""
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    let random = String(UInt32.random(in: .min ... .max), radix: 16)
    return "\(folder)\(temporaryPrefix(forName: name))\(getpid())-\(random)"
  }

  /// What the name of every temporary file beside a file called `name` starts with:
  /// `.<name>.typescale-tmp-`, the name cut to ``maximumNameBytesInTemporary`` bytes; the pid
  /// and a random number follow.
  ///
  /// - Parameter name: The target's file name.
  /// - Returns: The prefix.
  package static func temporaryPrefix(forName name: String) -> String {
    var name = name
    while name.utf8.count > maximumNameBytesInTemporary { name.removeLast() }
    return ".\(name)\(temporaryMarker)"
  }

  /// The folder a path is in, for syncing it after a rename: `/` for a file at the root, `.`
  /// for a bare name.
  ///
  /// - Parameter path: A file's path.
  /// - Returns: Its folder.
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Creates a temporary file beside `target`, writes `data` to it and syncs it.
  ///
  /// - Parameters:
  ///   - data: The bytes.
  ///   - target: The regular file it will replace (links followed).
  ///   - existing: The replaced file's permissions and owner, which the temporary file takes.
  ///   - given: The path as the user gave it, for messages.
  /// - Returns: The temporary file's path, and its ``InterruptCleanup`` slot (SIGINT or SIGTERM
  ///   removes it until ``InterruptCleanup/unregister(_:)``).
  /// - Throws: ``OutputFileError``; no temporary file is left.
  package static func writeTemporary(
    _ data: Data, beside target: String, existing: OutputTarget.Existing?, given: String
  ) throws(OutputFileError) -> (path: String, slot: Int?) {
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(OutputFileError) in
        try writeTemporary(bytes: bytes, beside: target, existing: existing, given: given)
      }
    }
    return try result.get()
  }

  /// Creates a temporary file beside `target`, writes `bytes` to it and syncs it: what
  /// ``writeTemporary(_:beside:existing:given:)`` does, for bytes a caller already holds (a
  /// report's text), without copying them into `Data` first.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - target: The regular file it will replace (links followed).
  ///   - existing: The replaced file's permissions and owner, which the temporary file takes.
  ///   - given: The path as the user gave it, for messages.
  /// - Returns: The temporary file's path, and its ``InterruptCleanup`` slot.
  /// - Throws: ``OutputFileError``; no temporary file is left.
  package static func writeTemporary(
    bytes: UnsafeRawBufferPointer, beside target: String, existing: OutputTarget.Existing?,
    given: String
  ) throws(OutputFileError) -> (path: String, slot: Int?) {
    let temporary = temporaryPath(beside: target)
    let descriptor = SystemCall.createNew(temporary, mode: 0o666)
    guard descriptor >= 0 else { throw .system(path: given, call: "open", code: errno) }
    let slot = InterruptCleanup.register(temporary)
    var failure: (call: String, code: Int32)?
    if let existing {
      // Best effort: an owner a non-root process cannot give is left as it is.
      if existing.owner != getuid() || existing.group != getgid() {
        _ = fchown(descriptor, existing.owner, existing.group)
      }
      if fchmod(descriptor, existing.permissions) != 0 { failure = ("fchmod", errno) }
    }
    if failure == nil { failure = write(bytes, to: descriptor, given: given) }
    if failure == nil {
      let code = SystemCall.sync(descriptor)
      if code != 0 { failure = ("fsync", code) }
    }
    let closed = SystemCall.close(descriptor)
    if failure == nil, closed != 0 { failure = ("close", closed) }
    if let failure {
      unlink(temporary)
      InterruptCleanup.unregister(slot)
      throw .system(path: given, call: failure.call, code: failure.code)
    }
    return (temporary, slot)
  }

  /// Writes `data` through to a file that is not a regular one: a device, a terminal, a FIFO.
  ///
  /// It is opened without `O_CREAT` or `O_TRUNC`, and without blocking, so a FIFO that no
  /// process reads is an error rather than a hang; then written to the end. A reader that goes
  /// away while it is written is an error (`write failed: Broken pipe`), not a SIGPIPE that
  /// ends the process.
  ///
  /// - Parameters:
  ///   - data: The bytes.
  ///   - path: The path as the user gave it.
  /// - Throws: ``OutputFileError`` naming the path and what failed.
  package static func writeThrough(_ data: Data, to path: String) throws(OutputFileError) {
    let descriptor = try openThrough(path)
    defer { _ = SystemCall.close(descriptor) }
    // A FIFO whose reader has gone raises SIGPIPE, which would end the process with the run's
    // temporary files left behind: it is blocked for this thread while writing (the signal
    // goes to the writing thread), and one it raised is taken before it is unblocked, so the
    // write fails with EPIPE instead.
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    let failure = write(data, to: descriptor, given: path)
    if failure?.code == EPIPE {
      var none = timespec(tv_sec: 0, tv_nsec: 0)
      _ = sigtimedwait(&pipeSignal, nil, &none)
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    if let failure {
      throw .system(path: path, call: failure.call, code: failure.code)
    }
  }

  /// Opens a file that is not a regular one for writing through, as ``writeThrough(_:to:)``
  /// does: without `O_CREAT` or `O_TRUNC`, without blocking (a FIFO no process reads is an
  /// error), then switched to blocking writes.
  ///
  /// - Parameter path: The path as the user gave it.
  /// - Returns: The descriptor, which the caller closes.
  /// - Throws: ``OutputFileError`` naming the path and what failed.
  package static func openThrough(_ path: String) throws(OutputFileError) -> Int32 {
    let descriptor = SystemCall.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENXIO {
        throw OutputFileError(
          path: path,
          message: "cannot write \(DisplayText.quoted(path)): no process is reading it (a FIFO "
            + "or device with no reader); start its reader first")
      }
      throw .system(path: path, call: "open", code: code)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG else {
      _ = SystemCall.close(descriptor)
      throw OutputFileError(
        path: path,
        message: "cannot write \(DisplayText.quoted(path)): it became a regular file while the "
          + "run wrote its outputs; run it again")
    }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return descriptor
  }

  private static func write(_ data: Data, to descriptor: Int32, given: String) -> (
    call: String, code: Int32
  )? {
    data.withUnsafeBytes { write($0, to: descriptor, given: given) }
  }

  private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, given: String)
    -> (call: String, code: Int32)?
  {
    if let code = injectedFailure(given) { return ("write", code) }
    let code = SystemCall.writeAll(descriptor, bytes)
    return code == 0 ? nil : ("write", code)
  }
}
