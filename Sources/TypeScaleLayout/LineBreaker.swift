// SPDX-License-Identifier: Apache-2.0

/// The third pipeline stage: chooses where lines end, greedily, at ICU's break opportunities.
///
/// - Opportunities come from ICU's UAX #14 line breaker for the language; under Korean word
///   priority, a break between two keep-all characters (Hangul, ideographs, letters, digits) is
///   dropped — the CSS `word-break: keep-all` rule that iOS labels follow. Character wrapping
///   breaks at every grapheme cluster instead.
/// - Trailing white space hangs: it does not count against the width.
/// - A word wider than the line breaks between grapheme clusters, at least one per line.
/// - Mandatory breaks (U+2028, and the paragraph's end) always end a line.
struct LineBreaker {
  /// A line's extent within its paragraph.
  struct Span: Hashable, Sendable {
    /// The UTF-16 range, trailing spaces included.
    var range: Range<Int>
    /// The end of the content without trailing white space (`range.upperBound` when none hang).
    var contentEnd: Int
    /// Whether a mandatory break ends the line.
    var mandatory: Bool
    /// Whether the line ends inside a word that was wider than the line (an emergency break
    /// between grapheme clusters).
    var breaksWord = false
  }

  /// The opportunities to break at, as (offset, mandatory), ascending, the paragraph's end last.
  static func opportunities(
    in units: [UInt16], boundaries: [Int], options: LayoutOptions, context: LayoutContext
  ) throws(LayoutError) -> [(Int, Bool)] {
    guard !units.isEmpty else { return [] }
    let breaker = try context.lineBreaker(for: options.language ?? "")
    var breaks = try units.withUnsafeBufferPointer { (buffer) throws(LayoutError) in
      try breaker.breaks(in: buffer)
    }
    if options.wrapping == .character {
      let mandatory = Set(breaks.filter(\.1).map(\.0))
      breaks = boundaries.dropFirst().map { ($0, mandatory.contains($0)) }
    } else if options.lineBreakStrategy == .hangulWordPriority {
      breaks = breaks.filter { offset, mandatory in
        guard !mandatory, offset > 0, offset < units.count else { return true }
        let before = scalar(endingAt: offset, in: units)
        let after = scalar(startingAt: offset, in: units)
        return !(UnicodeServices.isKeepAll(before) && UnicodeServices.isKeepAll(after))
      }
    }
    if breaks.last?.0 != units.count { breaks.append((units.count, true)) }
    return breaks
  }

  /// Whether a paragraph is one line whatever its break opportunities are.
  ///
  /// True when no character inside it forces a break (U+000B, U+000C, U+0085, U+2028; the
  /// paragraph separators already split paragraphs) and no prefix of it is wider than the line:
  /// then ``breakLines(prefix:units:boundaries:opportunities:width:)`` takes every opportunity in
  /// turn and ends the line only at the paragraph's end, so the opportunities need not be found.
  /// Most UI strings are one line; layout skips ICU's line breaking for them.
  ///
  /// - Complexity: O(n).
  static func isSingleLine(prefix: [Double], units: [UInt16], width: Double?) -> Bool {
    if let width {
      let limit = width + 1e-6
      guard !prefix.contains(where: { $0 > limit }) else { return false }
    }
    return !units.contains { $0 == 0x0B || $0 == 0x0C || $0 == 0x85 || $0 == 0x2028 }
  }

