// SPDX-License-Identifier: Apache-2.0

import TypeScaleLock

/// The font bytes read for layout and rendering: least recently used, bounded in bytes, with
/// hit and miss counters.
///
/// Registration keeps no font data; the first layout that needs a face's glyphs reads its file
/// through this cache. When the budget is exceeded, the least recently used files are dropped
/// (faces stay registered and are read again on next use). Bytes registered from memory are never
/// evicted: they are the source itself.
///
/// - Complexity: Lookups are O(1); an insertion that evicts is O(n) in the number of cached files.
public final class FontDataCache: Sendable {
  /// Hit and miss counters and current size.
  public struct Statistics: Hashable, Sendable {
    /// Requests answered from memory.
    public var hits = 0
    /// Requests that read a file.
    public var misses = 0
    /// Files dropped to stay within the budget.
    public var evictions = 0
    /// Bytes currently cached.
    public var bytes = 0
    /// Files currently cached.
    public var files = 0
  }

  private struct _Entry {
    /// Held so that the key's object identity cannot be reused while cached.
    let file: _FontFile
    let bytes: [UInt8]
    var lastUse: UInt64
  }

  private struct _State {
    var entries: [ObjectIdentifier: _Entry] = [:]
    /// Decoded WOFF/WOFF2 fonts; few, and small next to the budget, so kept until removeAll.
    var decoded: [ObjectIdentifier: _Entry] = [:]
    var clock: UInt64 = 0
    var statistics = Statistics()
  }

  /// The budget in bytes.
  public let budget: Int
  private let _state = Locked(_State())
  private let _libraries = FreeTypeLibraryPool()

  /// Creates a cache.
  ///
  /// - Parameter budget: The most bytes to keep.
  public init(budget: Int) { self.budget = max(0, budget) }

  /// The counters.
  public var statistics: Statistics { _state.withLock { $0.statistics } }

  /// The bytes of a face's source, read on first use.
  ///
  /// - Parameter source: The source to read.
  /// - Returns: The bytes.
  /// - Throws: ``FontError`` when the file can no longer be read or has changed size.
  public func bytes(for source: FontSource) throws(FontError) -> [UInt8] {
    if let memory = source._file.memory { return memory }
    let key = ObjectIdentifier(source._file)
    let cached: [UInt8]? = _state.withLock { state in
      state.clock += 1
      guard var entry = state.entries[key] else { return nil }
      entry.lastUse = state.clock
      state.entries[key] = entry
      state.statistics.hits += 1
      return entry.bytes
    }
    if let cached { return cached }
    let bytes = try source._file.bytes()
    _state.withLock { state in
      state.statistics.misses += 1
      guard state.entries[key] == nil else { return }
      state.clock += 1
      state.entries[key] = _Entry(file: source._file, bytes: bytes, lastUse: state.clock)
      state.statistics.bytes += bytes.count
      while state.statistics.bytes > budget, state.entries.count > 1,
        let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        state.entries[oldest.key] = nil
        state.statistics.bytes -= oldest.value.bytes.count
        state.statistics.evictions += 1
      }
      state.statistics.files = state.entries.count
    }
    return bytes
  }

  /// The plain sfnt bytes of a face's source, which HarfBuzz can read.
  ///
  /// That is the file's bytes, or for WOFF and WOFF2 the font FreeType decodes from them. Cached like ``bytes(for:)``.
  ///
  /// - Parameter source: The source to read.
  /// - Returns: TrueType, OpenType or collection bytes.
  /// - Throws: ``FontError`` when the file can no longer be read or decoded.
  public func sfntBytes(for source: FontSource) throws(FontError) -> [UInt8] {
    let raw = try bytes(for: source)
    guard let format = FileSniffer.format(of: Array(raw.prefix(4))),
      format == .woff || format == .woff2
    else { return raw }
    let key = ObjectIdentifier(source._file)
    if let decoded = _state.withLock({ $0.decoded[key]?.bytes }) { return decoded }
    let decoded = try SFNTExtractor.sfnt(
      from: raw, name: source.fileName, libraries: _libraries)
    _state.withLock { state in
      state.decoded[key] = _Entry(file: source._file, bytes: decoded, lastUse: 0)
    }
    return decoded
  }

  /// Drops every cached file.
  public func removeAll() {
    _state.withLock { state in
      state.entries.removeAll()
      state.decoded.removeAll()
      state.statistics.bytes = 0
      state.statistics.files = 0
    }
  }
}
