// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleGoldens

/// Seconds `body` takes.
private func seconds(_ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  try body()
  let elapsed = (clock.now - start).components
  return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
}

@Suite struct GoldenLimitsTests {
  /// Deep nesting is refused in one linear pass before decoding, which took time growing with
  /// the square of the depth (16 KB of `{"a":` took 22.7 s).
  @Test(
    arguments: [
      (
        "arrays", String(repeating: "[", count: 8_000) + String(repeating: "]", count: 8_000), 1, 33
      ),
      (
        "objects",
        "{\"sets\": " + String(repeating: "{\"a\":", count: 3_300) + "1"
          + String(repeating: "}", count: 3_301), 1, 165
      ),
    ] as [(String, String, Int, Int)])
  func casesFile_deepNestingIsRefusedFast(label: String, json: String, line: Int, column: Int)
    throws
  {
    var error: GoldenError?
    let elapsed = seconds {
      error = #expect(throws: GoldenError.self) {
        try GoldenCasesFile.parse(Data(json.utf8), name: "deep.cases")
      }
    }
    #expect(error?.code == .malformedCases)
    #expect(
      error?.message
        == "deep.cases:\(line):\(column): arrays and objects nest deeper than 32 levels "
        + "(GoldenCasesFile.maximumNestingDepth); a cases file needs five")
    #expect(elapsed < 1, "\(label) took \(elapsed) s")
  }

  /// Brackets inside strings do not count, and a file at the limit parses on.
  @Test func casesFile_bracketsInStringsAndTheLimitItself() throws {
    let quoted = #"{"sets": [], "x": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"[[["}"#
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(Data(quoted.utf8), name: "q.cases")
    }
    #expect(error?.message.contains("nest deeper") == false, "\(error?.message ?? "")")
    let atLimit =
      "{\"x\": " + String(repeating: "[", count: 31) + String(repeating: "]", count: 31)
      + "}"
    let limit = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(Data(atLimit.utf8), name: "l.cases")
    }
    #expect(limit?.message.contains("nest deeper") == false, "\(limit?.message ?? "")")
  }

  /// A golden file over the limit is refused from its size, before a byte is read.
  @Test func goldenFile_overTheLimitIsRefusedBeforeReading() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "golden-limit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("big.golden")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 200_000_000)  // sparse: nothing is written
    try handle.close()
    #expect(GoldenFile.maximumFileSize == 64 << 20)
    let error = #expect(throws: GoldenError.self) { try GoldenVerification.read(url) }
    #expect(
      error?.message
        == "\(url.path) is 200000000 bytes, larger than a golden file may be (67108864 bytes); "
        + "split it")
    let unbounded = #expect(throws: GoldenError.self) {
      try GoldenVerification.readFile(url, displayPath: "big.golden", kind: "golden file")
    }
    #expect(unbounded?.message.hasPrefix("big.golden is 200000000 bytes") == true)
  }

  /// A 20 MB value is quoted cut at 200 characters with its length, in a golden file's errors
  /// and in the library's parse errors a golden file's fields meet.
  @Test(arguments: ["style", "category", "truncation", "width"])
  func goldenFile_hugeValueIsQuotedCut(column: String) throws {
    let columns = GoldenFile.columns
    let index = try #require(columns.firstIndex(of: column))
    var fields = Array(repeating: "0", count: columns.count)
    fields[index] = String(repeating: "x", count: 20_000_000)
    let text =
      "# typescale-golden: \(GoldenFile.formatVersion)\n# columns: "
      + columns.joined(separator: " ") + "\n"
      + fields.joined(separator: "\t") + "\n"
    let error = #expect(throws: GoldenError.self) {
      try GoldenFile.parse(text, name: "huge.golden")
    }
    let message = try #require(error?.message)
    #expect(message.count < 500, "\(message.count) characters")
    #expect(
      message
        == "huge.golden:3: \(column) \"\(String(repeating: "x", count: 200))… (20000000 "
        + "characters)\" is too long to be a \(column); record the golden file again")
  }
}
