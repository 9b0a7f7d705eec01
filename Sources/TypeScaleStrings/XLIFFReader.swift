// SPDX-License-Identifier: Apache-2.0

import Foundation

// CONTRACT STUB (issue 20): H-A replaces this file with the real reader; keep the type name and
// the read(contentsOf:) signature, which StringsLoader calls.

/// Reads .xliff files into LocalizedEntry values.
public struct XLIFFReader: Sendable {
  /// Creates a reader.
  public init() {}

  /// Reads the file at `url`.
  ///
  /// - Parameter url: The file.
  /// - Returns: The entries.
  /// - Throws: StringsError.
  public func read(contentsOf url: URL) throws(StringsError) -> [LocalizedEntry] { [] }
}
