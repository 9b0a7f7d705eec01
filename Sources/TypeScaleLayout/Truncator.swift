// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// Cuts the last visible line when text follows it, as `NSLineBreakMode`'s truncating modes do:
/// the rest of its paragraph, cut at grapheme cluster boundaries, with an ellipsis (U+2026)
/// shaped in the line's face.
///
/// - Tail: the beginning that fits, then "…" (`Hello wor…`).
/// - Head: "…", then the end that fits (`…lo world`).
/// - Middle: as much of the beginning as fits half the line, "…", then the end that fits the
///   rest (`Hel…orld`).
/// - Clip: the beginning that fits the width, no ellipsis.
///
/// Cuts are chosen with the paragraph's prefix sums and the ellipsis' width under TypeScale's
/// letter-spacing rule (``LetterSpacing``), and the line's reported width is measured with the
/// same rule, so a truncated line never reports more than the width it was cut to. Trailing
/// white space shown after the cut hangs, as on any other line.
enum Truncator {
  /// The last visible line when text follows it: the rest of its paragraph from `start`, cut
  /// per the truncation mode.
  ///
  /// - Parameters:
  ///   - measured: The paragraph, measured at `pointSize`.
  ///   - start: Where the line starts, as a paragraph offset.
  ///   - typesetter: The layout call's typesetter: shaper, font, options, context.
  ///   - cascade: The font cascade, for an ellipsis the line's face cannot draw.
  ///   - pointSize: The size the paragraph was measured at.
  ///   - textLength: The whole text's length in UTF-16 units: what follows the paragraph is
  ///     hidden.
  /// - Returns: The line and the UTF-16 ranges of the whole text it hides.
  /// - Throws: ``LayoutError`` when a face cannot be read to shape the ellipsis or a piece.
  /// - Complexity: O(n) in the rest of the paragraph: each cut is one pass over its boundaries,
  ///   and trailing white space is walked over once, not once per boundary.
  static func truncatedLine(
    _ measured: MeasuredParagraph, from start: Int, typesetter: Typesetter,
    cascade: FontCascade, pointSize: Double, textLength: Int
  ) throws(LayoutError) -> (Typesetter.PendingLine, [Range<Int>]) {
    let options = typesetter.options
    let spacing = LetterSpacing(options)
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
        let scalar = UTF16Scalars.scalar(endingAt: position, in: units)
        guard UnicodeServices.hangsAtLineEnd(scalar) else { break }
        position -= UTF16Scalars.width(of: scalar)
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
            let scalar = UTF16Scalars.scalar(endingAt: position, in: units)
            guard UnicodeServices.hangsAtLineEnd(scalar) else { break }
            position -= UTF16Scalars.width(of: scalar)
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
        UnicodeServices.hangsAtLineEnd(UTF16Scalars.scalar(startingAt: position, in: units))
      {
        position += 1
      }
      return position
    }
    let paragraphLevel = measured.prepared.itemized.paragraphLevel
    let lastFace =
      measured.shaped.last { $0.run.range.lowerBound < max(start + 1, 1) }?.run.face
      ?? measured.shaped.first?.run.face ?? typesetter.font.face
    var ellipsis = try typesetter.ellipsis(face: lastFace, cascade: cascade, pointSize: pointSize)
    ellipsis.shaped.run.level = paragraphLevel
    // The ellipsis' advance, its spacing, and the hang of the line's last cluster: what it adds
    // to the prefix-sum width of the text shown beside it.
    let ellipsisWidth = spacing.ellipsisWidth(
      advance: typesetter.width(of: [ellipsis], pointSize: pointSize))

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
      // The last shown cluster's tracking hangs: the prefix sums may reach past the width by it.
      let cut = options.width == nil ? end : lastFitting(limit + spacing.hanging)
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
    // The content ends before the white space that trails the tail, which hangs.
    let contentEnd = tail.isEmpty ? head.upperBound : max(tail.lowerBound, paragraphContentEnd)
    var clusters = 0
    if !spacing.isZero {
      clusters =
        LetterSpacing.clusterCount(startingIn: head, boundaries: all) + (showEllipsis ? 1 : 0)
      if !tail.isEmpty {
        clusters += LetterSpacing.clusterCount(
          startingIn: tail.lowerBound..<contentEnd, boundaries: all)
      }
    }
    let line = Typesetter.PendingLine(
      pieces: pieces, range: (base + shownStart)..<(base + shownEnd),
      width: LineBuilder.contentWidth(
        pieces, until: contentEnd, clusters: clusters, pointSize: pointSize, spacing: spacing),
      paragraphLevel: paragraphLevel, mandatory: false, isTruncated: true,
      contentEnd: base + contentEnd, paragraphStart: base,
      clusterBoundaries: spacing.isZero ? nil : all)
    return (line, hidden.filter { !$0.isEmpty })
  }
}
