// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleFonts

/// CSS Fonts Level 4 §5.2 face matching: the worked examples of the research notes (§4) and the
/// width, style and weight fallback orders.
@Suite("FaceMatcher")
struct FaceMatcherTests {
  typealias Candidate = FaceMatcher.Candidate
  typealias Request = FaceMatcher.Request

  /// One row of the worked weight table: the family's weights, the desired weight, the result.
  struct WeightCase: Sendable, CustomTestStringConvertible {
    var faces: [ClosedRange<Double>]
    var desired: Double
    var expected: Double
    var testDescription: String {
      let names = faces.map {
        $0.lowerBound == $0.upperBound
          ? "\(Int($0.lowerBound))" : "\(Int($0.lowerBound))–\(Int($0.upperBound))"
      }
      return "{\(names.joined(separator: ", "))} desired \(Int(desired)) → \(Int(expected))"
    }
  }

  static let weightTable: [WeightCase] = [
    .init(faces: [300...300, 400...400, 600...600, 700...700], desired: 500, expected: 400),
    .init(faces: [300...300, 500...500, 700...700], desired: 450, expected: 500),
    .init(faces: [300...300, 400...400, 600...600], desired: 450, expected: 400),
    .init(faces: [100...100, 200...200], desired: 400, expected: 200),
    .init(faces: [600...600, 900...900], desired: 400, expected: 600),
    .init(faces: [400...400, 700...700], desired: 350, expected: 400),
    .init(faces: [400...400, 500...500], desired: 600, expected: 500),
    .init(faces: [100...900], desired: 650, expected: 650),
  ]

  /// Faces with the given weights, upright and normal width, in array order.
  static func faces(weights: [ClosedRange<Double>]) -> [Candidate] {
    weights.enumerated().map { Candidate(weight: $0.element, order: $0.offset) }
  }

  /// Faces with the given static slopes, weight 400 and normal width, in array order.
  static func faces(slopes: [FontSlope]) -> [Candidate] {
    slopes.enumerated().map { Candidate(slope: .init($0.element), order: $0.offset) }
  }

  /// The slope chosen among static faces with the given slopes.
  static func chosenSlope(_ request: FontSlope, among slopes: [FontSlope]) -> FontSlope? {
    FaceMatcher.match(Request(slope: request), among: faces(slopes: slopes))?.slope
  }

  // MARK: - Weight

  @Test(arguments: weightTable)
  func faceMatcher_weightWorkedExamples(_ row: WeightCase) throws {
    let faces = Self.faces(weights: row.faces)
    let result = try #require(FaceMatcher.match(Request(weight: row.desired), among: faces))
    #expect(result.weight == row.expected)
    #expect(faces[result.index].weight.contains(row.expected))
    #expect(result.isExact == (row.desired == row.expected))
  }

  @Test func faceMatcher_weightLevel4DiffersFromLevel3() throws {
    // Level 3 would try exactly 500, then go lighter (300); Level 4 searches up to 500 first.
    let faces = Self.faces(weights: [300...300, 450...450])
    let result = try #require(FaceMatcher.match(Request(weight: 400), among: faces))
    #expect(result.index == 1)
    #expect(result.weight == 450)
    // Desired 500: nothing in [500, 500], so lighter, descending.
    #expect(FaceMatcher.match(Request(weight: 500), among: faces)?.weight == 450)
  }

