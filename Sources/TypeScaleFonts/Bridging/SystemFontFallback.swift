// SPDX-License-Identifier: Apache-2.0

internal import CFontconfig
import Foundation
import TypeScaleInternals

/// System fonts as the last step of a ``FontCascade``, found through fontconfig — opt-in, because
/// results then depend on the machine's fonts.
///
/// For a character no cascade face covers, fontconfig sorts the machine's fonts for it
/// (`FcFontSort`), the first one whose character set has it is registered in the registry, and its
/// face is used. Answers are remembered per character.
///
/// ```swift
/// let system = try SystemFontFallback()                       // the machine's fonts
/// let cascade = registry.cascade(for: face, systemFallback: system)
/// ```
///
/// For tests, ``init(directories:)`` builds a private fontconfig configuration over chosen
/// folders, so the fallback is exercised without reading system fonts.
public final class SystemFontFallback: Sendable {
  /// The fontconfig configuration, owned; destroyed with `FcConfigDestroy()`, together with the
  /// temporary cache folder made for it, if any.
  private final class _Configuration: @unchecked Sendable {
    let handle: OpaquePointer
    /// A cache folder this process made because fontconfig had no writable one; removed here.
    var temporaryCache: URL?
    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit {
      FcConfigDestroy(handle)
      if let temporaryCache { try? FileManager.default.removeItem(at: temporaryCache) }
    }
  }

  private let configuration: Locked<_Configuration>
  private let answers = Locked<[[UInt32]: String?]>([:])

  /// The most answers kept; past it the remembered answers are dropped and asked again.
  ///
  /// Each answer is one fontconfig search; keeping them bounds the memory hostile text can
  /// claim (every distinct cluster would otherwise stay remembered for the process's life).
  static let maximumRememberedAnswers = 4_096
  /// The longest cluster, in scalars, whose answer is remembered; longer ones are searched
  /// each time (they are rare, and their keys would be large).
  static let maximumRememberedClusterLength = 32

  /// How many answers are remembered now (for tests).
  var rememberedAnswerCount: Int { answers.withLock { $0.count } }

  /// Uses the machine's fontconfig configuration and fonts (`FcInitLoadConfig()` +
  /// `FcConfigBuildFonts()`, what `FcInitLoadConfigAndFonts()` does), quietly.
  ///
  /// Fontconfig keeps a cache of each font folder it scans in its cache folders (typically
  /// `/var/cache/fontconfig` and `~/.cache/fontconfig`). When none of them can be written — a
  /// service whose `HOME` is read-only, a container — and a folder's cache is missing or stale,
  /// fontconfig prints `Fontconfig error: No writable cache directories` on standard error for
  /// every process. Here, when no configured cache folder is writable, fontconfig is given one
  /// this process owns instead: `$XDG_CACHE_HOME/typescale/fontconfig` (or
  /// `~/.cache/typescale/fontconfig`) if it can be made, else a new temporary folder that is
  /// removed when this fallback is released. Nothing is written anywhere else.
  ///
  /// - Throws: ``FontError/Code/notRegistered`` when fontconfig cannot load a configuration or
  ///   its fonts.
  public convenience init() throws(FontError) {
    guard let config = FcInitLoadConfig() else {
      throw FontError(.notRegistered, "fontconfig could not load its configuration")
    }
    let owner = _Configuration(config)
    if !Self._hasWritableCacheFolder(config) {
      owner.temporaryCache = Self._addOwnCacheFolder(config)
    }
    guard FcConfigBuildFonts(config) != 0 else {
      throw FontError(
        .notRegistered, "fontconfig could not load the machine's fonts",
        function: "FcConfigBuildFonts")
    }
    self.init(owner)
  }

