// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleStrings

// CONTRACT STUB (issue 20): H-C replaces this file; keep the names and signatures.

/// Lays every entry out at every category its rule names and reports what fits.
public final class CheckRunner: Sendable {
  /// The constraints.
  public let constraints: CheckConstraints

  /// Creates a runner: registers the constraints' fonts and builds the typography.
  ///
  /// - Parameter constraints: The constraints.
  /// - Throws: ``CheckError`` for a font or typography that cannot be loaded.
  public init(constraints: CheckConstraints) throws(CheckError) {
    self.constraints = constraints
  }

  /// Checks entries.
  ///
  /// - Parameters:
  ///   - entries: The entries, as a ``StringsLoader`` read them.
  ///   - shard: The part of the keys to check, or `nil` for all.
  ///   - progress: Called now and then with (entries done, entries in all).
  /// - Returns: The report; its `errors` are empty (the caller adds unreadable files).
  public func run(
    _ entries: [LocalizedEntry], shard: CheckShard? = nil,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) -> CheckReport {
    CheckReport()
  }

  /// The label of a result drawn at a category as PNG bytes, for the HTML report.
  ///
  /// - Parameters:
  ///   - result: A result of this runner.
  ///   - category: The category.
  /// - Returns: PNG bytes.
  /// - Throws: ``CheckError`` when the text cannot be laid out or drawn.
  public func image(for result: CheckResult, at category: ContentSizeCategory) throws(CheckError)
    -> Data
  {
    Data()
  }
}
