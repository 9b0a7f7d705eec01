// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck

/// Android results in the JSON report, baselines and merges: font-scale steps and their sizes
/// survive a round trip.
@Suite struct CheckAndroidReportTests {
  static let scales: [Double] = [1, 1.3, 2]

  static var result: CheckResult {
    let cells = zip(scales, [(14.0, 37.0), (18.8, 49), (26, 68)]).map { scale, size in
      CheckCell(
        step: .fontScale(scale), status: scale == 2 ? .truncated : .fits,
        pointSize: size.1 / 2.625, width: 80, height: 20, lineCount: 1,
        neededLines: scale == 2 ? 2 : 1, sp: 14, dp: size.0, px: size.1)
    }
    return CheckResult(
      key: "button_save", language: "de", variant: "", text: "Speichern",
      file: "res/values-de/strings.xml", line: 3, rule: "button_*", style: "labelLarge",
      width: 120, lineLimit: 1, truncationAllowed: false,
      required: scales.map(SizeStep.fontScale), cells: cells,
      largestFitting: .fontScale(1.3))
  }

  @Test func json_roundTripsAndroidCells_asVersion4() throws {
    let report = CheckReport(
      constraintsDigest: "d", layouts: 3,
      requirements: [
        CheckRequirement(key: "button_save", steps: Self.scales.map(SizeStep.fontScale))
      ],
      results: [Self.result])
    let text = CheckJSONReport().write(report)
    #expect(text.hasPrefix("{\"version\":4"))
    #expect(text.contains("\"categories\":[1,1.3,2]"))
    #expect(text.contains("\"required\":[1,1.3,2]"))
    #expect(text.contains(",\"t\",{\"fontScale\":2,\"sp\":14,\"dp\":26,\"px\":68}]"))
    let back = try CheckJSONReport.read(Data(text.utf8), file: "r.json")
    #expect(back.version == 4)
    #expect(back.results == report.results)
    #expect(back.requirements == report.requirements)
    #expect(back.results.first?.failures == [.fontScale(2)])
  }

  @Test func baseline_acceptsAndroidFailures_andWritesFontScalesAsNumbers() throws {
    let report = CheckReport(results: [Self.result])
    let baseline = CheckBaseline(failuresOf: report)
    let text = String(decoding: baseline.data, as: UTF8.self)
    #expect(text.contains(#"{"id":"button_save|de","categories":[2]}"#))
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-android-baseline-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: folder) }
    try baseline.write(to: folder)
    let read = try CheckBaseline(contentsOf: folder)
    #expect(read.accepts(Self.result))
  }

  @Test func summary_countsAndroidFailuresAtTheirFontScales() {
    let report = CheckReport(results: [Self.result])
    let summary = CheckSummary(report)
    #expect(summary.categories == Self.scales.map(SizeStep.fontScale))
    let row = summary.rows[0]
    #expect(row.firstFailure == .fontScale(2))
    #expect(row.largestFitting == .fontScale(1.3))
    #expect(row.statuses[SizeStep.fontScale(2)] == .truncated)
  }
}
