// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension FontStore {
  // MARK: - Installing

  /// Validates font bytes, stores them and registers their faces under a key.
  ///
  /// The steps, in order: the size cap; the first bytes; FreeType opening every face and
  /// loading a glyph; WOFF and WOFF2 decoded to plain sfnt (and validated again); the file
  /// written under its SHA-256 and renamed into place; its faces registered; the index
  /// rewritten. A key that held another file is switched to the new one and the old file is
  /// unregistered and deleted (unless another key shares it). When any step fails, the store
  /// and the registry are as they were.
  ///
  /// ```swift
  /// let faces = try store.install(Data(contentsOf: url), key: "brand-regular")
  /// ```
  ///
  /// - Parameters:
  ///   - data: The font bytes: TTF, OTF, TTC, OTC, WOFF or WOFF2.
  ///   - key: The key to store them under; installing under a key again replaces its file.
  ///   - origin: Where the bytes came from, for ``FontStoreEntry/origin`` and messages.
  ///   - version: A version to record, compared with a source's ``RemoteFontSource/cacheKey``.
  /// - Returns: The registered faces, in file order.
  /// - Throws: ``FontStoreError`` — `tooLarge`, `notAFont` (describing the first bytes),
  ///   `corrupt`, `conflict` (a PostScript name registered from another file), `storage`.
  /// - Complexity: O(n) in the size of the bytes, plus FreeType's scan of each face; holds the
  ///   store's lock throughout.
  @discardableResult
  public func install(
    _ data: Data, key: String, origin: String? = nil, version: String? = nil
  ) throws(FontStoreError) -> [FontFace] {
    let fileName = origin.flatMap { URL(string: $0)?.lastPathComponent } ?? ""
    let name = fileName.isEmpty || fileName == "/" ? key : fileName
    return try _install(data, key: key, origin: origin, version: version, name: name)
  }

  /// The key ``install(contentsOf:key:session:)`` stores a URL's font under by default: the
  /// URL's absolute string, with a file URL's path standardized.
  ///
  /// - Parameter url: The file or `http(s)` URL.
  /// - Returns: The key, such as `https://cdn.example.com/fonts/Brand.otf`.
  public static func key(forContentsOf url: URL) -> String {
    (url.isFileURL ? url.standardizedFileURL : url).absoluteString
  }

  /// Reads a local file or downloads an `http(s)` URL, then installs it like
  /// ``install(_:key:origin:version:)``.
  ///
  /// A download blocks the calling thread until it completes: this is for command-line tools.
  /// From async code, load through a ``RemoteFontSource`` with ``load(_:from:)-([FontRequest],_)`` instead.
  ///
  /// - Parameters:
  ///   - url: A `file:` URL, or an `http:` or `https:` URL.
  ///   - key: The key to store the font under; ``key(forContentsOf:)`` by default.
  ///   - session: The session to download with; `.shared` by default.
  /// - Returns: The registered faces.
  /// - Throws: ``FontStoreError`` — `notFound` for a missing file, `httpStatus`, `network`,
  ///   `invalidArgument` for another scheme, and what ``install(_:key:origin:version:)``
  ///   throws.
  @discardableResult
  public func install(
    contentsOf url: URL, key: String? = nil, session: URLSession = .shared
  ) throws(FontStoreError) -> [FontFace] {
    let data: Data
    let origin: String
    switch url.scheme?.lowercased() {
    case "file":
      let file = url.standardizedFileURL
      origin = file.absoluteString
      guard let size = StoreFiles.size(of: file) else {
        throw FontStoreError(.notFound, "no file at \(file.path); check the path")
      }
      guard size <= maximumFileSize else { throw _tooLarge(size, name: file.lastPathComponent) }
      do {
        data = try Data(contentsOf: file)
      } catch {
        throw FontStoreError(
          .storage, "could not read \(file.path): \(error.localizedDescription)")
      }
    case "http", "https":
      origin = url.absoluteString
      let request = URLRequest(url: url)
      let response = try HTTPFetch.blockingResponse(
        for: request, session: session, policy: .storeFile(maximumFileSize)
      ).get()
      data = try HTTPFetch.body(of: response, request: request)
    default:
      throw FontStoreError(
        .invalidArgument,
        "cannot install from \(url.absoluteString); give a path or an http(s) URL")
    }
    let name = url.lastPathComponent.isEmpty ? origin : url.lastPathComponent
    return try _install(
      data, key: key ?? Self.key(forContentsOf: url), origin: origin, version: nil, name: name)
  }

  /// The installation steps, under the lock.
  func _install(
    _ data: Data, key: String, origin: String?, version: String?, name: String
  ) throws(FontStoreError) -> [FontFace] {
    guard data.count <= maximumFileSize else { throw _tooLarge(data.count, name: name) }
    return try FileLock.withExclusiveLock(at: lockPath) { () throws(FontStoreError) in
      var (index, _) = try _readIndex()
      _ = _synchronize(&index)
      let blob = try _storeBlob(data, name: name)
      let installed = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
      let entry = FontStoreIndex.Entry(
        file: blob.file, sha256: blob.sha256, postScriptNames: blob.postScriptNames,
        origin: origin, version: version, installed: installed)
      let previous = index.entries[key]
      let newURL = _url(blob.file)
      let newIsShared = !index.keys(referencing: blob.file).isEmpty

      // The old file leaves the registry first, or nothing changes.
      var oldURL: URL?
      if let previous, previous.file != blob.file,
        index.keys(referencing: previous.file) == [key]
      {
        do throws(FontStoreError) {
          try _unregister(previous.file)
        } catch {
          if !newIsShared { try? StoreFiles.removeFile(newURL) }
          throw error
        }
        oldURL = _url(previous.file)
      }

      let faces: [FontFace]
      do throws(FontError) {
        faces = try registry.register(fileAt: newURL)
      } catch {
        if let oldURL { _ = try? registry.register(fileAt: oldURL) }
        if !newIsShared { try? StoreFiles.removeFile(newURL) }
        throw FontStoreError.validation(error, file: newURL, name: name)
      }

      var updated = index
      updated.entries[key] = entry
      do throws(FontStoreError) {
        try _writeIndex(updated)
      } catch {
        if !newIsShared {
          try? registry.unregister(fileAt: newURL)
          try? StoreFiles.removeFile(newURL)
        }
        if let oldURL { _ = try? registry.register(fileAt: oldURL) }
        throw error
      }
      if let oldURL { try? StoreFiles.removeFile(oldURL) }  // else removed at the next open

      state.withLock { state in
        state.stored[key] = _Stored(entry: entry, faces: faces)
        state.seen[key] = entry.sha256
        state.statistics.installs += 1
      }
      return faces
    }
  }

  /// A validated file in `blobs/`.
  struct _Blob {
    let file: String
    let sha256: String
    let postScriptNames: [String]
  }

  /// Validates the bytes, decodes WOFF and WOFF2, and moves the result into `blobs/`.
  ///
  /// The file is named by its SHA-256. Temporary files are removed on every path but a simulated
  /// crash.
  func _storeBlob(_ data: Data, name: String) throws(FontStoreError) -> _Blob {
    var temporaries: [URL] = []
    defer { for url in temporaries { try? StoreFiles.removeFile(url) } }
    let interruption = state.withLock { $0.faults.blobWrite }

    var bytes = [UInt8](data)
    let original = StoreFiles.temporaryURL(in: blobsDirectory)
    try StoreFiles.writeNewFile(bytes, to: original, interruption: interruption)
    temporaries.append(original)
    var faces = try _inspect(original, name: name)
    var chosen = original

    let signature = Array(bytes.prefix(4))
    if signature == Array("wOFF".utf8) || signature == Array("wOF2".utf8) {
      let sfnt: [UInt8]
      do throws(FontError) {
        sfnt = try FontDataCache(budget: 0).sfntBytes(for: faces[0].source)
      } catch {
        throw FontStoreError.validation(error, file: original, name: name)
      }
      let decoded = StoreFiles.temporaryURL(in: blobsDirectory)
      try StoreFiles.writeNewFile(sfnt, to: decoded)
      temporaries.append(decoded)
      let decodedFaces = try _inspect(decoded, name: name)
      // FreeType decodes one face of a WOFF2 collection at a time: keep those as they came.
      if decodedFaces.count == faces.count {
        (chosen, faces, bytes) = (decoded, decodedFaces, sfnt)
      }
    }

    let digest = bytes.withUnsafeBytes { SHA256Digest.hash($0) }
    let file = "blobs/\(digest.hex).\(Self._fileExtension(of: bytes))"
    let target = _url(file)
    if StoreFiles.size(of: target) != bytes.count {
      try StoreFiles.move(chosen, to: target)
      StoreFiles.syncFolder(blobsDirectory)
    }
    return _Blob(file: file, sha256: digest.hex, postScriptNames: faces.map(\.postScriptName))
  }

  /// Every face of a file, or the reason FreeType refuses it, naming the bytes `name`.
  func _inspect(_ url: URL, name: String) throws(FontStoreError) -> [FontFace] {
    let faces: [FontFace]
    do throws(FontError) {
      faces = try FontRegistry.inspect(fileAt: url)
    } catch {
      throw FontStoreError.validation(error, file: url, name: name)
    }
    guard !faces.isEmpty else {
      throw FontStoreError(.corrupt, "\(name) holds no face FreeType can open")
    }
    return faces
  }

  /// The extension for stored bytes, from their signature.
  static func _fileExtension(of bytes: [UInt8]) -> String {
    switch Array(bytes.prefix(4)) {
    case Array("OTTO".utf8): "otf"
    case Array("ttcf".utf8): "ttc"
    case Array("wOFF".utf8): "woff"
    case Array("wOF2".utf8): "woff2"
    default: "ttf"
    }
  }

  /// Unregisters a stored file; a file the registry no longer has is not an error.
  func _unregister(_ file: String) throws(FontStoreError) {
    let url = _url(file)
    if state.withLock({ $0.faults.failUnregister }) {
      throw FontStoreError(
        .registration, "the registry refused to unregister \(url.path) (simulated failure)")
    }
    do throws(FontError) {
      try registry.unregister(fileAt: url)
    } catch {
      guard error.code != .notRegistered else { return }
      throw FontStoreError(
        .registration, "could not unregister \(url.path): \(error.message)", fontError: error)
    }
  }

  func _tooLarge(_ size: Int, name: String) -> FontStoreError {
    FontStoreError(
      .tooLarge,
      "\(name) is \(size) bytes, over the store's limit of \(maximumFileSize); raise "
        + "FontStore's maximumFileSize to accept it")
  }
}