  @Test func faceMatcher_weightRangesClampInSearchDirection() {
    let faces = Self.faces(weights: [100...300, 600...800])
    func weight(_ desired: Double) -> Double? {
      FaceMatcher.match(Request(weight: desired), among: faces)?.weight
    }
    #expect(weight(450) == 300)  // nothing in [450, 500]; lighter: the top of 100…300
    #expect(weight(550) == 600)  // heavier first: the bottom of 600…800
    #expect(weight(350) == 300)  // lighter first
    #expect(weight(50) == 100)  // nothing lighter; heavier ascending
    #expect(weight(950) == 800)  // nothing heavier; lighter descending
    #expect(weight(700) == 700)  // covered
    // A range starting inside [desired, 500] wins over anything lighter.
    let upper = Self.faces(weights: [300...300, 480...600])
    #expect(FaceMatcher.match(Request(weight: 450), among: upper)?.weight == 480)
    // A range starting above 500 comes after lighter faces.
    let above = Self.faces(weights: [300...300, 520...600])
    #expect(FaceMatcher.match(Request(weight: 450), among: above)?.weight == 300)
    #expect(FaceMatcher.match(Request(weight: 450), among: [above[1]])?.weight == 520)
  }

  // MARK: - Width

  @Test func faceMatcher_widthFallbacks() {
    let widths: [Double] = [75, 87.5, 112.5, 125]
    let faces = widths.enumerated().map {
      Candidate(width: $0.element...$0.element, order: $0.offset)
    }
    func width(_ desired: Double, _ faces: [Candidate]) -> Double? {
      FaceMatcher.match(Request(width: desired), among: faces)?.width
    }
    // ≤ 100: narrower nearest first, then wider nearest.
    #expect(width(100, faces) == 87.5)
    #expect(width(80, faces) == 75)
    #expect(width(50, faces) == 75)
    // > 100: wider nearest first, then narrower nearest.
    #expect(width(110, faces) == 112.5)
    #expect(width(150, faces) == 125)
    #expect(width(112.5, faces) == 112.5)
    // Only the other side present.
    let wide = [Candidate(width: 150...150, order: 0), Candidate(width: 112.5...112.5, order: 1)]
    #expect(width(75, wide) == 112.5)
    let narrow = [Candidate(width: 62.5...62.5, order: 0), Candidate(width: 87.5...87.5, order: 1)]
    #expect(width(150, narrow) == 87.5)
    // Variable widths clamp to the point nearest in the search direction.
    let variable = [Candidate(width: 75...100, order: 0)]
    #expect(width(110, variable) == 100)
    #expect(width(60, variable) == 75)
    #expect(width(90, variable) == 90)
  }

  @Test func faceMatcher_widthNarrowsBeforeWeight() throws {
    let faces = [
      Candidate(weight: 400...400, width: 75...75, order: 0),
      Candidate(weight: 700...700, width: 100...100, order: 1),
    ]
    let result = try #require(FaceMatcher.match(Request(weight: 400, width: 100), among: faces))
    #expect(result.index == 1)
    #expect(result.weight == 700)
    #expect(!result.isExact)
  }

  // MARK: - Style

