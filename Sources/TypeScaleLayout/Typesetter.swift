// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// A paragraph itemized and shaped (in font units), ready to be broken at any size and width.
struct PreparedParagraph {
  let paragraph: Paragraph
  let itemized: Itemizer.Result
  /// Break opportunities, found the first time a size needs them: a paragraph that fits its
  /// line never asks ICU.
  var opportunities: [BreakOpportunity]? = nil
  /// The runs shaped in font units, when no face's shaping depends on the size: shaped once and
  /// measured at every size (a sweep, a shrink-to-fit search) without asking the cache again.
  var shaped: [ShapedRun]? = nil
}

/// A prepared paragraph measured at one size: shaped runs and the width up to every offset.
struct MeasuredParagraph {
  let prepared: PreparedParagraph
  let pointSize: Double
  let shaped: [ShapedRun]
  /// Width in points from the paragraph's start to each UTF-16 offset (`count + 1` values).
  let prefix: [Double]

  var units: [UInt16] { prepared.paragraph.units }
  var boundaries: [Int] { prepared.itemized.clusterBoundaries }
}

/// The fourth pipeline stage: measures shaped runs at a size, and assembles lines — glyph
/// positions in visual order, metrics, alignment.
struct Typesetter {
  let shaper: Shaper
  let font: LayoutFont
  let options: LayoutOptions
  let context: LayoutContext
  /// Whether a piece cut where breaking is unsafe is shaped again whole, rather than only its
  /// ends up to the nearest safe cluster (see ``pieces(of:in:)``): the slow path, for tests
  /// that compare the two.
  var reshapesWholePieces = false

  // MARK: - Measuring

  func measure(_ prepared: PreparedParagraph, pointSize: Double) throws(LayoutError)
    -> MeasuredParagraph
  {
    let units = prepared.paragraph.units
    let shaped: [ShapedRun]
    if let preshaped = prepared.shaped {
      shaped = preshaped
    } else {
      shaped = try shape(prepared, pointSize: pointSize).runs
    }
    // The advance of each UTF-16 offset's cluster, accumulated in place into the prefix sums:
    // prefix[i + 1] holds offset i's advance until the running sum replaces it.
    var prefix = [Double](repeating: 0, count: units.count + 1)
    prefix.withUnsafeMutableBufferPointer { prefix in
      for result in shaped {
        let range = result.run.range
        let scale = pointSize / Double(result.unitsPerEm)
        let glyphs = result.glyphs
        glyphs.withGlyphs { glyphs in
          for glyph in glyphs {
            let offset = range.lowerBound + Int(glyph.cluster)
            prefix[min(max(offset, range.lowerBound), range.upperBound - 1) + 1] +=
              Double(glyph.advance) * scale
          }
        }
      }
      // Kern or tracking after every grapheme cluster (nothing to do when both are 0).
      LetterSpacing(options).addSpacing(
        toAdvances: prefix, boundaries: prepared.itemized.clusterBoundaries)
      for index in 0..<units.count { prefix[index + 1] += prefix[index] }
    }
    return MeasuredParagraph(
      prepared: prepared, pointSize: pointSize, shaped: shaped, prefix: prefix)
  }

