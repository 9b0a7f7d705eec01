// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleGoldens

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// 2 texts × 11 styles × 12 categories × 10 widths = 2,640 cases.
private let manyCases = """
  {"sets": [{"name": "many", "styles": ["largeTitle", "title1", "title2", "title3", "headline",
    "body", "callout", "subheadline", "footnote", "caption1", "caption2"],
    "widths": [40, 60, 80, 100, 120, 160, 200, 240, 320, null],
    "texts": [["save", "Save changes"], ["long", "Notification settings for every account"]]}]}
  """

/// What a sink saw, in order.
private final class EventLog {
  var events: [String] = []
}

/// A sink that logs what it receives, to show measurements arrive one by one as they are measured.
private struct LoggingSink: GoldenMeasurementSink {
  let log: EventLog

  mutating func writeHeader(_ header: GoldenHeader) throws(GoldenError) {
    log.events.append("header")
  }

  mutating func write(_ record: GoldenMeasurement) throws(GoldenError) {
    log.events.append("record \(record.id)")
  }
}

/// A byte count the progress callback can read while the sink is being written to.
private final class Counter {
  var value = 0
}

/// A sink that hands measurements to a file writer and counts the bytes handed over.
private struct CountingSink: GoldenMeasurementSink {
  let writer: GoldenFileWriter
  let handed = Counter()

  mutating func writeHeader(_ header: GoldenHeader) throws(GoldenError) {
    handed.value += header.render().map { $0.utf8.count + 1 }.reduce(0, +)
    handed.value += GoldenFile.columnsLine.utf8.count + 1
    try writer.writeHeader(header)
  }

  mutating func write(_ record: GoldenMeasurement) throws(GoldenError) {
    handed.value += record.render().utf8.count + 1
    try writer.write(record)
  }
}

/// The size of a file on disk, or -1.
private func size(_ url: URL) -> Int {
  var info = stat()
  return stat(url.path, &info) == 0 ? Int(info.st_size) : -1
}

