// SPDX-License-Identifier: Apache-2.0

import Foundation

extension FontRegistry {
  /// Registers every face in a buffer: a download, a database blob.
  ///
  /// Registering the same bytes again (same SHA-256) returns the same registration.
  ///
  /// - Parameters:
  ///   - data: The font bytes: TTF, OTF, TTC, OTC, WOFF or WOFF2.
  ///   - name: A name for messages and ``FontSource/fileName``, such as the download's file name;
  ///     `bytes` by default.
  /// - Returns: The faces and the handle to unregister them with.
  /// - Throws: ``FontError`` — `notAFont`, `corruptFont`, `tooLarge`, or
  ///   `duplicatePostScriptName` naming both sources.
  @discardableResult
  public func register(data: some Collection<UInt8>, name: String = "bytes") throws(FontError)
    -> FontRegistration
  {
    let bytes = Array(data)
    let format = try Self.checkSignature(
      Array(bytes.prefix(64)), size: bytes.count, name: name, options: options)
    try SFNTDirectory.validate(format: format, size: bytes.count, name: name, limits: options) {
      offset, count in
      guard offset < bytes.count, count > 0 else { return [] }
      return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
    let digest = SHA256Digest.hash(bytes)
    let key = "data:" + digest.description
    if let entry = state.withLock({ state -> _Entry? in
      let entry = state.entriesByKey[key]
      if entry != nil { state.statistics.deduplicatedRegistrations += 1 }
      return entry
    }) {
      return FontRegistration(faces: entry.faces, source: entry.source)
    }
    let file = FontFile(name: name, memory: bytes)
    file.setDigest(digest)
    let source = FontSource(_file: file)
    let faces: [FontFace]
    do throws(FontError) {
      faces = try bytes.withUnsafeBufferPointer { buffer throws(FontError) in
        try libraries.withLibrary { library throws(FontError) in
          try FaceScanner(
            library: library, input: .memory(buffer), source: source, limits: options
          ).scan()
        }
      }
    } catch {
      throw SFNTDirectory.namingWOFF2Step(error, format: format, name: source.fileName)
    }
    return try state.withLock { state throws(FontError) in
      state.statistics.scans += 1
      if let entry = state.entriesByKey[key] {  // registered meanwhile by another task
        return FontRegistration(faces: entry.faces, source: entry.source)
      }
      try Self._commit(
        key: key, entry: _Entry(source: source, faces: faces, isEmbedded: false), into: &state)
      return FontRegistration(faces: faces, source: source)
    }
  }

  /// Removes a file's faces from lookup, like `CTFontManagerUnregisterFontsForURL`.
  ///
  /// Faces already handed out stay valid: a layout that holds one keeps working.
  ///
  /// - Parameter url: The file URL it was registered with (any spelling of the same path).
  /// - Throws: ``FontError/Code/notRegistered`` when the file is not registered, or
  ///   ``FontError/Code/invalidArgument`` for the embedded default fonts, which stay.
  public func unregister(fileAt url: URL) throws(FontError) {
    let path = url.standardizedFileURL.resolvingSymlinksInPath().path
    try _unregister(key: "file:" + path, description: path)
  }

  /// Removes the faces of bytes registered with ``register(data:name:)``.
  ///
  /// - Parameter registration: The handle ``register(data:name:)`` returned.
  /// - Throws: ``FontError/Code/notRegistered`` when it was already unregistered.
  public func unregister(_ registration: FontRegistration) throws(FontError) {
    let file = registration.source._file
    if let path = file.path {
      try _unregister(key: "file:" + path, description: path)
    } else {
      let key = state.withLock { state in
        state.entriesByKey.first { $0.value.source == registration.source }?.key
      }
      try _unregister(key: key ?? "", description: "<bytes \(file.name)>")
    }
  }

  /// Removes an entry from lookup and drops its cached bytes (raw and decoded).
  private func _unregister(key: String, description: String) throws(FontError) {
    let source = try state.withLock { state throws(FontError) -> FontSource in
      guard let entry = state.entriesByKey[key] else {
        throw FontError(
          .notRegistered,
          "\(description) is not registered; nothing to unregister (registered sources: "
            + "\(state.statistics.registeredSources))")
      }
      guard !entry.isEmbedded else {
        throw FontError(
          .invalidArgument,
          "\(description) is one of TypeScale's embedded fonts, which stay "
            + "registered")
      }
      Self._remove(key: key, entry: entry, from: &state)
      return entry.source
    }
    dataCache.remove(source)
  }
}

extension FontRegistry {
  /// Reads every face of a font file without registering it: the answer to "what name do I
  /// pass?".
  ///
  /// The same checks as ``register(fileAt:)`` apply, so a file that inspects cleanly registers,
  /// with the default ``Options`` except that any file size is accepted.
  ///
  /// - Parameter url: A file URL.
  /// - Returns: The faces, in file order; their source is not registered anywhere.
  /// - Throws: ``FontError`` as ``register(fileAt:)`` does, except that there is no name
  ///   conflict.
  public static func inspect(fileAt url: URL) throws(FontError) -> [FontFace] {
    try inspect(fileAt: url, options: Options(maximumFileSize: .max))
  }

  /// Reads every face of a font file without registering it, within the given limits.
  ///
  /// What ``inspect(fileAt:)`` does, for a caller with limits of its own, such as a font store
  /// that accepts smaller files than a registry.
  ///
  /// - Parameters:
  ///   - url: A file URL.
  ///   - options: The limits to apply: ``Options/maximumFileSize``,
  ///     ``Options/maximumDecodedSize``, ``Options/maximumFacesPerFile`` and
  ///     ``Options/maximumNamedInstancesPerFace`` (the cache budget is unused).
  /// - Returns: The faces, in file order; their source is not registered anywhere.
  /// - Throws: ``FontError`` as ``register(fileAt:)`` does, except that there is no name
  ///   conflict; `tooLarge` names the limit a file is over.
  public static func inspect(fileAt url: URL, options: Options) throws(FontError) -> [FontFace] {
    let path = url.standardizedFileURL.resolvingSymlinksInPath().path
    return try _scan(
      path: path, kind: .file, options: options, libraries: FreeTypeLibraryPool()
    ).1
  }
}

extension FontRegistry {
  /// The FreeType version in use, such as `2.12.1` (`FT_Library_Version`), for golden headers.
  public static var freeTypeVersion: String {
    (try? FreeTypeLibrary().version) ?? "unknown"
  }
}
