// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleCheck

/// Issue 36's check, end to end through `typescale check --json`: an Android `strings.xml`
/// checked at Android's font scales, sized by Android 14's non-linear curve.
@Suite struct CheckAndroidEndToEndTests {
  static let strings = """
    <?xml version="1.0" encoding="utf-8"?>
    <resources>
        <string name="button_save">Save</string>
    </resources>
    """

  static let constraints = """
    {"platform": "android", "catalogs": ["res"],
     "rules": [{"keys": "*", "textSize": 14, "width": 120}]}
    """

  /// A fresh folder with `res/values/strings.xml` and the constraints.
  private func project(constraints: String = Self.constraints) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-check-android-\(UUID().uuidString)")
    let values = folder.appendingPathComponent("res/values")
    try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
    try Data(Self.strings.utf8).write(to: values.appendingPathComponent("strings.xml"))
    try Data(constraints.utf8).write(to: folder.appendingPathComponent("constraints.json"))
    return folder
  }

  @Test func textSize14_hasAColumnPerFontScale_26dpAnd68pxAt2_18point8dpAt1point3() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path, "--json")
    #expect(run.status == 0, "\(run.output)\(run.error)")
    let report = try CheckJSONReport.read(Data(run.output.utf8), file: "report")
    let result = try #require(report.results.first)
    #expect(
      result.cells.map(\.step) == [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2].map(SizeStep.fontScale))
    #expect(result.required.map(\.label) == ["0.85×", "1×", "1.15×", "1.3×", "1.5×", "1.8×", "2×"])
    let two = try #require(result.cells.first { $0.step == .fontScale(2) })
    #expect(two.sp == 14)
    #expect(two.dp == 26)
    #expect(two.px == 68)  // 26 dp × 2.625 = 68.25 px, rounded as getDimensionPixelSize
    let scale13 = try #require(result.cells.first { $0.step == .fontScale(1.3) })
    // Android computes in single precision: 18.8 as a Float.
    #expect(Float(scale13.dp ?? 0) == 18.8)
    #expect(scale13.px == 49)  // 18.8 × 2.625 = 49.35
    #expect(result.largestFitting == .fontScale(2))
    // Android's default font, reported with the result.
    #expect(result.faces == ["Roboto-Regular"])
    // Version 4 and the cell's sizes in the JSON itself.
    #expect(run.output.hasPrefix("{\"version\":4"))
    #expect(run.output.contains("{\"fontScale\":2,\"sp\":14,\"dp\":26,\"px\":68}"))
    #expect(run.output.contains("\"faces\":[\"Roboto-Regular\"]"))
  }

  @Test func iOSStyleInAnAndroidRule_isAnErrorNamingTheMaterialRole() async throws {
    let folder = try project(
      constraints: """
        {"platform": "android", "catalogs": ["res"],
         "rules": [{"keys": "button_*", "style": "headline", "width": 120}]}
        """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path, "--json")
    #expect(run.status == 2)
    #expect(
      run.error.contains(
        "rule \"button_*\": \"style\": \"headline\" is an iOS text style; on Android use "
          + "\"textAppearance\": \"titleMedium\" or \"textSize\""), "\(run.error)")
  }

  @Test func androidFile_withoutPlatform_isCheckedAtFontScales() async throws {
    let folder = try project(
      constraints: #"{"catalogs": ["res"], "defaults": {"width": 120}}"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path, "--json")
    let report = try CheckJSONReport.read(Data(run.output.utf8), file: "report")
    let result = try #require(report.results.first)
    #expect(result.isAndroid)
    #expect(result.style == "14sp")
    #expect(result.cells.count == 7)
  }

  @Test func mixedRun_drawsIOSAndAndroidGridsApart_withFontScaleColumnsAndFitsUpTo() async throws {
    let folder = try project(
      constraints: """
        {"catalogs": ["res", "Localizable.xcstrings"],
         "rules": [{"keys": "button_*", "platform": "android", "textAppearance": "labelLarge",
                    "width": 40, "maxLines": 1},
                   {"keys": "button.*", "style": "body", "width": 30, "lineLimit": 1}]}
        """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = #"""
      { "sourceLanguage" : "en", "strings" : { "button.save" : { "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Save" } } } } },
        "version" : "1.0" }
      """#
    try Data(catalog.utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
    let run = await typescale("check", folder.appendingPathComponent("constraints.json").path)
    #expect(run.status == 1, "\(run.error)")
    let output = run.output
    let iOS = try #require(output.range(of: "iOS (content-size categories)"))
    let android = try #require(output.range(of: "Android (font scales)"))
    #expect(iOS.lowerBound < android.lowerBound)
    #expect(output.contains("languages  0.85× 1× 1.15× 1.3× 1.5× 1.8× 2×  fits up to"))
    #expect(output.contains("labelLarge, 40 dp, 1 line"))
    #expect(output.contains("body, 30 pt, 1 line"))
    // "Save" in labelLarge: about 32 dp wide at 1×, past 40 dp at the larger scales.
    let gridLine = try #require(
      output.components(separatedBy: "\n").last { $0.contains("strings.xml:3") })
    #expect(gridLine.contains("×"), "\(gridLine)")

    // The HTML page: font-scale columns after the twelve categories, and the Android label drawn.
    let page = folder.appendingPathComponent("check.html")
    let html = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path, "--html", page.path)
    #expect(html.status == 1)
    // Standard error holds nothing but progress lines (drawn once a run passes a second, as it
    // can under the thread sanitizer).
    let errorLines = html.error.split(separator: "\n").filter { !$0.hasPrefix("checking ") }
    #expect(errorLines.isEmpty, "\(html.error)")
    let text = try String(contentsOf: page, encoding: .utf8)
    #expect(text.contains(#""AX5","0.85×","1×","1.15×","1.3×","1.5×","1.8×","2×"]"#))
    #expect(text.components(separatedBy: "data:image/png").count - 1 == 2)
  }

  @Test func iOSOnlyRun_stillWritesVersion3() async throws {
    let folder = try project(
      constraints: #"{"catalogs": ["res"], "platform": "ios", "defaults": {"width": 120}}"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path, "--json")
    #expect(run.output.hasPrefix("{\"version\":3"))
    let report = try CheckJSONReport.read(Data(run.output.utf8), file: "report")
    #expect(report.results.first?.cells.count == 12)
  }
}
