// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleInternals

/// `Locked`: exclusive access, and each lock's mutex and value on cache lines no other lock's
/// share.
@Suite struct LockedTests {
  /// The 64-byte line an address is on.
  static func line(_ address: UnsafeRawPointer) -> Int { Int(bitPattern: address) >> 6 }

  /// Small values (one `Int`, a pair) sit on their mutex's line, and no two locks share a line
  /// (with separate small allocations, neighbouring values would).
  @Test func eachLock_hasItsOwnCacheLines() {
    let ints = (0..<64).map { Locked($0) }
    let pairs = (0..<64).map { Locked(($0, $0)) }
    var lines: [Int: Int] = [:]
    for (index, lock) in ints.enumerated() {
      #expect(Int(bitPattern: lock.mutex) % 64 == 0)
      #expect(Self.line(lock.value) == Self.line(lock.mutex))
      #expect(lock.withLock { $0 } == index)
      lines[Self.line(lock.mutex), default: 0] += 1
    }
    for lock in pairs {
      #expect(Self.line(lock.value) == Self.line(lock.mutex))
      lines[Self.line(lock.mutex), default: 0] += 1
    }
    #expect(lines.count == 128)
  }

  /// A value larger than a line starts after the mutex, aligned, and is read back whole.
  @Test func aLargeValue_isStoredWhole() {
    let values = Array(0..<40)
    let lock = Locked((values, String(repeating: "x", count: 100), 1.5, values.count))
    #expect(Int(bitPattern: lock.value) % MemoryLayout<(Int, String, Double, Int)>.alignment == 0)
    lock.withLock { $0.3 += 1 }
    let read = lock.withLock { $0 }
    #expect(read.0 == values)
    #expect(read.1.count == 100)
    #expect(read.2 == 1.5)
    #expect(read.3 == 41)
  }

  /// Eight tasks incrementing one counter lose no increment.
  @Test func concurrentIncrements_areAllKept() async {
    let counter = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.withLock { $0 } == 80_000)
  }
}
