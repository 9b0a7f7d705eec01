// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleInternals

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
/// - `.typescale-store`: the marker the store writes when it creates the folder (or adopts an
///   empty one). The store uses only folders that have it; see "Ownership" below.
/// - `blobs/<sha256>.<ttf|otf|ttc>`: each stored file, named by the SHA-256 of its bytes, so
///   one font fetched under two keys is stored once. WOFF and WOFF2 are decoded to plain sfnt
///   before storing (a WOFF2 collection, which FreeType decodes one face at a time, is kept as
///   WOFF2).
/// - `index.json`: the keys and their files (``FontStoreEntry``) with each file's size, and a
///   format version; at most ``maximumIndexSize`` bytes.
/// - `.lock`: the advisory lock (`flock`) every change holds, so that processes sharing the
///   folder never lose each other's changes.
/// - `quarantine/`: stored files proven corrupt, moved aside (never deleted) with the time they
///   were moved added to their name. Nothing reads it; look inside, then delete it by hand.
///
/// ## Ownership: what the store may change
///
/// The store deletes nothing it did not create. When it opens a folder:
/// - A folder that does not exist is created, with its marker and `blobs/`.
/// - A folder with the marker is the store's.
/// - A folder without the marker is used only when it is empty (the marker is then written), or
///   when it is a store an earlier TypeScale made: nothing in it but `index.json`, `.lock`,
///   `blobs/` and temporary files, with an `index.json` that reads as a TypeScale index (or
///   no index and an empty `blobs/`). The marker is then written and the store is used as is.
/// - Anything else — the folder or its `blobs/` a symbolic link or not a folder, or a non-empty
///   folder the store did not make — is refused with ``FontStoreError/Code/notAStore`` before
///   anything is created or changed in it.
///
/// Inside its folder the store removes only:
/// - its own temporary files, `.tmp-<UUID>` regular files in the folder and `blobs/`, when no
///   live writer holds them (writers hold a `flock` on them), on opening; a write that fails
///   removes its temporary file at once;
/// - a stored file, once no index entry names it (``remove(key:)``, or a key switched to
///   another file), and only after checking that it is still the file the store wrote (a
///   regular file whose SHA-256 matches its name); anything else found there is moved to
///   `quarantine/` or left alone.
///
/// Files in `blobs/` that the index does not name are left alone: the store cannot tell a file
/// it lost track of from one someone put there.
///
/// ## Trusting stored files
///
/// A stored file is registered only when it is a regular file (looked at with `lstat`, opened
/// with `O_NOFOLLOW`: a symbolic link is refused) whose SHA-256 matches its name and the index.
/// Hashing costs one read of the file; each process hashes a file once and afterwards compares
/// its fingerprint (device, inode, size, modification and change times, nanoseconds), hashing
/// again only when the fingerprint changed. After registering, the fingerprint is checked once
/// more, so a file swapped while FreeType read it is unregistered again.
///
/// What a problem with a stored file does (each is listed in ``issues``):
/// - missing: the entry is dropped from the index;
/// - unreadable (a permission or I/O error), a symbolic link, a folder or a device, or a file
///   whose SHA-256 matches but that FreeType now refuses as damaged or over a limit (the bytes
///   are the ones validated when stored: what changed is FreeType or its limits): the entry and
///   whatever is at the path stay as they are, unregistered, and are tried again at the next
///   ``synchronize()``;
/// - proven corrupt (SHA-256 mismatch, or bytes that match but are no font at all): the file is
///   moved to `quarantine/` and the entries naming it are dropped.
///
/// ## Checking what a source serves
///
/// A load checks the file a source returns against the face it asked for before storing it:
/// - the family: a face of the file must carry the requested family among its family names
///   (typographic ID 16, legacy ID 1, WWS ID 21, in every language, case-insensitively — the
///   names `FontRegistry` looks families up by) or as its PostScript name;
/// - the style: a face of that family must have the requested weight class (OS/2
///   `usWeightClass`), or a `wght` axis whose range holds the weight, and the requested slope
///   (italic or oblique for an italic request), or an `ital` or `slnt` axis that reaches it.
///
/// A file that fails is refused with ``FontStoreError/Code/mismatch``, naming what was asked
/// for and every face the file holds (PostScript name, family, style, full name, weight,
/// slope); nothing is stored. One source is allowed a different family name:
/// ``GoogleFontsSource`` (``RemoteFontSource/familyNamesMayDiffer``), whose stylesheet rather
/// than the file says which family a file is; its file is stored under the file's own names
/// with a ``FontStoreDiagnostic/Kind/familyRenamed`` note in ``diagnostics``. Its weight and
/// slope are still checked. ``install(_:key:origin:version:)`` asks for no face, so it checks
/// none.
///
/// ## Offline: finding a face by family and style
///
/// Keys name a source (``key(for:from:)``), so a face stored through one source is not under
/// the key a load through another source looks for. When a load's source cannot be reached
/// (``FontStoreError/Code/network``), the store answers with a face it holds for the same family
/// and style: an entry a load stored for that family (case-insensitively), weight and slope —
/// the index records each load's request — or else an entry with a face the registry finds
/// under the family that draws the style (which can be the source's own entry, stored under an
/// older cache key: offline, the face it held answers). The load then succeeds, counts an
/// ``Statistics/offlineHits``, and notes which entry answered
/// (``FontStoreDiagnostic/Kind/answeredFromStore``). Online, each source's own file is fetched
/// and stored under its own key, as before.
///
/// ## Writes and locking
///
/// Every file is written to a temporary file in the same folder, flushed, and renamed into place;
/// a crash leaves the previous index intact, and the next open removes the leftovers. The lock is
/// held to read and rewrite the index and to rename files. Installing validates and decodes the
/// bytes (FreeType's scan, the cmap walk) and hashes them before taking it; opening and
/// ``synchronize()`` hash and register the stored files that verify before taking it, and take it
/// only to deal with the files that did not. The one scan under the lock is registering a file an
/// install has just renamed into place, so that the index and the registry change together (a
/// registration that fails leaves both as they were).
///
/// Storing bytes validates them first: the size cap, the first bytes (an HTML error page or a
/// JSON answer is refused, saying what it looks like), and FreeType opening every face and
/// loading a glyph. Rejected bytes leave nothing behind.
///
/// A store opened with ``AccessMode/readOnly`` (what `typescale fonts list` uses) creates,
/// moves, deletes and rewrites nothing, and takes no lock: it reads the index (written by
/// rename, so always whole) and registers what verifies.
public final class FontStore: Sendable {
  /// Counters for observing the store (what a test or a dashboard reads).
  public struct Statistics: Hashable, Sendable {
    /// Fetches started from a source.
    public var fetches = 0
    /// Loads that joined a fetch already in flight instead of starting one.
    public var joinedLoads = 0
    /// Loads answered from the store without touching a source.
    public var storedHits = 0
    /// Loads whose source could not be reached, answered by a face stored through another
    /// source (or under another file stem) with the same family and style.
    public var offlineHits = 0
    /// Files validated and recorded in the index.
    public var installs = 0
  }

