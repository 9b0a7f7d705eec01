// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#endif

/// The atomic writer's named temporary file: the caller's name, a shared lock held until it is
/// committed, removal when released uncommitted, no link followed.
@Suite struct OutputTemporaryTests {
  private static func folder() throws -> URL { try ScratchFolder.make("temporary") }

  private static func names(in folder: URL) throws -> [String] {
    try ScratchFolder.names(in: folder)
  }

  private static func rename(_ source: String, _ target: String) throws(OutputFile.Temporary
    .Failure)
  {
    let code = SystemCall.rename(source, to: target)
    guard code == 0 else { throw .system(call: "rename", path: source, code: code) }
  }

  @Test func lockedTemporary_holdsItsSharedLockUntilCommitted() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = try OutputFile.Temporary(
      in: root.path, name: { ".tmp-one" }, mode: 0o644, holdingSharedLock: true)
    #expect(file.path == root.path + "/.tmp-one")
    // Another open file description cannot lock it exclusively, so a cleaner leaves it.
    #expect(OutputFile.removeIfUnlocked(file.path) == false)
    try file.write(Array("bytes".utf8))
    #expect(try Self.names(in: root) == [".tmp-one"])
    let target = root.appendingPathComponent("index.json").path
    try file.commit(to: target, renaming: Self.rename)
    #expect(try Self.names(in: root) == ["index.json"])
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "bytes")
    #expect(Self.mode(target) & 0o711 == 0o600)  // 0o644 before the umask
  }

  @Test func temporary_releasedOrFailedToCommit_isRemoved() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    do {
      let file = try OutputFile.Temporary(in: root.path, name: { ".tmp-two" }, mode: 0o644)
      #expect(try Self.names(in: root) == [".tmp-two"])
      _ = file
    }
    #expect(try Self.names(in: root) == [])
    do {
      let file = try OutputFile.Temporary(
        in: root.path, name: { ".tmp-three" }, mode: 0o644, holdingSharedLock: true)
      let refused = OutputFile.Temporary.Failure.system(call: "rename", path: "x", code: EXDEV)
      var caught: OutputFile.Temporary.Failure?
      do throws(OutputFile.Temporary.Failure) {
        try file.commit(to: root.appendingPathComponent("target").path) {
          (_, _) throws(OutputFile.Temporary.Failure) in
          throw refused
        }
      } catch {
        caught = error
      }
      #expect(caught == refused)
    }
    #expect(try Self.names(in: root) == [])
    // A leftover no one locks is removed; a link is not followed or removed.
    let leftover = root.appendingPathComponent(".tmp-four").path
    try Data("crash".utf8).write(to: URL(fileURLWithPath: leftover))
    #expect(OutputFile.removeIfUnlocked(leftover))
    let link = root.appendingPathComponent(".tmp-link").path
    #expect(symlink("/dev/null", link) == 0)
    #expect(OutputFile.removeIfUnlocked(link) == false)
  }

  @Test func temporary_neverFollowsOrReplacesALink() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let outside = root.appendingPathComponent("outside").path
    #expect(symlink(outside, root.appendingPathComponent(".tmp-five").path) == 0)
    var caught: OutputFile.Temporary.Failure?
    do {
      _ = try OutputFile.Temporary(in: root.path, name: { ".tmp-five" }, mode: 0o644)
    } catch {
      caught = error
    }
    #expect(caught == .system(call: "open", path: root.path + "/.tmp-five", code: EEXIST))
    #expect(!FileManager.default.fileExists(atPath: outside))
  }

  private static func mode(_ path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode : 0
  }

}
