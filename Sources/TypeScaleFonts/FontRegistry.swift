// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import TypeScaleInternals
import TypeScaleMetrics

/// The set of font faces a process can use: registered files and bytes, plus TypeScale's embedded
/// default — what CoreText's font manager is on Apple platforms.
///
/// Create one registry at startup and share it: it is thread-safe, and every method may be called
/// from many tasks at once. Creating one opens the embedded default faces (a few milliseconds).
///
/// ```swift
/// let registry = try FontRegistry()
/// let faces = try registry.register(fileAt: URL(fileURLWithPath: "Fonts/Pretendard.otf"))
/// let face = registry.face(postScriptName: "Pretendard-SemiBold")
/// let match = registry.resolve(FontQuery(family: "Pretendard", weight: .semibold))
/// ```
///
/// Matches CoreText: faces are keyed by PostScript name, never by file name; registering a file
/// twice returns the same faces; a second file that claims a registered PostScript name is a
/// conflict (`kCTFontManagerErrorDuplicatedName`); unregistering removes faces from lookup while
/// faces already handed out stay valid. Differs: unknown names resolve to the default face with a
/// diagnostic instead of failing silently, and no bold or italic is synthesized.
///
/// The embedded faces form a layer below registered ones: registering the full Noto Sans, whose
/// PostScript names the embedded subsets share, is not a conflict; it shadows the embedded faces
/// in lookups until it is unregistered. ``defaultFace`` and ``defaultCascade(weight:italic:)``
/// always use the embedded faces.
///
/// Registration reads a file's names, metrics and character map through FreeType, loading one
/// glyph per face to prove it is usable; it keeps no glyph data, so registering a large folder is
/// cheap. Files are read with `pread`, never mapped.
///
/// Names are looked up as PostScript names, family names and full names in the order
/// ``match(_:)`` gives: a name that is both a family and a PostScript name (NanumGothic's regular
/// face is `NanumGothic`) is matched as a family when a weight, slope or width is asked for.
///
/// A registered file that is deleted or replaced on disk is handled one way everywhere: bytes
/// already in ``dataCache`` keep being served; otherwise ``match(_:)`` and ``resolve(_:)`` check
/// the file (device, inode, size, modification time) before answering with one of its faces,
/// skip it with a ``FontDiagnostic/Kind/fileUnavailable`` diagnostic when it changed, and fall
/// back (``resolve(_:)``) or throw (``match(_:)``) when nothing usable answers to the name. A
/// match is never exact for a face whose file a layout could not read. Register the file again
/// to use a replacement.
public final class FontRegistry: Sendable {
  /// Counters for observing the registry (what a test or a dashboard reads).
  public struct Statistics: Hashable, Sendable {
    /// Files and buffers FreeType actually scanned.
    public var scans = 0
    /// Registration calls answered from an earlier registration or a registration in flight,
    /// without scanning again.
    public var deduplicatedRegistrations = 0
    /// Faces currently registered, the embedded default's included.
    public var registeredFaces = 0
    /// Files and buffers currently registered.
    public var registeredSources = 0
  }

  let options: Options
  let libraries: FreeTypeLibraryPool
  let state: Locked<_State>
  /// The font bytes read for layout and rendering, bounded in bytes.
  public let dataCache: FontDataCache

  /// The embedded faces, registered at creation and never unregistered.
  public let embeddedFaces: [FontFace]

  /// The default face: Noto Sans Regular, embedded in TypeScale.
  public let defaultFace: FontFace

  /// The default cascade by weight and slope (the embedded faces never change).
  let _defaultCascades = Locked<[Int: [FontFace]]>([:])

  struct _Entry {
    let source: FontSource
    let faces: [FontFace]
    let isEmbedded: Bool
  }

