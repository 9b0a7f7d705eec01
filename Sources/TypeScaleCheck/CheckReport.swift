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

/// One step's outcome for one entry: a content-size category's, or an Android font scale's.
public struct CheckCell: Hashable, Sendable, Codable {
  /// The step: a category, or an Android font scale.
  public var step: SizeStep
  /// The outcome.
  public var status: CheckStatus
  /// The point size laid out at that step (for Android, the text size in px divided by the
  /// density: what the layout used, in dp).
  public var pointSize: Double
  /// The label's width in points (dp for Android).
  public var width: Double
  /// The label's height in points (dp for Android).
  public var height: Double
  /// The lines shown.
  public var lineCount: Int
  /// The lines the text would need with no line limit.
  public var neededLines: Int
  /// Android: the text size in `sp` (the size at font scale 1); `nil` for iOS.
  public var sp: Double?
  /// Android: the text size in `dp`, unrounded, as the font-scale curve gives it
  /// (`FontScaleConverter.convertSpToDp`, AOSP
  /// `core/java/android/content/res/FontScaleConverterFactory.java`); `nil` for iOS.
  public var dp: Double?
  /// Android: the text size in pixels as the toolkit uses it: a whole number for TextView
  /// (`getDimensionPixelSize` rounds half up, AOSP `core/java/android/util/TypedValue.java`),
  /// the float for Compose; `nil` for iOS.
  public var px: Double?

  /// The category, or `nil` for an Android font scale.
  public var category: ContentSizeCategory? { step.category }

  /// Creates a cell.
  public init(
    step: SizeStep, status: CheckStatus, pointSize: Double, width: Double, height: Double,
    lineCount: Int, neededLines: Int, sp: Double? = nil, dp: Double? = nil, px: Double? = nil
  ) {
    self.step = step
    self.status = status
    self.pointSize = pointSize
    self.width = width
    self.height = height
    self.lineCount = lineCount
    self.neededLines = neededLines
    self.sp = sp
    self.dp = dp
    self.px = px
  }

  /// Creates a cell of a content-size category.
  public init(
    category: ContentSizeCategory, status: CheckStatus, pointSize: Double, width: Double,
    height: Double, lineCount: Int, neededLines: Int
  ) {
    self.init(
      step: .category(category), status: status, pointSize: pointSize, width: width,
      height: height, lineCount: lineCount, neededLines: neededLines)
  }

  enum CodingKeys: String, CodingKey {
    case step = "category"
    case status, pointSize, width, height, lineCount, neededLines, sp, dp, px
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
  /// The steps that must fit, smallest first: categories, or Android font scales.
  public var required: [SizeStep]
  /// The outcome at each step laid out, smallest first.
  public var cells: [CheckCell]
  /// The largest step at which the text fits, or `nil` when it fits at none.
  public var largestFitting: SizeStep?
  /// Characters no font drew, once each, as `U+XXXX` strings.
  public var missingGlyphs: [String]
  /// Whether a baseline accepts this result's failures.
  public var isBaselined: Bool
  /// For an Android result, the faces that drew the text, by PostScript name: the primary face
  /// (Roboto at the role's weight unless the constraints name the app's family), then the
  /// fallbacks any font scale used (`NotoSansCJKkr-Regular` for Korean); `nil` for an iOS
  /// result.
  public var faces: [String]? = nil

  /// The required categories at which the text does not fit (a truncation the rule allows
  /// counts as fitting).
  public var failures: [SizeStep] {
    cells.filter { cell in
      required.contains(cell.step)
        && (cell.status == .overflowsLines || (cell.status == .truncated && !truncationAllowed))
    }.map(\.step)
  }

  /// The required categories with no cell, where nothing laid the text out.
  ///
  /// A report cut short, or written by a run with other rules, has them. Each is a failure no
  /// baseline accepts.
  public var unlaidCategories: [SizeStep] {
    required.filter { step in !cells.contains { $0.step == step } }
  }

  /// Whether the result fails (ignoring the baseline): a required category where the text does
  /// not fit, or one that was not laid out.
  public var fails: Bool { !failures.isEmpty || !unlaidCategories.isEmpty }

  /// A stable identity for baselines and merging: key, language and variant.
  public var id: String { variant.isEmpty ? "\(key)|\(language)" : "\(key)|\(language)|\(variant)" }

