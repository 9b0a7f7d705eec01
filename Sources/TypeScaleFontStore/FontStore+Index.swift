// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts

extension FontStore {
  // MARK: - Synchronizing with the folder

  /// Reads the index again and registers what other processes stored (and unregisters what they
  /// removed) since this store last looked, and tries again the stored files that could not be
  /// read before.
  ///
  /// Every change the store makes does this first, under the lock; call it to pick up another
  /// process's downloads. A read-only store reads without the lock and changes nothing.
  ///
  /// - Throws: ``FontStoreError/Code/storage`` when the index cannot be read or rewritten.
  public func synchronize() throws(FontStoreError) {
    guard access == .readWrite else {
      var (index, _) = try readIndex()
      _ = _synchronize(&index)
      return
    }
    registerAhead()
    try FileLock.withExclusiveLock(at: lockPath) { () throws(FontStoreError) in
      var (index, damaged) = try readIndex()
      if _synchronize(&index) || damaged { try writeIndex(index) }
    }
  }

  /// The index on disk: empty when there is none yet, or when it is damaged or of an older
  /// format (`damaged` is then `true`, and the store starts afresh: it is a cache; a read-write
  /// store moves the damaged index to `quarantine/` first).
  ///
  /// Call with the lock held (a read-only store reads without it: the index is replaced by
  /// rename, so any read sees a whole one).
  ///
  /// - Parameter reporting: Whether a damaged index is reported in ``issues`` and moved aside.
  /// - Returns: The index, and whether it was damaged.
  /// - Throws: ``FontStoreError/Code/storage`` when the index is not a regular file, is larger
  ///   than ``maximumIndexSize``, cannot be read, or has a newer format.
  func readIndex(reporting: Bool = true) throws(FontStoreError) -> (
    index: FontStoreIndex, damaged: Bool
  ) {
    let data: Data
    do throws(StoreFiles.ReadFailure) {
      data = Data(try StoreFiles.readFile(indexURL, limit: Self.maximumIndexSize).bytes)
    } catch {
      switch error {
      case .missing:
        return (FontStoreIndex(), false)
      case .notRegular(let kind):
        throw FontStoreError(
          .storage,
          "\(indexURL.path) is \(kind.phrase), not the store's index; the store leaves it "
            + "alone: remove it, or use another folder")
      case .tooLarge(let size, _):
        throw FontStoreError(
          .storage,
          "\(indexURL.path) is \(size) bytes, over FontStore.maximumIndexSize "
            + "(\(Self.maximumIndexSize)): not an index TypeScale wrote; move it away, or use "
            + "another folder")
      case .system(let code):
        throw StoreFiles.error(code, "could not read \(indexURL.path)")
      }
    }
    if let format = FontStoreIndex.format(of: data), format > FontStoreIndex.currentFormat {
      throw FontStoreError(
        .storage,
        "\(indexURL.path) has format \(format), newer than this TypeScale's "
          + "\(FontStoreIndex.currentFormat); use another folder or a newer TypeScale")
    }
    do {
      let index = try FontStoreIndex.decoded(from: data)
      guard index.format == FontStoreIndex.currentFormat else {
        throw CocoaError(.fileReadCorruptFile)
      }
      return (index, false)
    } catch {
      guard reporting else { return (FontStoreIndex(), true) }
      var kept = ""
      if access == .readWrite {
        do throws(FontStoreError) {
          kept = "; the damaged index was moved to " + (try _quarantine("index.json"))
        } catch {
          kept = "; it could not be moved aside (\(error.message))"
        }
      }
      _report(
        FontStoreError(
          .storage,
          "\(indexURL.path) is damaged or of an older format; the store starts empty and "
            + "fetches its fonts again\(kept)"))
      return (FontStoreIndex(), true)
    }
  }

  /// Writes the index atomically.
  ///
  /// Call with the lock held.
  func writeIndex(_ index: FontStoreIndex) throws(FontStoreError) {
    precondition(access == .readWrite, "a read-only store writes nothing")
    let data: Data
    do {
      data = try index.encoded()
    } catch {
      throw FontStoreError(.storage, "could not encode the index: \(error)", cause: error)
    }
    try StoreFiles.writeAtomically([UInt8](data), to: indexURL, using: fileSystem)
  }

