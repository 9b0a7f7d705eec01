// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics

/// The colours overlays are drawn in.
package enum OverlayColors {
  /// Line boxes.
  static let lines = RGBAColor(red: 0x00, green: 0x7A, blue: 0xFF, alpha: 140)
  /// Baselines.
  static let baselines = RGBAColor(red: 0x00, green: 0xA8, blue: 0x6B, alpha: 200)
  /// The ascent band, above the baseline.
  static let ascent = RGBAColor(red: 0xFF, green: 0xC8, blue: 0x00, alpha: 56)
  /// The descent band, below the baseline.
  static let descent = RGBAColor(red: 0x00, green: 0xB4, blue: 0xFF, alpha: 48)
  /// The wrapping width.
  static let width = RGBAColor(red: 0xE0, green: 0x1E, blue: 0x5A, alpha: 200)
  /// Truncation marks, and rows of a contact sheet that truncate.
  static let truncation = RGBAColor(red: 0xE0, green: 0x00, blue: 0x00, alpha: 230)
  /// The expected box of a failing golden case.
  package static let expected = RGBAColor(red: 0xFF, green: 0x00, blue: 0xFF, alpha: 230)
  /// Labels.
  static let label = RGBAColor(red: 0x55, green: 0x55, blue: 0x55)
  /// Separators between rows.
  package static let separator = RGBAColor(red: 0, green: 0, blue: 0, alpha: 36)
}

extension RasterState {
  /// Draws a layout with its top-left corner at pixel (x, y) of the canvas.
  ///
  /// Order: ascent/descent bands under the text, then glyphs, then line boxes, baselines,
  /// fallback bars, the width and truncation marks over it.
  ///
  /// - Complexity: O(glyphs + overlay pixels).
  package mutating func draw(
    _ layout: TextLayout, into canvas: inout Canvas, x originX: Double, y originY: Double,
    options: RenderOptions
  ) throws(RenderError) {
    let s = options.scale
    let overlays = options.overlays
    func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> PixelRect {
      PixelRect(covering: originX + x * s, originY + y * s, width * s, height * s)
    }
    let stroke = max(1, Int(s.rounded(.down)) / 2)

    if overlays.contains(.bands) {
      for line in layout.lines {
        canvas.fill(
          rect(line.x, line.baseline - line.ascent, line.width, line.ascent), OverlayColors.ascent)
        canvas.fill(rect(line.x, line.baseline, line.width, line.descent), OverlayColors.descent)
      }
    }

    // Glyph positions are computed when `Line.runs` is read: read them once per line.
    let runs = layout.lines.map(\.runs)
    for lineRuns in runs {
      for run in lineRuns {
        let ink = FacePalette.ink(
          for: run.face, primary: layout.font.face, foreground: options.foreground,
          tinted: overlays.contains(.fallback))
        try drawGlyphs(
          of: run, into: &canvas, x: originX, y: originY, scale: s, color: ink,
          maximumPixels: options.maximumPixels)
      }
    }

    if overlays.contains(.lines) {
      for line in layout.lines {
        canvas.stroke(rect(line.x, line.top, line.width, line.height), OverlayColors.lines)
      }
    }
    if overlays.contains(.baselines) {
      for line in layout.lines {
        let y = PixelMath.clampedInt((originY + line.baseline * s).rounded(.down))
        let x0 = PixelMath.clampedInt((originX + line.x * s).rounded(.down))
        let x1 = PixelMath.clampedInt((originX + (line.x + line.width) * s).rounded(.up))
        canvas.horizontalLine(y: y, from: x0, to: x1, OverlayColors.baselines, thickness: stroke)
      }
    }
    if overlays.contains(.fallback) {
      for (line, lineRuns) in zip(layout.lines, runs) {
        for run in lineRuns where run.face != layout.font.face && !run.glyphs.isEmpty {
          let (left, right) = Self.extent(of: run)
          let bar = rect(left, line.top + line.height, right - left, 0)
          canvas.fill(
            PixelRect(x: bar.x, y: bar.y - 2 * stroke, width: bar.width, height: 2 * stroke),
            FacePalette.color(for: run.face).withAlpha(200))
        }
      }
    }
    if overlays.contains(.width), let width = layout.options.width {
      let x = PixelMath.clampedInt((originX + width * s).rounded())
      let top = PixelMath.clampedInt(originY.rounded(.down))
      let bottom = PixelMath.clampedInt(
        (originY + Renderer.boxSize(of: layout).height * s).rounded(.up))
      canvas.verticalLine(
        x: x, from: top, to: bottom, OverlayColors.width, thickness: stroke, dash: 3 * stroke)
    }
    if overlays.contains(.truncation) {
      for (line, lineRuns) in zip(layout.lines, runs) where line.isTruncated {
        for run in lineRuns where run.isEllipsis && !run.glyphs.isEmpty {
          let (left, right) = Self.extent(of: run)
          canvas.stroke(
            rect(left, line.top, right - left, line.height), OverlayColors.truncation,
            thickness: stroke)
        }
        // A bar just past the line's end: text continues beyond what is shown.
        let end = rect(line.x + line.width, line.top, 0, line.height)
        canvas.fill(
          PixelRect(x: end.x + stroke, y: end.y, width: 2 * stroke, height: end.height),
          OverlayColors.truncation)
      }
    }
  }