  /// Uses only the fonts in `directories` and their subfolders, through a private fontconfig
  /// configuration (`FcConfigCreate()` + `FcConfigAppFontAddFile()` for each file).
  ///
  /// Files are added one by one rather than with `FcConfigAppFontAddDir()`, which would try to
  /// write a cache for each folder into a configuration that has no cache folder (printing
  /// `Fontconfig error: No writable cache directories`): this configuration reads and writes no
  /// cache. Files that are not fonts are skipped, as fontconfig skips them in a folder.
  ///
  /// - Parameter directories: Folders of font files.
  /// - Throws: ``FontError/Code/fileNotFound`` naming a folder that does not exist or is not a
  ///   folder.
  public convenience init(directories: [URL]) throws(FontError) {
    guard let config = FcConfigCreate() else {
      throw FontError(.notRegistered, "fontconfig could not create a configuration")
    }
    let owner = _Configuration(config)
    for directory in directories {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder),
        isFolder.boolValue
      else {
        throw FontError(
          .fileNotFound,
          "no folder at \(directory.path); pass folders of font files to "
            + "SystemFontFallback(directories:)")
      }
      for file in Self._files(in: directory) {
        // `FcFalse` for a file that is not a font: skipped, as in a folder fontconfig scans.
        _ = FcConfigAppFontAddFile(config, file)
      }
    }
    self.init(owner)
  }

  /// Every regular file under `directory`, subfolders included, in a fixed order.
  private static func _files(in directory: URL) -> [String] {
    guard
      let walk = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    var files: [String] = []
    for case let url as URL in walk
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
      files.append(url.path)
    }
    return files.sorted()
  }

  /// Whether fontconfig could write a cache into one of `config`'s cache folders: one that is a
  /// writable folder, or does not exist yet under a writable folder (fontconfig makes it).
  private static func _hasWritableCacheFolder(_ config: OpaquePointer) -> Bool {
    guard let list = FcConfigGetCacheDirs(config) else { return false }
    defer { FcStrListDone(list) }
    while let folder = FcStrListNext(list) {
      var path = URL(fileURLWithPath: String(cString: folder)).standardizedFileURL.path
      while !FileManager.default.fileExists(atPath: path) && path != "/" {
        path = (path as NSString).deletingLastPathComponent
      }
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
        FileManager.default.isWritableFile(atPath: path)
      {
        return true
      }
    }
    return false
  }

  /// Gives `config` a cache folder this process owns (`<cachedir>`); returns it when it is a
  /// temporary folder to remove later.
  private static func _addOwnCacheFolder(_ config: OpaquePointer) -> URL? {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [URL] = []
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      candidates.append(URL(fileURLWithPath: xdg))
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      candidates.append(URL(fileURLWithPath: home).appendingPathComponent(".cache"))
    }
    for base in candidates {
      let folder = base.appendingPathComponent("typescale").appendingPathComponent("fontconfig")
      if (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
        != nil, FileManager.default.isWritableFile(atPath: folder.path),
        _setCacheFolder(folder, in: config)
      {
        return nil
      }
    }
    let template = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("typescale-fontconfig-XXXXXX").path
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else { return nil }
    let folder = URL(fileURLWithPath: String(cString: made))
    guard _setCacheFolder(folder, in: config) else {
      try? FileManager.default.removeItem(at: folder)
      return nil
    }
    return folder
  }

  /// Adds `<cachedir>folder</cachedir>` to `config` (`FcConfigParseAndLoadFromMemory()`).
  private static func _setCacheFolder(_ folder: URL, in config: OpaquePointer) -> Bool {
    let escaped = folder.path.replacingOccurrences(of: "&", with: "&amp;")
      .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    let xml = "<?xml version=\"1.0\"?><fontconfig><cachedir>\(escaped)</cachedir></fontconfig>"
    return FcConfigParseAndLoadFromMemory(config, xml, 0) != 0
  }

  private init(_ configuration: _Configuration) {
    self.configuration = Locked(configuration)
  }

  /// The face fontconfig picks for `scalar`, registered in `registry`; `nil` when no font has it.
  func face(for scalar: Unicode.Scalar, registry: FontRegistry) -> FontFace? {
    face(forScalars: [scalar], registry: registry)
  }

  /// The face fontconfig picks for all of `scalars`, registered in `registry`.
  func face(forScalars scalars: [Unicode.Scalar], registry: FontRegistry) -> FontFace? {
    let key = scalars.map(\.value)
    if let known = answers.withLock({ $0[key] }) {
      return known.flatMap { registry.face(postScriptName: $0) }
    }
    let found = _search(key).flatMap { path, index -> FontFace? in
      guard let faces = try? registry.register(fileAt: URL(fileURLWithPath: path)) else {
        return nil
      }
      return faces.first { $0.faceIndex == index }
        ?? faces.first { $0.collectionIndex == index & 0xFFFF }
    }
    if key.count <= Self.maximumRememberedClusterLength {
      answers.withLock { answers in
        if answers.count >= Self.maximumRememberedAnswers { answers.removeAll() }
        answers[key] = .some(found?.postScriptName)
      }
    }
    return found
  }

  /// Wraps `FcFontSort()`: the first font whose charset has every scalar, as (file, index).
  private func _search(_ scalars: [UInt32]) -> (String, Int)? {
    configuration.withLock { configuration -> (String, Int)? in
      let config = configuration.handle
      guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
      defer {
        FcPatternDestroy(pattern)
        FcCharSetDestroy(charset)
      }
      for scalar in scalars { FcCharSetAddChar(charset, scalar) }
      FcPatternAddCharSet(pattern, "charset", charset)
      FcConfigSubstitute(config, pattern, FcMatchPattern)
      FcDefaultSubstitute(pattern)
      var result = FcResultNoMatch
      guard let set = FcFontSort(config, pattern, 0, nil, &result) else { return nil }
      defer { FcFontSetDestroy(set) }
      for index in 0..<Int(set.pointee.nfont) {
        guard let font = set.pointee.fonts[index] else { continue }
        var fontCharset: OpaquePointer?
        guard FcPatternGetCharSet(font, "charset", 0, &fontCharset) == FcResultMatch,
          let fontCharset,
          scalars.allSatisfy({ FcCharSetHasChar(fontCharset, $0) != 0 })
        else { continue }
        var file: UnsafeMutablePointer<FcChar8>?
        var faceIndex: Int32 = 0
        guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else {
          continue
        }
        _ = FcPatternGetInteger(font, "index", 0, &faceIndex)
        return (String(cString: file), Int(faceIndex))
      }
      return nil
    }
  }
}
