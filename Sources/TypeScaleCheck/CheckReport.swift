// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

// SHARED MODEL (issue 20). H-C (runner) may add fields; nobody renames or removes one without
// telling the others. Report writers (H-D) only read it. Its Codable form is `check --json`'s
// output and what `check merge` reads.

/// How a text fares at one content-size category.
public enum CheckStatus: String, Hashable, Sendable, Codable, CaseIterable {
  /// Every line shows in full within the width and the line limit.
  case fits
  /// The label truncates (an ellipsis replaces text) to keep within its line limit.
  case truncated
  /// The text needs more lines than the limit, or a line is wider than the width, and the rule
  /// allows no truncation to hide it.
  case overflowsLines
}

/// One category's outcome for one entry.
public struct CheckCell: Hashable, Sendable, Codable {
  /// The category.
  public var category: ContentSizeCategory
  /// The outcome.
  public var status: CheckStatus
  /// The point size laid out at that category.
  public var pointSize: Double
  /// The label's width in points.
  public var width: Double
  /// The label's height in points.
  public var height: Double
  /// The lines shown.
  public var lineCount: Int
  /// The lines the text would need with no line limit.
  public var neededLines: Int

  /// Creates a cell.
  public init(
    category: ContentSizeCategory, status: CheckStatus, pointSize: Double, width: Double,
    height: Double, lineCount: Int, neededLines: Int
  ) {
    self.category = category
    self.status = status
    self.pointSize = pointSize
    self.width = width
    self.height = height
    self.lineCount = lineCount
    self.neededLines = neededLines
  }
}

/// One (key × language × variant) laid out at every category its rule names.
public struct CheckResult: Hashable, Sendable, Codable {
  /// The key.
  public var key: String
  /// The language code.
  public var language: String
  /// The variant's stable spelling (`plural=one`, `device=ipad/plural=other`); empty when the
  /// key does not vary.
  public var variant: String
  /// The text as laid out: placeholders replaced by samples.
  public var text: String
  /// The catalog's file, as given on the command line or in the constraints file.
  public var file: String
  /// The 1-based line of the key in ``file``.
  public var line: Int
  /// The translation state the catalog records, if any.
  public var state: String?
  /// Whether the text is the source language's (or the key), the language having none.
  public var isFallback: Bool
  /// The rule that matched: its key pattern, or `defaults`.
  public var rule: String
  /// The text style or typography token.
  public var style: String
  /// The label's width in points, or `nil` for unwrapped.
  public var width: Double?
  /// The line limit; 0 for none.
  public var lineLimit: Int
  /// Whether the rule accepts truncation.
  public var truncationAllowed: Bool
  /// The categories that must fit, smallest first.
  public var required: [ContentSizeCategory]
  /// The outcome at each category laid out, smallest first.
  public var cells: [CheckCell]
  /// The largest category at which the text fits, or `nil` when it fits at none.
  public var largestFitting: ContentSizeCategory?
  /// Characters no font drew, once each, as `U+XXXX` strings.
  public var missingGlyphs: [String]
  /// Whether a baseline accepts this result's failures.
  public var isBaselined: Bool

  /// The required categories at which the text does not fit (a truncation the rule allows
  /// counts as fitting).
  public var failures: [ContentSizeCategory] {
    cells.filter { cell in
      required.contains(cell.category)
        && (cell.status == .overflowsLines || (cell.status == .truncated && !truncationAllowed))
    }.map(\.category)
  }

  /// Whether the result fails (ignoring the baseline).
  public var fails: Bool { !failures.isEmpty }

  /// A stable identity for baselines and merging: key, language and variant.
  public var id: String { variant.isEmpty ? "\(key)|\(language)" : "\(key)|\(language)|\(variant)" }

  /// Creates a result.
  public init(
    key: String, language: String, variant: String, text: String, file: String, line: Int,
    state: String? = nil, isFallback: Bool = false, rule: String, style: String, width: Double?,
    lineLimit: Int, truncationAllowed: Bool, required: [ContentSizeCategory], cells: [CheckCell],
    largestFitting: ContentSizeCategory?, missingGlyphs: [String] = [], isBaselined: Bool = false
  ) {
    self.key = key
    self.language = language
    self.variant = variant
    self.text = text
    self.file = file
    self.line = line
    self.state = state
    self.isFallback = isFallback
    self.rule = rule
    self.style = style
    self.width = width
    self.lineLimit = lineLimit
    self.truncationAllowed = truncationAllowed
    self.required = required
    self.cells = cells
    self.largestFitting = largestFitting
    self.missingGlyphs = missingGlyphs
    self.isBaselined = isBaselined
  }
}

/// An entry no rule covers, or one that could not be laid out.
public struct CheckSkipped: Hashable, Sendable, Codable {
  /// The key.
  public var key: String
  /// The language code.
  public var language: String
  /// The variant's spelling; empty when the key does not vary.
  public var variant: String
  /// The catalog's file.
  public var file: String
  /// The 1-based line of the key.
  public var line: Int
  /// Why it was not checked: no rule matched, or the error that stopped it.
  public var reason: String

  /// Creates a skipped entry.
  public init(
    key: String, language: String, variant: String, file: String, line: Int, reason: String
  ) {
    self.key = key
    self.language = language
    self.variant = variant
    self.file = file
    self.line = line
    self.reason = reason
  }
}

/// A file that could not be read, with its place.
public struct CheckInputError: Hashable, Sendable, Codable {
  /// The file.
  public var file: String
  /// The 1-based line, when known.
  public var line: Int?
  /// The 1-based column, when known.
  public var column: Int?
  /// `file:line:column: what went wrong and what was expected`.
  public var message: String

  /// Creates an input error.
  public init(file: String, line: Int?, column: Int?, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }
}

/// Everything one `check` run found: the output of `check --json` and what `check merge`
/// combines.
public struct CheckReport: Hashable, Sendable, Codable {
  /// The report format's version: 1.
  public var version: Int
  /// The shard this report covers (`2/4`), or `nil` for a whole run or a merge.
  public var shard: String?
  /// The results, in catalog order.
  public var results: [CheckResult]
  /// Entries that were not checked.
  public var skipped: [CheckSkipped]
  /// Files that could not be read.
  public var errors: [CheckInputError]

  /// Creates a report.
  public init(
    version: Int = 1, shard: String? = nil, results: [CheckResult] = [],
    skipped: [CheckSkipped] = [], errors: [CheckInputError] = []
  ) {
    self.version = version
    self.shard = shard
    self.results = results
    self.skipped = skipped
    self.errors = errors
  }

  /// Results that fail and no baseline accepts.
  public var newFailures: [CheckResult] { results.filter { $0.fails && !$0.isBaselined } }

  /// The exit status a run ends with: 2 when any input could not be read, else 1 when there are
  /// new failures, else 0.
  public var exitStatus: Int32 { !errors.isEmpty ? 2 : newFailures.isEmpty ? 0 : 1 }
}
