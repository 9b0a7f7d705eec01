// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleInternals
import TypeScaleLayout
import TypeScaleMetrics

/// Draws laid-out text into images with FreeType: anti-aliased grey glyphs, colour glyphs where
/// the font has them, and optional overlays of what the layout measured.
///
/// Create one renderer per registry and share it: it is `Sendable`. It owns a FreeType library,
/// one `FT_Face` per face it has drawn with (opened from the registry's cached font bytes), and a
/// glyph bitmap cache, all behind one mutex because FreeType faces are not thread-safe: renders
/// run one at a time. Creating a renderer costs nothing; the first render of a face opens it.
///
/// ```swift
/// let registry = try FontRegistry()
/// let engine = TextLayoutEngine(registry: registry)
/// let renderer = Renderer(registry: registry)
/// let layout = try engine.layout("Hello 안녕", font: font, options: .init(width: 320))
/// let image = try renderer.render(layout, options: RenderOptions(overlays: [.lines, .fallback]))
/// try PNG.write(image, to: URL(fileURLWithPath: "hello.png"))
/// ```
///
/// Glyphs sit exactly where the layout put them — each glyph's pen position from
/// `GlyphRun.xs` and `GlyphRun.ys` times
/// ``RenderOptions/scale`` — so the image shows what was measured, never a second layout.
/// Glyphs are loaded unhinted (the layout's advances are unhinted) and positioned to a quarter
/// pixel.
public final class Renderer: Sendable {
  /// The registry the faces of the layouts come from; its data cache supplies the font bytes.
  public let registry: FontRegistry
  /// The renderer's own layout engine, for the text it lays out itself.
  ///
  /// It lays out the labels of contact sheets and failure images, and the cases a golden failure
  /// image redraws; layouts passed in to be drawn come from the caller's engine, not this one.
  package let layoutEngine: TextLayoutEngine
  private let state = Locked(RasterState())

  /// Creates a renderer.
  ///
  /// - Parameter registry: The registry whose faces layouts use.
  public init(registry: FontRegistry) {
    self.registry = registry
    self.layoutEngine = TextLayoutEngine(registry: registry, shapeCacheBudget: 1 << 20)
  }

  // MARK: - Rendering

  /// Draws a layout.
  ///
  /// The image is the layout's box — its width (or its wrapping width, when wider, since lines
  /// are aligned within it) by its height — times ``RenderOptions/scale``, rounded up to whole
  /// pixels, plus ``RenderOptions/margin`` on every side. Ink that reaches past the box (a
  /// swash, an accent above a tight line height) is drawn into the margin, and clipped beyond it.
  ///
  /// The size is worked out first, and checked against ``RenderOptions/maximumPixels`` before
  /// anything is allocated.
  ///
  /// - Parameters:
  ///   - layout: A layout from `TextLayoutEngine`.
  ///   - options: Scale, margin, colours, overlays and the pixel limit.
  /// - Returns: The image.
  /// - Throws: ``RenderError``: `invalidOption` for an invalid option, `imageTooLarge` for an
  ///   image over ``RenderOptions/maximumPixels`` (or a glyph drawn larger than FreeType draws),
  ///   `font` for font bytes that can no longer be read, `freeType` for a face or glyph FreeType
  ///   cannot draw.
  /// - Complexity: O(glyphs + pixels); glyphs already drawn at the same size come from a cache.
  public func render(
    _ layout: TextLayout, options: RenderOptions = RenderOptions()
  ) throws(RenderError) -> Image {
    try options.validate()
    let size = try Self.imageSize(for: layout, options: options)
    var canvas = Canvas(width: size.width, height: size.height, background: options.background)
    let origin = Double(options.margin)
    try withRasterState { state throws(RenderError) in
      try state.draw(layout, into: &canvas, x: origin, y: origin, options: options)
    }
    return canvas.image
  }

  /// The size of the image ``render(_:options:)`` draws for a layout.
  ///
  /// Computed in floating point and checked before any conversion to `Int`, so a layout of any
  /// size gives an answer or an error, never a trap.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - options: The scale, margin and pixel limit.
  /// - Returns: Width and height in pixels: `ceil(box × scale) + 2 × margin` each.
  /// - Throws: ``RenderError/Code/imageTooLarge`` naming the size and
  ///   ``RenderOptions/maximumPixels`` when the image would have more pixels than that.
  public static func imageSize(
    for layout: TextLayout, options: RenderOptions
  ) throws(RenderError) -> (width: Int, height: Int) {
    let box = boxSize(of: layout)
    let margins = 2 * Double(options.margin)
    return try checkedCanvas(
      width: pixelExtent(box.width, options.scale) + margins,
      height: pixelExtent(box.height, options.scale) + margins, options: options,
      what: "the image")
  }

