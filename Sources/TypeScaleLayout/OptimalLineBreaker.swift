// SPDX-License-Identifier: Apache-2.0

/// Android's high-quality line breaking: the breaks that minimise a paragraph's total cost.
///
/// This is `BREAK_STRATEGY_HIGH_QUALITY` and `_BALANCED` as Minikin's optimal line breaker
/// (`libs/minikin/OptimalLineBreaker.cpp`, earlier `LineBreaker::computeBreaksOptimal`) chooses
/// the breaks, implemented from the description of Minikin's cost model, not from its code.
///
/// Candidates are ICU's break opportunities (the same as greedy breaking uses) and, inside a
/// word wider than the line, every grapheme-cluster boundary ("desperate" breaks). A line from
/// candidate `j` to candidate `i` is measured without the white space that hangs at its end; its
/// unused width is `delta = width − lineWidth` (in px: widths × density). Its cost:
///
/// - `delta < 0` (overfull: shrinking is not allowed for ragged text): 10¹² (`SCORE_OVERFULL`),
///   so an overfull line is chosen only when nothing else is possible;
/// - the paragraph's last line: 0 under ``LayoutOptions/BreakStrategy/highQuality`` (Minikin
///   adds only a last-line hyphen penalty, and hyphenation is off); `delta²` under
///   ``LayoutOptions/BreakStrategy/balanced``, which is the one difference between the two;
/// - any other line: `delta²`.
///
/// Every line also costs a line penalty, `2 × hyphenPenalty` with Minikin's heuristic
/// `hyphenPenalty = 0.5 × textSize × lineWidth` (px; not multiplied by 4, which Minikin does only
/// for `HYPHENATION_FREQUENCY_NORMAL`), so fewer lines win when the widths allow; a desperate
/// break adds 10¹⁰ (`SCORE_DESPERATE`), so words are broken only when they cannot fit. Among
/// equal totals the later start of a line wins, as Minikin's `score <= best`.
///
/// Not implemented, with the reason: hyphenation candidates and their penalties (hyphenation is
/// off by default since Android 10), per-break "badness" penalties of Minikin's word breaker
/// (URLs, e-mail addresses: 0 for ordinary text), justification's shrinkable spaces
/// (`JUSTIFICATION_MODE_NONE` is the default), overhangs, tab stops (Minikin falls back to greedy
/// breaking on a tab; here tabs are ordinary characters), and Minikin's `bestHope` pruning (an
/// optimisation, not a rule). Scores are computed in `Double` where Minikin uses `float`:
/// totals that differ by less than float's precision may be broken differently.
///
/// - Complexity: O(c × w) for c candidates, where w is the number that fit on one line, at
///   most ``maximumWindow``: each line end looks back only over the starts from which the line
///   is not overfull (plus the nearest overfull one), as Minikin's active pointer does.
enum OptimalLineBreaker {
  /// The most line starts one line end looks back over: 1,024 candidates.
  ///
  /// A line holding more
  /// break opportunities than this (a paragraph of over a thousand one-letter words on one very
  /// wide line) is broken as if the earlier starts could not be chosen; real text holds under a
  /// hundred per line.
  static let maximumWindow = 1024

  /// Minikin's score for an overfull line (`SCORE_OVERFULL`).
  static let overfullScore = 1e12
  /// Minikin's penalty for a break inside a word (`SCORE_DESPERATE`).
  static let desperatePenalty = 1e10

  /// One break candidate.
  struct Candidate {
    /// The UTF-16 offset in the paragraph.
    var offset: Int
    /// Where the content before it ends, without hanging white space.
    var contentEnd: Int
    /// Whether it is a grapheme-cluster boundary inside a word too wide for the line.
    var isDesperate: Bool
  }

  /// Breaks a paragraph into lines at the optimal candidates.
  ///
  /// - Parameters:
  ///   - prefix: Width in points (dp) of the paragraph up to each UTF-16 offset.
  ///   - units: The paragraph's UTF-16 units.
  ///   - boundaries: Grapheme cluster boundaries, ascending.
  ///   - opportunities: Break opportunities, the paragraph's end last (mandatory).
  ///   - width: The line width in points; `nil` breaks only at mandatory breaks.
  ///   - textSize: The text size in px (`hyphenPenalty`'s size).
  ///   - scale: Pixels per point (the density), which costs are computed in.
  ///   - balanced: Whether the last line counts as every other line.
  /// - Returns: The lines' spans, in order.
  static func breakLines(
    prefix: [Double], units: [UInt16], boundaries: [Int], opportunities: [BreakOpportunity],
    width: Double?, textSize: Double, scale: Double, balanced: Bool
  ) -> [LineBreaker.Span] {
    guard let width, !units.isEmpty else {
      return LineBreaker.breakLines(
        prefix: prefix, units: units, boundaries: boundaries, opportunities: opportunities,
        width: width)
    }
    var spans: [LineBreaker.Span] = []
    var blockStart = 0
    var soft: [Int] = []
    for opportunity in opportunities {
      guard opportunity.offset > blockStart else { continue }
      if opportunity.isMandatory {
        breakBlock(
          blockStart..<opportunity.offset, soft: soft, prefix: prefix, units: units,
          boundaries: boundaries, width: width, textSize: textSize, scale: scale,
          balanced: balanced, into: &spans)
        blockStart = opportunity.offset
        soft.removeAll(keepingCapacity: true)
      } else {
        soft.append(opportunity.offset)
      }
    }
    if blockStart < units.count {
      breakBlock(
        blockStart..<units.count, soft: soft, prefix: prefix, units: units,
        boundaries: boundaries, width: width, textSize: textSize, scale: scale,
        balanced: balanced, into: &spans)
    }
    return spans
  }

