// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The file-mechanics tests' scratch folders: a new, empty folder under the system's temporary
/// folder, and its entries by name.
enum ScratchFolder {
  /// Creates `typescale-<label>-<random>` in the temporary folder.
  ///
  /// - Parameter label: What the folder is for, in its name.
  /// - Returns: The folder.
  /// - Throws: The file manager's error when the folder cannot be made.
  static func make(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-\(label)-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The names in a folder, sorted.
  ///
  /// - Parameter folder: The folder.
  /// - Returns: Its entries' names.
  /// - Throws: The file manager's error when it cannot be listed.
  static func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }
}
