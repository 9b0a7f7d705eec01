// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleGoldens

#if canImport(Glibc)
  import Glibc
#endif

/// The golden writer follows the rules of every output: a symbolic link is written through and
/// stays a link, `/dev/null` is written through and never renamed over.
@Suite struct GoldenFileWriterOutputTests {
  private static let header = GoldenHeader(
    versions: [:], fonts: [], fontDigests: [:], sizeTolerance: 0.01)

  @Test func fileWriter_symbolicLink_writesItsTargetAndStaysALink() throws {
    let folder = try Fixtures.temporaryDirectory("golden-link")
    defer { try? FileManager.default.removeItem(at: folder) }
    let real = folder.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    try Data("old\n".utf8).write(to: real.appendingPathComponent("ui.golden"))
    let link = folder.appendingPathComponent("ui.golden")
    #expect(symlink("real/ui.golden", link.path) == 0)
    let writer = try GoldenFileWriter(url: link)
    #expect(writer.temporaryURL.deletingLastPathComponent().lastPathComponent == "real")
    try writer.writeHeader(Self.header)
    try writer.commit()
    var info = stat()
    #expect(lstat(link.path, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFLNK)
    let text = try String(contentsOf: real.appendingPathComponent("ui.golden"), encoding: .utf8)
    #expect(text.hasPrefix("# "))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: real.path) == ["ui.golden"])
  }

  @Test func fileWriter_devNull_isWrittenThroughAndStaysACharacterDevice() throws {
    let writer = try GoldenFileWriter(url: URL(fileURLWithPath: "/dev/null"))
    #expect(writer.temporaryURL.path == "/dev/null")
    try writer.writeHeader(Self.header)
    try writer.commit()
    var info = stat()
    #expect(lstat("/dev/null", &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR)
  }
}
