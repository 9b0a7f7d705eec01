// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals
import TypeScaleStrings

/// What a run will do, counted before any text is laid out: the translations and layouts of its
/// shard, every key of the whole run with the categories its rule requires, and the rules no key
/// matches.
///
/// ``CheckRunner/plan(_:shard:inputs:)`` makes it; ``CheckRunner/run(_:plan:allowsEmpty:progress:)``
/// refuses a plan above ``CheckRunner/maximumLayouts`` or one that lays nothing out.
///
/// ```swift
/// let plan = runner.plan(entries, shard: nil, inputs: ["Localizable.xcstrings"])
/// print("checking \(plan.translations) translations: \(plan.layouts) layouts")
/// ```
public struct CheckPlan: Hashable, Sendable {
  /// The shard, or `nil` for the whole run.
  public var shard: Shard?
  /// The entries read, in every shard.
  public var entryCount: Int
  /// The entries this run lays out: in its shard, matching a rule, and of the rule's device.
  public var translations: Int
  /// The layouts this run makes: each translation at every category of its rule's sweep.
  ///
  /// A sweep runs from the smallest category the rule names to the largest. A translation that
  /// truncates is swept once more without the line limit, so a run makes at most twice this.
  public var layouts: Int
  /// Every key the whole run (all shards) lays out, with the categories its rule requires,
  /// sorted by key (Unicode scalars).
  public var requirements: [CheckRequirement]
  /// The key patterns of rules that match no key read, in the constraints' order.
  public var unmatchedRules: [String]
  /// The inputs as given (catalog paths or patterns), for messages and the run's digest.
  public var inputs: [String]
  /// The run's identity: SHA-256 (hexadecimal) of the constraints file's bytes, the inputs and
  /// ``requirements``, so that every shard of one run has the same digest and a shard of any
  /// other constraints, inputs or catalogs has another.
  public var digest: String

  /// Creates a plan.
  public init(
    shard: Shard?, entryCount: Int, translations: Int, layouts: Int,
    requirements: [CheckRequirement], unmatchedRules: [String], inputs: [String], digest: String
  ) {
    self.shard = shard
    self.entryCount = entryCount
    self.translations = translations
    self.layouts = layouts
    self.requirements = requirements
    self.unmatchedRules = unmatchedRules
    self.inputs = inputs
    self.digest = digest
  }

  /// The warnings a report records: one per rule that matches no key.
  public var warnings: [String] {
    unmatchedRules.map {
      "rule \"\(Self.shown($0))\" matches no key in any catalog; check its \"keys\" pattern, "
        + "or remove the rule"
    }
  }

  /// Throws when the run would lay out more than `maximumLayouts`, or nothing.
  ///
  /// - Parameters:
  ///   - maximumLayouts: The most layouts accepted.
  ///   - allowsEmpty: Whether a run that lays nothing out is accepted.
  /// - Throws: ``CheckError`` with ``CheckError/Code/tooManyLayouts`` naming the estimate, the
  ///   limit and `--max-layouts`, or ``CheckError/Code/nothingToCheck`` naming the inputs.
  public func validate(maximumLayouts: Int, allowsEmpty: Bool) throws(CheckError) {
    if layouts > maximumLayouts {
      throw CheckError(
        "the run would make \(Self.number(layouts)) layouts (\(Self.number(translations)) "
          + "translations\(shardText)), more than the limit of \(Self.number(maximumLayouts)); "
          + "check fewer keys or categories, split the run with --shard K/N, or raise the "
          + "limit with --max-layouts \(layouts)",
        code: .tooManyLayouts)
    }
    guard layouts == 0, !allowsEmpty else { return }
    let named = inputs.isEmpty ? "the catalogs" : inputs.map(Self.shown).joined(separator: ", ")
    let reason: String
    if entryCount == 0 {
      reason = "no strings were read from \(named)"
    } else if requirements.isEmpty {
      reason =
        "none of the \(Self.number(entryCount)) entries read from \(named) matches a rule "
        + "(add rules whose keys match them, or defaults)"
    } else {
      reason =
        "none of the \(Self.number(entryCount)) entries read from \(named) is in this "
        + "shard\(shardText)"
    }
    throw CheckError(
      "nothing to check: \(reason); pass --allow-empty to accept a run that checks nothing",
      code: .nothingToCheck)
  }

  private var shardText: String { shard.map { ", shard \($0)" } ?? "" }

  /// A count with thousands separators: `162,000`.
  ///
  /// - Parameter value: The count.
  /// - Returns: The digits grouped by three with commas.
  package static func number(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
  }

  /// A value from the user's files as a message quotes it: controls escaped, cut at 200.
  static func shown(_ text: String) -> String { DisplayText.quoted(text) }
}

/// A key a run lays out and the categories its rule requires: what a merge checks was laid out.
public struct CheckRequirement: Hashable, Sendable, Codable {
  /// The key.
  public var key: String
  /// The steps that must fit, smallest first: categories, or Android font scales.
  public var steps: [SizeStep]

  /// The required categories (none for an Android key).
  public var categories: [ContentSizeCategory] { steps.compactMap(\.category) }

  /// Creates a requirement.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - steps: The steps its rule requires.
  public init(key: String, steps: [SizeStep]) {
    self.key = key
    self.steps = steps
  }

  /// Creates a requirement over content-size categories.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - categories: The categories its rule requires.
  public init(key: String, categories: [ContentSizeCategory]) {
    self.init(key: key, steps: categories.map(SizeStep.category))
  }

  enum CodingKeys: String, CodingKey {
    case key
    case steps = "categories"
  }
}
