// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shape cache's borrowed-key lookup: same results as shaping anew, distinct keys stay
/// distinct, and a hit allocates nothing.
@Suite struct ShapeCacheLookupTests {
  /// Every corpus text laid out cold (every lookup a miss), warm (every lookup a hit) and with
  /// no cache at all gives the same lines, glyphs and positions.
  @Test(arguments: LayoutCorpus.entries)
  func corpus_hitsGiveWhatShapingAnewGives(_ entry: LayoutCorpus.Entry) throws {
    let font = try FontFixture.fixtureFont(entry.font, size: 17)
    var options = LayoutOptions()
    options.width = 120
    options.language = entry.language
    let engine = FontFixture.engine()
    let uncached = TextLayoutEngine(registry: FontFixture.registry, shapeCacheBudget: 0)
    let cold = try engine.layout(entry.text, font: font, options: options)
    let misses = engine.shapeCache.statistics.misses
    #expect(misses > 0)
    let warm = try engine.layout(entry.text, font: font, options: options)
    #expect(engine.shapeCache.statistics.misses == misses, "the second layout only hits")
    #expect(engine.shapeCache.statistics.hits >= misses)
    let anew = try uncached.layout(entry.text, font: font, options: options)
    #expect(uncached.shapeCache.statistics.hits == 0)
    #expect(!LayoutCorpus.signature(cold).isEmpty)
    #expect(LayoutCorpus.signature(warm) == LayoutCorpus.signature(cold))
    #expect(LayoutCorpus.signature(anew) == LayoutCorpus.signature(cold))
  }

