// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleInternals

/// Lays text out: itemize, shape, break, measure — the engine services share across requests.
///
/// Create one engine per registry and share it: it is thread-safe. It owns the shape cache (a
/// byte budget, 64 MiB by default) and the HarfBuzz fonts; per-thread scratch state lives in
/// ``LayoutContext``s, borrowed by the methods that take none from a pool with a slot per thread.
/// Threads sharing an engine share its caches; a warm layout usually takes no lock but, for each
/// run, that of one of the shape cache's 16 stripes.
///
/// ```swift
/// let registry = try FontRegistry()
/// let engine = TextLayoutEngine(registry: registry)
/// let font = try LayoutFont(face: registry.defaultFace, pointSize: 17)
/// let layout = try engine.layout("Hello, world", font: font, options: .init(width: 320))
/// print(layout.width, layout.height, layout.lineCount)
/// ```
///
/// The pipeline, in order: paragraphs → `Itemizer` (bidi, scripts, fonts by cluster) →
/// `Shaper` (HarfBuzz, cached in font units) → `LineBuilder` (measures with `Typesetter`, breaks
/// with `LineBreaker`: ICU opportunities, greedy; the last visible line cut by `Truncator`) →
/// `Typesetter` (metrics, alignment, visual order) → ``TextLayout``. The engine pools contexts,
/// caches font cascades, and chooses the size: the font's, or the largest a `ShrinkSearch`
/// finds down to ``LayoutOptions/minimumScaleFactor``; it rounds the reported size up to the
/// pixel grid of ``LayoutOptions/effectiveDisplayScale``.
public final class TextLayoutEngine: Sendable {
  /// The registry faces come from.
  public let registry: FontRegistry
  /// Shaped runs in font units, bounded in bytes.
  public let shapeCache: ShapeCache
  /// The cascade's opt-in tail of the machine's fonts (fontconfig), or `nil` for registered
  /// faces only.
  public let systemFallback: SystemFontFallback?
  let fonts: HarfBuzzFontCache
  let contexts = ContextPool()
  /// Cascades by primary face and fallback faces (built once: matching runs per build).
  private let cascades = Locked<[[FontFace.ID]: FontCascade]>([:])
  /// Cascades of fonts without fallback faces of their own, by primary face.
  private let primaryCascades = Locked<[FontFace.ID: FontCascade]>([:])

  /// Creates an engine.
  ///
  /// - Parameters:
  ///   - registry: The registry whose faces and default cascade to use.
  ///   - shapeCacheBudget: The shape cache's budget in bytes; 64 MiB by default.
  ///   - systemFallback: An opt-in tail for every cascade: fontconfig's choice of the machine's
  ///     fonts for characters no registered face covers. `nil` by default, so layouts depend on
  ///     registered faces only (hermetic). Apple's text system always falls back to the system's
  ///     fonts; here that is one argument away.
  public init(
    registry: FontRegistry, shapeCacheBudget: Int = 64 << 20,
    systemFallback: SystemFontFallback? = nil
  ) {
    self.registry = registry
    self.systemFallback = systemFallback
    self.shapeCache = ShapeCache(budget: shapeCacheBudget)
    self.fonts = HarfBuzzFontCache(dataCache: registry.dataCache)
  }

