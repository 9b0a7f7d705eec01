// SPDX-License-Identifier: Apache-2.0

import TypeScale

@testable import TypeScaleCheck

/// A large made summary for the writers' size tests: `keys` × `languages` rows, failing in a
/// pattern that varies with the key and the language.
enum CheckSyntheticSummary {
  static func make(keys: Int, languages: Int, failing: Int, baselined: Bool = false)
    -> CheckSummary
  {
    var summary = CheckSummary(run: CheckRunInfo(layouts: keys * languages * 12))
    summary.keys = (0..<keys).map { "screen\($0 / 20).label\($0)" }
    summary.languages = (0..<languages).map { "l\($0)" }
    summary.files = (0..<languages).map { "l\($0).lproj/Localizable.strings" }
    summary.rules = [
      CheckSummary.Rule(
        name: "*", style: "body", width: 120, lineLimit: 1, truncationAllowed: false,
        required: CategorySet(ContentSizeCategory.allCases))
    ]
    summary.categories = ContentSizeCategory.allCases.map(SizeStep.category)
    var failed = 0
    summary.rows.reserveCapacity(keys * languages)
    for key in 0..<keys {
      for language in 0..<languages {
        let index = key * languages + language
        // Spread the failures: every row whose index falls in the first `failing` of a
        // shuffled order fails, from a category that depends on the key.
        let fails = failed < failing && (index * 7_919) % (keys * languages) < failing
        var statuses = CheckStatusPattern()
        var failures = CategorySet()
        let from = 6 + (key + language / 8) % 6
        for category in ContentSizeCategory.allCases {
          let bad = fails && category.rawValue >= from
          statuses[category] = bad ? (key % 3 == 0 ? .overflowsLines : .truncated) : .fits
          if bad { failures.insert(category) }
        }
        if fails { failed += 1 }
        summary.rows.append(
          CheckSummary.Row(
            key: Int32(key), language: Int32(language), file: Int32(language), rule: 0,
            line: Int32(key + 1), variant: "", text: "Text \(key) in l\(language)",
            statuses: statuses, failures: failures,
            largestFitting: (fails
              ? ContentSizeCategory(rawValue: from - 1) : .accessibilityExtraExtraExtraLarge)
              .map(SizeStep.category),
            isFallback: false, isBaselined: baselined && fails && key % 2 == 0, missingGlyphs: []))
      }
    }
    return summary
  }
}
