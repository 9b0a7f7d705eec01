// SPDX-License-Identifier: Apache-2.0

/// Chooses the face of one family that best matches a requested weight, width and slope,
/// following CSS Fonts Level 4 §5.2 "Matching font styles".
///
/// The family's faces (static faces, and variable faces with their axis ranges) are narrowed in a
/// fixed order — **width, then style, then weight** — and each step keeps only the faces that
/// contain the value it settled on. Within a step, a value is searched for in a sequence of
/// *sweeps*: each walks from a start value towards a limit, and the first value present in any
/// remaining face wins. A variable face takes part with every value of its range, so its nearest
/// point in the direction of the sweep is what counts (the request clamped into the range).
///
/// ```swift
/// let faces: [FaceMatcher.Candidate] = [
///   .init(weight: 300...300, order: 0),
///   .init(weight: 450...450, order: 1),
/// ]
/// let result = FaceMatcher.match(.init(weight: 400), among: faces)
/// result?.index   // 1: Level 4 searches upwards to 500 before going lighter
/// result?.weight  // 450
/// ```
///
/// ## Differences from CSS Fonts Level 3
///
/// Many libraries (for example Rust's `fontdb`) still implement Level 3 §5.2. Level 4 differs:
/// - **Weights 400–500.** Level 3 tries exactly 500 for a desired 400 (exactly 400 for 500), then
///   falls back to the "lighter first" rule for weights below 400. Level 4 instead searches
///   upwards from the desired weight to 500 inclusive, then downwards, then above 500. For faces
///   {300, 450} and desired 400, Level 4 picks 450 where Level 3 picks 300.
/// - **Any number.** Level 3 rounds weights to multiples of 100; Level 4 matches any value in
///   1…1000 and supports ranges from variable fonts.
/// - **Angles.** Level 3 knows only `italic`, `oblique` and `normal` (italic falls back to
///   oblique, then normal; oblique to italic, then normal). Level 4 matches oblique angles, with
///   11° as the threshold between "prefer steeper" and "prefer flatter", and orders italic and
///   oblique fallbacks by value.
///
/// ## Interpretations
///
/// - Italic and oblique are kept apart, so the spec's "italic value 1 ≡ oblique 11°" common scale
///   (meant only for engines that do not distinguish them) is not applied. 11° appears only as the
///   threshold the spec names: `italic` falls back to oblique angles ≥ 11° first, and oblique
///   requests of at least 11° prefer italic values ≥ 1.
/// - For `oblique A` with 0° ≤ A < 11°, the spec's italic fallback reads "below 1 descending, then
///   above 1 ascending"; an italic value of exactly 1 is taken with the first sweep.
/// - Negative angles mirror oblique angles only; italic values (0 upright, 1 italic) have no
///   direction and are searched as for the positive angle.
/// - Synthesis (shearing for `oblique`) is the caller's decision: the matcher only reports that no
///   face covers the requested slope (``Result/isExact``).
/// - Faces that remain after all three steps are told apart by ``Candidate/order`` (lowest wins),
///   then by position in the array, so the choice is deterministic.
struct FaceMatcher {
  /// The slopes a face can be rendered with: a set of italic values (`ital` axis: 0 upright,
  /// 1 italic) and a set of oblique angles (CSS convention: degrees, positive leans right).
  ///
  /// A static upright face is italic 0 and oblique 0°; a static italic face is italic 1 only; a
  /// static oblique face has one angle and no italic value. A variable face with an `ital` axis
  /// covers italic 0…1 (and oblique 0°, being upright at `ital` 0); one with a `slnt` axis covers
  /// a range of angles — note `slnt` runs the other way, so `slnt` −12…0 is oblique 0…12°.
  struct SlopeRange: Hashable, Sendable {
    /// The italic values the face covers, or `nil` for none.
    var italic: ClosedRange<Double>?
    /// The oblique angles the face covers, in degrees, or `nil` for none.
    var oblique: ClosedRange<Double>?

    /// Creates a slope range from italic values and oblique angles.
    ///
    /// - Parameters:
    ///   - italic: The italic values covered (0 upright, 1 italic), or `nil`.
    ///   - oblique: The oblique angles covered, in CSS degrees, or `nil`.
    init(italic: ClosedRange<Double>?, oblique: ClosedRange<Double>?) {
      self.italic = italic
      self.oblique = oblique
    }

