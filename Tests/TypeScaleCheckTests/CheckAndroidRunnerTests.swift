// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale

@testable import TypeScaleCheck

/// The runner's Android path: the shape-once sweep gives what one layout per font scale gives,
/// and statuses follow Android's clipping and ellipsis.
@Suite struct CheckAndroidRunnerTests {
  private func rule(_ settings: CheckSettings) throws -> CheckRule.Resolved {
    var constraints = CheckConstraints()
    constraints.defaults = settings
    return try #require(constraints.rule(for: "k", isAndroidEntry: true))
  }

  @Test(arguments: ["textview", "compose"])
  func sweep_matchesOneLayoutPerFontScale(target: String) throws {
    var settings = CheckSettings(width: 120, lineLimit: 2)
    settings.textSize = 16
    settings.target = CheckAndroidTarget(rawValue: target)
    let rule = try rule(settings)
    let android = try #require(rule.android)
    #expect(CheckRunner.sweepsOnce(android))
    let runner = try CheckRunner(constraints: CheckConstraints(), workers: 1)
    let text = "Keep your changes before you leave this screen"
    let (cells, _, _) = try runner.layOutAndroid(
      text, language: "en", scriptText: text, rule: rule, android: android)
    #expect(cells.map(\.step) == android.fontScales.map(SizeStep.fontScale))
    let base = try runner.androidFont(family: nil, weight: .regular)
    for cell in cells {
      let size = try android.size(at: try #require(cell.step.fontScale))
      let options = try CheckRunner.androidOptions(
        rule, android: android, size: size, language: "en")
      let layout = try runner.engine.layout(
        text, font: try base.withSize(size.points), options: options)
      #expect(cell.width == layout.width)
      #expect(cell.height == layout.height)
      #expect(cell.lineCount == layout.lineCount)
      #expect(cell.px == size.px)
    }
  }

  @Test func pastMaxLines_clipsAndOverflows_unlessEllipsizeEnd() throws {
    var settings = CheckSettings(width: 60, lineLimit: 1)
    settings.textSize = 14
    settings.fontScales = try CheckFontScaleSelection(fontScales: [1])
    let runner = try CheckRunner(constraints: CheckConstraints(), workers: 1)
    let text = "Save all changes"
    let clipped = try rule(settings)
    let (clippedCells, _, _) = try runner.layOutAndroid(
      text, language: "en", scriptText: text, rule: clipped, android: try #require(clipped.android))
    #expect(clippedCells.map(\.status) == [.overflowsLines])
    #expect(clippedCells.first.map { $0.neededLines > 1 } == true)
    settings.ellipsize = .end
    let ellipsized = try rule(settings)
    let (cells, _, _) = try runner.layOutAndroid(
      text, language: "en", scriptText: text, rule: ellipsized,
      android: try #require(ellipsized.android))
    #expect(cells.map(\.status) == [.truncated])
  }
}
