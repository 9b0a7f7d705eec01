// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleInternals

@testable import TypeScaleCLI

/// `NumberText.fixed(_:decimals:trimsZeros:rounding: .scaled)` as it was written before the byte
/// entry point (`String` arithmetic), the slow path the bytes are compared with.
private func referenceScaled(_ value: Double, decimals: Int, trimsZeros: Bool) -> String {
  guard value.isFinite else { return String(describing: value) }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
  guard scaled < 9e15 else { return String(describing: value) }
  let units = Int64(scaled)
  let whole = units / Int64(scale)
  var fraction = decimals == 0 ? "" : String(units % Int64(scale))
  fraction = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
  if trimsZeros { while fraction.hasSuffix("0") { fraction.removeLast() } }
  let sign = value < 0 && units != 0 ? "-" : ""
  return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
}

/// `JSONValue.writeString` as it was written before the byte escaper (per Unicode scalar).
private func referenceQuoted(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\t": out += "\\t"
    case let s where s.value < 0x20:
      let hex = String(s.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

/// Numbers of every form: zeros, ties, tiny and huge magnitudes, past the 9e15 fallback, and
/// non-finite values; then pseudo-random ones (a fixed seed).
private let numbers: [Double] = {
  var values: [Double] = [
    0, -0.0, 1, -1, 0.5, -0.5, 0.00004, 0.00005, -0.00005, 0.00015, 0.03125, 0.0625, 1.00005,
    16.33333333, 17, 17.5, 192.6123046875, 320, 99999.99995, 1e-5, 1e-9, 5e-10,
    .leastNonzeroMagnitude,
    .ulpOfOne, 1e11, 8.99e11, 9e11, 9.1e11, 1e15, 9e15, 1e16, 1.5e20, -1.5e20, 1e300,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity, -.infinity, 123456.789,
    -0.00004999, 2.5, 3.5, -2.5, 0.1 + 0.2,
  ]
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  for _ in 0..<400 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let mantissa = Double(state >> 11) / Double(1 << 53)
    let exponent = Int(state % 23) - 8
    values.append((state & 1 == 0 ? 1 : -1) * mantissa * pow(10, Double(exponent)))
  }
  return values
}()

/// One output stream whose writes a test counts, and one input whose reads it watches.
private final class Transcript: @unchecked Sendable {
  // Used from the test's one task only.
  var writes: [String] = []
  /// How many answer lines had been written at each read of the input.
  var linesWrittenAtRead: [Int] = []
  var linesWritten: Int { writes.joined().filter { $0 == "\n" }.count }
}

private struct TranscriptStream: TextOutputStream {
  let transcript: Transcript
  mutating func write(_ string: String) {
    if !string.isEmpty { transcript.writes.append(string) }
  }
}

/// Runs `measure --batch` over `lines`, handed out `perRead` lines per read.
private func runBatch(_ lines: [String], perRead: Int) async -> Transcript {
  let transcript = Transcript()
  var pending = lines.map { Array(($0 + "\n").utf8) }
  let reader = BatchLineReader { (buffer) throws(CLIError) -> Int in
    transcript.linesWrittenAtRead.append(transcript.linesWritten)
    let chunk = pending.prefix(perRead).flatMap { $0 }
    pending.removeFirst(min(perRead, pending.count))
    precondition(chunk.count <= buffer.count)
    chunk.withUnsafeBytes { buffer.copyMemory(from: $0) }
    return chunk.count
  }
  var output = TranscriptStream(transcript: transcript)
  var errors = ""
  _ = await MeasureCommand.$input.withValue(.reading(reader)) {
    await CLI.run(
      TypeScaleCommand.self, arguments: ["measure", "--batch"], output: &output,
      errorOutput: &errors)
  }
  return transcript
}

@Suite struct BatchOutputTests {
  /// The byte entry point prints what the `String` arithmetic printed, for every decimals and
  /// both trimming modes.
  @Test(arguments: 0...9)
  func numberText_appendScaled_matchesTheStringFormatter(_ decimals: Int) {
    for value in numbers {
      for trimsZeros in [false, true] {
        var bytes: [UInt8] = []
        NumberText.appendScaled(value, decimals: decimals, trimsZeros: trimsZeros, to: &bytes)
        let expected = referenceScaled(value, decimals: decimals, trimsZeros: trimsZeros)
        #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(value) \(decimals)")
        #expect(
          NumberText.fixed(value, decimals: decimals, trimsZeros: trimsZeros, rounding: .scaled)
            == expected)
      }
    }
  }

  @Test func numberText_appendInteger_matchesString() {
    var values = [0, 1, -1, 9, 10, -10, 123_456_789, Int.max, Int.min, Int.min + 1]
    values += numbers.filter { $0.isFinite && abs($0) < 1e15 }.map { Int($0 * 1000) }
    for value in values {
      var bytes: [UInt8] = [UInt8(ascii: "x")]
      NumberText.appendInteger(value, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(value))
    }
  }

  /// The JSON number writer, on bytes and as text, keeps its rules: at most 4 decimals, no `.0`
  /// after the 9e15 fallback, `null` for what JSON cannot spell.
  @Test func jsonNumber_bytesMatchTheText() {
    for value in numbers {
      var bytes: [UInt8] = []
      JSONValue.appendNumber(value, to: &bytes)
      var expected = value.isFinite ? referenceScaled(value, decimals: 4, trimsZeros: true) : "null"
      if expected.hasSuffix(".0") { expected.removeLast(2) }
      #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(value)")
      #expect(JSONValue.numberText(value) == expected)
    }
  }

  @Test func jsonString_bytesMatchTheScalarEscaper() {
    var texts = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
    texts += [
      "", "plain", "a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti\u{0}j\u{1F}k\u{7F}", "안녕하세요", "مرحبا",
      "👋🏽 family 👨‍👩‍👧", "\"\"\\\\", "end\\", "\u{2028}\u{FEFF}é", String(repeating: "x\n", count: 300),
    ]
    for text in texts {
      var bytes: [UInt8] = []
      JSONValue.appendString(text, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == referenceQuoted(text))
      #expect(JSONValue.quoted(text) == referenceQuoted(text))
    }
  }

  /// The batch's byte writer gives the bytes of the `JSONValue` writer (the slow path) for
  /// layouts with every field: categories, sweeps, several lines, truncation's hidden ranges,
  /// fallbacks, diagnostics with characters to escape, missing characters, fractional sizes.
  @Test func batchWriter_matchesJSONValue() throws {
    var session = try MeasureSession()
    let texts = [
      "Hi", "The quick brown fox jumps over the lazy dog", "안녕하세요 여러분, 반갑습니다",
      "مرحبا بالعالم", "Ethiopic ሰላም and \u{0378} unassigned", "one\ntwo\n\nfour", "",
      "👋🏽 emoji", "Ünïcödé — “quotes” \"straight\" \\ back",
    ]
    var requests: [String] = []
    for text in texts {
      let quoted = JSONValue.quoted(text)
      for extra in [
        "", #", "size": 17.5"#, #", "width": 60, "lines": 1, "truncation": "head""#,
        #", "width": 60, "lines": 2, "truncation": "middle""#, #", "width": 33.3, "lines": 1"#,
        #", "style": "caption2", "category": "AX5""#, #", "allCategories": true, "width": 90"#,
        #", "size": 0.01, "target": "attributed-string""#, #", "size": 333.3333, "width": 1000"#,
        #", "font": "No \"Such\"\tFamily\u0001", "width": 80"#,
        #", "width": 70, "alignment": "trailing", "displayScale": 2"#,
        #", "width": 70, "alignment": "center", "lines": 1, "truncation": "clip""#,
      ] {
        requests.append("{\"text\": \(quoted)\(extra)}")
      }
    }
    var checked = 0
    var sawFallback = false
    var sawDiagnostic = false
    var sawMissing = false
    var sawHidden = false
    for line in requests {
      let request = try MeasureRequest(jsonLine: line)
      let entries = try session.measure(request) { _ in }
      var bytes: [UInt8] = []
      MeasureOutput.appendJSONLine(entries, sweep: request.allCategories, to: &bytes)
      let expected = ReferenceMeasureJSON.jsonLine(entries, sweep: request.allCategories)
      #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(line)")
      if request.allCategories {
        let rows = JSONValue.array(entries.map(ReferenceMeasureJSON.object)).text(.rows)
        #expect(MeasureOutput.jsonRows(entries) == rows, "\(line)")
      }
      for entry in entries {
        let diagnostics = entry.layout.diagnostics
        sawFallback = sawFallback || !diagnostics.fallbackFaces.isEmpty
        sawDiagnostic = sawDiagnostic || !diagnostics.fontResolution.isEmpty
        sawMissing = sawMissing || !diagnostics.missingCharacters.isEmpty
        sawHidden = sawHidden || !(entry.layout.truncation?.hiddenRanges ?? []).isEmpty
      }
      checked += 1
    }
    #expect(checked == requests.count && checked >= 100)
    #expect(sawFallback && sawDiagnostic && sawMissing && sawHidden)
    for message in ["bad \"value\"\n\u{1}", "", "é"] {
      var bytes: [UInt8] = []
      MeasureOutput.appendErrorLine(.validation(message), to: &bytes)
      #expect(
        String(decoding: bytes, as: UTF8.self)
          == ReferenceMeasureJSON.errorLine(.validation(message)))
    }
  }

  /// Lines that arrive one per read (an interactive client) are each answered before the next
  /// read; lines already read (a file) are answered in one write at the end.
  @Test func batchOutput_flushesOnlyBeforeAReadThatMayBlock() async throws {
    let lines = (1...6).map { #"{"text": "line \#($0)", "width": 50}"# } + ["?"]
    let interactive = await runBatch(lines, perRead: 1)
    // Reads 1…7 return a line each and read 8 finds the end; before read k, k − 1 answers.
    #expect(interactive.linesWrittenAtRead == Array(0...7))
    #expect(interactive.linesWritten == 7)
    let file = await runBatch(lines, perRead: 100)
    #expect(file.writes.count == 1)
    #expect(file.linesWritten == 7)
    #expect(file.writes.joined() == interactive.writes.joined())
    #expect(
      file.writes.joined().hasSuffix(
        "{\"error\": \"invalid JSON: column 1: expected a JSON value (object, array, string, number, true, false or null), found '?'\"}\n"
      ))
  }
}
