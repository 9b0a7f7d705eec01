// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// Truncation of text that needs more than one line, and the shrink search.
///
/// As `NSLineBreakMode` documents it: tail truncation cuts only the last visible line; head and
/// middle truncation lay the text out on a single line. The shrink search is the one behind
/// `minimumScaleFactor`.
@Suite struct MultilineTruncationTests {
  private static let sentence = "The quick brown fox jumps over the lazy dog"  // 43 units

  @Test func tail_cutsOnlyTheLastOfThreeLines() throws {
    let engine = FontFixture.engine()
    let layout = try engine.layout(
      Self.sentence, font: try FontFixture.defaultFont(),
      options: .init(width: 100, lineLimit: 3, truncation: .tail))
    #expect(layout.lineCount == 3)
    #expect(layout.lines.map(\.isTruncated) == [false, false, true])
    let truncation = try #require(layout.truncation)
    #expect(truncation.lineIndex == 2)
    #expect(truncation.hiddenRanges.count == 1 && truncation.hiddenRanges[0].upperBound == 43)
    #expect(truncation.hiddenRanges[0].lowerBound == layout.lines[2].range.upperBound)
  }

  /// Head truncation with room for three lines: one line showing the sentence's end.
  @Test(arguments: [3, 0, 2])
  func head_truncatesTheTextIntoASingleLine(_ limit: Int) throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let layout = try engine.layout(
      Self.sentence, font: font, options: .init(width: 100, lineLimit: limit, truncation: .head))
    #expect(layout.lineCount == 1)
    let line = layout.lines[0]
    #expect(line.isTruncated && line.width <= 100 + 1e-6)
    let truncation = try #require(layout.truncation)
    #expect(truncation.lineIndex == 0 && truncation.mode == .head)
    // Everything before the shown end is hidden; the end shown starts at a word's letter.
    #expect(line.range.upperBound == 43)
    #expect(truncation.hiddenRanges == [0..<line.range.lowerBound])
    #expect(line.range.lowerBound > 25)
    let runs = line.runs
    #expect(runs.first?.isEllipsis == true && runs.filter(\.isEllipsis).count == 1)
    // The same as a one-line limit.
    let single = try engine.layout(
      Self.sentence, font: font, options: .init(width: 100, lineLimit: 1, truncation: .head))
    #expect(single.truncation == truncation && single.lines[0].range == line.range)
  }

  /// Middle truncation with room for three lines: one line showing the beginning and the end.
  @Test(arguments: [3, 0, 5])
  func middle_truncatesTheTextIntoASingleLine(_ limit: Int) throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let layout = try engine.layout(
      Self.sentence, font: font,
      options: .init(width: 100, lineLimit: limit, truncation: .middle))
    #expect(layout.lineCount == 1)
    let line = layout.lines[0]
    #expect(line.isTruncated && line.width <= 100 + 1e-6)
    #expect(line.range == 0..<43)
    let truncation = try #require(layout.truncation)
    #expect(truncation.lineIndex == 0 && truncation.hiddenRanges.count == 1)
    let hidden = truncation.hiddenRanges[0]
    #expect(hidden.lowerBound > 0 && hidden.upperBound < 43 && hidden.count > 20)
    let ellipsisIndex = line.runs.firstIndex { $0.isEllipsis }
    let ellipsis = try #require(ellipsisIndex)
    #expect(ellipsis > 0 && ellipsis < line.runs.count - 1)
    let single = try engine.layout(
      Self.sentence, font: font, options: .init(width: 100, lineLimit: 1, truncation: .middle))
    #expect(single.truncation == truncation)
  }

  /// Later paragraphs are hidden too: the text is one line.
  @Test(arguments: [LayoutOptions.Truncation.head, .middle])
  func headAndMiddle_hideLaterParagraphs(_ mode: LayoutOptions.Truncation) throws {
    let engine = FontFixture.engine()
    let layout = try engine.layout(
      "One\nTwo\nThree", font: try FontFixture.defaultFont(),
      options: .init(lineLimit: 3, truncation: mode))
    #expect(layout.lineCount == 1)
    #expect(layout.lines[0].range == 0..<3)
    #expect(layout.truncation?.hiddenRanges == [3..<13])
  }

  /// Text that fits one line is not truncated, whatever the mode.
  @Test(arguments: LayoutOptions.Truncation.allCases)
  func oneLineOfText_isNotTruncated(_ mode: LayoutOptions.Truncation) throws {
    let engine = FontFixture.engine()
    let layout = try engine.layout(
      "Hello", font: try FontFixture.defaultFont(),
      options: .init(width: 100, lineLimit: 3, truncation: mode))
    #expect(layout.lineCount == 1 && !layout.isTruncated)
  }

  @Test func lineLimit_isOneForHeadAndMiddle() {
    for limit in [nil, 0, 1, 2, 7] {
      for mode in LayoutOptions.Truncation.allCases {
        let options = LayoutOptions(lineLimit: limit, truncation: mode)
        let expected: Int
        switch mode {
        case .head, .middle: expected = 1
        case .tail, .clip: expected = (limit ?? 0) > 0 ? limit ?? 0 : Int.max
        }
        #expect(LineBuilder.lineLimit(for: options) == expected)
      }
    }
  }

  // MARK: - Shrink search

  private static func attempt(fits: Bool) -> LineBuilder.Attempt {
    LineBuilder.Attempt(
      lines: [],
      truncation: fits
        ? nil : TextLayout.Truncation(lineIndex: 0, mode: .tail, hiddenRanges: [0..<1]))
  }

  @Test(arguments: [0.5, 0.731, 0.999, 0.2])
  func shrinkSearch_findsTheLargestFittingScaleWithinItsPrecision(_ threshold: Double) throws {
    var tried: [Double] = []
    let (scale, attempt) = try ShrinkSearch(minimumScaleFactor: 0.25).search {
      (scale: Double) throws(LayoutError) -> LineBuilder.Attempt in
      tried.append(scale)
      return Self.attempt(fits: scale <= threshold)
    }
    if threshold < 0.25 {
      #expect(scale == 0.25 && attempt.truncation != nil)
    } else {
      #expect(attempt.truncation == nil)
      #expect(scale <= threshold && threshold - scale <= ShrinkSearch.precision)
    }
    #expect(tried.count <= 2 + 10)
  }

  @Test func shrinkSearch_triesOnceWhenTheTextFitsOrMayNotShrink() throws {
    var count = 0
    let fits = try ShrinkSearch(minimumScaleFactor: 0.5).search {
      (_: Double) throws(LayoutError) -> LineBuilder.Attempt in
      count += 1
      return Self.attempt(fits: true)
    }
    #expect(fits.scale == 1 && count == 1)
    let fixed = try ShrinkSearch(minimumScaleFactor: 1).search {
      (_: Double) throws(LayoutError) -> LineBuilder.Attempt in
      count += 1
      return Self.attempt(fits: false)
    }
    #expect(fixed.scale == 1 && fixed.attempt.truncation != nil && count == 2)
  }
}
