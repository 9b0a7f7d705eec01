// SPDX-License-Identifier: Apache-2.0

import TypeScale
import TypeScaleCheck

/// Hand-made reports for the writers' tests: no layout, every field chosen.
enum CheckReportSamples {
  /// Twelve cells: `status` from `firstFailing` on, `.fits` before it.
  static func cells(
    failingFrom firstFailing: ContentSizeCategory? = nil, status: CheckStatus = .truncated
  ) -> [CheckCell] {
    ContentSizeCategory.allCases.map { category in
      let fails = firstFailing.map { category.rawValue >= $0.rawValue } ?? false
      return CheckCell(
        category: category, status: fails ? status : .fits,
        pointSize: Double(14 + category.rawValue * 3), width: 120, height: 22,
        lineCount: 1, neededLines: fails ? 2 : 1)
    }
  }

  static func result(
    key: String, language: String, variant: String = "", text: String,
    file: String = "Localizable.xcstrings", line: Int, failingFrom: ContentSizeCategory? = nil,
    status: CheckStatus = .truncated, isBaselined: Bool = false
  ) -> CheckResult {
    let largest: ContentSizeCategory? =
      failingFrom.map { ContentSizeCategory(rawValue: $0.rawValue - 1) }
      ?? .accessibilityExtraExtraExtraLarge
    return CheckResult(
      key: key, language: language, variant: variant, text: text, file: file, line: line,
      rule: "button.*", style: "headline", width: 120, lineLimit: 1, truncationAllowed: false,
      required: ContentSizeCategory.allCases,
      cells: cells(failingFrom: failingFrom, status: status),
      largestFitting: largest, isBaselined: isBaselined)
  }

  /// A German button that truncates from AX1 on, a Russian plural that overflows at AX4 (and
  /// a baselined one at AX5), a Hebrew title with markup and a control character that fails at
  /// AX5, passing English and Arabic, a skipped entry and an unreadable file.
  static let report = CheckReport(
    results: [
      result(key: "button.subscribe", language: "en", text: "Subscribe", line: 12),
      result(
        key: "button.subscribe", language: "de", text: "Abonnieren und benachrichtigen",
        line: 12, failingFrom: .accessibilityMedium),
      result(
        key: "cart.count", language: "ru", variant: "plural=many", text: "88888 товаров",
        file: "res/values-ru/strings.xml", line: 40, failingFrom: .accessibilityExtraExtraLarge,
        status: .overflowsLines),
      result(
        key: "cart.count", language: "ru", variant: "plural=few", text: "3 товара",
        file: "res/values-ru/strings.xml", line: 40,
        failingFrom: .accessibilityExtraExtraExtraLarge, status: .overflowsLines,
        isBaselined: true),
      result(key: "title.welcome", language: "ar", text: "مرحبا بكم", line: 30),
      result(
        key: "title.welcome", language: "he", text: "<b>ברוכים & \"הבאים\"</b>' \u{7}",
        line: 30, failingFrom: .accessibilityExtraExtraExtraLarge),
    ],
    skipped: [
      CheckSkipped(
        key: "legal.footer", language: "en", variant: "", file: "Localizable.xcstrings",
        line: 50, reason: "no rule matches and there are no defaults")
    ],
    errors: [
      CheckInputError(
        file: "Broken.xcstrings", line: 3, column: 7,
        message: "Broken.xcstrings:3:7: expected ',' or '}' after an object member")
    ])
}
