// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleLock

/// Lays text out: itemize, shape, break, measure — the engine services share across requests.
///
/// Create one engine per registry and share it: it is thread-safe. It owns the shape cache (a
/// byte budget, 64 MiB by default) and the HarfBuzz fonts; per-thread scratch state lives in
/// ``LayoutContext``s, borrowed from a small pool by the methods that take none.
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
/// `Shaper` (HarfBuzz, cached in font units) → `LineBreaker` (ICU opportunities, greedy) →
/// `Typesetter` (metrics, truncation, alignment, visual order) → ``TextLayout``.
public final class TextLayoutEngine: Sendable {
  /// The registry faces come from.
  public let registry: FontRegistry
  /// Shaped runs in font units, bounded in bytes.
  public let shapeCache: ShapeCache
  let fonts: HarfBuzzFontCache
  private let contexts = Locked<[_ContextBox]>([])
  /// Cascades by primary face and fallback faces (built once: matching runs per build).
  private let cascades = Locked<[[FontFace.ID]: FontCascade]>([:])
  /// Cascades of fonts without fallback faces of their own, by primary face.
  private let primaryCascades = Locked<[FontFace.ID: FontCascade]>([:])

  final class _ContextBox: @unchecked Sendable {
    // A context is used by one thread at a time: the pool hands each out to one caller.
    let context = LayoutContext()
  }

  /// Creates an engine.
  ///
  /// - Parameters:
  ///   - registry: The registry whose faces and default cascade to use.
  ///   - shapeCacheBudget: The shape cache's budget in bytes; 64 MiB by default.
  public init(registry: FontRegistry, shapeCacheBudget: Int = 64 << 20) {
    self.registry = registry
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
    let box = _borrowContext()
    defer { _returnContext(box) }
    return try layout(text, font: font, options: options, context: box.context)
  }

  func _borrowContext() -> _ContextBox { contexts.withLock { $0.popLast() } ?? _ContextBox() }

  func _returnContext(_ box: _ContextBox) {
    contexts.withLock { if $0.count < 16 { $0.append(box) } }
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
    try options.validate()
    var prepared = try _prepare(text, font: font, options: options, context: context)
    return try _layout(&prepared, font: font, options: options, context: context)
  }

  /// A text's size-independent analysis.
  ///
  /// It holds paragraphs, bidi, scripts, fonts by cluster and line break opportunities; a sweep
  /// prepares once and lays out at every size.
  struct _Prepared {
    let text: String
    var paragraphs: [PreparedParagraph]
    let missing: [Unicode.Scalar]
    let cascade: FontCascade
    /// Whether ``_preshape(_:font:options:context:)`` has run.
    var isPreshaped = false
  }

