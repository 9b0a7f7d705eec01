// SPDX-License-Identifier: Apache-2.0

import Foundation

extension FontStore {
  // MARK: - Ownership

  /// Checks that the store may use its folder, creating it (read-write) when it does not exist.
  ///
  /// Runs before anything is created in the folder, the lock file included.
  ///
  /// - Returns: Whether the folder exists (`false` only for a read-only store of a folder not
  ///   made yet, which is an empty store).
  /// - Throws: ``FontStoreError/Code/notAStore`` for a folder the store may not use;
  ///   ``FontStoreError/Code/storage`` when the folder cannot be created.
  func claimFolder() throws(FontStoreError) -> Bool {
    let path = directory.path
    switch StoreFiles.kind(of: directory) {
    case .missing:
      guard access == .readWrite else { return false }
      try StoreFiles.createFolder(blobsDirectory)
      try writeMarker()
      return true
    case .directory:
      break
    case .unknown(let code):
      throw StoreFiles.error(code, "could not look at the font store's folder \(path)")
    case .symbolicLink:
      throw FontStoreError(
        .notAStore,
        "the font store's folder \(path) is a symbolic link; the store uses only a real folder, "
          + "so that it never changes what a link points to: give the link's target instead")
    case let kind:
      throw FontStoreError(
        .notAStore,
        "the font store's folder \(path) is \(kind.phrase), not a folder; give a new or empty "
          + "folder, or one a store created")
    }

    switch StoreFiles.kind(of: markerURL) {
    case .regular:
      break
    case .missing:
      let names = StoreFiles.fileNames(in: directory)
      guard names.isEmpty || isEarlierStore(names) else {
        throw FontStoreError(
          .notAStore,
          "\(path) is not a font store: it is not empty and has no \(Self.markerName) marker, "
            + "so TypeScale did not create it and changes nothing in it; give a new or empty "
            + "folder, or the folder of an existing store")
      }
      if access == .readWrite { try writeMarker() }
    case let kind:
      throw FontStoreError(
        .notAStore,
        "\(markerURL.path) is \(kind.phrase), not the store's marker file; give another folder")
    }

    switch StoreFiles.kind(of: blobsDirectory) {
    case .directory:
      return true
    case .missing:
      if access == .readWrite { try StoreFiles.createFolder(blobsDirectory) }
      return true
    case .unknown(let code):
      throw StoreFiles.error(code, "could not look at \(blobsDirectory.path)")
    case let kind:
      throw FontStoreError(
        .notAStore,
        "\(blobsDirectory.path) is \(kind.phrase), not a folder: the store keeps its files only "
          + "in a real blobs folder inside its own, and left it untouched; replace it with a "
          + "folder, or give another store folder")
    }
  }

  /// Whether a folder without the marker is a store an earlier TypeScale made: nothing but
  /// `index.json`, `.lock`, `blobs/` and temporary files, and either an index that reads as a
  /// TypeScale index or no index and an empty `blobs/`.
  func isEarlierStore(_ names: [String]) -> Bool {
    let known: Set = ["index.json", ".lock", "blobs"]
    guard names.allSatisfy({ known.contains($0) || StoreFiles.isTemporaryName($0) }) else {
      return false
    }
    guard names.contains("index.json") else {
      return StoreFiles.fileNames(in: blobsDirectory).isEmpty
    }
    guard
      let bytes = try? StoreFiles.readFile(indexURL, limit: Self.maximumIndexSize).bytes,
      FontStoreIndex.format(of: Data(bytes)) != nil
    else { return false }
    return (try? FontStoreIndex.decoded(from: Data(bytes))) != nil
  }

  /// Writes the marker file that says the store created (or adopted) the folder.
  func writeMarker() throws(FontStoreError) {
    let text = """
      This folder is a TypeScale font store. TypeScale changes files only in folders that have \
      this marker; see FontStore's documentation before changing anything here by hand.

      """
    try StoreFiles.writeAtomically(Array(text.utf8), to: markerURL, using: fileSystem)
  }
}