  /// Breaks the lines between two mandatory breaks (`block`), whose soft opportunities are
  /// `soft`, appending their spans; the last one ends with the mandatory break.
  static func breakBlock(
    _ block: Range<Int>, soft: [Int], prefix: [Double], units: [UInt16], boundaries: [Int],
    width: Double, textSize: Double, scale: Double, balanced: Bool,
    into spans: inout [LineBreaker.Span]
  ) {
    let limit = width + 1e-6
    let widthPx = width * scale
    let linePenalty = 2 * (0.5 * textSize * widthPx)
    // Candidates: the block's start, its soft opportunities with desperate breaks inside words
    // wider than the line, and its end.
    var candidates = [
      Candidate(offset: block.lowerBound, contentEnd: block.lowerBound, isDesperate: false)
    ]
    var cluster = firstIndex(in: boundaries, after: block.lowerBound)
    for offset in soft + [block.upperBound] {
      let previous = candidates[candidates.count - 1].offset
      let content = max(previous, contentEnd(previous, offset, units))
      if prefix[content] - prefix[previous] > limit {
        // A word wider than the line: every cluster boundary inside it is a desperate candidate.
        while cluster < boundaries.count, boundaries[cluster] <= previous { cluster += 1 }
        while cluster < boundaries.count, boundaries[cluster] < content {
          let boundary = boundaries[cluster]
          candidates.append(Candidate(offset: boundary, contentEnd: boundary, isDesperate: true))
          cluster += 1
        }
      }
      candidates.append(Candidate(offset: offset, contentEnd: content, isDesperate: false))
    }

    let count = candidates.count
    var score = [Double](repeating: 0, count: count)
    var previousOf = [Int](repeating: 0, count: count)
    var active = 0
    for end in 1..<count {
      let atEnd = end == count - 1
      let endWidth = prefix[candidates[end].contentEnd]
      var best = Double.infinity
      var bestStart = end - 1
      active = max(active, end - maximumWindow)
      var start = active
      while start < end {
        let startOffset = candidates[start].offset
        let lineWidth = endWidth - prefix[min(startOffset, candidates[end].contentEnd)]
        let delta = (width - lineWidth) * scale
        var lineScore: Double
        if lineWidth > limit {
          lineScore = overfullScore
          // No later line end fits from here either (widths only grow): stop looking back here.
          active = start + 1
        } else if atEnd && !balanced {
          lineScore = 0
        } else {
          lineScore = delta * delta
        }
        let total = score[start] + lineScore
        if total <= best {
          best = total
          bestStart = start
        }
        start += 1
      }
      score[end] = best + (candidates[end].isDesperate ? desperatePenalty : 0) + linePenalty
      previousOf[end] = bestStart
    }
    // Follow the chain back from the block's end.
    var chain: [Int] = []
    var index = count - 1
    while index > 0 {
      chain.append(index)
      index = previousOf[index]
    }
    var lineStart = block.lowerBound
    for index in chain.reversed() {
      let candidate = candidates[index]
      let isLast = index == count - 1
      spans.append(
        LineBreaker.Span(
          range: lineStart..<candidate.offset,
          contentEnd: max(
            lineStart,
            isLast ? contentEnd(lineStart, candidate.offset, units) : candidate.contentEnd),
          mandatory: isLast, breaksWord: candidate.isDesperate))
      lineStart = candidate.offset
    }
  }

  /// The index of the first boundary greater than `offset`, by binary search.
  static func firstIndex(in boundaries: [Int], after offset: Int) -> Int {
    var low = 0
    var high = boundaries.count
    while low < high {
      let middle = (low + high) / 2
      if boundaries[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Where the content before `end` ends, without the white space that hangs at a line's end
  /// (the rule greedy breaking uses), never before `start`.
  static func contentEnd(_ start: Int, _ end: Int, _ units: [UInt16]) -> Int {
    var position = end
    while position > start {
      let scalar = UTF16Scalars.scalar(endingAt: position, in: units)
      guard UnicodeServices.hangsAtLineEnd(scalar) || scalar == 0x2028 else { break }
      position -= UTF16Scalars.width(of: scalar)
    }
    return position
  }
}
