// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleLayout

/// Text set with the embedded default font, for captions on contact sheets and golden failure
/// images: laid out before the FreeType lock is taken, drawn under it.
package struct Label {
  let layout: TextLayout
  let color: RGBAColor

  /// The label's size in whole pixels at `scale`.
  package func size(_ scale: Double) -> (width: Int, height: Int) {
    (Renderer.pixels(layout.width, scale), Renderer.pixels(layout.height, scale))
  }
}

extension Renderer {
  /// Lays a caption out in the registry's default face.
  ///
  /// - Parameters:
  ///   - text: The caption; `\n` starts a new line.
  ///   - pointSize: The size in points.
  ///   - color: The colour to draw it in.
  /// - Returns: The laid-out caption.
  /// - Throws: ``RenderError/Code/layout`` when the default face cannot lay it out.
  package func label(
    _ text: String, pointSize: Double = 11, color: RGBAColor = OverlayColors.label
  ) throws(RenderError) -> Label {
    do throws(LayoutError) {
      let font = try LayoutFont(face: registry.defaultFace, pointSize: pointSize)
      return Label(layout: try layoutEngine.layout(text, font: font), color: color)
    } catch {
      throw RenderError(
        .layout, "cannot lay out the caption \"\(text)\": \(error.message)", cause: error)
    }
  }

  /// `17 pt`, `16.5 pt`: a point size as a caption shows it.
  static func pointsLabel(_ points: Double) -> String {
    let tenths = (points * 10).rounded()
    // Past Int's exact range (no real size), print the number as Swift does.
    guard tenths.isFinite, abs(tenths) < 1e15 else { return "\(points) pt" }
    if tenths.truncatingRemainder(dividingBy: 10) == 0 { return "\(Int(tenths / 10)) pt" }
    return "\(Int(tenths) / 10).\(Int(tenths) % 10) pt"
  }
}

extension RasterState {
  /// Draws a caption with its top-left corner at pixel (x, y).
  package mutating func draw(
    _ label: Label, into canvas: inout Canvas, x: Int, y: Int, scale: Double
  ) throws(RenderError) {
    var options = RenderOptions(scale: scale, margin: 0)
    options.foreground = label.color
    try draw(label.layout, into: &canvas, x: Double(x), y: Double(y), options: options)
  }
}