  /// The store's folder.
  public let directory: URL
  /// The registry stored faces are registered into.
  public let registry: FontRegistry
  /// The largest file the store accepts, in bytes.
  public let maximumFileSize: Int
  /// Whether the store may change its folder.
  public let access: AccessMode

  /// How a store may use its folder.
  public enum AccessMode: Hashable, Sendable {
    /// The store creates its folder if needed, removes leftovers, quarantines corrupt files,
    /// rewrites its index, installs and removes. The default.
    case readWrite
    /// The store only reads: it creates, moves, deletes and rewrites nothing and takes no lock
    /// (a folder that does not exist is an empty store). Installing or removing throws
    /// ``FontStoreError/Code/readOnly``. For listing, and for folders shared read-only.
    case readOnly
  }

  /// The largest `index.json` a store reads: 16 MiB, about 40,000 entries.
  ///
  /// A larger file is not an index TypeScale wrote: opening refuses it with
  /// ``FontStoreError/Code/storage`` before reading it, and leaves it alone.
  public static let maximumIndexSize = 16 << 20

  /// The marker file's name, `.typescale-store`.
  static let markerName = ".typescale-store"

  let blobsDirectory: URL
  let quarantineDirectory: URL
  let markerURL: URL
  let indexURL: URL
  let lockPath: String
  let state: Locked<_State>
  /// The file operations the store performs where a failure must leave it as it was: the real
  /// ones unless a test opened the store with
  /// ``init(directory:registry:maximumFileSize:access:fileSystem:)``.
  let fileSystem: any StoreFileSystem
  /// Makes calls of `_synchronize` from several threads take turns (the file lock does not
  /// cover the pass that runs before it is taken, nor a read-only store); counts them.
  ///
  /// Not `Locked(())`: ThreadSanitizer reports an access race on the `inout` access of an
  /// empty value (Swift 6.3.1), which a counter avoids.
  let syncTurn = Locked(0)

  /// A stored font and its registered faces.
  struct Stored: Sendable {
    var entry: FontStoreIndex.Entry
    var faces: [FontFace]
  }

  /// A fetch in flight, which later loads of the same face wait for.
  struct Flight: Sendable {
    let key: String
    let request: FontRequest
    let task: Task<Result<[FontFace], FontStoreError>, Never>
  }

  struct _State: Sendable {
    /// The entries registered from the index, by key.
    ///
    /// Changed only while holding the file lock.
    var stored: [String: Stored] = [:]
    /// The index entries already tried (registered or reported), by key: their SHA-256.
    var seen: [String: String] = [:]
    /// Fetches in flight, by key and cache key.
    var flights: [String: Flight] = [:]
    /// The latest load state of each key that was loaded.
    var latest: [String: FontLoadState] = [:]
    var observers: [Int: AsyncStream<FontLoadEvent>.Continuation] = [:]
    var nextObserver = 0
    var issues: [FontStoreError] = []
    var diagnostics: [FontStoreDiagnostic] = []
    var statistics = Statistics()
  }