  /// Makes the registered entries match `index`: registers entries stored by another process,
  /// unregisters entries removed by one, and deals with stored files that do not verify.
  ///
  /// A missing file's entry is dropped; an unreadable file (or a symbolic link, folder or
  /// device in its place, or a file FreeType refuses although its SHA-256 matches) is left,
  /// unregistered, and tried again next time; a corrupt file (SHA-256 mismatch, or no font at
  /// all) is moved to `quarantine/` (read-write only) and its entries dropped. Each is reported in
  /// ``issues``. A read-only store changes no file; the caller does not write `index`.
  ///
  /// Call with the lock held (read-only, or `registeringOnly`: without it). Calls from several
  /// threads of one process take turns.
  ///
  /// - Parameters:
  ///   - index: The index just read; entries are dropped from it.
  ///   - registeringOnly: Register what verifies and report conflicts, but leave every other
  ///     problem, silently, to a later call with the lock held: the pass that runs before the
  ///     lock is taken, so that FreeType's scans of stored files happen outside it.
  /// - Returns: Whether `index` changed (entries were dropped) and should be written.
  func _synchronize(_ index: inout FontStoreIndex, registeringOnly: Bool = false) -> Bool {
    syncTurn.withLock { turns in
      turns &+= 1
      return synchronizeInTurn(&index, registeringOnly: registeringOnly)
    }
  }

  /// Registers what a store reads before taking the lock (see
  /// ``_synchronize(_:registeringOnly:)``); does nothing when the index cannot be read.
  func registerAhead() {
    guard let (index, damaged) = try? readIndex(reporting: false), !damaged else { return }
    var copy = index
    _ = _synchronize(&copy, registeringOnly: true)
  }

