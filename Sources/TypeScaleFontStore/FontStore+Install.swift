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
  /// unregistered and deleted (unless another key shares it, or it is no longer the file the
  /// store wrote: see ``FontStore``). A file already stored under the same SHA-256 is reused
  /// when it verifies; anything else at its path is moved to `quarantine/` first. When any step
  /// fails, the store and the registry are as they were, and no temporary file is left.
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
  ///   `corrupt`, `conflict` (a PostScript name registered from another file), `storage`,
  ///   `readOnly` for a store opened ``AccessMode/readOnly``.
  /// - Complexity: O(n) in the size of the bytes, plus FreeType's scans of each face. The
  ///   validation and WOFF decoding run before the store's lock is taken; the lock is held for
  ///   reading and writing the index, the rename, and registering the stored file.
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
  /// - Throws: ``FontStoreError`` — `notFound` for a missing file, `invalidArgument` for a path
  ///   that is a FIFO, a device, a socket or a folder (checked before anything is read, so a
  ///   FIFO never blocks) and for another scheme, `tooLarge` for a file over
  ///   ``maximumFileSize`` (checked before reading it), `storage` when the file cannot be read
  ///   (naming the system's reason), `httpStatus`, `network`, and what
  ///   ``install(_:key:origin:version:)`` throws.
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
      do throws(StoreFiles.ReadFailure) {
        data = Data(
          try StoreFiles.readFile(file, limit: maximumFileSize, followingLinks: true).bytes)
      } catch {
        switch error {
        case .missing:
          throw FontStoreError(.notFound, "no file at \(file.path); check the path")
        case .notRegular(let kind):
          throw FontStoreError(
            .invalidArgument,
            "\(file.path) is \(kind.phrase), not a font file; give the path of a .ttf, .otf, "
              + ".ttc, .woff or .woff2 file")
        case .tooLarge(let size, _):
          throw _tooLarge(size, name: file.lastPathComponent)
        case .system(let code):
          throw FontStoreError(
            .storage,
            "could not read \(file.path): \(String(cString: strerror(code)))"
              + (code == EACCES || code == EPERM ? "; check its permissions" : ""),
            systemCode: Int(code), cause: StoreFiles.posixError(code))
        }
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

  /// The installation steps: validation outside the lock, storage and registration under it.
  ///
  /// A load passes `expecting`: the bytes' faces are then checked against the request
  /// (``_check(_:against:name:)``) before anything is stored, and the request is recorded in
  /// the index entry.
  func _install(
    _ data: Data, key: String, origin: String?, version: String?, name: String,
    expecting: Expectation? = nil
  ) throws(FontStoreError) -> [FontFace] {
    guard access == .readWrite else {
      throw FontStoreError(
        .readOnly,
        "cannot install \(name): the store at \(directory.path) was opened read-only; open it "
          + "with access: .readWrite")
    }
    guard data.count <= maximumFileSize else { throw _tooLarge(data.count, name: name) }
    let prepared = try prepareBlob(data, name: name)
    let note: String?
    if let expecting {
      note = try Self._check(prepared.faces, against: expecting, name: name)
    } else {
      note = nil
    }
    registerAhead()  // other processes' new fonts, before the lock
    return try FileLock.withExclusiveLock(at: lockPath) { () throws(FontStoreError) in
      var (index, _) = try readIndex()
      _ = _synchronize(&index)
      let placed = try placeBlob(prepared)
      let blob = prepared.blob
      let installed = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
      let entry = FontStoreIndex.Entry(
        file: blob.file, sha256: blob.sha256, size: blob.size,
        postScriptNames: blob.postScriptNames, origin: origin, version: version,
        installed: installed, family: expecting?.request.family,
        weight: expecting?.request.style.weight.value, italic: expecting?.request.style.italic)
      let previous = index.entries[key]
      let newURL = _url(blob.file)
      // Only a file this install put in place is removed when a later step fails.
      let removeOnFailure = placed && index.keys(referencing: blob.file).isEmpty

      // The old file leaves the registry first, or nothing changes.
      var old: FontStoreIndex.Entry?
      if let previous, previous.file != blob.file,
        index.keys(referencing: previous.file) == [key]
      {
        do throws(FontStoreError) {
          try _unregister(previous.file)
        } catch {
          if removeOnFailure { try? StoreFiles.removeFile(newURL) }
          throw error
        }
        old = previous
      }

      let faces: [FontFace]
      do throws(FontError) {
        faces = try registry.register(fileAt: newURL)
      } catch {
        if let old { _ = try? registry.register(fileAt: _url(old.file)) }
        if removeOnFailure { try? StoreFiles.removeFile(newURL) }
        throw FontStoreError.validation(error, file: newURL, name: name)
      }

      var updated = index
      updated.entries[key] = entry
      do throws(FontStoreError) {
        try writeIndex(updated)
      } catch {
        if removeOnFailure {
          try? registry.unregister(fileAt: newURL)
          try? StoreFiles.removeFile(newURL)
        }
        if let old { _ = try? registry.register(fileAt: _url(old.file)) }
        throw error
      }
      if let old { _discard(old.file, sha256: old.sha256, size: old.size) }

      state.withLock { state in
        state.stored[key] = Stored(entry: entry, faces: faces)
        state.seen[key] = entry.sha256
        state.statistics.installs += 1
        if let note, let request = expecting?.request {
          Self._note(
            FontStoreDiagnostic(kind: .familyRenamed, key: key, request: request, message: note),
            in: &state)
        }
      }
      return faces
    }
  }

  /// A validated file, named by its SHA-256.
  struct Blob {
    /// `blobs/<sha256>.<ext>`.
    let file: String
    let sha256: String
    /// Bytes.
    let size: Int
    let postScriptNames: [String]
  }

  /// Validated bytes in a temporary file of `blobs/`, ready to be renamed into place.
  struct Prepared {
    let temporary: StoreFiles.TemporaryFile
    let blob: Blob
    /// The faces of the file that will be stored (after WOFF decoding), as FreeType read them.
    let faces: [FontFace]
  }

  /// Validates the bytes and decodes WOFF and WOFF2, in temporary files of `blobs/`; runs
  /// without the store's lock.
  ///
  /// Every temporary file but the one returned is removed before this returns; that one is
  /// removed when the result goes away unless it was moved into place (and on every path but a
  /// simulated crash).
  func prepareBlob(_ data: Data, name: String) throws(FontStoreError) -> Prepared {
    var bytes = [UInt8](data)
    let original = try StoreFiles.TemporaryFile(in: blobsDirectory)
    try original.fill(with: bytes, using: fileSystem)
    var faces = try _inspect(original.url, name: name)
    var chosen = original

    let signature = Array(bytes.prefix(4))
    if signature == Array("wOFF".utf8) || signature == Array("wOF2".utf8) {
      let sfnt: [UInt8]
      do throws(FontError) {
        // The store's file-size limit bounds the decoded font too, checked from the sizes the
        // WOFF/WOFF2 header declares before FreeType decodes anything.
        sfnt = try FontDataCache(budget: 0, maximumDecodedSize: maximumFileSize)
          .sfntBytes(for: faces[0].source)
      } catch {
        throw FontStoreError.validation(error, file: original.url, name: name)
      }
      let decoded = try StoreFiles.TemporaryFile(in: blobsDirectory)
      try decoded.fill(with: sfnt, using: fileSystem)
      let decodedFaces = try _inspect(decoded.url, name: name)
      // FreeType decodes one face of a WOFF2 collection at a time: keep those as they came.
      if decodedFaces.count == faces.count {
        (chosen, faces, bytes) = (decoded, decodedFaces, sfnt)
      }
    }

    let digest = bytes.withUnsafeBytes { SHA256Digest.hash($0) }
    let file = "blobs/\(digest.hex).\(Self._fileExtension(of: bytes))"
    return Prepared(
      temporary: chosen,
      blob: Blob(
        file: file, sha256: digest.hex, size: bytes.count,
        postScriptNames: faces.map(\.postScriptName)),
      faces: faces)
  }

  /// Puts a prepared file in place: reuses a stored file with the same SHA-256 when it
  /// verifies, and otherwise moves whatever is at the path to `quarantine/` and renames the
  /// prepared file there.
  ///
  /// Call with the lock held.
  ///
  /// - Returns: Whether the prepared file was renamed into place.
  func placeBlob(_ prepared: Prepared) throws(FontStoreError) -> Bool {
    let blob = prepared.blob
    switch _check(blob.file, sha256: blob.sha256, size: blob.size) {
    case .valid:
      return false
    case .missing:
      break
    case .corrupt, .foreign, .unreadable:
      let moved = try _quarantine(blob.file)
      _report(
        FontStoreError(
          .corrupt,
          "\(_url(blob.file).path) was not the file stored under that name; moved to \(moved) "
            + "and stored again"))
    }
    try prepared.temporary.move(to: _url(blob.file), using: fileSystem)
    StoreFiles.syncFolder(blobsDirectory)
    recordVerified(blob.file, sha256: blob.sha256)
    return true
  }

  /// Every face of a file, or the reason FreeType refuses it, naming the bytes `name`.
  func _inspect(_ url: URL, name: String) throws(FontStoreError) -> [FontFace] {
    let faces: [FontFace]
    do throws(FontError) {
      faces = try FontRegistry.inspect(
        fileAt: url, options: .init(maximumFileSize: .max, maximumDecodedSize: maximumFileSize))
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
    do throws(FontError) {
      try fileSystem.unregister(fileAt: url, from: registry)
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
