// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#endif

/// The one home of file mechanics: the one `EINTR` loop, the streaming writer, the bounded
/// reader's byte form.
@Suite struct FileMechanicsTests {
  private static func folder() throws -> URL { try ScratchFolder.make("mechanics") }

  private static func names(in folder: URL) throws -> [String] {
    try ScratchFolder.names(in: folder)
  }

  /// An interrupted call is made again; another failure is returned with its code.
  @Test func retrying_retriesOnlyInterruptions() {
    var calls = 0
    let interrupted = SystemCall.retrying { () -> Int32 in
      calls += 1
      if calls < 3 {
        errno = EINTR
        return -1
      }
      return 7
    }
    #expect(interrupted.result == 7 && interrupted.error == 0 && calls == 3)
    calls = 0
    let failed = SystemCall.retrying { () -> Int in
      calls += 1
      errno = EACCES
      return -1
    }
    #expect(failed.result == -1 && failed.error == EACCES && calls == 1)
  }

  /// A stream writes to a temporary file; commit renames it over the target, keeping the
  /// target's permissions and leaving no temporary file.
  @Test func stream_commitReplacesTheTarget() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("a.golden").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: file))
    #expect(chmod(file, 0o640) == 0)
    let stream = try OutputFile.Stream(to: OutputTarget.resolve(file), given: file, locked: true)
    #expect(stream.temporaryPath.contains(".a.golden\(OutputFile.temporaryMarker)"))
    try Array("new\n".utf8).withUnsafeBytes { try stream.write($0) }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
    try stream.commit()
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "new\n")
    var info = stat()
    #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o640)
    #expect(try Self.names(in: root) == ["a.golden"])
    #expect(!stream.isOpen)
  }

  /// A stream released without commit removes its temporary file; the target is untouched.
  @Test func stream_discardLeavesTheTarget() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("b.golden").path
    do {
      let stream = try OutputFile.Stream(to: OutputTarget.resolve(file), given: file)
      #expect(try Self.names(in: root).count == 1)
      _ = stream
    }
    #expect(try Self.names(in: root) == [])
  }

  /// A target that is not a regular file is written through, with no temporary file.
  @Test func stream_devicesAreWrittenThrough() throws {
    let stream = try OutputFile.Stream(to: OutputTarget.resolve("/dev/null"), given: "/dev/null")
    #expect(stream.target == nil && stream.temporaryPath == "/dev/null")
    try Array("x".utf8).withUnsafeBytes { try stream.write($0) }
    try stream.commit()
  }

  /// The temporary prefix cuts a long name, and the folder of a path is found for syncing.
  @Test func temporaryPrefixAndFolder() {
    #expect(OutputFile.temporaryPrefix(forName: "a.txt") == ".a.txt\(OutputFile.temporaryMarker)")
    let long = String(repeating: "n", count: 300)
    #expect(
      OutputFile.temporaryPrefix(forName: long).utf8.count
        == 1 + OutputFile.maximumNameBytesInTemporary + OutputFile.temporaryMarker.utf8.count)
    #expect(OutputFile.folder(of: "/a") == "/")
    #expect(OutputFile.folder(of: "a") == ".")
    #expect(OutputFile.folder(of: "x/y/z") == "x/y")
  }

  /// `readBytes` refuses a file over the limit before reading it, naming the size and the
  /// limit; links are refused when not followed.
  @Test func readBytes_limitAndLinks() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("f").path
    try Data(count: 11).write(to: URL(fileURLWithPath: file))
    #expect(try BoundedFile.readBytes(file, limit: 11).bytes.count == 11)
    #expect(throws: BoundedFile.OpenFailure.tooLarge(size: 11, limit: 10)) {
      try BoundedFile.readBytes(file, limit: 10)
    }
    let link = root.appendingPathComponent("l").path
    #expect(symlink(file, link) == 0)
    #expect(try BoundedFile.readBytes(link, limit: 11).bytes.count == 11)
    #expect(throws: BoundedFile.OpenFailure.symbolicLink) {
      try BoundedFile.readBytes(link, limit: 11, followingLinks: false)
    }
    #expect(throws: BoundedFile.OpenFailure.missing) {
      try BoundedFile.readBytes(root.appendingPathComponent("none").path, limit: 1)
    }
    #expect(
      BoundedFile.message(for: .tooLarge(size: 11, limit: 10), path: "f", what: "font")
        == "f: the font is 11 bytes; expected at most 10 bytes")
  }
}