  private func synchronizeInTurn(
    _ index: inout FontStoreIndex, registeringOnly: Bool
  ) -> Bool {
    let (before, seenBefore) = state.withLock { ($0.stored, $0.seen) }
    var stored = before
    var seen = seenBefore.filter { index.entries[$0.key]?.sha256 == $0.value }
    var changed = false

    // Entries removed or replaced elsewhere.
    for (key, item) in before where index.entries[key]?.sha256 != item.entry.sha256 {
      stored[key] = nil
      let file = item.entry.file
      let inUse =
        stored.values.contains { $0.entry.file == file }
        || index.entries.values.contains { $0.file == file }
      if !inUse { try? registry.unregister(fileAt: _url(file)) }
    }

    /// Drops every entry that names `file`, which is gone.
    func drop(_ file: String) {
      for key in index.keys(referencing: file) {
        index.entries[key] = nil
        stored[key] = nil
        changed = true
      }
    }

    /// Moves a corrupt file aside (read-write) and drops its entries, or only reports it.
    func setAside(_ key: String, _ entry: FontStoreIndex.Entry, reason: String) {
      let path = _url(entry.file).path
      guard access == .readWrite else {
        _report(
          FontStoreError(
            .corrupt,
            "\(key) is not registered: \(path) is corrupt (\(reason)); opened read-only, so "
              + "it is left in place"))
        return
      }
      do throws(FontStoreError) {
        let moved = try _quarantine(entry.file)
        Self._verified.withLock { $0[path] = nil }
        let keys = index.keys(referencing: entry.file).sorted()
        drop(entry.file)
        _report(
          FontStoreError(
            .corrupt,
            "\(keys.joined(separator: ", ")) dropped from the store: \(path) is corrupt "
              + "(\(reason)); moved to \(moved), install the font again"))
      } catch {
        _report(
          FontStoreError(
            .corrupt,
            "\(key) is not registered: \(path) is corrupt (\(reason)) and could not be "
              + "moved aside: \(error.message)", cause: error))
      }
    }

    // Entries stored elsewhere, or not yet registered.
    for (key, entry) in index.entries.sorted(by: { $0.key < $1.key }) {
      guard index.entries[key] != nil else { continue }  // dropped with a file it shared
      if var item = stored[key], item.entry.sha256 == entry.sha256 {
        var refreshed = entry  // another process may have refreshed its version
        if refreshed.size == nil, let size = item.entry.size {
          refreshed.size = size  // verified when registered ahead of the lock
          index.entries[key]?.size = size
          changed = true
        }
        item.entry = refreshed
        stored[key] = item
        continue
      }
      if seen[key] == entry.sha256 { continue }
      guard Self.isBlobPath(entry.file, sha256: entry.sha256) else {
        if registeringOnly { continue }
        seen[key] = entry.sha256
        index.entries[key] = nil
        changed = true
        _report(
          FontStoreError(
            .storage, "the index entry \(key) names \(entry.file), not a stored file; dropped"))
        continue
      }
      let url = _url(entry.file)
      let fingerprint: StoreFiles.Fingerprint
      switch _check(entry.file, sha256: entry.sha256, size: entry.size) {
      case .valid(let found):
        fingerprint = found
      case _ where registeringOnly:
        continue
      case .missing:
        seen[key] = entry.sha256
        drop(entry.file)
        _report(
          FontStoreError(.storage, "\(key) was dropped from the store: \(url.path) is missing"))
        continue
      case .foreign(let phrase):
        _report(
          FontStoreError(
            .storage,
            "\(key) is not registered: \(url.path) is \(phrase), not a file the store wrote; "
              + "the store leaves it alone: remove it and install the font again"))
        continue
      case .unreadable(let error):
        _report(
          FontStoreError(
            .storage,
            "\(key) is not registered: \(error.message); the entry and the file stay, and are "
              + "tried again at the next synchronize", systemCode: error.systemCode, cause: error))
        continue
      case .corrupt(let reason):
        seen[key] = entry.sha256
        setAside(key, entry, reason: reason)
        continue
      }
      do throws(FontError) {
        let faces = try registry.register(fileAt: url)
        // A file swapped while FreeType read it is not the file that was verified.
        guard StoreFiles.kind(of: url) == .regular(fingerprint) else {
          if !stored.values.contains(where: { $0.entry.file == entry.file }) {
            try? registry.unregister(fileAt: url)
          }
          if registeringOnly { continue }
          _report(
            FontStoreError(
              .storage,
              "\(key) is not registered: \(url.path) changed while it was being registered; "
                + "tried again at the next synchronize"))
          continue
        }
        seen[key] = entry.sha256
        var registered = entry
        if entry.size == nil {  // an earlier TypeScale's entry: record the verified size
          registered.size = fingerprint.size
          index.entries[key]?.size = fingerprint.size
          changed = true
        }
        stored[key] = Stored(entry: registered, faces: faces)
      } catch {
        if registeringOnly, error.code != .duplicatePostScriptName { continue }
        switch error.code {
        case .duplicatePostScriptName:
          seen[key] = entry.sha256
          _report(
            FontStoreError(
              .conflict,
              "\(key) is stored but not registered: \(error.message); remove one of the two",
              fontError: error))
        case .notAFont:
          // Bytes that match their name but are no font at all were never stored by install.
          // (A font FreeType now finds damaged, or over a limit, matches the bytes that were
          // validated: the environment changed, not the file, so it stays, as below.)
          seen[key] = entry.sha256
          setAside(key, entry, reason: "it is not a font: \(error.message)")
        default:
          _report(
            FontStoreError(
              .storage,
              "\(key) is not registered: \(error.message); the entry and the file stay, and "
                + "are tried again at the next synchronize", fontError: error))
        }
      }
    }
    state.withLock { state in
      state.stored = stored
      state.seen = seen
    }
    return changed && access == .readWrite
  }

  /// Removes the temporary files a crash left in the folder and in `blobs/`.
  ///
  /// Only regular files named `.tmp-<UUID>` that no live writer holds; nothing else.
  ///
  /// Call with the lock held, when opening read-write.
  func removeLeftovers() {
    StoreFiles.removeLeftoverTemporaries(in: directory)
    StoreFiles.removeLeftoverTemporaries(in: blobsDirectory)
  }

  /// Whether `file` is a stored file's name for `sha256`: `blobs/<sha256>.<extension>`, and
  /// nothing that could point outside the folder.
  static func isBlobPath(_ file: String, sha256: String) -> Bool {
    guard SHA256Digest(hex: sha256) != nil, file.hasPrefix("blobs/" + sha256 + ".") else {
      return false
    }
    let fileExtension = file.dropFirst(("blobs/" + sha256 + ".").count)
    return Self.blobExtensions.contains(String(fileExtension))
  }

  /// The extensions stored files have.
  static let blobExtensions: Set<String> = ["ttf", "otf", "ttc", "woff", "woff2"]

  /// Records a problem for ``issues``, once.
  func _report(_ issue: FontStoreError) {
    state.withLock { state in
      if !state.issues.contains(issue) { state.issues.append(issue) }
    }
  }
}
