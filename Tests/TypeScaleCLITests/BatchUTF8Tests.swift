// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import TypeScaleCLI

/// Runs `measure --batch` over raw input bytes; returns standard output, standard error and
/// the exit status.
private func runBatch(_ input: [UInt8]) async -> (output: String, errors: String, status: Int32) {
  var output = ""
  var errors = ""
  let status = await MeasureCommand.$input.withValue(
    .reading(BatchLineReader.reading(input, chunk: 7))
  ) {
    await CLI.run(
      TypeScaleCommand.self, arguments: ["measure", "--batch"], output: &output,
      errorOutput: &errors)
  }
  return (output, errors, status.rawValue)
}

@Suite struct BatchUTF8Tests {
  /// Each line that does not decode is reported where it first goes wrong: a stray
  /// continuation byte, a lead byte cut short, an overlong encoding, a surrogate.
  @Test(
    arguments: [
      ([0x61, 0x80, 0x62], 2, 0x80),
      ([0x61, 0x62, 0xE2, 0x82], 3, 0xE2),
      ([0xC0, 0xAF], 1, 0xC0),
      ([0x7B, 0xED, 0xA0, 0x80, 0x7D], 2, 0xED),
      ([0xE2, 0x82, 0xAC, 0xFF], 4, 0xFF),
    ] as [([UInt8], Int, UInt8)])
  func batchLineReader_invalidUTF8_namesTheFirstBadByte(
    bytes: [UInt8], offset: Int, byte: UInt8
  ) throws {
    var reader = BatchLineReader.reading(bytes + Array("\nok\n".utf8), chunk: 2)
    #expect(try reader.nextLine(limit: 100) == .invalidUTF8(byteOffset: offset, byte: byte))
    #expect(try reader.nextLine(limit: 100) == .text("ok"))
    #expect(try reader.nextLine(limit: 100) == nil)
  }

  /// A CRLF line over the limit counts the same bytes whether it was held whole or skipped
  /// as it arrived: its `\r` is not counted either way (it was, once, when skipped).
  @Test(arguments: [1, 2, 3, 4, 64])
  func batchLineReader_tooLongCRLFLineCountsWithoutTheCR(chunk: Int) throws {
    var reader = BatchLineReader.reading(Array("abcdefgh\r\nok\r\n".utf8), chunk: chunk)
    #expect(try reader.nextLine(limit: 3) == .tooLong(byteCount: 8))
    #expect(try reader.nextLine(limit: 3) == .text("ok"))
    #expect(try reader.nextLine(limit: 3) == nil)
  }

  @Test func batchLineReader_validUTF8AndTheLastLineWithoutABreak() throws {
    var reader = BatchLineReader.reading(Array("héllo €\n\u{1F600}".utf8), chunk: 3)
    #expect(try reader.nextLine(limit: 100) == .text("héllo €"))
    #expect(try reader.nextLine(limit: 100) == .text("\u{1F600}"))
    var cut = BatchLineReader.reading([0x61, 0xF0, 0x9F], chunk: 3)
    #expect(try cut.nextLine(limit: 100) == .invalidUTF8(byteOffset: 2, byte: 0xF0))
  }

  /// A line that is not UTF-8 is answered with an error on its own output line, as every other
  /// bad line is, and never measured; the batch goes on and exits 0.
  @Test func measureBatch_invalidUTF8IsAnErrorLineNotAMeasurement() async {
    var input = Array(#"{"text": "ok"}"#.utf8) + [0x0A]
    input += Array(#"{"text": "b"#.utf8) + [0xFF] + Array(#"d"}"#.utf8) + [0x0A]
    input += Array(#"{"text": "ok"}"#.utf8) + [0x0A]
    let run = await runBatch(input)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4, "\(run.output)")
    #expect(lines[0].hasPrefix("{") && !lines[0].hasPrefix(#"{"error""#), "\(lines[0])")
    #expect(
      lines[1]
        == #"{"error": "line 2 is not valid UTF-8 (byte 12 is 0xFF); send requests as UTF-8 text"}"#
    )
    #expect(lines[2] == lines[0])
    #expect(!run.output.contains("\u{FFFD}"))
    #expect(run.status == 0)
  }
}

/// Runs `typescale measure` with arguments; returns the exit status and standard error.
private func measure(_ arguments: [String]) async -> (status: Int32, error: String) {
  var output = ""
  var errors = ""
  let status = await CLI.run(
    TypeScaleCommand.self, arguments: ["measure"] + arguments, output: &output,
    errorOutput: &errors)
  return (status.rawValue, errors)
}

@Suite struct MeasureScaledLimitTests {
  /// A size in range that scales past 100,000 pt is refused naming the style and the first
  /// category where it does, with or without --all-categories.
  @Test(
    arguments: [
      (["--all-categories"], "body: 100000 pt at XL scales to 109091 pt"),
      (["--category", "AX5"], "body: 100000 pt at AX5 scales to 281818 pt"),
    ] as [([String], String?)])
  func measure_scaledPastTheLimitNamesTheStyleAndCategory(options: [String], prefix: String?)
    async
  {
    let run = await measure(["Hello", "--size", "100000"] + options)
    #expect(run.status == 2)
    if let prefix {
      #expect(
        run.error
          == "error: \(prefix); expected at most 100000 pt (ValueRanges.maximumPoints); use a "
          + "smaller size or a maximum point size (see 'typescale measure --help')\n")
    }
  }
}
