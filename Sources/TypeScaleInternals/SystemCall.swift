// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls the output writer and the bounded reader make, with `EINTR` handled here
/// and nowhere else.
package enum SystemCall {
  /// `open(2)`, retried while a signal interrupts it (opening a FIFO or a terminal can block).
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - flags: `O_…` flags.
  ///   - mode: The permission bits of a file `O_CREAT` makes.
  /// - Returns: The descriptor, or -1 with `errno` set.
  package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    while true {
      #if canImport(Glibc)
        let descriptor = Glibc.open(path, flags, mode)
      #elseif canImport(Musl)
        let descriptor = Musl.open(path, flags, mode)
      #else
        let descriptor = Darwin.open(path, flags, mode)
      #endif
      if descriptor >= 0 || errno != EINTR { return descriptor }
    }
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
      #if canImport(Glibc)
        let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
      #elseif canImport(Musl)
        let written = Musl.write(descriptor, base + offset, bytes.count - offset)
      #else
        let written = Darwin.write(descriptor, base + offset, bytes.count - offset)
      #endif
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
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
      #if canImport(Glibc)
        let count = Glibc.read(descriptor, base + offset, buffer.count - offset)
      #elseif canImport(Musl)
        let count = Musl.read(descriptor, base + offset, buffer.count - offset)
      #else
        let count = Darwin.read(descriptor, base + offset, buffer.count - offset)
      #endif
      if count < 0 {
        if errno == EINTR { continue }
        return (offset, errno)
      }
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
    while fsync(descriptor) != 0 {
      if errno != EINTR { return errno }
    }
    return 0
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
