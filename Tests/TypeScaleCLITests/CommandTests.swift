// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleCLI

private struct GoldenRun: Sendable, CustomTestStringConvertible {
  let name: String
  let arguments: [String]
  /// What the run prints on standard error: nothing unless said.
  var error = ""
  var testDescription: String { name }
}

@Suite struct CommandTests {
  private static let goldenRuns = [
    GoldenRun(name: "help_root", arguments: ["--help"]),
    GoldenRun(name: "help_sizes", arguments: ["sizes", "--help"]),
    GoldenRun(name: "help_scale", arguments: ["scale", "--help"]),
    GoldenRun(name: "sizes_ios", arguments: ["sizes"]),
    GoldenRun(name: "sizes_watchos", arguments: ["sizes", "--platform", "watchos"]),
    GoldenRun(name: "sizes_macos", arguments: ["sizes", "--platform", "macos"]),
    GoldenRun(name: "sizes_tvos_json", arguments: ["sizes", "--platform", "tvos", "--json"]),
    GoldenRun(name: "sizes_body_json", arguments: ["sizes", "--style", "body", "--json"]),
    GoldenRun(name: "sizes_android", arguments: ["sizes", "--platform", "android"]),
    GoldenRun(
      name: "sizes_android_material2_compose13",
      arguments: [
        "sizes", "--platform", "android", "--type-scale", "material2", "--target", "compose",
        "--android-version", "13",
      ]),
    GoldenRun(
      name: "scale_android_14sp",
      arguments: ["scale", "--platform", "android", "--size", "14"]),
    GoldenRun(
      name: "measure_android_textview",
      arguments: [
        "measure", "The quick brown fox jumps over the lazy dog and keeps running far away",
        "--platform", "android", "--target", "textview", "--width", "140",
      ]),
    GoldenRun(
      name: "measure_android_compose",
      arguments: [
        "measure", "The quick brown fox jumps over the lazy dog and keeps running far away",
        "--platform", "android", "--target", "compose", "--width", "140",
      ]),
    GoldenRun(
      name: "measure_android_labelLarge_korean_all",
      arguments: [
        "measure", "계속하기 버튼을 누르세요", "--platform", "android", "--style", "labelLarge",
        "--width", "120", "--all-categories",
      ]),
    GoldenRun(
      name: "scale_body17_all",
      arguments: ["scale", "--style", "body", "--size", "17", "--all-categories"]),
    GoldenRun(
      name: "scale_body17_all_json",
      arguments: ["scale", "--style", "body", "--size", "17", "--all-categories", "--json"]),
    GoldenRun(
      name: "scale_title1_ax3_max44_2x",
      arguments: [
        "scale", "--style", "title1", "--size", "28", "--category", "AX3", "--max", "44",
        "--display-scale", "2",
      ]),
    GoldenRun(name: "help_fonts_inspect", arguments: ["fonts", "inspect", "--help"]),
    GoldenRun(name: "help_fonts_match", arguments: ["fonts", "match", "--help"]),
    GoldenRun(name: "help_check", arguments: ["check", "--help"]),
    GoldenRun(name: "help_check_merge", arguments: ["check", "merge", "--help"]),
    GoldenRun(
      name: "fonts_inspect_collection_variable",
      arguments: [
        "fonts", "inspect", Fixtures.font("Fixture-Collection.ttc").path,
        Fixtures.font("Fixture-Variable.ttf").path, Fixtures.font("Fixture-Hangul.otf").path,
      ]),
    GoldenRun(
      name: "fonts_inspect_woff2_json",
      arguments: ["fonts", "inspect", "--json", Fixtures.font("Fixture-Regular.woff2").path]),
    GoldenRun(
      name: "fonts_match_semibold_italic",
      arguments: [
        "fonts", "match", "--dir", Fixtures.fontsDirectory.path, "--family", "TypeScale Fixture",
        "--weight", "600", "--italic",
      ]),
    GoldenRun(
      name: "fonts_match_variable_650_json",
      arguments: [
        "fonts", "match", "--dir", Fixtures.fontsDirectory.path, "--family", "TypeScale Variable",
        "--weight", "650", "--json",
      ]),
    GoldenRun(
      name: "scale_typography_body_all",
      arguments: [
        "scale", "--typography",
        packageRoot().appendingPathComponent(
          "Samples/typography-pretendard.json"
        ).path, "--style", "body", "--all-categories",
      ]),
    GoldenRun(
      name: "measure_typography_korean_all",
      arguments: [
        "measure", "설정을 저장했습니다", "--typography",
        packageRoot().appendingPathComponent(
          "Samples/typography-pretendard.json"
        ).path, "--style", "callout", "--all-categories", "--width", "120",
        "--strategy", "hangul-word-priority",
      ],
      // Issue 17: a substitution is a warning, not only a note in the output.
      error: "warning: requested \"Pretendard\", not registered; using NotoSans-Regular "
        + "(TypeScale's default)\n"),
    GoldenRun(
      name: "scale_watchos_body_all",
      arguments: [
        "scale", "--platform", "watchos", "--style", "body", "--size", "16",
        "--all-categories",
      ]),
  ]