  /// Shapes a paragraph's runs at a size, through the cache.
  ///
  /// A run that holds shaping splits (inside clusters longer than
  /// ``TextLayoutEngine/maximumShapedClusterLength``) is shaped as consecutive pieces that end
  /// at the splits, each its own ``ShapedRun``.
  ///
  /// - Returns: The runs, and whether any face's shaping depends on the size (then the runs are
  ///   good for this size only).
  func shape(_ prepared: PreparedParagraph, pointSize: Double) throws(LayoutError)
    -> (runs: [ShapedRun], sizeDependent: Bool)
  {
    let runs = prepared.itemized.runs
    let splits = prepared.itemized.shapingSplits(in: prepared.paragraph.units)
    var split = 0  // the first split not yet passed: runs come in order
    var shaped: [ShapedRun] = []
    shaped.reserveCapacity(runs.count)
    var sizeDependent = false
    var index = 0
    while index < runs.count {
      var run = runs[index]
      var next = index + 1
      // Japanese alternates Han, Hiragana and Katakana every few characters; where the face
      // shapes the three alike, the alternation is one run (ISO 15924 Jpan), shaped once.
      if run.script.isHanOrKana {
        // Whether the face shapes the three alike: asked once for the whole alternation, whose
        // runs all have this face.
        var shares: Bool? = nil
        while next < runs.count, runs[next].script.isHanOrKana,
          runs[next].face == run.face, runs[next].level == run.level
        {
          if shares == nil {
            shares =
              try shaper.harfBuzzFont(for: run.face, pointSize: pointSize, context: context).font
              .sharesHanKanaShaping
          }
          guard shares == true else { break }
          run.range = run.range.lowerBound..<runs[next].range.upperBound
          run.script = .japanese
          next += 1
        }
      }
      var continuesCluster = false
      if split < splits.count {
        // Pieces of an over-long cluster: each split ends a piece.
        while split < splits.count, splits[split] <= run.range.lowerBound { split += 1 }
        while split < splits.count, splits[split] < run.range.upperBound {
          var piece = run
          piece.range = run.range.lowerBound..<splits[split]
          let result = try shaper.shape(
            piece, range: piece.range, in: prepared.paragraph.units, pointSize: pointSize,
            continuesCluster: continuesCluster, context: context)
          sizeDependent = sizeDependent || result.sizeDependent
          shaped.append(result)
          run.range = splits[split]..<run.range.upperBound
          continuesCluster = true
          split += 1
        }
      }
      let result = try shaper.shape(
        run, range: run.range, in: prepared.paragraph.units, pointSize: pointSize,
        continuesCluster: continuesCluster, context: context)
      sizeDependent = sizeDependent || result.sizeDependent
      shaped.append(result)
      index = next
    }
    return (shaped, sizeDependent)
  }

  // MARK: - Pieces

  /// A run's part on one line, with its glyphs at the line's size.
  struct Piece {
    var shaped: ShapedRun
    /// Glyph indices into `shaped.glyphs`, in visual order: one contiguous block.
    var indices: Range<Int>
    var range: Range<Int>
    var isEllipsis = false
  }

