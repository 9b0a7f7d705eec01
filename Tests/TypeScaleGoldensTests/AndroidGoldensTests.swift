// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics
import TypeScaleTestSupport
import TypeScaleTesting

@testable import TypeScaleGoldens

/// A cases file whose only set is Android, with `fields` and one text.
private func androidSet(_ fields: String, file: String = "") -> Data {
  Data(
    (#"{"# + file + #""sets": [{"platform": "android", "# + fields
      + #", "texts": [["a", "A"]]}]}"#).utf8)
}

/// A cases file and the one problem reading it must report.
private struct BadAndroidCases: Sendable, CustomTestStringConvertible {
  let name: String
  let json: String
  let problem: String
  var testDescription: String { name }
}

/// Android sets in cases and golden files: font scales for steps, Material roles or `sp` sizes,
/// TextView or Compose, measured with `AndroidText`.
@Suite struct AndroidGoldensTests {
  /// The sample Android suite (Korean and English, labelLarge and bodyLarge, TextView and
  /// Compose) matches its recorded golden file.
  @Test func projectGoldens_androidUIMatch() {
    expectGoldens(casesFile: packageRoot().appendingPathComponent("Goldens/android-ui.cases"))
  }

  /// An Android set's steps are Android 14+'s seven Settings font scales by default, its ids
  /// `set/text/font/role/1.3x/width`, its target a TextView.
  @Test func casesFile_androidSetExpandsOverFontScales() throws {
    let suite = try GoldenCasesFile.parse(
      androidSet(#""name": "b", "textAppearances": ["labelLarge"], "widths": [120]"#),
      name: "t.cases")
    #expect(suite.cases.map(\.android?.fontScale) == [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2])
    #expect(suite.cases[3].id == "b/a/default/labelLarge/1.3x/120")
    #expect(suite.cases.allSatisfy { $0.target == .textView && $0.android?.textSize == 14 })
    #expect(suite.cases[0].android?.density == .phone420)
  }

  /// `"androidVersion": 13` gives the four linear font scales; `fontScales`, `textSizes`,
  /// `density` and a file-level platform are read.
  @Test func casesFile_androidKeysAreRead() throws {
    let old = try GoldenCasesFile.parse(
      androidSet(#""textSizes": [14], "androidVersion": 13"#), name: "t.cases")
    #expect(old.cases.map(\.android?.fontScale) == [0.85, 1, 1.15, 1.3])
    #expect(old.cases[0].id == "set1/a/default/14sp/0.85x/unwrapped")
    let file = try GoldenCasesFile.parse(
      Data(
        #"{"platform": "android", "sets": [{"textSizes": [16], "fontScales": "1, 2", "density": "xxhdpi", "target": "compose", "mustFit": "1", "texts": [["a", "A"]]}]}"#
          .utf8), name: "t.cases")
    #expect(file.cases.map(\.android?.fontScale) == [1, 2])
    #expect(file.cases.map(\.mustFit) == [true, false])
    #expect(file.cases.allSatisfy { $0.target == .compose && $0.android?.density == .xxhdpi })
  }

  private static let badCases: [BadAndroidCases] = [
    BadAndroidCases(
      name: "an iOS key in an Android set",
      json:
        #"{"sets": [{"platform": "android", "textSizes": [14], "categories": "all", "texts": [["a", "A"]]}]}"#,
      problem:
        #"$.sets[0].categories: "categories" is an iOS key and this set is Android; give font scales as "fontScales" ("0.85...2.0")"#
    ),
    BadAndroidCases(
      name: "an Android key in an iOS set",
      json: #"{"sets": [{"fontScales": "1", "texts": [["a", "A"]]}]}"#,
      problem:
        #"$.sets[0].fontScales: "fontScales" is an Android key and this set is iOS; give "platform": "android" to the set or the whole file"#
    ),
    BadAndroidCases(
      name: "an Android target in an iOS set",
      json: #"{"sets": [{"target": "compose", "texts": [["a", "A"]]}]}"#,
      problem:
        #"$.sets[0].target: "compose" is an Android target; give "platform": "android" to the set or the file, or use label or attributed-string"#
    ),
    BadAndroidCases(
      name: "an iOS target in an Android set",
      json:
        #"{"sets": [{"platform": "android", "textSizes": [14], "target": "label", "texts": [["a", "A"]]}]}"#,
      problem:
        #"$.sets[0].target: "label" is an iOS target; an Android set's target is textview or compose"#
    ),
    BadAndroidCases(
      name: "an Android set without sizes",
      json: #"{"sets": [{"platform": "android", "texts": [["a", "A"]]}]}"#,
      problem:
        #"$.sets[0]: an Android set needs sizes: Material roles as "textAppearances" (["labelLarge"]) and/or sizes in sp as "textSizes" ([14])"#
    ),
    BadAndroidCases(
      name: "an unknown platform",
      json: #"{"platform": "windows", "sets": [{"texts": [["a", "A"]]}]}"#,
      problem: #"$.platform: "windows" is not a platform; use ios or android"#),
  ]

  /// Keys of the other platform are errors naming the key and what the set takes instead.
  @Test(arguments: badCases)
  fileprivate func casesFile_otherPlatformsKeysAreErrors(_ bad: BadAndroidCases) {
    let error = #expect(throws: GoldenError.self) {
      try GoldenCasesFile.parse(Data(bad.json.utf8), name: "t.cases")
    }
    #expect(error?.code == .malformedCases)
    #expect(error?.message == "t.cases: 1 problem:\n  " + bad.problem)
  }

  /// Android cases are measured with `AndroidText`.
  ///
  /// 14 sp at 2× is 68 px (25.905 dp) in a TextView at 2.625 and
  /// 26 dp in Compose; 1.3× in Compose is 18.8 dp. Records name the font scale and the sizes in
  /// sp, dp and px, and read back as written.
  @Test func record_androidSizesAndRoundTrip() throws {
    let suite = try GoldenCasesFile.parse(
      Data(
        #"{"platform": "android", "sets": [{"name": "v", "textSizes": [14], "fontScales": "1.3, 2", "widths": [120], "texts": [["a", "Continue"]]}, {"name": "c", "textSizes": [14], "fontScales": "1.3, 2", "target": "compose", "widths": [120], "texts": [["a", "Continue"]]}]}"#
          .utf8), name: "t.cases")
    let golden = try GoldenMeasurer().measure(
      suite, baseDirectory: URL(fileURLWithPath: NSTemporaryDirectory()))
    let byID = Dictionary(uniqueKeysWithValues: golden.measurements.map { ($0.id, $0) })
    let view = try #require(byID["v/a/default/14sp/2x/120"])
    #expect(view.pixelSize == 68)
    #expect(abs(view.pointSize - 68 / 2.625) < 1e-9)
    #expect(view.sizingField == "android16@2.625x:14sp:68px")
    #expect(try #require(byID["c/a/default/14sp/2x/120"]).pointSize == 26)
    #expect(abs(try #require(byID["c/a/default/14sp/1.3x/120"]).pointSize - 18.8) < 1e-4)

    let text = golden.render()
    #expect(
      text.contains("\t14sp\t2x\tandroid16@2.625x:14sp:68px\t25.905\t120.000\t0\ttail\ttextview\t"))
    let parsed = try GoldenFile.parse(text, name: "t.golden")
    #expect(parsed.render() == text)
    #expect(
      parsed.measurements.map(\.testCase.android) == golden.measurements.map(\.testCase.android))
    #expect(parsed.measurements[2].testCase.target == .compose)
  }

  /// Where a text stops fitting is said in font scales: `fits through 1.3×; truncated from 1.5×`.
  @Test func fitSummary_namesFontScales() throws {
    let suite = try GoldenCasesFile.parse(
      androidSet(#""textAppearances": ["labelLarge"], "widths": [120], "lines": 1"#),
      name: "t.cases")
    var cases = suite
    cases.cases = cases.cases.map {
      var test = $0
      test.text = "Save changes"
      return test
    }
    let golden = try GoldenMeasurer().measure(
      cases, baseDirectory: URL(fileURLWithPath: NSTemporaryDirectory()))
    let groups = GoldenFitGroups(golden.measurements, tolerance: 0.01)
    let key = try #require(groups.order.first)
    #expect(groups.phases(key) == ["fits through 1.3×", "truncated from 1.5×"])
  }
}

extension AndroidGoldensTests {
  /// `mustFit` takes font scales in an Android set: a button that must fit at 2× and is
  /// truncated there fails; at 1 and 1.3 it fits.
  @Test func mustFit_takesFontScales() throws {
    let suite = try GoldenCasesFile.parse(
      Data(
        (#"{"sets": [{"platform": "android", "name": "b", "textAppearances": ["labelLarge"], "#
          + #""fontScales": "1, 1.3, 2", "mustFit": "1.3, 2", "widths": [120], "lines": 1, "#
          + #""texts": [["save", "Save changes"]]}]}"#).utf8), name: "t.cases")
    #expect(suite.cases.map(\.mustFit) == [false, true, true])
    let golden = try GoldenMeasurer().measure(
      suite, baseDirectory: URL(fileURLWithPath: NSTemporaryDirectory()))
    let check = GoldenFitCheck(golden)
    #expect(check.mustFitFailures == ["b/save/default/labelLarge/2x/120"])
  }
}

/// An Android set that names a font alias draws in that alias's family, as iOS sets do.
@Suite struct AndroidGoldensFontTests {
  @Test func measure_aFontAliasDrawsInItsFamily() throws {
    let folder = packageRoot().appendingPathComponent("Tests/Fixtures/Fonts")
    let registry = try FontRegistry()
    var layouts = GoldenLayouts(
      registry: registry, folder: folder,
      fonts: [GoldenFont(alias: "fx", paths: ["Fixture-Sans.ttf"]), .embedded()],
      typography: nil, fontFolders: [])
    var test = GoldenCase(id: "a", text: "Continue", font: "fx", target: .compose)
    test.android = GoldenAndroidSizing(fontScale: 2, textSize: 14)
    let measured = try layouts.measure(test, engine: TextLayoutEngine(registry: registry))
    let fixture = try layouts.font("fx").primary
    #expect(measured.layout.font.face.family == fixture.family)
    #expect(measured.pointSize == 26)
    #expect(measured.pixelSize == 68.25)

    test.font = "default"
    let roboto = try layouts.measure(test, engine: TextLayoutEngine(registry: registry))
    #expect(roboto.layout.font.face.family == "Roboto")
  }

  /// An Android case has no iOS point size: asking for one is an error naming the case.
  @Test func pointSize_ofAnAndroidCaseIsAnError() {
    var test = GoldenCase(id: "a/b", text: "A", target: .textView)
    test.android = GoldenAndroidSizing(fontScale: 1.3, textSize: 14)
    let error = #expect(throws: MetricsError.self) { try test.pointSize(embedded: true) }
    #expect(error?.message.hasPrefix("case a/b: an Android case (14sp at font scale 1.3x)") == true)
  }
}
