// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An existing file's device and inode, and its type.
package struct FileIdentity: Hashable, Sendable {
  /// `st_dev`.
  package let device: UInt64
  /// `st_ino`.
  package let inode: UInt64
  /// `st_mode`: the type and permission bits.
  package let mode: UInt32

  /// Whether it is a character device, such as `/dev/null` or a terminal.
  package var isCharacterDevice: Bool { mode_t(mode) & S_IFMT == S_IFCHR }
}