  /// The left and right edges of a run's advances, in points.
  static func extent(of run: GlyphRun) -> (left: Double, right: Double) {
    var left = Double.infinity
    var right = -Double.infinity
    for index in run.glyphs.indices {
      left = min(left, run.xs[index])
      right = max(right, run.xs[index] + run.advances[index])
    }
    return left <= right ? (left, right) : (0, 0)
  }

  /// Draws one run's glyphs at the layout's positions.
  private mutating func drawGlyphs(
    of run: GlyphRun, into canvas: inout Canvas, x originX: Double, y originY: Double,
    scale: Double, color: RGBAColor, maximumPixels: Int
  ) throws(RenderError) {
    guard !run.glyphs.isEmpty else { return }
    // Checked in floating point before the conversion to 26.6 fixed point.
    let size = run.pointSize * scale
    guard size.isFinite, size <= RenderOptions.maximumPixelsPerEm else {
      throw RenderError(
        .imageTooLarge,
        "cannot draw \(run.face.postScriptName) at \(NumberText.shortest(run.pointSize)) pt × scale "
          + "\(NumberText.shortest(scale)): that is \(NumberText.shortest(size)) pixels per em, more than "
          + "FreeType draws (\(NumberText.shortest(RenderOptions.maximumPixelsPerEm)), "
          + "RenderOptions.maximumPixelsPerEm); use a smaller size or scale")
    }
    let pixelsPerEm = Int32((size * 64).rounded())
    guard pixelsPerEm > 0 else { return }
    let raster = try face(for: run.face)
    try raster.setVariations(run.variations)
    let bitmapScale = try raster.setSize(pixelsPerEm: pixelsPerEm)
    for index in run.glyphs.indices {
      let x = originX + run.xs[index] * scale
      let y = originY + run.ys[index] * scale
      // A glyph this far from any canvas cannot be seen (and would not convert to Int).
      guard PixelMath.isDrawable(x), PixelMath.isDrawable(y) else { continue }
      var pixelX = Int(x.rounded(.down))
      var pixelY = Int(y.rounded(.down))
      var binX = Int(((x - Double(pixelX)) * 4).rounded(.down))
      var binY = Int(((y - Double(pixelY)) * 4).rounded(.down))
      if !raster.isScalable || raster.hasColor {
        // Bitmaps and colour layers are placed on whole pixels.
        pixelX = Int(x.rounded())
        pixelY = Int(y.rounded())
        binX = 0
        binY = 0
      }
      let key = GlyphCache.Key(
        face: run.face.id, glyph: run.glyphs[index], pixelsPerEm: pixelsPerEm,
        variations: run.variations, subpixel: UInt8(binX * 4 + binY))
      let bitmap: GlyphBitmap
      if let cached = glyphs.bitmap(for: key) {
        bitmap = cached
      } else {
        bitmap = try raster.rasterize(
          glyph: run.glyphs[index], offsetX: binX * 16, offsetY: binY * 16,
          bitmapScale: bitmapScale, maximumPixels: maximumPixels)
        glyphs.insert(bitmap, for: key)
      }
      canvas.draw(bitmap, x: pixelX + bitmap.left, y: pixelY - bitmap.top, color: color)
    }
  }
}
