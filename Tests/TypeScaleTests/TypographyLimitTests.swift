// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleTestSupport

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct TypographyLimitTests {
  /// A custom style large enough to pass the limit once scaled is an error naming the style,
  /// the category and both sizes, not a 120,000 pt font.
  @Test func scaledSizeOverTheLimitNamesTheStyleAndCategory() throws {
    var typography = Typography(name: "huge")
    typography[.title1] = .init(family: "TypeScale Fixture", size: 60_000)
    let registry = try FontRegistry()
    let large = DynamicType(registry: registry, typography: typography, category: .large)
    #expect(try large.font(for: .title1).pointSize == 60_000)
    let ax5 = DynamicType(
      registry: registry, typography: typography, category: .accessibilityExtraExtraExtraLarge)
    let error = #expect(throws: TypeScaleError.self) { try ax5.font(for: .title1) }
    #expect(error?.code == .invalidValue)
    let message = try #require(error?.message)
    #expect(message.hasPrefix("title1: 60000 pt at AX5 scales to "), "\(message)")
    #expect(
      message.hasSuffix(
        " pt; expected at most 100000 pt (ValueRanges.maximumPoints); use a smaller size or a "
          + "maximum point size"), "\(message)")
    #expect(throws: TypeScaleError.self) { try ax5.layout("Hi", style: .title1) }
  }

  @Test func loadRefusesAFileOverTheLimitBeforeReadingIt() throws {
    let folder = try Fixtures.temporaryDirectory("typography-limit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("big.json")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(Typography.maximumFileSize + 1))
    try handle.close()
    #expect(Typography.maximumFileSize == 1 << 20)
    let error = #expect(throws: TypeScaleError.self) { try Typography.load(url) }
    #expect(error?.code == .invalidTypography)
    #expect(
      error?.message
        == "\(url.path): the typography file is 1048577 bytes; expected at most 1048576 bytes")
  }

  @Test func loadNamesAFIFOWithoutBlocking() throws {
    let folder = try Fixtures.temporaryDirectory("typography-fifo")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("fifo.json")
    #expect(mkfifo(url.path, 0o600) == 0)
    let error = #expect(throws: TypeScaleError.self) { try Typography.load(url) }
    #expect(
      error?.message
        == "\(url.path) is a FIFO (named pipe), not a typography file; expected a regular file")
  }

  @Test func loadReadsAFileWithinTheLimit() throws {
    let folder = try Fixtures.temporaryDirectory("typography-ok")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("ok.json")
    try Data(#"{"styles": {"body": {"size": 18}}}"#.utf8).write(to: url)
    #expect(try Typography.load(url)[.body].size == 18)
  }
}
