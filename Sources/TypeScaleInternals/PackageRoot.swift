// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Finds the Swift package a file belongs to, the way golden files and test support locate
/// `.build/` and `Goldens/`.
package enum PackageRoot {
  /// The nearest folder, starting at `folder` and walking up, that holds a `Package.swift`.
  ///
  /// The file-system root itself is never checked, so a stray `/Package.swift` does not count.
  ///
  /// - Parameter folder: The folder to start in (for a file, its parent folder).
  /// - Returns: The package's root folder, or `nil` if no folder above `folder` holds a
  ///   `Package.swift`.
  package static func nearest(from folder: URL) -> URL? {
    var folder = folder
    while folder.path != "/" && !folder.path.isEmpty {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }
}
