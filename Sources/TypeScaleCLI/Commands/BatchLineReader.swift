// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// One line of `typescale measure --batch` input.
enum BatchLine: Equatable, Sendable {
  /// A line within the limit, without its line break (`\n` or `\r\n`).
  case text(String)
  /// A line longer than the limit: how many bytes it had. Its bytes were counted and dropped
  /// as they arrived, never held or decoded.
  case tooLong(byteCount: Int)
  /// A line within the limit that is not valid UTF-8: the 1-based offset of its first byte
  /// that does not decode, and that byte. The line is not measured (never repaired with
  /// U+FFFD, which would measure other text than the client sent).
  case invalidUTF8(byteOffset: Int, byte: UInt8)
}

/// Splits a byte stream into lines of at most a given number of bytes, holding no more than
/// the limit plus a read's worth of bytes at any time (``heldByteCapacity``).
///
/// A line over the limit is skipped to its end — its bytes are counted, not kept — and reported
/// as ``BatchLine/tooLong(byteCount:)``, so one huge line costs no memory and the next line is
/// read as usual. The length is checked before the bytes are decoded as UTF-8; a line that is
/// not valid UTF-8 is reported as ``BatchLine/invalidUTF8(byteOffset:byte:)``, never repaired.
///
/// Not `Sendable`: one reader per stream, used from one thread at a time.
struct BatchLineReader {
  /// Reads up to `count` bytes into the buffer; returns 0 at the end of the input.
  typealias Read = (UnsafeMutableRawBufferPointer) throws(CLIError) -> Int

  /// The bytes read per call.
  static let chunkSize = 64 * 1024

  private let read: Read
  /// Bytes read but not yet returned; the unreturned part starts at `start`.
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where to resume looking for a line break in `buffer`.
  private var scanned = 0
  /// Where each read lands before its bytes are kept (or, past the limit, only counted).
  private var scratch = [UInt8](repeating: 0, count: chunkSize)
  private var atEnd = false

  /// The bytes the reader holds memory for now: the limit plus two reads' worth of bytes, or
  /// up to twice that as the array grows geometrically — never the length of a long line.
  var heldByteCapacity: Int { buffer.capacity + scratch.capacity }

  /// Creates a reader over a source of bytes.
  ///
  /// - Parameter read: Fills a buffer with the next bytes and returns how many, 0 at the end.
  init(read: @escaping Read) {
    self.read = read
  }

  /// Returns the next line, or `nil` at the end of the input.
  ///
  /// - Parameter limit: The most bytes a line may have, not counting its line break; ≥ 1.
  /// - Returns: The line, ``BatchLine/tooLong(byteCount:)`` for one over `limit`, or
  ///   ``BatchLine/invalidUTF8(byteOffset:byte:)`` for one that does not decode.
  /// - Throws: What the source throws when it cannot be read.
  /// - Complexity: O(bytes of the line), whatever its length.
  mutating func nextLine(limit: Int) throws(CLIError) -> BatchLine? {
    while true {
      if let newline = Self.newline(in: buffer, from: scanned, to: buffer.count) {
        let line = take(upTo: newline, dropping: 1)
        return line.count > limit ? .tooLong(byteCount: line.count) : Self.decode(line)
      }
      scanned = buffer.count
      if buffer.count - start > limit {
        return .tooLong(byteCount: try skipRestOfLine())
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        return Self.decode(take(upTo: buffer.count, dropping: 0))
      }
      let count = try readChunk()
      if start > 0 {
        buffer.removeFirst(start)
        scanned -= start
        start = 0
      }
      buffer.append(contentsOf: scratch[0..<count])
    }
  }

  /// Whether the next line (or the end of the input) is known without reading.
  ///
  /// True when a whole line is already held or the input has ended. When not,
  /// ``nextLine(limit:)`` will call the source, which may block — so a batch writes out its
  /// answers first (an interactive client waits for them before it sends the next request).
  ///
  /// - Complexity: O(bytes held past the last line break looked for).
  var hasBufferedLine: Bool {
    atEnd || Self.newline(in: buffer, from: scanned, to: buffer.count) != nil
  }

