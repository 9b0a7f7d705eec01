// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// Whether a face is upright, italic or oblique — CSS `font-style`.
///
/// Read from OS/2 `fsSelection` (bit 0 italic, bit 9 oblique) and `post.italicAngle`, or from the
/// `ital` and `slnt` axes of a variable font's named instance.
///
/// ```swift
/// FontSlope.italic.isSlanted           // true
/// FontSlope.oblique(degrees: 10).description  // "oblique 10°"
/// ```
public enum FontSlope: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Upright (roman): CSS `font-style: normal`.
  case upright
  /// A true italic design: CSS `font-style: italic`.
  case italic
  /// A slanted roman, with its angle in degrees clockwise from vertical (CSS sign convention:
  /// positive leans right): CSS `font-style: oblique <angle>`.
  case oblique(degrees: Double)

  /// Whether the face leans (italic or oblique by a non-zero angle).
  public var isSlanted: Bool {
    switch self {
    case .upright: false
    case .italic: true
    case .oblique(let degrees): degrees != 0
    }
  }

  /// `upright`, `italic` or `oblique 12°`.
  public var description: String {
    switch self {
    case .upright: "upright"
    case .italic: "italic"
    case .oblique(let degrees):
      "oblique \(NumberText.shortest(degrees))°"
    }
  }
}