  /// The pieces of runs that fall in `range` of a paragraph, in logical order; a piece cut where
  /// HarfBuzz says breaking is unsafe is shaped again on its own.
  ///
  /// - Complexity: O(log r + log g) to find the runs and glyphs, then O(glyphs on the line).
  func pieces(of measured: MeasuredParagraph, in range: Range<Int>) throws(LayoutError) -> [Piece] {
    var pieces: [Piece] = []
    pieces.reserveCapacity(4)
    let runs = measured.shaped
    var first = 0
    var last = runs.count
    while first < last {  // the first run ending after range.lowerBound
      let middle = (first + last) / 2
      if runs[middle].run.range.upperBound <= range.lowerBound {
        first = middle + 1
      } else {
        last = middle
      }
    }
    for shaped in runs[first...] {
      let run = shaped.run
      guard run.range.lowerBound < range.upperBound else { break }
      let lower = max(run.range.lowerBound, range.lowerBound)
      let upper = min(run.range.upperBound, range.upperBound)
      guard lower < upper else { continue }
      let cutBefore = lower > run.range.lowerBound
      let cutAfter = upper < run.range.upperBound
      var source = shaped
      // A whole run is all its glyphs: no search.
      var block =
        cutBefore || cutAfter
        ? Self.glyphBlock(shaped, lower: lower, upper: upper) : 0..<shaped.glyphs.count
      if cutBefore || cutAfter {
        let glyphs = shaped.glyphs
        let base = run.range.lowerBound
        // Glyphs whose cluster starts at a cut: breaking there is unsafe if HarfBuzz says so.
        func unsafeAt(_ edge: Range<Int>) -> Bool {
          edge.contains { index in
            let offset = base + Int(glyphs[index].cluster)
            return glyphs[index].unsafeToBreak && (offset == lower || offset == upper)
          }
        }
        let unsafeBefore = unsafeAt(Self.glyphBlock(shaped, lower: lower, upper: lower + 1))
        let unsafeAfter = unsafeAt(
          Self.glyphBlock(shaped, lower: upper, upper: min(upper + 1, run.range.upperBound)))
        let unsafe = unsafeBefore || unsafeAfter
        if unsafe, !reshapesWholePieces,
          try appendReshapedEnds(
            of: shaped, block: block, lower: lower, upper: upper, measured: measured,
            before: cutBefore && unsafeBefore, after: cutAfter && unsafeAfter, to: &pieces)
        {
          continue
        }
        if unsafe {
          // A piece of an over-long cluster starts inside it, unless the line starts later.
          let continuesCluster =
            !cutBefore && measured.prepared.itemized.hasLongClusters
            && !Self.contains(measured.boundaries, lower)
          source = try shaper.shape(
            run, range: lower..<upper, in: measured.units, pointSize: measured.pointSize,
            isolatedBefore: cutBefore, isolatedAfter: cutAfter,
            continuesCluster: continuesCluster, context: context)
          source.run.range = lower..<upper
          block = 0..<source.glyphs.count
        }
      }
      pieces.append(Piece(shaped: source, indices: block, range: lower..<upper))
    }
    return pieces
  }

  /// A left-to-right piece cut where breaking is unsafe, as up to three pieces: its start up to
  /// the first cluster where HarfBuzz says breaking is safe, shaped again (when the cut before
  /// it is unsafe); the glyphs between, as shaped with the whole run; and its end from the last
  /// such cluster, shaped again (when the cut after it is unsafe).
  ///
  /// HarfBuzz guarantees that text shaped in parts split where breaking is safe gives the
  /// glyphs of the whole (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`), so this equals shaping the whole
  /// piece again, at the cost of a few clusters at each end rather than the line: in Japanese
  /// set in Noto Sans CJK, kana kerning makes one cut in nine unsafe. `WindowedReshapeTests`
  /// compares it with shaping the whole piece (``reshapesWholePieces``) at every pair of
  /// cluster boundaries of its texts.
  ///
  /// - Returns: Whether it appended the pieces to `pieces`; `false` (nothing appended) where the
  ///   whole piece must be shaped again: neither cut unsafe (only the run's own start or end), a
  ///   right-to-left run, a paragraph with over-long clusters, or no safe cluster between the
  ///   ends.
  private func appendReshapedEnds(
    of shaped: ShapedRun, block: Range<Int>, lower: Int, upper: Int,
    measured: MeasuredParagraph, before: Bool, after: Bool, to pieces: inout [Piece]
  ) throws(LayoutError) -> Bool {
    let run = shaped.run
    guard before || after, !run.isRightToLeft, !measured.prepared.itemized.hasLongClusters,
      !block.isEmpty
    else { return false }
    let base = run.range.lowerBound
    // Paragraph offsets of the first safe cluster after `lower` and the last before `upper`.
    let (middleStart, middleEnd) = shaped.glyphs.withGlyphs { glyphs -> (Int, Int) in
      func safeClusterStart(_ index: Int) -> Bool {
        index > block.lowerBound && glyphs[index].cluster != glyphs[index - 1].cluster
          && !glyphs[index].unsafeToBreak
      }
      var start = lower
      if before {
        var index = block.lowerBound + 1
        while index < block.upperBound, !safeClusterStart(index) { index += 1 }
        start = index < block.upperBound ? base + Int(glyphs[index].cluster) : upper
      }
      var end = upper
      if after {
        var index = block.upperBound - 1
        while index > block.lowerBound, !safeClusterStart(index) { index -= 1 }
        end = index > block.lowerBound ? base + Int(glyphs[index].cluster) : lower
      }
      return (start, end)
    }
    guard middleStart < middleEnd else { return false }
    // An end shaped on its own, isolated on the side where the line breaks.
    func end(_ range: Range<Int>, isolatedBefore: Bool) throws(LayoutError) -> Piece {
      var end = try shaper.shape(
        run, range: range, in: measured.units, pointSize: measured.pointSize,
        isolatedBefore: isolatedBefore, isolatedAfter: !isolatedBefore, context: context)
      end.run.range = range
      return Piece(shaped: end, indices: 0..<end.glyphs.count, range: range)
    }
    // Shaped before anything is appended, so that a throw leaves `pieces` as it was.
    let head = before ? try end(lower..<middleStart, isolatedBefore: true) : nil
    let tail = after ? try end(middleEnd..<upper, isolatedBefore: false) : nil
    if let head { pieces.append(head) }
    pieces.append(
      Piece(
        shaped: shaped, indices: Self.glyphBlock(shaped, lower: middleStart, upper: middleEnd),
        range: middleStart..<middleEnd))
    if let tail { pieces.append(tail) }
    return true
  }

