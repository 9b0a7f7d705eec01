// SPDX-License-Identifier: Apache-2.0

/// TypeScale's one rule for letter spacing (``LayoutOptions/kern`` and ``LayoutOptions/tracking``),
/// used alike by line breaking, line widths, truncation and glyph placement.
///
/// The rule, with the Apple documentation each part follows:
///
/// - **Per grapheme cluster.** The spacing is added once after every grapheme cluster (UAX #29),
///   whatever glyphs draw it. Core Text's `kCTTrackingAttributeName`: "Tracking adds space, in
///   points, between the specified character cluster"; SwiftUI's `tracking(_:)`: "the amount of
///   additional space, in points, that the view should add to each character cluster after
///   layout". A ligature glyph that draws n clusters ("ffi" in "office", with kern) gets n times
///   the spacing after it; a cluster of several glyphs (a letter and its marks, an Arabic
///   letter with its vowel signs) gets it once, after its last glyph, so marks stay on their
///   base.
/// - **Kern counts at a line's end.** `NSAttributedString.Key.kern` "specifies the number of
///   points by which to adjust kern-pair characters"; SwiftUI's `kerning(_:)`: "the kerning
///   affects the trailing edge of the text view as well". The space after a line's last cluster
///   is part of the line's width. Ligatures stay.
/// - **Tracking hangs at a line's end.** `NSAttributedString.Key.tracking` (iOS 14): "The effect
///   of this attribute is similar to the effect of `kern`, but the system treats tracking as
///   trailing whitespace. A nonzero amount of tracking disables nonessential ligatures, unless
///   the `ligature` attribute is present." The space after a line's last cluster hangs like
///   trailing white space: it is placed (glyph advances include it) but not counted in the
///   line's width, so a line fits when its letters do. While tracking is not 0, the shaper turns
///   `liga`, `clig`, `dlig` and `hlig` off unless ``LayoutOptions/features`` sets them.
/// - **Tracking wins.** Core Text's header (`CTStringAttributes.h`, `kCTTrackingAttributeName`):
///   "If both kCTKernAttributeName and kCTTrackingAttributeName are present
///   kCTKernAttributeName will be ignored unless zero; kCTTrackingAttributeName will still be
///   honored." So kern applies only while tracking is 0.
/// - **Never negative.** Either value may be negative; a line's width is never below 0.
///
/// Where it differs from Apple's: a `kern` of 0 here means no added space and leaves the font's
/// own kerning on (Apple's `.kern` 0 "means kerning is disabled"); turn the font's kerning off
/// with the `kern` feature (``FontFeature/off(_:)``). In right-to-left runs the space after a
/// cluster sits at its left, where the cluster ends.
///
/// With no spacing (both 0, the default) nothing here costs anything: every caller checks
/// ``isZero`` first.
struct LetterSpacing: Hashable, Sendable {
  /// The space after every grapheme cluster, in points (negative tightens).
  let perCluster: Double
  /// The part of a line's last cluster's spacing that hangs, in points: the tracking (kern does
  /// not hang).
  let hanging: Double

  /// The spacing that kern and tracking give together (tracking wins when both are set).
  init(kern: Double, tracking: Double) {
    if tracking != 0 {
      perCluster = tracking
      hanging = tracking
    } else {
      perCluster = kern
      hanging = 0
    }
  }

  /// The spacing options ask for.
  init(_ options: LayoutOptions) { self.init(kern: options.kern, tracking: options.tracking) }

  /// Whether there is no spacing at all: the common case, which costs nothing.
  var isZero: Bool { perCluster == 0 }

  // MARK: - Widths

  /// A line's width: the advances of its content (trailing white space left out) and the
  /// spacing after each of its `clusters` grapheme clusters, less the hanging part of the last
  /// one's; never negative.
  ///
  /// - Parameters:
  ///   - advances: The glyph advances of the line's content, in points.
  ///   - clusters: The grapheme clusters of the line's content (an ellipsis is one).
  /// - Returns: The width in points, ≥ 0.
  func lineWidth(advances: Double, clusters: Int) -> Double {
    guard clusters > 0, !isZero else { return max(0, advances) }
    return max(0, advances + perCluster * Double(clusters) - hanging)
  }

