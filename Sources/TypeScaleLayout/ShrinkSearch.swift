// SPDX-License-Identifier: Apache-2.0

/// The search for the largest font scale at which a text fits its line limit without
/// truncation, down to a minimum scale factor, as `UILabel.minimumScaleFactor` (with
/// `adjustsFontSizeToFitWidth`) and SwiftUI's `minimumScaleFactor(_:)` shrink text.
///
/// Fitting is monotonic in the scale for practical purposes (a smaller font never needs more
/// lines), so the search is a bisection: lay out at full size; if that truncates, at the
/// minimum; if that fits too, bisect between them until the interval is narrower than
/// ``precision``. The result is the largest scale found to fit, or the minimum scale (still
/// truncated) when even that does not fit.
struct ShrinkSearch {
  /// The smallest scale to try, in (0, 1]; 1 never shrinks.
  let minimumScaleFactor: Double

  /// How close the found scale is to the largest that fits: 0.001, a thousandth of the font
  /// size (0.017 pt at 17 pt), finer than any size a display shows differently.
  static let precision = 0.001

  /// Lays out at full size and, when that truncates and shrinking is allowed, searches the scale.
  ///
  /// - Parameter attempt: Lays the text out at a scale of the font size.
  /// - Returns: The scale used and the lines at that scale.
  /// - Throws: What `attempt` throws.
  /// - Complexity: One layout when the text fits at full size; otherwise two, plus
  ///   log₂((1 − minimum) / ``precision``) (at most 10).
  func search(
    _ attempt: (_ scale: Double) throws(LayoutError) -> LineBuilder.Attempt
  ) throws(LayoutError) -> (scale: Double, attempt: LineBuilder.Attempt) {
    let full = try attempt(1)
    guard full.truncation != nil, minimumScaleFactor < 1 else { return (1, full) }
    let smallest = try attempt(minimumScaleFactor)
    if smallest.truncation != nil { return (minimumScaleFactor, smallest) }
    var low = minimumScaleFactor
    var high = 1.0
    var best = smallest
    while high - low > Self.precision {
      let middle = (low + high) / 2
      let trial = try attempt(middle)
      if trial.truncation == nil {
        low = middle
        best = trial
      } else {
        high = middle
      }
    }
    return (low, best)
  }
}
