// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// One laid-out text, at one category (or Android font scale) when sweeping.
struct MeasureEntry {
  /// The category, when the size was scaled for one or swept across all of them.
  let category: ContentSizeCategory?
  /// The layout.
  let layout: TextLayout
  /// With `--platform android`, the text size at the entry's font scale (sp, dp, px).
  var androidSize: AndroidTextSize? = nil
}

/// What `typescale measure` and each line of `--batch` share: one registry, one layout engine,
/// the fonts of every file and folder registered so far, and every typography loaded.
struct MeasureSession {
  /// The registry the font files are registered in and `--font` names resolve through.
  let registry: FontRegistry
  /// The engine every request is laid out with.
  let engine: TextLayoutEngine
  /// The font files and folders registered so far: each is registered once.
  private var fonts = FontRegistrations()
  /// Each typography file's contents or error, by the path as given: a file is read once.
  private var typographies: [String: Result<Typography, CLIError>] = [:]
  /// Warnings (without `warning: `) from registering font folders not yet handed out by
  /// ``measure(_:warn:)``: a file in a folder that is not a font, a folder with no fonts.
  private var warnings: [String] = []

  /// Creates a session with the embedded default fonts.
  ///
  /// - Throws: ``CLIError/failure(_:)`` when the embedded fonts cannot be loaded.
  init() throws(CLIError) {
    do throws(FontError) {
      registry = try FontRegistry()
    } catch {
      throw .input(error.message)
    }
    engine = TextLayoutEngine(registry: registry)
  }

  /// Loads a typography file once per session.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The typography.
  /// - Throws: ``CLIError/validation(_:)`` for a file that cannot be read or is not valid.
  mutating func typography(at path: String) throws(CLIError) -> Typography {
    let loaded: Result<Typography, CLIError>
    if let known = typographies[path] {
      loaded = known
    } else {
      do throws(CLIError) {
        loaded = .success(try TypographyOptions.load(path))
      } catch {
        loaded = .failure(error)
      }
      typographies[path] = loaded
    }
    return try loaded.get()
  }

  /// Lays a request's text out as ``measure(_:)`` does, and hands each warning to `warn`:
  /// what registering the request's font folders skipped (even when the request then fails),
  /// then what font resolution substituted (``MeasureOutput/substitutions(_:)``).
  ///
  /// - Parameters:
  ///   - request: What to measure.
  ///   - warn: Called with each warning, without `warning: `.
  /// - Returns: One entry, or one per category when sweeping.
  /// - Throws: ``CLIError``, as ``measure(_:)``.
  mutating func measure(_ request: MeasureRequest, warn: (String) -> Void) throws(CLIError)
    -> [MeasureEntry]
  {
    let measured = Result { () throws(CLIError) -> [MeasureEntry] in try measure(request) }
    warnings.forEach(warn)
    warnings = []
    let entries = try measured.get()
    MeasureOutput.substitutions(entries).forEach(warn)
    return entries
  }

  /// Refuses a size that scales past `ValueRanges.maximumPoints` at the category measured (at
  /// any category for a sweep), naming the style and the first such category before anything
  /// is laid out: `body: 100000 pt at XL scales to 109091 pt; expected at most 100000 pt…`.
  ///
  /// - Parameter sizing: The request's sizing.
  /// - Throws: ``CLIError`` (a validation error, exit 2).
  static func checkScaledSizes(_ sizing: MeasureRequest.Sizing) throws(CLIError) {
    let (style, design, categories): (TextStyle, DesignSize, [ContentSizeCategory])
    switch sizing {
    case .fixed: return
    case .scaled(let scaled, let size, let category):
      (style, design, categories) = (scaled, size, [category])
    case .sweep(let swept, let size):
      (style, design, categories) = (swept, size, ContentSizeCategory.allCases)
    }
    do throws(MetricsError) {
      let scale = try ContentSizeScale(design, sizing: .relative(to: style))
      for category in categories { _ = try scale.size(at: category) }
    } catch  where error.code == .invalidSize {
      throw .validation("\(style.rawValue): \(error.message)")
    } catch {
      return  // Other problems are the layout's to report, as before.
    }
  }

