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

  /// Why ``open(_:limit:followingLinks:)`` refused a file, with the system's codes, for callers
  /// that map them to errors of their own (the font store's).
  package enum OpenFailure: Error, Sendable, Equatable {
    /// No file at the path (or a folder on the way is missing).
    case missing
    /// A symbolic link, when links are not followed.
    case symbolicLink
    /// Not a regular file: its `st_mode`.
    case notRegular(mode_t)
    /// Larger than the limit: its size and the limit, in bytes.
    case tooLarge(size: Int, limit: Int)
    /// A system call failed with this `errno`.
    case system(Int32)
  }

  /// Opens a regular file of at most `limit` bytes for reading: without blocking, its type and
  /// size checked with `fstat(2)` on the opened descriptor before any byte is read.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - limit: The most bytes accepted.
  ///   - followingLinks: Whether a symbolic link is followed (a path the user gave) or refused
  ///     (`O_NOFOLLOW`: a file inside the font store).
  /// - Returns: The descriptor, which the caller closes, and the file's status.
  /// - Throws: ``OpenFailure``; no descriptor is left open.
  package static func open(_ path: String, limit: Int, followingLinks: Bool = true)
    throws(OpenFailure) -> (descriptor: Int32, status: stat)
  {
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
    let descriptor = SystemCall.open(path, flags)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .missing }
      if code == ELOOP, !followingLinks { throw .symbolicLink }
      throw .system(code)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      _ = SystemCall.close(descriptor)
      throw .system(code)
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      _ = SystemCall.close(descriptor)
      throw .notRegular(info.st_mode)
    }
    let size = Int(info.st_size)
    guard size <= limit else {
      _ = SystemCall.close(descriptor)
      throw .tooLarge(size: size, limit: limit)
    }
    return (descriptor, info)
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
    let opened: (descriptor: Int32, status: stat)
    do throws(OpenFailure) {
      opened = try open(url.path, limit: limit)
    } catch {
      switch error {
      case .missing: throw .missing
      case .symbolicLink: throw .notRegular("a symbolic link")
      case .notRegular(let mode): throw .notRegular(kindName(mode: mode) ?? "not a regular file")
      case .tooLarge(let size, let limit): throw .tooLarge(size: size, limit: limit)
      case .system(let code): throw .system(SystemCall.reason(code))
      }
    }
    defer { _ = SystemCall.close(opened.descriptor) }
    let size = Int(opened.status.st_size)
    // One byte past the size `fstat` gave, to see a file that grows while it is read.
    var data = Data(count: size + 1)
    let (count, error) = data.withUnsafeMutableBytes {
      SystemCall.readAll(opened.descriptor, into: $0)
    }
    if error != 0 { throw .system(SystemCall.reason(error)) }
    guard count <= size else { throw .grew }
    data.count = count
    return data
  }

  /// Reads a regular file of at most `limit` bytes as `[UInt8]`, with its status: what
  /// ``read(_:limit:)`` does, for a caller that maps the system's codes itself and reads the
  /// file as found (at most the size `fstat` gave; the caller compares sizes).
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - limit: The most bytes accepted.
  ///   - followingLinks: Whether a symbolic link is followed.
  /// - Returns: The bytes and the status of the file they came from.
  /// - Throws: ``OpenFailure``; `.system` also for a read that failed.
  package static func readBytes(_ path: String, limit: Int, followingLinks: Bool = true)
    throws(OpenFailure) -> (bytes: [UInt8], status: stat)
  {
    let (descriptor, status) = try open(path, limit: limit, followingLinks: followingLinks)
    defer { _ = SystemCall.close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    let (count, error) = bytes.withUnsafeMutableBytes { SystemCall.readAll(descriptor, into: $0) }
    if error != 0 { throw .system(error) }
    if count < bytes.count { bytes.removeSubrange(count...) }
    return (bytes, status)
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
