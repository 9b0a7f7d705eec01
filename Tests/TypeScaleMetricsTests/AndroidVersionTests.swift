// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleMetrics

@Suite("AndroidVersion, AndroidToolkit, AndroidDensity, AndroidFontScaleLabel")
struct AndroidVersionTests {
  @Test("Settings font scales per release (AOSP entryvalues_font_size)")
  func androidVersion_defaultFontScales() throws {
    #expect(try AndroidVersion(13).defaultFontScales == [0.85, 1, 1.15, 1.3])
    #expect(try AndroidVersion(9).defaultFontScales == [0.85, 1, 1.15, 1.3])
    #expect(AndroidVersion.android14.defaultFontScales == [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2])
    #expect(AndroidVersion.latest.defaultFontScales == [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2])
    #expect(AndroidVersion.latest >= .android14)
    #expect(!AndroidVersion.android13.hasNonLinearFontScaling)
    #expect(AndroidVersion.android15.hasNonLinearFontScaling)
  }

  @Test("Version → curve: View 13 linear, View 14+ the later AOSP curve, Compose its own")
  func androidVersion_curves() {
    #expect(AndroidVersion.android13.platformCurveRelease == nil)
    #expect(AndroidVersion.android14.platformCurveRelease == .android14QPR)
    #expect(AndroidToolkit.view.curveRelease(on: .android13) == nil)
    #expect(AndroidToolkit.view.curveRelease(on: .android16) == .android14QPR)
    #expect(AndroidToolkit.compose.curveRelease(on: .android13) == .jetpackCompose)
    #expect(AndroidToolkit.compose.curveRelease(on: .latest) == .jetpackCompose)
  }

  @Test(
    "Version parsing forms",
    arguments: [
      ("13", 13), ("14", 14), ("Android 14", 14), ("android13", 13), ("API 34", 14),
      ("api33", 13), (" 15 ", 15), ("ANDROID-16", 16),
    ])
  func androidVersion_parsing(text: String, release: Int) throws {
    #expect(try AndroidVersion(parsing: text).release == release)
  }

  @Test(
    "Bad versions name the value and the valid forms",
    arguments: ["0", "100", "banana", "", "API 20"])
  func androidVersion_errors(text: String) {
    let error = #expect(throws: MetricsError.self) { try AndroidVersion(parsing: text) }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains("1…99") == true, "\(error?.message ?? "")")
    #expect(throws: MetricsError.self) { try AndroidVersion(0) }
    #expect(AndroidVersion.android14.description == "Android 14")
  }

  @Test(
    "Toolkit names",
    arguments: [
      ("view", AndroidToolkit.view), ("TextView", .view), ("textview", .view),
      ("compose", .compose), ("Jetpack Compose", .compose), ("jetpack-compose", .compose),
    ])
  func androidToolkit_parsing(text: String, toolkit: AndroidToolkit) throws {
    #expect(try AndroidToolkit(parsing: text) == toolkit)
  }

  @Test func androidToolkit_errorsAndNames() {
    let error = #expect(throws: MetricsError.self) { try AndroidToolkit(parsing: "flutter") }
    #expect(error?.message.contains("flutter") == true)
    #expect(error?.message.contains("textview or compose") == true)
    #expect(AndroidToolkit.view.rawValue == "view")
    #expect(AndroidToolkit.view.targetName == "textview")
    #expect(AndroidToolkit.compose.targetName == "compose")
  }

  @Test(
    "Density forms (DisplayMetrics: density = dpi / 160)",
    arguments: [
      ("2.625", 2.625), ("3x", 3), ("420dpi", 2.625), ("xxhdpi", 3), ("mdpi", 1),
      ("hdpi", 1.5), ("xhdpi", 2), ("xxxhdpi", 4), ("ldpi", 0.75), ("560 dpi", 3.5),
    ])
  func androidDensity_parsing(text: String, pixelsPerDp: Double) throws {
    #expect(try AndroidDensity(parsing: text).pixelsPerDp == pixelsPerDp)
  }

  @Test func androidDensity_defaultsAndLimits() throws {
    #expect(AndroidDensity.phone420.pixelsPerDp == 2.625)
    #expect(try AndroidDensity(dpi: 420) == .phone420)
    #expect(try AndroidDensity(dpi: 480) == .xxhdpi)
    #expect(AndroidDensity.phone420.dpi == 420)
    for bad in [0.4, 8.5, 0, -1, Double.nan] {
      let error = #expect(throws: MetricsError.self) { try AndroidDensity(bad) }
      #expect(error?.code == .invalidDisplayScale)
      #expect(error?.message.contains("0.5…8") == true, "\(error?.message ?? "")")
    }
    let error = #expect(throws: MetricsError.self) { try AndroidDensity(parsing: "retina") }
    #expect(error?.message.contains("retina") == true)
    #expect(error?.message.contains("xxhdpi") == true)
    #expect(throws: MetricsError.self) { try AndroidDensity(dpi: 10) }
  }

  @Test(
    "Report column labels", arguments: [(1.3, "1.3×"), (2, "2×"), (0.85, "0.85×"), (1, "1×")])
  func androidFontScaleLabel_label(scale: Double, label: String) {
    #expect(AndroidFontScaleLabel.label(scale) == label)
  }
}
