// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// The striped shape cache: the same hits, misses, evictions and counts as a cache with one
/// lock, lookups in one stripe that do not wait for another's lock, and a budget kept under
/// concurrent use.
@Suite struct ShapeCacheStripeTests {
  /// Glyphs whose first ID names the key they were stored for.
  static func glyphs(_ id: Int) -> ShapedGlyphs {
    ShapedGlyphs(count: 3) { index in
      ShapedGlyphs.Glyph(
        id: UInt32(id), cluster: Int32(index), advance: 500, offsetX: 0, offsetY: 0,
        unsafeToBreak: false)
    }
  }

  /// The texts the tests key on.
  static let texts = (0..<300).map { Array("run \($0) of a text".utf16) }

  /// A lookup of `texts[index]`.
  static func withLookup<Result>(_ index: Int, _ body: (ShapeCache.Lookup) -> Result) -> Result {
    texts[index].withUnsafeBufferPointer { units in
      body(
        ShapeCache.Lookup(
          window: units, text: 0..<units.count, face: FontFixture.registry.defaultFace.id,
          coordinates: "", features: "", script: .latin, rightToLeft: false, language: "",
          pointSize: nil))
    }
  }

  /// One entry's bytes (every text's are the same but for its length: "run 0" to "run 299").
  static var entryBytes: Int {
    withLookup(0) { glyphs(0).byteCount + ShapeCache.Key($0).byteCount }
  }