  /// Creates a result.
  public init(
    key: String, language: String, variant: String, text: String, file: String, line: Int,
    state: String? = nil, isFallback: Bool = false, rule: String, style: String, width: Double?,
    lineLimit: Int, truncationAllowed: Bool, required: [SizeStep], cells: [CheckCell],
    largestFitting: SizeStep?, missingGlyphs: [String] = [], isBaselined: Bool = false
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

  /// Creates a result over content-size categories.
  public init(
    key: String, language: String, variant: String, text: String, file: String, line: Int,
    state: String? = nil, isFallback: Bool = false, rule: String, style: String, width: Double?,
    lineLimit: Int, truncationAllowed: Bool, required: [ContentSizeCategory], cells: [CheckCell],
    largestFitting: ContentSizeCategory?, missingGlyphs: [String] = [], isBaselined: Bool = false
  ) {
    self.init(
      key: key, language: language, variant: variant, text: text, file: file, line: line,
      state: state, isFallback: isFallback, rule: rule, style: style, width: width,
      lineLimit: lineLimit, truncationAllowed: truncationAllowed,
      required: required.map(SizeStep.category), cells: cells,
      largestFitting: largestFitting.map(SizeStep.category), missingGlyphs: missingGlyphs,
      isBaselined: isBaselined)
  }

  /// Whether the result's steps are Android font scales.
  public var isAndroid: Bool {
    required.first?.isFontScale ?? cells.first?.step.isFontScale ?? false
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
///
/// A report of a run records the run it belongs to — ``constraintsDigest``, ``shard``, the
/// ``layouts`` it made and the ``requirements`` of the whole run — so that a merge can tell a
/// missing, repeated or foreign shard, and a key that nothing laid out fails the report.
public struct CheckReport: Hashable, Sendable, Codable {
  /// The report format's version that this typescale writes and reads: 3, the compact form
  /// (2 repeated each rule's limits and each cell's category in every result; 1 had no run
  /// record).
  public static let currentVersion = 3

  /// The version a report with Android results is written as: 4.
  ///
  /// Version 4 is version 3 whose steps may be font scales (numbers where 3 has category names)
  /// and whose Android cells end with `{"fontScale":2,"sp":14,"dp":26,"px":68}`. A report of
  /// iOS results only is still written as version 3, byte for byte; both are read.
  public static let androidVersion = 4

  /// The versions `check merge` and baselines read: 3 and 4.
  public static let readableVersions: ClosedRange<Int> = currentVersion...androidVersion

  /// The report format's version: ``currentVersion``.
  public var version: Int
  /// The shard this report covers (`2/4`), or `nil` for a whole run or a merge.
  public var shard: String?
  /// The run's digest (``CheckPlan/digest``): the same in every shard of one run; `nil` for a
  /// report made in code.
  public var constraintsDigest: String?
  /// The layouts the run planned (``CheckPlan/layouts``); a merge sums its shards'.
  public var layouts: Int
  /// Every key of the whole run (all shards) with the categories its rule requires.
  public var requirements: [CheckRequirement]
  /// Whether a merge accepted missing shards (`--allow-partial`).
  public var isPartial: Bool
  /// The shards a partial merge lacked (`4/4`).
  public var missingShards: [String]
  /// Warnings: rules that match no key, shards a partial merge lacked.
  public var warnings: [String]
  /// The results, in catalog order.
  public var results: [CheckResult]
  /// Entries that were not checked.
  public var skipped: [CheckSkipped]
  /// Files that could not be read.
  public var errors: [CheckInputError]
  /// Warnings about single entries: placeholders Foundation formats but that look wrong, and
  /// entries that could not be measured.
  public var entryWarnings: [CheckEntryWarning] = []

  /// Creates a report.
  public init(
    version: Int = CheckReport.currentVersion, shard: String? = nil,
    constraintsDigest: String? = nil, layouts: Int = 0, requirements: [CheckRequirement] = [],
    isPartial: Bool = false, missingShards: [String] = [], warnings: [String] = [],
    results: [CheckResult] = [], skipped: [CheckSkipped] = [], errors: [CheckInputError] = []
  ) {
    self.version = version
    self.shard = shard
    self.constraintsDigest = constraintsDigest
    self.layouts = layouts
    self.requirements = requirements
    self.isPartial = isPartial
    self.missingShards = missingShards
    self.warnings = warnings
    self.results = results
    self.skipped = skipped
    self.errors = errors
  }

  /// Results that fail and no baseline accepts; a result with a required category that was not
  /// laid out is always one.
  public var newFailures: [CheckResult] {
    results.filter { $0.fails && (!$0.isBaselined || !$0.unlaidCategories.isEmpty) }
  }

  /// The requirements of this report's part of the run (its shard's keys, or every key) that
  /// no result covers: keys that nothing laid out, each a failure.
  public var unlaidRequirements: [CheckRequirement] {
    Self.unlaid(
      requirements, shard: shard, handled: Set(results.map(\.key)), skipped: skipped)
  }

  /// The requirements of a run's part (its shard's keys, or every key) that no handled key
  /// covers: what ``unlaidRequirements`` and ``CheckSummary/unlaidRequirements`` list.
  ///
  /// A key whose entries could not be measured was handled (its warnings say why), not lost.
  ///
  /// - Parameters:
  ///   - requirements: Every key of the run with its categories.
  ///   - shard: The part's shard (`2/4`), or `nil` for the whole run.
  ///   - handled: The keys that have results.
  ///   - skipped: The entries not checked.
  /// - Returns: The requirements nothing laid out, in their order.
  static func unlaid(
    _ requirements: [CheckRequirement], shard: String?, handled: Set<String>,
    skipped: [CheckSkipped]
  ) -> [CheckRequirement] {
    guard !requirements.isEmpty else { return [] }
    let part = shard.flatMap { try? Shard(parsing: $0) }
    let laid = handled.union(skipped.filter(\.isUnmeasured).map(\.key))
    return requirements.filter { requirement in
      !laid.contains(requirement.key) && (part?.contains(requirement.key) ?? true)
    }
  }

  /// The exit status a run ends with: 2 when any input could not be read, else 1 when there are
  /// new failures or required keys that nothing laid out, else 0.
  public var exitStatus: Int32 {
    !errors.isEmpty ? 2 : newFailures.isEmpty && unlaidRequirements.isEmpty ? 0 : 1
  }
}
