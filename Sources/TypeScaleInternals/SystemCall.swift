// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls TypeScale makes on files, with `EINTR` handled here and nowhere else: every
/// call a signal can interrupt goes through ``retrying(_:)``.
package enum SystemCall {
  /// Runs a system call until a signal no longer interrupts it: the one `EINTR` loop.
  ///
  /// - Parameter call: The call; it returns a negative value (-1) with `errno` set on failure.
  /// - Returns: What the last call returned, and 0 or the `errno` it failed with (never
  ///   `EINTR`); `errno` still holds that code.
  package static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> (
    result: Result, error: Int32
  ) {
    while true {
      let result = call()
      guard result < 0 else { return (result, 0) }
      let code = errno
      if code != EINTR { return (result, code) }
    }
  }

  /// `open(2)`, retried while a signal interrupts it (opening a FIFO or a terminal can block).
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - flags: `O_…` flags.
  ///   - mode: The permission bits of a file `O_CREAT` makes.
  /// - Returns: The descriptor, or -1 with `errno` set.
  package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    retrying {
      #if canImport(Glibc)
        Glibc.open(path, flags, mode)
      #elseif canImport(Musl)
        Musl.open(path, flags, mode)
      #else
        Darwin.open(path, flags, mode)
      #endif
    }.result
  }

  /// Creates a new file for writing.
  ///
  /// It fails if anything (a file, a link, a dangling link) is at `path`:
  /// `O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC`. The one place a
  /// temporary or new output file is made (``OutputFile``, ``OutputFile/Stream``, the font
  /// store's files).
  ///
  /// - Parameters:
  ///   - path: The new file's path.
  ///   - mode: Its permission bits, before the umask.
  /// - Returns: The descriptor, or -1 with `errno` set.
  package static func createNew(_ path: String, mode: mode_t) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
  }

  /// One `read(2)`, retried while a signal interrupts it.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor.
  ///   - buffer: Where the bytes go.
  /// - Returns: The bytes read (0 at the end), and 0 or the `errno` it failed with.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> (count: Int, error: Int32)
  {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return (0, 0) }
    let (count, error) = retrying {
      #if canImport(Glibc)
        Glibc.read(descriptor, base, buffer.count)
      #elseif canImport(Musl)
        Musl.read(descriptor, base, buffer.count)
      #else
        Darwin.read(descriptor, base, buffer.count)
      #endif
    }
    return (max(count, 0), error)
  }

  /// Reads up to `count` bytes at `offset` with `pread(2)`, retrying after interruptions and
  /// short reads; fewer at the end of the file or when a read fails.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor of a regular file.
  ///   - offset: The file offset of the first byte.
  ///   - buffer: Where the bytes go.
  /// - Returns: The bytes read.
  package static func readAll(
    _ descriptor: Int32, at offset: Int, into buffer: UnsafeMutableRawBufferPointer
  ) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var done = 0
    while done < buffer.count {
      let (count, _) = retrying {
        pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
      }
      guard count > 0 else { break }
      done += count
    }
    return done
  }

  /// Writes every byte, retrying after interruptions and short writes.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor.
  ///   - bytes: The bytes.
  /// - Returns: 0, or the `errno` of the write that failed (`EIO` when a write wrote nothing).
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard let base = bytes.baseAddress else { return 0 }
    var offset = 0
    while offset < bytes.count {
      let (written, error) = retrying {
        #if canImport(Glibc)
          Glibc.write(descriptor, base + offset, bytes.count - offset)
        #elseif canImport(Musl)
          Musl.write(descriptor, base + offset, bytes.count - offset)
        #else
          Darwin.write(descriptor, base + offset, bytes.count - offset)
        #endif
      }
      if error != 0 { return error }
      if written == 0 { return EIO }
      offset += written
    }
    return 0
  }

  /// Reads until the buffer is full or the file ends, retrying after interruptions and short
  /// reads.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor of a regular file.
  ///   - buffer: Where the bytes go.
  /// - Returns: The bytes read, and 0 or the `errno` of the read that failed.
  package static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> (count: Int, error: Int32)
  {
    guard let base = buffer.baseAddress else { return (0, 0) }
    var offset = 0
    while offset < buffer.count {
      let (count, error) = read(
        descriptor,
        into: UnsafeMutableRawBufferPointer(start: base + offset, count: buffer.count - offset))
      if error != 0 { return (offset, error) }
      if count == 0 { break }
      offset += count
    }
    return (offset, 0)
  }

  /// `fsync(2)`, retried while a signal interrupts it.
  ///
  /// - Parameter descriptor: An open descriptor.
  /// - Returns: 0, or the `errno` it failed with.
  package static func sync(_ descriptor: Int32) -> Int32 {
    retrying { fsync(descriptor) }.error
  }

  /// Syncs a folder's entries, so that renames into it survive a power cut.
  ///
  /// A failure leaves complete files, so it is not reported.
  ///
  /// - Parameter path: The folder.
  package static func syncFolder(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = sync(descriptor)
    _ = close(descriptor)
  }

  /// `flock(2)`, retried while a signal interrupts a blocking one.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor.
  ///   - operation: `LOCK_SH`, `LOCK_EX` or `LOCK_UN`, with `LOCK_NB` or not.
  /// - Returns: 0, or the `errno` it failed with (`EWOULDBLOCK` for a held lock with `LOCK_NB`).
  package static func lock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
    retrying { flock(descriptor, operation) }.error
  }

  /// `rename(2)`: the one rename of TypeScale, which replaces `target` atomically.
  ///
  /// - Parameters:
  ///   - source: The file to move.
  ///   - target: Where it goes (replaced when it exists).
  /// - Returns: 0, or the `errno` it failed with.
  package static func rename(_ source: String, to target: String) -> Int32 {
    #if canImport(Glibc)
      let result = Glibc.rename(source, target)
    #elseif canImport(Musl)
      let result = Musl.rename(source, target)
    #else
      let result = Darwin.rename(source, target)
    #endif
    return result == 0 ? 0 : errno
  }

  /// `close(2)`; an interrupted close is not retried (on Linux the descriptor is already
  /// released), and counts as success.
  ///
  /// - Parameter descriptor: An open descriptor.
  /// - Returns: 0, or the `errno` it failed with (`EIO` from a network file system).
  package static func close(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      let result = Glibc.close(descriptor)
    #elseif canImport(Musl)
      let result = Musl.close(descriptor)
    #else
      let result = Darwin.close(descriptor)
    #endif
    return result == 0 || errno == EINTR ? 0 : errno
  }

  /// `strerror(3)` of a code: "No space left on device".
  ///
  /// - Parameter code: An `errno` value.
  /// - Returns: The system's text for it.
  package static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
