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

  /// The opportunities to break at, as (offset, mandatory), ascending, the paragraph's end last
  /// (mandatory).
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
    } else if options.effectiveLineBreakStrategy.contains(.hangulWordPriority) {
      breaks = breaks.filter { offset, mandatory in
        guard !mandatory, offset > 0, offset < units.count else { return true }
        let before = scalar(endingAt: offset, in: units)
        let after = scalar(startingAt: offset, in: units)
        return !(UnicodeServices.isKeepAll(before) && UnicodeServices.isKeepAll(after))
      }
    }
    // The paragraph's end is a mandatory break, though ICU reports it as soft: a paragraph's
    // last line ends with a mandatory break even when it ends a word broken between clusters.
    if breaks.last?.0 == units.count { breaks.removeLast() }
    breaks.append((units.count, true))
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
  /// - Complexity: O(n) in the number of units, opportunities and clusters, whatever the lines:
  ///   a word broken into thousands of lines is walked once.
  static func breakLines(
    prefix: [Double], units: [UInt16], boundaries: [Int], opportunities: [(Int, Bool)],
    width: Double?
  ) -> [Span] {
    var steps = NoSteps()
    return breakLines(
      prefix: prefix, units: units, boundaries: boundaries, opportunities: opportunities,
      width: width, steps: &steps)
  }

  /// Counts the work ``breakLines(prefix:units:boundaries:opportunities:width:steps:)`` does.
  protocol StepCounter {
    /// Adds `count` steps.
    mutating func add(_ count: Int)
  }

  /// Counts nothing: the layout's own calls compile the counting away.
  ///
  /// It holds one byte it never uses: the local functions of `breakLines` capture the counter
  /// `inout`, and ThreadSanitizer's access instrumentation of an `inout` capture of an empty
  /// (zero-sized) value read a garbage address and crashed (Swift 6.3.1, debug builds).
  struct NoSteps: StepCounter {
    private var unused: UInt8 = 0
    @inline(__always) mutating func add(_ count: Int) {}
  }

  /// Counts every step, for tests.
  struct Steps: StepCounter {
    /// The steps so far.
    var count = 0
    mutating func add(_ count: Int) { self.count += count }
  }

  /// Breaks a paragraph into lines, counting in `steps` the units, clusters and opportunities
  /// it looks at: tests check that the count stays linear in the paragraph's length.
  static func breakLines(
    prefix: [Double], units: [UInt16], boundaries: [Int], opportunities: [(Int, Bool)],
    width: Double?, steps: inout some StepCounter
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
    // The index of the first cluster boundary after `start`: `start` only grows, so the cursor
    // only moves forward (a word broken into many lines is not searched from its start again).
    var cluster = 0
    // Where the white space hanging before the last opportunity looked at starts: opportunities
    // come in ascending order, so each unit is walked over once, however many lines re-examine
    // the same opportunity.
    var hangOffset = 0
    var hangStart = 0

    /// Where the content ends before `end`: without trailing white space, never before `start`.
    /// O(the line's length).
    func contentEnd(_ start: Int, _ end: Int) -> Int {
      var position = end
      while position > start {
        let scalar = scalar(endingAt: position, in: units)
        guard hangs(scalar) else { break }
        position -= scalar > 0xFFFF ? 2 : 1
      }
      steps.add(end - position)
      return position
    }
    /// `contentEnd(start, offset)` for an opportunity at or after the last one asked about.
    func contentEnd(start: Int, opportunity offset: Int) -> Int {
      var position = offset
      while position > hangOffset {
        let scalar = scalar(endingAt: position, in: units)
        guard hangs(scalar) else { break }
        position -= scalar > 0xFFFF ? 2 : 1
      }
      steps.add(offset - position)
      // Everything back to the previous opportunity hangs: so does what hung before it.
      if position <= hangOffset { position = min(position, hangStart) }
      (hangOffset, hangStart) = (offset, position)
      return max(start, position)
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
      steps.add(1)
      let (offset, mandatory) = opportunities[index]
      guard offset > start else {
        index += 1
        continue
      }
      let content = contentEnd(start: start, opportunity: offset)
      if measure(start, content) <= limit {
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
        while cluster < boundaries.count, boundaries[cluster] <= start {
          cluster += 1
          steps.add(1)
        }
        var clusterIndex = cluster
        var end = start
        while clusterIndex < boundaries.count, boundaries[clusterIndex] <= content {
          steps.add(1)
          let next = boundaries[clusterIndex]
          if end > start && measure(start, next) > limit { break }
          end = next
          clusterIndex += 1
        }
        if end == start {
          // No grapheme boundary between the line's start and this opportunity (ICU and the
          // grapheme rules can disagree inside unusual sequences): always make progress.
          end = min(cluster < boundaries.count ? boundaries[cluster] : offset, offset)
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

  /// Whether a scalar hangs at a line's end: white space, and U+2028, which ends its line.
  private static func hangs(_ scalar: UInt32) -> Bool {
    UnicodeServices.hangsAtLineEnd(scalar) || scalar == 0x2028
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