  struct _State {
    var entriesByKey: [String: _Entry] = [:]
    /// Registered faces by PostScript name and by folded family name.
    var facesByPostScriptName: [String: FontFace] = [:]
    var facesByFamily: [String: [FontFace]] = [:]
    /// The embedded faces, a layer below: a registered face of the same PostScript name or family
    /// (the full Noto Sans, say) shadows them in lookups without conflicting.
    var embeddedByPostScriptName: [String: FontFace] = [:]
    var embeddedByFamily: [String: [FontFace]] = [:]
    /// Registered and embedded faces by folded full name (`name` ID 4), in registration order.
    var facesByFullName: [String: [FontFace]] = [:]
    var embeddedByFullName: [String: [FontFace]] = [:]

    func face(postScriptName: String) -> FontFace? {
      facesByPostScriptName[postScriptName] ?? embeddedByPostScriptName[postScriptName]
    }

    func faces(family: String) -> [FontFace] {
      let key = CaseFolding.fold(family)
      return facesByFamily[key] ?? embeddedByFamily[key] ?? []
    }

    func face(fullName: String) -> FontFace? {
      let key = CaseFolding.fold(fullName)
      return facesByFullName[key]?.first ?? embeddedByFullName[key]?.first
    }
    var flights: [String: Flight] = [:]
    var statistics = Statistics()
  }

  /// A registration in progress, which later callers for the same key wait for.
  final class Flight: Sendable {
    let group = DispatchGroup()
    let result = Locked<Result<[FontFace], FontError>?>(nil)
    init() { group.enter() }
  }

  /// Creates a registry holding the embedded default faces.
  ///
  /// - Parameter options: Size limits and cache budgets.
  /// - Throws: ``FontError/Code/defaultFontMissing`` when TypeScale's resource bundle cannot be
  ///   found (an installed binary without its `TypeScale_TypeScaleFonts.resources` folder); the
  ///   message lists where it looked and how to point `TYPESCALE_RESOURCES` at it.
  public init(options: Options = Options()) throws(FontError) {
    let libraries = FreeTypeLibraryPool()
    let folder = try EmbeddedFonts.locate()
    var initial = _State()
    var embedded: [FontFace] = []
    var trusted = options  // the embedded fonts are TypeScale's own: no size limit
    trusted.maximumFileSize = .max
    for name in EmbeddedFonts.fileNames {
      let path = folder.appendingPathComponent(name).path
      let (source, faces) = try Self._scan(
        path: path, kind: .embedded, options: trusted, libraries: libraries)
      try Self._commit(
        key: "file:" + path, entry: _Entry(source: source, faces: faces, isEmbedded: true),
        into: &initial)
      initial.statistics.scans += 1
      embedded += faces
    }
    guard let regular = embedded.first(where: { $0.postScriptName == EmbeddedFonts.defaultName })
    else {
      throw FontError(
        .defaultFontMissing,
        "the embedded fonts in \(folder.path) lack \(EmbeddedFonts.defaultName); reinstall "
          + "TypeScale's resources")
    }
    self.options = options
    self.libraries = libraries
    self.state = Locked(initial)
    self.dataCache = FontDataCache(budget: options.dataCacheBudget)
    self.embeddedFaces = embedded
    self.defaultFace = regular
  }

  /// The counters, read atomically.
  public var statistics: Statistics { state.withLock { $0.statistics } }

  // MARK: - Registering files

  /// Registers every face in a font file: TTF, OTF, TTC, OTC, WOFF or WOFF2.
  ///
  /// Each face of a collection and each named instance of a variable font is a face. Registering
  /// the same file (by standardized path, symlinks resolved) again returns the same faces; when
  /// many tasks register one file at once, it is scanned once and the others wait for it. A file
  /// replaced on disk since it was registered (another inode, size or modification time) is
  /// registered afresh.
  ///
  /// - Parameter url: A file URL.
  /// - Returns: The faces, in file order.
  /// - Throws: ``FontError`` — `fileNotFound`, `unreadableFile` (also for a directory), `notAFont`
  ///   (naming what the first bytes look like), `corruptFont` (truncated or damaged), `tooLarge`,
  ///   or `duplicatePostScriptName` when another registered file has a face of the same
  ///   PostScript name (naming both files). Nothing is registered when it throws.
  /// - Complexity: O(file's tables); no glyph data is kept.
  @discardableResult
  public func register(fileAt url: URL) throws(FontError) -> [FontFace] {
    guard url.isFileURL else {
      throw FontError(.invalidArgument, "\(url) is not a file URL; pass a path on this machine")
    }
    let path = url.standardizedFileURL.resolvingSymlinksInPath().path
    return try _register(path: path)
  }