  /// Runs `body(task, round)` for `rounds` rounds in each of `tasks` concurrent tasks.
  static func concurrently(
    tasks: Int, rounds: Int, _ body: @escaping @Sendable (Int, Int) -> Void
  ) async {
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask {
          for round in 0..<rounds { body(task, round) }
        }
      }
    }
  }

  /// Replays a fixed pseudo-random mix of lookups and inserts (a miss inserts, as the shaper
  /// does; every eighth step re-inserts a key) and returns every lookup's answer.
  static func replay(_ cache: ShapeCache, steps: Int) -> [Int?] {
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    var answers: [Int?] = []
    for step in 0..<steps {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Skewed towards low indices, so that some keys are hot and others are evicted.
      let draw = Int(seed >> 33) % texts.count
      let index = step % 3 == 0 ? draw : draw % 40
      withLookup(index) { key in
        let found = cache.value(for: key).map { Int($0[0].id) }
        answers.append(found)
        if found == nil || step % 8 == 0 { cache.insert(glyphs(index), for: key) }
      }
    }
    return answers
  }

  /// On one thread, 16 stripes answer every lookup as one lock does and end with the same
  /// counts, at budgets that evict constantly, sometimes and never.
  @Test(arguments: [0, 1, 20, 120, 1 << 20])
  func sameAnswersAndCountsAsOneLock(budgetInEntries: Int) {
    let budget = budgetInEntries * Self.entryBytes
    let striped = ShapeCache(budget: budget, stripes: 16)
    let plain = ShapeCache(budget: budget, stripes: 1)
    #expect(striped.stripeCount == 16)
    #expect(plain.stripeCount == 1)
    let answers = Self.replay(striped, steps: 3000)
    #expect(answers == Self.replay(plain, steps: 3000))
    #expect(striped.statistics == plain.statistics)
    let statistics = striped.statistics
    #expect(statistics.hits + statistics.misses == 3000)
    #expect(statistics.bytes <= budget)
    if budgetInEntries == 1 << 20 {
      #expect(statistics.evictions == 0)
      #expect(statistics.hits > 2000)
    } else if budgetInEntries >= 20 {
      #expect(statistics.evictions > 0)
      #expect(statistics.hits > 0)
    }
    #expect(ShapeCache().stripeCount == 16)
  }

  /// The entries are spread over the stripes.
  @Test func keysSpreadOverStripes() {
    let cache = ShapeCache()
    let used = Set(
      Self.texts.indices.map { index in
        Self.withLookup(index) { cache.stripeIndex(for: $0.hashCode) }
      })
    #expect(used.count == 16)
  }

  /// A lookup in one stripe goes ahead while another stripe's lock is held (with one lock for
  /// the whole cache it waited).
  @Test func lookupDoesNotWaitForAnotherStripe() throws {
    let cache = ShapeCache()
    for index in 0..<2 { Self.withLookup(index) { cache.insert(Self.glyphs(index), for: $0) } }
    let other = try #require(
      Self.texts.indices.dropFirst().first { index in
        Self.withLookup(index) { cache.stripeIndex(for: $0.hashCode) }
          != Self.withLookup(0) { cache.stripeIndex(for: $0.hashCode) }
      })
    Self.withLookup(other) { cache.insert(Self.glyphs(other), for: $0) }
    let done = DispatchSemaphore(value: 0)
    let answered = Self.withLookup(0) { held in
      cache.withStripeLocked(for: held) {
        Thread.detachNewThread {
          let found = Self.withLookup(other) { cache.value(for: $0)?[0].id }
          #expect(found == UInt32(other))
          done.signal()
        }
        return done.wait(timeout: .now() + 10) == .success
      }
    }
    #expect(answered, "the lookup waited for another stripe's lock")
    if !answered { done.wait() }
  }

  /// Four threads inserting and looking up at once keep the budget and consistent counts.
  @Test func concurrentUse_keepsTheBudgetAndCounts() async {
    let budget = 50 * Self.entryBytes
    let cache = ShapeCache(budget: budget)
    await Self.concurrently(tasks: 4, rounds: 400) { thread, round in
      let index = (round * 7 + thread * 75) % Self.texts.count
      Self.withLookup(index) { key in
        if let found = cache.value(for: key) {
          #expect(Int(found[0].id) == index)
        } else {
          cache.insert(Self.glyphs(index), for: key)
        }
      }
    }
    let statistics = cache.statistics
    #expect(statistics.hits + statistics.misses == 1600)
    #expect(statistics.bytes <= budget)
    #expect(statistics.evictions > 0)
    #expect(statistics.entries <= 50)
    #expect(statistics.entries > 0)
    #expect(cache.evictionPassCount > 0)
    cache.removeAll()
    #expect(cache.statistics == ShapeCache.Statistics())
    Self.withLookup(1) { cache.insert(Self.glyphs(1), for: $0) }
    #expect(cache.statistics.entries == 1)
    #expect(
      cache.statistics.bytes
        == Self.withLookup(1) { Self.glyphs(1).byteCount + ShapeCache.Key($0).byteCount })
  }

  /// `removeAll` locks only the stripes touched since the last one: after lookups alone, after
  /// inserts into some stripes, and again after it, every entry and counter of every stripe is
  /// gone, the same as in a one-stripe cache that takes the same steps.
  @Test(arguments: [0, 1, 7, 40, 300])
  func removeAll_clearsEveryTouchedStripe(keys: Int) {
    let striped = ShapeCache(budget: 64 << 20)
    let single = ShapeCache(budget: 64 << 20, stripes: 1)
    for cache in [striped, single] {
      for index in 0..<keys { _ = Self.withLookup(index) { cache.value(for: $0) } }
      #expect(cache.statistics.misses == keys)
      cache.removeAll()
      #expect(cache.statistics == ShapeCache.Statistics())
      for index in 0..<keys where index % 3 == 0 {
        Self.withLookup(index) { cache.insert(Self.glyphs(index), for: $0) }
      }
      cache.removeAll()
      #expect(cache.statistics == ShapeCache.Statistics())
      for index in 0..<keys {
        #expect(Self.withLookup(index) { cache.value(for: $0) } == nil)
      }
      cache.removeAll()
      #expect(cache.statistics == ShapeCache.Statistics())
    }
    // The keys spread over the stripes, so the striped cache's mask had many bits.
    if keys >= 40 {
      let used = Set(
        (0..<keys).map { index in
          Self.withLookup(index) { striped.stripeIndex(for: $0.hashCode) }
        })
      #expect(used.count > 8)
    }
  }

  /// Every insert into a cache with room for two entries evicts, so eight tasks inserting at
  /// once evict at the same time: the eviction lock takes turns (ThreadSanitizer, which
  /// `make check-thread` runs, reported its `inout` access of an empty value as a race), and
  /// the budget holds after every pass.
  @Test func concurrentEvictions_takeTurnsAndKeepTheBudget() async {
    let budget = 2 * Self.entryBytes
    let cache = ShapeCache(budget: budget)
    await Self.concurrently(tasks: 8, rounds: 300) { thread, round in
      let index = (round + thread * 37) % Self.texts.count
      Self.withLookup(index) { cache.insert(Self.glyphs(index), for: $0) }
    }
    let statistics = cache.statistics
    #expect(statistics.bytes <= budget)
    #expect(statistics.entries <= 2)
    // Each of the 2,400 inserts but a few (a key another task has just stored is replaced)
    // goes over the budget, and a pass keeps at most one entry.
    #expect(statistics.evictions > 2_000)
    #expect(cache.evictionPassCount > 100)
  }
}
