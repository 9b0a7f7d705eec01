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

  /// The mode named by `TYPESCALE_RECORD`: `all` (or `1`, `true`, `yes`), `missing`, `failed` or
  /// `never` (or `0`, `false`, `no`); ``missing`` when unset or unrecognised.
  public static var current: GoldenRecordMode {
    parse(ProcessInfo.processInfo.environment["TYPESCALE_RECORD"])
  }

  static func parse(_ value: String?) -> GoldenRecordMode {
    switch value?.lowercased() {
    case "all", "1", "true", "yes": .all
    case "failed": .failed
    case "never", "0", "false", "no": .never
    default: .missing
    }
  }

  /// `all`, `missing`, `failed` or `never`.
  public var description: String { storage.rawValue }
}
