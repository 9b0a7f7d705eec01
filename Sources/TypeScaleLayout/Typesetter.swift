// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// A paragraph itemized and shaped (in font units), ready to be broken at any size and width.
struct PreparedParagraph {
  let paragraph: Paragraph
  let itemized: Itemizer.Result
  let opportunities: [(Int, Bool)]
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

  // MARK: - Measuring

  func measure(_ prepared: PreparedParagraph, pointSize: Double) throws(LayoutError)
    -> MeasuredParagraph
  {
    let units = prepared.paragraph.units
    var advance = [Double](repeating: 0, count: units.count + 1)
    var shaped: [ShapedRun] = []
    for run in prepared.itemized.runs {
      let result = try shaper.shape(
        run, range: run.range, in: units, pointSize: pointSize, context: context)
      let scale = pointSize / Double(result.unitsPerEm)
      let glyphs = result.glyphs
      for index in 0..<glyphs.count {
        let offset = run.range.lowerBound + Int(glyphs.clusters[index])
        advance[min(max(offset, run.range.lowerBound), run.range.upperBound - 1)] +=
          Double(glyphs.advances[index]) * scale
      }
      shaped.append(result)
    }
    if options.tracking != 0 {
      for boundary in prepared.itemized.clusterBoundaries.dropLast() {
        advance[boundary] += options.tracking
      }
    }
    var prefix = [Double](repeating: 0, count: units.count + 1)
    for index in 0..<units.count { prefix[index + 1] = prefix[index] + advance[index] }
    return MeasuredParagraph(
      prepared: prepared, pointSize: pointSize, shaped: shaped, prefix: prefix)
  }

  // MARK: - Pieces

  /// A run's part on one line, with its glyphs at the line's size.
  struct Piece {
    var shaped: ShapedRun
    /// Glyph indices into `shaped.glyphs`, in visual order.
    var indices: [Int]
    var range: Range<Int>
    var isEllipsis = false
  }