    /// The slope of a static face: upright, italic, or oblique at one angle (0° is upright).
    ///
    /// - Parameter slope: The face's slope.
    init(_ slope: FontSlope) {
      switch slope {
      case .upright: self = .upright
      case .italic: self = .italic
      case .oblique(let degrees): self = .oblique(degrees...degrees)
      }
    }

    /// A static upright face: italic 0 and oblique 0°.
    static let upright = SlopeRange(italic: 0...0, oblique: 0...0)
    /// A static italic face: italic 1.
    static let italic = SlopeRange(italic: 1...1, oblique: nil)
    /// A variable face with an `ital` axis from 0 to 1 (upright at 0).
    static let italicAxis = SlopeRange(italic: 0...1, oblique: 0...0)

    /// Oblique angles, static (`12...12`) or from a `slnt` axis already converted to CSS degrees.
    ///
    /// A range containing 0° is upright there, so it also covers italic 0.
    ///
    /// - Parameter degrees: The angles covered.
    /// - Returns: The slope range.
    static func oblique(_ degrees: ClosedRange<Double>) -> SlopeRange {
      SlopeRange(italic: degrees.contains(0) ? 0...0 : nil, oblique: degrees)
    }
  }

  /// One face of the family, with the ranges of values it can be rendered with.
  struct Candidate: Hashable, Sendable {
    /// Weights covered: one value for a static face, the `wght` range for a variable one.
    var weight: ClosedRange<Double>
    /// Widths covered, in percent of normal (the `wdth` range for a variable face).
    var width: ClosedRange<Double>
    /// Slopes covered.
    var slope: SlopeRange
    /// Tie-break between faces that match equally well: lower wins.
    var order: Int

    /// Creates a candidate.
    ///
    /// - Parameters:
    ///   - weight: Weights covered; defaults to 400.
    ///   - width: Widths covered in percent; defaults to 100.
    ///   - slope: Slopes covered; defaults to upright.
    ///   - order: Tie-break, lower wins.
    init(
      weight: ClosedRange<Double> = 400...400, width: ClosedRange<Double> = 100...100,
      slope: SlopeRange = .upright, order: Int
    ) {
      self.weight = weight
      self.width = width
      self.slope = slope
      self.order = order
    }
  }

  /// What is asked for: CSS `font-weight`, `font-width` (percent) and `font-style`.
  struct Request: Hashable, Sendable {
    /// The desired weight, 1–1000 (400 normal, 700 bold); any number, no rounding.
    var weight: Double
    /// The desired width in percent of normal (100 normal).
    var width: Double
    /// The desired slope; `.upright` is CSS `normal`.
    var slope: FontSlope

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - weight: The desired weight; defaults to 400.
    ///   - width: The desired width in percent; defaults to 100.
    ///   - slope: The desired slope; defaults to upright.
    init(weight: Double = 400, width: Double = 100, slope: FontSlope = .upright) {
      self.weight = weight
      self.width = width
      self.slope = slope
    }
  }

  /// The chosen face and the values to render it with.
  struct Result: Hashable, Sendable {
    /// The chosen face's position in the candidates array.
    var index: Int
    /// The weight to render with: the chosen face's weight, or for a range the point chosen in it
    /// (the value to set on `wght`).
    var weight: Double
    /// The width to render with, in percent (the value to set on `wdth`).
    var width: Double
    /// The slope to render with: `.italic` (set `ital` to 1), `.oblique(degrees:)` (set `slnt` to
    /// minus the angle) or `.upright`.
    var slope: FontSlope
    /// Whether the face covers every requested value exactly; `false` when a fallback was used.
    var isExact: Bool
  }

