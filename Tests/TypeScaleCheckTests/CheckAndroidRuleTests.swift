// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale

@testable import TypeScaleCheck

/// Android rules in a constraints file: the platform, its fields, and what is refused.
@Suite struct CheckAndroidRuleTests {
  private func load(_ json: String) throws -> CheckConstraints {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-android-rules-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("constraints.json")
    try Data(json.utf8).write(to: file)
    return try CheckConstraints.load(contentsOf: file)
  }

  private func message(_ json: String) -> String {
    do {
      _ = try load(json)
      return ""
    } catch let error as CheckError {
      return error.message
    } catch {
      return "\(error)"
    }
  }

  @Test func fileLevelPlatform_givesEveryRuleFontScales() throws {
    let constraints = try load(
      #"{"platform": "android", "rules": [{"keys": "*", "textSize": 14, "width": 120}]}"#)
    let rule = try #require(constraints.rule(for: "title", isAndroidEntry: false))
    #expect(rule.steps == [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2].map(SizeStep.fontScale))
    #expect(rule.categories.isEmpty)
    #expect(rule.android?.density == .phone420)
    #expect(rule.style == "14sp")
  }

  @Test(arguments: [
    (#""fontScales": "1...1.5""#, [1, 1.15, 1.3, 1.5]),
    (#""fontScales": [2, 1]"#, [1, 2]),
    (#""androidVersion": 13"#, [0.85, 1, 1.15, 1.3]),
  ])
  func fontScales_followTheSelectionAndVersion(field: String, scales: [Double]) throws {
    let constraints = try load(#"{"platform": "android", "defaults": {\#(field)}}"#)
    let rule = try #require(constraints.rule(for: "any", isAndroidEntry: true))
    #expect(rule.android?.fontScales == scales)
  }

  @Test func aRuleNamingAPlatform_takesOnlyThatPlatformsEntries() throws {
    let constraints = try load(
      #"""
      {"rules": [
        {"keys": "button*", "width": 120},
        {"keys": "*", "platform": "android", "textAppearance": "bodyLarge", "width": 320},
        {"keys": "*", "platform": "ios", "style": "body", "width": 320}
      ]}
      """#)
    #expect(constraints.ruleIndex(for: "label.name", isAndroidEntry: false) == 2)
    #expect(constraints.ruleIndex(for: "label_name", isAndroidEntry: true) == 1)
    // A rule without a platform takes both.
    #expect(constraints.ruleIndex(for: "button.save", isAndroidEntry: false) == 0)
    #expect(constraints.ruleIndex(for: "button_save", isAndroidEntry: true) == 0)
    #expect(constraints.rule(for: "label.name", isAndroidEntry: false)?.android == nil)
    #expect(constraints.rule(for: "label_name", isAndroidEntry: true)?.android != nil)
  }

  @Test func androidEntries_defaultToAndroid_otherEntriesToIOS() throws {
    let constraints = try load(#"{"defaults": {"width": 120}}"#)
    #expect(constraints.rule(for: "k", isAndroidEntry: true)?.android != nil)
    #expect(constraints.rule(for: "k", isAndroidEntry: false)?.android == nil)
    #expect(constraints.rule(for: "k", isAndroidEntry: false)?.categories.count == 12)
  }

  @Test func textAppearance_setsSizeWeightAndName() throws {
    let constraints = try load(
      #"{"platform": "android", "defaults": {"textAppearance": "labelLarge", "maxLines": 1,"#
        + #" "ellipsize": "end", "target": "compose"}}"#)
    let rule = try #require(constraints.rule(for: "k", isAndroidEntry: true))
    #expect(rule.android?.textSize == 14)
    #expect(rule.android?.appearance?.weight == .medium)
    #expect(rule.android?.target == .compose)
    #expect(rule.android?.ellipsize == .end)
    #expect(rule.lineLimit == 1)
    #expect(rule.style == "labelLarge")
  }

  @Test(arguments: [
    (
      #"{"platform": "android", "rules": [{"keys": "button_*", "style": "headline"}]}"#,
      #"rule "button_*": "style": "headline" is an iOS text style; on Android use "textAppearance": "titleMedium" or "textSize""#
    ),
    (
      #"{"platform": "android", "rules": [{"keys": "a", "categories": "xS...AX3"}]}"#,
      #"rules[0].categories: rule "a": "categories" are iOS content-size categories; on Android use "fontScales""#
    ),
    (
      #"{"platform": "ios", "rules": [{"keys": "a", "textSize": 14}]}"#,
      #"rules[0].textSize: rule "a": "textSize" is an Android field"#
    ),
    (
      #"{"defaults": {"target": "webview"}}"#,
      "unknown target \"webview\"; valid values: textview, compose"
    ),
    (
      #"{"defaults": {"ellipsize": "middle"}}"#,
      "unknown ellipsize \"middle\"; valid values: none, end"
    ),
    (#"{"platform": "windows"}"#, "unknown platform \"windows\"; valid platforms: ios, android"),
    (#"{"defaults": {"textAppearance": "huge"}}"#, "defaults.textAppearance"),
    (#"{"defaults": {"density": 0}}"#, "density 0 is not valid"),
    (#"{"defaults": {"textSize": -1}}"#, "textSize -1 is not valid"),
    (#"{"defaults": {"lineLimit": 1, "maxLines": 2}}"#, "both lineLimit and maxLines are set"),
  ])
  func wrongFields_areErrorsNamingTheFieldAndWhatIsValid(json: String, expected: String) {
    let text = message(json)
    #expect(text.contains(expected), "\(text)")
  }

  @Test func sizeSteps_orderAndLabel() throws {
    #expect(SizeStep.category(.accessibilityExtraExtraExtraLarge) < .fontScale(0.85))
    #expect(SizeStep.fontScale(1.3).label == "1.3×")
    #expect(SizeStep.fontScale(2).label == "2×")
    #expect(SizeStep.category(.large).label == "L")
    let decoded = try JSONDecoder().decode([SizeStep].self, from: Data(#"["AX2", 1.3]"#.utf8))
    #expect(decoded == [.category(.accessibilityLarge), .fontScale(1.3)])
  }

  @Test func stepSet_keepsCategoriesInBitsAndFontScalesSorted() {
    var set = SizeStepSet(steps: [.fontScale(2), .category(.large), .fontScale(1.3)])
    set.insert(.fontScale(1.3))
    #expect(set.steps == [.category(.large), .fontScale(1.3), .fontScale(2)])
    #expect(set.count == 3)
    #expect(set.first == .category(.large))
    var pattern = CheckStatusPattern()
    pattern[SizeStep.fontScale(2)] = .truncated
    pattern[SizeStep.fontScale(1)] = .fits
    #expect(pattern.steps == [.fontScale(1), .fontScale(2)])
    #expect(pattern[SizeStep.fontScale(2)] == .truncated)
  }
}
