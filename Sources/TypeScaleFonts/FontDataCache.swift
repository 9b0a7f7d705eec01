// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals

/// The font bytes read for layout and rendering: least recently used, bounded in bytes, with
/// hit and miss counters.
///
/// Registration keeps no font data; the first layout that needs a face's glyphs reads its file
/// through this cache. It holds two kinds of entry, and both count against ``budget`` and appear in
/// ``statistics``: a file's bytes (``bytes(for:)``), and the plain font decoded from a WOFF or
/// WOFF2 file (``sfntBytes(for:)``). When the budget is exceeded, the least recently used entries
/// are dropped, whichever kind they are (faces stay registered and are read again on next use); the
/// entry just added always stays, so one font larger than the budget still works. Bytes registered
/// from memory are not copied here: they are the source itself (the fonts decoded from them are).
///
/// ``FontRegistry`` drops a source's entries when it is unregistered (``remove(_:)``).
///
/// ```swift
/// let cache = FontDataCache(budget: 64 << 20)
/// let sfnt = try cache.sfntBytes(for: face.source)  // a WOFF2 file, decoded once
/// cache.statistics.bytes                            // the WOFF2 file and its decoded font
/// ```
///
/// - Complexity: Lookups are O(1); an insertion that evicts is O(n) in the number of entries.
public final class FontDataCache: Sendable {
  /// Hit and miss counters and current size.
  public struct Statistics: Hashable, Sendable {
    /// Requests answered from memory.
    public var hits = 0
    /// Requests that read a file.
    public var misses = 0
    /// Entries (files or decoded fonts) dropped to stay within the budget.
    public var evictions = 0
    /// Bytes currently cached: files and decoded fonts together, what the budget bounds.
    public var bytes = 0
    /// Files currently cached.
    public var files = 0
    /// Fonts decoded from WOFF or WOFF2 currently cached.
    public var decodedFonts = 0
    /// The part of ``bytes`` that decoded fonts take.
    public var decodedBytes = 0
  }

  private struct _Key: Hashable {
    let file: ObjectIdentifier
    let isDecoded: Bool
  }

  private struct _Entry {
    /// Held so that the key's object identity cannot be reused while cached.
    let file: FontFile
    let bytes: [UInt8]
    var lastUse: UInt64
  }

  private struct _State {
    var entries: [_Key: _Entry] = [:]
    var clock: UInt64 = 0
    var statistics = Statistics()

    /// The entry's bytes, marked as used, or `nil`.
    mutating func use(_ key: _Key) -> [UInt8]? {
      clock += 1
      guard var entry = entries[key] else { return nil }
      entry.lastUse = clock
      entries[key] = entry
      statistics.hits += 1
      return entry.bytes
    }

    /// Adds an entry unless another task added it meanwhile, then evicts down to `budget`.
    mutating func insert(_ key: _Key, file: FontFile, bytes: [UInt8], budget: Int) {
      guard entries[key] == nil else { return }
      clock += 1
      entries[key] = _Entry(file: file, bytes: bytes, lastUse: clock)
      account(key, bytes.count, sign: 1)
      while statistics.bytes > budget, entries.count > 1,
        let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        drop(oldest.key)
        statistics.evictions += 1
      }
    }

    mutating func drop(_ key: _Key) {
      guard let entry = entries.removeValue(forKey: key) else { return }
      account(key, entry.bytes.count, sign: -1)
    }

