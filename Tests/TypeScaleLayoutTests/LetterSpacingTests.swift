// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// TypeScale's one letter-spacing rule (``LetterSpacing``): kern or tracking after every
/// grapheme cluster, the same in line breaking, line widths, truncation and glyph placement.
///
/// Widths are compared exactly (to 1e-9 pt, the rounding of sums of a few hundred doubles), on
/// the attributed-string target, which does not round sizes to the pixel grid.
@Suite struct LetterSpacingTests {
  private static func options(
    kern: Double = 0, tracking: Double = 0, width: Double? = nil, lineLimit: Int? = nil,
    truncation: LayoutOptions.Truncation = .tail
  ) -> LayoutOptions {
    var options = LayoutOptions(
      width: width, lineLimit: lineLimit, truncation: truncation, target: .attributedString)
    options.kern = kern
    options.tracking = tracking
    return options
  }

  private static func glyphCount(_ layout: TextLayout) -> Int {
    layout.lines.flatMap(\.runs).reduce(0) { $0 + $1.glyphs.count }
  }

  private static func advances(_ line: Line) -> Double {
    line.runs.flatMap(\.advances).reduce(0, +)
  }

  // MARK: - Ligatures

  /// "office" with kern: Noto Sans draws "ffi" as one ligature glyph.
  ///
  /// Kern keeps the ligature and puts the space of its three clusters after it.
  @Test func office_kernKeepsTheLigatureAndSpacesEachOfItsClusters() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let plain = try engine.layout("office", font: font, options: Self.options())
    #expect(Self.glyphCount(plain) == 4)  // o, ffi, c, e
    let kerned = try engine.layout("office", font: font, options: Self.options(kern: 2))
    #expect(Self.glyphCount(kerned) == 4)
    // Six clusters, each followed by 2 pt, the last one's included.
    #expect(abs(kerned.exactWidth - plain.exactWidth - 6 * 2) < 1e-9)
    let plainAdvances = plain.lines[0].runs[0].advances
    let kernedAdvances = kerned.lines[0].runs[0].advances
    let added = zip(kernedAdvances, plainAdvances).map { (($0 - $1) * 1e6).rounded() / 1e6 }
    #expect(added == [2, 6, 2, 2])
    #expect(abs(Self.advances(kerned.lines[0]) - kerned.exactWidth) < 1e-9)
  }

  @Test func office_trackingTurnsTheLigatureOffUnlessTheFeaturesSetIt() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    // Shaped once with the ligature first: the cache must not hand it to the tracked layout.
    let plain = try engine.layout("office", font: font, options: Self.options())
    var unligated = Self.options()
    unligated.features = [.off("liga")]
    let separate = try engine.layout("office", font: font, options: unligated)
    #expect(Self.glyphCount(separate) == 6)

    let tracked = try engine.layout("office", font: font, options: Self.options(tracking: 2))
    #expect(Self.glyphCount(tracked) == 6)
    // Five spaces count; the sixth, after the last cluster, hangs.
    #expect(abs(tracked.exactWidth - separate.exactWidth - 5 * 2) < 1e-9)
    #expect(abs(Self.advances(tracked.lines[0]) - tracked.exactWidth - 2) < 1e-9)

    var ligated = Self.options(tracking: 2)
    ligated.features = [.on("liga")]
    let kept = try engine.layout("office", font: font, options: ligated)
    #expect(Self.glyphCount(kept) == 4)
    #expect(abs(kept.exactWidth - plain.exactWidth - 5 * 2) < 1e-9)
  }

  @Test func features_trackingTurnsOffOnlyNonessentialLigaturesTheCallerLeftUnset() {
    var options = LayoutOptions()
    #expect(LetterSpacing.features(for: options).isEmpty)
    options.kern = 3
    #expect(LetterSpacing.features(for: options).isEmpty)
    options.tracking = -0.5
    options.features = [.on("clig"), .off("kern")]
    #expect(
      LetterSpacing.features(for: options).map(\.description) == [
        "clig=1", "kern=0", "liga=0", "dlig=0", "hlig=0",
      ])
  }

  /// Kern and tracking together: Core Text ignores the kern while the tracking is not 0.
  @Test func spacing_trackingWinsOverKern() {
    let both = LetterSpacing(kern: 3, tracking: 1)
    #expect(both.perCluster == 1 && both.hanging == 1)
    let kern = LetterSpacing(kern: 3, tracking: 0)
    #expect(kern.perCluster == 3 && kern.hanging == 0)
    #expect(LetterSpacing(kern: 0, tracking: 0).isZero)
  }

  // MARK: - Clusters of several glyphs

  /// "é" as e + U+0301, n times: the space goes after each cluster, never between a letter and
  /// its mark, so every mark keeps its place on its letter.
  @Test(arguments: [1, 2, 7])
  func combiningMarks_getOneSpacePerClusterAndStayOnTheirLetter(_ count: Int) throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let text = String(repeating: "e\u{301}", count: count)
    let plain = try engine.layout(text, font: font, options: Self.options())
    for (kern, tracking) in [(1.5, 0.0), (0, 1.5), (-0.75, 0)] {
      let spaced = try engine.layout(
        text, font: font, options: Self.options(kern: kern, tracking: tracking))
      let counted = tracking != 0 ? count - 1 : count
      #expect(
        abs(spaced.exactWidth - plain.exactWidth - Double(counted) * (kern + tracking)) < 1e-9)
      let xs = spaced.lines[0].runs.flatMap(\.xs)
      let plainXs = plain.lines[0].runs.flatMap(\.xs)
      let clusters = spaced.lines[0].runs.flatMap(\.clusters)
      #expect(xs.count == plainXs.count)
      for index in xs.indices {
        // Glyphs of the k-th cluster move by k spaces: a letter and its mark move together.
        let shift = Double(clusters[index] / 2) * (kern + tracking)
        #expect(abs(xs[index] - plainXs[index] - shift) < 1e-9)
      }
    }
  }

  /// Arabic with vowel marks, right to left: the space after each cluster is at its left, so
  /// the letters move apart while each mark moves with its letter, the line's first cluster
  /// stays at the right edge and the hanging tracking sits past the left one.
  @Test(arguments: ["بِسْمِ", "سَلَامٌ عَلَيْكُمْ", "سلام"])
  func arabicWithMarks_spacesClustersRightToLeft(_ text: String) throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.fixtureFont("Fixture-Arabic.ttf")
    let width = 300.0
    let plain = try engine.layout(text, font: font, options: Self.options(width: width))
    let tracking = 2.0
    let tracked = try engine.layout(
      text, font: font, options: Self.options(tracking: tracking, width: width))
    let clusterCount = text.count  // grapheme clusters, as Character counts them
    #expect(abs(tracked.exactWidth - plain.exactWidth - Double(clusterCount - 1) * tracking) < 1e-9)
    let line = tracked.lines[0]
    #expect(abs(line.x + line.width - width) < 1e-9)  // right-aligned, as the paragraph is RTL
    #expect(abs(Self.advances(line) - line.width - tracking) < 1e-9)

    // Every glyph moves by the spaces of the clusters logically after it (to its left).
    let boundaries = Self.graphemeStarts(text)
    let xs = line.runs.flatMap(\.xs)
    let plainXs = plain.lines[0].runs.flatMap(\.xs)
    let clusters = line.runs.flatMap(\.clusters)
    let plainShift = plain.lines[0].x - line.x
    #expect(xs.count == plainXs.count)
    for index in xs.indices {
      let grapheme = boundaries.lastIndex { $0 <= clusters[index] } ?? 0
      let after = clusterCount - 1 - grapheme
      #expect(abs(xs[index] - plainXs[index] + plainShift - Double(after) * tracking) < 1e-9)
    }
  }

  private static func graphemeStarts(_ text: String) -> [Int] {
    var starts: [Int] = []
    var offset = 0
    for character in text {
      starts.append(offset)
      offset += character.utf16.count
    }
    return starts
  }

  // MARK: - Line ends

  /// Kern after the last cluster counts in a line's width; tracking hangs like a trailing space.
  ///
  /// A line breaks and fits on the width it reports.
  @Test func lineEnd_kernCountsAndTrackingHangs() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let plain = try engine.layout("Hello", font: font, options: Self.options()).exactWidth
    let tracked = try engine.layout("Hello", font: font, options: Self.options(tracking: 1.5))
    let kerned = try engine.layout("Hello", font: font, options: Self.options(kern: 1.5))
    #expect(abs(tracked.exactWidth - (plain + 4 * 1.5)) < 1e-9)
    #expect(abs(kerned.exactWidth - (plain + 5 * 1.5)) < 1e-9)

    // Exactly as wide as its reported width: one line, not truncated, either way.
    for (spaced, options) in [
      (tracked, Self.options(tracking: 1.5)), (kerned, Self.options(kern: 1.5)),
    ] {
      var fitting = options
      fitting.width = spaced.exactWidth
      fitting.lineLimit = 1
      let fits = try engine.layout("Hello", font: font, options: fitting)
      #expect(!fits.isTruncated && fits.lines[0].range == 0..<5)
      fitting.width = spaced.exactWidth - 0.01
      #expect(try engine.layout("Hello", font: font, options: fitting).isTruncated)
    }

    // Two words at the width of one: the break comes after the space, and the first line is as
    // wide as the word alone.
    for (spaced, options) in [
      (tracked, Self.options(tracking: 1.5)), (kerned, Self.options(kern: 1.5)),
    ] {
      var wrapping = options
      wrapping.width = spaced.exactWidth
      let two = try engine.layout("Hello Hello", font: font, options: wrapping)
      #expect(two.lines.map(\.range) == [0..<6, 6..<11])
      #expect(two.lines.map(\.width).allSatisfy { abs($0 - spaced.exactWidth) < 1e-9 })
      #expect(!two.breaksWords)
    }
  }

  @Test func negativeTracking_neverGivesANegativeWidth() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont(7)
    let layout = try engine.layout("iiii iiii", font: font, options: Self.options(tracking: -20))
    #expect(layout.exactWidth == 0 && layout.lines.allSatisfy { $0.width == 0 })
    let kerned = try engine.layout("iiii", font: font, options: Self.options(kern: -20))
    #expect(kerned.exactWidth == 0)
  }

  // MARK: - Truncation

  /// A truncated line's width, with tracking or kern, is measured by the same rule it was cut
  /// by: it never passes the width, and it equals its advances less what hangs.
  @Test(arguments: LayoutOptions.Truncation.allCases)
  func truncation_withSpacing_fitsTheWidthItReports(_ mode: LayoutOptions.Truncation) throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let text = "The quick brown fox jumps over the lazy dog"
    for (kern, tracking) in [(0.0, 2.0), (2.0, 0.0), (0.0, -0.5)] {
      let options = Self.options(
        kern: kern, tracking: tracking, width: 150, lineLimit: 1, truncation: mode)
      let layout = try engine.layout(text, font: font, options: options)
      let line = try #require(layout.lines.first)
      #expect(layout.isTruncated && line.isTruncated)
      #expect(line.width <= 150 + 1e-6, "\(mode) \(kern) \(tracking): \(line.width)")
      // Nothing trails the shown text on these lines but the tracking.
      #expect(abs(Self.advances(line) - line.width - tracking) < 1e-9)
      if mode != .clip {
        let run = line.runs.first { $0.isEllipsis }
        let ellipsis = try #require(run?.advances)
        let bare = try engine.layout("\u{2026}", font: font, options: Self.options())
        #expect(abs(ellipsis.reduce(0, +) - bare.exactWidth - kern - tracking) < 1e-9)
      }
    }
  }

  /// With tracking, the ellipsis' own tracking hangs: a tail cut keeps as many letters as the
  /// letters' widths allow, one more than if it counted.
  @Test func truncation_tailCutCountsTheSameWidthsAsTheLine() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let text = String(repeating: "a", count: 40)
    let tracking = 3.0
    let letter = try engine.layout("a", font: font, options: Self.options()).exactWidth
    let ellipsis = try engine.layout("\u{2026}", font: font, options: Self.options()).exactWidth
    // n letters and the ellipsis: n × (letter + t) + ellipsis + t − t.
    let width = 10 * (letter + tracking) + ellipsis
    let layout = try engine.layout(
      text, font: font, options: Self.options(tracking: tracking, width: width, lineLimit: 1))
    #expect(layout.lines[0].range == 0..<10)
    #expect(abs(layout.lines[0].width - width) < 1e-9)
  }
}

