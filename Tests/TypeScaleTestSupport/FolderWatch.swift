// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits until a file in `folder` meets `condition`, woken by the folder's changes (inotify on
/// Linux) instead of polling on a timer: how a test waits for a child process's file.
///
/// The folder is looked at once the watch is in place, so a file that was already there counts,
/// then again after each batch of changes (a file created, written, closed or renamed in).
///
/// - Parameters:
///   - folder: The folder to watch.
///   - seconds: The most to wait; only a failing test waits that long.
///   - condition: Whether a file (its URL in `folder`) is the one awaited.
/// - Returns: The first file found that meets `condition`, or `nil` when none did in time.
public func waitForFile(
  in folder: URL, seconds: Double, where condition: (URL) -> Bool
) -> URL? {
  func found() -> URL? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }.first(where: condition)
  }
  let deadline = ContinuousClock.now + .seconds(seconds)
  #if os(Linux)
    let watch = inotify_init1(Int32(IN_CLOEXEC))
    guard watch >= 0 else { return nil }
    defer { close(watch) }
    let changes =
      UInt32(IN_CREATE) | UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE)
      | UInt32(IN_MOVED_TO)
    guard inotify_add_watch(watch, folder.path, changes) >= 0 else { return nil }
    var events = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      if let file = found() { return file }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { return nil }
      var descriptor = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(min(remaining / .milliseconds(1), Double(Int32.max))) + 1
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return found() }
      _ = events.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
    }
  #else
    // No inotify here: look every 10 ms instead.
    while ContinuousClock.now < deadline {
      if let file = found() { return file }
      usleep(10_000)
    }
    return found()
  #endif
}