  @Test(arguments: goldenRuns)
  fileprivate func cli_outputMatchesGolden(_ run: GoldenRun) async {
    var output = ""
    var error = ""
    let status = await CLI.run(
      TypeScaleCommand.self, arguments: run.arguments, output: &output, errorOutput: &error)
    #expect(status == .success, "\(error)")
    // `fonts match --dir` warns about the deliberately broken fixtures; nothing else may warn
    // but as the run says.
    if !run.arguments.contains("match") { #expect(error == run.error) }
    expectTextGolden(output, named: run.name, in: "cli")
  }

  @Test func scale_allCategoriesJSON_hasTheWorkedPointSizes() async throws {
    let run = await typescale(
      "scale", "--style", "body", "--size", "17", "--all-categories", "--json")
    #expect(run.status == 0)
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(objects.count == 12)
    #expect(
      objects.compactMap { ($0["pointSize"] as? NSNumber)?.doubleValue }
        == [15, 15, 16, 17, 19, 20, 22, 26, 31, 37, 43, 48])
    #expect(
      objects.compactMap { $0["category"] as? String }
        == ["xS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"])
    let medium = try #require((objects[2]["scaledValue"] as? NSNumber)?.doubleValue)
    #expect(abs(medium - 49.0 / 3.0) < 1e-6)
  }

  @Test func fontsInspect_reportsBadFilesAndListsTheRest() async {
    let run = await typescale(
      "fonts", "inspect", Fixtures.font("broken-html.ttf").path,
      Fixtures.font("Fixture-Bold.ttf").path, Fixtures.font("broken-truncated.ttf").path)
    #expect(run.status == 2)
    let errors = run.error.split(separator: "\n")
    #expect(errors.count == 2)
    #expect(
      errors.first?.hasSuffix(
        "broken-html.ttf is not a font: it starts with \"<!DOCTYPE html>⏎<html la…\": an HTML page, perhaps an error page saved by a download"
      ) == true)
    #expect(errors.last?.contains("broken-truncated.ttf is truncated or corrupt") == true)
    #expect(run.output.contains("TypeScaleFixture-Bold"))
    #expect(run.output.split(separator: "\n").count == 2)
  }

  @Test func fontsMatch_unknownFamilyFails() async {
    let run = await typescale(
      "fonts", "match", "--dir", Fixtures.fontsDirectory.path, "--family", "Pretendard")
    #expect(run.status == 2)
    #expect(
      run.error.contains("error: no registered face is named or in a family named \"Pretendard\""))
  }

  @Test func scale_maxCapsPointSizeButNotScaledValue() async throws {
    let run = await typescale(
      "scale", "--style", "body", "--size", "17", "--category", "accessibility5", "--max", "40",
      "--json")
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect((objects.first?["pointSize"] as? NSNumber)?.doubleValue == 40)
    #expect((objects.first?["scaledValue"] as? NSNumber)?.doubleValue == 48)
    #expect(objects.first?["clamped"] as? Bool == true)
  }

  fileprivate struct BadRun: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  private static let badRuns = [
    BadRun(
      arguments: ["scale", "--style", "body", "--size", "17", "--category", "AX9"],
      message: "unknown content-size category \"AX9\"; valid names: xS, S, M, L, XL, XXL, XXXL, "
        + "AX1, AX2, AX3, AX4, AX5"),
    BadRun(
      arguments: ["scale", "--style", "body", "--size", "abc", "--category", "L"],
      message: "invalid value 'abc' for '--size'"),
    BadRun(
      arguments: ["scale", "--style", "body", "--size", "-3", "--category", "L"],
      message: "design size -3 is not a valid point size; use a finite number ≥ 0"),
    BadRun(
      arguments: ["scale", "--style", "heading", "--size", "17", "--category", "L"],
      message: "unknown text style \"heading\""),
    BadRun(
      arguments: ["scale", "--style", "body", "--size", "17"],
      message: "give --category <category> or --all-categories"),
    BadRun(
      arguments: [
        "scale", "--style", "body", "--size", "17", "--category", "L",
        "--all-categories",
      ],
      message: "give either --category or --all-categories, not both"),
    BadRun(
      arguments: ["scale", "--style", "extraLargeTitle", "--size", "36", "--category", "L"],
      message: "cannot scale extraLargeTitle with the iOS table"),
    BadRun(
      arguments: [
        "scale", "--platform", "watchos", "--style", "body", "--size", "16",
        "--category", "M",
      ],
      message: "watchOS has no M category"),
    BadRun(
      arguments: [
        "scale", "--style", "body", "--size", "17", "--category", "L",
        "--display-scale", "0",
      ],
      message: "display scale 0 is not valid"),
    BadRun(
      arguments: ["scale", "--style", "body", "--size", "17", "--category", "L", "--max", "-1"],
      message: "maximum point size -1 is not a valid point size"),
    // Issue 15, finding 12: values whose scaled sizes printed `inf` or `-0` in --json.
    BadRun(
      arguments: ["scale", "--style", "body", "--size", "1e308", "--category", "AX5", "--json"],
      message: "design size 1e+308 is not a valid point size; use a finite number ≥ 0 and "
        + "≤ 100000 (ValueRanges.maximumPoints)"),
    BadRun(
      arguments: [
        "scale", "--style", "body", "--size", "17", "--category", "L", "--display-scale",
        "1e308", "--json",
      ],
      message: "display scale 1e+308 is not valid; use a number of pixels per point in 0.5…10"),
    BadRun(
      arguments: [
        "scale", "--style", "body", "--size", "17", "--all-categories", "--display-scale",
        "1e-308", "--json",
      ],
      message: "display scale 1e-308 is not valid; use a number of pixels per point in 0.5…10 "
        + "(ValueRanges.displayScales"),
    BadRun(
      arguments: ["scale", "--style", "body", "--size", "17", "--category", "L", "--max", "1e308"],
      message: "maximum point size 1e+308 is not a valid point size; use a finite number ≥ 0 and "
        + "≤ 100000"),
    BadRun(arguments: ["scale", "--frobnicate"], message: "unknown option '--frobnicate'"),
    BadRun(arguments: ["sizes", "--platform", "windows"], message: "'windows'"),
    BadRun(
      arguments: ["sizes", "--platform", "android", "--style", "headlin"],
      message: "headlin"),
    BadRun(
      arguments: ["sizes", "--style", "largeTitle", "--platform", "tvos"],
      message: "tvOS has no largeTitle text style"),
    BadRun(arguments: ["render"], message: "missing required option '--output <path>'"),
    BadRun(arguments: ["fonts", "inspect"], message: "missing required argument '<path> ...'"),
    BadRun(
      arguments: ["fonts", "match", "--dir", ".", "--family", "X", "--weight", "1200"],
      message: "font weight 1200 is out of range; use 1…1000"),
    BadRun(
      arguments: ["fonts", "match", "--dir", ".", "--family", "X", "--width", "-5"],
      message: "font width -5.0% is not valid"),
  ]

  @Test(arguments: [
    ["--size", "30000", "--display-scale", "10"], ["--size", "30000", "--display-scale", "0.5"],
    ["--size", "0.0001", "--display-scale", "0.5"],
  ])
  func scale_jsonAtTheEdgesOfTheRanges_isValidJSON(_ options: [String]) async throws {
    let run = await typescale(
      ["scale", "--style", "body", "--all-categories", "--json"] + options)
    #expect(run.status == 0, "\(run.error)")
    #expect(
      !run.output.contains("inf") && !run.output.contains("nan") && !run.output.contains("-0"))
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(rows.count == 12)
    for row in rows {
      for key in ["pointSize", "scaledValue", "factor"] {
        let value = try #require((row[key] as? NSNumber)?.doubleValue, "\(key)")
        #expect(value.isFinite && value >= 0)
      }
    }
  }

  // MARK: - goldens merge: reports are validated (issue 15, finding 5)

  /// A report as `goldens verify --json` prints it, with fields replaced.
  private static func report(
    total: String = "10", differing: String = "0", shards: String = #"["1/2"]"#,
    mismatches: String = "[]"
  ) -> String {
    #"{"golden": "ui.golden", "shards": \#(shards), "total": \#(total), "#
      + #""differing": \#(differing), "mismatches": \#(mismatches), "causes": []}"#
  }

  fileprivate struct BadReport: Sendable, CustomTestStringConvertible {
    let name: String
    let reports: [String]
    let message: String
    var testDescription: String { name }
  }

  private static let badReports = [
    BadReport(
      name: "negative total", reports: [report(total: "-1")],
      message: "is not a valid report: \"total\" is -1; a count of cases is ≥ 0"),
    BadReport(
      name: "totals past Int.max",
      reports: [
        report(total: "\(Int.max)"), report(total: "1", shards: #"["2/2"]"#),
      ],
      message: "2.json: \"total\" is 1, which takes the reports' total past \(Int.max)"),
    BadReport(
      name: "differing without mismatches", reports: [report(differing: "3")],
      message: "\"differing\" is 3, but \"mismatches\" lists 0 cases"),
    BadReport(
      name: "total past Int.max", reports: [report(total: "9223372036854775808")],
      message: "\"total\" is 9223372036854775808, not a count of cases (an integer in "
        + "0…9223372036854775807)"),
    BadReport(
      name: "a field with one value",
      reports: [
        report(
          differing: "1",
          mismatches: #"[{"id": "a", "text": "A", "kind": "changed", "fields": {"width": ["1"]}}]"#)
      ],
      message: "\"mismatches[0].fields.width\" has 1 value"),
  ]

  @Test(arguments: badReports)
  fileprivate func goldensMerge_badReport_exits2NamingTheFileAndField(_ bad: BadReport) async throws
  {
    let folder = try Fixtures.temporaryDirectory("typescale-merge")
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (index, text) in bad.reports.enumerated() {
      let url = folder.appendingPathComponent("\(index + 1).json")
      try Data(text.utf8).write(to: url)
      paths.append(url.path)
    }
    let run = await typescale(["goldens", "merge"] + paths)
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix("error: "), "\(run.error)")
    #expect(run.error.contains(bad.message), "\(run.error)")
    if bad.reports.count == 1 { #expect(run.error.contains(paths[0]), "\(run.error)") }
  }

  @Test func goldensMerge_shardOfTheLargestSplit_warnsWithoutListingEveryShard() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-merge")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("1.json")
    try Data(Self.report(shards: #"["1/10000"]"#).utf8).write(to: url)
    let run = await typescale(["goldens", "merge", url.path])
    #expect(run.status == 0, "\(run.error)")
    #expect(
      run.error
        == "warning: ui.golden: shards 2/10000, 3/10000, "
        + (4...11).map { "\($0)/10000" }.joined(separator: ", ")
        + " and 9989 more not given; their cases are not counted\n")
    // A shard past `Shard.maximumCount`, as `check` refuses it.
    try Data(Self.report(shards: #"["1/9223372036854775807"]"#).utf8).write(to: url)
    let huge = await typescale(["goldens", "merge", url.path])
    #expect(huge.status == 2)
    #expect(huge.error.contains("is out of range; use K/N with 1 ≤ K ≤ N ≤ 10000"), "\(huge.error)")
  }

  @Test(arguments: badRuns)
  fileprivate func cli_badInputExits2NamingTheValue(_ bad: BadRun) async {
    var output = ""
    var error = ""
    let status = await CLI.run(
      TypeScaleCommand.self, arguments: bad.arguments, output: &output, errorOutput: &error)
    #expect(status == .validationFailure)
    #expect(output.isEmpty)
    let firstLine = error.split(separator: "\n").first.map(String.init) ?? ""
    #expect(firstLine.hasPrefix("error: "), "\(error)")
    #expect(firstLine.contains(bad.message), "\(error)")
  }
}
