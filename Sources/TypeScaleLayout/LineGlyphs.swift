// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// What a line needs to position its glyphs: its shaped pieces and where they go.
///
/// A line keeps this instead of positioned ``GlyphRun``s, and ``Line/runs`` positions the glyphs
/// when read: a service that only measures (width, height, line count) never pays for glyph
/// positions, which Pango, too, computes only when a caller iterates them.
struct LineGlyphs: Sendable {
  /// The line's pieces in logical order.
  let pieces: [Typesetter.Piece]
  /// The x where the first piece (in visual order) starts, before trailing spaces hang.
  let x: Double
  /// Whether the paragraph is right to left: then trailing spaces hang at the left.
  let rightToLeft: Bool
  /// The content width the hanging spaces are measured against.
  let contentWidth: Double
  /// The baseline's y.
  let baseline: Double
  let pointSize: Double
  /// Kern or tracking, placed after every grapheme cluster (``LetterSpacing/perCluster``), in
  /// points; 0 for none.
  let spacing: Double
  /// The paragraph's grapheme cluster boundaries; `nil` when ``spacing`` is 0.
  let clusterBoundaries: [Int]?
  /// Extra advance for each justifiable space; 0 when not justified.
  let justifyExtra: Double
  /// Paragraph offsets of the spaces justification widens.
  let spaces: Set<Int>
  /// The paragraph's start in the whole text.
  let paragraphStart: Int
  /// The line's end in the whole text: where the ellipsis' cluster points.
  let lineEnd: Int
  /// Variation overrides from the font and options.
  let variations: [String: Double]

  /// An empty line's glyphs.
  static let empty = LineGlyphs(
    pieces: [], x: 0, rightToLeft: false, contentWidth: 0, baseline: 0, pointSize: 0,
    spacing: 0, clusterBoundaries: nil, justifyExtra: 0,
    spaces: [], paragraphStart: 0, lineEnd: 0, variations: [:])