// MARK: - Break width = reported width = placed width

extension LetterSpacingTests {
  /// Letters of several scripts, with marks, ligatures and spaces inside.
  private static let pieces: [String] = [
    "a", "b", "f", "fi", "ffi", "o", "W", "A", "V", "1", " ", " ", "e\u{301}", "o\u{308}\u{323}",
    "α", "ΐ", "ж", "й", "ب", "بِ", "سْ", "لا", "مٌ", "ש", "שָׁ", "क", "कि", "क्ष", "ก", "กี่",
    "한", "국", "어", "👍", "é",
  ]

  /// The reported width of an unwrapped line equals the width its line breaking measured (the
  /// prefix sums, less the hanging tracking) and the sum of its glyph runs' advances (less what
  /// hangs), for random text of several scripts and random kern and tracking.
  @Test func unwrappedLine_reportsTheWidthItsBreakingAndPlacementUse() throws {
    let engine = FontFixture.engine()
    let fallbacks = try [
      "Fixture-Arabic.ttf", "Fixture-Hebrew.ttf", "Fixture-Devanagari.ttf",
      "Fixture-Thai.ttf",
    ].map { try FontFixture.fixtureFont($0).face }
    let font = try LayoutFont(
      face: FontFixture.registry.defaultFace, pointSize: 17, fallbackFaces: fallbacks)
    var generator = SeededGenerator(seed: 0x5EED_16)
    var checked = 0
    for _ in 0..<150 {
      var text = ""
      for _ in 0..<Int.random(in: 1...24, using: &generator) {
        text += Self.pieces.randomElement(using: &generator) ?? "a"
      }
      while text.last == " " { text.removeLast() }
      guard !text.isEmpty else { continue }
      let choice = Int.random(in: 0..<3, using: &generator)
      let amount = (Double.random(in: -1...3, using: &generator) * 8).rounded() / 8
      let options = Self.options(
        kern: choice == 1 ? amount : 0, tracking: choice == 2 ? amount : 0)
      let spacing = LetterSpacing(options)
      let layout = try engine.layout(text, font: font, options: options)
      let line = try #require(layout.lines.first)
      #expect(layout.lineCount == 1)

      // What breaking measured: the paragraph's prefix sums.
      let context = LayoutContext()
      let prepared = try engine.prepare(text, font: font, options: options, context: context)
      let shaper = Shaper(
        fonts: engine.fonts, cache: engine.shapeCache, options: options, variations: [:])
      let typesetter = Typesetter(shaper: shaper, font: font, options: options, context: context)
      let measured = try typesetter.measure(prepared.paragraphs[0], pointSize: 17)
      let breaking = (measured.prefix.last ?? 0) - measured.prefix[0]
      let placed = Self.advances(line)
      guard breaking - spacing.hanging > 1e-6 else { continue }  // clamped at 0
      #expect(
        abs(line.width - (breaking - spacing.hanging)) < 1e-9,
        "\(text.unicodeScalars.map { String($0.value, radix: 16) }) \(options.kern) \(options.tracking)"
      )
      #expect(abs(line.width - (placed - spacing.hanging)) < 1e-9, "\(text)")
      checked += 1
    }
    #expect(checked > 100)
  }
}
