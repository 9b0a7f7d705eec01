// SPDX-License-Identifier: Apache-2.0

import Synchronization
import TypeScaleFonts
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
/// The entries are split by hash into 16 stripes, each behind its own lock, so that threads
/// looking up different runs do not wait for each other (with one lock, two threads laying out
/// warm text spent most of their blocking waits on it). The budget and the eviction order are
/// the cache's as a whole: one clock stamps every use across the stripes (advanced by inserts
/// only, so that a hit reads it without writing it), and eviction drops the least recently used
/// quarter of all entries — on one thread the cache keeps and drops exactly what a single-lock
/// cache would. ``statistics`` sums the stripes' counters, one stripe at a
/// time.
///
/// A lookup borrows the caller's text: it hashes the UTF-16 window in place and compares it with
/// the stored keys in place, so a hit allocates nothing; only an insert copies the window. (The
/// same design as a dictionary keyed by the text, without the copy a `Dictionary` key needs.)
///
/// - Complexity: Lookups are O(text length) for hashing and comparing; eviction is
///   O(n log n), amortized over the n/4 entries it frees.
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

  /// What a lookup is keyed on, borrowed: the caller's text, not a copy.
  ///
  /// A lookup builds one of these over the paragraph's UTF-16 units, hashes it and compares it
  /// with the stored ``Key``s in place, so a hit allocates nothing; only an insert copies the
  /// window into an owned ``Key``. Valid only while `window` is.
  struct Lookup {
    /// The run's text with its context: `window[text]` is the run, the units before and after
    /// it are context.
    let window: UnsafeBufferPointer<UInt16>
    /// The run's range in `window`.
    let text: Range<Int>
    let face: FontFace.ID
    let coordinates: String
    let features: String
    let script: ScriptCode
    let rightToLeft: Bool
    let language: String
    let pointSize: Double?
    /// Whether the run starts inside a grapheme cluster (a piece of an over-long one), which
    /// HarfBuzz shapes without a dotted circle.
    let continuesCluster: Bool
    /// The hash, computed once: a lookup that misses is hashed again for the insert.
    let hashCode: Int

    init(
      window: UnsafeBufferPointer<UInt16>, text: Range<Int>, face: FontFace.ID,
      coordinates: String, features: String, script: ScriptCode, rightToLeft: Bool,
      language: String, pointSize: Double?, continuesCluster: Bool = false
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
      hasher.combine(bytes: UnsafeRawBufferPointer(window))
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
  }

  /// A stored key: a ``Lookup`` with its window copied, made only on insert.
  struct Key: Sendable {
    let window: [UInt16]
    let text: Range<Int>
    let face: FontFace.ID
    let coordinates: String
    let features: String
    let script: ScriptCode
    let rightToLeft: Bool
    let language: String
    let pointSize: Double?
    let continuesCluster: Bool

    init(_ lookup: Lookup) {
      window = Array(lookup.window)
      text = lookup.text
      face = lookup.face
      coordinates = lookup.coordinates
      features = lookup.features
      script = lookup.script
      rightToLeft = lookup.rightToLeft
      language = lookup.language
      pointSize = lookup.pointSize
      continuesCluster = lookup.continuesCluster
    }

    var byteCount: Int { window.count * 2 + 160 }

    /// Whether `lookup` has this key's values, compared in place.
    func matches(_ lookup: Lookup) -> Bool {
      guard text == lookup.text, script == lookup.script, rightToLeft == lookup.rightToLeft,
        continuesCluster == lookup.continuesCluster, pointSize == lookup.pointSize,
        window.count == lookup.window.count, face == lookup.face,
        coordinates == lookup.coordinates, features == lookup.features,
        language == lookup.language
      else { return false }
      return window.withUnsafeBufferPointer { stored in
        guard let storedBase = stored.baseAddress, let base = lookup.window.baseAddress else {
          return stored.isEmpty
        }
        return memcmp(storedBase, base, stored.count * 2) == 0
      }
    }
  }

  private struct _Entry {
    let key: Key
    let glyphs: ShapedGlyphs
    var lastUse: UInt64
    let bytes: Int
  }

  /// The entries whose keys share a hash: almost always one, so the first is held inline and
  /// the rest (an empty array allocates nothing) only on a collision.
  private struct Bucket {
    var first: _Entry
    var more: [_Entry] = []

    /// The index of the entry matching `lookup`: 0 for `first`, 1 + i for `more[i]`.
    func index(of lookup: Lookup) -> Int? {
      if first.key.matches(lookup) { return 0 }
      return more.firstIndex { $0.key.matches(lookup) }.map { $0 + 1 }
    }

    /// Entry `index`'s glyphs, without copying the entry (which would retain its key too).
    func glyphs(at index: Int) -> ShapedGlyphs {
      index == 0 ? first.glyphs : more[index - 1].glyphs
    }

    /// Stamps entry `index` with `clock` in place, when its stamp differs: a hit on an entry
    /// already stamped with the current clock writes nothing.
    mutating func stamp(_ index: Int, with clock: UInt64) {
      if index == 0 {
        if first.lastUse != clock { first.lastUse = clock }
      } else if more[index - 1].lastUse != clock {
        more[index - 1].lastUse = clock
      }
    }

    subscript(index: Int) -> _Entry {
      get { index == 0 ? first : more[index - 1] }
      set {
        if index == 0 { first = newValue } else { more[index - 1] = newValue }
      }
    }

    /// Removes entry `index`; returns whether the bucket is then empty.
    mutating func remove(at index: Int) -> Bool {
      if index > 0 {
        more.remove(at: index - 1)
      } else if more.isEmpty {
        return true
      } else {
        first = more.removeFirst()
      }
      return false
    }
  }

  private struct _State {
    /// Entries by their key's hash.
    var buckets: [Int: Bucket] = [:]
    var statistics = Statistics()
  }

  /// The budget in bytes.
  public let budget: Int
  /// The stripes: an entry lives in the one its hash picks.
  private let stripes: [Locked<_State>]
  /// Stamps every use, across stripes, so that eviction can order all entries by last use.
  ///
  /// An insert advances it; a lookup stamps its entry with the current value without advancing
  /// it, so that hits on several threads at once write no common line. Entries used between two
  /// inserts share a stamp (ties are broken by hash): recency is kept to the insert, which is
  /// finer than eviction needs, as each pass drops a quarter of the budget.
  private let clock = Atomic<UInt64>(0)
  /// Bytes held over all stripes; changed only with the stripe's lock held, with its entries.
  private let bytes = Atomic<Int>(0)
  /// Held while evicting, so that one thread at a time does; counts the passes that evicted.
  ///
  /// Not `Locked(())`: ThreadSanitizer reports an access race on the `inout` access of an
  /// empty value (Swift 6.3.1), which a counter avoids (as `FontStore.syncTurn` does).
  private let evictionPasses = Locked(0)
  /// One bit per stripe whose entries or counters may have changed since the last
  /// ``removeAll()``, which locks only those.
  ///
  /// A cold layout (the cache emptied before each) touches one or two stripes, not sixteen.
  /// Set under the stripe's lock; read first and written only when the bit is missing, so that
  /// lookups on several threads share the cache line rather than fight over it.
  private let touched = Atomic<UInt64>(0)

  /// Creates a cache.
  ///
  /// - Parameter budget: The most bytes to hold; 64 MiB by default.
  public convenience init(budget: Int = 64 << 20) { self.init(budget: budget, stripes: 16) }

  /// Creates a cache with `stripes` stripes (1: a single lock, for comparison in tests).
  init(budget: Int, stripes: Int) {
    self.budget = max(0, budget)
    // At most 64: one bit each in `touched`.
    self.stripes = (0..<min(64, max(1, stripes))).map { _ in Locked(_State()) }
  }

  /// The number of stripes.
  var stripeCount: Int { stripes.count }

  /// How many times entries were evicted (each time, down to three quarters of the budget).
  var evictionPassCount: Int { evictionPasses.withLock { $0 } }

  /// The stripe an entry with this hash lives in: from the hash's top bits (the dictionary in
  /// the stripe uses the low ones).
  func stripeIndex(for hashCode: Int) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: hashCode) >> 32) % stripes.count
  }

  /// Runs `body` while holding the lock of the stripe `key` is in, for tests of striping.
  func withStripeLocked<Result>(for key: Lookup, _ body: () -> Result) -> Result {
    stripes[stripeIndex(for: key.hashCode)].withLock { _ in body() }
  }

  /// The counters, summed over the stripes (each read under its lock, one after another).
  public var statistics: Statistics {
    var total = Statistics()
    for stripe in stripes {
      let part = stripe.withLock { $0.statistics }
      total.hits += part.hits
      total.misses += part.misses
      total.evictions += part.evictions
      total.entries += part.entries
      total.bytes += part.bytes
    }
    return total
  }

  /// Drops every entry and resets the counters.
  public func removeAll() {
    var mask = touched.exchange(0, ordering: .acquiringAndReleasing)
    while mask != 0 {
      let index = mask.trailingZeroBitCount
      mask &= mask - 1
      stripes[index].withLock { state in
        bytes.subtract(state.statistics.bytes, ordering: .relaxed)
        // Keep a small table's storage for the entries that follow; give a large one back.
        state.buckets.removeAll(keepingCapacity: state.buckets.capacity <= 64)
        state.statistics = Statistics()
      }
    }
  }

  /// The next stamp of the clock, for an insert.
  private func tick() -> UInt64 { clock.wrappingAdd(1, ordering: .relaxed).newValue }

  /// The current stamp of the clock, for a lookup: read, not advanced.
  private func now() -> UInt64 { clock.load(ordering: .relaxed) }

  /// Marks stripe `index` as touched; called with its lock held, before changing it.
  @inline(__always)
  private func touch(_ index: Int) {
    let bit = UInt64(1) << UInt64(index)
    if touched.load(ordering: .relaxed) & bit == 0 {
      touched.bitwiseOr(bit, ordering: .relaxed)
    }
  }

  /// The glyphs stored for `key`, or `nil`; a hit allocates nothing.
  func value(for key: Lookup) -> ShapedGlyphs? {
    let clock = now()
    let stripe = stripeIndex(for: key.hashCode)
    return stripes[stripe].withLock { state in
      touch(stripe)
      // Found and stamped in place, through the dictionary's `modify` accessor: no copy of the
      // bucket or entry, so that a hit retains the glyphs alone.
      let glyphs = { (bucket: inout Bucket?) -> ShapedGlyphs? in
        guard let index = bucket?.index(of: key) else { return nil }
        bucket?.stamp(index, with: clock)
        return bucket?.glyphs(at: index)
      }(&state.buckets[key.hashCode])
      if glyphs == nil {
        state.statistics.misses += 1
      } else {
        state.statistics.hits += 1
      }
      return glyphs
    }
  }

  /// Stores glyphs for `key`, copying its window, and evicts the least recently used quarter
  /// of all entries when over budget.
  func insert(_ glyphs: ShapedGlyphs, for key: Lookup) {
    let stored = Key(key)
    let size = glyphs.byteCount + stored.byteCount
    let clock = tick()
    let stripe = stripeIndex(for: key.hashCode)
    let total = stripes[stripe].withLock { state in
      touch(stripe)
      let entry = _Entry(key: stored, glyphs: glyphs, lastUse: clock, bytes: size)
      var added = size
      if var bucket = state.buckets[key.hashCode] {
        if let index = bucket.index(of: key) {
          added -= bucket[index].bytes
          state.statistics.entries -= 1
          bucket[index] = entry
        } else {
          bucket.more.append(entry)
        }
        state.buckets[key.hashCode] = bucket
      } else {
        state.buckets[key.hashCode] = Bucket(first: entry)
      }
      state.statistics.entries += 1
      state.statistics.bytes += added
      return bytes.wrappingAdd(added, ordering: .relaxed).newValue
    }
    if total > budget { evict() }
  }

  /// Drops the least recently used entries of all stripes until at most three quarters of the
  /// budget is held (entries used while this runs may stay).
  private func evict() {
    evictionPasses.withLock { passes in
      guard bytes.load(ordering: .relaxed) > budget else { return }
      passes += 1
      let target = budget * 3 / 4
      var uses: [(stripe: Int, hash: Int, lastUse: UInt64)] = []
      for (index, stripe) in stripes.enumerated() {
        stripe.withLock { state in
          uses.reserveCapacity(uses.count + state.statistics.entries)
          for (hash, bucket) in state.buckets {
            uses.append((index, hash, bucket.first.lastUse))
            for entry in bucket.more { uses.append((index, hash, entry.lastUse)) }
          }
        }
      }
      uses.sort { ($0.lastUse, $0.hash) < ($1.lastUse, $1.hash) }
      for (index, hash, lastUse) in uses {
        guard bytes.load(ordering: .relaxed) > target else { break }
        stripes[index].withLock { state in
          // The first entry of the bucket with that last use: entries that share a stamp were
          // used as recently as each other. One used since, with a later stamp, is kept.
          guard var bucket = state.buckets[hash],
            let found = bucket.first.lastUse == lastUse
              ? 0 : bucket.more.firstIndex(where: { $0.lastUse == lastUse }).map({ $0 + 1 })
          else { return }
          let freed = bucket[found].bytes
          state.statistics.bytes -= freed
          state.statistics.entries -= 1
          state.statistics.evictions += 1
          bytes.subtract(freed, ordering: .relaxed)
          state.buckets[hash] = bucket.remove(at: found) ? nil : bucket
        }
      }
    }
  }
}
