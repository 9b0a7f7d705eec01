// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Receives a golden file as it is recorded: the header first, then each record as soon as it
/// is measured.
///
/// ``GoldenMeasurer/measure(_:baseDirectory:shard:into:progress:)`` hands every record to a sink
/// the moment it is measured and keeps none, so memory stays flat however many cases a suite
/// has. ``GoldenFileWriter`` is the sink that writes a file.
public protocol GoldenMeasurementSink {
  /// Receives the header, once, before any record.
  ///
  /// - Parameter header: The provenance: versions, fonts and their digests, tolerance.
  /// - Throws: ``GoldenError`` to stop recording.
  mutating func writeHeader(_ header: GoldenHeader) throws(GoldenError)

  /// Receives one measured case.
  ///
  /// - Parameter record: The record, in suite order.
  /// - Throws: ``GoldenError`` to stop recording.
  mutating func write(_ record: GoldenMeasurement) throws(GoldenError)
}

/// Writes a golden file as it is recorded: line by line to a temporary file beside it, then
/// `fsync` and `rename` over the golden file in ``commit()``.
///
/// The golden file's path follows the rules of every output of TypeScale: a symbolic link is
/// followed, so the temporary file goes beside the file it points at and the link stays a link;
/// a path that is not a regular file (`/dev/null`, a FIFO, a terminal) is written through as the
/// lines come, with no temporary file (``temporaryURL`` is then ``url``), and never renamed
/// over.
///
/// Memory stays flat: lines are buffered up to ``bufferSize`` bytes, then written. Until
/// ``commit()`` the golden file is untouched; a writer released without committing, or one whose
/// ``commit()`` fails (a full disk), removes its temporary file.
///
/// ```swift
/// let writer = try GoldenFileWriter(url: goldenURL)
/// var sink = writer
/// try GoldenMeasurer().measure(suite, baseDirectory: folder, into: &sink)
/// try writer.commit()
/// ```
///
/// ## Temporary files
///
/// The temporary file is `.<golden name>.typescale-tmp-<pid>-<random>` in the golden file's
/// folder, and the writer holds an exclusive `flock(2)` on it while it writes. A process killed
/// before its rename (SIGKILL, a crash, a power cut) leaves that file behind; the next writer
/// of the same golden file removes it once its process is gone (no process has that pid) and
/// no one holds its lock. ``removeTemporaryFilesOnInterrupt()`` also removes the files of
/// writers still open when SIGINT or SIGTERM arrives. What remains possible: a leftover file
/// stays until the golden file is recorded again, and after a power cut the directory entry may
/// be lost with the data not yet synced — the golden file itself is always either the old or the
/// complete new one.
public final class GoldenFileWriter: GoldenMeasurementSink {
  /// The golden file written by ``commit()``.
  public let url: URL
  /// The temporary file the lines go to until ``commit()``; ``url`` itself when the golden file
  /// is not a regular file and is written through.
  public let temporaryURL: URL
  /// Records written so far (buffered or on disk).
  public private(set) var measurementCount = 0
  /// Bytes handed to the file so far, not counting the buffer.
  public private(set) var bytesFlushed = 0

  /// Lines are buffered up to this many bytes (64 KiB), then written.
  public static let bufferSize = 64 << 10
  /// What every temporary file's name holds after the golden file's name.
  public static let temporaryFileMarker = ".typescale-tmp-"

  private let stream: OutputFile.Stream
  private var buffer: [UInt8] = []