  /// The positioned glyph runs, in visual order.
  ///
  /// Letter spacing (``LetterSpacing``) is placed after each grapheme cluster, where the
  /// cluster ends: in a left-to-right run it widens the advance of the last glyph of the
  /// HarfBuzz cluster that completes the grapheme cluster (a ligature of n clusters gets n
  /// times it); in a right-to-left run, the space is at the cluster's left, so the advance of
  /// its first glyph in visual order holds it and the glyph is drawn after it. Either way marks
  /// keep their place on their base, and the advances of a line add up to its width plus what
  /// hangs (trailing white space, the last cluster's tracking).
  ///
  /// - Complexity: O(glyphs on the line), plus O(log n) per cluster when there is letter
  ///   spacing.
  func runs() -> [GlyphRun] {
    guard !pieces.isEmpty else { return [] }
    // Visual order of the pieces (UAX #9 L2).
    let order = UnicodeServices.visualOrder(pieces.map(\.shaped.run.level))
    var pen = x
    if rightToLeft {
      // Trailing spaces (and tracking) hang past the line's end: at the left, before the
      // content, visually.
      var total = 0.0
      var clusters = 0
      for piece in pieces {
        let scale = pointSize / Double(piece.shaped.unitsPerEm)
        total += piece.indices.reduce(0) { $0 + Double(piece.shaped.glyphs[$1].advance) * scale }
        if spacing != 0 { clusters += clusterCount(piece) }
      }
      total += spacing * Double(clusters)
      pen -= max(0, total - contentWidth)
    }
    var runs: [GlyphRun] = []
    runs.reserveCapacity(pieces.count)
    for position in order {
      let piece = pieces[position]
      let run = piece.shaped.run
      let glyphs = piece.shaped.glyphs
      let scale = pointSize / Double(piece.shaped.unitsPerEm)
      let base = piece.isEllipsis ? 0 : paragraphStart + run.range.lowerBound
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
      var previousJustified = -1
      // In visual order, the glyphs of one HarfBuzz cluster are consecutive and clusters are
      // monotonic: ascending left to right, descending right to left.
      let ascending = !run.isRightToLeft
      var previousGroupCluster = -1  // the cluster of the glyphs before this one's
      for index in piece.indices {
        let glyph = glyphs[index]
        let cluster = piece.isEllipsis ? lineEnd : base + Int(glyph.cluster)
        var advance = Double(glyph.advance) * scale
        var before = 0.0  // space drawn before this glyph (right to left)
        if spacing != 0 {
          let startsGroup = index == piece.indices.lowerBound || cluster != previousGroupCluster
          let endsGroup =
            index == piece.indices.upperBound - 1
            || cluster != clusterOf(glyphs[index + 1], piece: piece, base: base)
          if ascending, endsGroup {
            // The next group's cluster (or the piece's end) is where this one ends.
            let next =
              index + 1 < piece.indices.upperBound
              ? clusterOf(glyphs[index + 1], piece: piece, base: base) : nil
            advance += space(from: cluster, to: next, piece: piece)
          } else if !ascending, startsGroup {
            // The group before, visually, is the next one logically.
            let next = index == piece.indices.lowerBound ? nil : previousGroupCluster
            before = space(from: cluster, to: next, piece: piece)
            advance += before
          }
          if startsGroup { previousGroupCluster = cluster }
        }
        if justifyExtra > 0, !piece.isEllipsis, cluster != previousJustified,
          spaces.contains(cluster - paragraphStart)
        {
          advance += justifyExtra
          previousJustified = cluster
        }
        ids.append(glyph.id)
        xs.append(pen + before + Double(glyph.offsetX) * scale)
        ys.append(baseline - Double(glyph.offsetY) * scale)
        advances.append(advance)
        clusters.append(cluster)
        pen += advance
      }
      let range =
        piece.isEllipsis
        ? lineEnd..<lineEnd
        : (paragraphStart + piece.range.lowerBound)..<(paragraphStart + piece.range.upperBound)
      runs.append(
        GlyphRun(
          face: run.face, pointSize: pointSize,
          variations: HarfBuzzFontCache.coordinates(for: run.face, overrides: variations),
          glyphs: ids, xs: xs, ys: ys, advances: advances, clusters: clusters, range: range,
          isRightToLeft: run.isRightToLeft, script: run.scriptTag, isEllipsis: piece.isEllipsis))
    }
    return runs
  }

  /// A glyph's cluster as a text offset, as ``runs()`` reports it.
  private func clusterOf(
    _ glyph: ShapedGlyphs.Glyph, piece: Typesetter.Piece, base: Int
  ) -> Int {
    piece.isEllipsis ? lineEnd : base + Int(glyph.cluster)
  }

  /// The letter spacing after the HarfBuzz cluster that starts at text offset `cluster` and
  /// ends where the next one (logically) starts, or at the piece's end (`next` `nil`): the
  /// spacing once for each grapheme cluster it completes.
  private func space(from cluster: Int, to next: Int?, piece: Typesetter.Piece) -> Double {
    if piece.isEllipsis { return spacing }
    let lower = max(cluster, paragraphStart + piece.range.lowerBound) - paragraphStart
    let upper = (next ?? paragraphStart + piece.range.upperBound) - paragraphStart
    let count = LetterSpacing.clusterCount(
      endingAfter: lower, upTo: upper, boundaries: clusterBoundaries ?? [])
    return spacing * Double(count)
  }

  /// The grapheme clusters a piece completes: one for the ellipsis.
  private func clusterCount(_ piece: Typesetter.Piece) -> Int {
    if piece.isEllipsis { return 1 }
    return LetterSpacing.clusterCount(
      endingAfter: piece.range.lowerBound, upTo: piece.range.upperBound,
      boundaries: clusterBoundaries ?? [])
  }

  /// The faces that draw the line's pieces, the ellipsis excluded, in logical order.
  var faces: some Sequence<FontFace> {
    pieces.lazy.filter { !$0.isEllipsis }.map(\.shaped.run.face)
  }
}
