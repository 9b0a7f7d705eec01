// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleLock

/// A folder TypeScale owns that keeps downloaded fonts, validated and registered: a restart
/// costs no download.
///
/// Create one store per folder at startup, beside the `FontRegistry` it registers into. Opening
/// it reads the index and registers every stored file (each a FreeType scan of a few
/// milliseconds, no glyph data kept); it is thread-safe afterwards.
///
/// ```swift
/// let registry = try FontRegistry()
/// let store = try FontStore(registry: registry)   // ~/.cache/typescale/fonts
/// let hosted = HostedFolderFontSource(baseURL: URL(string: "https://cdn.example.com/fonts/")!)
/// let faces = try await store.load(family: "Pretendard", styles: [.regular, .semibold],
///                                  from: hosted)
/// let match = store.resolve(FontQuery(family: "Pretendard", weight: .semibold))
/// ```
///
/// Layout of the folder:
/// - `blobs/<sha256>.<ttf|otf|ttc>`: each stored file, named by the SHA-256 of its bytes, so
///   one font fetched under two keys is stored once. WOFF and WOFF2 are decoded to plain sfnt
///   before storing (a WOFF2 collection, which FreeType decodes one face at a time, is kept as
///   WOFF2).
/// - `index.json`: the keys and their files (``FontStoreEntry``), with a format version.
/// - `.lock`: the advisory lock (`flock`) every change holds, so that processes sharing the
///   folder never lose each other's changes.
///
/// Every file is written to a temporary file in the same folder, flushed, and renamed into place;
/// a crash leaves the previous index intact, and the next open removes the leftovers.
///
/// Storing bytes validates them first: the size cap, the first bytes (an HTML error page or a
/// JSON answer is refused, saying what it looks like), and FreeType opening every face and
/// loading a glyph. Rejected bytes leave nothing behind.
public final class FontStore: Sendable {
  /// Counters for observing the store (what a test or a dashboard reads).
  public struct Statistics: Hashable, Sendable {
    /// Fetches started from a source.
    public var fetches = 0
    /// Loads that joined a fetch already in flight instead of starting one.
    public var joinedLoads = 0
    /// Loads answered from the store without touching a source.
    public var storedHits = 0
    /// Files validated and recorded in the index.
    public var installs = 0
  }

  /// The store's folder.
  public let directory: URL
  /// The registry stored faces are registered into.
  public let registry: FontRegistry
  /// The largest file the store accepts, in bytes.
  public let maximumFileSize: Int

  let blobsDirectory: URL
  let indexURL: URL
  let lockPath: String
  let state: Locked<_State>

  /// A stored font and its registered faces.
  struct _Stored: Sendable {
    var entry: FontStoreIndex.Entry
    var faces: [FontFace]
  }

  /// A fetch in flight, which later loads of the same face wait for.
  struct _Flight: Sendable {
    let key: String
    let request: FontRequest
    let task: Task<Result<[FontFace], FontStoreError>, Never>
  }

  /// Failures to inject, for tests that simulate crashes and refusals.
  struct _Faults: Sendable {
    var indexWrite: StoreFiles.Interruption?
    var blobWrite: StoreFiles.Interruption?
    var failUnregister = false
  }

  struct _State: Sendable {
    /// The entries registered from the index, by key.
    ///
    /// Changed only while holding the file lock.
    var stored: [String: _Stored] = [:]
    /// The index entries already tried (registered or reported), by key: their SHA-256.
    var seen: [String: String] = [:]
    /// Fetches in flight, by key and cache key.
    var flights: [String: _Flight] = [:]
    /// The latest load state of each key that was loaded.
    var latest: [String: FontLoadState] = [:]
    var observers: [Int: AsyncStream<FontLoadEvent>.Continuation] = [:]
    var nextObserver = 0
    var issues: [FontStoreError] = []
    var statistics = Statistics()
    var faults = _Faults()
  }

