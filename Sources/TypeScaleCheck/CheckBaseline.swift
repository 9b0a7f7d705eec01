// SPDX-License-Identifier: Apache-2.0

import Foundation

// CONTRACT STUB (issue 20): H-C replaces this file; keep the names and signatures.

/// Known failures a run accepts: `--baseline FILE`, written by `--update-baseline`.
public struct CheckBaseline: Hashable, Sendable {
  /// Creates a baseline of a report's failures.
  ///
  /// - Parameter report: A report.
  public init(failuresOf report: CheckReport) {}

  /// Reads a baseline file.
  ///
  /// - Parameter url: The file.
  /// - Throws: ``CheckError``.
  public init(contentsOf url: URL) throws(CheckError) {}

  /// Writes the baseline atomically (a temporary file, then a rename).
  ///
  /// - Parameter url: The file.
  /// - Throws: ``CheckError``.
  public func write(to url: URL) throws(CheckError) {}

  /// The report with every failure this baseline accepts marked ``CheckResult/isBaselined``.
  ///
  /// - Parameter report: A report.
  /// - Returns: The marked report.
  public func apply(to report: CheckReport) -> CheckReport { report }
}
