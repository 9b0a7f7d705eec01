// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The committed test fixtures under `Tests/Fixtures/`.
///
/// Fonts are made by `Scripts/make-fonts.py` from Debian's Noto packages; `Tests/Fixtures/Fonts/
/// README.md` lists what each is for. Tests read only these, never system fonts.
public enum Fixtures {
  /// The folder of fixture fonts.
  public static var fontsDirectory: URL {
    packageRoot().appendingPathComponent("Tests/Fixtures/Fonts")
  }

  /// The URL of a fixture font, such as `Fixture-Regular.ttf`.
  ///
  /// - Parameter name: The file name.
  /// - Returns: Its URL (the file is not checked).
  public static func font(_ name: String) -> URL {
    fontsDirectory.appendingPathComponent(name)
  }

  /// A fresh, empty temporary folder, removed by the caller with `removeTemporaryDirectory`.
  public static func temporaryDirectory(_ label: String = "typescale") throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A fresh temporary folder holding `files` (path relative to it → UTF-8 contents), with the
  /// folders on the way; removed by the caller.
  public static func temporaryDirectory(_ label: String, files: [String: String]) throws -> URL {
    let root = try temporaryDirectory(label)
    for (path, contents) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    return root
  }
}
