// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck
import TypeScaleStrings

/// The runner streams outcomes to consumers in entry order and builds the summary as it goes.
@Suite struct CheckStreamingTests {
  /// Records the order of every call.
  final class Recorder: CheckResultConsumer {
    var calls: [String] = []
    var failAfter: Int?
    func begin(_ run: CheckRunInfo) throws(CheckError) { calls.append("begin \(run.layouts)") }
    func consume(result: CheckResult) throws(CheckError) {
      if let failAfter, calls.count >= failAfter { throw CheckError("disk full") }
      calls.append("result \(result.id)\(result.isBaselined ? " baselined" : "")")
    }
    func consume(skipped: CheckSkipped) throws(CheckError) {
      calls.append("skipped \(skipped.key)")
    }
    func consume(warning: CheckEntryWarning) throws(CheckError) {
      calls.append("warning \(warning.key) measured=\(warning.isMeasured)")
    }
    func finish(_ summary: CheckSummary) throws(CheckError) {
      calls.append("finish \(summary.rows.count)")
    }
  }

  /// 300 entries on four workers arrive in entry order, every time.
  @Test func outcomes_arriveInEntryOrder() throws {
    let runner = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints(), workers: 4)
    let entries = (0..<300).map { index in
      entry(
        "button.\(index)", index % 2 == 0 ? "de" : "en",
        String(repeating: "W", count: index % 9 + 1))
    }
    let recorder = Recorder()
    let summary = try runner.run(
      entries, plan: runner.plan(entries), consumers: [recorder])
    #expect(recorder.calls.count == 302)
    #expect(recorder.calls.first == "begin \(300 * 12)")
    #expect(recorder.calls.last == "finish 300")
    #expect(
      Array(recorder.calls.dropFirst().dropLast())
        == entries.map { "result \($0.key)|\($0.language)" })
    #expect(summary.rows.map { summary.key(of: $0) } == entries.map(\.key))
  }

  /// A placeholder past the width limit (`PlaceholderSamples.maximumWidth`) is a skipped entry with a warning, not an input error:
  /// the run's exit status is not 2, and the summary counts it as not measured.
  @Test func unformattablePlaceholder_isSkippedWithAWarning() throws {
    let runner = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints())
    let entries = [
      entry("button.ok", "en", "OK"),
      entry("button.bad", "en", "%5000d items", line: 7),
    ]
    let recorder = Recorder()
    let summary = try runner.run(entries, plan: runner.plan(entries), consumers: [recorder])
    #expect(
      recorder.calls == [
        "begin 24", "result button.ok|en", "warning button.bad measured=false",
        "skipped button.bad", "finish 1",
      ])
    #expect(summary.run.errors.isEmpty)
    #expect(summary.unmeasuredCount == 1)
    #expect(summary.exitStatus == 0)
    let warning = try #require(summary.entryWarnings.first)
    #expect(warning.line == 7)
    #expect(warning.message.contains("\"button.bad\""))
    #expect(summary.skipped.first?.reason.hasPrefix("could not be measured: ") == true)
  }

  /// The baseline marks results as they stream; the summary counts what now fits.
  @Test func baseline_marksResultsAndCountsFixedOnes() throws {
    let runner = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints())
    let entries = [
      entry("button.save", "de", GermanButton.text),
      entry("button.ok", "en", "OK"),
    ]
    let all: Set<ContentSizeCategory> = Set(ContentSizeCategory.allCases)
    let baseline = CheckBaseline(accepted: ["button.save|de": all, "button.ok|en": all])
    let recorder = Recorder()
    let summary = try runner.run(
      entries, plan: runner.plan(entries), baseline: baseline, consumers: [recorder])
    #expect(recorder.calls[1] == "result button.save|de baselined")
    #expect(recorder.calls[2] == "result button.ok|en")
    #expect(summary.newFailureCount == 0)
    #expect(summary.failingCount == 1)
    #expect(summary.fixedBaselined == 1)
    #expect(summary.exitStatus == 0)
  }

  /// A consumer that throws stops the run, and the runner rethrows its error.
  @Test func consumerError_stopsTheRun() throws {
    let runner = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints(), workers: 2)
    let entries = (0..<50).map { entry("button.\($0)", "en", "OK") }
    let recorder = Recorder()
    recorder.failAfter = 5
    #expect {
      _ = try runner.run(entries, plan: runner.plan(entries), consumers: [recorder])
    } throws: { error in
      (error as? CheckError)?.message == "disk full"
    }
    #expect(recorder.calls.count == 5)
  }

  /// The one-call check reads the catalogs, streams, and records unreadable files (exit 2).
  @Test func check_readsStreamsAndRecordsUnreadableFiles() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = folder.appendingPathComponent("de.lproj/Localizable.strings")
    try FileManager.default.createDirectory(
      at: good.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("\"button.ok\" = \"OK\";\n".utf8).write(to: good)
    let bad = folder.appendingPathComponent("fr.lproj/Localizable.strings")
    try FileManager.default.createDirectory(
      at: bad.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("\"button.ok\" = \"OK\"\n".utf8).write(to: bad)
    let runner = try CheckRunner(constraints: CheckRunnerTests.buttonConstraints())
    let progress = Calls()
    let collector = CheckReportCollector()
    let summary = try runner.check([folder], consumers: [collector]) { state in
      progress.append(state.done, state.total)
    }
    #expect(summary.rows.count == 1)
    #expect(summary.run.errors.count == 1)
    #expect(summary.exitStatus == 2)
    #expect(collector.report.results.map(\.id) == ["button.ok|de"])
    #expect(progress.values.first?.0 == 0)
    #expect(progress.values.last?.0 == progress.values.last?.1)
  }
}
