// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleInternals

/// The file operations a ``FontStore`` performs where a failure must leave the store as it was:
/// looking at and reading a stored file, writing a temporary file, renaming and removing files,
/// and unregistering a stored file's faces.
///
/// The store makes these calls through the file system it was opened with; every requirement
/// has a default implementation that is the real operation (``StoreFiles``), and
/// ``SystemStoreFileSystem`` is the store's default. Tests open a store with one that fails on
/// purpose — a full disk, a write a crash cut short, an unreadable file, a registry that
/// refuses — through the package initialiser
/// `FontStore.init(directory:registry:maximumFileSize:access:fileSystem:)`, so the store keeps
/// no test hooks in its own state.
package protocol StoreFileSystem: Sendable {
  /// What is at `url`, without following a symbolic link (`lstat`).
  func kind(of url: URL) -> StoreFiles.Kind

  /// Reads a whole regular file through one descriptor, with its fingerprint.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - limit: The largest size read, in bytes.
  ///   - followingLinks: Whether a symbolic link is followed.
  /// - Returns: The bytes and the fingerprint of the file they came from.
  /// - Throws: A ``StoreFiles/ReadFailure`` saying why nothing was read.
  func readFile(
    _ url: URL, limit: Int, followingLinks: Bool
  ) throws(StoreFiles.ReadFailure) -> (bytes: [UInt8], fingerprint: StoreFiles.Fingerprint)

  /// Writes every byte to `descriptor`, a new temporary file at `url`, and flushes it (`fsync`).
  ///
  /// On failure the store removes the temporary file (a crash is what leaves one behind).
  func write(_ bytes: [UInt8], to descriptor: Int32, at url: URL) throws(FontStoreError)

  /// Renames a file over `target`, atomically (`rename`).
  func move(_ source: URL, to target: URL) throws(FontStoreError)

  /// Removes a file; a file already gone is not an error (`unlink`).
  func removeFile(_ url: URL) throws(FontStoreError)

  /// Removes a stored file's faces from the registry, before the file goes.
  func unregister(fileAt url: URL, from registry: FontRegistry) throws(FontError)
}

extension StoreFileSystem {
  package func kind(of url: URL) -> StoreFiles.Kind { StoreFiles.kind(of: url) }

  package func readFile(
    _ url: URL, limit: Int, followingLinks: Bool
  ) throws(StoreFiles.ReadFailure) -> (bytes: [UInt8], fingerprint: StoreFiles.Fingerprint) {
    try StoreFiles.readFile(url, limit: limit, followingLinks: followingLinks)
  }

  package func write(_ bytes: [UInt8], to descriptor: Int32, at url: URL) throws(FontStoreError) {
    let failure = bytes.withUnsafeBytes { OutputFile.Temporary.writeAndSync($0, to: descriptor) }
    if let failure {
      throw StoreFiles.error(.system(call: failure.call, path: url.path, code: failure.code))
    }
  }

  package func move(_ source: URL, to target: URL) throws(FontStoreError) {
    try StoreFiles.move(source, to: target)
  }

  package func removeFile(_ url: URL) throws(FontStoreError) {
    try StoreFiles.removeFile(url)
  }

  package func unregister(fileAt url: URL, from registry: FontRegistry) throws(FontError) {
    try registry.unregister(fileAt: url)
  }
}

/// The real file system, which a ``FontStore`` uses unless a test gives it another.
///
/// Every operation is ``StoreFileSystem``'s default implementation.
package struct SystemStoreFileSystem: StoreFileSystem {
  /// The real file system.
  package init() {}
}
