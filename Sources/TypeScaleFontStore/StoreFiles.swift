// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The store's file operations: durable atomic writes, renames and removals, each failure a
/// ``FontStoreError/Code/storage`` naming the file and the system's reason.
///
/// Everything here looks at a path with `lstat` or opens it with `O_NOFOLLOW` and `O_NONBLOCK`:
/// a symbolic link is never followed inside the store, and opening a FIFO never blocks.
package enum StoreFiles {
  /// The prefix of temporary files: `.tmp-` and a UUID, such as
  /// `.tmp-0F9A2C1E-5B7D-4C1A-9E3F-2D6B8A4C0E71`.
  static let temporaryPrefix = ".tmp-"

  /// A storage error for `errno` value `code`, with the `POSIXError` as its cause.
  static func error(_ code: Int32, _ what: String) -> FontStoreError {
    let reason = String(cString: strerror(code))
    return FontStoreError(
      .storage, "\(what): \(reason); check the folder's permissions and free space",
      systemCode: Int(code), cause: posixError(code))
  }

  /// The `POSIXError` for `errno` value `code`, or `nil` for a value Foundation does not name.
  static func posixError(_ code: Int32) -> POSIXError? {
    POSIXErrorCode(rawValue: code).map { POSIXError($0) }
  }

  /// Whether `name` is one of the store's temporary file names: the prefix and a UUID.
  static func isTemporaryName(_ name: String) -> Bool {
    name.hasPrefix(temporaryPrefix) && UUID(uuidString: String(name.dropFirst(5))) != nil
  }

  // MARK: - Temporary files

  /// A temporary file of the store's, open for writing, that removes itself unless it was
  /// moved into place.
  ///
  /// While it exists its creator holds a shared `flock` on it, so a store opening the folder at
  /// the same time (which removes the temporary files a crash left, under the store's lock)
  /// can tell a file being written from a leftover: it removes only files it can lock
  /// exclusively. The kernel drops the lock when the creator dies.
  final class TemporaryFile {
    /// The file's URL, `.tmp-<UUID>` in the folder it was created in.
    let url: URL
    /// The one atomic writer's temporary file (``OutputFile/Temporary``).
    private let file: OutputFile.Temporary

    /// Creates an empty temporary file in `folder`, locked.
    init(in folder: URL) throws(FontStoreError) {
      // A store cleaning up may remove the file between `open` and `flock`: `Temporary` checks
      // that the name still leads to the locked file, or starts again with a new name.
      do throws(OutputFile.Temporary.Failure) {
        file = try OutputFile.Temporary(
          in: folder.path, name: { temporaryPrefix + UUID().uuidString }, mode: 0o644,
          holdingSharedLock: true)
        url = URL(fileURLWithPath: file.path)
      } catch {
        throw StoreFiles.error(error)
      }
    }

    /// Writes `bytes` and flushes them to disk, through `fileSystem`.
    func fill(
      with bytes: [UInt8], using fileSystem: some StoreFileSystem = SystemStoreFileSystem()
    ) throws(FontStoreError) {
      try fileSystem.write(bytes, to: file.descriptor, at: url)
    }

    /// Renames the file over `target`, atomically, through `fileSystem`, then flushes the
    /// target's folder; it is no longer removed afterwards.
    func move(
      to target: URL, using fileSystem: some StoreFileSystem = SystemStoreFileSystem()
    ) throws(FontStoreError) {
      try file.commit(to: target.path) { (source, target) throws(FontStoreError) in
        try fileSystem.move(URL(fileURLWithPath: source), to: URL(fileURLWithPath: target))
      }
    }
  }

  /// The storage error for a failure of the one atomic writer, with the store's messages:
  /// "could not create" the file when it could not be opened, "could not write" it, and "could
  /// not flush" it when `fsync` failed (or "could not write" too, `flushIsWrite`).
  static func error(
    _ failure: OutputFile.Temporary.Failure, flushIsWrite: Bool = false
  ) -> FontStoreError {
    switch failure {
    case .system(let call, let path, let code):
      let verb = call == "open" ? "create" : flushIsWrite || call == "write" ? "write" : "flush"
      return error(code, "could not \(verb) \(path)")
    case .notKept(let folder):
      return FontStoreError(
        .storage, "could not create a temporary file in \(folder) that stays in place")
    }
  }

  /// A fresh temporary file name in `folder`, for scratch files outside the store.
  static func temporaryURL(in folder: URL) -> URL {
    folder.appendingPathComponent(temporaryPrefix + UUID().uuidString)
  }

  /// Writes `bytes` to a new file at `url` and flushes it; when the write fails, the file is
  /// removed before this throws.
  static func writeNewFile(_ bytes: [UInt8], to url: URL) throws(FontStoreError) {
    do throws(OutputFile.Temporary.Failure) {
      let file = try OutputFile.Temporary(
        in: url.deletingLastPathComponent().path, name: { url.lastPathComponent }, mode: 0o644)
      try file.write(bytes)
      file.keep()
    } catch {
      throw StoreFiles.error(error, flushIsWrite: true)
    }
  }

  /// Writes `bytes` to `url` atomically, so that readers see the old file or the new one.
  ///
  /// The bytes go to a temporary file in the same folder, flushed, then renamed over `url`, then
  /// the folder is flushed. When any step fails the temporary file is removed at once (only a
  /// simulated crash leaves it).
  static func writeAtomically(
    _ bytes: [UInt8], to url: URL, using fileSystem: some StoreFileSystem = SystemStoreFileSystem()
  ) throws(FontStoreError) {
    let temporary = try TemporaryFile(in: url.deletingLastPathComponent())
    try temporary.fill(with: bytes, using: fileSystem)
    try temporary.move(to: url, using: fileSystem)
  }

  /// Removes the store's temporary files that no live writer holds, in one real folder.
  ///
  /// Only regular files named `.tmp-<UUID>` are candidates, and only those this process can
  /// lock exclusively (a writer holds a shared lock until its file is renamed or removed).
  static func removeLeftoverTemporaries(in folder: URL) {
    guard case .directory = kind(of: folder) else { return }
    for name in fileNames(in: folder) where isTemporaryName(name) {
      OutputFile.removeIfUnlocked(folder.appendingPathComponent(name).path)
    }
  }

  // MARK: - Renaming and removing

  /// Renames a file, replacing `target` atomically.
  static func move(_ source: URL, to target: URL) throws(FontStoreError) {
    let code = SystemCall.rename(source.path, to: target.path)
    guard code == 0 else {
      throw error(code, "could not move \(source.path) to \(target.path)")
    }
  }

  /// Removes a file; a file already gone is not an error.
  static func removeFile(_ url: URL) throws(FontStoreError) {
    guard unlink(url.path) == 0 || errno == ENOENT else {
      throw error(errno, "could not remove \(url.path)")
    }
  }

  /// Flushes a folder's entries (after a rename) so the rename survives a power loss.
  static func syncFolder(_ folder: URL) {
    SystemCall.syncFolder(folder.path)
  }

  /// Creates a folder and its parents.
  static func createFolder(_ url: URL) throws(FontStoreError) {
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw FontStoreError(
        .storage,
        "could not create the store's folder \(url.path): \(error.localizedDescription); "
          + "choose a writable folder",
        systemCode: (error as NSError).code, cause: error)
    }
  }

  /// The names of the files in a folder; empty when it cannot be read.
  static func fileNames(in folder: URL) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  }

  // MARK: - Looking at files

  /// What identifies one version of a file: when any of these changes, its bytes may have.
  package struct Fingerprint: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    /// Bytes.
    var size: Int
    /// Nanoseconds since 1970.
    var modified: Int64
    /// Nanoseconds since 1970; changes with every write, rename or `chmod`.
    var changed: Int64

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int(info.st_size)
      (modified, changed) = (info.modifiedNanoseconds, info.changedNanoseconds)
    }
  }

  /// What a path is, without following a symbolic link.
  package enum Kind: Equatable, Sendable {
    case missing
    case regular(Fingerprint)
    case directory
    case symbolicLink
    /// Another kind of file; the phrase says which, such as "a FIFO (named pipe)".
    case special(String)
    /// `lstat` failed with this `errno`.
    case unknown(Int32)

    /// The kind from a `stat` record.
    init(_ info: stat) {
      switch info.st_mode & S_IFMT {
      case S_IFREG: self = .regular(Fingerprint(info))
      case S_IFDIR: self = .directory
      case S_IFLNK: self = .symbolicLink
      case S_IFIFO: self = .special("a FIFO (named pipe)")
      case S_IFCHR: self = .special("a character device")
      case S_IFBLK: self = .special("a block device")
      case S_IFSOCK: self = .special("a socket")
      default: self = .special("not a regular file")
      }
    }

    /// A phrase for messages, such as "a symbolic link" or "a folder".
    var phrase: String {
      switch self {
      case .missing: "missing"
      case .regular: "a file"
      case .directory: "a folder"
      case .symbolicLink: "a symbolic link"
      case .special(let phrase): phrase
      case .unknown(let code): "unreadable (\(String(cString: strerror(code))))"
      }
    }
  }

  /// What is at `url`, without following a symbolic link.
  static func kind(of url: URL) -> Kind {
    var info = stat()
    guard lstat(url.path, &info) == 0 else {
      return errno == ENOENT || errno == ENOTDIR ? .missing : .unknown(errno)
    }
    return Kind(info)
  }

  /// Why ``readFile(_:limit:followingLinks:)`` could not read a file.
  package enum ReadFailure: Error {
    case missing
    /// Not a regular file: the kind found instead.
    case notRegular(Kind)
    /// Larger than the limit: the size and the limit, in bytes.
    case tooLarge(size: Int, limit: Int)
    /// The system refused (`errno`), such as a permission or I/O error.
    case system(Int32)
  }

  /// Reads a whole regular file through one descriptor, with its fingerprint: the one bounded
  /// reader's (`BoundedFile`) checks, with the store's failures.
  ///
  /// The file is opened with `O_NONBLOCK` (a FIFO never blocks the open) and, unless
  /// `followingLinks`, `O_NOFOLLOW`; its type is checked with `fstat` before any byte is read.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - limit: The largest size read, in bytes; a larger file fails with `tooLarge` unread.
  ///   - followingLinks: Whether a symbolic link is followed (a path the user gave) or refused
  ///     (a file inside the store).
  /// - Returns: The bytes and the fingerprint of the file they came from.
  /// - Throws: A ``ReadFailure`` saying why nothing was read.
  static func readFile(
    _ url: URL, limit: Int, followingLinks: Bool = false
  ) throws(ReadFailure) -> (bytes: [UInt8], fingerprint: Fingerprint) {
    do throws(BoundedFile.OpenFailure) {
      // A file that grew or shrank while being read is read as found; the caller checks sizes.
      let read = try BoundedFile.readBytes(url.path, limit: limit, followingLinks: followingLinks)
      return (read.bytes, Fingerprint(read.status))
    } catch {
      switch error {
      case .missing: throw .missing
      case .symbolicLink: throw .notRegular(.symbolicLink)
      case .notRegular(let mode):
        var info = stat()
        info.st_mode = mode
        throw .notRegular(Kind(info))
      case .tooLarge(let size, let limit): throw .tooLarge(size: size, limit: limit)
      case .system(let code): throw .system(code)
      }
    }
  }
}
