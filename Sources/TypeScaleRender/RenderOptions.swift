// SPDX-License-Identifier: Apache-2.0

import Foundation

/// How ``Renderer`` draws a layout: pixels per point, margin, colours and overlays.
///
/// ```swift
/// var options = RenderOptions(scale: 3)
/// options.overlays = [.lines, .baselines, .fallback]
/// let image = try renderer.render(layout, options: options)
/// ```
public struct RenderOptions: Hashable, Sendable {
  /// Pixels per point (1, 2, 3, as a display's scale); 2 by default.
  ///
  /// Finite and in (0, 64].
  public var scale: Double
  /// The empty border around the layout's box on every side, in pixels; 8 by default.
  public var margin: Int
  /// The colour the image starts as; opaque white by default.
  public var background: RGBAColor
  /// The colour of outline glyphs (colour glyphs keep their own); black by default.
  public var foreground: RGBAColor
  /// The diagnostic overlays to draw; none by default.
  public var overlays: Set<Overlay>
  /// The most pixels an image (or one glyph's bitmap) may have; ``defaultMaximumPixels``
  /// (2²⁶, 256 MiB of RGBA) by default.
  ///
  /// ``Renderer`` works out the size of every image — a render, a contact sheet, a golden
  /// failure image — in floating point before it converts or allocates anything, and throws
  /// ``RenderError/Code/imageTooLarge`` naming the size and this limit when the image would be
  /// larger. Raise it to draw larger images, up to ``largestMaximumPixels``:
  ///
  /// ```swift
  /// var options = RenderOptions()
  /// options.maximumPixels = 1 << 28  // 1 GiB of RGBA
  /// ```
  public var maximumPixels: Int

  /// The default of ``maximumPixels``: 2²⁶ = 67,108,864 pixels (256 MiB of RGBA), room for a
  /// 100,000-point line at 2× or a 8,192 × 8,192 image.
  public static let defaultMaximumPixels = 1 << 26

  /// The largest value ``maximumPixels`` may be set to: 2³⁶ pixels, so that no pixel or byte
  /// count computed from an accepted size overflows `Int`.
  public static let largestMaximumPixels = 1 << 36

  /// The largest size FreeType draws a glyph at, in pixels per em (point size × ``scale``):
  /// 65,535, the range of FreeType's `FT_Size_Metrics.x_ppem`.
  public static let maximumPixelsPerEm: Double = 65_535

  /// Creates options.
  ///
  /// - Parameters:
  ///   - scale: Pixels per point; finite and > 0.
  ///   - margin: The border in pixels, ≥ 0.
  ///   - background: The starting colour of the image.
  ///   - foreground: The colour of outline glyphs.
  ///   - overlays: The overlays to draw.
  ///   - maximumPixels: The most pixels an image may have, in
  ///     1…``largestMaximumPixels``; ``defaultMaximumPixels`` by default.
  public init(
    scale: Double = 2, margin: Int = 8, background: RGBAColor = .white,
    foreground: RGBAColor = .black, overlays: Set<Overlay> = [],
    maximumPixels: Int = RenderOptions.defaultMaximumPixels
  ) {
    self.scale = scale
    self.margin = margin
    self.background = background
    self.foreground = foreground
    self.overlays = overlays
    self.maximumPixels = maximumPixels
  }

  /// Checks the scale, margin and pixel limit.
  ///
  /// - Throws: ``RenderError/Code/invalidOption`` naming a scale outside (0, 64], a margin
  ///   outside 0…4096 pixels, or a ``maximumPixels`` outside 1…``largestMaximumPixels``.
  public func validate() throws(RenderError) {
    guard scale.isFinite, scale > 0, scale <= 64 else {
      throw RenderError(
        .invalidOption, "scale \(scale) is not valid; use a number of pixels per point in (0, 64]")
    }
    guard margin >= 0, margin <= 4096 else {
      throw RenderError(
        .invalidOption, "margin \(margin) is not valid; use a number of pixels in 0…4096")
    }
    guard maximumPixels >= 1, maximumPixels <= Self.largestMaximumPixels else {
      throw RenderError(
        .invalidOption,
        "maximum pixels \(maximumPixels) is not valid; use a number in "
          + "1…\(Self.largestMaximumPixels) (RenderOptions.largestMaximumPixels)")
    }
  }
}

/// A diagnostic drawn over (or, for bands, under) the text.
///
/// Each shows a quantity the layout measured, at the position the layout gave it:
///
/// | Overlay | Draws |
/// | --- | --- |
/// | ``width`` | the wrapping width, a dashed vertical line |
/// | ``lines`` | each line's box: its content width × its height |
/// | ``baselines`` | each line's baseline |
/// | ``bands`` | the ascent (above the baseline) and descent (below) of each line, shaded |
/// | ``truncation`` | the ellipsis run boxed, and a mark at the end of the truncated line |
/// | ``fallback`` | glyphs tinted by the face that drew them, and a bar under each run |
public enum Overlay: String, Hashable, Sendable, CaseIterable {
  /// The wrapping width (`LayoutOptions.width`), when there is one.
  case width
  /// Each line's box: from its x to x + width, from its top to top + height.
  case lines
  /// Each line's baseline, across the line's width.
  case baselines
  /// Each line's ascent and descent around the baseline, shaded.
  case bands
  /// The ellipsis run and the line that carries the truncation.
  case truncation
  /// Runs tinted by the face that drew them: the layout's own face in the foreground colour,
  /// fallback faces each in a colour of their own (see ``FacePalette``).
  case fallback

  /// Parses a comma-separated list such as `lines,baselines,fallback`, or `all`.
  ///
  /// - Parameter list: The names, separated by commas; spaces around them are ignored.
  /// - Returns: The overlays.
  /// - Throws: ``RenderError/Code/invalidOption`` naming an unknown overlay and listing the
  ///   valid names.
  public static func parse(_ list: String) throws(RenderError) -> Set<Overlay> {
    var overlays: Set<Overlay> = []
    for part in list.split(separator: ",") {
      let name = part.trimmingCharacters(in: .whitespaces).lowercased()
      if name == "all" {
        overlays.formUnion(allCases)
      } else if let overlay = Overlay(rawValue: name) {
        overlays.insert(overlay)
      } else if !name.isEmpty {
        throw RenderError(
          .invalidOption,
          "unknown overlay '\(name)'; valid overlays: "
            + allCases.map(\.rawValue).joined(separator: ", ") + ", or all")
      }
    }
    return overlays
  }
}