  /// The most Unicode scalars of one grapheme cluster that HarfBuzz shapes at once: 32.
  ///
  /// A longer cluster (a letter followed by thousands of combining marks, as in "Zalgo" text) is
  /// shaped as consecutive pieces of at most this many scalars, so that one input cannot hold a
  /// core for long: HarfBuzz 6.0's mark-to-base positioning (the `mark` feature) searches back
  /// over every mark before each one for its base, which takes time quadratic in the cluster's
  /// length (a letter and 100,000 U+0301: 33 seconds in one `hb_shape`, 20 milliseconds in
  /// pieces).
  ///
  /// The cluster stays one grapheme cluster for everything else: one face draws it, lines never
  /// break inside it, and every scalar keeps its glyph and advance. The first piece is shaped
  /// exactly as the whole cluster would be. Each later piece is shaped without the base, with the
  /// units before it as context: its first mark is not attached to the base and keeps its
  /// default position (on the baseline, at the pen after the piece before), and the marks after
  /// it stack on that one (`mkmk`). Each piece is its own ``GlyphRun``, whose glyphs' clusters
  /// are the piece's first offset. The cluster's width is unchanged where marks have no advance.
  ///
  /// The limit is fixed. 32 is HarfBuzz's own limit on the marks it reorders in one sequence
  /// (`HB_OT_SHAPE_MAX_COMBINING_MARKS`), close to the 30 combining marks of Unicode's
  /// Stream-Safe Text Format (UAX #15), and longer than any cluster of real text. This differs
  /// from Core Text deliberately: Core Text documents no such limit, so the marks of a cluster of
  /// more than 32 scalars may be placed differently here; its width and line breaks are the
  /// same.
  public static let maximumShapedClusterLength = 32

  /// Versions of the libraries behind the results, for golden files: HarfBuzz, ICU, Unicode.
  public static var libraryVersions: [String: String] {
    [
      "harfbuzz": harfBuzzVersion(), "icu": UnicodeServices.icuVersion,
      "unicode": UnicodeServices.unicodeVersion,
    ]
  }

  /// Lays text out with a pooled context.
  ///
  /// The font's ``LayoutFont/spacing`` (a type scale's tracking, kern and line-height multiple)
  /// applies wherever `options` leaves those at 0.
  ///
  /// - Parameters:
  ///   - text: The text; paragraphs end at `\n`, `\r\n`, `\r` and U+2029.
  ///   - font: The font and size.
  ///   - options: Width, line limit, truncation and the rest.
  /// - Returns: The layout.
  /// - Throws: ``LayoutError`` for an invalid option, or a font that cannot be read.
  /// - Complexity: O(n) in the text's length, plus shaping of runs not yet in the cache.
  public func layout(
    _ text: String, font: LayoutFont, options: LayoutOptions = LayoutOptions()
  ) throws(LayoutError) -> TextLayout {
    let box = contexts.borrow()
    defer { contexts.giveBack(box) }
    return try layout(text, font: font, options: options, context: box.context)
  }

  /// Lays text out with the caller's context.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - font: The font and size.
  ///   - options: Width, line limit, truncation and the rest.
  ///   - context: Scratch state for this thread.
  /// - Returns: The layout.
  /// - Throws: ``LayoutError`` for an invalid option, or a font that cannot be read.
  public func layout(
    _ text: String, font: LayoutFont, options: LayoutOptions, context: LayoutContext
  ) throws(LayoutError) -> TextLayout {
    let options = font.spacing.applied(to: options)
    try options.validate()
    var prepared = try prepare(text, font: font, options: options, context: context)
    return try _layout(&prepared, font: font, options: options, context: context)
  }

  /// A text's size-independent analysis.
  ///
  /// It holds paragraphs, bidi, scripts, fonts by cluster and line break opportunities; a sweep
  /// prepares once and lays out at every size.
  struct Prepared {
    let text: String
    var paragraphs: [PreparedParagraph]
    let missing: [Unicode.Scalar]
    let cascade: FontCascade
    /// Whether ``preshape(_:font:options:context:)`` has run.
    var isPreshaped = false
  }