  /// The width a line breaker compares the prefix sums against: the line's width plus the
  /// hanging spacing.
  ///
  /// The prefix sums (``addSpacing(toAdvances:boundaries:)``) count every cluster's spacing,
  /// and every non-empty line's content has exactly one last cluster whose tracking hangs: its
  /// content fits `width` exactly when its prefix-sum width fits `width + hanging`. `nil` (no
  /// wrapping) stays `nil`.
  func breakingWidth(_ width: Double?) -> Double? {
    guard let width, hanging != 0 else { return width }
    return width + hanging
  }

  /// What an ellipsis adds to the prefix-sum width of the text beside it on a truncated line:
  /// its advance and its spacing, less the hang of the line's last cluster (the ellipsis or a
  /// cluster after it).
  func ellipsisWidth(advance: Double) -> Double { advance + perCluster - hanging }

  /// Adds each grapheme cluster's spacing to per-offset advances, before they are summed into
  /// prefix sums: the slot of a cluster's first UTF-16 unit (`advances[start + 1]`) gets it, so
  /// the width up to any offset inside or after a cluster includes its spacing.
  ///
  /// - Parameters:
  ///   - advances: `count + 1` slots, slot `i + 1` holding offset `i`'s advance.
  ///   - boundaries: The grapheme cluster boundaries, 0 to `count`.
  @inline(__always)
  func addSpacing(toAdvances advances: UnsafeMutableBufferPointer<Double>, boundaries: [Int]) {
    guard !isZero else { return }
    for boundary in boundaries.dropLast() { advances[boundary + 1] += perCluster }
  }

  /// The number of grapheme clusters that start in `range`.
  ///
  /// - Complexity: O(log n) in the number of boundaries.
  static func clusterCount(startingIn range: Range<Int>, boundaries: [Int]) -> Int {
    guard !range.isEmpty else { return 0 }
    return firstIndex(notBelow: range.upperBound, in: boundaries)
      - firstIndex(notBelow: range.lowerBound, in: boundaries)
  }

  /// The number of grapheme clusters that end in `lower + 1 ... upper` (boundaries `b` with
  /// `lower < b <= upper`): those a glyph cluster starting at `lower` and ending at `upper`
  /// completes.
  ///
  /// - Complexity: O(log n) in the number of boundaries.
  static func clusterCount(endingAfter lower: Int, upTo upper: Int, boundaries: [Int]) -> Int {
    guard lower < upper else { return 0 }
    return firstIndex(notBelow: upper + 1, in: boundaries)
      - firstIndex(notBelow: lower + 1, in: boundaries)
  }

  /// The index of the first value `>= value` in an ascending array.
  private static func firstIndex(notBelow value: Int, in sorted: [Int]) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  // MARK: - Ligatures

  /// The nonessential ligature features tracking turns off: `liga`, `clig`, `dlig`, `hlig`.
  ///
  /// Required ligatures (`rlig`, Arabic's lam-alef) stay, as "nonessential" says.
  static let nonessentialLigatures = ["liga", "clig", "dlig", "hlig"]

  /// The features to shape with: the caller's, and while tracking is not 0, the nonessential
  /// ligatures off unless the caller sets them (Apple: "unless the `ligature` attribute is
  /// present").
  @inline(__always)
  static func features(for options: LayoutOptions) -> [FontFeature] {
    options.tracking == 0 ? options.features : featuresTurningLigaturesOff(options.features)
  }

  /// `features` with each nonessential ligature feature they do not set turned off.
  private static func featuresTurningLigaturesOff(_ features: [FontFeature]) -> [FontFeature] {
    var features = features
    for tag in nonessentialLigatures where !features.contains(where: { $0.tag == tag }) {
      features.append(.off(tag))
    }
    return features
  }
}