/// The names of a folder's files.
private func names(_ folder: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

@Suite struct GoldenFileWriterTests {
  @Test func record_handsEachRecordToTheSinkAsItIsMeasured() throws {
    let suite = try GoldenCasesFile.parse(Data(manyCases.utf8), name: "many.cases")
    #expect(suite.cases.count == 2_640)
    let log = EventLog()
    var sink = LoggingSink(log: log)
    let count = try GoldenMeasurer().measure(
      suite, baseDirectory: URL(fileURLWithPath: "/"), into: &sink
    ) { done, total in
      log.events.append("progress \(done)/\(total)")
    }
    #expect(count == 2_640)
    // The header first, then each record before the next case is measured: nothing is held.
    var expected = ["header"]
    for (index, test) in suite.cases.enumerated() {
      expected += ["record \(test.id)", "progress \(index + 1)/2640"]
    }
    #expect(log.events == expected)
  }

  @Test func fileWriter_streamsToDiskAndHoldsAtMostOneBuffer() throws {
    let folder = try Fixtures.temporaryDirectory("golden-writer")
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("many.golden")
    let suite = try GoldenCasesFile.parse(Data(manyCases.utf8), name: "many.cases")
    let writer = try GoldenFileWriter(url: golden)
    #expect(
      writer.temporaryURL.lastPathComponent.hasPrefix(".many.golden.typescale-tmp-\(getpid())-"))
    var sink = CountingSink(writer: writer)
    let handed = sink.handed
    var flushedAtHalf = 0
    var mostPending = 0
    try GoldenMeasurer().measure(suite, baseDirectory: folder, into: &sink) { done, total in
      // What is not yet on disk is at most one buffer (and the line that filled it).
      mostPending = max(mostPending, handed.value - writer.bytesFlushed)
      #expect(size(writer.temporaryURL) == writer.bytesFlushed)
      #expect(!FileManager.default.fileExists(atPath: golden.path))
      if done == total / 2 { flushedAtHalf = writer.bytesFlushed }
    }
    #expect(mostPending < GoldenFileWriter.bufferSize + 1_024)
    #expect(flushedAtHalf > GoldenFileWriter.bufferSize)
    #expect(writer.measurementCount == 2_640)
    try writer.commit()
    #expect(size(golden) == handed.value)
    // The same bytes as rendering the whole file in memory.
    let whole = try GoldenMeasurer().measure(suite, baseDirectory: folder).render()
    #expect(try String(contentsOf: golden, encoding: .utf8) == whole)
    #expect(names(folder) == ["many.golden"])
  }

  @Test func fileWriter_releasedOrFailingLeavesNoTemporaryFile() throws {
    let folder = try Fixtures.temporaryDirectory("golden-writer")
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("a.golden")
    do {
      let writer = try GoldenFileWriter(url: golden)
      try writer.writeHeader(
        GoldenHeader(versions: [:], fonts: [], fontDigests: [:], sizeTolerance: 0.01))
      #expect(names(folder).count == 1)
    }
    #expect(names(folder).isEmpty)

    // A rename that fails (the golden path is a folder) removes the temporary file.
    let blocked = folder.appendingPathComponent("b.golden")
    try FileManager.default.createDirectory(
      at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
    let writer = try GoldenFileWriter(url: blocked)
    let error = #expect(throws: GoldenError.self) { try writer.commit() }
    #expect(error?.code == .io)
    #expect(error?.message.hasPrefix("cannot write \(blocked.path): rename failed: ") == true)
    #expect(names(folder) == ["b.golden"])
  }

  /// A child process that creates `.<golden>.typescale-tmp-<its pid>-c0ffee`, locks it as a
  /// writer does, prints its path and waits.
  private static let writerScript = """
    import fcntl, os, sys
    path = os.path.join(sys.argv[1], ".ui.golden.typescale-tmp-%d-c0ffee" % os.getpid())
    f = open(path, "w")
    fcntl.flock(f, fcntl.LOCK_EX)
    print(path, flush=True)
    sys.stdin.read()
    """

  @Test func removeStaleTemporaryFiles_removesOnlyFilesOfKilledWriters() throws {
    let folder = try Fixtures.temporaryDirectory("golden-stale")
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("ui.golden")

    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    child.arguments = ["-c", Self.writerScript, folder.path]
    let input = Pipe()
    let output = Pipe()
    child.standardInput = input
    child.standardOutput = output
    try child.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line += chunk
    }
    let path = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
    let leftover = URL(fileURLWithPath: path)
    #expect(FileManager.default.fileExists(atPath: leftover.path))

    // While the writer lives, its file stays.
    #expect(GoldenFileWriter.removeStaleTemporaryFiles(for: golden).isEmpty)
    #expect(FileManager.default.fileExists(atPath: leftover.path))

    // Killed before its rename, it leaves the file behind.
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    #expect(child.terminationReason == .uncaughtSignal)
    #expect(FileManager.default.fileExists(atPath: leftover.path))

    // Files that are not a dead writer's are kept: a locked one, another golden file's, a
    // symbolic link, this process's own, one with a name not of the pattern.
    let dead = child.processIdentifier
    let locked = folder.appendingPathComponent(".ui.golden.typescale-tmp-\(dead)-beef")
    #expect(FileManager.default.createFile(atPath: locked.path, contents: Data()))
    let lock = open(locked.path, O_RDONLY)
    #expect(flock(lock, LOCK_EX) == 0)
    let kept = [
      ".other.golden.typescale-tmp-\(dead)-1", ".ui.golden.typescale-tmp-\(getpid())-2",
      ".ui.golden.typescale-tmp-\(dead)-zz", "ui.golden",
    ]
    for name in kept {
      #expect(
        FileManager.default.createFile(
          atPath: folder.appendingPathComponent(name).path, contents: Data()))
    }
    let link = folder.appendingPathComponent(".ui.golden.typescale-tmp-\(dead)-3")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: folder.appendingPathComponent("ui.golden"))

    // The next writer of the same golden file removes the killed writer's file only.
    let writer = try GoldenFileWriter(url: golden)
    writer.discard()
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
    let expected = (kept + [locked.lastPathComponent, link.lastPathComponent]).sorted()
    #expect(names(folder) == expected)

    // Once its lock is released, the locked file goes too.
    close(lock)
    #expect(GoldenFileWriter.removeStaleTemporaryFiles(for: golden) == [locked])
  }
}
