// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts

extension FontStore {
  // MARK: - Removing

  /// Removes the font stored under a key: unregisters its faces, rewrites the index, then
  /// deletes the file.
  ///
  /// The file is deleted only after its faces left the registry and the index no longer names
  /// it, and only when it is still the file the store wrote (a regular file whose SHA-256
  /// matches its name; a corrupt one is moved to `quarantine/`, anything else is left and
  /// reported in ``issues``). When unregistering fails, the file and the index stay as they
  /// were. A file another key shares stays registered and stored.
  ///
  /// - Parameter key: The key, as ``entries`` lists it.
  /// - Returns: The removed entry.
  /// - Throws: ``FontStoreError`` — `notFound` when no font is stored under the key,
  ///   `registration` when the registry refuses, `storage` when the index cannot be written,
  ///   `readOnly` for a store opened ``AccessMode/readOnly``.
  @discardableResult
  public func remove(key: String) throws(FontStoreError) -> FontStoreEntry {
    let removed = try _remove(description: "key \(key)") { candidate, _ in candidate == key }
    guard let first = removed.first else { preconditionFailure("a removal removes an entry") }
    return first
  }

  /// Removes every stored font that has a face with a PostScript name, like
  /// ``remove(key:)``.
  ///
  /// - Parameter postScriptName: The PostScript name, such as `Pretendard-SemiBold`.
  /// - Returns: The removed entries, sorted by key.
  /// - Throws: ``FontStoreError`` as ``remove(key:)`` does; `notFound` when no stored face has
  ///   the name.
  @discardableResult
  public func remove(postScriptName: String) throws(FontStoreError) -> [FontStoreEntry] {
    try _remove(description: "PostScript name \(postScriptName)") { _, entry in
      entry.postScriptNames.contains(postScriptName)
    }
  }

  private func _remove(
    description: String, where matches: (String, FontStoreIndex.Entry) -> Bool
  ) throws(FontStoreError) -> [FontStoreEntry] {
    guard access == .readWrite else {
      throw FontStoreError(
        .readOnly,
        "cannot remove the font with the \(description): the store at \(directory.path) was "
          + "opened read-only; open it with access: .readWrite")
    }
    registerAhead()
    return try FileLock.withExclusiveLock(at: lockPath) { () throws(FontStoreError) in
      var (index, damaged) = try readIndex()
      let dropped = _synchronize(&index)
      let keys = index.entries.filter { matches($0.key, $0.value) }.map(\.key).sorted()
      guard !keys.isEmpty else {
        if dropped || damaged { try writeIndex(index) }
        throw FontStoreError(
          .notFound,
          "no stored font has the \(description); see `typescale fonts list --store "
            + "\(directory.path)`")
      }
      let files = Set(keys.compactMap { index.entries[$0]?.file })
      var updated = index
      for key in keys { updated.entries[key] = nil }
      let unused = files.filter { updated.keys(referencing: $0).isEmpty }.sorted()

      // Unregister first; undo and stop at the first refusal.
      var unregistered: [String] = []
      for file in unused {
        do throws(FontStoreError) {
          try _unregister(file)
          unregistered.append(file)
        } catch {
          for done in unregistered { _ = try? registry.register(fileAt: _url(done)) }
          throw error
        }
      }
      do throws(FontStoreError) {
        try writeIndex(updated)
      } catch {
        for done in unregistered { _ = try? registry.register(fileAt: _url(done)) }
        throw error
      }
      for file in unused {
        guard let entry = index.entries.values.first(where: { $0.file == file }) else { continue }
        _discard(file, sha256: entry.sha256, size: entry.size)
      }
      return state.withLock { state in
        keys.compactMap { key -> FontStoreEntry? in
          guard let entry = index.entries[key] else { return nil }
          let faces = state.stored.removeValue(forKey: key)?.faces ?? []
          state.seen[key] = nil
          state.latest[key] = nil
          return publicEntry(key: key, stored: Stored(entry: entry, faces: faces))
        }
      }
    }
  }
}
