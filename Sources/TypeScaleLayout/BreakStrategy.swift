// SPDX-License-Identifier: Apache-2.0

extension LayoutOptions {
  /// How lines are chosen among the break opportunities: Android's `breakStrategy`
  /// (`Layout.BREAK_STRATEGY_*`) and Compose's `LineBreak.Strategy`.
  ///
  /// ```swift
  /// var options = LayoutOptions(width: 120, target: .compose)
  /// options.breakStrategy = .highQuality   // as a TextView breaks
  /// ```
  public enum BreakStrategy: String, Hashable, Sendable, CaseIterable {
    /// Greedy: each line takes as much as fits (`BREAK_STRATEGY_SIMPLE`,
    /// `LineBreak.Strategy.Simple`), as the Apple targets break.
    case simple
    /// Optimal: the breaks that minimise the paragraph's total cost, Minikin's
    /// `BREAK_STRATEGY_HIGH_QUALITY` (see `OptimalLineBreaker`): the square of each line's
    /// unused width (the last line free), a penalty per line, overfull lines avoided.
    case highQuality = "high-quality"
    /// Balanced (`BREAK_STRATEGY_BALANCED`): the optimal breaker, with the last line's unused
    /// width counted as every other line's, so lines come out of similar width.
    case balanced
  }
}