  /// Shapes each paragraph whose faces' shaping does not depend on the size once, so that
  /// laying it out at several sizes (a sweep, a shrink-to-fit search) measures the same glyphs
  /// without asking the cache again.
  func preshape(
    _ prepared: inout Prepared, font: LayoutFont, options: LayoutOptions, context: LayoutContext
  ) throws(LayoutError) {
    guard !prepared.isPreshaped else { return }
    prepared.isPreshaped = true
    let variations = font.variations.merging(options.variations) { _, option in option }
    let shaper = Shaper(fonts: fonts, cache: shapeCache, options: options, variations: variations)
    let typesetter = Typesetter(shaper: shaper, font: font, options: options, context: context)
    for index in prepared.paragraphs.indices {
      let (runs, sizeDependent) = try typesetter.shape(
        prepared.paragraphs[index], pointSize: font.pointSize)
      if !sizeDependent { prepared.paragraphs[index].shaped = runs }
    }
  }

  /// The cascade for `font`, built once per engine: the context's last one when it is the same
  /// primary face's, else the engine's.
  func _cascade(for font: LayoutFont, context: LayoutContext) -> FontCascade {
    guard font.fallbackFaces.isEmpty else { return _cascade(for: font) }
    if let recent = context.recentCascade(from: fonts, face: font.face.id) { return recent }
    let cascade = _cascade(for: font)
    context.remember(cascade, from: fonts, face: font.face.id)
    return cascade
  }

  /// The engine's cascade for `font`, built once (while fewer than 1,024 are cached).
  func _cascade(for font: LayoutFont) -> FontCascade {
    if font.fallbackFaces.isEmpty {
      // Most fonts name no fallbacks of their own: keyed by the face alone, no key array.
      let key = font.face.id
      if let cached = primaryCascades.withLock({ $0[key] }) { return cached }
      let cascade = registry.cascade(
        for: font.face, preferring: [], systemFallback: systemFallback)
      primaryCascades.withLock { if $0.count < 1024 { $0[key] = cascade } }
      return cascade
    }
    let key = [font.face.id] + font.fallbackFaces.map(\.id)
    if let cached = cascades.withLock({ $0[key] }) { return cached }
    let cascade = registry.cascade(
      for: font.face, preferring: font.fallbackFaces, systemFallback: systemFallback)
    cascades.withLock { if $0.count < 1024 { $0[key] = cascade } }
    return cascade
  }

  func prepare(
    _ text: String, font: LayoutFont, options: LayoutOptions, context: LayoutContext
  ) throws(LayoutError) -> Prepared {
    let cascade = _cascade(for: font, context: context)
    let itemizer = Itemizer(cascade: cascade)
    let paragraphs = text.isEmpty ? [] : Paragraph.split(text)
    var prepared: [PreparedParagraph] = []
    var missing: [Unicode.Scalar] = []
    for paragraph in paragraphs {
      let itemized = try itemizer.itemize(paragraph, direction: options.baseDirection)
      // Break opportunities wait until a size shows the paragraph needs them.
      prepared.append(PreparedParagraph(paragraph: paragraph, itemized: itemized))
      missing += itemized.missing
    }
    if !missing.isEmpty {
      // Once each, in order: a set rather than searching the list for every scalar.
      var seen: Set<Unicode.Scalar> = []
      missing = missing.filter { seen.insert($0).inserted }
    }
    return Prepared(text: text, paragraphs: prepared, missing: missing, cascade: cascade)
  }

