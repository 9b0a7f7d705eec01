// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// Builds a text's lines at one size: measures each paragraph, breaks it (``LineBreaker``),
/// turns the spans into lines with their widths, and hands the last visible line to the
/// ``Truncator`` when text follows it.
///
/// Its functions take the call's typesetter (shaper, font, options, context) and the font
/// cascade the ellipsis may come from as parameters, rather than holding copies of them: a
/// layout call copies neither.
enum LineBuilder {
  /// A text's lines at one size, and where it was cut.
  struct Attempt {
    var lines: [Typesetter.PendingLine]
    var truncation: TextLayout.Truncation?
  }

  /// The most lines a layout shows: ``LayoutOptions/lineLimit`` (`nil` or 0: no limit), or one
  /// for head and middle truncation.
  ///
  /// Apple's `NSLineBreakMode.byTruncatingMiddle`: "Use this mode for single-line layout; using
  /// it with multiline text truncates the text into a single line." Head truncation does the
  /// same here: the text's end is what head truncation keeps, and only a single line can end
  /// with it. (Apple's `byTruncatingHead` says "Although this mode works for multiline text,
  /// it's more often used for single line text"; its iOS 2–6 predecessor truncated "only text on
  /// the first line".) Tail truncation and clipping keep the limit and cut the last line.
  static func lineLimit(for options: LayoutOptions) -> Int {
    switch options.truncation {
    case .head, .middle: return 1
    case .tail, .clip: return (options.lineLimit ?? 0) > 0 ? options.lineLimit ?? 0 : Int.max
    }
  }

  /// Breaks every paragraph at one size and applies the line limit and truncation.
  ///
  /// Break opportunities found on the way are kept in `prepared` for the next size.
  static func attempt(
    _ prepared: inout [PreparedParagraph], text: String, pointSize: Double,
    typesetter: Typesetter, cascade: FontCascade
  ) throws(LayoutError) -> Attempt {
    let spacing = LetterSpacing(typesetter.options)
    let options = typesetter.options
    // Line breaking measures with prefix sums, which count the spacing after every cluster;
    // tracking after a line's last cluster hangs, so breaking sees the width plus that hang.
    let width = spacing.breakingWidth(options.width)
    let limit = Self.lineLimit(for: options)
    var lines: [Typesetter.PendingLine] = []
    lines.reserveCapacity(4)
    let textLength = prepared.last.map { $0.paragraph.start + $0.paragraph.units.count } ?? 0
    for index in prepared.indices {
      let measured = try typesetter.measure(prepared[index], pointSize: pointSize)
      let wordStyle = LineBreaker.PhraseRule(options)
      var opportunities: [BreakOpportunity]
      if let known = prepared[index].opportunities {
        opportunities = known
      } else if LineBreaker.isSingleLine(
        prefix: measured.prefix, units: measured.units, width: width)
      {
        // One line whatever the opportunities: ICU's line breaking is not needed at this size.
        opportunities = [.end(measured.units.count)]
      } else {
        opportunities = try LineBreaker.opportunities(
          in: measured.units, boundaries: measured.boundaries, options: options,
          context: typesetter.context, phrase: wordStyle != .none)
        // Android 15's auto rule for Japanese depends on the line count: not kept.
        if wordStyle != .phraseUnderFiveLines { prepared[index].opportunities = opportunities }
      }
      var spans = breakLines(
        measured, opportunities: opportunities, width: width, pointSize: pointSize,
        options: options)
      if wordStyle == .phraseUnderFiveLines, spans.count >= 5 {
        // LINE_BREAK_WORD_STYLE_AUTO: Japanese phrase breaking only under 5 lines.
        opportunities = try LineBreaker.opportunities(
          in: measured.units, boundaries: measured.boundaries, options: options,
          context: typesetter.context, phrase: false)
        spans = breakLines(
          measured, opportunities: opportunities, width: width, pointSize: pointSize,
          options: options)
      }
      for (number, span) in spans.enumerated() {
        let isLastOfText = index == prepared.count - 1 && number == spans.count - 1
        if lines.count == limit - 1, !isLastOfText, options.target.isAndroid,
          options.truncation == .clip
        {
          // Android clips past maxLines: the last visible line is the line as broken
          // (StaticLayout stops adding lines), and the rest is hidden.
          var line = try line(measured, span: span, typesetter: typesetter)
          line.isTruncated = true
          lines.append(line)
          let hiddenStart = measured.prepared.paragraph.start + span.range.upperBound
          return Attempt(
            lines: lines,
            truncation: TextLayout.Truncation(
              lineIndex: lines.count - 1, mode: options.truncation,
              hiddenRanges: hiddenStart < textLength ? [hiddenStart..<textLength] : []))
        }
        if lines.count == limit - 1, !isLastOfText {
          // The last visible line, with more text after it: truncate.
          let (line, hidden) = try Truncator.truncatedLine(
            measured, from: span.range.lowerBound, typesetter: typesetter, cascade: cascade,
            pointSize: pointSize, textLength: textLength)
          lines.append(line)
          return Attempt(
            lines: lines,
            truncation: TextLayout.Truncation(
              lineIndex: lines.count - 1, mode: options.truncation, hiddenRanges: hidden))
        }
        lines.append(try line(measured, span: span, typesetter: typesetter))
      }
    }
    return Attempt(lines: lines, truncation: nil)
  }

