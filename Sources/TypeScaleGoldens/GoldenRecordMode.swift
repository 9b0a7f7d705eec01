// SPDX-License-Identifier: Apache-2.0

import Foundation

/// When golden files are written, from `TYPESCALE_RECORD`.
///
/// Like swift-snapshot-testing's record modes: ``missing`` (the default) records a golden file
/// that does not exist yet and fails once, so nothing passes unseen; ``all`` re-records;
/// ``failed`` re-records only files that differ; ``never`` never writes — what CI sets, so that a
/// retried run cannot pass by recording.
public struct GoldenRecordMode: Hashable, Sendable, CustomStringConvertible {
  private enum _Storage: String, Hashable, Sendable { case all, missing, failed, never }
  private let storage: _Storage
  private init(_ storage: _Storage) { self.storage = storage }

  /// Re-record every golden file.
  public static let all = GoldenRecordMode(.all)
  /// Record golden files that do not exist, then fail once.
  public static let missing = GoldenRecordMode(.missing)
  /// Re-record golden files that differ (and still fail).
  public static let failed = GoldenRecordMode(.failed)
  /// Never write.
  public static let never = GoldenRecordMode(.never)

  /// The spellings ``parse(_:)`` accepts, in the order help lists them.
  public static let spellings = [
    "all", "missing", "failed", "never", "1", "true", "yes", "0", "false", "no",
  ]

  /// The mode named by `TYPESCALE_RECORD`: `all` (or `1`, `true`, `yes`), `missing`, `failed` or
  /// `never` (or `0`, `false`, `no`), ignoring case; ``missing`` when unset or empty.
  ///
  /// - Throws: ``GoldenError/Code/invalidSetting`` for any other value, naming it and the valid
  ///   ones: a misspelt `TYPESCALE_RECORD=nevr` in CI must not quietly record.
  public static func fromEnvironment() throws(GoldenError) -> GoldenRecordMode {
    try parse(ProcessInfo.processInfo.environment["TYPESCALE_RECORD"])
  }

  /// Parses a `TYPESCALE_RECORD` value; `nil` or empty is ``missing``.
  ///
  /// - Parameter value: The value, or `nil` when the variable is unset.
  /// - Returns: The mode.
  /// - Throws: ``GoldenError/Code/invalidSetting`` naming the value and the valid ones.
  public static func parse(_ value: String?) throws(GoldenError) -> GoldenRecordMode {
    switch value?.lowercased() {
    case nil, "", "missing": return .missing
    case "all", "1", "true", "yes": return .all
    case "failed": return .failed
    case "never", "0", "false", "no": return .never
    case let other?:
      throw GoldenError(
        .invalidSetting,
        "TYPESCALE_RECORD=\(other) is not valid; use all, missing, failed or never (or 1, true, "
          + "yes for all; 0, false, no for never), or leave it unset for missing")
    }
  }

  /// `all`, `missing`, `failed` or `never`.
  public var description: String { storage.rawValue }
}