  /// The layout's box in points: its width, or its wrapping width when wider (or a line's right
  /// edge, should one reach further), by its height.
  package static func boxSize(of layout: TextLayout) -> (width: Double, height: Double) {
    var width = max(layout.width, layout.options.width ?? 0)
    var height = layout.height
    for line in layout.lines {
      width = max(width, line.x + line.width)
      height = max(height, line.top + line.height)
    }
    return (width, height)
  }

  /// Points to whole pixels, rounded up (a hair below a whole pixel stays that pixel), in
  /// floating point: ≥ 0, or NaN or infinite for such input — never converted, so it never traps.
  package static func pixelExtent(_ points: Double, _ scale: Double) -> Double {
    let pixels = (points * scale - 1e-6).rounded(.up)
    return pixels.isNaN || pixels > 0 ? pixels : 0
  }

  /// Points to whole pixels, rounded up, for sizes known to be small (captions): saturates
  /// instead of trapping.
  static func pixels(_ points: Double, _ scale: Double) -> Int {
    PixelMath.clampedInt(pixelExtent(points, scale))
  }

  /// Checks the size of an image about to be allocated, in floating point, and converts it.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - options: The options whose ``RenderOptions/maximumPixels`` applies.
  ///   - what: The image, for the message: `the image`, `the contact sheet`.
  /// - Returns: The size as integers, each ≤ the limit.
  /// - Throws: ``RenderError/Code/imageTooLarge`` when a side is not finite or the area is over
  ///   the limit.
  package static func checkedCanvas(
    width: Double, height: Double, options: RenderOptions, what: String
  ) throws(RenderError) -> (width: Int, height: Int) {
    let limit = Double(options.maximumPixels)
    guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
      throw RenderError(
        .imageTooLarge,
        "\(what) would be \(NumberText.shortest(width)) × \(NumberText.shortest(height)) pixels, "
          + "which is not a size; the layout or its inputs hold a value that is not finite")
    }
    guard width <= limit, height <= limit, width * height <= limit else {
      throw RenderError(
        .imageTooLarge,
        "\(what) would be \(NumberText.shortest(width)) × \(NumberText.shortest(height)) pixels "
          + "(\(NumberText.shortest(width * height)) pixels), more than the limit of "
          + "\(options.maximumPixels) (RenderOptions.maximumPixels); use a smaller width, size "
          + "or scale, or raise the limit")
    }
    return (Int(width), Int(height))
  }

  /// Runs `body` with the FreeType state, holding the mutex, creating the library on first use.
  package func withRasterState<R: Sendable>(
    _ body: (inout RasterState) throws(RenderError) -> R
  ) throws(RenderError) -> R {
    let dataCache = registry.dataCache
    return try state.withLock { (state: inout RasterState) throws(RenderError) -> R in
      state.dataCache = dataCache
      return try body(&state)
    }
  }
}

/// The FreeType objects a renderer draws with: the library, one face per font face, and the
/// glyph cache — used by one thread at a time, under the renderer's mutex.
///
/// Faces are keyed by ``TypeScaleFonts/FontFace/ID`` and kept for the renderer's life (a process
/// draws with few faces); a face that failed to open is remembered and fails again at once.
package struct RasterState {
  private var library: RasterLibrary?
  private var faces: [FontFace.ID: Result<RasterFace, RenderError>] = [:]
  var glyphs = GlyphCache()
  /// The registry's byte cache, set on every lock.
  var dataCache: FontDataCache?

  /// The open face for a font face, opened from the registry's bytes on first use.
  mutating func face(for face: FontFace) throws(RenderError) -> RasterFace {
    if let known = faces[face.id] { return try known.get() }
    let result: Result<RasterFace, RenderError>
    do throws(RenderError) {
      result = .success(try open(face))
    } catch {
      result = .failure(error)
    }
    faces[face.id] = result
    return try result.get()
  }

  private mutating func open(_ face: FontFace) throws(RenderError) -> RasterFace {
    let library: RasterLibrary
    if let existing = self.library {
      library = existing
    } else {
      library = try RasterLibrary()
      self.library = library
    }
    let bytes: [UInt8]
    do throws(FontError) {
      guard let dataCache else { preconditionFailure("the data cache is set under the lock") }
      bytes = try dataCache.bytes(for: face.source)
    } catch {
      throw RenderError(
        .font, "cannot draw with \(face.postScriptName): \(error.message)", cause: error)
    }
    return try RasterFace(
      source: bytes, faceIndex: face.faceIndex, name: face.postScriptName, library: library)
  }
}