  /// Whether an ascending array holds a value, by binary search.
  static func contains(_ sorted: [Int], _ value: Int) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == value
  }

  /// The indices of a run's glyphs whose clusters fall in `lower..<upper`.
  ///
  /// The bounds are paragraph offsets; indices come in the run's glyph order. Clusters are
  /// monotonic (ascending left to right, descending right to left), so the glyphs form one
  /// contiguous block found by binary search.
  static func glyphBlock(_ shaped: ShapedRun, lower: Int, upper: Int) -> Range<Int> {
    let base = shaped.run.range.lowerBound
    let ascending = !shaped.run.isRightToLeft
    // One access to the glyphs for both searches.
    return shaped.glyphs.withGlyphs { glyphs in
      // The first index whose cluster is on the far side of `bound`, in glyph order.
      func partition(_ bound: Int) -> Int {
        var low = 0
        var high = glyphs.count
        while low < high {
          let middle = (low + high) / 2
          let offset = base + Int(glyphs[middle].cluster)
          if ascending ? offset < bound : offset >= bound {
            low = middle + 1
          } else {
            high = middle
          }
        }
        return low
      }
      return ascending
        ? partition(lower)..<partition(upper) : partition(upper)..<partition(lower)
    }
  }

  /// The ellipsis, shaped in `face` (or the cascade's face for U+2026).
  func ellipsis(face: FontFace, cascade: FontCascade, pointSize: Double) throws(LayoutError)
    -> Piece
  {
    let units: [UInt16] = [0x2026]
    let drawing = face.coverage.contains(0x2026) ? face : (cascade.face(for: "\u{2026}") ?? face)
    let run = TextRun(
      range: 0..<1, level: 0, script: .common, face: drawing)
    let shaped = try shaper.shape(
      run, range: 0..<1, in: units, pointSize: pointSize, context: context)
    return Piece(
      shaped: shaped, indices: 0..<shaped.glyphs.count, range: 0..<1, isEllipsis: true)
  }

  func width(of pieces: [Piece], pointSize: Double) -> Double {
    pieces.reduce(0) { total, piece in
      let scale = pointSize / Double(piece.shaped.unitsPerEm)
      return total
        + piece.indices.reduce(0) { $0 + Double(piece.shaped.glyphs[$1].advance) * scale }
    }
  }

  // MARK: - Lines

  /// A line ready to be placed: its pieces in logical order and what it shows.
  struct PendingLine {
    var pieces: [Piece]
    /// UTF-16 range in the whole text.
    var range: Range<Int>
    /// Width of the content without hanging spaces, in points.
    var width: Double
    var paragraphLevel: UInt8
    var mandatory: Bool
    var isTruncated: Bool
    var breaksWord = false
    /// The offset (in the whole text) where hanging white space starts.
    var contentEnd: Int
    /// Paragraph start offset in the whole text, to map piece ranges.
    var paragraphStart: Int
    /// Paragraph offsets of the spaces justification may widen.
    var spaces: Set<Int> = []
    /// The paragraph's grapheme cluster boundaries, for placing letter spacing; `nil` when
    /// there is none (an optional, so that lines without spacing copy no array).
    var clusterBoundaries: [Int]? = nil
  }

  /// Places lines top to bottom: metrics, alignment, visual order, glyph positions.
  func place(_ pending: [PendingLine], pointSize: Double, layoutWidth: Double) -> [Line] {
    if options.target.isAndroid {
      return placeAndroid(pending, pointSize: pointSize, layoutWidth: layoutWidth)
    }
    var lines: [Line] = []
    lines.reserveCapacity(pending.count)
    let spacing = LetterSpacing(options).perCluster
    var top = 0.0
    for (number, line) in pending.enumerated() {
      // Metrics: the largest hhea values among the faces on the line.
      var ascent = 0.0
      var descent = 0.0
      var leading = 0.0
      for index in 0..<max(1, line.pieces.count) {
        let metrics =
          line.pieces.isEmpty ? font.face.metrics : line.pieces[index].shaped.run.face.metrics
        let scale = pointSize / Double(metrics.unitsPerEm)
        ascent = max(ascent, Double(metrics.ascender) * scale)
        descent = max(descent, Double(-metrics.descender) * scale)
        if options.effectiveUsesFontLeading {
          leading = max(leading, Double(metrics.lineGap) * scale)
        }
      }
      let natural = ascent + descent + leading
      let height = options.lineHeight.apply(to: natural)
      let baseline = top + height - descent - leading

      // Alignment.
      let rightToLeft = line.paragraphLevel & 1 == 1
      let free = max(0, layoutWidth - line.width)
      var x = 0.0
      var justifyExtra = 0.0
      switch options.alignment {
      case .leading, .natural: x = rightToLeft ? free : 0
      case .trailing: x = rightToLeft ? 0 : free
      case .center: x = free / 2
      case .justified:
        x = rightToLeft ? free : 0
        if !line.mandatory, !line.isTruncated, !line.spaces.isEmpty, options.width != nil {
          justifyExtra = free / Double(line.spaces.count)
          x = 0
        }
      }

      let glyphs = LineGlyphs(
        pieces: line.pieces, x: x, rightToLeft: rightToLeft, contentWidth: line.width,
        baseline: baseline, pointSize: pointSize, spacing: spacing,
        clusterBoundaries: line.clusterBoundaries,
        justifyExtra: justifyExtra, spaces: line.spaces, paragraphStart: line.paragraphStart,
        lineEnd: line.range.upperBound, variations: shaper.variations)
      let shownWidth = justifyExtra > 0 ? layoutWidth : line.width
      lines.append(
        Line(
          range: line.range, width: shownWidth, x: x, top: top, height: height, ascent: ascent,
          descent: descent, leading: leading, baseline: baseline, glyphs: glyphs,
          isTruncated: line.isTruncated, endsWithMandatoryBreak: line.mandatory,
          breaksWord: line.breaksWord))
      top += height
      if number < pending.count - 1 { top += options.lineHeight.spacing }
    }
    return lines
  }

  /// The paragraph offsets of the spaces justification may widen: U+0020, U+00A0 and U+3000
  /// before the content's end.
  static func justifiableSpaces(
    in units: [UInt16], range: Range<Int>, contentEnd: Int
  ) -> Set<Int> {
    Set(range.filter { $0 < contentEnd && [0x20, 0xA0, 0x3000].contains(units[$0]) })
  }
}
