// SPDX-License-Identifier: Apache-2.0

import Foundation

/// TypeScale's embedded default fonts and where to find them.
///
/// The faces are subsets of Noto Sans (Latin, Greek, Cyrillic) and Noto Sans CJK KR (Hangul),
/// Regular and Bold, under the SIL Open Font License (the `OFL.txt` beside them);
/// `Scripts/make-fonts.py` makes them from Debian's `fonts-noto-core` and `fonts-noto-cjk`.
enum EmbeddedFonts {
  /// The files, in cascade order: Latin first, then Hangul.
  static let fileNames = [
    "NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansKR-Regular.otf", "NotoSansKR-Bold.otf",
  ]

  /// The PostScript name of the default face.
  static let defaultName = "NotoSans-Regular"

  /// The resource bundle's folder name: SwiftPM's `<package>_<target>.resources`.
  static let bundleName = "TypeScale_TypeScaleFonts.resources"

  /// The environment variable that points at the fonts folder (or the bundle) of an installed
  /// binary.
  static let environmentKey = "TYPESCALE_RESOURCES"

  /// Finds the folder holding the embedded fonts without trapping.
  ///
  /// `Bundle.module` traps (SIGILL) on Linux when its bundle is missing — for example a CLI
  /// copied elsewhere without its `.resources` folder — so the candidates are checked first:
  /// `$TYPESCALE_RESOURCES`, the bundle beside the main executable (where `Bundle.module` looks
  /// first), beside the resolved `argv[0]`, and beside this library's image. `Bundle.module` is
  /// read only once a candidate is known to exist.
  ///
  /// - Returns: The folder containing ``fileNames``.
  /// - Throws: ``FontError/Code/defaultFontMissing`` listing every place searched.
  static func locate() throws(FontError) -> URL {
    let fileManager = FileManager.default
    var candidates: [URL] = []
    if let override = ProcessInfo.processInfo.environment[environmentKey], !override.isEmpty {
      let url = URL(fileURLWithPath: override)
      candidates += [url, url.appendingPathComponent(bundleName)]
    }
    let mainBundle = Bundle.main.bundleURL.appendingPathComponent(bundleName)
    candidates.append(mainBundle)
    if let argument = CommandLine.arguments.first, !argument.isEmpty {
      let executable = URL(fileURLWithPath: argument).resolvingSymlinksInPath()
      candidates.append(executable.deletingLastPathComponent().appendingPathComponent(bundleName))
    }
    #if os(Linux)
      candidates.append(
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
          .deletingLastPathComponent().appendingPathComponent(bundleName))
    #endif
    for candidate in candidates {
      if fileManager.fileExists(
        atPath: candidate.appendingPathComponent(fileNames[0]).path)
      {
        // Bundle.module looks beside the main bundle first: when that exists it cannot trap.
        if candidate == mainBundle, let url = Bundle.module.resourceURL {
          return url
        }
        return candidate
      }
    }
    throw FontError(
      .defaultFontMissing,
      "TypeScale's embedded fonts were not found; looked in "
        + candidates.map(\.path).joined(separator: ", ")
        + ". Install the \(bundleName) folder beside the executable, or set "
        + "\(environmentKey) to its path")
  }
}
