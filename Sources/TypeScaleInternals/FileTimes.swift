// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension stat {
  /// The modification time (`st_mtim`), in nanoseconds since 1970.
  package var modifiedNanoseconds: Int64 { Self.nanoseconds(modifiedSpec) }
  /// The status change time (`st_ctim`), in nanoseconds since 1970; it changes with every
  /// write, rename or `chmod`.
  package var changedNanoseconds: Int64 { Self.nanoseconds(changedSpec) }
  /// The modification time, in seconds since 1970 to the nanosecond the file system keeps.
  package var modifiedSeconds: Double {
    Double(modifiedSpec.tv_sec) + Double(modifiedSpec.tv_nsec) / 1e9
  }

  private var modifiedSpec: timespec {
    #if canImport(Darwin)
      st_mtimespec
    #else
      st_mtim
    #endif
  }

  private var changedSpec: timespec {
    #if canImport(Darwin)
      st_ctimespec
    #else
      st_ctim
    #endif
  }

  private static func nanoseconds(_ time: timespec) -> Int64 {
    Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
