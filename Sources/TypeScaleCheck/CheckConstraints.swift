// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleStrings

// CONTRACT STUB (issue 20): H-C replaces this file; keep `load(contentsOf:)`, `catalogs` and
// `placeholders`.

/// A check's constraints file: typography, fonts, rules by key pattern, defaults.
public struct CheckConstraints: Sendable {
  /// Catalogs listed in the file, resolved against its folder.
  public var catalogs: [URL] = []
  /// Placeholder samples.
  public var placeholders = PlaceholderSamples()

  /// Reads a constraints file.
  ///
  /// - Parameter url: The JSON file.
  /// - Returns: The constraints.
  /// - Throws: ``CheckError`` naming the file and the JSON path.
  public static func load(contentsOf url: URL) throws(CheckError) -> CheckConstraints {
    CheckConstraints()
  }
}