  /// Lays a request's text out, once or at every category.
  ///
  /// The request's font folders are registered first (their problems go to ``warnings``).
  /// With a typography, or with no font at all and a style or category, the font comes from
  /// ``DynamicType``: the typography's — its style's or token's family, weight and italic
  /// resolved among the registered fonts, its size following its sizing — or
  /// `Typography.system`'s (the system text style's own size and weight at the category, as
  /// `UIFont.preferredFont(forTextStyle:)`). Without a typography, a `--font` or
  /// `--font-file` is a custom font, scaled as `UIFontMetrics` does.
  ///
  /// - Parameter request: What to measure.
  /// - Returns: One entry, or one per category when sweeping.
  /// - Throws: ``CLIError``: a validation error (exit 2) for an invalid style, category, size or
  ///   layout option, with the library's message; an input error (exit 2, no help hint) for a font file or folder
  ///   that cannot be registered or a font that cannot be read.
  mutating func measure(_ request: MeasureRequest) throws(CLIError) -> [MeasureEntry] {
    let sizing = try request.sizing()
    if request.typography == nil { try Self.checkScaledSizes(sizing) }
    for path in request.fontDirectories {
      warnings += try fonts.registerDirectory(path, in: registry)
    }
    if let typography = request.typography {
      for path in request.fontFiles { _ = try fonts.faces(ofFileAt: path, in: registry) }
      return try measure(request, typography: typography)
    }
    if request.usesSystemTypography {
      switch sizing {
      case .fixed: break  // A plain point size in the default face.
      case .scaled, .sweep: return try measure(request, typography: .system)
      }
    }
    let (face, match, fallbacks) = try faces(for: request)
    do throws(LayoutError) {
      func font(_ pointSize: Double) throws(LayoutError) -> LayoutFont {
        if let match {
          return try LayoutFont(match: match, pointSize: pointSize, fallbackFaces: fallbacks)
        }
        return try LayoutFont(face: face, pointSize: pointSize, fallbackFaces: fallbacks)
      }
      switch sizing {
      case .fixed(let points):
        let layout = try engine.layout(
          request.text, font: try font(points), options: request.options)
        return [MeasureEntry(category: nil, layout: layout)]
      case .scaled(let style, let design, let category):
        let size: ResolvedSize
        do throws(MetricsError) {
          size = try ContentSizeScale(design, sizing: .relative(to: style)).size(at: category)
        } catch {
          throw LayoutError(
            .invalidOption,
            error.code == .invalidSize ? "\(style.rawValue): \(error.message)" : error.message)
        }
        let layout = try engine.layout(
          request.text, font: try font(size.points), options: request.options)
        return [MeasureEntry(category: category, layout: layout)]
      case .sweep(let style, let design):
        let scale: ContentSizeScale
        do throws(MetricsError) {
          scale = try ContentSizeScale(design, sizing: .relative(to: style))
        } catch {
          throw LayoutError(error)
        }
        let sweep = try engine.sweep(
          request.text, font: try font(design.points), scale: scale, options: request.options)
        return sweep.map { MeasureEntry(category: $0.step, layout: $0.layout) }
      }
    } catch {
      if error.code == .invalidOption { throw .validation(error.message) }
      throw .input(error.message)
    }
  }

  /// Lays a request out with a typography's font for its style or token, through
  /// ``DynamicType``.
  ///
  /// A `--size` replaces the style's or token's design size; with `Typography.system` it is a
  /// custom size, which scales as `UIFontMetrics` does (the table's sizes belong to the
  /// table's own design sizes).
  private func measure(
    _ request: MeasureRequest, typography: Typography
  ) throws(CLIError) -> [MeasureEntry] {
    let style = request.style ?? .body
    var typography = try TypographyOptions.overriding(
      typography, style: style, token: request.token, size: request.size)
    if request.typography == nil, request.size != nil {
      typography[style].sizing = .relative(to: style)
    }
    let token = request.typographyToken
    let base = DynamicType(registry: registry, typography: typography, engine: engine)
    do throws(TypeScaleError) {
      if request.allCategories {
        return try base.sweep(
          request.text, token: token, width: request.options.width, options: request.options
        ).map { MeasureEntry(category: $0.category, layout: $0.layout) }
      }
      let category = request.category ?? .large
      let layout = try base.with(category: category).layout(
        request.text, token: token, width: request.options.width, options: request.options)
      return [MeasureEntry(category: category, layout: layout)]
    } catch {
      if error.code == .layoutFailed { throw .input(error.message) }
      throw .validation(error.message)
    }
  }

  /// The faces an Android layout uses: the first `--font-file`'s first face (the other files'
  /// as its cascade), a `--font` name resolved at the weight, or Android's default, Roboto at
  /// the weight (a Material role's 400 or 500) with the embedded Noto fonts after it.
  ///
  /// - Parameters:
  ///   - fontFiles: The `--font-file` paths.
  ///   - fontName: The `--font` name.
  ///   - weight: The weight to resolve a name or Roboto at.
  /// - Returns: The primary face (or the match it came from) and the faces to try after it.
  /// - Throws: ``CLIError`` for a font file that cannot be read.
  mutating func androidFaces(
    fontFiles: [String], fontName: String?, weight: FontWeight
  ) throws(CLIError) -> (FontFace, FontMatch?, [FontFace]) {
    var firstFaces: [FontFace] = []
    for path in fontFiles {
      firstFaces.append(try fonts.faces(ofFileAt: path, in: registry)[0])
    }
    let android: [FontFace]
    do throws(FontError) {
      android = try registry.androidDefaultCascade(weight: weight)
    } catch {
      throw .input(error.message)
    }
    if fontName == nil, let primary = firstFaces.first {
      return (primary, nil, Array(firstFaces.dropFirst()) + android)
    }
    guard let fontName else { return (android[0], nil, Array(android.dropFirst())) }
    let match = registry.resolve(FontQuery(family: fontName, weight: weight))
    return (match.face, match, (firstFaces + android).filter { $0 != match.face })
  }

  /// The primary face (or the match for a name) and the faces to try after it.
  private mutating func faces(
    for request: MeasureRequest
  ) throws(CLIError) -> (FontFace, FontMatch?, [FontFace]) {
    var firstFaces: [FontFace] = []
    for path in request.fontFiles {
      firstFaces.append(try fonts.faces(ofFileAt: path, in: registry)[0])
    }
    if let name = request.fontName {
      let match = registry.resolve(FontQuery(family: name))
      return (match.face, match, firstFaces.filter { $0 != match.face })
    }
    guard let primary = firstFaces.first else {
      return (registry.defaultFace, nil, [])
    }
    return (primary, nil, Array(firstFaces.dropFirst()))
  }
}
