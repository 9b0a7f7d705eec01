// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleLayout

/// Apple's option set, its spellings and the defaults each layout target takes.
@Suite struct LineBreakStrategyTests {
  /// Raw values from `NSParagraphStyle.h`: push-out 1, Hangul word priority 2, standard 0xFFFF.
  @Test func rawValues_areApples() {
    #expect(LayoutOptions.LineBreakStrategy.pushOut.rawValue == 1)
    #expect(LayoutOptions.LineBreakStrategy.hangulWordPriority.rawValue == 2)
    #expect(LayoutOptions.LineBreakStrategy.standard.rawValue == 0xFFFF)
    #expect(LayoutOptions.LineBreakStrategy.standard.contains(.pushOut))
    #expect(LayoutOptions.LineBreakStrategy.standard.contains(.hangulWordPriority))
  }

  @Test(arguments: [
    ("standard", LayoutOptions.LineBreakStrategy.standard, "standard"),
    ("none", [], "none"),
    ("push-out", .pushOut, "push-out"),
    ("hangul-word-priority", .hangulWordPriority, "hangul-word-priority"),
    (
      "Push-Out, hangul-word-priority", [.pushOut, .hangulWordPriority],
      "push-out,hangul-word-priority"
    ),
    ("push-out+none", .pushOut, "push-out"),
  ])
  func parse_spellingsRoundTripThroughDescription(
    _ text: String, _ expected: LayoutOptions.LineBreakStrategy, _ description: String
  ) throws {
    let parsed = try LayoutOptions.LineBreakStrategy.parse(text)
    #expect(parsed.strategy == expected)
    #expect(parsed.deprecated.isEmpty)
    #expect(parsed.strategy.description == description)
    #expect(try LayoutOptions.LineBreakStrategy.parse(description).strategy == expected)
  }

  @Test(arguments: [
    ("hangulwordpriority", LayoutOptions.LineBreakStrategy.hangulWordPriority),
    ("pushout", .pushOut),
    ("push_out,hangul_word_priority", [.pushOut, .hangulWordPriority]),
  ])
  func parse_deprecatedSpellingsWorkAndAreNamed(
    _ text: String, _ expected: LayoutOptions.LineBreakStrategy
  ) throws {
    let parsed = try LayoutOptions.LineBreakStrategy.parse(text)
    #expect(parsed.strategy == expected)
    #expect(!parsed.deprecated.isEmpty)
  }

  @Test(arguments: ["", ",", "keep-all", "standard,loose"])
  func parse_unknownSpelling_throwsNamingItAndTheValidOnes(_ text: String) {
    #expect {
      try LayoutOptions.LineBreakStrategy.parse(text)
    } throws: { error in
      let message = (error as? LayoutError)?.message ?? ""
      return message.contains("is not valid")
        && message.contains("standard, none, push-out, hangul-word-priority")
    }
  }

  /// `UILabel.lineBreakStrategy` defaults to standard; `NSParagraphStyle`'s to none.
  @Test func targets_chooseApplesDefaults() {
    var options = LayoutOptions()
    #expect(options.target == .label)
    #expect(options.effectiveLineBreakStrategy == .standard)
    #expect(options.effectiveDisplayScale == 3)
    #expect(options.effectiveUsesFontLeading)
    options.target = .attributedString
    #expect(options.effectiveLineBreakStrategy == [])
    #expect(options.effectiveDisplayScale == nil)
    #expect(!options.effectiveUsesFontLeading)
    // Options set one by one win over the target's.
    options.lineBreakStrategy = .hangulWordPriority
    options.displayScale = 2
    options.usesFontLeading = true
    #expect(options.effectiveLineBreakStrategy == .hangulWordPriority)
    #expect(options.effectiveDisplayScale == 2)
    #expect(options.effectiveUsesFontLeading)
  }
}
