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
  /// The fontconfig configuration, owned; destroyed with `FcConfigDestroy()`.
  private final class _Configuration: @unchecked Sendable {
    let handle: OpaquePointer
    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { FcConfigDestroy(handle) }
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

  /// Uses the machine's fontconfig configuration (`FcInitLoadConfigAndFonts()`).
  ///
  /// - Throws: ``FontError/Code/notRegistered`` when fontconfig cannot load a configuration.
  public convenience init() throws(FontError) {
    guard let config = FcInitLoadConfigAndFonts() else {
      throw FontError(.notRegistered, "fontconfig could not load its configuration")
    }
    self.init(_Configuration(config))
  }

  /// Uses only the fonts in `directories`, through a private fontconfig configuration
  /// (`FcConfigCreate()` + `FcConfigAppFontAddDir()`).
  ///
  /// - Parameter directories: Folders of font files.
  /// - Throws: ``FontError/Code/fileNotFound`` when a folder cannot be added.
  public convenience init(directories: [URL]) throws(FontError) {
    guard let config = FcConfigCreate() else {
      throw FontError(.notRegistered, "fontconfig could not create a configuration")
    }
    let owner = _Configuration(config)
    for directory in directories {
      guard FcConfigAppFontAddDir(config, directory.path) != 0 else {
        throw FontError(
          .fileNotFound, "fontconfig could not add the folder \(directory.path)",
          function: "FcConfigAppFontAddDir")
      }
    }
    self.init(owner)
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