  /// The pieces of runs that fall in `range` of a paragraph, in logical order; a piece cut where
  /// HarfBuzz says breaking is unsafe is shaped again on its own.
  ///
  /// - Complexity: O(log r + log g) to find the runs and glyphs, then O(glyphs on the line).
  func pieces(of measured: MeasuredParagraph, in range: Range<Int>) throws(LayoutError) -> [Piece] {
    var pieces: [Piece] = []
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
      var block = Self.glyphBlock(shaped, lower: lower, upper: upper)
      if cutBefore || cutAfter {
        let glyphs = shaped.glyphs
        let base = run.range.lowerBound
        // Glyphs whose cluster starts at a cut: breaking there is unsafe if HarfBuzz says so.
        let edges =
          Self.glyphBlock(shaped, lower: lower, upper: lower + 1)
          + Self.glyphBlock(shaped, lower: upper, upper: min(upper + 1, run.range.upperBound))
        let unsafe = edges.contains { index in
          let offset = base + Int(glyphs.clusters[index])
          return glyphs.unsafeToBreak[index] && (offset == lower || offset == upper)
        }
        if unsafe {
          source = try shaper.shape(
            run, range: lower..<upper, in: measured.units, pointSize: measured.pointSize,
            isolatedBefore: cutBefore, isolatedAfter: cutAfter, context: context)
          source.run.range = lower..<upper
          block = Array(0..<source.glyphs.count)
        }
      }
      pieces.append(Piece(shaped: source, indices: block, range: lower..<upper))
    }
    return pieces
  }

  /// The indices of a run's glyphs whose clusters fall in `lower..<upper`.
  ///
  /// The bounds are paragraph offsets; indices come in the run's glyph order. Clusters are
  /// monotonic (ascending left to right, descending right to left), so the glyphs form one
  /// contiguous block found by binary search.
  static func glyphBlock(_ shaped: ShapedRun, lower: Int, upper: Int) -> [Int] {
    let clusters = shaped.glyphs.clusters
    let base = shaped.run.range.lowerBound
    let count = clusters.count
    let ascending = !shaped.run.isRightToLeft
    // The first index whose cluster is on the far side of `bound`, in glyph order.
    func partition(_ bound: Int) -> Int {
      var low = 0
      var high = count
      while low < high {
        let middle = (low + high) / 2
        let offset = base + Int(clusters[middle])
        if ascending ? offset < bound : offset >= bound {
          low = middle + 1
        } else {
          high = middle
        }
      }
      return low
    }
    let range =
      ascending ? partition(lower)..<partition(upper) : partition(upper)..<partition(lower)
    return Array(range)
  }

  /// The ellipsis, shaped in `face` (or the cascade's face for U+2026).
  func ellipsis(face: FontFace, cascade: FontCascade, pointSize: Double) throws(LayoutError)
    -> Piece
  {
    let units: [UInt16] = [0x2026]
    let drawing = face.coverage.contains(0x2026) ? face : (cascade.face(for: "\u{2026}") ?? face)
    let run = TextRun(
      range: 0..<1, level: 0, script: UnicodeServices.scriptCommon, face: drawing)
    let shaped = try shaper.shape(
      run, range: 0..<1, in: units, pointSize: pointSize, context: context)
    return Piece(
      shaped: shaped, indices: Array(0..<shaped.glyphs.count), range: 0..<1, isEllipsis: true)
  }

  func width(of pieces: [Piece], pointSize: Double) -> Double {
    pieces.reduce(0) { total, piece in
      let scale = pointSize / Double(piece.shaped.unitsPerEm)
      return total
        + piece.indices.reduce(0) { $0 + Double(piece.shaped.glyphs.advances[$1]) * scale }
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
  }

  /// Places lines top to bottom: metrics, alignment, visual order, glyph positions.
  func place(_ pending: [PendingLine], pointSize: Double, layoutWidth: Double) -> [Line] {
    var lines: [Line] = []
    var top = 0.0
    for (number, line) in pending.enumerated() {
      // Metrics: the largest hhea values among the faces on the line.
      var faces = line.pieces.map(\.shaped.run.face)
      if faces.isEmpty { faces = [font.face] }
      var ascent = 0.0
      var descent = 0.0
      var leading = 0.0
      for face in faces {
        let metrics = face.metrics
        let scale = pointSize / Double(metrics.unitsPerEm)
        ascent = max(ascent, Double(metrics.ascender) * scale)
        descent = max(descent, Double(-metrics.descender) * scale)
        leading = max(leading, Double(metrics.lineGap) * scale)
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

      // Visual order of the pieces (UAX #9 L2).
      let order = UnicodeServices.visualOrder(line.pieces.map(\.shaped.run.level))
      var runs: [GlyphRun] = []
      // Trailing spaces hang past the line's end: at the right in a left-to-right paragraph,
      // at the left (before the content, visually) in a right-to-left one.
      var pen = x
      if rightToLeft {
        let total = width(of: line.pieces, pointSize: pointSize)
        let tracked = options.tracking * Double(line.pieces.reduce(0) { $0 + $1.indices.count })
        pen -= max(0, total + tracked - line.width)
      }
      for position in order {
        let piece = line.pieces[position]
        let run = piece.shaped.run
        let glyphs = piece.shaped.glyphs
        let scale = pointSize / Double(piece.shaped.unitsPerEm)
        let base = piece.isEllipsis ? 0 : line.paragraphStart + run.range.lowerBound
        let count = piece.indices.count
        var ids: [UInt32] = []
        var xs: [Double] = []
        var ys: [Double] = []
        var advances: [Double] = []
        var clusters: [Int] = []
        ids.reserveCapacity(count)
        xs.reserveCapacity(count)
        ys.reserveCapacity(count)
        advances.reserveCapacity(count)
        clusters.reserveCapacity(count)
        var previousCluster = -1
        var previousJustified = -1
        for index in piece.indices {
          let cluster =
            piece.isEllipsis ? line.range.upperBound : base + Int(glyphs.clusters[index])
          var advance = Double(glyphs.advances[index]) * scale
          if cluster != previousCluster {
            advance += options.tracking
            previousCluster = cluster
          }
          if justifyExtra > 0, !piece.isEllipsis, cluster != previousJustified,
            line.spaces.contains(cluster - line.paragraphStart)
          {
            advance += justifyExtra
            previousJustified = cluster
          }
          ids.append(glyphs.glyphs[index])
          xs.append(pen + Double(glyphs.offsetsX[index]) * scale)
          ys.append(baseline - Double(glyphs.offsetsY[index]) * scale)
          advances.append(advance)
          clusters.append(cluster)
          pen += advance
        }
        let range =
          piece.isEllipsis
          ? line.range.upperBound..<line.range.upperBound
          : (line.paragraphStart + piece.range.lowerBound)..<(line.paragraphStart
            + piece.range.upperBound)
        runs.append(
          GlyphRun(
            face: run.face, pointSize: pointSize,
            variations: HarfBuzzFontCache.coordinates(for: run.face, overrides: shaper.variations),
            glyphs: ids, xs: xs, ys: ys, advances: advances, clusters: clusters, range: range,
            isRightToLeft: run.isRightToLeft, script: run.scriptTag, isEllipsis: piece.isEllipsis))
      }
      let shownWidth = justifyExtra > 0 ? layoutWidth : line.width
      lines.append(
        Line(
          range: line.range, width: shownWidth, x: x, top: top, height: height, ascent: ascent,
          descent: descent, leading: leading, baseline: baseline, runs: runs,
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
