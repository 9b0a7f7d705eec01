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

/// A streaming report's text kept in an unnamed temporary file until the run ends, then copied
/// to an output in pieces: a session's JSON report streams results without holding the report
/// in memory, and still prints nothing of a run that fails.
///
/// The file is created in the temporary folder (`TMPDIR`) and unlinked at once, so nothing is
/// left behind, even after SIGKILL. It is `Sendable` because its state is one descriptor, and
/// the runner calls ``write(_:)`` from one thread at a time.
final class CheckSpool: CheckTextOutput, Sendable {
  private let descriptor: Int32
  private let folder: String

  /// The bytes copied to the output at a time: 1 MiB.
  static let pieceSize = 1 << 20

  /// Creates the unnamed file.
  ///
  /// - Throws: ``CheckError`` naming the temporary folder when no file can be made.
  init() throws(CheckError) {
    folder = FileManager.default.temporaryDirectory.path
    var template = Array((folder + "/typescale-report-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else {
      throw CheckError(
        "cannot make a temporary file in \(folder) for the JSON report: "
          + "\(SystemCall.reason(errno)); set TMPDIR to a folder that can be written")
    }
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    self.descriptor = descriptor
  }

  deinit { _ = SystemCall.close(descriptor) }

  /// Appends text to the file.
  func write(_ text: String) throws(CheckError) {
    var text = text
    let code = text.withUTF8 { SystemCall.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    guard code == 0 else {
      throw CheckError(
        "cannot write the JSON report to a temporary file in \(folder): "
          + "\(SystemCall.reason(code)); free some space or set TMPDIR")
    }
  }

  /// Copies everything written to an output, a piece at a time, each piece ending on a whole
  /// UTF-8 character.
  ///
  /// - Parameter output: Standard output.
  /// - Throws: ``CheckError`` when the file cannot be read back.
  func copy(to output: inout some TextOutputStream) throws(CheckError) {
    guard lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw CheckError("cannot read the JSON report back: \(SystemCall.reason(errno))")
    }
    var buffer = [UInt8](repeating: 0, count: Self.pieceSize)
    var carried: [UInt8] = []
    while true {
      let (count, code) = buffer.withUnsafeMutableBytes { SystemCall.readAll(descriptor, into: $0) }
      guard code == 0 else {
        throw CheckError("cannot read the JSON report back: \(SystemCall.reason(code))")
      }
      var piece = carried + buffer[0..<count]
      carried = []
      if count == Self.pieceSize {
        // Keep an incomplete UTF-8 sequence at the end for the next piece.
        var end = piece.count
        while end > 0 && piece[end - 1] & 0xC0 == 0x80 { end -= 1 }
        if end > 0 && piece[end - 1] >= 0xC0 { end -= 1 }
        carried = Array(piece[end...])
        piece.removeSubrange(end...)
      }
      output.write(String(decoding: piece, as: UTF8.self))
      if count < Self.pieceSize { break }
    }
  }
}
