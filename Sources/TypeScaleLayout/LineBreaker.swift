// SPDX-License-Identifier: Apache-2.0

/// The third pipeline stage: chooses where lines end, greedily, at ICU's break opportunities.
///
/// - Opportunities come from ICU's UAX #14 line breaker for the language. Under Hangul word
///   priority a break between two Hangul scalars is dropped, so Korean wraps word by word; a
///   break between Hangul and anything else (Latin letters, digits, ideographs) stays. Character
///   wrapping breaks at every grapheme cluster instead.
/// - Trailing white space hangs: it does not count against the width.
/// - A word wider than the line breaks between grapheme clusters, at least one per line.
/// - Mandatory breaks (U+2028, and the paragraph's end) always end a line.
/// - Under push-out, a block of lines whose last line is one word takes the last word of the line
///   above (``pushOut(_:prefix:units:opportunities:width:)``).
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

  /// The opportunities to break at, ascending, the paragraph's end last (mandatory).
  ///
  /// Under ``LayoutOptions/LineBreakStrategy/hangulWordPriority`` (and word wrapping), an
  /// opportunity between two Hangul scalars (``isHangul(_:)``) is dropped: Apple's documentation
  /// says the strategy "prohibits breaking between Hangul characters"
  /// (`NSParagraphStyle.LineBreakStrategy.hangulWordPriority`; `NSParagraphStyle.h`: "it prohibits
  /// breaking between Hangul characters"). Opportunities between Hangul and other scripts, digits
  /// or punctuation stay as ICU finds them ("iOS에서" may break before "에", "漢字한글" before
  /// "한"). This is narrower than CSS `word-break: keep-all`, which also joins Hangul to letters,
  /// digits and ideographs; Apple documents no such extension.
  ///
  /// With `phrase` (``LayoutOptions/LineBreakWordStyle/phrase``, or ``PhraseRule`` resolving
  /// `auto` to it), Japanese asks ICU for phrase breaks (the locale keyword `lw=phrase`, which ICU
  /// 72 honours for `ja`) and Korean drops the breaks between two Hangul scalars (ICU 72 ignores
  /// `lw` for Korean; Android's Korean phrase breaking breaks at word boundaries).
  static func opportunities(
    in units: [UInt16], boundaries: [Int], options: LayoutOptions, context: LayoutContext,
    phrase: Bool = false
  ) throws(LayoutError) -> [BreakOpportunity] {
    guard !units.isEmpty else { return [] }
    let language = options.language ?? ""
    let japanesePhrase = phrase && PhraseRule.isJapanese(language)
    let breaker = try context.lineBreaker(
      for: japanesePhrase
        ? language + (language.contains("@") ? ";lw=phrase" : "@lw=phrase") : language)
    var breaks = try units.withUnsafeBufferPointer { (buffer) throws(LayoutError) in
      try breaker.breaks(in: buffer)
    }
    if options.wrapping == .character {
      let mandatory = Set(breaks.lazy.filter(\.isMandatory).map(\.offset))
      breaks = boundaries.dropFirst().map {
        BreakOpportunity(offset: $0, isMandatory: mandatory.contains($0))
      }
    } else if options.effectiveLineBreakStrategy.contains(.hangulWordPriority)
      || (phrase && PhraseRule.isKorean(language))
    {
      dropBreaksBetweenHangul(&breaks, in: units)
    }
    // The paragraph's end is a mandatory break, though ICU reports it as soft: a paragraph's
    // last line ends with a mandatory break even when it ends a word broken between clusters.
    if breaks.last?.offset == units.count { breaks.removeLast() }
    breaks.append(.end(units.count))
    return breaks
  }

  /// Removes the soft opportunities that have a Hangul scalar on both sides.
  ///
  /// - Complexity: O(n) in the number of opportunities.
  static func dropBreaksBetweenHangul(_ breaks: inout [BreakOpportunity], in units: [UInt16]) {
    breaks.removeAll { opportunity in
      let offset = opportunity.offset
      guard !opportunity.isMandatory, offset > 0, offset < units.count else { return false }
      return isHangul(UTF16Scalars.scalar(endingAt: offset, in: units))
        && isHangul(UTF16Scalars.scalar(startingAt: offset, in: units))
    }
  }

  /// Whether a scalar is Hangul for ``LayoutOptions/LineBreakStrategy/hangulWordPriority``:
  /// syllables (U+AC00–D7A3), conjoining jamo (U+1100–11FF, A960–A97F, D7B0–D7FF), compatibility
  /// jamo (U+3130–318F), halfwidth jamo (U+FFA0–FFDC) and the tone marks U+302E–302F.
  static func isHangul(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF,
      0xFFA0...0xFFDC, 0x302E...0x302F:
      true
    default: false
    }
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
    prefix: [Double], units: [UInt16], boundaries: [Int], opportunities: [BreakOpportunity],
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
    prefix: [Double], units: [UInt16], boundaries: [Int], opportunities: [BreakOpportunity],
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
    var fitting: Int? = nil  // the last soft opportunity whose content fits
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
        let scalar = UTF16Scalars.scalar(endingAt: position, in: units)
        guard hangs(scalar) else { break }
        position -= UTF16Scalars.width(of: scalar)
      }
      steps.add(end - position)
      return position
    }
    /// `contentEnd(start, offset)` for an opportunity at or after the last one asked about.
    func contentEnd(start: Int, opportunity offset: Int) -> Int {
      var position = offset
      while position > hangOffset {
        let scalar = UTF16Scalars.scalar(endingAt: position, in: units)
        guard hangs(scalar) else { break }
        position -= UTF16Scalars.width(of: scalar)
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
      let offset = opportunities[index].offset
      let mandatory = opportunities[index].isMandatory
      guard offset > start else {
        index += 1
        continue
      }
      let content = contentEnd(start: start, opportunity: offset)
      if measure(start, content) <= limit {
        if mandatory {
          emit(offset, mandatory: true)
        } else {
          fitting = offset
        }
        index += 1
      } else if let fit = fitting {
        emit(fit, mandatory: false)  // re-examine this opportunity on the next line
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
          emit(offset, mandatory: mandatory)
          index += 1
        } else {
          emit(end, mandatory: false, breaksWord: true)
        }
      }
    }
    if start < count { emit(count, mandatory: true) }
    return spans
  }

  // MARK: - Push-out

  /// Applies ``LayoutOptions/LineBreakStrategy/pushOut`` to a paragraph's greedy lines when the
  /// options ask for it: a width, word wrapping and a strategy holding push-out.
  ///
  /// Character wrapping is left alone: `byCharWrapping` "occurs before the first character that
  /// doesn't fit" (`NSLineBreakMode`), which moving a character down would contradict.
  ///
  /// - Parameters:
  ///   - spans: The paragraph's lines from ``breakLines(prefix:units:boundaries:opportunities:width:)``.
  ///   - prefix: Width in points up to each UTF-16 offset, as `breakLines` took it.
  ///   - units: The paragraph's UTF-16 units.
  ///   - opportunities: The opportunities the lines were broken at.
  ///   - breakingWidth: The width the lines were broken at (the options' width plus any tracking
  ///     that hangs at a line's end, see `LetterSpacing`), or `nil` for no wrapping.
  ///   - options: The layout's options.
  static func pushOut(
    _ spans: inout [Span], prefix: [Double], units: [UInt16], opportunities: [BreakOpportunity],
    breakingWidth: Double?, options: LayoutOptions
  ) {
    // One line, the common case, costs one comparison.
    guard spans.count > 1, let width = breakingWidth, options.wrapping == .word,
      options.effectiveLineBreakStrategy.contains(.pushOut)
    else { return }
    pushOut(&spans, prefix: prefix, units: units, opportunities: opportunities, width: width)
  }

  /// Pushes a word down onto each one-word last line: Apple's push-out line-break strategy,
  /// after greedy breaking.
  ///
  /// Apple's header (`NSParagraphStyle.h`, `NSLineBreakStrategyPushOut`): it lets the text
  /// system "push out individual lines by some number of words to avoid an orphan word on the
  /// last line of the paragraph. The current implementation usually pushes out the last line by
  /// a single word." `UILabel` has done so since iOS 11 (reported then as the label leaving at
  /// least two words on its last line). TypeScale moves exactly one word, under these rules:
  ///
  /// - A *block* is a run of lines ended by a mandatory break: the paragraph's end, or a line
  ///   terminator inside it (U+2028, U+000B, U+000C, U+0085). A line separator ends a block as a
  ///   paragraph does, so the line before U+2028 is a last line too (a decision: Apple documents
  ///   only paragraphs). Words never move across a mandatory break.
  /// - The block's last line must hold one word: no break opportunity between its start and the
  ///   end of its content (trailing white space aside). In scripts without spaces a "word" is the
  ///   text between two opportunities: a character or two of Japanese, a dictionary word of Thai.
  /// - The line above must have ended at a soft opportunity, not at an emergency break inside a
  ///   word wider than the line, and must keep at least one word with content that is not white
  ///   space.
  /// - The line above gives up its last word (from its last opportunity on, with the white space
  ///   after it), and the move happens only if that word and the old last line fit the width
  ///   together. Lines never get more numerous or wider, and the text is unchanged: only the
  ///   boundary between the two last lines of a block moves.
  ///
  /// It runs before the line limit and truncation, on the paragraph's own lines: the line count
  /// does not change, so truncation hides the same lines it would have without it.
  ///
  /// - Complexity: O(lines) to find the blocks, then O(log n + the moved word's trailing white
  ///   space) for each.
  static func pushOut(
    _ spans: inout [Span], prefix: [Double], units: [UInt16], opportunities: [BreakOpportunity],
    width: Double
  ) {
    guard spans.count > 1 else { return }
    let limit = width + 1e-6
    for last in 1..<spans.count where spans[last].mandatory {
      let above = last - 1
      guard !spans[above].mandatory, !spans[above].breaksWord else { continue }
      let lineStart = spans[above].range.lowerBound
      let start = spans[last].range.lowerBound
      let content = spans[last].contentEnd
      guard content > start else { continue }
      // The opportunity the line above ended at, by binary search.
      var low = 0
      var high = opportunities.count
      while low < high {
        let middle = (low + high) / 2
        if opportunities[middle].offset < start { low = middle + 1 } else { high = middle }
      }
      let index = low
      guard index > 0, index + 1 < opportunities.count, opportunities[index].offset == start,
        !opportunities[index].isMandatory,
        // One word: the next opportunity is at or past the end of the last line's content.
        opportunities[index + 1].offset >= content
      else { continue }
      let word = opportunities[index - 1]
      guard word.offset > lineStart, !word.isMandatory,
        prefix[content] - prefix[word.offset] <= limit
      else { continue }
      var aboveEnd = word.offset
      while aboveEnd > lineStart {
        let scalar = UTF16Scalars.scalar(endingAt: aboveEnd, in: units)
        guard hangs(scalar) else { break }
        aboveEnd -= UTF16Scalars.width(of: scalar)
      }
      // The line above keeps some content, and (with negative advances) still fits.
      guard aboveEnd > lineStart, prefix[aboveEnd] - prefix[lineStart] <= limit else { continue }
      spans[above].range = lineStart..<word.offset
      spans[above].contentEnd = aboveEnd
      spans[last].range = word.offset..<spans[last].range.upperBound
    }
  }

  /// Whether a scalar hangs at a line's end: white space, and U+2028, which ends its line.
  private static func hangs(_ scalar: UInt32) -> Bool {
    UnicodeServices.hangsAtLineEnd(scalar) || scalar == 0x2028
  }
}
