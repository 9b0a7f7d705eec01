// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// Where a face's bytes come from: a file, bytes registered from memory, or the embedded default.
///
/// Every face of one file or byte buffer shares one source. A source computes the SHA-256 of its
/// bytes once, on first request, so registering a folder does not read every byte of every file.
///
/// ```swift
/// if let face = registry.face(postScriptName: "Pretendard-Regular") {
///   face.source.fileName          // "Pretendard-Regular.otf"
///   try face.source.sha256().hex  // "9f2c…"
/// }
/// ```
public struct FontSource: Hashable, Sendable, CustomStringConvertible {
  /// What kind of source this is.
  public enum Kind: Hashable, Sendable {
    /// A file on disk, registered with ``FontRegistry/register(fileAt:)``.
    case file
    /// Bytes in memory, registered with ``FontRegistry/register(data:name:)``.
    case data
    /// A font embedded in TypeScale (the default cascade).
    case embedded
  }

  let _file: FontFile

  /// What kind of source this is.
  public var kind: Kind { _file.kind }

  /// The standardized file path, for file and embedded sources; `nil` for bytes.
  public var path: String? { _file.path }

  /// A short name for messages: the file name, or the name given to registered bytes.
  public var fileName: String { _file.name }

  /// The size of the source in bytes when it was registered.
  public var byteCount: Int { _file.byteCount }

  /// The SHA-256 of the source's bytes, computed on first request and then remembered.
  ///
  /// For a file this reads the whole file once. Golden files record it so that "the font
  /// changed" can be told apart from "the layout changed".
  ///
  /// - Returns: The digest.
  /// - Throws: ``FontError`` — ``FontError/Code/fileNotFound`` when the file was deleted since it
  ///   was registered, ``FontError/Code/fileChanged`` when it was replaced or modified.
  public func sha256() throws(FontError) -> SHA256Digest { try _file.sha256() }

  /// Reads the source's bytes: from memory for data sources, from disk otherwise.
  ///
  /// The layout engine reads bytes through ``FontRegistry``'s byte-bounded cache instead; call
  /// this for one-off access.
  ///
  /// - Returns: The bytes.
  /// - Throws: ``FontError`` — ``FontError/Code/fileNotFound`` when the file was deleted since it
  ///   was registered, ``FontError/Code/fileChanged`` when it was replaced or modified (another
  ///   inode, size or modification time), `unreadableFile` when it cannot be read.
  public func bytes() throws(FontError) -> [UInt8] { try _file.bytes() }

  /// Sources are equal when they are the same registered file or buffer.
  public static func == (lhs: FontSource, rhs: FontSource) -> Bool { lhs._file === rhs._file }

  /// Hashes the source's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(_file)) }

  /// The path, or the name given to bytes.
  public var description: String { path ?? "<bytes \(fileName)>" }
}

/// One registered file or buffer.
///
/// It holds its identity, its bytes when in memory, and its lazily computed digest. Immutable but for the digest cache, which a mutex guards.
final class FontFile: Sendable {
  let kind: FontSource.Kind
  let path: String?
  let name: String
  let byteCount: Int
  /// The file's status when registered (device, inode, size, modification time), to tell the
  /// registered file from one deleted or replaced since; `nil` for data sources.
  let status: FileStatus?
  /// The bytes, for data sources; `nil` for files (read on demand).
  let memory: [UInt8]?
  private let _digest = Locked<SHA256Digest?>(nil)

  /// A file source, with the status of the file that was scanned.
  init(kind: FontSource.Kind, path: String, name: String, status: FileStatus) {
    self.kind = kind
    self.path = path
    self.name = name
    self.byteCount = status.size
    self.status = status
    self.memory = nil
  }

  /// A data source: bytes in memory.
  init(name: String, memory: [UInt8]) {
    self.kind = .data
    self.path = nil
    self.name = name
    self.byteCount = memory.count
    self.status = nil
    self.memory = memory
  }

  /// The modification time when registered; `nil` for data sources.
  var modificationTime: Date? { status?.modificationTime }

  /// Why the file on disk is no longer the file that was registered, or `nil` when it still is
  /// (and always for data sources): one `stat(2)`.
  func change() -> FontError? {
    guard let path, let status else { return nil }
    guard let now = FileStatus.current(path: path) else { return changeError(now: nil) }
    return now == status ? nil : changeError(now: now)
  }

  /// The error for a file found deleted (`now` is `nil`) or replaced since registration.
  func changeError(now: FileStatus?) -> FontError {
    let path = self.path ?? name
    guard let now else {
      return FontError(
        .fileNotFound,
        "\(path) was deleted (or is no longer a regular file) since it was registered; put it "
          + "back, or unregister it")
    }
    var what: [String] = []
    if now.device != status?.device || now.inode != status?.inode {
      what.append("another file was put at its path")
    }
    if now.size != byteCount { what.append("\(byteCount) bytes then, \(now.size) now") }
    if now.modificationTime != status?.modificationTime, now.size == byteCount {
      what.append("modified")
    }
    return FontError(
      .fileChanged,
      "\(path) has changed since it was registered (\(what.joined(separator: ", "))); register "
        + "it again to use the new file")
  }

  /// The bytes: the memory of a data source, or the file read now, checked to be the file that
  /// was registered (same device, inode, size and modification time, from `fstat` on the
  /// descriptor that is read).
  func bytes() throws(FontError) -> [UInt8] {
    if let memory { return memory }
    guard let path, let status else { preconditionFailure("a file source has a path") }
    let file: FileDescriptor
    do throws(FontError) {
      file = try FileDescriptor(path: path, name: name)
    } catch  where error.code == .fileNotFound {
      throw changeError(now: nil)
    }
    guard file.status == status else { throw changeError(now: file.status) }
    let bytes = file.read(offset: 0, count: file.size)
    guard bytes.count == byteCount else {
      throw FontError(
        .fileChanged,
        "\(path) was truncated while it was read (\(byteCount) bytes registered, \(bytes.count) "
          + "read); register it again")
    }
    return bytes
  }

  /// Records a digest computed elsewhere (for bytes hashed on registration).
  func setDigest(_ digest: SHA256Digest) { _digest.withLock { $0 = digest } }

  func sha256() throws(FontError) -> SHA256Digest {
    if let digest = _digest.withLock({ $0 }) { return digest }
    let memoKey = kind == .embedded ? embeddedMemoKey : nil
    if let memoKey, let digest = Self.embeddedDigests.withLock({ $0[memoKey] }) {
      _digest.withLock { $0 = digest }
      return digest
    }
    let digest = SHA256Digest.hash(try bytes())
    _digest.withLock { $0 = digest }
    if let memoKey { Self.embeddedDigests.withLock { $0[memoKey] = digest } }
    return digest
  }

  /// The digests of TypeScale's embedded font files, shared by every registry in the process:
  /// each registry has its own sources, and a golden run or a test suite makes many registries,
  /// which would otherwise hash the same 3 MB of embedded fonts again each time.
  private static let embeddedDigests = Locked<[String: SHA256Digest]>([:])

  /// The memo key of an embedded file: its path, size and modification time, so that a file
  /// replaced in the resource bundle is hashed again.
  private var embeddedMemoKey: String? {
    guard let path else { return nil }
    return "\(path)\u{0}\(byteCount)\u{0}\(modificationTime?.timeIntervalSince1970 ?? -1)"
  }
}
