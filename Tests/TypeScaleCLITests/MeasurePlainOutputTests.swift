// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleCLI

/// Runs `typescale measure` in-process and returns its exit status, standard output and
/// standard error.
private func measure(_ arguments: [String]) async -> (status: Int32, output: String, error: String)
{
  var output = ""
  var error = ""
  let status = await CLI.run(
    TypeScaleCommand.self, arguments: ["measure"] + arguments, output: &output,
    errorOutput: &error)
  return (status.rawValue, output, error)
}

/// Seconds a block takes.
private func seconds<T>(_ body: () async -> T) async -> (T, Double) {
  let start = ContinuousClock.now
  let value = await body()
  let elapsed = ContinuousClock.now - start
  return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

/// The plain-text summary of `typescale measure` takes time linear in the text (issue 15,
/// finding 9): each line's text is a slice of one UTF-16 view, not a view built per line, and
/// the table's last column is not padded to its widest cell.
@Suite struct MeasurePlainOutputTests {
  /// 60,000 one-digit paragraphs make one table row each, showing its own text.
  ///
  /// Building the whole text's UTF-16 array for every row took 24 s here before.
  @Test func summary_of60000Lines_showsEachLinesText() async throws {
    let count = 60_000
    let text = (0..<count).map { String($0 % 10) }.joined(separator: "\n")
    let (run, elapsed) = await seconds { await measure([text]) }
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.contains("lines:     \(count)"))
    let header = try #require(lines.firstIndex { $0.hasPrefix("line ") })
    let rows = lines[(header + 1)...].filter { !$0.isEmpty }
    #expect(rows.count == count)
    var mismatches = 0
    for (index, row) in rows.enumerated() {
      let columns = row.split(separator: " ", omittingEmptySubsequences: true)
      let expected = [String(index), String(2 * index), String(2 * index + 1)]
      if columns.count != 7 || columns.prefix(3).map(String.init) != expected
        || columns[6] != "\"\(index % 10)\""
      {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
    #expect(elapsed < TimeBudget.seconds(5), "\(elapsed) s")
  }

  /// A 100,000-character line after 20,000 short ones: no row is padded to its width (which
  /// took time and memory for rows × width), and no row ends with a space.
  @Test func summary_doesNotPadRowsToTheLongestLinesText() async throws {
    let long = String(repeating: "b", count: 100_000)
    let short = 20_000
    let text = String(repeating: "a\n", count: short) + long
    let (run, elapsed) = await seconds { await measure([text]) }
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n")
    #expect(!lines.contains { $0.hasSuffix(" ") })
    let rows = lines.filter { $0.hasSuffix("\"a\"") }
    #expect(rows.count == short)
    #expect(rows.allSatisfy { $0.count < 80 })
    let last = lines.last?.split(separator: " ").map(String.init) ?? []
    #expect(last.count == 7)
    #expect(last.prefix(4) == ["\(short)", "\(2 * short)", "\(2 * short + long.count)", "0"])
    #expect(last.last == "\"" + long + "\"")
    #expect(elapsed < TimeBudget.seconds(5), "\(elapsed) s")
  }

  /// A sweep lists 20,000 distinct missing characters once each, in text order.
  @Test func sweepTable_listsEachMissingCharacterOnce() async throws {
    let scalars = (0..<20_000).compactMap { Unicode.Scalar(0xF_0000 + $0) }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars + scalars.prefix(100))
    let (run, elapsed) = await seconds { await measure([text, "--all-categories"]) }
    #expect(run.status == 0, "\(run.error)")
    let missing = try #require(
      run.output.split(separator: "\n").first { $0.hasPrefix("missing:") })
    let listed = missing.dropFirst("missing:".count).split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(listed == scalars.map { MeasureOutput.codePoint($0) })
    #expect(elapsed < TimeBudget.seconds(10), "\(elapsed) s")
  }
}
