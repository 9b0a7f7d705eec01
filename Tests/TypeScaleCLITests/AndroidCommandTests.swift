// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import TypeScaleCLI

/// `sizes`, `scale` and `measure` with `--platform android`: the numbers a phone shows.
@Suite struct AndroidCommandTests {
  /// Parses a JSON array of objects.
  private static func objects(_ text: String) throws -> [[String: Any]] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [[String: Any]])
  }

  /// The object for a role (or no role) at a font scale.
  private static func row(
    _ rows: [[String: Any]], role: String? = nil, fontScale: Double
  ) throws -> [String: Any] {
    try #require(
      rows.first {
        ($0["fontScale"] as? Double) == fontScale
          && (role == nil || ($0["role"] as? String) == role)
      })
  }

  @Test func sizes_printsTheMaterial3ScaleAtEveryFontScale() async throws {
    let run = await typescale("sizes", "--platform", "android")
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines[1].hasPrefix("role"))
    for label in ["0.85×", "*1×", "1.15×", "1.3×", "1.5×", "1.8×", "2×"] {
      #expect(lines[1].contains(label), "\(label) in \(lines[1])")
    }
    let roles = lines.dropFirst(2).prefix(15).map { String($0.prefix { $0 != " " }) }
    #expect(
      roles == [
        "displayLarge", "displayMedium", "displaySmall", "headlineLarge", "headlineMedium",
        "headlineSmall", "titleLarge", "titleMedium", "titleSmall", "bodyLarge", "bodyMedium",
        "bodySmall", "labelLarge", "labelMedium", "labelSmall",
      ])
    // labelLarge (14 sp) at 2×: 26 dp, 68 px at 2.625.
    let labelLarge = try #require(lines.first { $0.hasPrefix("labelLarge") })
    #expect(labelLarge.hasSuffix("26/68"), "\(labelLarge)")
  }

  @Test func sizes_json_hasAOSPsCurveAndPixelRounding() async throws {
    let run = await typescale("sizes", "--platform", "android", "--json")
    #expect(run.status == 0, "\(run.error)")
    let rows = try Self.objects(run.output)
    #expect(rows.count == 15 * 7)
    let bodyLarge = try Self.row(rows, role: "bodyLarge", fontScale: 1.3)
    #expect(abs((bodyLarge["dp"] as? Double ?? 0) - 20.2) < 1e-4)
    #expect(bodyLarge["px"] as? Double == 53)  // 20.2 × 2.625 = 53.025
    let headline = try Self.row(rows, role: "headlineMedium", fontScale: 1.8)
    #expect(abs((headline["dp"] as? Double ?? 0) - 34.133) < 1e-3)
  }

  @Test func scale_textSize14_onTextViewAndOnCompose() async throws {
    let view = try Self.objects(
      await typescale("scale", "--platform", "android", "--size", "14", "--json").output)
    #expect(view.map { $0["fontScale"] as? Double } == [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2])
    let atTwo = try Self.row(view, fontScale: 2)
    #expect(atTwo["dp"] as? Double == 26)
    #expect(atTwo["px"] as? Double == 68)
    let at13 = try Self.row(view, fontScale: 1.3)
    #expect(abs((at13["dp"] as? Double ?? 0) - 18.8) < 1e-4)
    #expect(at13["px"] as? Double == 49)  // 49.35 rounded as getDimensionPixelSize rounds
    let compose = try Self.objects(
      await typescale(
        "scale", "--platform", "android", "--size", "14", "--target", "compose", "--json"
      ).output)
    let composeAt13 = try Self.row(compose, fontScale: 1.3)
    #expect(abs((composeAt13["px"] as? Double ?? 0) - 49.35) < 1e-3)  // float pixels
  }

  @Test func scale_android13_isLinearOverFourScales() async throws {
    let rows = try Self.objects(
      await typescale(
        "scale", "--platform", "android", "--size", "14", "--android-version", "13", "--json"
      ).output)
    #expect(rows.map { $0["fontScale"] as? Double } == [0.85, 1, 1.15, 1.3])
    #expect(abs((try Self.row(rows, fontScale: 1.3)["dp"] as? Double ?? 0) - 18.2) < 1e-4)
  }

  /// A paragraph whose greedy and optimal breaks differ at 140 dp.
  private static let paragraph =
    "The quick brown fox jumps over the lazy dog and keeps running far away"

  private static func lines(_ target: String) async throws -> [(start: Int, end: Int)] {
    let run = await typescale(
      "measure", paragraph, "--platform", "android", "--target", target, "--width", "140",
      "--json")
    #expect(run.status == 0, "\(run.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let lines = try #require(object["lines"] as? [[String: Any]])
    return lines.map { ($0["start"] as? Int ?? -1, $0["end"] as? Int ?? -1) }
  }

  @Test func measure_textViewBreaksOptimally_composeGreedily() async throws {
    let textView = try await Self.lines("textview")
    let compose = try await Self.lines("compose")
    #expect(textView.map(\.end) != compose.map(\.end))
    // Greedy fills the first line as far as it goes; the optimal breaker leaves room there to
    // even out the lines after it.
    let firstTextView = try #require(textView.first)
    let firstCompose = try #require(compose.first)
    #expect(firstCompose.end > firstTextView.end)
    #expect(textView.last?.end == compose.last?.end)
  }

  @Test func measure_json_namesTheFontScaleAndSizes() async throws {
    let run = await typescale(
      "measure", "Continue", "--platform", "android", "--size", "14", "--font-scales", "2",
      "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(object["fontScale"] as? Double == 2)
    #expect(object["dp"] as? Double == 26)
    #expect(object["px"] as? Double == 68)
    // A TextView lays the text out at the whole-pixel size: 68 px / 2.625.
    #expect(abs((object["pointSize"] as? Double ?? 0) - 68 / 2.625) < 1e-4)
  }

  @Test(arguments: [
    (["scale", "--platform", "android", "--size", "14", "--category", "AX3"], "--font-scales"),
    (["measure", "Hi", "--target", "compose"], "--platform android"),
    (["measure", "Hi", "--platform", "android", "--target", "label"], "textview or compose"),
    (["sizes", "--density", "3"], "only with --platform android"),
    (["scale", "--platform", "android", "--size", "14", "--font-scales", "9"], "0.5…4"),
  ])
  func optionsThatDoNotApply_areErrorsNamingTheAlternative(
    _ arguments: [String], _ expected: String
  ) async {
    let run = await typescale(arguments)
    #expect(run.status == 2)
    #expect(run.error.contains(expected), "\(run.error)")
  }
}