  /// Creates the temporary file beside `url` (and the folders up to it), after removing the
  /// temporary files that killed writers of the same golden file left behind.
  ///
  /// A symbolic link is followed: the temporary file goes beside the file it points at. A path
  /// that is not a regular file (a device, a FIFO) is opened to be written through instead.
  /// The file itself is `OutputFile.Stream`'s, the one writer of every output.
  ///
  /// - Parameter url: The golden file to write.
  /// - Throws: ``GoldenError/Code/io`` when the folder or temporary file cannot be created, or
  ///   `url` is a folder.
  public init(url: URL) throws(GoldenError) {
    self.url = url
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw GoldenError(
        .io, "cannot write \(url.path): \(error.localizedDescription)", cause: error)
    }
    var resolved = OutputTarget.file(path: url.path, existing: nil)
    var isFolder: ObjCBool = false
    // A folder is left for the rename to refuse, in commit(), as it always was.
    if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      || !isFolder.boolValue
    {
      do throws(OutputFileError) {
        resolved = try OutputTarget.resolve(url.path)
      } catch {
        throw GoldenError(.io, error.message)
      }
    }
    if case .file(let path, _) = resolved {
      Self.removeStaleTemporaryFiles(for: URL(fileURLWithPath: path))
    }
    do throws(OutputFileError) {
      // Locked until the file is renamed or removed: a later writer leaves a locked file alone.
      stream = try OutputFile.Stream(to: resolved, given: url.path, locked: true)
    } catch {
      throw GoldenError(.io, error.message)
    }
    temporaryURL = stream.target == nil ? url : URL(fileURLWithPath: stream.temporaryPath)
    buffer.reserveCapacity(Self.bufferSize)
  }

  deinit { discard() }

  /// Writes the header lines and the `# columns:` line.
  ///
  /// - Parameter header: The provenance.
  /// - Throws: ``GoldenError/Code/io`` when writing fails; the temporary file is removed.
  public func writeHeader(_ header: GoldenHeader) throws(GoldenError) {
    for line in header.render() { try append(line) }
    try append(GoldenFile.columnsLine)
  }

  /// Writes one record's line.
  ///
  /// - Parameter record: The record.
  /// - Throws: ``GoldenError/Code/io`` when writing fails; the temporary file is removed.
  public func write(_ record: GoldenMeasurement) throws(GoldenError) {
    try append(record.render())
    measurementCount += 1
  }

  /// Writes what is buffered, syncs the file to disk and renames it over the golden file (or,
  /// for a golden file written through, writes what is buffered and closes it).
  ///
  /// - Throws: ``GoldenError/Code/io`` when a write, `fsync` or `rename` fails (the message
  ///   says why, such as "No space left on device"); the temporary file is removed and the
  ///   golden file is left as it was.
  public func commit() throws(GoldenError) {
    try flush()
    do throws(OutputFileError) {
      try stream.commit()
    } catch {
      throw GoldenError(.io, error.message)
    }
  }

  /// Removes the temporary file without touching the golden file (a golden file written
  /// through keeps what was written); nothing after it succeeds.
  public func discard() {
    stream.discard()
  }

  private func append(_ line: String) throws(GoldenError) {
    guard stream.isOpen else {
      throw GoldenError(.io, "cannot write \(url.path): the writer was already closed")
    }
    buffer.append(contentsOf: line.utf8)
    buffer.append(0x0A)
    if buffer.count >= Self.bufferSize { try flush() }
  }

  private func flush() throws(GoldenError) {
    let written = buffer.withUnsafeBytes { bytes in
      Result { () throws(OutputFileError) in try stream.write(bytes) }
    }
    do throws(OutputFileError) {
      try written.get()
    } catch {
      throw GoldenError(.io, error.message)
    }
    bytesFlushed += buffer.count
    buffer.removeAll(keepingCapacity: true)
  }

  // MARK: - Leftovers

  /// Removes the temporary files that killed writers of `url` left behind.
  ///
  /// Only files named `.<name>.typescale-tmp-<pid>-…` in its folder whose process is gone and
  /// whose lock no one holds are removed. Files of this process, of live processes, locked
  /// files, symbolic links and anything else are left alone.
  ///
  /// - Parameter url: A golden file.
  /// - Returns: The files removed.
  @discardableResult
  public static func removeStaleTemporaryFiles(for url: URL) -> [URL] {
    let folder = url.deletingLastPathComponent()
    let prefix = OutputFile.temporaryPrefix(forName: url.lastPathComponent)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return []
    }
    var removed: [URL] = []
    for name in names where name.hasPrefix(prefix) {
      let parts = name.dropFirst(prefix.count).split(separator: "-")
      guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, pid != getpid(),
        UInt32(parts[1], radix: 16) != nil
      else { continue }
      // A live process (or one we may not signal) may still be writing.
      if kill(pid, 0) == 0 || errno == EPERM { continue }
      let file = folder.appendingPathComponent(name)
      let descriptor = SystemCall.open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { _ = SystemCall.close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
        SystemCall.lock(descriptor, LOCK_EX | LOCK_NB) == 0
      else { continue }
      if unlink(file.path) == 0 { removed.append(file) }
    }
    return removed
  }

  /// Removes the temporary files of the writers still open when the process receives SIGINT
  /// or SIGTERM, then lets the signal end the process as it would have.
  ///
  /// The command-line tool calls this before recording. A handler is installed only for a
  /// signal whose disposition is still the default, so an app's own handlers are kept; calling
  /// it again does nothing. The handler only calls `unlink(2)`, `signal(2)` and `raise(3)`, which
  /// are async-signal-safe; it reads paths from buffers allocated here, up to 16 writers at once
  /// (the files of more are left for ``removeStaleTemporaryFiles(for:)``).
  public static func removeTemporaryFilesOnInterrupt() {
    InterruptCleanup.install()
  }
}
