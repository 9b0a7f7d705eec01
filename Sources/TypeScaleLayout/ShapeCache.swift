// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleInternals

/// Shaped runs in font units, least recently used, bounded in bytes, with hit and miss counts.
///
/// The key is everything shaping depends on: the run's text and up to five UTF-16 units of
/// context on each side (Arabic joining looks across run boundaries), the face, its variation
/// coordinates, the features, script, direction and language — and the point size, only for
/// faces whose shaping depends on it (an `opsz` axis or a `trak` table). Laying a text out at
/// twelve sizes therefore shapes it once.
///
/// Capacity is a byte budget (64 MiB by default); when it is exceeded the least recently used
/// quarter of the entries is dropped.
///
/// - Complexity: Lookups are O(text length) for hashing; eviction is O(n log n), amortized over
///   the n/4 entries it frees.
public final class ShapeCache: Sendable {
  /// Counters, for observing the cache.
  public struct Statistics: Hashable, Sendable {
    /// Lookups answered from the cache.
    public var hits = 0
    /// Lookups that shaped.
    public var misses = 0
    /// Entries dropped to stay within the budget.
    public var evictions = 0
    /// Entries held.
    public var entries = 0
    /// Approximate bytes held.
    public var bytes = 0

    /// Hits over lookups, 0 when there were none.
    public var hitRate: Double {
      hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses)
    }
  }

  struct Key: Hashable, Sendable {
    /// The run's text with its context: `window[text]` is the run, the units before and after
    /// it are context.
    let window: [UInt16]
    /// The run's range in `window`.
    let text: Range<Int>
    let face: FontFace.ID
    let coordinates: String
    let features: String
    let script: Int32
    let rightToLeft: Bool
    let language: String
    let pointSize: Double?
    /// Whether the run starts inside a grapheme cluster (a piece of an over-long one), which
    /// HarfBuzz shapes without a dotted circle.
    let continuesCluster: Bool
    /// The hash, computed once: a key is hashed for the lookup and again for the insert.
    private let hashCode: Int

    init(
      window: [UInt16], text: Range<Int>, face: FontFace.ID, coordinates: String,
      features: String, script: Int32, rightToLeft: Bool, language: String, pointSize: Double?,
      continuesCluster: Bool = false
    ) {
      self.window = window
      self.text = text
      self.face = face
      self.coordinates = coordinates
      self.features = features
      self.script = script
      self.rightToLeft = rightToLeft
      self.language = language
      self.pointSize = pointSize
      self.continuesCluster = continuesCluster
      // The units as raw bytes: element-wise hashing of `[UInt16]` is several times slower.
      var hasher = Hasher()
      hasher.combine(window.count)
      window.withUnsafeBytes { hasher.combine(bytes: $0) }
      hasher.combine(text.lowerBound)
      hasher.combine(text.upperBound)
      hasher.combine(face)
      // Usually empty: hashing an empty string still costs a call.
      if !coordinates.isEmpty { hasher.combine(coordinates) }
      if !features.isEmpty { hasher.combine(features) }
      if !language.isEmpty { hasher.combine(language) }
      hasher.combine(script)
      hasher.combine(rightToLeft)
      hasher.combine(pointSize)
      if continuesCluster { hasher.combine(true) }
      hashCode = hasher.finalize()
    }

    var byteCount: Int { window.count * 2 + 160 }

    func hash(into hasher: inout Hasher) { hasher.combine(hashCode) }
  }

  private struct _Entry {
    let glyphs: ShapedGlyphs
    var lastUse: UInt64
    let bytes: Int
  }

  private struct _State {
    var entries: [Key: _Entry] = [:]
    var clock: UInt64 = 0
    var statistics = Statistics()
  }

  /// The budget in bytes.
  public let budget: Int
  private let _state = Locked(_State())

  /// Creates a cache.
  ///
  /// - Parameter budget: The most bytes to hold; 64 MiB by default.
  public init(budget: Int = 64 << 20) { self.budget = max(0, budget) }

  /// The counters.
  public var statistics: Statistics { _state.withLock { $0.statistics } }

  /// Drops every entry and resets the counters.
  public func removeAll() {
    _state.withLock { state in
      // Keep a small table's storage for the entries that follow; give a large one back.
      state.entries.removeAll(keepingCapacity: state.entries.capacity <= 1024)
      state.clock = 0
      state.statistics = Statistics()
    }
  }

  func value(for key: Key) -> ShapedGlyphs? {
    _state.withLock { state in
      state.clock += 1
      guard var entry = state.entries[key] else {
        state.statistics.misses += 1
        return nil
      }
      entry.lastUse = state.clock
      state.entries[key] = entry
      state.statistics.hits += 1
      return entry.glyphs
    }
  }

  func insert(_ glyphs: ShapedGlyphs, for key: Key) {
    let bytes = glyphs.byteCount + key.byteCount
    _state.withLock { state in
      state.clock += 1
      let entry = _Entry(glyphs: glyphs, lastUse: state.clock, bytes: bytes)
      if let old = state.entries.updateValue(entry, forKey: key) {
        state.statistics.bytes -= old.bytes
      }
      state.statistics.bytes += bytes
      if state.statistics.bytes > budget {
        let target = budget * 3 / 4
        for (key, entry) in state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
          guard state.statistics.bytes > target else { break }
          state.entries[key] = nil
          state.statistics.bytes -= entry.bytes
          state.statistics.evictions += 1
        }
      }
      state.statistics.entries = state.entries.count
    }
  }
}