  /// The registration path for files: single flight per path, scan outside the lock, commit
  /// inside it.
  private func _register(path: String) throws(FontError) -> [FontFace] {
    let key = "file:" + path
    let name = (path as NSString).lastPathComponent
    let file = try FileDescriptor(path: path, name: name)

    enum Role {
      case done([FontFace])
      case wait(Flight)
      case lead(Flight)
    }
    let role: Role = state.withLock { state in
      if let entry = state.entriesByKey[key] {
        let registered = entry.source._file
        if registered.status == file.status {
          state.statistics.deduplicatedRegistrations += 1
          return .done(entry.faces)
        }
      }
      if let flight = state.flights[key] {
        state.statistics.deduplicatedRegistrations += 1
        return .wait(flight)
      }
      let flight = Flight()
      state.flights[key] = flight
      return .lead(flight)
    }

    switch role {
    case .done(let faces):
      return faces
    case .wait(let flight):
      flight.group.wait()
      guard let result = flight.result.withLock({ $0 }) else {
        preconditionFailure("a finished flight has a result")
      }
      return try result.get()
    case .lead(let flight):
      let result: Result<[FontFace], FontError>
      do {
        let (source, faces) = try Self._scan(
          file: file, path: path, kind: .file, options: options, libraries: libraries)
        let replaced = try state.withLock { state throws(FontError) in
          state.statistics.scans += 1
          return try Self._commit(
            key: key, entry: _Entry(source: source, faces: faces, isEmbedded: false),
            into: &state)
        }
        if let replaced { dataCache.remove(replaced) }
        result = .success(faces)
      } catch {
        result = .failure(error)
      }
      flight.result.withLock { $0 = result }
      state.withLock { _ = $0.flights.removeValue(forKey: key) }
      flight.group.leave()
      return try result.get()
    }
  }

  /// The faces registered from `path` when the file on disk is still the one registered.
  func _registered(path: String) -> [FontFace]? {
    guard let file = try? FileDescriptor(path: path, name: path) else { return nil }
    return state.withLock { state in
      guard let entry = state.entriesByKey["file:" + path],
        entry.source._file.status == file.status
      else { return nil }
      return entry.faces
    }
  }

  /// Commits a file scanned outside the lock, unless the same file was registered meanwhile.
  func commitScanned(
    path: String, source: FontSource, faces: [FontFace]
  ) throws(FontError) -> [FontFace] {
    let (faces, replaced) = try state.withLock {
      state throws(FontError) -> ([FontFace], FontSource?) in
      let key = "file:" + path
      if let entry = state.entriesByKey[key] {
        if entry.source == source { return (entry.faces, nil) }
        if entry.source._file.status == source._file.status {
          state.statistics.deduplicatedRegistrations += 1
          return (entry.faces, nil)
        }
      }
      state.statistics.scans += 1
      let replaced = try Self._commit(
        key: key, entry: _Entry(source: source, faces: faces, isEmbedded: false), into: &state)
      return (faces, replaced)
    }
    if let replaced { dataCache.remove(replaced) }
    return faces
  }

  /// Opens and scans a file; touches no registry state.
  static func _scan(
    path: String, kind: FontSource.Kind, options: Options, libraries: FreeTypeLibraryPool
  ) throws(FontError) -> (FontSource, [FontFace]) {
    let file = try FileDescriptor(path: path, name: (path as NSString).lastPathComponent)
    return try _scan(file: file, path: path, kind: kind, options: options, libraries: libraries)
  }

