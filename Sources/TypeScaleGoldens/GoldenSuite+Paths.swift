// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Paths in suites and golden files: one rule for the CLI, `GoldenMeasurer`, `expectGoldens`
/// and failure images.
///
/// A path in a cases file is relative to the cases file's folder, or absolute as given; a path
/// in a golden file's header is relative to the golden file's folder, or absolute as given.
/// When a suite is recorded into a golden file in another folder, its relative paths are
/// rewritten relative to the golden file (``GoldenSuite/rebased(from:to:)``); absolute paths
/// never change.
package enum GoldenPaths {
  /// The file or folder a path names: `path` itself when absolute, else `path` in `folder`.
  ///
  /// - Parameters:
  ///   - path: A path as written in a cases or golden file.
  ///   - folder: The folder relative paths start from.
  /// - Returns: The URL.
  package static func resolve(_ path: String, in folder: URL) -> URL {
    path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
  }

  /// `target` relative to the folder `base`, such as `../Fonts/a.ttf`.
  ///
  /// - Parameters:
  ///   - target: A file URL.
  ///   - base: A folder URL.
  /// - Returns: The relative path.
  package static func relativePath(_ target: URL, from base: URL) -> String {
    let to = target.standardizedFileURL.pathComponents
    let from = base.standardizedFileURL.pathComponents
    var common = 0
    while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
    let ups = Array(repeating: "..", count: from.count - common)
    return (ups + to[common...]).joined(separator: "/")
  }

  /// A path written relative to `from` rewritten relative to `to`; absolute paths, and every
  /// path when the folders are the same, stay as they are.
  package static func rebase(_ path: String, from: URL, to: URL) -> String {
    guard !path.hasPrefix("/"),
      from.standardizedFileURL.path != to.standardizedFileURL.path
    else { return path }
    return relativePath(from.appendingPathComponent(path), from: to)
  }
}

extension GoldenSuite {
  /// The suite with every relative path — font files, the typography, font folders, the cases
  /// file — rewritten from one folder to another (from the cases file's to the golden file's);
  /// absolute paths stay as they are.
  ///
  /// - Parameters:
  ///   - casesFolder: The folder the suite's relative paths start from.
  ///   - goldenFolder: The folder they should start from.
  /// - Returns: The suite, ready for `GoldenMeasurer` with `baseDirectory: goldenFolder`.
  /// - Throws: ``GoldenError/Code/malformedCases`` for an alias or path with white space, which a
  ///   golden file's space-separated header lines cannot hold.
  public func rebased(from casesFolder: URL, to goldenFolder: URL) throws(GoldenError)
    -> GoldenSuite
  {
    func move(_ path: String, _ what: String) throws(GoldenError) -> String {
      let moved = GoldenPaths.rebase(path, from: casesFolder, to: goldenFolder)
      guard !moved.contains(where: \.isWhitespace) else {
        throw GoldenError(
          .malformedCases,
          "\(what): \"\(moved)\" contains white space, which a golden file's header lines "
            + "cannot hold; rename it")
      }
      return moved
    }
    var copy = self
    copy.fonts = []
    for font in fonts {
      if font.alias.contains(where: \.isWhitespace) {
        throw GoldenError(
          .malformedCases, "font \"\(font.alias)\" contains white space; rename it")
      }
      var paths: [String] = []
      for path in font.paths { paths.append(try move(path, "font \(font.alias)")) }
      copy.fonts.append(GoldenFont(alias: font.alias, paths: paths))
    }
    if let typography { copy.typography = try move(typography, "typography") }
    copy.fontFolders = []
    for folder in fontFolders { copy.fontFolders.append(try move(folder, "font folder")) }
    if var source = casesFile {
      source.path = GoldenPaths.rebase(source.path, from: casesFolder, to: goldenFolder)
      copy.casesFile = source
    }
    return copy
  }
}