  /// A lookup that differs from a stored key in any one field misses; the same values hit.
  @Test func everyKeyField_separatesEntries() throws {
    let face = FontFixture.registry.defaultFace
    let other = try FontFixture.fixtureFont("Fixture-Bold.ttf").face
    let glyphs = ShapedGlyphs(count: 1) { _ in
      ShapedGlyphs.Glyph(
        id: 7, cluster: 0, advance: 500, offsetX: 0, offsetY: 0, unsafeToBreak: false)
    }
    let units: [UInt16] = Array("xabcx".utf16)
    let changed: [UInt16] = Array("yabcx".utf16)
    units.withUnsafeBufferPointer { units in
      changed.withUnsafeBufferPointer { changed in
        func lookup(
          _ window: UnsafeBufferPointer<UInt16>? = nil, text: Range<Int> = 1..<4,
          face: FontFace.ID? = nil, coordinates: String = "", features: String = "",
          script: ScriptCode = .latin, rightToLeft: Bool = false, language: String = "",
          pointSize: Double? = nil, continuesCluster: Bool = false
        ) -> ShapeCache.Lookup {
          ShapeCache.Lookup(
            window: window ?? units, text: text,
            face: face
              ?? FontFixture.registry
              .defaultFace.id, coordinates: coordinates, features: features, script: script,
            rightToLeft: rightToLeft, language: language, pointSize: pointSize,
            continuesCluster: continuesCluster)
        }
        let cache = ShapeCache()
        cache.insert(glyphs, for: lookup())
        let variants = [
          lookup(changed), lookup(text: 1..<3), lookup(face: other.id),
          lookup(coordinates: "wght=700.0"), lookup(features: "liga=0"),
          lookup(script: .greek), lookup(rightToLeft: true), lookup(language: "tr"),
          lookup(pointSize: 12), lookup(continuesCluster: true),
        ]
        for variant in variants { #expect(cache.value(for: variant) == nil) }
        #expect(cache.value(for: lookup())?[0].id == 7)
        // The same values in another buffer hit as well: the key is the units, not the address.
        let copy = Array(units)
        copy.withUnsafeBufferPointer { #expect(cache.value(for: lookup($0))?[0].id == 7) }
        #expect(face.id == FontFixture.registry.defaultFace.id)
        let statistics = cache.statistics
        #expect(statistics.entries == 1)
        #expect(statistics.hits == 2)
        #expect(statistics.misses == variants.count)
      }
    }
  }

  /// Texts keyed in a cache with room for `entries` entries of the first text, the same four
  /// glyphs stored for each.
  struct BudgetFixture {
    static let glyphs = ShapedGlyphs(count: 4) { index in
      ShapedGlyphs.Glyph(
        id: UInt32(index), cluster: Int32(index), advance: 500, offsetX: 0, offsetY: 0,
        unsafeToBreak: false)
    }
    let texts: [[UInt16]]
    let cache: ShapeCache

    init(_ prefix: String, count: Int, entries: Int) {
      texts = (0..<count).map { Array("\(prefix) \($0)".utf16) }
      let entryBytes = texts[0].withUnsafeBufferPointer {
        Self.glyphs.byteCount + ShapeCache.Key(Self.lookup($0)).byteCount
      }
      cache = ShapeCache(budget: entryBytes * entries)
    }

    static func lookup(_ units: UnsafeBufferPointer<UInt16>) -> ShapeCache.Lookup {
      ShapeCache.Lookup(
        window: units, text: 0..<units.count, face: FontFixture.registry.defaultFace.id,
        coordinates: "", features: "", script: .latin, rightToLeft: false, language: "",
        pointSize: nil)
    }

    func insert(_ indices: Range<Int>) {
      for index in indices {
        texts[index].withUnsafeBufferPointer { cache.insert(Self.glyphs, for: Self.lookup($0)) }
      }
    }

    func contains(_ index: Int) -> Bool {
      texts[index].withUnsafeBufferPointer { cache.value(for: Self.lookup($0)) } != nil
    }
  }

  /// Over budget, the least recently used entries go, and the counts stay consistent.
  @Test func overBudget_evictsTheLeastRecentlyUsedAndKeepsCountsConsistent() {
    let fixture = BudgetFixture("text", count: 64, entries: 20)
    fixture.insert(0..<64)
    let statistics = fixture.cache.statistics
    #expect(statistics.evictions > 0)
    #expect(statistics.bytes <= fixture.cache.budget)
    #expect(statistics.entries + statistics.evictions == fixture.texts.count)
    // The newest is kept, the oldest dropped.
    #expect(fixture.contains(63))
    #expect(!fixture.contains(0))
  }

  /// A hit stamps its entry with the clock of the newest insert (a lookup reads the clock, only
  /// an insert advances it): the oldest entries, looked up after later inserts, outlive the
  /// entries inserted after them when eviction comes.
  @Test func aHit_keepsItsEntryPastLaterInserts() {
    let fixture = BudgetFixture("word", count: 24, entries: 20)
    fixture.insert(0..<16)
    #expect(fixture.contains(0))
    #expect(fixture.contains(1))
    fixture.insert(16..<24)
    #expect(fixture.cache.statistics.evictions > 0)
    // Texts 0 and 1 were used after text 15's insert, so they outlive texts 2 to 15.
    #expect(fixture.contains(0))
    #expect(fixture.contains(1))
    #expect(!fixture.contains(2))
    #expect(fixture.contains(23))
  }

  /// The allocation counter of an `LD_PRELOAD`ed malloc wrapper, when one is loaded.
  ///
  /// Built from this C file (`cc -shared -fPIC -O2 -o /tmp/malloc_count.so malloc_count.c`):
  ///
  /// ```c
  /// #define _GNU_SOURCE
  /// #include <stddef.h>
  /// extern void *__libc_malloc(size_t), *__libc_calloc(size_t, size_t);
  /// extern void *__libc_realloc(void *, size_t), *__libc_memalign(size_t, size_t);
  /// static __thread unsigned long count;
  /// unsigned long typescale_malloc_count(void) { return count; }
  /// void *malloc(size_t n) { count++; return __libc_malloc(n); }
  /// void *calloc(size_t a, size_t b) { count++; return __libc_calloc(a, b); }
  /// void *realloc(void *p, size_t n) { count++; return __libc_realloc(p, n); }
  /// int posix_memalign(void **p, size_t a, size_t n) {
  ///   count++; *p = __libc_memalign(a, n); return *p ? 0 : 12; }
  /// void *aligned_alloc(size_t a, size_t n) { count++; return __libc_memalign(a, n); }
  /// void *memalign(size_t a, size_t n) { count++; return __libc_memalign(a, n); }
  /// ```
  ///
  /// Then `LD_PRELOAD=/tmp/malloc_count.so swift test --skip-build --filter ShapeCacheLookup`.
  static let mallocCount: (@convention(c) () -> UInt)? = {
    #if canImport(Glibc)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "typescale_malloc_count")
      else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) () -> UInt).self)
    #else
      return nil
    #endif
  }()

  /// Whether this is an optimized build: at `-Onone` the standard library's unspecialized
  /// dictionary accessors allocate their coroutine frames (11 allocations per `modify` of a
  /// plain `[Int: [Int]]`), so only a release build can show what the cache itself allocates.
  static var isOptimized: Bool {
    #if DEBUG
      false
    #else
      true
    #endif
  }

  /// A hit allocates nothing: counted by the malloc wrapper above, on this thread, over 10 000
  /// hits of a corpus-sized key (a copied key would be one allocation per hit).
  ///
  /// Run it in a release build:
  /// `swift build -c release --build-tests -Xswiftc -enable-testing`, then
  /// `LD_PRELOAD=/tmp/malloc_count.so swift test -c release --skip-build --filter hit_allocates`.
  @Test(
    .enabled(
      if: mallocCount != nil && isOptimized,
      "needs the LD_PRELOAD malloc counter and an optimized build"))
  func hit_allocatesNothing() throws {
    let count = try #require(Self.mallocCount)
    let face = FontFixture.registry.defaultFace.id
    let cache = ShapeCache()
    let glyphs = ShapedGlyphs(count: 1) { _ in
      ShapedGlyphs.Glyph(
        id: 1, cluster: 0, advance: 500, offsetX: 0, offsetY: 0, unsafeToBreak: false)
    }
    let units = Array("Download complete — tap to open.".utf16)
    let allocations = units.withUnsafeBufferPointer { units in
      let key = ShapeCache.Lookup(
        window: units, text: 5..<units.count - 5, face: face, coordinates: "", features: "",
        script: .latin, rightToLeft: false, language: "en", pointSize: nil)
      cache.insert(glyphs, for: key)
      var found = 0
      let before = count()
      for _ in 0..<10_000 where cache.value(for: key) != nil { found += 1 }
      let after = count()
      #expect(found == 10_000)
      return after - before
    }
    #expect(allocations == 0)
  }
}
