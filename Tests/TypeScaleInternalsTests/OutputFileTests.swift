// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#endif

/// The one writer: regular files replaced through a temporary file, links written through and
/// kept, devices and FIFOs written through and never renamed over, transactions all or nothing.
@Suite struct OutputFileTests {
  private static func folder() throws -> URL { try ScratchFolder.make("output") }

  /// The names in a folder that are temporary files of the writer.
  private static func temporaries(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.contains(OutputFile.temporaryMarker) }
  }

  private static func mode(_ path: String, following: Bool = true) -> mode_t {
    var info = stat()
    let result = following ? stat(path, &info) : lstat(path, &info)
    return result == 0 ? info.st_mode : 0
  }

  /// The error a throwing call threw, or `nil`.
  private static func failure(_ body: () throws(OutputFileError) -> Void) -> OutputFileError? {
    do throws(OutputFileError) {
      try body()
      return nil
    } catch {
      return error
    }
  }

  @Test func write_newAndExistingRegularFile_replacesAndKeepsPermissions() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("report.xml").path
    try OutputFile.write(Data("one".utf8), to: file)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "one")
    #expect(chmod(file, 0o640) == 0)
    try OutputFile.write(Data("two".utf8), to: file)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "two")
    #expect(Self.mode(file) & 0o777 == 0o640)
    #expect(Self.mode(file) & S_IFMT == S_IFREG)
    #expect(try Self.temporaries(in: root) == [])
  }

  @Test func write_symbolicLink_writesItsTargetAndStaysALink() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let realFolder = root.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: realFolder, withIntermediateDirectories: true)
    let target = realFolder.appendingPathComponent("check.xml").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    let link = root.appendingPathComponent("link.xml").path
    #expect(symlink("real/check.xml", link) == 0)
    try OutputFile.write(Data("new".utf8), to: link)
    #expect(Self.mode(link, following: false) & S_IFMT == S_IFLNK)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    #expect(try Self.temporaries(in: root) == [])
    #expect(try Self.temporaries(in: realFolder) == [])

    // A dangling link creates the file it names, and stays a link.
    let dangling = root.appendingPathComponent("dangling.xml").path
    #expect(symlink("real/made.xml", dangling) == 0)
    try OutputFile.write(Data("made".utf8), to: dangling)
    #expect(Self.mode(dangling, following: false) & S_IFMT == S_IFLNK)
    #expect(
      try String(
        contentsOfFile: realFolder.appendingPathComponent("made.xml").path, encoding: .utf8)
        == "made")
  }

  @Test func write_devNull_isWrittenThroughAndStaysACharacterDevice() throws {
    try OutputFile.write(Data("ignored".utf8), to: "/dev/null")
    #expect(Self.mode("/dev/null") & S_IFMT == S_IFCHR)
    #expect(Self.mode("/dev/null", following: false) & S_IFMT == S_IFCHR)
  }

  /// /dev/full fails every write with ENOSPC: a real full disk, without root.
  @Test func write_devFull_reportsNoSpace() throws {
    let error = Self.failure { () throws(OutputFileError) in
      try OutputFile.write(Data("x".utf8), to: "/dev/full")
    }
    #expect(error?.message == "cannot write /dev/full: write failed: No space left on device")
    #expect(Self.mode("/dev/full") & S_IFMT == S_IFCHR)
  }

  @Test func write_fifoWithAReader_isWrittenThroughAndStaysAFIFO() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let fifo = root.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    // Smaller than a pipe's buffer, so the write completes before anything is read.
    try OutputFile.write(Data("<testsuites/>\n".utf8), to: fifo)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(reader, &buffer, buffer.count)
    #expect(String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "<testsuites/>\n")
    #expect(Self.mode(fifo) & S_IFMT == S_IFIFO)
    #expect(try Self.temporaries(in: root) == [])
  }

  /// A reader that closes the FIFO while a megabyte is written: the write fails with EPIPE and
  /// the process lives on (SIGPIPE would end it).
  @Test func write_fifoWhoseReaderGoes_failsWithBrokenPipe() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let fifo = root.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    // The write blocks once the pipe's buffer is full, until the reader closes.
    let closer = Thread {
      Thread.sleep(forTimeInterval: 0.2)
      close(reader)
    }
    closer.start()
    let error = Self.failure { () throws(OutputFileError) in
      try OutputFile.write(Data(count: 1 << 20), to: fifo)
    }
    #expect(error?.message == "cannot write \(fifo): write failed: Broken pipe")
  }

  @Test func write_fifoWithoutAReader_isRefusedWithoutBlocking() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let fifo = root.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let error = Self.failure { () throws(OutputFileError) in
      try OutputFile.write(Data("x".utf8), to: fifo)
    }
    #expect(
      error?.message
        == "cannot write \(fifo): no process is reading it (a FIFO or device with no reader); "
        + "start its reader first")
    #expect(Self.mode(fifo) & S_IFMT == S_IFIFO)
  }

  @Test func write_folder_isRefused() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let error = Self.failure { () throws(OutputFileError) in
      try OutputFile.write(Data("x".utf8), to: root.path)
    }
    #expect(error?.message == "cannot write \(root.path): it is a folder; expected a file path")
  }

  @Test func temporaryPath_ofALongName_staysWithinNAME_MAX() {
    let name = String(repeating: "é", count: 127)  // 254 bytes
    let path = OutputFile.temporaryPath(beside: "/tmp/" + name)
    let temporaryName = String(path.dropFirst("/tmp/".count))
    #expect(temporaryName.utf8.count <= 255)
    #expect(temporaryName.hasPrefix("." + String(repeating: "é", count: 50) + ".typescale-tmp-"))
  }

  /// A run of three outputs whose third cannot be written (an injected ENOSPC, a real one from
  /// /dev/full, a folder that does not exist): no target changes and no temporary file is left.
  @Test(arguments: ["injected", "devFull", "missingFolder"])
  func transaction_failureOfTheThirdOutput_changesNoTarget(_ failure: String) throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let paths = ["a.xml", "b.sarif", "c.html"].map { root.appendingPathComponent($0).path }
    for path in paths { try Data("old \(path)".utf8).write(to: URL(fileURLWithPath: path)) }
    let third: String
    switch failure {
    case "devFull": third = "/dev/full"
    case "missingFolder": third = root.appendingPathComponent("none/c.html").path
    default: third = paths[2]
    }
    let transaction = OutputTransaction()
    let error = OutputFile.$injectedFailure.withValue({ $0 == paths[2] ? ENOSPC : nil }) {
      Self.failure { () throws(OutputFileError) in
        try transaction.stage(Data("new a".utf8), to: paths[0])
        try transaction.stage(Data("new b".utf8), to: paths[1])
        try transaction.stage(Data("new c".utf8), to: third)
        try transaction.commit()
      }
    }
    let expected =
      switch failure {
      case "missingFolder": "cannot write \(third): open failed: No such file or directory"
      default: "cannot write \(third): write failed: No space left on device"
      }
    #expect(error?.message == expected)
    for path in paths {
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "old \(path)")
    }
    #expect(try Self.temporaries(in: root) == [])
    #expect(transaction.temporaryPaths == [])
  }

  @Test func transaction_commit_renamesEveryOutputAndWritesDevicesThrough() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let a = root.appendingPathComponent("a.xml").path
    let b = root.appendingPathComponent("b.html").path
    let transaction = OutputTransaction()
    try transaction.stage(Data("A".utf8), to: a)
    try transaction.stage(Data("null".utf8), to: "/dev/null")
    try transaction.stage(Data("B".utf8), to: b)
    #expect(transaction.temporaryPaths.count == 2)
    #expect(!FileManager.default.fileExists(atPath: a))
    try transaction.commit()
    #expect(try String(contentsOfFile: a, encoding: .utf8) == "A")
    #expect(try String(contentsOfFile: b, encoding: .utf8) == "B")
    #expect(try Self.temporaries(in: root) == [])
    #expect(Self.mode("/dev/null") & S_IFMT == S_IFCHR)
  }

  @Test func transaction_releasedWithoutCommit_leavesNoTemporary() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    do {
      let transaction = OutputTransaction()
      try transaction.stage(Data("A".utf8), to: root.appendingPathComponent("a.xml").path)
      #expect(try Self.temporaries(in: root).count == 1)
    }
    #expect(try Self.temporaries(in: root) == [])
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("a.xml").path))
  }
}