  /// Opens the store in a folder, creating it if needed, and registers every font it holds.
  ///
  /// A stored file that is missing or no longer validates is dropped from the index; one whose
  /// faces conflict with faces registered from elsewhere stays stored but unregistered. Both are
  /// listed in ``issues``. Temporary files a crash left behind, and files no entry names, are
  /// removed.
  ///
  /// - Parameters:
  ///   - directory: The folder; ``defaultDirectory(environment:)`` by default.
  ///   - registry: The registry to register stored faces into.
  ///   - maximumFileSize: The largest file accepted, in bytes; 32 MiB by default (the largest
  ///     single-script OpenType fonts are a few MiB; CJK collections are larger, raise it for
  ///     them).
  /// - Throws: ``FontStoreError/Code/storage`` when the folder cannot be created, locked or
  ///   read, or holds an index of a newer format.
  public init(
    directory: URL = FontStore.defaultDirectory(), registry: FontRegistry,
    maximumFileSize: Int = 32 << 20
  ) throws(FontStoreError) {
    let directory = directory.standardizedFileURL
    self.directory = directory
    self.registry = registry
    self.maximumFileSize = maximumFileSize
    self.blobsDirectory = directory.appendingPathComponent("blobs")
    self.indexURL = directory.appendingPathComponent("index.json")
    self.lockPath = directory.appendingPathComponent(".lock").path
    self.state = Locked(_State())
    try StoreFiles.createFolder(blobsDirectory)
    try FileLock.withExclusiveLock(at: lockPath) { () throws(FontStoreError) in
      var (index, damaged) = try _readIndex()
      _removeLeftovers(keeping: index)
      let changed = _synchronize(&index)
      if changed || damaged { try _writeIndex(index) }
    }
  }

  deinit {
    let observers = state.withLock { $0.observers.values }
    for observer in observers { observer.finish() }
  }

  /// The default folder: `$XDG_CACHE_HOME/typescale/fonts`, or `~/.cache/typescale/fonts`
  /// when `XDG_CACHE_HOME` is unset or not absolute (XDG Base Directory Specification).
  ///
  /// - Parameter environment: The environment to read; the process's by default.
  /// - Returns: The folder's URL.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return URL(fileURLWithPath: cache).appendingPathComponent("typescale/fonts")
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/typescale/fonts")
  }

  // MARK: - Reading

  /// Every stored font, sorted by key.
  public var entries: [FontStoreEntry] {
    let stored = state.withLock { $0.stored }
    return stored.sorted { $0.key < $1.key }.map { _publicEntry(key: $0.key, stored: $0.value) }
  }

  /// The stored font under a key, if any.
  ///
  /// - Parameter key: A key from ``key(for:from:)`` or given to ``install(_:key:origin:version:)``.
  /// - Returns: The entry, or `nil`.
  public func entry(forKey key: String) -> FontStoreEntry? {
    state.withLock { $0.stored[key] }.map { _publicEntry(key: key, stored: $0) }
  }

  /// Problems met while opening or synchronizing: files that went missing or stopped
  /// validating, and faces that conflict with faces registered from elsewhere.
  public var issues: [FontStoreError] { state.withLock { $0.issues } }

  /// The counters, read atomically.
  public var statistics: Statistics { state.withLock { $0.statistics } }

  /// The key a source's face is stored under: the source's identifier, `#`, and the request's
  /// file stem.
  ///
  /// - Parameters:
  ///   - request: The face.
  ///   - source: The source.
  /// - Returns: The key, such as `https://cdn.example.com/fonts/#Pretendard-SemiBold`.
  public static func key(for request: FontRequest, from source: some RemoteFontSource) -> String {
    source.identifier + "#" + request.fileStem
  }

  /// The URL of a file named in the index.
  func _url(_ file: String) -> URL { directory.appendingPathComponent(file) }

  func _publicEntry(key: String, stored: _Stored) -> FontStoreEntry {
    let entry = stored.entry
    return FontStoreEntry(
      key: key, fileURL: _url(entry.file),
      sha256: SHA256Digest(hex: entry.sha256) ?? SHA256Digest.hash([UInt8]()),
      postScriptNames: entry.postScriptNames, origin: entry.origin, version: entry.version,
      installed: entry.installed, faces: stored.faces)
  }
}
