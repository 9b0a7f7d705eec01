// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one bounded reader: every input file of a run (catalogs, constraints, typographies,
/// baselines, reports, golden and cases files) is read through it.
///
/// The file is opened without blocking (so a FIFO with no writer cannot hang the run), its type
/// checked with `fstat(2)` on the opened descriptor (a FIFO, a device such as `/dev/zero`, a
/// socket or a folder is refused by name before any byte is read), its size compared with the
/// limit before reading, and at most one byte past the size `fstat` gave is read, so a file that
/// grows while it is read is reported rather than read without end.
package enum BoundedFile {
  /// Why a file could not be read.
  package enum Failure: Error, Sendable, Equatable {
    /// No file at the path (or a folder on the way is missing).
    case missing
    /// Not a regular file; the associated value names what it is ("a FIFO (named pipe)").
    case notRegular(String)
    /// Larger than the limit: its size and the limit, in bytes.
    case tooLarge(size: Int, limit: Int)
    /// The file grew past the size `fstat` reported while it was read.
    case grew
    /// A system call failed; the text is `strerror`'s.
    case system(String)
  }

  /// What a file type is called in messages: "a folder", "a FIFO (named pipe)",
  /// "a character device", "a block device", "a socket", or `nil` for a regular file.
  ///
  /// - Parameter mode: `st_mode` from `stat(2)`.
  /// - Returns: The name, or `nil` for a regular file.
  package static func kindName(mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  /// Reads a regular file of at most `limit` bytes.
  ///
  /// - Parameters:
  ///   - url: The file (symbolic links are followed, as every reader of the user's files does).
  ///   - limit: The most bytes accepted.
  /// - Returns: The file's bytes.
  /// - Throws: ``Failure`` saying why not; the caller names the file and maps it to its own
  ///   typed error with ``message(for:path:what:)``.
  package static func read(_ url: URL, limit: Int) throws(Failure) -> Data {
    let descriptor = SystemCall.open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .missing }
      throw .system(SystemCall.reason(code))
    }
    defer { _ = SystemCall.close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .system(SystemCall.reason(errno)) }
    if let kind = kindName(mode: info.st_mode) { throw .notRegular(kind) }
    let size = Int(info.st_size)
    guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
    // One byte past the size `fstat` gave, to see a file that grows while it is read.
    var data = Data(count: size + 1)
    let (count, error) = data.withUnsafeMutableBytes { SystemCall.readAll(descriptor, into: $0) }
    if error != 0 { throw .system(SystemCall.reason(error)) }
    guard count <= size else { throw .grew }
    data.count = count
    return data
  }

  /// The message for a failure, naming the file: "`path`: the catalog is 40000000 bytes;
  /// expected at most 33554432 bytes".
  ///
  /// - Parameters:
  ///   - failure: The failure.
  ///   - path: The path as the user gave it.
  ///   - what: What the file should be: "catalog", "constraints file", "golden file".
  /// - Returns: One line.
  package static func message(for failure: Failure, path: String, what: String) -> String {
    switch failure {
    case .missing: "\(path): no such file; expected a \(what)"
    case .notRegular(let kind): "\(path) is \(kind), not a \(what); expected a regular file"
    case .tooLarge(let size, let limit):
      "\(path): the \(what) is \(size) bytes; expected at most \(limit) bytes"
    case .grew: "\(path): the \(what) grew while it was read; read it again"
    case .system(let reason): "\(path): cannot read the \(what): \(reason)"
    }
  }
}
