// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// One laid-out text, at one category when sweeping.
struct MeasureEntry {
  /// The category, when the size was scaled for one or swept across all of them.
  let category: ContentSizeCategory?
  /// The layout.
  let layout: TextLayout
}

/// What `typescale measure` and each line of `--batch` share: one registry, one layout engine,
/// and the faces of every font file registered so far.
struct MeasureSession {
  /// The registry the font files are registered in and `--font` names resolve through.
  let registry: FontRegistry
  /// The engine every request is laid out with.
  let engine: TextLayoutEngine
  /// Each font path's registration, by the path as given: a file is registered once.
  private var registrations: [String: Result<[FontFace], FontError>] = [:]

  /// Creates a session with the embedded default fonts.
  ///
  /// - Throws: ``CLIError/failure(_:)`` when the embedded fonts cannot be loaded.
  init() throws(CLIError) {
    do throws(FontError) {
      registry = try FontRegistry()
    } catch {
      throw .failure(error.message)
    }
    engine = TextLayoutEngine(registry: registry)
  }

  /// Lays a request's text out, once or at every category.
  ///
  /// With a typography, or with no font at all and a style or category, the font comes from
  /// ``DynamicType``: the typography's, or `Typography.system`'s (the system text style's own
  /// size and weight at the category, as `UIFont.preferredFont(forTextStyle:)`). A `--font` or
  /// `--font-file` is a custom font, scaled as `UIFontMetrics` does.
  ///
  /// - Parameter request: What to measure.
  /// - Returns: One entry, or one per category when sweeping.
  /// - Throws: ``CLIError``: a validation error (exit 2) for an invalid style, category, size or
  ///   layout option, with the library's message; a failure (exit 1) for a font file that
  ///   cannot be registered or a font that cannot be read.
  mutating func measure(_ request: MeasureRequest) throws(CLIError) -> [MeasureEntry] {
    let sizing = try request.sizing()
    if let typography = request.typography, request.fontFiles.isEmpty, request.fontName == nil {
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
          size = try FontSizing.relative(to: style).resolve(design, in: category)
        } catch {
          throw LayoutError(.invalidOption, error.message)
        }
        let layout = try engine.layout(
          request.text, font: try font(size.points), options: request.options)
        return [MeasureEntry(category: category, layout: layout)]
      case .sweep(let style, let design):
        let sweep = try engine.sweep(
          request.text, font: try font(design.points), sizing: .relative(to: style),
          options: request.options)
        return sweep.map { MeasureEntry(category: $0.category, layout: $0.layout) }
      }
    } catch {
      if error.code == .invalidOption { throw .validation(error.message) }
      throw .failure(error.message)
    }
  }

  /// Lays a request out with a typography's font for its style, through ``DynamicType``.
  ///
  /// A `--size` replaces the style's design size; with `Typography.system` it is a custom
  /// size, which scales as `UIFontMetrics` does (the table's sizes belong to the table's own
  /// design sizes).
  private func measure(
    _ request: MeasureRequest, typography: Typography
  ) throws(CLIError) -> [MeasureEntry] {
    var typography = typography
    let style = request.style ?? .body
    if let size = request.size {
      do throws(MetricsError) {
        typography[style].size = try DesignSize(size)
      } catch {
        throw CLIError(error)
      }
      if request.typography == nil { typography[style].sizing = .relative(to: style) }
    }
    let base = DynamicType(registry: registry, typography: typography, engine: engine)
    do throws(TypeScaleError) {
      if request.allCategories {
        return try base.sweep(
          request.text, style: style, width: request.options.width, options: request.options
        ).map { MeasureEntry(category: $0.category, layout: $0.layout) }
      }
      let category = request.category ?? .large
      let layout = try base.with(category: category).layout(
        request.text, style: style, width: request.options.width, options: request.options)
      return [MeasureEntry(category: category, layout: layout)]
    } catch {
      if error.code == .layoutFailed { throw .failure(error.message) }
      throw .validation(error.message)
    }
  }

  /// The primary face (or the match for a name) and the faces to try after it.
  private mutating func faces(
    for request: MeasureRequest
  ) throws(CLIError) -> (FontFace, FontMatch?, [FontFace]) {
    var firstFaces: [FontFace] = []
    for path in request.fontFiles {
      firstFaces.append(try firstFace(ofFileAt: path))
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

  /// Registers a font file (once per session) and returns its first face.
  private mutating func firstFace(ofFileAt path: String) throws(CLIError) -> FontFace {
    let registration: Result<[FontFace], FontError>
    if let known = registrations[path] {
      registration = known
    } else {
      do throws(FontError) {
        registration = .success(try registry.register(fileAt: URL(fileURLWithPath: path)))
      } catch {
        registration = .failure(error)
      }
      registrations[path] = registration
    }
    switch registration {
    case .success(let faces):
      guard let face = faces.first else { throw .failure("\(path) has no font faces") }
      return face
    case .failure(let error):
      throw .failure(error.message)
    }
  }
}
