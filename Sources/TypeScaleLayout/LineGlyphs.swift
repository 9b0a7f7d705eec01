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
  let tracking: Double
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
    tracking: 0, justifyExtra: 0, spaces: [], paragraphStart: 0, lineEnd: 0, variations: [:])

  /// The positioned glyph runs, in visual order.
  ///
  /// - Complexity: O(glyphs on the line).
  func runs() -> [GlyphRun] {
    guard !pieces.isEmpty else { return [] }
    // Visual order of the pieces (UAX #9 L2).
    let order = UnicodeServices.visualOrder(pieces.map(\.shaped.run.level))
    var pen = x
    if rightToLeft {
      // Trailing spaces hang past the line's end: at the left, before the content, visually.
      var total = 0.0
      var glyphCount = 0
      for piece in pieces {
        let scale = pointSize / Double(piece.shaped.unitsPerEm)
        total += piece.indices.reduce(0) { $0 + Double(piece.shaped.glyphs[$1].advance) * scale }
        glyphCount += piece.indices.count
      }
      pen -= max(0, total + tracking * Double(glyphCount) - contentWidth)
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
      var previousCluster = -1
      var previousJustified = -1
      for index in piece.indices {
        let glyph = glyphs[index]
        let cluster = piece.isEllipsis ? lineEnd : base + Int(glyph.cluster)
        var advance = Double(glyph.advance) * scale
        if cluster != previousCluster {
          advance += tracking
          previousCluster = cluster
        }
        if justifyExtra > 0, !piece.isEllipsis, cluster != previousJustified,
          spaces.contains(cluster - paragraphStart)
        {
          advance += justifyExtra
          previousJustified = cluster
        }
        ids.append(glyph.id)
        xs.append(pen + Double(glyph.offsetX) * scale)
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

  /// The faces that draw the line's pieces, the ellipsis excluded, in logical order.
  var faces: some Sequence<FontFace> {
    pieces.lazy.filter { !$0.isEllipsis }.map(\.shaped.run.face)
  }
}