  /// Lays a prepared text out at `font`'s size: shape (through the cache), break, place.
  ///
  /// Break opportunities found on the way are kept in `preparedText` for the next size.
  func _layout(
    _ preparedText: inout Prepared, font: LayoutFont, options: LayoutOptions,
    context: LayoutContext
  ) throws(LayoutError) -> TextLayout {
    if options.minimumScaleFactor < 1 {
      // Shrinking may lay out at many sizes: shape once.
      try preshape(&preparedText, font: font, options: options, context: context)
    }
    let text = preparedText.text
    let missing = preparedText.missing
    let cascade = preparedText.cascade
    let variations = font.variations.merging(options.variations) { _, option in option }
    let shaper = Shaper(fonts: fonts, cache: shapeCache, options: options, variations: variations)
    let typesetter = Typesetter(shaper: shaper, font: font, options: options, context: context)

    let (scale, attempt) = try ShrinkSearch(minimumScaleFactor: options.minimumScaleFactor)
      .search { (scale: Double) throws(LayoutError) -> LineBuilder.Attempt in
        try LineBuilder.attempt(
          &preparedText.paragraphs, text: text, pointSize: font.pointSize * scale,
          typesetter: typesetter, cascade: cascade)
      }

    let pointSize = font.pointSize * scale
    let contentWidth = attempt.lines.map(\.width).max() ?? 0
    let layoutWidth = options.width ?? contentWidth
    var pending = attempt.lines
    if pending.isEmpty, options.target.isAndroid {
      // An empty Android layout still has one line (Layout.getLineCount() is 1 for ""), as
      // tall as the font's metrics: an empty TextView or Text is one line high.
      pending = [
        Typesetter.PendingLine(
          pieces: [], range: 0..<0, width: 0, paragraphLevel: 0, mandatory: true,
          isTruncated: false, contentEnd: 0, paragraphStart: 0)
      ]
    }
    let lines = typesetter.place(pending, pointSize: pointSize, layoutWidth: layoutWidth)
    let exactHeight = lines.last.map { $0.top + $0.height } ?? 0
    var width = contentWidth
    var height = exactHeight
    if options.target.isAndroid {
      // Android: lines are whole px already; the width is ceil(px), as TextView's
      // ceil(Layout.getDesiredWidth) and Compose's ceil(width) report it, back in dp.
      let density = options.effectiveDisplayScale ?? LayoutTarget.androidDefaultDensity
      width = Self.roundedUp(contentWidth, toPixelGridOf: density)
    } else if let displayScale = options.effectiveDisplayScale {
      width = Self.roundedUp(contentWidth, toPixelGridOf: displayScale)
      height = Self.roundedUp(exactHeight, toPixelGridOf: displayScale)
    }
    var fallbackFaces: [FontFace] = []
    for line in lines {
      for face in line.glyphs.faces where face != font.face {
        if !fallbackFaces.contains(face) { fallbackFaces.append(face) }
      }
    }
    return TextLayout(
      text: text, font: scale == 1 ? font : try font.withSize(pointSize), options: options,
      width: width, height: height, exactWidth: contentWidth, exactHeight: exactHeight,
      lines: lines, truncation: attempt.truncation, scaleFactor: scale,
      diagnostics: LayoutDiagnostics(
        fontResolution: font.diagnostics, fallbackFaces: fallbackFaces,
        missingCharacters: missing))
  }

  // MARK: - Pixel rounding

  /// How far below a pixel-grid line a size may be and still count as on it, in pixels: a
  /// millionth of a pixel.
  ///
  /// Sizes are sums of scaled advances and line heights in `Double`, whose rounding error on
  /// real text is around 10⁻¹² pt: without a tolerance, a height of 61/3 pt computed as
  /// 20.333333333333336 would round up a whole pixel, to 20.666…, where `UILabel` reports
  /// 20.333…. A millionth of a pixel is far above that error and far below anything a display
  /// shows.
  static let pixelTolerance = 1e-6

  /// A size rounded up to the pixel grid of a display scale, as `UILabel.sizeThatFits(_:)` and
  /// `intrinsicContentSize` report it (Apple's `boundingRect(with:options:context:)`: "use the
  /// ceil function to round fractional sizes up"): `ceil(value × scale) / scale`, except that a
  /// value within ``pixelTolerance`` of a grid line stays on it.
  ///
  /// - Parameters:
  ///   - value: A size in points, ≥ 0.
  ///   - scale: Pixels per point (1, 2, 3).
  /// - Returns: The size in points; a whole number of pixels.
  static func roundedUp(_ value: Double, toPixelGridOf scale: Double) -> Double {
    let pixels = (value * scale - pixelTolerance).rounded(.up)
    return pixels > 0 ? pixels / scale : 0  // 0, not −0, for an empty layout
  }
}
