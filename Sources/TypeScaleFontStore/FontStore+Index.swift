// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts

extension FontStore {
  // MARK: - Synchronizing with the folder

  /// Reads the index again and registers what other processes stored (and unregisters what they
  /// removed) since this store last looked.
  ///
  /// Every change the store makes does this first, under the lock; call it to pick up another
  /// process's downloads without changing anything.
  ///
  /// - Throws: ``FontStoreError/Code/storage`` when the index cannot be read or rewritten.
  public func synchronize() throws(FontStoreError) {
    try FileLock.withExclusiveLock(at: lockPath) { () throws(FontStoreError) in
      var (index, damaged) = try _readIndex()
      if _synchronize(&index) || damaged { try _writeIndex(index) }
    }
  }

  /// The index on disk: empty when there is none yet, or when it is damaged or of an older
  /// format (`damaged` is then `true`, and the store starts afresh: it is a cache).
  ///
  /// Call with the lock held.
  func _readIndex() throws(FontStoreError) -> (index: FontStoreIndex, damaged: Bool) {
    let data: Data
    do {
      data = try Data(contentsOf: indexURL)
    } catch {
      if StoreFiles.size(of: indexURL) == nil { return (FontStoreIndex(), false) }
      throw FontStoreError(
        .storage,
        "could not read \(indexURL.path): \(error.localizedDescription); check its permissions")
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
      _report(
        FontStoreError(
          .storage,
          "\(indexURL.path) is damaged or of an older format; the store starts empty and "
            + "fetches its fonts again"))
      return (FontStoreIndex(), true)
    }
  }

  /// Writes the index atomically.
  ///
  /// Call with the lock held.
  func _writeIndex(_ index: FontStoreIndex) throws(FontStoreError) {
    let data: Data
    do {
      data = try index.encoded()
    } catch {
      throw FontStoreError(.storage, "could not encode the index: \(error)")
    }
    let interruption = state.withLock { $0.faults.indexWrite }
    try StoreFiles.writeAtomically([UInt8](data), to: indexURL, interruption: interruption)
  }

  /// Makes the registered entries match `index`: registers entries stored by another process,
  /// unregisters entries removed by one, and drops entries whose file is missing or invalid.
  ///
  /// Call with the lock held.
  ///
  /// - Returns: Whether `index` changed (entries were dropped) and should be written.
  func _synchronize(_ index: inout FontStoreIndex) -> Bool {
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

    // Entries stored elsewhere, or not yet registered.
    for (key, entry) in index.entries.sorted(by: { $0.key < $1.key }) {
      if var item = stored[key], item.entry.sha256 == entry.sha256 {
        item.entry = entry  // another process may have refreshed its version
        stored[key] = item
        continue
      }
      if seen[key] == entry.sha256 { continue }
      seen[key] = entry.sha256
      guard Self._isBlobPath(entry.file, sha256: entry.sha256) else {
        index.entries[key] = nil
        changed = true
        _report(
          FontStoreError(
            .storage, "the index entry \(key) names \(entry.file), not a stored file; dropped"))
        continue
      }
      do throws(FontError) {
        let faces = try registry.register(fileAt: _url(entry.file))
        stored[key] = _Stored(entry: entry, faces: faces)
      } catch {
        if error.code == .duplicatePostScriptName {
          _report(
            FontStoreError(
              .conflict,
              "\(key) is stored but not registered: \(error.message); remove one of the two",
              fontError: error))
          continue
        }
        index.entries[key] = nil
        changed = true
        if index.keys(referencing: entry.file).isEmpty {
          try? StoreFiles.removeFile(_url(entry.file))
        }
        _report(
          FontStoreError(
            .storage, "\(key) was dropped from the store: \(error.message)", fontError: error))
      }
    }
    state.withLock { state in
      state.stored = stored
      state.seen = seen
    }
    return changed
  }

  /// Removes temporary files left by a crash and stored files no entry names.
  ///
  /// Call with the lock held, when opening.
  func _removeLeftovers(keeping index: FontStoreIndex) {
    for name in StoreFiles.fileNames(in: directory)
    where name.hasPrefix(StoreFiles.temporaryPrefix) {
      try? StoreFiles.removeFile(directory.appendingPathComponent(name))
    }
    let referenced = Set(index.entries.values.map(\.file))
    for name in StoreFiles.fileNames(in: blobsDirectory) where !referenced.contains("blobs/" + name)
    {
      try? StoreFiles.removeFile(blobsDirectory.appendingPathComponent(name))
    }
  }

  /// Whether `file` is a stored file's name for `sha256`: `blobs/<sha256>.<extension>`, and
  /// nothing that could point outside the folder.
  static func _isBlobPath(_ file: String, sha256: String) -> Bool {
    guard SHA256Digest(hex: sha256) != nil, file.hasPrefix("blobs/" + sha256 + ".") else {
      return false
    }
    let fileExtension = file.dropFirst(("blobs/" + sha256 + ".").count)
    return Self.blobExtensions.contains(String(fileExtension))
  }

  /// The extensions stored files have.
  static let blobExtensions: Set<String> = ["ttf", "otf", "ttc", "woff", "woff2"]

  /// Records a problem for ``issues``.
  func _report(_ issue: FontStoreError) {
    state.withLock { $0.issues.append(issue) }
  }
}