  /// Chooses the best face for a request, per CSS Fonts Level 4 §5.2.
  ///
  /// - Parameters:
  ///   - request: The desired weight, width and slope.
  ///   - candidates: The family's faces.
  /// - Returns: The chosen face and rendering values; `nil` only when `candidates` is empty.
  static func match(_ request: Request, among candidates: [Candidate]) -> Result? {
    guard !candidates.isEmpty else { return nil }
    var remaining = Array(candidates.indices)

    // 1. Width.
    let widthSweeps: [Sweep] =
      request.width <= 100
      ? [.init(from: request.width, to: -.infinity), .init(from: request.width, to: .infinity)]
      : [.init(from: request.width, to: .infinity), .init(from: request.width, to: -.infinity)]
    let width = narrow(&remaining, by: widthSweeps) { candidates[$0].width }

    // 2. Style.
    let style = narrowStyle(&remaining, request.slope, candidates)

    // 3. Weight.
    let weight = narrow(&remaining, by: weightSweeps(request.weight)) { candidates[$0].weight }

    // Several faces may remain: the lowest order wins, then the earliest in the array.
    guard
      let index = remaining.min(by: {
        (candidates[$0].order, $0) < (candidates[$1].order, $1)
      })
    else { return nil }
    let face = candidates[index]
    let chosenWidth = width ?? fallback(request.width, in: face.width)
    let chosenWeight = weight ?? fallback(request.weight, in: face.weight)
    let chosenSlope = style.map(slope(of:)) ?? FontSlope.upright
    return Result(
      index: index,
      weight: chosenWeight,
      width: chosenWidth,
      slope: chosenSlope,
      isExact: chosenWidth == request.width && chosenWeight == request.weight
        && style.map { isExact($0, for: request.slope) } == true)
  }

  // MARK: - Sweeps

  /// A walk along one axis from `from` (included) towards `to`, ascending when `to` ≥ `from`.
  ///
  /// The limit `to` is included only when `includesLimit` is set. Every sweep after the first in
  /// a search starts at a value an earlier sweep already covered, so including the start never
  /// admits a value the spec excludes.
  private struct Sweep {
    var from: Double
    var to: Double
    var includesLimit = true

    /// The first value of `range` this sweep reaches, if any.
    func firstValue(in range: ClosedRange<Double>) -> Double? {
      if to >= from {
        let value = Swift.max(range.lowerBound, from)
        guard value <= range.upperBound else { return nil }
        return value < to || (includesLimit && value == to) ? value : nil
      } else {
        let value = Swift.min(range.upperBound, from)
        guard value >= range.lowerBound else { return nil }
        return value > to || (includesLimit && value == to) ? value : nil
      }
    }

    /// Whether `a` is reached before `b`.
    func isBefore(_ a: Double, _ b: Double) -> Bool { to >= from ? a < b : a > b }
  }

  /// Runs `sweeps` in order over the remaining faces' ranges; the first value found is kept,
  /// and faces whose range does not contain it are removed.
  ///
  /// - Returns: The value chosen, or `nil` (faces unchanged) when no sweep found one.
  private static func narrow(
    _ remaining: inout [Int], by sweeps: [Sweep], range: (Int) -> ClosedRange<Double>?
  ) -> Double? {
    for sweep in sweeps {
      var best: Double?
      for index in remaining {
        guard let values = range(index), let value = sweep.firstValue(in: values) else { continue }
        if let current = best, !sweep.isBefore(value, current) { continue }
        best = value
      }
      if let best {
        remaining.removeAll { range($0)?.contains(best) != true }
        return best
      }
    }
    return nil
  }

  /// The weight sweeps of §5.2 step 3 for a desired weight.
  private static func weightSweeps(_ desired: Double) -> [Sweep] {
    if desired >= 400 && desired <= 500 {
      // Up to 500 inclusive, then lighter, then heavier than 500.
      return [
        .init(from: desired, to: 500), .init(from: desired, to: -.infinity),
        .init(from: 500, to: .infinity),
      ]
    } else if desired < 400 {
      return [.init(from: desired, to: -.infinity), .init(from: desired, to: .infinity)]
    } else {
      return [.init(from: desired, to: .infinity), .init(from: desired, to: -.infinity)]
    }
  }

  // MARK: - Style

  private enum SlopeAxis { case italic, oblique }

  /// A value found by the style step: an italic value or an oblique angle.
  private struct StyleChoice {
    var axis: SlopeAxis
    var value: Double
  }