  /// Removes and returns `buffer[start..<end]`, and `dropping` more bytes after it.
  private mutating func take(upTo end: Int, dropping: Int) -> ArraySlice<UInt8> {
    var line = buffer[start..<end]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    start = end + dropping
    scanned = start
    return line
  }

  /// Counts and drops the bytes up to the next line break (or the end), returning the line's
  /// length without a `\r` before the `\n`, as a line within the limit is measured; keeps what
  /// follows the break.
  private mutating func skipRestOfLine() throws(CLIError) -> Int {
    var count = buffer.count - start
    var last = start < buffer.count ? buffer.last : nil
    buffer.removeAll(keepingCapacity: true)
    start = 0
    scanned = 0
    while !atEnd {
      let read = try readChunk()
      if let newline = Self.newline(in: scratch, from: 0, to: read) {
        buffer.append(contentsOf: scratch[(newline + 1)..<read])
        let before = newline > 0 ? scratch[newline - 1] : last
        return count + newline - (before == UInt8(ascii: "\r") ? 1 : 0)
      }
      count += read
      if read > 0 { last = scratch[read - 1] }
    }
    return count
  }

  /// Reads the next bytes into `scratch`, noting the end of the input.
  private mutating func readChunk() throws(CLIError) -> Int {
    let read = self.read
    // `withUnsafeMutableBytes` rethrows untyped: carry the typed error out in a Result.
    let result = scratch.withUnsafeMutableBytes { bytes in
      Result { () throws(CLIError) -> Int in try read(bytes) }
    }
    let count = try result.get()
    if count == 0 { atEnd = true }
    return count
  }

  /// The index of the first `\n` in `bytes[from..<to]`, found with `memchr`.
  private static func newline(in bytes: [UInt8], from: Int, to: Int) -> Int? {
    guard from < to else { return nil }
    return bytes.withUnsafeBytes { raw -> Int? in
      guard let base = raw.baseAddress,
        let found = memchr(base + from, Int32(UInt8(ascii: "\n")), to - from)
      else { return nil }
      return base.distance(to: UnsafeRawPointer(found))
    }
  }

  /// The line as text, or where its UTF-8 first goes wrong.
  private static func decode(_ bytes: ArraySlice<UInt8>) -> BatchLine {
    if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
      case .emptyInput:
        return .invalidUTF8(byteOffset: bytes.count, byte: bytes.last ?? 0)
      case .error:
        // The decoder consumed the bad byte (or a truncated sequence starting at it).
        let index = bytes.startIndex + offset
        return .invalidUTF8(byteOffset: offset + 1, byte: bytes[index])
      }
    }
  }
}

extension BatchLineReader {
  /// A reader of a file descriptor, with `read(2)` retried on `EINTR` (`SystemCall.read(_:into:)`).
  ///
  /// - Parameter descriptor: The descriptor, such as `STDIN_FILENO`.
  /// - Returns: The reader.
  static func reading(descriptor: Int32) -> BatchLineReader {
    BatchLineReader { (buffer) throws(CLIError) -> Int in
      let (count, code) = SystemCall.read(descriptor, into: buffer)
      guard code == 0 else {
        throw .input("cannot read standard input: \(SystemCall.reason(code))")
      }
      return count
    }
  }

  /// A reader of bytes in memory, handed out `chunk` bytes per read (for tests).
  ///
  /// - Parameters:
  ///   - bytes: The whole input.
  ///   - chunk: The most bytes per read, ≥ 1.
  /// - Returns: The reader.
  static func reading(_ bytes: [UInt8], chunk: Int = chunkSize) -> BatchLineReader {
    var offset = 0
    return BatchLineReader { (buffer) throws(CLIError) -> Int in
      let count = min(buffer.count, chunk, bytes.count - offset)
      bytes[offset..<(offset + count)].withUnsafeBytes { buffer.copyMemory(from: $0) }
      offset += count
      return count
    }
  }
}
