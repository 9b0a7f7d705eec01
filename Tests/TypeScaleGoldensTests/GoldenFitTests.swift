// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics
import TypeScaleRender
import TypeScaleTestSupport
import TypeScaleTesting

@testable import TypeScaleGoldens

/// A folder with a cases file of one set: label texts in body at every category (or those
/// given), 180 pt wide, one line — a button title that must stay on one line.
///
/// The names are unique: outside a package, measured files and images go to a temporary folder
/// shared by every test.
private struct FitWorkspace {
  let folder: URL
  let name: String

  init(
    texts: String = #"[["cancel", "Cancel subscription"]]"#, mustFit: String? = nil,
    categories: String = #""all""#, width: String = "180", lines: Int = 1
  ) throws {
    folder = try Fixtures.temporaryDirectory("golden-fit")
    name = "fit-\(UUID().uuidString)"
    try write(texts: texts, mustFit: mustFit, categories: categories, width: width, lines: lines)
  }

  var cases: URL { folder.appendingPathComponent(name + ".cases") }
  var golden: URL { folder.appendingPathComponent(name + ".golden") }

  func write(
    texts: String = #"[["cancel", "Cancel subscription"]]"#, mustFit: String? = nil,
    categories: String = #""all""#, width: String = "180", lines: Int = 1
  ) throws {
    let must = mustFit.map { #", "mustFit": \#($0)"# } ?? ""
    let json = """
      {"sets": [{"name": "buttons", "styles": ["body"], "categories": \(categories),
        "widths": [\(width)], "lines": \(lines)\(must), "texts": \(texts)}]}
      """
    try Data(json.utf8).write(to: cases)
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
    let artifact = Renderer.goldenArtifactURL(for: golden)
    try? FileManager.default.removeItem(at: artifact)
    try? FileManager.default.removeItem(at: Renderer.goldenFailureImageURL(for: golden))
  }
}

/// A row of the phase table: fit states from a category on, and the sentence they read as.
struct PhaseRow: Sendable, CustomTestStringConvertible {
  /// One state per category: a digit for the lines of a case that fits, `T` for truncated, `O`
  /// for wider than a 120 pt width.
  let states: String
  let first: ContentSizeCategory
  let sentence: String

  init(_ states: String, from first: ContentSizeCategory = .extraSmall, _ sentence: String) {
    self.states = states
    self.first = first
    self.sentence = sentence
  }

  var testDescription: String { "\(states) from \(first.shortName)" }
}

@Suite struct GoldenFitTests {
  @Test func textFit_labelTruncatedFromXXL_fitsThroughXL() throws {
    let workspace = try FitWorkspace()
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.cases)
    let file = try GoldenMeasurer().measure(suite, baseDirectory: workspace.folder)
    let check = GoldenFitCheck(file)
    #expect(check.unfit.count == 7)
    #expect(check.mustFitFailures.isEmpty)