  @Test func faceMatcher_italicFallsBackToObliqueThenUpright() {
    let oblique14 = FontSlope.oblique(degrees: 14)
    let oblique8 = FontSlope.oblique(degrees: 8)
    #expect(Self.chosenSlope(.italic, among: [.upright, oblique14, .italic]) == .italic)
    #expect(Self.chosenSlope(.italic, among: [.upright, oblique14]) == oblique14)
    #expect(Self.chosenSlope(.italic, among: [.upright, oblique8]) == oblique8)
    // Obliques ≥ 11° ascending before those below 11° descending.
    #expect(
      Self.chosenSlope(.italic, among: [oblique8, .oblique(degrees: 20), oblique14])
        == oblique14)
    #expect(Self.chosenSlope(.italic, among: [.oblique(degrees: 5), oblique8]) == oblique8)
    #expect(Self.chosenSlope(.italic, among: [.upright]) == .upright)
    // Upright (0°) before negative obliques.
    #expect(Self.chosenSlope(.italic, among: [.oblique(degrees: -10), .upright]) == .upright)
    #expect(Self.chosenSlope(.italic, among: [.oblique(degrees: -10)]) == .oblique(degrees: -10))
  }

  @Test func faceMatcher_uprightFallsBackToObliqueThenItalic() {
    #expect(
      Self.chosenSlope(.upright, among: [.italic, .oblique(degrees: 10), .upright])
        == .upright)
    #expect(
      Self.chosenSlope(.upright, among: [.italic, .oblique(degrees: 10)])
        == .oblique(degrees: 10))
    #expect(
      Self.chosenSlope(.upright, among: [.italic, .oblique(degrees: 20), .oblique(degrees: 10)])
        == .oblique(degrees: 10))
    // Italic before negative obliques.
    #expect(Self.chosenSlope(.upright, among: [.oblique(degrees: -5), .italic]) == .italic)
    #expect(
      Self.chosenSlope(.upright, among: [.oblique(degrees: -12), .oblique(degrees: -5)])
        == .oblique(degrees: -5))
  }

  @Test func faceMatcher_obliqueAtLeast11Degrees() {
    let request = FontSlope.oblique(degrees: 20)
    // Steeper obliques ascending, then flatter descending (positive only).
    #expect(
      Self.chosenSlope(request, among: [.oblique(degrees: 14), .oblique(degrees: 30), .italic])
        == .oblique(degrees: 30))
    #expect(
      Self.chosenSlope(request, among: [.oblique(degrees: 14), .italic])
        == .oblique(degrees: 14))
    // Then italic, then upright, then negative obliques.
    #expect(Self.chosenSlope(request, among: [.upright, .italic]) == .italic)
    #expect(Self.chosenSlope(request, among: [.oblique(degrees: -20), .upright]) == .upright)
    #expect(Self.chosenSlope(request, among: [.oblique(degrees: -20)]) == .oblique(degrees: -20))
  }

  @Test func faceMatcher_obliqueBelow11Degrees() {
    let request = FontSlope.oblique(degrees: 5)
    // Flatter obliques descending (not reaching 0°), then steeper ascending.
    #expect(
      Self.chosenSlope(request, among: [.oblique(degrees: 8), .oblique(degrees: 3), .upright])
        == .oblique(degrees: 3))
    #expect(
      Self.chosenSlope(request, among: [.oblique(degrees: 14), .oblique(degrees: 8), .upright])
        == .oblique(degrees: 8))
    // Then italic, before upright.
    #expect(Self.chosenSlope(request, among: [.upright, .italic]) == .italic)
    #expect(Self.chosenSlope(request, among: [.upright]) == .upright)
    // Exactly 0° requested: the upright face covers it.
    #expect(Self.chosenSlope(.oblique(degrees: 0), among: [.italic, .upright]) == .upright)
  }

  @Test func faceMatcher_negativeObliqueMirrors() {
    let mixed: [FontSlope] = [.oblique(degrees: -3), .oblique(degrees: -8), .oblique(degrees: 3)]
    #expect(Self.chosenSlope(.oblique(degrees: -5), among: mixed) == .oblique(degrees: -3))
    #expect(
      Self.chosenSlope(
        .oblique(degrees: -20), among: [.oblique(degrees: -14), .oblique(degrees: -30)])
        == .oblique(degrees: -30))
    #expect(
      Self.chosenSlope(
        .oblique(degrees: -20), among: [.oblique(degrees: -14), .oblique(degrees: 30)])
        == .oblique(degrees: -14))
    // Mirrored last resort: oblique ≥ 0° ascending, so upright before positive angles.
    #expect(
      Self.chosenSlope(.oblique(degrees: -20), among: [.oblique(degrees: 10), .upright])
        == .upright)
  }

  @Test func faceMatcher_variableSlopeAxes() throws {
    // `slnt` −12…0 is oblique 0…12°: covers 8°, gives 12° (nearest) for 20°, upright for normal.
    let slnt = [Candidate(slope: .oblique(0...12), order: 0), Candidate(slope: .italic, order: 1)]
    let eight = try #require(FaceMatcher.match(Request(slope: .oblique(degrees: 8)), among: slnt))
    #expect(eight.index == 0)
    #expect(eight.slope == .oblique(degrees: 8))
    #expect(eight.isExact)
    let twenty = try #require(FaceMatcher.match(Request(slope: .oblique(degrees: 20)), among: slnt))
    #expect(twenty.slope == .oblique(degrees: 12))
    #expect(!twenty.isExact)
    #expect(FaceMatcher.match(Request(slope: .upright), among: slnt)?.slope == .upright)
    #expect(FaceMatcher.match(Request(slope: .italic), among: slnt)?.index == 1)
    // An `ital` axis covers upright and italic; an upright request keeps both faces, and order
    // decides.
    let ital = [
      Candidate(slope: .upright, order: 1), Candidate(slope: .italicAxis, order: 0),
    ]
    let italic = try #require(FaceMatcher.match(Request(slope: .italic), among: ital))
    #expect(italic.index == 1)
    #expect(italic.slope == .italic)
    #expect(italic.isExact)
    let upright = try #require(FaceMatcher.match(Request(slope: .upright), among: ital))
    #expect(upright.index == 1)
    #expect(upright.slope == .upright)
  }

  @Test func faceMatcher_styleNarrowsBeforeWeight() throws {
    let faces = [
      Candidate(weight: 400...400, slope: .upright, order: 0),
      Candidate(weight: 700...700, slope: .italic, order: 1),
    ]
    let result = try #require(
      FaceMatcher.match(Request(weight: 400, slope: .italic), among: faces))
    #expect(result.index == 1)
    #expect(result.weight == 700)
    #expect(result.slope == .italic)
    #expect(!result.isExact)
  }

  // MARK: - Result

  @Test func faceMatcher_exactness() throws {
    let faces = [
      Candidate(weight: 100...900, width: 75...125, slope: .italicAxis, order: 0)
    ]
    let exact = try #require(
      FaceMatcher.match(Request(weight: 650, width: 90, slope: .italic), among: faces))
    #expect(exact == .init(index: 0, weight: 650, width: 90, slope: .italic, isExact: true))
    let clamped = try #require(
      FaceMatcher.match(Request(weight: 950, width: 90, slope: .italic), among: faces))
    #expect(clamped.weight == 900)
    #expect(!clamped.isExact)
    let narrow = try #require(FaceMatcher.match(Request(width: 50), among: faces))
    #expect(narrow.width == 75)
    #expect(!narrow.isExact)
    let oblique = try #require(
      FaceMatcher.match(Request(slope: .oblique(degrees: 12)), among: faces))
    #expect(oblique.slope == .italic)
    #expect(!oblique.isExact)
    #expect(FaceMatcher.match(Request(), among: faces)?.isExact == true)
  }

  @Test func faceMatcher_tiesGoToLowestOrder() throws {
    let faces = [
      Candidate(weight: 400...400, order: 5),
      Candidate(weight: 400...400, order: 2),
      Candidate(weight: 400...400, order: 9),
      Candidate(weight: 400...400, order: 2),
    ]
    for _ in 0..<10 {
      #expect(FaceMatcher.match(Request(), among: faces)?.index == 1)
    }
    #expect(FaceMatcher.match(Request(), among: faces.reversed())?.index == 0)
    // A variable face and a static one covering the same value: order decides, not the kind.
    let mixed = [
      Candidate(weight: 100...900, order: 1), Candidate(weight: 700...700, order: 0),
    ]
    let bold = try #require(FaceMatcher.match(Request(weight: 700), among: mixed))
    #expect(bold.index == 1)
    #expect(FaceMatcher.match(Request(weight: 600), among: mixed)?.index == 0)
  }

  @Test func faceMatcher_emptyCandidates() {
    #expect(FaceMatcher.match(Request(), among: []) == nil)
    #expect(FaceMatcher.match(Request(weight: 700, slope: .italic), among: []) == nil)
  }
}
