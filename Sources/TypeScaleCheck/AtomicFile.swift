// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole files atomically, as the golden writer does.
///
/// The bytes go to
/// `.<name>.typescale-tmp-<pid>-<random>` beside the file, are synced, and the temporary file is
/// renamed over it. A failure removes the temporary file; the old file is left as it was.
package enum AtomicFile {
  /// Writes `data` to `url` atomically.
  ///
  /// - Parameters:
  ///   - data: The bytes.
  ///   - url: The file; its folder must exist.
  /// - Throws: ``CheckError`` naming the file and the failed call.
  package static func write(_ data: Data, to url: URL) throws(CheckError) {
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).typescale-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    let descriptor = open(
      temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure("open", url) }
    var ok = data.withUnsafeBytes { bytes -> Bool in
      guard let base = bytes.baseAddress else { return true }
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
    var call = "write"
    if ok, fsync(descriptor) != 0 {
      ok = false
      call = "fsync"
    }
    close(descriptor)
    if ok, rename(temporary.path, url.path) != 0 {
      ok = false
      call = "rename"
    }
    guard ok else {
      let error = failure(call, url)
      unlink(temporary.path)
      throw error
    }
  }

  private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int)
    -> Int
  {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #else
      Darwin.write(descriptor, bytes, count)
    #endif
  }

  private static func failure(_ call: String, _ url: URL) -> CheckError {
    CheckError("cannot write \(url.path): \(call) failed: \(String(cString: strerror(errno)))")
  }
}
