// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics

/// A suite's fonts and typography, registered once, and its cases laid out as `GoldenMeasurer`
/// measures them: the one code path that `GoldenMeasurer` and the golden failure image share.
///
/// - Fonts by alias: the embedded default, or files (the first file's first face is the primary,
///   the others its cascade), registered on first use. A case's size is the system text style's
///   for the embedded font and `UIFontMetrics` scaling of the style's size at Large for files
///   (``GoldenCase/pointSize(embedded:)``).
/// - The typography (the ``GoldenSuite/typographyAlias`` font): the typography file is loaded,
///   every font of every alias and of the font folders is registered, and each case is laid out
///   through `DynamicType` in the case's category with the case's style or token, so it gets the
///   sizes, faces, tracking and line heights the app gets.
/// - Paths go through ``GoldenPaths/resolve(_:in:)``: relative to ``folder``, or absolute.
///
/// Fonts are registered in the registry given; use one of the caller's own (as
/// `GoldenMeasurer` and a renderer over a fresh registry do) so a suite's files never clash
/// with an app's.
package struct GoldenLayouts {
  /// An alias's faces.
  package struct Font {
    /// The face that draws.
    package let primary: FontFace
    /// The faces that cover what the primary lacks, in order.
    package let cascade: [FontFace]
    /// Whether this is TypeScale's embedded default.
    package let isEmbedded: Bool
    /// Each file as the suite writes its path, with the registered source.
    package let files: [(path: String, source: FontSource)]
  }

  /// The loaded typography and what was registered for it.
  package struct LoadedTypography {
    /// The type scale.
    package let typography: Typography
    /// The typography file's path as given and the SHA-256 of the bytes that were loaded.
    package let source: GoldenSourceFile
    /// Every font file registered from the font folders, in path order: its path relative to
    /// ``GoldenLayouts/folder`` (absolute under an absolute folder), with its source.
    package let files: [(path: String, source: FontSource)]
  }

  /// A case laid out.
  package struct Measured {
    /// The layout, as the app (or a label over the case's font) lays it out.
    package let layout: TextLayout
    /// The point size the category gave, in points.
    package let pointSize: Double
    /// The sizing that applied.
    package let sizing: GoldenCase.Sizing
    /// An Android case's size in pixels of its density; ``pointSize`` is then in `dp`.
    package var pixelSize: Double? = nil
  }

  /// Why a case could not be laid out: a code, a message and the error that caused it, the
  /// shape of every TypeScale error (`CodedError`).
  package struct Failure: StoredError {
    /// What failed.
    package enum Code: String, ErrorCode {
      /// A font file, a font folder or the typography file could not be used.
      case font
      /// A case could not be sized or laid out.
      case layout
    }

    /// What failed, what and where (such as `font kr: no font file at …` or `case a/b: …`), and
    /// the public error that caused it (a `FontError`, `LayoutError`, `MetricsError`,
    /// ``GoldenError`` or `TypeScaleError`), if any.
    package let fields: ErrorFields<Code>

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - code: What failed.
    ///   - message: What and where.
    ///   - cause: The error that caused it, if any.
    package init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
      fields = ErrorFields(code, message, cause: cause)
    }

    /// The failure with `context` before its message, keeping its code and cause.
    ///
    /// - Parameter context: What the failure is about, such as `case a/b`.
    /// - Returns: The failure, its message prefixed by `context: `.
    package func prefixed(_ context: String) -> Failure {
      Failure(code, "\(context): \(message)", cause: cause)
    }

    /// The error that caused this one (`cause`).
    package var underlying: (any Error & Sendable)? { cause }
  }

  /// The registry fonts are registered in.
  package let registry: FontRegistry
  /// The folder relative paths start from.
  package let folder: URL
  /// The fonts, by alias (the first of an alias wins).
  package let fonts: [GoldenFont]
  /// The typography file, or `nil` when the suite has none.
  package let typographyPath: String?
  /// The font folders registered for the typography.
  package let fontFolders: [String]
  /// What was substituted or skipped, one line per distinct diagnostic, in order: a typography
  /// style's family that is not registered or weight that is not available, a font folder's
  /// file that could not be registered.
  package private(set) var warnings: [String] = []

  private var _noted: Set<String> = []
  private var _fonts: [String: Font] = [:]
  private var _typography: LoadedTypography?

  /// Creates the layouts of a suite.
  ///
  /// - Parameters:
  ///   - registry: The registry fonts are registered in.
  ///   - folder: The folder relative paths start from.
  ///   - fonts: The fonts, by alias.
  ///   - typography: The typography file, or `nil`.
  ///   - fontFolders: The font folders registered for the typography.
  package init(
    registry: FontRegistry, folder: URL, fonts: [GoldenFont], typography: String?,
    fontFolders: [String]
  ) {
    self.registry = registry
    self.folder = folder
    self.fonts = fonts
    self.typographyPath = typography
    self.fontFolders = fontFolders
  }

  /// Creates the layouts a golden file's headers describe: their fonts (the first header's
  /// first, then aliases only a later one has) and the typography and folders of the first
  /// header that has a typography, all relative to the golden file.
  ///
  /// - Parameters:
  ///   - registry: The registry fonts are registered in.
  ///   - goldenURL: The golden file.
  ///   - headers: The recorded header, then the header measured now.
  package init(registry: FontRegistry, goldenURL: URL, headers: [GoldenHeader]) {
    let typed = headers.first { $0.typography != nil }
    self.init(
      registry: registry, folder: goldenURL.deletingLastPathComponent(),
      fonts: headers.flatMap(\.fonts), typography: typed?.typography?.path,
      fontFolders: typed?.fontFolders ?? [])
  }

  // MARK: - Fonts

  /// An alias's faces, registered on first use.
  ///
  /// - Parameter alias: The alias.
  /// - Returns: The faces.
  /// - Throws: ``Failure`` (`font`) for an alias the suite does not declare, or a file that
  ///   cannot be registered.
  package mutating func font(_ alias: String) throws(Failure) -> Font {
    if let known = _fonts[alias] { return known }
    guard let declared = fonts.first(where: { $0.alias == alias }) else {
      var aliases: [String] = []
      for font in fonts where !aliases.contains(font.alias) { aliases.append(font.alias) }
      if typographyPath != nil { aliases.append(GoldenSuite.typographyAlias) }
      throw Failure(
        .font,
        "no font \"\(alias)\" in the suite; fonts: \(aliases.joined(separator: ", "))")
    }
    var files: [(path: String, source: FontSource)] = []
    var faces: [FontFace] = []
    for path in declared.paths {
      let registered: [FontFace]
      do throws(FontError) {
        registered = try registry.register(fileAt: GoldenPaths.resolve(path, in: folder))
      } catch {
        throw Failure(.font, "font \(alias): \(error.message)", cause: error)
      }
      guard let face = registered.first else {
        throw Failure(.font, "font \(alias): \(path) has no face")
      }
      faces.append(face)
      files.append((path, face.source))
    }
    let font = Font(
      primary: faces.first ?? registry.defaultFace, cascade: Array(faces.dropFirst()),
      isEmbedded: declared.isEmbedded, files: files)
    _fonts[alias] = font
    return font
  }

  // MARK: - Typography

  /// The typography, loaded on first use: every alias's fonts and every font of the font
  /// folders are registered first, so its families resolve among them; `nil` when the suite has
  /// no typography.
  ///
  /// A font folder's file that cannot be registered (not a font, a PostScript name another file
  /// already has) is skipped with a line in ``warnings``.
  ///
  /// - Returns: The typography, its file's digest and the folders' files.
  /// - Throws: ``Failure`` (`font`) when an alias's file, a folder or the typography file
  ///   cannot be used; the typography's message lists each of its problems.
  package mutating func typography() throws(Failure) -> LoadedTypography? {
    if let _typography { return _typography }
    guard let path = typographyPath else { return nil }
    let data: Data
    do throws(GoldenError) {
      data = try GoldenVerification.readFile(
        GoldenPaths.resolve(path, in: folder), displayPath: path, kind: "typography file",
        maximumSize: GoldenCasesFile.maximumFileSize)
    } catch {
      throw Failure(.font, "typography: \(error.message)", cause: error)
    }
    let typography: Typography
    do throws(TypeScaleError) {
      typography = try Typography.load(json: data, name: path)
    } catch {
      throw Failure(.font, "typography: \(error.message)", cause: error)
    }

    for font in fonts { _ = try self.font(font.alias) }

    var files: [(path: String, source: FontSource)] = []
    var seen: Set<String> = []
    for folderPath in fontFolders {
      let url = GoldenPaths.resolve(folderPath, in: folder)
      let registration: DirectoryRegistration
      do throws(FontError) {
        registration = try registry.registerFonts(in: url)
      } catch {
        throw Failure(.font, "font folder \(folderPath): \(error.message)", cause: error)
      }
      for failure in registration.failures {
        note("font folder \(folderPath): \(failure.description); skipped")
      }
      // Faces carry their file's resolved path; name it from the folder as the suite writes it.
      let resolvedFolder = url.standardizedFileURL.resolvingSymlinksInPath()
      for face in registration.faces {
        guard let sourcePath = face.source.path, seen.insert(sourcePath).inserted else { continue }
        let inner = GoldenPaths.relativePath(
          URL(fileURLWithPath: sourcePath), from: resolvedFolder)
        let file =
          folderPath.hasPrefix("/")
          ? url.appendingPathComponent(inner).standardizedFileURL.path
          : GoldenPaths.relativePath(url.appendingPathComponent(inner), from: folder)
        guard
          !file.unicodeScalars.contains(where: {
            $0 != " " && ($0.properties.isWhitespace || $0.properties.generalCategory == .control)
          })
        else {
          throw Failure(
            .font,
            "font folder \(folderPath): \"\(GoldenText.escape(file))\" contains white space "
              + "other than spaces, which a golden file's header lines cannot hold; rename it")
        }
        files.append((file, face.source))
      }
    }

    let loaded = LoadedTypography(
      typography: typography,
      source: GoldenSourceFile(path: path, sha256: SHA256Digest.hash(data).hex), files: files)
    _typography = loaded
    return loaded
  }

  // MARK: - Layout

  /// Lays a case out as `GoldenMeasurer` measures it.
  ///
  /// A case of the ``GoldenSuite/typographyAlias`` font is laid out through `DynamicType` with
  /// the typography, in the case's category, with its style or token
  /// (``GoldenCase/styleName``); its font's substitutions (a family not registered, a weight
  /// not available) are added to ``warnings``, once each, naming the style or token. Other
  /// cases are laid out in their alias's faces at ``GoldenCase/pointSize(embedded:)``.
  ///
  /// - Parameters:
  ///   - test: The case.
  ///   - engine: The layout engine, over ``registry``.
  /// - Returns: The layout, the point size and the sizing that applied.
  /// - Throws: ``Failure``: `font` when the case's fonts or typography cannot be used, `layout`
  ///   for a name the typography does not know (the message lists its styles and tokens), a
  ///   sizing that does not fit the font, or a layout that fails.
  package mutating func measure(
    _ test: GoldenCase, engine: TextLayoutEngine
  ) throws(Failure) -> Measured {
    if let android = test.android {
      return try measureAndroid(test, android, engine: engine)
    }
    if test.font == GoldenSuite.typographyAlias {
      return try measureInTypography(test, engine: engine)
    }
    let font: Font
    do throws(Failure) {
      font = try self.font(test.font)
    } catch {
      throw error.prefixed("case \(test.id)")
    }
    do {
      let size = try test.pointSize(embedded: font.isEmbedded)
      let layoutFont = try LayoutFont(
        face: font.primary, pointSize: size.points, fallbackFaces: font.cascade)
      let layout = try engine.layout(test.text, font: layoutFont, options: test.layoutOptions)
      return Measured(
        layout: layout, pointSize: size.points,
        sizing: test.effectiveSizing(embedded: font.isEmbedded))
    } catch let error as MetricsError {
      throw Failure(.layout, "case \(test.id): \(error.message)", cause: error)
    } catch let error as LayoutError {
      throw Failure(.layout, "case \(test.id): \(error.message)", cause: error)
    } catch {
      throw Failure(.layout, "case \(test.id): \(error)", cause: error)
    }
  }

  /// Lays an Android case out with `AndroidText`: Roboto with the embedded Noto fonts after it
  /// for the embedded font, or the family of the alias's first face (resolved in the registry
  /// as iOS resolves it, with the Android cascade after it).
  private mutating func measureAndroid(
    _ test: GoldenCase, _ android: GoldenAndroidSizing, engine: TextLayoutEngine
  ) throws(Failure) -> Measured {
    guard test.font != GoldenSuite.typographyAlias else {
      throw Failure(
        .layout,
        "case \(test.id): an Android case cannot measure in the suite's typography (an iOS type "
          + "scale); name a font alias, or give Material roles as \"textAppearances\"")
    }
    let font: Font
    do throws(Failure) {
      font = try self.font(test.font)
    } catch {
      throw error.prefixed("case \(test.id)")
    }
    let text = AndroidText(
      registry: registry, engine: engine, toolkit: test.target == .compose ? .compose : .view,
      version: android.version, density: android.density, fontScale: android.fontScale,
      family: font.isEmbedded ? AndroidText.defaultFamily : font.primary.family)
    do throws(TypeScaleError) {
      let size: AndroidTextSize
      let layout: TextLayout
      if let appearance = android.appearance {
        size = try text.size(of: appearance)
        layout = try text.layout(
          test.text, appearance: appearance, width: test.width, options: test.layoutOptions)
      } else {
        let scale = try text.scale(sp: android.textSize, fontScales: [android.fontScale])
        do throws(MetricsError) {
          size = try scale.size(at: android.fontScale)
        } catch {
          throw TypeScaleError(error)
        }
        layout = try text.layout(
          test.text, textSize: android.textSize, width: test.width, options: test.layoutOptions)
      }
      var measured = Measured(layout: layout, pointSize: size.points, sizing: .relative)
      measured.pixelSize = size.px
      return measured
    } catch {
      throw Failure(.layout, "case \(test.id): \(error.message)", cause: error)
    }
  }

  private mutating func measureInTypography(
    _ test: GoldenCase, engine: TextLayoutEngine
  ) throws(Failure) -> Measured {
    if let sizing = test.sizing, sizing != .typography {
      throw Failure(
        .layout,
        "case \(test.id): sizing \(sizing.rawValue) does not apply to the typography's cases, "
          + "whose sizes the typography sets; leave \"sizing\" out of the set, or give the style "
          + "a \"sizing\" in the typography file")
    }
    let loaded: LoadedTypography
    do throws(Failure) {
      guard let typography = try typography() else {
        throw Failure(
          .font,
          "font \"\(GoldenSuite.typographyAlias)\" is the suite's typography, and the suite "
            + "has none; give a typography file (\"typography\" in the cases file)")
      }
      loaded = typography
    } catch {
      throw error.prefixed("case \(test.id)")
    }
    let token = Typography.TokenName(test.styleName)
    let dynamicType = DynamicType(
      registry: registry, typography: loaded.typography, category: test.category,
      engine: engine)
    do throws(TypeScaleError) {
      let entry = try loaded.typography.entry(for: token)
      let font = try dynamicType.font(for: token)
      for diagnostic in font.diagnostics {
        note("\(entry.isToken ? "token" : "style") \(entry.name): \(diagnostic.message)")
      }
      let layout = try dynamicType.layout(
        test.text, token: token, width: test.width, options: test.layoutOptions)
      return Measured(layout: layout, pointSize: font.pointSize, sizing: .typography)
    } catch {
      throw Failure(.layout, "case \(test.id): \(error.message)", cause: error)
    }
  }

  private mutating func note(_ line: String) {
    if _noted.insert(line).inserted { warnings.append(line) }
  }
}