    private mutating func account(_ key: _Key, _ count: Int, sign: Int) {
      statistics.bytes += sign * count
      if key.isDecoded {
        statistics.decodedBytes += sign * count
        statistics.decodedFonts += sign
      } else {
        statistics.files += sign
      }
    }
  }

  /// The budget in bytes, for files and decoded fonts together.
  public let budget: Int
  /// The largest font a WOFF or WOFF2 file may decode to, in bytes
  /// (``FontRegistry/Options/maximumDecodedSize``).
  public let maximumDecodedSize: Int
  private let _state = Locked(_State())
  private let _libraries = FreeTypeLibraryPool()

  /// Creates a cache.
  ///
  /// - Parameters:
  ///   - budget: The most bytes to keep, files and decoded fonts together.
  ///   - maximumDecodedSize: The largest font ``sfntBytes(for:)`` decodes from a WOFF or WOFF2
  ///     file, in bytes; ``FontRegistry/Options/defaultMaximumDecodedSize`` (64 MiB) by default.
  ///     Checked against the file's declared sizes before decoding.
  public init(
    budget: Int, maximumDecodedSize: Int = FontRegistry.Options.defaultMaximumDecodedSize
  ) {
    self.budget = max(0, budget)
    self.maximumDecodedSize = maximumDecodedSize
  }

  /// The counters.
  public var statistics: Statistics { _state.withLock { $0.statistics } }

  /// The bytes of a face's source, read on first use.
  ///
  /// A file is read only while it is still the file that was registered (same device, inode,
  /// size and modification time, checked on the descriptor that is read), so the bytes cached
  /// are always the registered ones; once cached they are served even if the file is deleted or
  /// replaced afterwards, until they are evicted or the source is unregistered.
  ///
  /// - Parameter source: The source to read.
  /// - Returns: The bytes.
  /// - Throws: ``FontError`` — ``FontError/Code/fileNotFound`` when the file was deleted since it
  ///   was registered, ``FontError/Code/fileChanged`` when it was replaced or modified.
  /// - Complexity: O(1) when cached; otherwise a read of the file, and O(n) in the number of
  ///   entries when that evicts.
  public func bytes(for source: FontSource) throws(FontError) -> [UInt8] {
    if let memory = source._file.memory { return memory }
    let key = _Key(file: ObjectIdentifier(source._file), isDecoded: false)
    if let cached = _state.withLock({ $0.use(key) }) { return cached }
    let bytes = try source._file.bytes()
    _state.withLock { state in
      state.statistics.misses += 1
      state.insert(key, file: source._file, bytes: bytes, budget: budget)
    }
    return bytes
  }

  /// The plain sfnt bytes of a face's source, which HarfBuzz can read.
  ///
  /// That is the file's bytes, or for WOFF and WOFF2 the font FreeType decodes from them, cached
  /// like ``bytes(for:)`` and counted against the same budget.
  ///
  /// - Parameter source: The source to read.
  /// - Returns: TrueType, OpenType or collection bytes.
  /// - Throws: ``FontError`` when the file can no longer be read or decoded, or
  ///   ``FontError/Code/tooLarge`` when it declares (or decodes to) more than
  ///   ``maximumDecodedSize`` bytes.
  public func sfntBytes(for source: FontSource) throws(FontError) -> [UInt8] {
    let key = _Key(file: ObjectIdentifier(source._file), isDecoded: true)
    if let cached = _state.withLock({ $0.use(key) }) { return cached }
    let raw = try bytes(for: source)
    guard let format = FileSniffer.format(of: Array(raw.prefix(4))),
      format == .woff || format == .woff2
    else { return raw }
    try SFNTDirectory.checkDecodedSize(
      format: format, size: raw.count, name: source.fileName, limit: maximumDecodedSize
    ) { offset, count in
      guard offset < raw.count, count > 0 else { return [] }
      return Array(raw[offset..<min(raw.count, offset + count)])
    }
    let decoded = try SFNTExtractor.sfnt(
      from: raw, name: source.fileName, limit: maximumDecodedSize, libraries: _libraries)
    _state.withLock { state in
      state.insert(key, file: source._file, bytes: decoded, budget: budget)
    }
    return decoded
  }

  /// Whether the cache holds a source's bytes (its file, or the font decoded from it), without
  /// counting a use: what ``FontRegistry`` asks before checking the file on disk.
  func holds(_ source: FontSource) -> Bool {
    if source._file.memory != nil { return true }
    let file = ObjectIdentifier(source._file)
    return _state.withLock { state in
      state.entries[_Key(file: file, isDecoded: false)] != nil
        || state.entries[_Key(file: file, isDecoded: true)] != nil
    }
  }

  /// Drops a source's cached bytes: its file and the font decoded from it.
  ///
  /// ``FontRegistry`` calls this when the source is unregistered or replaced. A face still held
  /// elsewhere keeps working: its bytes are read again on next use.
  ///
  /// - Parameter source: The source whose bytes to drop.
  public func remove(_ source: FontSource) {
    let file = ObjectIdentifier(source._file)
    _state.withLock { state in
      state.drop(_Key(file: file, isDecoded: false))
      state.drop(_Key(file: file, isDecoded: true))
    }
  }

  /// Drops every cached file and decoded font.
  public func removeAll() {
    _state.withLock { state in
      for key in Array(state.entries.keys) { state.drop(key) }
    }
  }
}
