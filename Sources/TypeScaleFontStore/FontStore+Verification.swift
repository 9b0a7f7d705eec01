// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

extension FontStore {
  // MARK: - Verifying stored files

  /// A stored file this process hashed, and the fingerprint it had then.
  struct _Verified: Sendable {
    let fingerprint: StoreFiles.Fingerprint
    let sha256: String
    /// How many times this process hashed the file.
    var hashes = 0
  }

  /// The stored files this process verified, by path.
  ///
  /// Each file is hashed once per process and again only when its fingerprint changes. At most one record per stored file.
  static let _verified = Locked<[String: _Verified]>([:])

  /// What a stored file turned out to be.
  enum _Check {
    /// A regular file whose SHA-256 matches; the fingerprint it has.
    case valid(StoreFiles.Fingerprint)
    case missing
    /// Not a file the store wrote (a symbolic link, a folder, a device, or larger than any file
    /// it stores): left alone, not registered.
    case foreign(String)
    /// A permission or I/O error: left alone, not registered, tried again later.
    case unreadable(FontStoreError)
    /// A regular file whose bytes are not the ones its name says: proven corrupt.
    case corrupt(String)
  }

  /// Checks the file `file` (relative to the folder) against the SHA-256 it is named by.
  ///
  /// - Parameters:
  ///   - file: `blobs/<sha256>.<ext>`.
  ///   - sha256: The expected SHA-256, 64 lowercase hexadecimal digits.
  ///   - size: The size the index recorded, if any: a cached verification is reused only when
  ///     the file still has it.
  /// - Returns: What the file turned out to be.
  func _check(_ file: String, sha256: String, size: Int?) -> _Check {
    let url = _url(file)
    switch fileSystem.kind(of: url) {
    case .missing:
      return .missing
    case .regular(let fingerprint):
      if size == nil || size == fingerprint.size,
        let known = Self._verified.withLock({ $0[url.path] }),
        known.fingerprint == fingerprint, known.sha256 == sha256
      {
        return .valid(fingerprint)
      }
    case .unknown(let code):
      return .unreadable(StoreFiles.error(code, "could not look at \(url.path)"))
    case let kind:
      return .foreign(kind.phrase)
    }
    let read: (bytes: [UInt8], fingerprint: StoreFiles.Fingerprint)
    do throws(StoreFiles.ReadFailure) {
      read = try fileSystem.readFile(
        url, limit: max(maximumFileSize, size ?? 0), followingLinks: false)
    } catch {
      switch error {
      case .missing: return .missing
      case .notRegular(let kind): return .foreign(kind.phrase)
      case .tooLarge(let count, _):
        return .foreign(
          "\(count) bytes, larger than the store's limit of \(maximumFileSize) (raise "
            + "FontStore's maximumFileSize if you raised it when storing it)")
      case .system(let code):
        return .unreadable(StoreFiles.error(code, "could not read \(url.path)"))
      }
    }
    let digest = read.bytes.withUnsafeBytes { SHA256Digest.hash($0) }.hex
    guard digest == sha256 else {
      return .corrupt("its SHA-256 is \(digest), not the \(sha256) it was stored as")
    }
    Self._verified.withLock { verified in
      let hashes = (verified[url.path]?.hashes ?? 0) + 1
      verified[url.path] = _Verified(
        fingerprint: read.fingerprint, sha256: digest, hashes: hashes)
    }
    return .valid(read.fingerprint)
  }

  /// Records a file the store just wrote as verified, so it is not hashed again.
  func recordVerified(_ file: String, sha256: String) {
    let url = _url(file)
    guard case .regular(let fingerprint) = StoreFiles.kind(of: url) else { return }
    Self._verified.withLock { $0[url.path] = _Verified(fingerprint: fingerprint, sha256: sha256) }
  }

  // MARK: - Moving aside and removing

  /// Moves a stored file into `quarantine/`, named `<name>.<yyyyMMdd-HHmmss>-<n>`.
  ///
  /// - Returns: The path it was moved to.
  func _quarantine(_ file: String) throws(FontStoreError) -> String {
    switch StoreFiles.kind(of: quarantineDirectory) {
    case .directory: break
    case .missing: try StoreFiles.createFolder(quarantineDirectory)
    case let kind:
      throw FontStoreError(
        .storage,
        "\(quarantineDirectory.path) is \(kind.phrase), not a folder: cannot move \(file) aside")
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let stem = (file as NSString).lastPathComponent + "." + formatter.string(from: Date())
    var target = quarantineDirectory.appendingPathComponent(stem)
    var number = 1
    while StoreFiles.kind(of: target) != .missing {
      number += 1
      target = quarantineDirectory.appendingPathComponent("\(stem)-\(number)")
    }
    try fileSystem.move(_url(file), to: target)
    StoreFiles.syncFolder(quarantineDirectory)
    return "quarantine/" + target.lastPathComponent
  }

  /// Removes a stored file no entry names any more, if it is still the file the store wrote.
  ///
  /// A file proven corrupt is moved to `quarantine/`; anything else is left alone. Problems go
  /// to ``issues``.
  ///
  /// Call with the lock held, after the index stopped naming it.
  func _discard(_ file: String, sha256: String, size: Int?) {
    let url = _url(file)
    switch _check(file, sha256: sha256, size: size) {
    case .missing:
      return
    case .valid:
      do throws(FontStoreError) {
        try fileSystem.removeFile(url)
        Self._verified.withLock { $0[url.path] = nil }
      } catch {
        _report(error)
      }
    case .corrupt(let reason):
      do throws(FontStoreError) {
        let moved = try _quarantine(file)
        _report(
          FontStoreError(.corrupt, "\(url.path) was not removed: \(reason); moved to \(moved)"))
      } catch {
        _report(error)
      }
    case .foreign(let phrase):
      _report(
        FontStoreError(
          .storage,
          "\(url.path) was not removed: it is \(phrase), not a file the store wrote; "
            + "remove it by hand if it is not needed"))
    case .unreadable(let error):
      _report(
        FontStoreError(
          .storage, "\(url.path) was not removed: \(error.message)", cause: error))
    }
  }
}
