// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScale
import TypeScaleCheck
import TypeScaleStrings

@Suite struct CheckRuleTests {
  @Test func rules_firstMatchWinsThenDefaults() throws {
    var constraints = CheckConstraints()
    constraints.rules = [
      CheckRule(keys: try KeyGlob("button.*"), settings: CheckSettings(width: 120)),
      CheckRule(keys: try KeyGlob("button.ok"), settings: CheckSettings(width: 44)),
      CheckRule(keys: try KeyGlob("*.title"), settings: CheckSettings(style: "headline")),
    ]
    #expect(constraints.rule(for: "button.ok")?.name == "button.*")
    #expect(constraints.rule(for: "button.ok")?.width == 120)
    #expect(constraints.rule(for: "home.title")?.style == "headline")
    #expect(constraints.rule(for: "home.body") == nil)
    constraints.defaults = CheckSettings(style: "caption1", width: 200, lineLimit: 2)
    let title = try #require(constraints.rule(for: "home.title"))
    #expect(title.style == "headline")
    #expect(title.width == 200)
    #expect(title.lineLimit == 2)
    #expect(constraints.rule(for: "home.body")?.name == "defaults")
    #expect(constraints.rule(for: "home.body")?.style == "caption1")
  }

  static let selections: [(text: String, categories: [ContentSizeCategory])] = [
    ("xS...AX3", Array(ContentSizeCategory.allCases.prefix(10))),
    (
      "L...AX1",
      [.large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge, .accessibilityMedium]
    ),
    ("L", [.large]),
    ("AX5...AX5", [.accessibilityExtraExtraExtraLarge]),
    ("extraSmall...large", [.extraSmall, .small, .medium, .large]),
  ]

  @Test(arguments: selections)
  func categorySelection_parsesRanges(text: String, categories: [ContentSizeCategory]) throws {
    #expect(try CategorySelection(parsing: text).categories == categories)
  }

  @Test func categorySelection_listsAreSortedWithoutRepeats() throws {
    let selection = try CategorySelection(names: ["AX1", "L", "AX1"])
    #expect(selection.categories == [.large, .accessibilityMedium])
    #expect(selection.description == "L, AX1")
    #expect(try CategorySelection(parsing: "xS...AX3").description == "xS...AX3")
  }

  static let badSelections: [(text: String, expected: String)] = [
    ("AX3...xS", "runs backwards"),
    ("L...", "unknown content-size category"),
    ("L...XL...XXL", "not a category range"),
    ("huge", "valid names"),
  ]

  @Test(arguments: badSelections)
  func categorySelection_errors(text: String, expected: String) {
    #expect {
      try CategorySelection(parsing: text)
    } throws: { error in
      (error as? CheckError)?.message.contains(expected) == true
    }
  }
}

/// `CheckError` has every TypeScale error's shape; `CheckError("message")` keeps working.
@Suite struct CheckErrorShapeTests {
  private struct Cause: Error, Sendable {}

  @Test func checkError_defaultsToInvalidInput_andComparesWithoutTheCause() {
    let error = CheckError("a key pattern is empty")
    #expect(error.code == .invalidInput)
    #expect(error.description == "a key pattern is empty")
    #expect(error == CheckError("a key pattern is empty", cause: Cause()))
    #expect(error != CheckError("a key pattern is empty", code: .nothingToCheck))
    #expect(CheckError("x", code: .tooManyLayouts).code.description == "tooManyLayouts")
  }
}