  /// The style step of §5.2: runs the sweeps for the requested slope, alternating between italic
  /// values and oblique angles as the spec orders them, and narrows `remaining`.
  private static func narrowStyle(
    _ remaining: inout [Int], _ slope: FontSlope, _ candidates: [Candidate]
  ) -> StyleChoice? {
    for (axis, sweep) in styleSweeps(slope) {
      let found = narrow(&remaining, by: [sweep]) { index in
        switch axis {
        case .italic: candidates[index].slope.italic
        case .oblique: candidates[index].slope.oblique
        }
      }
      if let found { return StyleChoice(axis: axis, value: found) }
    }
    return nil
  }

  /// The ordered sweeps for a requested slope.
  private static func styleSweeps(_ slope: FontSlope) -> [(SlopeAxis, Sweep)] {
    switch slope {
    case .upright:
      // `normal`: oblique ≥ 0 ascending (upright first), italic ≥ 0 ascending, then the
      // negative obliques and italics descending.
      return [
        (.oblique, Sweep(from: 0, to: .infinity)),
        (.italic, Sweep(from: 0, to: .infinity)),
        (.oblique, Sweep(from: 0, to: -.infinity)),
        (.italic, Sweep(from: 0, to: -.infinity)),
      ]
    case .italic:
      // Italic 1 (or above, ascending), then positive italic below 1 descending; oblique ≥ 11°
      // ascending, then positive oblique below 11° descending; italic ≤ 0, then oblique ≤ 0°.
      return [
        (.italic, Sweep(from: 1, to: .infinity)),
        (.italic, Sweep(from: 1, to: 0, includesLimit: false)),
        (.oblique, Sweep(from: 11, to: .infinity)),
        (.oblique, Sweep(from: 11, to: 0, includesLimit: false)),
        (.italic, Sweep(from: 0, to: -.infinity)),
        (.oblique, Sweep(from: 0, to: -.infinity)),
      ]
    case .oblique(let angle):
      // Negative angles mirror the oblique sweeps (§5.2: "negated values and opposite
      // directions"); italic values have no direction and are searched as for positive angles.
      let sign: Double = angle < 0 || (angle == 0 && angle.sign == .minus) ? -1 : 1
      let a = abs(angle)
      func oblique(_ from: Double, _ to: Double, includesLimit: Bool = true) -> (SlopeAxis, Sweep) {
        (.oblique, Sweep(from: sign * from, to: sign * to, includesLimit: includesLimit))
      }
      let exact = oblique(a, a)
      let lastResort = [oblique(0, -.infinity), (.italic, Sweep(from: 0, to: -.infinity))]
      if a >= 11 {
        // Steeper first, then flatter down to (not including) 0°; italic ≥ 1 ascending, then
        // positive italic below 1 descending; then the non-positive obliques and italics.
        return [
          exact, oblique(a, .infinity), oblique(a, 0, includesLimit: false),
          (.italic, Sweep(from: 1, to: .infinity)),
          (.italic, Sweep(from: 1, to: 0, includesLimit: false)),
        ] + lastResort
      } else {
        // Flatter first down to (not including) 0°, then steeper; italic up to 1 descending,
        // then above 1 ascending; then the non-positive obliques and italics.
        return [
          exact, oblique(a, 0, includesLimit: false), oblique(a, .infinity),
          (.italic, Sweep(from: 1, to: 0, includesLimit: false)),
          (.italic, Sweep(from: 1, to: .infinity)),
        ] + lastResort
      }
    }
  }

  /// The slope to render with for a style choice.
  private static func slope(of choice: StyleChoice) -> FontSlope {
    switch choice.axis {
    case .italic: choice.value > 0 ? .italic : .upright
    case .oblique: choice.value == 0 ? .upright : .oblique(degrees: choice.value)
    }
  }

  /// Whether a style choice is exactly the requested slope.
  private static func isExact(_ choice: StyleChoice, for slope: FontSlope) -> Bool {
    switch slope {
    case .upright: choice.value == 0
    case .italic: choice.axis == .italic && choice.value == 1
    case .oblique(let angle): choice.axis == .oblique && choice.value == angle
    }
  }

  /// The value to render with when no sweep chose one (only for NaN requests): the request
  /// clamped into the face's range.
  private static func fallback(_ desired: Double, in range: ClosedRange<Double>) -> Double {
    guard !desired.isNaN else { return range.lowerBound }
    return Swift.min(Swift.max(desired, range.lowerBound), range.upperBound)
  }
}
