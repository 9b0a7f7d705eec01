// SPDX-License-Identifier: Apache-2.0

/// The column label of an Android font scale in a report: the scale followed by `×`.
///
/// ```swift
/// AndroidFontScaleLabel.label(1.3)   // "1.3×"
/// AndroidFontScaleLabel.label(2)     // "2×"
/// AndroidFontScaleLabel.label(0.85)  // "0.85×"
/// ```
///
/// The number is the shortest text that reads back as the same `Double`; Android's own Settings
/// show percentages (`130%`), which ``AndroidFontScaleSelection`` reads too.
public enum AndroidFontScaleLabel {
  /// The label of a font scale, such as `1.3×`.
  ///
  /// - Parameter scale: The font scale.
  /// - Returns: The scale as its shortest decimal text, then `×`.
  public static func label(_ scale: Double) -> String {
    NumberText.shortest(scale) + "×"
  }
}