  /// Shapes each paragraph whose faces' shaping does not depend on the size once, so that
  /// laying it out at several sizes (a sweep, a shrink-to-fit search) measures the same glyphs
  /// without asking the cache again.
  func _preshape(
    _ prepared: inout _Prepared, font: LayoutFont, options: LayoutOptions, context: LayoutContext
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

  func _cascade(for font: LayoutFont) -> FontCascade {
    if font.fallbackFaces.isEmpty {
      // Most fonts name no fallbacks of their own: keyed by the face alone, no key array.
      let key = font.face.id
      if let cached = primaryCascades.withLock({ $0[key] }) { return cached }
      let cascade = registry.cascade(for: font.face, preferring: [])
      primaryCascades.withLock { if $0.count < 1024 { $0[key] = cascade } }
      return cascade
    }
    let key = [font.face.id] + font.fallbackFaces.map(\.id)
    if let cached = cascades.withLock({ $0[key] }) { return cached }
    let cascade = registry.cascade(for: font.face, preferring: font.fallbackFaces)
    cascades.withLock { if $0.count < 1024 { $0[key] = cascade } }
    return cascade
  }

  func _prepare(
    _ text: String, font: LayoutFont, options: LayoutOptions, context: LayoutContext
  ) throws(LayoutError) -> _Prepared {
    let cascade = _cascade(for: font)
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
    return _Prepared(text: text, paragraphs: prepared, missing: missing, cascade: cascade)
  }

  /// Lays a prepared text out at `font`'s size: shape (through the cache), break, place.
  ///
  /// Break opportunities found on the way are kept in `preparedText` for the next size.
  func _layout(
    _ preparedText: inout _Prepared, font: LayoutFont, options: LayoutOptions,
    context: LayoutContext
  ) throws(LayoutError) -> TextLayout {
    if options.minimumScaleFactor < 1 {
      // Shrinking may lay out at many sizes: shape once.
      try _preshape(&preparedText, font: font, options: options, context: context)
    }
    let text = preparedText.text
    let missing = preparedText.missing
    let cascade = preparedText.cascade
    let variations = font.variations.merging(options.variations) { _, option in option }
    let shaper = Shaper(fonts: fonts, cache: shapeCache, options: options, variations: variations)
    let typesetter = Typesetter(shaper: shaper, font: font, options: options, context: context)

    var scale = 1.0
    var attempt = try _attempt(
      &preparedText.paragraphs, text: text, pointSize: font.pointSize, typesetter: typesetter,
      cascade: cascade)
    if attempt.truncation != nil, options.minimumScaleFactor < 1 {
      let smallest = try _attempt(
        &preparedText.paragraphs, text: text,
        pointSize: font.pointSize * options.minimumScaleFactor,
        typesetter: typesetter, cascade: cascade)
      if smallest.truncation != nil {
        scale = options.minimumScaleFactor
        attempt = smallest
      } else {
        var low = options.minimumScaleFactor
        var high = 1.0
        var best = smallest
        while high - low > 0.001 {
          let middle = (low + high) / 2
          let trial = try _attempt(
            &preparedText.paragraphs, text: text, pointSize: font.pointSize * middle,
            typesetter: typesetter,
            cascade: cascade)
          if trial.truncation == nil {
            low = middle
            best = trial
          } else {
            high = middle
          }
        }
        scale = low
        attempt = best
      }
    }

    let pointSize = font.pointSize * scale
    let contentWidth = attempt.lines.map(\.width).max() ?? 0
    let layoutWidth = options.width ?? contentWidth
    let lines = typesetter.place(attempt.lines, pointSize: pointSize, layoutWidth: layoutWidth)
    let exactHeight = lines.last.map { $0.top + $0.height } ?? 0
    var width = contentWidth
    var height = exactHeight
    if let displayScale = options.effectiveDisplayScale {
      width = (contentWidth * displayScale - 1e-9).rounded(.up) / displayScale
      height = (exactHeight * displayScale - 1e-9).rounded(.up) / displayScale
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

  // MARK: - One size

  private struct _Attempt {
    var lines: [Typesetter.PendingLine]
    var truncation: TextLayout.Truncation?
  }

  /// Breaks every paragraph at one size and applies the line limit and truncation.
  private func _attempt(
    _ prepared: inout [PreparedParagraph], text: String, pointSize: Double,
    typesetter: Typesetter, cascade: FontCascade
  ) throws(LayoutError) -> _Attempt {
    let options = typesetter.options
    let limit = (options.lineLimit ?? 0) > 0 ? options.lineLimit ?? 0 : Int.max
    var lines: [Typesetter.PendingLine] = []
    lines.reserveCapacity(4)
    let textLength = prepared.last.map { $0.paragraph.start + $0.paragraph.units.count } ?? 0
    for index in prepared.indices {
      let measured = try typesetter.measure(prepared[index], pointSize: pointSize)
      let opportunities: [BreakOpportunity]
      if let known = prepared[index].opportunities {
        opportunities = known
      } else if LineBreaker.isSingleLine(
        prefix: measured.prefix, units: measured.units, width: options.width)
      {
        // One line whatever the opportunities: ICU's line breaking is not needed at this size.
        opportunities = [.end(measured.units.count)]
      } else {
        opportunities = try LineBreaker.opportunities(
          in: measured.units, boundaries: measured.boundaries, options: options,
          context: typesetter.context)
        prepared[index].opportunities = opportunities
      }
      var spans = LineBreaker.breakLines(
        prefix: measured.prefix, units: measured.units, boundaries: measured.boundaries,
        opportunities: opportunities, width: options.width)
      LineBreaker.pushOut(
        &spans, prefix: measured.prefix, units: measured.units, opportunities: opportunities,
        options: options)
      for (number, span) in spans.enumerated() {
        let isLastOfText = index == prepared.count - 1 && number == spans.count - 1
        if lines.count == limit - 1, !isLastOfText {
          // The last visible line, with more text after it: truncate.
          let (line, hidden) = try _truncatedLine(
            measured, from: span.range.lowerBound, typesetter: typesetter, cascade: cascade,
            pointSize: pointSize, textLength: textLength)
          lines.append(line)
          return _Attempt(
            lines: lines,
            truncation: TextLayout.Truncation(
              lineIndex: lines.count - 1, mode: options.truncation, hiddenRanges: hidden))
        }
        lines.append(try _line(measured, span: span, typesetter: typesetter))
      }
    }
    return _Attempt(lines: lines, truncation: nil)
  }

  private func _line(
    _ measured: MeasuredParagraph, span: LineBreaker.Span, typesetter: Typesetter
  ) throws(LayoutError) -> Typesetter.PendingLine {
    let start = measured.prepared.paragraph.start
    let pieces = try typesetter.pieces(of: measured, in: span.range)
    return Typesetter.PendingLine(
      pieces: pieces, range: (start + span.range.lowerBound)..<(start + span.range.upperBound),
      width: _contentWidth(
        pieces, until: span.contentEnd, measured: measured,
        tracking: typesetter.options.tracking),
      paragraphLevel: measured.prepared.itemized.paragraphLevel, mandatory: span.mandatory,
      isTruncated: false, breaksWord: span.breaksWord, contentEnd: start + span.contentEnd,
      paragraphStart: start,
      spaces: typesetter.options.alignment == .justified
        ? Typesetter.justifiableSpaces(
          in: measured.units, range: span.range, contentEnd: span.contentEnd) : [])
  }

  /// The width of pieces' glyphs before `end` (a paragraph offset), tracking included.
  private func _contentWidth(
    _ pieces: [Typesetter.Piece], until end: Int, measured: MeasuredParagraph, tracking: Double
  ) -> Double {
    var total = 0.0
    for piece in pieces {
      let scale = measured.pointSize / Double(piece.shaped.unitsPerEm)
      let base = piece.shaped.run.range.lowerBound
      let glyphs = piece.shaped.glyphs
      var previous = Int.min
      for index in piece.indices {
        let offset = piece.isEllipsis ? -1 : base + Int(glyphs[index].cluster)
        guard piece.isEllipsis || offset < end else { continue }
        total += Double(glyphs[index].advance) * scale
        // Clusters are monotonic within a run, so a new cluster differs from the previous one.
        if tracking != 0, offset != previous { total += tracking }
        previous = offset
      }
    }
    // Negative tracking can pull glyphs past each other; a width is never negative.
    return max(0, total)
  }

  /// The last visible line when text follows it: the rest of its paragraph, cut per the
  /// truncation mode at grapheme cluster boundaries, with an ellipsis shaped in the line's face.
  ///
  /// - Returns: The line and the UTF-16 ranges of the whole text it hides.
  /// - Complexity: O(n) in the rest of the paragraph: each cut is one pass over its boundaries,
  ///   and trailing white space is walked over once, not once per boundary.
  private func _truncatedLine(
    _ measured: MeasuredParagraph, from start: Int, typesetter: Typesetter,
    cascade: FontCascade, pointSize: Double, textLength: Int
  ) throws(LayoutError) -> (Typesetter.PendingLine, [Range<Int>]) {
    let options = typesetter.options
    let units = measured.units
    let base = measured.prepared.paragraph.start
    let end = units.count
    let limit = (options.width ?? .infinity) + 1e-6
    // The boundaries from `start` on: a slice found by binary search, not a filtered copy.
    let all = measured.boundaries
    var low = 0
    var high = all.count
    while low < high {
      let middle = (low + high) / 2
      if all[middle] < start { low = middle + 1 } else { high = middle }
    }
    let boundaries = all[low...]
    func trimmed(_ from: Int, _ to: Int) -> Int {
      var position = to
      while position > from {
        let scalar = LineBreaker.scalar(endingAt: position, in: units)
        guard UnicodeServices.hangsAtLineEnd(scalar) else { break }
        position -= scalar > 0xFFFF ? 2 : 1
      }
      return position
    }
    func width(_ from: Int, _ to: Int) -> Double {
      measured.prefix[trimmed(from, to)] - measured.prefix[from]
    }
    /// The last boundary up to which the content (without trailing white space) from `start`
    /// fits `available`, or `start`, searched from the end as `last(where:)` would: white space
    /// walked over for one boundary is not walked over again for the boundaries inside it.
    func lastFitting(_ available: Double) -> Int {
      var walkedTo = Int.max  // where the last walk stopped: every unit from it up to there hangs
      for boundary in boundaries.reversed() {
        var position = boundary
        if boundary >= walkedTo {
          position = walkedTo
        } else {
          while position > start {
            let scalar = LineBreaker.scalar(endingAt: position, in: units)
            guard UnicodeServices.hangsAtLineEnd(scalar) else { break }
            position -= scalar > 0xFFFF ? 2 : 1
          }
          walkedTo = position
        }
        if measured.prefix[position] - measured.prefix[start] <= available { return boundary }
      }
      return start
    }
    // Where the paragraph's content ends: `trimmed(from, end)` is the later of this and `from`.
    let paragraphContentEnd = trimmed(start, end)
    func widthToEnd(_ from: Int) -> Double {
      measured.prefix[max(from, paragraphContentEnd)] - measured.prefix[from]
    }
    func leadingTrimmed(_ from: Int) -> Int {
      var position = from
      while position < end,
        UnicodeServices.hangsAtLineEnd(LineBreaker.scalar(startingAt: position, in: units))
      {
        position += 1
      }
      return position
    }
    let paragraphLevel = measured.prepared.itemized.paragraphLevel
    let lastFace =
      measured.shaped.last { $0.run.range.lowerBound < max(start + 1, 1) }?.run.face
      ?? measured.shaped.first?.run.face ?? font(in: typesetter)
    var ellipsis = try typesetter.ellipsis(face: lastFace, cascade: cascade, pointSize: pointSize)
    ellipsis.shaped.run.level = paragraphLevel
    let ellipsisWidth = typesetter.width(of: [ellipsis], pointSize: pointSize)

    var head = start..<start  // shown before the ellipsis
    var tail = end..<end  // shown after it
    var showEllipsis = true
    let rest = base + end < textLength ? [(base + end)..<textLength] : []
    switch options.truncation {
    case .tail:
      let available = limit - ellipsisWidth
      let cut = lastFitting(available)
      head = start..<trimmed(start, cut)
    case .head:
      let available = limit - ellipsisWidth
      let cut = boundaries.first { widthToEnd($0) <= available } ?? end
      tail = leadingTrimmed(cut)..<end
    case .middle:
      let available = limit - ellipsisWidth
      let firstCut = lastFitting(available / 2)
      head = start..<trimmed(start, firstCut)
      let used = width(start, firstCut)
      let secondCut =
        boundaries.first { $0 >= firstCut && widthToEnd($0) <= available - used } ?? end
      tail = leadingTrimmed(secondCut)..<end
    case .clip:
      showEllipsis = false
      let cut = options.width == nil ? end : lastFitting(limit)
      head = start..<trimmed(start, cut)
    }
    var pieces = try typesetter.pieces(of: measured, in: head)
    if showEllipsis { pieces.append(ellipsis) }
    if !tail.isEmpty { pieces += try typesetter.pieces(of: measured, in: tail) }
    var hidden: [Range<Int>] = []
    if head.upperBound < tail.lowerBound {
      hidden.append((base + head.upperBound)..<(base + tail.lowerBound))
    }
    hidden += rest
    if !tail.isEmpty, tail.upperBound < end {
      hidden.append((base + tail.upperBound)..<(base + end))
    }
    let shownStart = head.isEmpty && !tail.isEmpty ? tail.lowerBound : head.lowerBound
    let shownEnd = tail.isEmpty ? head.upperBound : tail.upperBound
    let line = Typesetter.PendingLine(
      pieces: pieces, range: (base + shownStart)..<(base + shownEnd),
      width: max(
        0,
        typesetter.width(of: pieces, pointSize: pointSize)
          + options.tracking * Double(pieces.reduce(0) { $0 + $1.indices.count })),
      paragraphLevel: paragraphLevel, mandatory: false, isTruncated: true,
      contentEnd: base + shownEnd, paragraphStart: base)
    return (line, hidden.filter { !$0.isEmpty })
  }

  private func font(in typesetter: Typesetter) -> FontFace { typesetter.font.face }
}
