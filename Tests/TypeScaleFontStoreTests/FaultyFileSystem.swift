// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleInternals

@testable import TypeScaleFontStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A store file system that fails on purpose, as a full disk, a crash, an unreadable file or a
/// refusing registry would, and tells a test what the store wrote; the real operations otherwise.
///
/// ```swift
/// let files = FaultyFileSystem()
/// let store = try FontStore(directory: folder, registry: registry, fileSystem: files)
/// files.faults.withLock { $0.blobWrite = .diskFull }
/// ```
final class FaultyFileSystem: StoreFileSystem {
  /// Where an interrupted write stops.
  enum Interruption: Sendable {
    /// Write half the bytes to the temporary file, then fail as a killed process would: a
    /// half-written temporary file stays (one the crash's own lock no longer holds) and the
    /// target is untouched.
    case halfway
    /// Write half the bytes, then fail with `ENOSPC` as a full disk would: the store removes
    /// the temporary file at once.
    case diskFull
  }

  /// What fails; nothing by default.
  struct Faults: Sendable {
    /// How writes of `index.json` (temporary files in the store's folder) end.
    var indexWrite: Interruption?
    /// How writes of stored fonts (temporary files in `blobs/`) end.
    var blobWrite: Interruption?
    /// Whether the registry refuses to unregister a stored file.
    var failUnregister = false
    /// Files whose reads fail with an `errno` (the tests run as root, which `chmod 000` does
    /// not stop), by path.
    var readFailures: [String: Int32] = [:]
  }

  let faults = Locked(Faults())
  private let afterWrite: @Sendable (_ bytes: [UInt8]) -> Void

  /// A file system that fails nothing until told to.
  ///
  /// - Parameter afterWrite: Called with the bytes of each temporary file once they are written
  ///   and flushed: how a test awaits a step of the store instead of polling for its file.
  init(afterWrite: @escaping @Sendable (_ bytes: [UInt8]) -> Void = { _ in }) {
    self.afterWrite = afterWrite
  }

  func kind(of url: URL) -> StoreFiles.Kind {
    let kind = StoreFiles.kind(of: url)
    // `chmod` changes a file's change time, so what the store verified before is read again.
    guard faults.withLock({ $0.readFailures[url.path] }) != nil,
      case .regular(var fingerprint) = kind
    else { return kind }
    fingerprint.changed &+= 1
    return .regular(fingerprint)
  }

  func readFile(
    _ url: URL, limit: Int, followingLinks: Bool
  ) throws(StoreFiles.ReadFailure) -> (bytes: [UInt8], fingerprint: StoreFiles.Fingerprint) {
    if let code = faults.withLock({ $0.readFailures[url.path] }) { throw .system(code) }
    return try StoreFiles.readFile(url, limit: limit, followingLinks: followingLinks)
  }

  func write(_ bytes: [UInt8], to descriptor: Int32, at url: URL) throws(FontStoreError) {
    let isBlob = url.deletingLastPathComponent().lastPathComponent == "blobs"
    let interruption = faults.withLock { isBlob ? $0.blobWrite : $0.indexWrite }
    guard let interruption else {
      try SystemStoreFileSystem().write(bytes, to: descriptor, at: url)
      return afterWrite(bytes)
    }
    let half = Array(bytes.prefix(bytes.count / 2))
    try SystemStoreFileSystem().write(half, to: descriptor, at: url)
    switch interruption {
    case .halfway:
      // The store removes its temporary file as the write fails; a killed process would not
      // have: a second name keeps the half-written file where the crash would have left it.
      let leftover = StoreFiles.temporaryURL(in: url.deletingLastPathComponent())
      guard link(url.path, leftover.path) == 0 else {
        throw StoreFiles.error(errno, "could not keep \(url.path)")
      }
      throw FontStoreError(
        .storage,
        "the write of \(url.path) was interrupted after \(half.count) of \(bytes.count) bytes")
    case .diskFull:
      throw StoreFiles.error(ENOSPC, "could not write \(url.path)")
    }
  }

  func unregister(fileAt url: URL, from registry: FontRegistry) throws(FontError) {
    if faults.withLock({ $0.failUnregister }) {
      throw FontError(
        .invalidArgument, "the registry refused to unregister \(url.path) (simulated failure)")
    }
    try registry.unregister(fileAt: url)
  }
}
