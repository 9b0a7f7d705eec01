// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
  /// first), beside the resolved `argv[0]`, and beside this library's image.
  ///
  /// On Linux this answers with plain system calls (`getenv`, `readlink("/proc/self/exe")`,
  /// `realpath`, `access`): Foundation's `Bundle`, `URL` and `ProcessInfo` cost about 3 ms at
  /// process start, a tenth of `typescale measure Hi`. It finds the same folder as
  /// ``locateThroughFoundation()`` (the main bundle's folder is the executable's folder,
  /// `/proc/self/exe`, which `Bundle.main` also reads), and falls back to it when it finds none,
  /// so the error lists the same places.
  ///
  /// - Returns: The folder containing ``fileNames``.
  /// - Throws: ``FontError/Code/defaultFontMissing`` listing every place searched.
  static func locate() throws(FontError) -> URL {
    #if os(Linux)
      // Bundle.main follows $CFProcessPath when it is set: leave that to Foundation.
      if getenv("CFProcessPath") == nil, let folder = locateWithSystemCalls() {
        return URL(fileURLWithPath: folder, isDirectory: true)
      }
    #endif
    return try locateThroughFoundation()
  }

  #if os(Linux)
    /// The candidates of ``locateThroughFoundation()`` in the same order, found with system
    /// calls; `nil` when none holds ``fileNames``' first file.
    static func locateWithSystemCalls() -> String? {
      var candidates: [String] = []
      if let value = getenv(environmentKey), value.pointee != 0 {
        var override = String(cString: value)
        while override.count > 1, override.hasSuffix("/") { override.removeLast() }
        candidates += [override, override + "/" + bundleName]
      }
      // Bundle.main's folder: the executable's, from /proc/self/exe.
      if let executable = realPath("/proc/self/exe") {
        candidates.append(parentFolder(executable) + "/" + bundleName)
      }
      // argv[0] made absolute and resolved as far as it exists, as `resolvingSymlinksInPath()`.
      if let argument = CommandLine.arguments.first, !argument.isEmpty {
        var absolute = argument
        if !argument.hasPrefix("/"), let folder = realPath(".") {
          absolute = folder + "/" + argument
        }
        let folder = parentFolder(realPath(absolute) ?? absolute)
        candidates.append((realPath(folder) ?? folder) + "/" + bundleName)
      }
      for candidate in candidates where access(candidate + "/" + fileNames[0], F_OK) == 0 {
        return candidate
      }
      return nil
    }

    /// `realpath(3)`: the absolute path with every symbolic link resolved, or `nil`.
    private static func realPath(_ path: String) -> String? {
      guard let resolved = realpath(path, nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    }

    /// The folder a path is in (`/` for a file at the root).
    private static func parentFolder(_ path: String) -> String {
      guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
      return String(path[..<slash])
    }
  #endif

  /// Finds the folder holding the embedded fonts through Foundation's `Bundle`, `URL`,
  /// `ProcessInfo` and `FileManager`, without trapping: the reference for ``locate()``.
  ///
  /// `Bundle.module` is read only once a candidate is known to exist.
  ///
  /// - Returns: The folder containing ``fileNames``.
  /// - Throws: ``FontError/Code/defaultFontMissing`` listing every place searched.
  static func locateThroughFoundation() throws(FontError) -> URL {
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
    // The executable's folder is often the main bundle's too: each place is named once.
    var named: Set<String> = []
    let places = candidates.map(\.path).filter { named.insert($0).inserted }
    throw FontError(
      .defaultFontMissing,
      "TypeScale's embedded fonts were not found; looked in "
        + places.joined(separator: ", ")
        + ". Install the \(bundleName) folder beside the executable, or set "
        + "\(environmentKey) to its path")
  }
}