    let texts = check.texts(baseDirectory: workspace.folder)
    #expect(texts.count == 1)
    let text = try #require(texts.first)
    #expect(text.name == "buttons/cancel/default/body/*/180")
    #expect(text.text == "Cancel subscription")
    #expect(text.summary == "fits through XL; truncated from XXL")
    #expect(text.recorded == nil)
    #expect(text.current == ["fits through XL", "truncated from XXL"])
    #expect(text.cases.map(\.category) == ["XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"])
    let xxl = try #require(text.cases.first)
    #expect(xxl.state == "truncated")
    #expect(xxl.width == 180)
    #expect(xxl.lineLimit == 1)
    // The record holds the truncated width; the text needs more, on two lines at 180 pt.
    #expect(xxl.measuredWidth < 180)
    #expect(abs((xxl.unwrappedWidth ?? 0) - 192.612) < 0.0005, "\(String(describing: xxl))")
    #expect(xxl.neededLines == 2)
    #expect(
      GoldenTextFit.line(for: xxl)
        == "XXL: truncated; needs 192.612 pt unwrapped, box 180 pt; needs 2 lines, limit 1")
    #expect(text.cases.last?.neededLines == 3)
  }

  @Test(arguments: [
    PhaseRow("11111TTTTTTT", "fits through XL; truncated from XXL"),
    PhaseRow(
      "11223O",
      "fits through S; wraps to 2 lines from M; wraps to 3 lines from XL; "
        + "overflows the 120 pt width from XXL"),
    PhaseRow("T", from: .large, "truncated at L"),
    PhaseRow("111111111111", "fits from xS through AX5"),
    PhaseRow("2TT", "fits on 2 lines at xS; truncated from S"),
    PhaseRow("32T", "fits on 3 lines at xS; fits on 2 lines from S; truncated from M"),
    PhaseRow("T1", from: .accessibilityMedium, "truncated at AX1; fits from AX2"),
  ])
  func phases_readAsASentence(_ row: PhaseRow) {
    var states: [(category: ContentSizeCategory, state: GoldenFitState)] = []
    for (offset, code) in row.states.enumerated() {
      let category = ContentSizeCategory(rawValue: row.first.rawValue + offset) ?? .large
      let state: GoldenFitState =
        switch code {
        case "T": .truncated
        case "O": .overflows(width: 120)
        default: .fits(lines: Int(String(code)) ?? 0)
        }
      states.append((category, state))
    }
    // Categories are read in order, whatever order the file lists them in.
    #expect(
      GoldenFitGroups.phases(states.reversed()).joined(separator: "; ") == row.sentence)
  }

  @Test func sentence_saysWasAndNowWhenTheyDiffer() {
    #expect(
      GoldenTextFit.sentence(recorded: ["fits through L"], current: ["fits through L"])
        == "fits through L")
    #expect(
      GoldenTextFit.sentence(
        recorded: ["fits through XXXL", "truncated from AX1"],
        current: ["fits through XL", "truncated from XXL"])
        == "was: fits through XXXL, truncated from AX1; now: fits through XL, truncated from XXL")
    #expect(
      GoldenTextFit.sentence(recorded: ["fits at L"], current: nil)
        == "was: fits at L; not measured now")
  }

  @Test func verify_changedText_saysWhereItFitsNowAndWhatItNeeds() throws {
    let workspace = try FitWorkspace(texts: #"[["cancel", "Cancel plan"]]"#)
    defer { workspace.remove() }
    let first = try #require(
      verifyMessage(casesFile: workspace.cases, record: .missing))
    #expect(
      first == """
        recorded a new golden file at \(workspace.golden.path) (12 cases); check it in and run \
        again

        3 cases are already truncated when recorded:
        buttons/cancel/default/body/*/180 "Cancel plan"
          fits through AX2; truncated from AX3
          AX3: truncated; needs 217.000 pt unwrapped, box 180 pt; needs 2 lines, limit 1
          AX4: truncated; needs 254.975 pt unwrapped, box 180 pt; needs 2 lines, limit 1
          AX5: truncated; needs 287.525 pt unwrapped, box 180 pt; needs 2 lines, limit 1
        """)

    try workspace.write(texts: #"[["cancel", "Cancel subscription"]]"#)
    let message = try #require(
      verifyMessage(casesFile: workspace.cases, record: .never))
    // Every case differs: its text changed (the layout too, in nine of them).
    #expect(message.hasPrefix("12 of 12 cases differ from "))
    #expect(
      message.contains(
        """

        where each failing text fits (needs: its width unwrapped against the box, its lines \
        against the limit):
        buttons/cancel/default/body/*/180 "Cancel plan" → "Cancel subscription"
          was: fits through AX2, truncated from AX3; now: fits through XL, truncated from XXL
          xS: fits; needs 
        """), "\(message)")
    // The width the text needs, not the truncated width the golden file holds.
    #expect(
      message.contains(
        "\n  XXL: truncated; needs 192.612 pt unwrapped, box 180 pt; needs 2 lines, limit 1\n"))
  }

  @Test func record_textWiderThanItsWidth_isListedAsOverflowing() throws {
    // Each "M" is wider than 16 pt from XL on; a cluster never breaks.
    let workspace = try FitWorkspace(
      texts: #"[["mm", "MM"]]"#, categories: #""xS...AX1""#, width: "16", lines: 0)
    defer { workspace.remove() }
    let message = try #require(
      verifyMessage(casesFile: workspace.cases, record: .missing))
    #expect(
      message.contains(
        """

        4 cases are already wider than their widths when recorded:
        buttons/mm/default/body/*/16 "MM"
          fits on 2 lines through L; overflows the 16 pt width from XL
          XL: overflows (
        """), "\(message)")
    #expect(message.contains("box 16 pt; needs 2 lines, no limit"))
  }

  @Test func mustFit_failsOnFirstRecordAndOnVerifyThoughItMatches() throws {
    let workspace = try FitWorkspace(mustFit: #""L...XXXL""#)
    defer { workspace.remove() }
    let first = try #require(
      verifyMessage(casesFile: workspace.cases, record: .missing))
    #expect(
      first.contains(
        """

        2 cases must fit ("mustFit") and do not: buttons/cancel/default/body/XXL/180, \
        buttons/cancel/default/body/XXXL/180
        7 cases are already truncated when recorded:
        buttons/cancel/default/body/*/180 "Cancel subscription"
          fits through XL; truncated from XXL
          XXL: truncated, must fit; needs 192.612 pt unwrapped, box 180 pt; needs 2 lines, \
        limit 1
        """), "\(first)")

    // The golden file holds them as measured, and they match it; they still fail.
    let again = try #require(verifyMessage(casesFile: workspace.cases, record: .never))
    #expect(
      again.hasPrefix(
        """
        2 of 12 cases must fit and do not; all match \(workspace.golden.path)

        2 cases must fit ("mustFit") and do not: buttons/cancel/default/body/XXL/180, \
        buttons/cancel/default/body/XXXL/180

        where each failing text fits
        """), "\(again)")
    #expect(again.contains("\n  fits through XL; truncated from XXL\n"))
    // Only the cases that must fit are listed: the same text truncated at AX1 need not fit.
    #expect(again.contains("  XXXL: truncated, must fit;"))
    #expect(!again.contains("  AX1: "))
    // Recording them again (TYPESCALE_RECORD=all) does not make them pass.
    let all = try #require(verifyMessage(casesFile: workspace.cases, record: .all))
    #expect(all.contains("2 of 12 cases must fit and do not"))

    // Without "mustFit" the same golden file verifies.
    try workspace.write()
    #expect(verifyMessage(casesFile: workspace.cases, record: .never) == nil)
  }

  @Test func report_json_carriesTextFitsAndMustFitFailures() throws {
    let workspace = try FitWorkspace(mustFit: "true", categories: #"["XL", "XXL"]"#)
    defer { workspace.remove() }
    let suite = try GoldenCasesFile.load(workspace.cases)
    let actual = try GoldenMeasurer().measure(suite, baseDirectory: workspace.folder)
    var expected = actual
    expected.measurements[0].width = 150
    var report = GoldenComparison.compare(expected: expected, actual: actual, name: "ui.golden")
    #expect(report.textFits == nil)
    report.addFit(expected: expected, actual: actual, baseDirectory: workspace.folder)
    #expect(report.mustFitFailures == ["buttons/cancel/default/body/XXL/180"])
    #expect(!report.passed)
    let text = try #require(report.textFits?.first)
    #expect(text.summary == "fits at XL; truncated from XXL")
    #expect(
      text.cases.map(\.id) == [
        "buttons/cancel/default/body/XL/180", "buttons/cancel/default/body/XXL/180",
      ])

    let json = report.json()
    #expect(json.contains(#""summary": "fits at XL; truncated from XXL""#))
    #expect(json.contains(#""mustFitFailures": ["#))
    #expect(!json.contains("\n"))
    let decoded = try JSONDecoder().decode(GoldenReport.self, from: Data(json.utf8))
    #expect(decoded == report)
    // A report written before these fields decodes with none, and passes when nothing differs.
    let old = """
      {"golden": "ui.golden", "shards": [], "total": 2, "differing": 0, "mismatches": [],
       "causes": []}
      """
    let older = try JSONDecoder().decode(GoldenReport.self, from: Data(old.utf8))
    #expect(older.textFits == nil && older.mustFitFailures == nil && older.passed)
    // Merged shards keep both.
    let merged = try GoldenReport.merge([report, older])
    #expect(merged.mustFitFailures == report.mustFitFailures)
    #expect(merged.textFits == report.textFits)
  }

  @Test func failureImage_changedText_drawsRecordedAndCurrentSideBySide() throws {
    let workspace = try FitWorkspace(
      texts: #"[["cancel", "Cancel"]]"#, categories: #"["L"]"#, width: "240")
    defer { workspace.remove() }
    _ = verifyMessage(casesFile: workspace.cases, record: .missing)
    try workspace.write(
      texts: #"[["cancel", "Cancel subscription"]]"#, categories: #"["L"]"#, width: "240")
    let outcome = try GoldenVerification.verify(
      casesFile: workspace.cases, record: .never, failureImage: true)
    let message = try #require(outcome.failureMessage)
    let imageURL = Renderer.goldenFailureImageURL(for: workspace.golden)
    let artifactURL = Renderer.goldenArtifactURL(for: workspace.golden)
    #expect(outcome.failureImage == .written(imageURL))
    #expect(message.hasSuffix("\nactual:   \(artifactURL.path)\nimage:    \(imageURL.path)"))
    // What expectGoldens attaches to the failing test: the picture, then the measured file.
    #expect(outcome.attachments == [imageURL, artifactURL])

    let recorded = try #require(try GoldenVerification.read(workspace.golden).measurements.first)
    let now = try #require(try GoldenVerification.read(artifactURL).measurements.first)
    #expect(recorded.testCase.text == "Cancel")
    #expect(now.testCase.text == "Cancel subscription")
    let image = try PNG.decode(try Data(contentsOf: imageURL))
    // Left: the recorded box in magenta; right: the box measured now in green; at scale 2.
    let magenta = pixels(of: image) { $0.red > 200 && $0.green < 80 && $0.blue > 200 }
    let green = pixels(of: image) { $0.red < 80 && $0.green > 130 && $0.blue < 120 }
    let left = try #require(span(magenta))
    let right = try #require(span(green))
    #expect(abs(left.x.count - Int((recorded.width * 2).rounded(.up))) <= 1, "\(left)")
    #expect(abs(right.x.count - Int((now.width * 2).rounded(.up))) <= 1, "\(right)")
    #expect(right.x.lowerBound > left.x.upperBound, "side by side: \(left) then \(right)")
    #expect(right.y.overlaps(left.y), "on one row: \(left), \(right)")
    #expect(image.width >= right.x.upperBound)
  }

  private func pixels(
    of image: Image, where predicate: (RGBAColor) -> Bool
  ) -> [(x: Int, y: Int)] {
    var found: [(x: Int, y: Int)] = []
    for y in 0..<image.height {
      for x in 0..<image.width where predicate(image[x: x, y: y]) { found.append((x, y)) }
    }
    return found
  }

  private func span(_ points: [(x: Int, y: Int)]) -> (x: Range<Int>, y: Range<Int>)? {
    guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
      let minY = points.map(\.y).min(), let maxY = points.map(\.y).max()
    else { return nil }
    return (minX..<(maxX + 1), minY..<(maxY + 1))
  }
}
