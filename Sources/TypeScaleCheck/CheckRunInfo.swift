// SPDX-License-Identifier: Apache-2.0

import Foundation

/// What a report records about its run, known before any result: the run's identity, its
/// layouts and requirements, and the problems found while reading.
///
/// ``CheckReport`` holds the same fields beside its results (``CheckReport/runInfo``); a
/// streaming writer (``CheckResultConsumer``) receives it before the first result.
public struct CheckRunInfo: Hashable, Sendable {
  /// The report format's version: ``CheckReport/currentVersion``.
  public var version: Int
  /// The shard this run covers (`2/4`), or `nil` for a whole run or a merge.
  public var shard: String?
  /// The run's digest (``CheckPlan/digest``), or `nil` for a report made in code.
  public var constraintsDigest: String?
  /// The layouts the run planned.
  public var layouts: Int
  /// Every key of the whole run with the categories its rule requires.
  public var requirements: [CheckRequirement]
  /// Whether a merge accepted missing shards.
  public var isPartial: Bool
  /// The shards a partial merge lacked.
  public var missingShards: [String]
  /// Run-level warnings: rules that match no key, shards a partial merge lacked.
  public var warnings: [String]
  /// Files that could not be read.
  public var errors: [CheckInputError]

  /// Creates a run record.
  public init(
    version: Int = CheckReport.currentVersion, shard: String? = nil,
    constraintsDigest: String? = nil, layouts: Int = 0, requirements: [CheckRequirement] = [],
    isPartial: Bool = false, missingShards: [String] = [], warnings: [String] = [],
    errors: [CheckInputError] = []
  ) {
    self.version = version
    self.shard = shard
    self.constraintsDigest = constraintsDigest
    self.layouts = layouts
    self.requirements = requirements
    self.isPartial = isPartial
    self.missingShards = missingShards
    self.warnings = warnings
    self.errors = errors
  }
}

extension CheckReport {
  /// The report's run record: every field but the results, skipped entries and entry warnings.
  public var runInfo: CheckRunInfo {
    get {
      CheckRunInfo(
        version: version, shard: shard, constraintsDigest: constraintsDigest, layouts: layouts,
        requirements: requirements, isPartial: isPartial, missingShards: missingShards,
        warnings: warnings, errors: errors)
    }
    set {
      version = newValue.version
      shard = newValue.shard
      constraintsDigest = newValue.constraintsDigest
      layouts = newValue.layouts
      requirements = newValue.requirements
      isPartial = newValue.isPartial
      missingShards = newValue.missingShards
      warnings = newValue.warnings
      errors = newValue.errors
    }
  }
}
