// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The store's file operations: durable atomic writes, renames and removals, each failure a
/// ``FontStoreError/Code/storage`` naming the file and the system's reason.
enum StoreFiles {
  /// The prefix of temporary files; any left by a crash are removed when a store opens.
  static let temporaryPrefix = ".tmp-"

  /// Where an interrupted write stops, for tests that simulate a crash.
  enum Interruption: Sendable {
    /// Write half the bytes to the temporary file, then fail as a killed process would: the
    /// temporary file stays and the target is untouched.
    case halfway
  }

  /// A storage error for `errno` value `code`.
  static func error(_ code: Int32, _ what: String) -> FontStoreError {
    let reason = String(cString: strerror(code))
    return FontStoreError(
      .storage, "\(what): \(reason); check the folder's permissions and free space",
      systemCode: Int(code))
  }

  /// A fresh temporary file name in `folder`.
  static func temporaryURL(in folder: URL) -> URL {
    folder.appendingPathComponent(temporaryPrefix + UUID().uuidString)
  }

  /// Writes `bytes` to a new file and flushes it to disk (`fsync`).
  static func writeNewFile(
    _ bytes: [UInt8], to url: URL, interruption: Interruption? = nil
  ) throws(FontStoreError) {
    let path = url.path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw error(errno, "could not create \(path)") }
    defer { close(descriptor) }
    let count = interruption == .halfway ? bytes.count / 2 : bytes.count
    let failure: Int32? = bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < count, let base = buffer.baseAddress {
        let written = write(descriptor, base + offset, count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
    if let failure { throw error(failure, "could not write \(path)") }
    if interruption == .halfway {
      throw FontStoreError(
        .storage, "the write of \(path) was interrupted after \(count) of \(bytes.count) bytes")
    }
    guard fsync(descriptor) == 0 else { throw error(errno, "could not flush \(path)") }
  }

  /// Writes `bytes` to `url` atomically, so that readers see the old file or the new one.
  ///
  /// The bytes go to a temporary file in the same folder, flushed, then renamed over `url`, then
  /// the folder is flushed.
  static func writeAtomically(
    _ bytes: [UInt8], to url: URL, interruption: Interruption? = nil
  ) throws(FontStoreError) {
    let folder = url.deletingLastPathComponent()
    let temporary = temporaryURL(in: folder)
    do throws(FontStoreError) {
      try writeNewFile(bytes, to: temporary, interruption: interruption)
      try move(temporary, to: url)
    } catch {
      // A killed process would leave the temporary file; a failing one cleans up.
      if interruption == nil { unlink(temporary.path) }
      throw error
    }
    syncFolder(folder)
  }

  /// Renames a file, replacing `target` atomically.
  static func move(_ source: URL, to target: URL) throws(FontStoreError) {
    guard rename(source.path, target.path) == 0 else {
      throw error(errno, "could not move \(source.path) to \(target.path)")
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
    let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// The size of a file in bytes, or `nil` when it does not exist.
  static func size(of url: URL) -> Int? {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    return Int(info.st_size)
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
        systemCode: (error as NSError).code)
    }
  }

  /// The names of the files in a folder; empty when it cannot be read.
  static func fileNames(in folder: URL) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  }
}