  static func _scan(
    file: FileDescriptor, path: String, kind: FontSource.Kind, options: Options,
    libraries: FreeTypeLibraryPool
  ) throws(FontError) -> (FontSource, [FontFace]) {
    let format = try checkSignature(
      file.read(offset: 0, count: 64), size: file.size, name: path, options: options)
    try SFNTDirectory.validate(format: format, size: file.size, name: path, limits: options) {
      file.read(offset: $0, count: $1)
    }
    let source = FontSource(
      _file: FontFile(
        kind: kind, path: path, name: (path as NSString).lastPathComponent, status: file.status))
    let faces: [FontFace]
    do throws(FontError) {
      faces = try libraries.withLibrary { library throws(FontError) in
        try FaceScanner(library: library, input: .file(file), source: source, limits: options)
          .scan()
      }
    } catch {
      throw SFNTDirectory.namingWOFF2Step(error, format: format, name: source.fileName)
    }
    return (source, faces)
  }

  /// Throws unless the first bytes are a font signature and the size is within limits.
  @discardableResult
  static func checkSignature(
    _ head: [UInt8], size: Int, name: String, options: Options
  ) throws(FontError) -> FileSniffer.Format {
    guard size <= options.maximumFileSize else {
      throw FontError(
        .tooLarge,
        "\(name) is \(size) bytes, over the limit of \(options.maximumFileSize); raise "
          + "FontRegistry.Options.maximumFileSize to accept it")
    }
    guard let format = FileSniffer.format(of: head) else {
      throw FontError(.notAFont, "\(name) is not a font: \(FileSniffer.describe(head))")
    }
    return format
  }

  /// Adds an entry to the indexes, replacing an earlier registration under the same key, or
  /// throws when one of its PostScript names belongs to another source.
  ///
  /// - Returns: The source of the registration it replaced, whose cached bytes the caller drops.
  @discardableResult
  static func _commit(
    key: String, entry: _Entry, into state: inout _State
  ) throws(FontError) -> FontSource? {
    let previous = state.entriesByKey[key]
    if entry.isEmbedded {
      for face in entry.faces where state.embeddedByPostScriptName[face.postScriptName] == nil {
        state.embeddedByPostScriptName[face.postScriptName] = face
        for family in face.familyNames {
          state.embeddedByFamily[CaseFolding.fold(family), default: []].append(face)
        }
        if let fullName = face.fullName {
          state.embeddedByFullName[CaseFolding.fold(fullName), default: []].append(face)
        }
      }
    } else {
      for face in entry.faces {
        if let existing = state.facesByPostScriptName[face.postScriptName],
          existing.source != previous?.source
        {
          throw FontError(
            .duplicatePostScriptName,
            "\(entry.source) has a face named \(face.postScriptName), which \(existing.source) "
              + "already registered; unregister that file first, or rename one of the fonts")
        }
      }
      if let previous { _remove(key: key, entry: previous, from: &state) }
      for face in entry.faces where state.facesByPostScriptName[face.postScriptName] == nil {
        state.facesByPostScriptName[face.postScriptName] = face
        for family in face.familyNames {
          state.facesByFamily[CaseFolding.fold(family), default: []].append(face)
        }
        if let fullName = face.fullName {
          state.facesByFullName[CaseFolding.fold(fullName), default: []].append(face)
        }
      }
    }
    state.entriesByKey[key] = entry
    state.statistics.registeredSources += 1
    state.statistics.registeredFaces += entry.faces.count
    return previous.map(\.source).flatMap { $0 == entry.source ? nil : $0 }
  }

  static func _remove(key: String, entry: _Entry, from state: inout _State) {
    state.entriesByKey[key] = nil
    for face in entry.faces where state.facesByPostScriptName[face.postScriptName] == face {
      state.facesByPostScriptName[face.postScriptName] = nil
      for family in face.familyNames {
        let folded = CaseFolding.fold(family)
        state.facesByFamily[folded]?.removeAll { $0 == face }
        if state.facesByFamily[folded]?.isEmpty == true { state.facesByFamily[folded] = nil }
      }
      if let fullName = face.fullName {
        let folded = CaseFolding.fold(fullName)
        state.facesByFullName[folded]?.removeAll { $0 == face }
        if state.facesByFullName[folded]?.isEmpty == true { state.facesByFullName[folded] = nil }
      }
    }
    state.statistics.registeredSources -= 1
    state.statistics.registeredFaces -= entry.faces.count
  }
}