  /// A paragraph's lines by the options' break strategy
  /// (``LayoutOptions/effectiveBreakStrategy``): greedy with push-out
  /// (``LineBreaker/breakLines(prefix:units:boundaries:opportunities:width:)``), or optimal
  /// (``OptimalLineBreaker``), whose costs are in px: the density of an Android target, the
  /// display scale (or 1) of an Apple one.
  static func breakLines(
    _ measured: MeasuredParagraph, opportunities: [BreakOpportunity], width: Double?,
    pointSize: Double, options: LayoutOptions
  ) -> [LineBreaker.Span] {
    let strategy = options.effectiveBreakStrategy
    guard strategy == .simple || options.wrapping == .character else {
      let scale =
        options.effectiveDisplayScale
        ?? (options.target.isAndroid ? LayoutTarget.androidDefaultDensity : 1)
      return OptimalLineBreaker.breakLines(
        prefix: measured.prefix, units: measured.units, boundaries: measured.boundaries,
        opportunities: opportunities, width: width, textSize: pointSize * scale, scale: scale,
        balanced: strategy == .balanced)
    }
    var spans = LineBreaker.breakLines(
      prefix: measured.prefix, units: measured.units, boundaries: measured.boundaries,
      opportunities: opportunities, width: width)
    LineBreaker.pushOut(
      &spans, prefix: measured.prefix, units: measured.units, opportunities: opportunities,
      breakingWidth: width, options: options)
    return spans
  }

  /// A span of a measured paragraph as a line: its pieces and its width.
  @inline(__always)
  static func line(
    _ measured: MeasuredParagraph, span: LineBreaker.Span, typesetter: Typesetter
  ) throws(LayoutError) -> Typesetter.PendingLine {
    let spacing = LetterSpacing(typesetter.options)
    let start = measured.prepared.paragraph.start
    let pieces = try typesetter.pieces(of: measured, in: span.range)
    let clusters =
      spacing.isZero
      ? 0
      : LetterSpacing.clusterCount(
        startingIn: span.range.lowerBound..<span.contentEnd, boundaries: measured.boundaries)
    return Typesetter.PendingLine(
      pieces: pieces, range: (start + span.range.lowerBound)..<(start + span.range.upperBound),
      width: contentWidth(
        pieces, until: span.contentEnd, clusters: clusters, pointSize: measured.pointSize,
        spacing: spacing),
      paragraphLevel: measured.prepared.itemized.paragraphLevel, mandatory: span.mandatory,
      isTruncated: false, breaksWord: span.breaksWord, contentEnd: start + span.contentEnd,
      paragraphStart: start,
      spaces: typesetter.options.alignment == .justified
        ? Typesetter.justifiableSpaces(
          in: measured.units, range: span.range, contentEnd: span.contentEnd) : [],
      clusterBoundaries: spacing.isZero ? nil : measured.boundaries)
  }

  /// The width of a line: the advances of its pieces' glyphs before `end` (a paragraph offset;
  /// an ellipsis always counts) and the letter spacing of its `clusters` grapheme clusters, by
  /// ``LetterSpacing/lineWidth(advances:clusters:)``.
  ///
  /// The glyphs are the line's own, reshaped where a break was unsafe, so the width is what
  /// placement draws; on a line without such a break it equals the prefix-sum width breaking
  /// used, less the hanging tracking.
  static func contentWidth(
    _ pieces: [Typesetter.Piece], until end: Int, clusters: Int, pointSize: Double,
    spacing: LetterSpacing
  ) -> Double {
    var total = 0.0
    for piece in pieces {
      let scale = pointSize / Double(piece.shaped.unitsPerEm)
      let base = piece.shaped.run.range.lowerBound
      // One access to the glyphs for the whole piece; the sum runs on in the same order.
      total = piece.shaped.glyphs.withGlyphs { glyphs in
        var sum = total
        for glyph in glyphs[piece.indices]
        where piece.isEllipsis || base + Int(glyph.cluster) < end {
          sum += Double(glyph.advance) * scale
        }
        return sum
      }
    }
    // Negative spacing can pull glyphs past each other; a width is never negative.
    return spacing.lineWidth(advances: total, clusters: clusters)
  }
}