  /// Breaks a paragraph into lines no wider than `width` (`nil`: only at mandatory breaks).
  ///
  /// - Parameters:
  ///   - prefix: Width in points of the paragraph up to each UTF-16 offset (`count + 1` values).
  ///   - units: The paragraph's UTF-16 units.
  ///   - boundaries: Grapheme cluster boundaries.
  ///   - opportunities: Break opportunities from ``opportunities(in:boundaries:options:context:)``.
  ///   - width: The line width in points.
  /// - Returns: The lines' spans, in order.
  /// - Complexity: O(n) in the number of opportunities and clusters.
  static func breakLines(
    prefix: [Double], units: [UInt16], boundaries: [Int], opportunities: [(Int, Bool)],
    width: Double?
  ) -> [Span] {
    let count = units.count
    guard count > 0 else { return [Span(range: 0..<0, contentEnd: 0, mandatory: true)] }
    let limit = (width ?? .infinity) + 1e-6
    var spans: [Span] = []
    // Room for the lines the paragraph's width suggests, so that appending rarely grows it.
    let estimate = (prefix.last ?? 0) / (width ?? .infinity)
    spans.reserveCapacity(estimate >= 0 && estimate < Double(count) ? Int(estimate) + 2 : 2)
    var start = 0
    var fitting: (offset: Int, mandatory: Bool)? = nil
    var index = 0

    func contentEnd(_ start: Int, _ end: Int) -> Int {
      var position = end
      while position > start {
        let scalar = scalar(endingAt: position, in: units)
        guard UnicodeServices.hangsAtLineEnd(scalar) || scalar == 0x2028 else { break }
        position -= scalar > 0xFFFF ? 2 : 1
      }
      return position
    }
    func measure(_ start: Int, _ end: Int) -> Double { prefix[end] - prefix[start] }
    func emit(_ end: Int, mandatory: Bool, breaksWord: Bool = false) {
      spans.append(
        Span(
          range: start..<end, contentEnd: contentEnd(start, end), mandatory: mandatory,
          breaksWord: breaksWord))
      start = end
      fitting = nil
    }

    while index < opportunities.count {
      let (offset, mandatory) = opportunities[index]
      guard offset > start else {
        index += 1
        continue
      }
      if measure(start, contentEnd(start, offset)) <= limit {
        if mandatory {
          emit(offset, mandatory: true)
        } else {
          fitting = (offset, false)
        }
        index += 1
      } else if let fit = fitting {
        emit(fit.offset, mandatory: false)  // re-examine this opportunity on the next line
      } else {
        // One word is wider than the line: break it between grapheme clusters.
        let content = contentEnd(start, offset)
        var clusterIndex = boundaries.firstIndex { $0 > start } ?? boundaries.count
        var end = start
        while clusterIndex < boundaries.count, boundaries[clusterIndex] <= content {
          let next = boundaries[clusterIndex]
          if end > start && measure(start, next) > limit { break }
          end = next
          clusterIndex += 1
        }
        if end == start {
          // No grapheme boundary between the line's start and this opportunity (ICU and the
          // grapheme rules can disagree inside unusual sequences): always make progress.
          end = min(boundaries.first { $0 > start } ?? offset, offset)
        }
        if end >= content {
          // The whole word fits after all (only its trailing space did not): take the break.
          if mandatory { emit(offset, mandatory: true) } else { emit(offset, mandatory: false) }
          index += 1
        } else {
          emit(end, mandatory: false, breaksWord: true)
        }
      }
    }
    if start < count { emit(count, mandatory: true) }
    return spans
  }

  static func scalar(endingAt offset: Int, in units: [UInt16]) -> UInt32 {
    let last = units[offset - 1]
    if UTF16.isTrailSurrogate(last), offset >= 2, UTF16.isLeadSurrogate(units[offset - 2]) {
      return 0x10000 + ((UInt32(units[offset - 2]) - 0xD800) << 10) + (UInt32(last) - 0xDC00)
    }
    return UInt32(last)
  }

  static func scalar(startingAt offset: Int, in units: [UInt16]) -> UInt32 {
    let first = units[offset]
    if UTF16.isLeadSurrogate(first), offset + 1 < units.count,
      UTF16.isTrailSurrogate(units[offset + 1])
    {
      return 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(units[offset + 1]) - 0xDC00)
    }
    return UInt32(first)
  }
}
