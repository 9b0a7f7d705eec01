// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleStrings

@Suite struct PluralSamplesTests {
  /// (language, category, the smallest number CLDR puts there, or nil when there is none).
  static let samples: [(String, String, String?)] = [
    ("en", "one", "1"), ("en", "other", "0"), ("en", "few", nil),
    ("de", "one", "1"), ("de", "other", "0"),
    ("ru", "one", "1"), ("ru", "few", "2"), ("ru", "many", "0"), ("ru", "other", "0.1"),
    ("pl", "few", "2"), ("pl", "many", "0"),
    ("ar", "zero", "0"), ("ar", "one", "1"), ("ar", "two", "2"), ("ar", "few", "3"),
    ("ar", "many", "11"), ("ar", "other", "100"),
    ("he", "two", "2"),
    ("fr", "one", "0"), ("fr", "many", "1000000"), ("fr", "other", "2"),
    ("ja", "other", "0"), ("ja", "one", nil),
    ("pt-BR", "one", "0"), ("pt-PT", "one", "1"),
    ("zh-Hans", "other", "0"),
    ("cy", "many", "6"),
    ("xx-unknown", "other", "0"), ("en", "bogus", nil),
  ]

  @Test(arguments: samples)
  func smallestNumberInEachCategory(language: String, category: String, expected: String?) {
    #expect(PluralSamples.number(for: category, language: language) == expected)
    // The cache answers the same.
    #expect(PluralSamples.number(for: category, language: language) == expected)
  }
}
