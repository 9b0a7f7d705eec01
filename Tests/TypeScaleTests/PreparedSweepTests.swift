// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleTestSupport

/// `DynamicType.PreparedSweep` is a shortcut (the font and options resolved once); it must give
/// exactly what `DynamicType.sweep` gives, the slow path, for every text style of the system
/// typography and of a custom one, for texts in several scripts, with and without a width, line
/// limit and language.
@Suite struct PreparedSweepTests {
  static let texts: [(text: String, language: String?)] = [
    ("Subscribe", nil), ("Speichern und schließen", "de"), ("구독하고 알림 받기", "ko"),
    ("購読して通知を受け取る", "ja"), ("اشترك الآن", "ar"), ("Подписаться на обновления", "ru"),
    (
      "A longer sentence that wraps over several lines at the larger accessibility sizes.",
      "en"
    ),
    ("", nil),
  ]

  static let optionSets: [(width: Double?, options: LayoutOptions)] = [
    (nil, LayoutOptions()),
    (120, LayoutOptions(lineLimit: 1, truncation: .tail)),
    (200, LayoutOptions(lineLimit: 2)),
  ]

  private static func summary(_ layouts: [CategoryLayout]) -> [String] {
    layouts.map { swept in
      let layout = swept.layout
      return
        "\(swept.category.shortName) \(swept.size.points) \(layout.width)×\(layout.height) "
        + "\(layout.lineCount) \(layout.isTruncated) \(layout.font.face.postScriptName)"
    }
  }

  @Test(arguments: ["system", "pretendard"])
  func preparedSweep_equalsSweep(typographyName: String) throws {
    let typography =
      typographyName == "system"
      ? Typography.system
      : try Typography.load(
        packageRoot().appendingPathComponent("Samples/typography-pretendard.json"))
    let dynamicType = DynamicType(
      registry: try FontRegistry(), typography: typography, range: .all)
    var compared = 0
    for style in TextStyle.allCases where SizeTable.iOS.isScalable(style) {
      for (width, options) in Self.optionSets {
        let prepared = try dynamicType.preparedSweep(style: style, width: width, options: options)
        for (text, language) in Self.texts {
          var withLanguage = options
          withLanguage.language = language
          let slow = try dynamicType.sweep(text, style: style, width: width, options: withLanguage)
          let fast = try prepared.sweep(text, language: language)
          #expect(
            Self.summary(fast) == Self.summary(slow), "\(style) \(text) \(width ?? 0)")
          #expect(fast.map(\.layout.lines.count) == slow.map(\.layout.lines.count))
          compared += 1
        }
      }
    }
    #expect(compared > 200)
  }

  @Test func preparedSweep_checksOptionsWhenPrepared() throws {
    let dynamicType = DynamicType(registry: try FontRegistry())
    #expect(throws: TypeScaleError.self) {
      try dynamicType.preparedSweep(style: .body, width: -1)
    }
  }
}
