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

  typealias Strategy = LayoutOptions.LineBreakStrategy

  /// A spelling, the strategy it means and the spelling `description` gives back.
  struct Spelling: Sendable, CustomTestStringConvertible {
    let text: String
    let strategy: Strategy
    let description: String
    var deprecated = false
    var testDescription: String { text }
  }

  static let spellings: [Spelling] = [
    Spelling(text: "standard", strategy: .standard, description: "standard"),
    Spelling(text: "none", strategy: [], description: "none"),
    Spelling(text: "push-out", strategy: .pushOut, description: "push-out"),
    Spelling(
      text: "hangul-word-priority", strategy: .hangulWordPriority,
      description: "hangul-word-priority"),
    Spelling(
      text: "Push-Out, hangul-word-priority", strategy: [.pushOut, .hangulWordPriority],
      description: "push-out,hangul-word-priority"),
    Spelling(text: "push-out+none", strategy: .pushOut, description: "push-out"),
    Spelling(
      text: "hangulwordpriority", strategy: .hangulWordPriority,
      description: "hangul-word-priority", deprecated: true),
    Spelling(text: "pushout", strategy: .pushOut, description: "push-out", deprecated: true),
    Spelling(
      text: "push_out,hangul_word_priority", strategy: [.pushOut, .hangulWordPriority],
      description: "push-out,hangul-word-priority", deprecated: true),
  ]

  @Test(arguments: spellings)
  func parse_spellingsRoundTripThroughDescription(_ spelling: Spelling) throws {
    let parsed = try Strategy.parse(spelling.text)
    #expect(parsed.strategy == spelling.strategy)
    #expect(parsed.deprecated.isEmpty == !spelling.deprecated)
    #expect(parsed.strategy.description == spelling.description)
    #expect(try Strategy.parse(spelling.description).strategy == spelling.strategy)
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
