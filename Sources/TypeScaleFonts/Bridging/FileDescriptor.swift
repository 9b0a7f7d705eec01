// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What identifies a file's contents on disk: its device and inode, size and modification time.
///
/// Two `stat` results with the same status are taken to be the same bytes. A file replaced by
/// renaming another over it has a new inode; one rewritten in place has a new modification time
/// (and usually size).
struct FileStatus: Hashable, Sendable {
  /// The size, in bytes.
  let size: Int
  /// The modification time, to the nanosecond where the file system keeps it.
  let modificationTime: Date
  /// The device the file is on (`st_dev`).
  let device: UInt64
  /// The file's inode number (`st_ino`).
  let inode: UInt64

  init(_ info: stat) {
    size = Int(info.st_size)
    modificationTime = Date(timeIntervalSince1970: info.modifiedSeconds)
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }

  /// The status of the file at `path` now, or `nil` when there is no regular file there.
  static func current(path: String) -> FileStatus? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return FileStatus(info)
  }
}

/// An open, read-only file: the owner of one file descriptor, closed in `deinit`.
///
/// Fonts are read with `pread(2)`, never mapped: a mapped file that another process truncates
/// kills a server with SIGBUS; a read of a truncated file is an error TypeScale reports.
final class FileDescriptor {
  let descriptor: Int32
  /// The open file's status, from `fstat(2)` on the descriptor: the file that is read, even if
  /// the path has been replaced since it was opened.
  let status: FileStatus
  var size: Int { status.size }
  var modificationTime: Date { status.modificationTime }

  /// Opens `path` for reading and checks that it is a regular file.
  ///
  /// - Throws: ``FontError/Code/fileNotFound``, or ``FontError/Code/unreadableFile`` for a
  ///   directory, a special file or missing permissions.
  init(path: String, name: String) throws(FontError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw Self._error(errno, path: path, name: name)
    }
    if let what = BoundedFile.kindName(mode: info.st_mode) {
      throw FontError(
        .unreadableFile,
        "\(path) is \(what), not a font file; pass the path of a .ttf, .otf, "
          + ".ttc, .otc, .woff or .woff2 file")
    }
    let descriptor = SystemCall.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self._error(errno, path: path, name: name) }
    // The status of what was opened, not of what the path named a moment before.
    if fstat(descriptor, &info) != 0 {
      let code = errno
      _ = SystemCall.close(descriptor)
      throw Self._error(code, path: path, name: name)
    }
    self.descriptor = descriptor
    self.status = FileStatus(info)
  }

  deinit { _ = SystemCall.close(descriptor) }

  /// Reads up to `count` bytes from `offset`; fewer at the end of the file.
  func read(offset: Int, count: Int) -> [UInt8] {
    guard count > 0 else { return [] }
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      initialized = SystemCall.readAll(
        descriptor, at: offset, into: UnsafeMutableRawBufferPointer(buffer))
    }
  }

  private static func _error(_ code: Int32, path: String, name: String) -> FontError {
    switch code {
    case ENOENT, ENOTDIR:
      return FontError(.fileNotFound, "no font file at \(path)", underlying: code, function: "open")
    case EACCES, EPERM:
      return FontError(
        .unreadableFile, "\(path) cannot be read: permission denied; check the file's permissions",
        underlying: code, function: "open")
    default:
      return FontError(
        .unreadableFile, "\(path) cannot be read: \(String(cString: strerror(code)))",
        underlying: code, function: "open")
    }
  }
}
