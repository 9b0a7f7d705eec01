// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct BoundedFileTests {
  private static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-bounded-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A regular file within the limit is read whole; one byte over the limit is refused unread.
  @Test func read_regularFile_readsWithinTheLimitAndRefusesOver() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("a.json")
    try Data("12345".utf8).write(to: file)
    #expect(try BoundedFile.read(file, limit: 5) == Data("12345".utf8))
    #expect(throws: BoundedFile.Failure.tooLarge(size: 5, limit: 4)) {
      try BoundedFile.read(file, limit: 4)
    }
    #expect(throws: BoundedFile.Failure.missing) {
      try BoundedFile.read(root.appendingPathComponent("none"), limit: 4)
    }
  }

  /// Non-regular files are named by kind before anything is read (a FIFO with no writer would
  /// block a plain open; /dev/zero never ends).
  @Test func read_nonRegularFiles_areNamed() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let fifo = root.appendingPathComponent("pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(throws: BoundedFile.Failure.notRegular("a FIFO (named pipe)")) {
      try BoundedFile.read(fifo, limit: 100)
    }
    #expect(throws: BoundedFile.Failure.notRegular("a character device")) {
      try BoundedFile.read(URL(fileURLWithPath: "/dev/zero"), limit: 100)
    }
    #expect(throws: BoundedFile.Failure.notRegular("a folder")) {
      try BoundedFile.read(root, limit: 100)
    }
    #expect(
      BoundedFile.message(for: .notRegular("a FIFO (named pipe)"), path: "p", what: "catalog")
        == "p is a FIFO (named pipe), not a catalog; expected a regular file")
  }
}

@Suite struct DisplayTextTests {
  /// Control characters become escapes; other text, including non-ASCII, is unchanged.
  @Test(arguments: [
    ("plain 한국어", "plain 한국어"),
    ("a\u{1B}[2Jb", "a\\u{1B}[2Jb"),
    ("line\nnext\ttab\r", "line\\nnext\\ttab\\r"),
    ("\u{7F}\u{85}\u{2028}", "\\u{7F}\\u{85}\\u{2028}"),
  ])
  func escapingControls_escapesOnlyControls(text: String, expected: String) {
    #expect(DisplayText.escapingControls(text) == expected)
  }

  /// Long values are cut at the limit with the total length; short ones are whole.
  @Test func quoted_cutsLongValuesWithTheirLength() {
    #expect(DisplayText.quoted("short") == "short")
    let long = String(repeating: "x", count: 20_000)
    let quoted = DisplayText.quoted(long)
    #expect(quoted == String(repeating: "x", count: 200) + "… (20000 characters)")
    #expect(DisplayText.quoted(String(repeating: "y", count: 200)).count == 200)
  }
}

@Suite struct DisplayTextNewlineTests {
  /// A whole message keeps its line breaks when asked, and still loses every other control.
  @Test func escapingControls_keepingNewlines_keepsOnlyLineBreaks() {
    let message = "first\u{1B}]0;title\u{7}\nsecond\r"
    #expect(
      DisplayText.escapingControls(message, keepingNewlines: true)
        == "first\\u{1B}]0;title\\u{7}\nsecond\\r")
    #expect(DisplayText.escapingControls(message) == "first\\u{1B}]0;title\\u{7}\\nsecond\\r")
  }
}
