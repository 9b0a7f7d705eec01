// SPDX-License-Identifier: Apache-2.0

/// A place where a line may end: a UTF-16 offset in its paragraph, and whether a line must end
/// there.
///
/// ICU's UAX #14 line breaker finds them (``LineBreakIterator/breaks(in:)``), Hangul word priority
/// drops some (``LineBreaker/opportunities(in:boundaries:options:context:)``), and
/// ``LineBreaker`` fills lines greedily between them. A paragraph's opportunities come in
/// ascending order of offset, and the last one is its end, mandatory.
struct BreakOpportunity: Hashable, Sendable {
  /// The UTF-16 offset in the paragraph a line may end at (the line holds the units before it).
  var offset: Int
  /// Whether the line must end here: after a line terminator (U+2028, U+000B, U+000C, U+0085),
  /// and at the paragraph's end.
  var isMandatory: Bool

  /// Creates an opportunity.
  ///
  /// - Parameters:
  ///   - offset: The UTF-16 offset in the paragraph.
  ///   - isMandatory: Whether a line must end there; `false` unless given.
  init(offset: Int, isMandatory: Bool = false) {
    self.offset = offset
    self.isMandatory = isMandatory
  }

  /// The paragraph's end, `count` units in: mandatory.
  static func end(_ count: Int) -> BreakOpportunity {
    BreakOpportunity(offset: count, isMandatory: true)
  }
}