  /// Opens the store in a folder, creating it if needed, and registers every font it holds.
  ///
  /// The folder must be one the store may use (see "Ownership" above); it is checked before
  /// anything is created in it. Then, holding the lock, the store removes temporary files a
  /// crash left behind and registers every entry of the index whose file verifies. A missing file
  /// is dropped from the index; an unreadable one stays, unregistered; a corrupt one is moved to
  /// `quarantine/`; one whose faces conflict with faces registered from elsewhere stays stored
  /// but unregistered. All are listed in ``issues``. With ``AccessMode/readOnly`` nothing is
  /// changed: the problems are only listed.
  ///
  /// - Parameters:
  ///   - directory: The folder; ``defaultDirectory(environment:)`` by default.
  ///   - registry: The registry to register stored faces into.
  ///   - maximumFileSize: The largest file accepted, in bytes; 32 MiB by default (the largest
  ///     single-script OpenType fonts are a few MiB; CJK collections are larger, raise it for
  ///     them).
  ///   - access: ``AccessMode/readWrite`` by default; ``AccessMode/readOnly`` to only read.
  /// - Throws: ``FontStoreError/Code/notAStore`` when the folder or its `blobs/` is a symbolic
  ///   link or not a folder, or is a non-empty folder the store did not create;
  ///   ``FontStoreError/Code/storage`` when the folder cannot be created, locked or read, or
  ///   holds an index of a newer format or over ``maximumIndexSize``.
  public convenience init(
    directory: URL = FontStore.defaultDirectory(), registry: FontRegistry,
    maximumFileSize: Int = 32 << 20, access: AccessMode = .readWrite
  ) throws(FontStoreError) {
    try self.init(
      directory: directory, registry: registry, maximumFileSize: maximumFileSize, access: access,
      fileSystem: SystemStoreFileSystem())
  }

  /// Opens the store as ``init(directory:registry:maximumFileSize:access:)`` does, performing its
  /// file operations through `fileSystem`: how tests make writes, reads, renames and
  /// unregistering fail.
  ///
  /// - Parameters:
  ///   - directory: The folder.
  ///   - registry: The registry to register stored faces into.
  ///   - maximumFileSize: The largest file accepted, in bytes; 32 MiB by default.
  ///   - access: ``AccessMode/readWrite`` by default.
  ///   - fileSystem: The file operations to use.
  /// - Throws: What ``init(directory:registry:maximumFileSize:access:)`` throws.
  package init(
    directory: URL, registry: FontRegistry, maximumFileSize: Int = 32 << 20,
    access: AccessMode = .readWrite, fileSystem: some StoreFileSystem
  ) throws(FontStoreError) {
    self.fileSystem = fileSystem
    let directory = directory.standardizedFileURL
    self.directory = directory
    self.registry = registry
    self.maximumFileSize = maximumFileSize
    self.access = access
    self.blobsDirectory = directory.appendingPathComponent("blobs")
    self.quarantineDirectory = directory.appendingPathComponent("quarantine")
    self.markerURL = directory.appendingPathComponent(Self.markerName)
    self.indexURL = directory.appendingPathComponent("index.json")
    self.lockPath = directory.appendingPathComponent(".lock").path
    self.state = Locked(_State())
    guard try claimFolder() else { return }  // a read-only store of a folder not made yet
    guard access == .readWrite else {
      var (index, _) = try readIndex()
      _ = _synchronize(&index)
      return
    }
    registerAhead()
    try FileLock.withExclusiveLock(at: lockPath) { () throws(FontStoreError) in
      var (index, damaged) = try readIndex()
      removeLeftovers()
      let changed = _synchronize(&index)
      if changed || damaged { try writeIndex(index) }
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
    return stored.sorted { $0.key < $1.key }.map { publicEntry(key: $0.key, stored: $0.value) }
  }

  /// The stored font under a key, if any.
  ///
  /// - Parameter key: A key from ``key(for:from:)`` or given to ``install(_:key:origin:version:)``.
  /// - Returns: The entry, or `nil`.
  public func entry(forKey key: String) -> FontStoreEntry? {
    state.withLock { $0.stored[key] }.map { publicEntry(key: key, stored: $0) }
  }

  /// Problems met while opening or synchronizing: files that went missing or stopped
  /// validating, and faces that conflict with faces registered from elsewhere.
  public var issues: [FontStoreError] { state.withLock { $0.issues } }

  /// Notes on loads that succeeded with something other than exactly what was asked for.
  ///
  /// A Google Fonts file whose family is named differently, a load answered from a face stored
  /// through another source while its own could not be reached. Each note is kept once, in the
  /// order it was made.
  public var diagnostics: [FontStoreDiagnostic] { state.withLock { $0.diagnostics } }

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

  func publicEntry(key: String, stored: Stored) -> FontStoreEntry {
    let entry = stored.entry
    return FontStoreEntry(
      key: key, fileURL: _url(entry.file),
      sha256: SHA256Digest(hex: entry.sha256) ?? SHA256Digest.hash([UInt8]()),
      postScriptNames: entry.postScriptNames, origin: entry.origin, version: entry.version,
      installed: entry.installed, faces: stored.faces)
  }
}
