// SPDX-License-Identifier: Apache-2.0

/// A pixel rectangle: integer pixels, x to the right and y down, half-open.
package struct PixelRect: Hashable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int

  /// The rectangle covering the points `x…x + width`, `y…y + height` (in pixels, fractional),
  /// rounded outward to whole pixels; edges far outside any canvas are clamped
  /// (``PixelMath/clampedInt(_:)``), never trapped on.
  package init(covering x: Double, _ y: Double, _ width: Double, _ height: Double) {
    let left = PixelMath.clampedInt(x.rounded(.down))
    let top = PixelMath.clampedInt(y.rounded(.down))
    let right = PixelMath.clampedInt((x + width).rounded(.up))
    let bottom = PixelMath.clampedInt((y + height).rounded(.up))
    self.init(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// The drawing surface ``Renderer`` composites into: an ``Image`` with blending and the few
/// shapes overlays need.
///
/// Blending is source-over with straight alpha, in integer arithmetic so that a render is the
/// same bytes every time. Everything drawn outside the image is clipped.
package struct Canvas {
  package var image: Image

  package init(width: Int, height: Int, background: RGBAColor) {
    image = Image(width: width, height: height, color: background)
  }

  var width: Int { image.width }
  var height: Int { image.height }

  // MARK: - Blending

  /// Composites `color` at opacity `alpha` (0–255, already including the colour's own alpha)
  /// over pixel (x, y).
  @inline(__always)
  mutating func blend(x: Int, y: Int, red: Int, green: Int, blue: Int, alpha: Int) {
    guard alpha > 0, x >= 0, y >= 0, x < image.width, y < image.height else { return }
    let index = (y * image.width + x) * 4
    image.pixels.withUnsafeMutableBufferPointer { pixels in
      if alpha >= 255 {
        pixels[index] = UInt8(red)
        pixels[index + 1] = UInt8(green)
        pixels[index + 2] = UInt8(blue)
        pixels[index + 3] = 255
        return
      }
      let below = Int(pixels[index + 3])
      // outA = a + A(1 − a); outC = (c·a + C·A(1 − a)) / outA, all in 0–255 fixed point.
      let belowWeight = below * (255 - alpha)  // scaled by 255
      let outAlpha255 = alpha * 255 + belowWeight  // outA × 255
      guard outAlpha255 > 0 else { return }
      func mix(_ top: Int, _ bottom: UInt8) -> UInt8 {
        UInt8((top * alpha * 255 + Int(bottom) * belowWeight + outAlpha255 / 2) / outAlpha255)
      }
      pixels[index] = mix(red, pixels[index])
      pixels[index + 1] = mix(green, pixels[index + 1])
      pixels[index + 2] = mix(blue, pixels[index + 2])
      pixels[index + 3] = UInt8((outAlpha255 + 127) / 255)
    }
  }

  /// Composites a colour over pixel (x, y), scaled by `coverage` (0–255).
  @inline(__always)
  mutating func blend(x: Int, y: Int, color: RGBAColor, coverage: Int = 255) {
    let alpha = (Int(color.alpha) * coverage + 127) / 255
    blend(
      x: x, y: y, red: Int(color.red), green: Int(color.green), blue: Int(color.blue),
      alpha: alpha)
  }

  // MARK: - Glyphs

  /// Composites a glyph bitmap with its top-left pixel at (x, y): coverage in `color`, colour
  /// bitmaps as they are.
  mutating func draw(_ bitmap: GlyphBitmap, x originX: Int, y originY: Int, color: RGBAColor) {
    let columns = max(0, min(bitmap.width, image.width - originX))
    let rows = max(0, min(bitmap.height, image.height - originY))
    let firstColumn = max(0, -originX)
    let firstRow = max(0, -originY)
    guard firstColumn < columns, firstRow < rows else { return }
    switch bitmap.pixels.format {
    case .coverage:
      let coverage = bitmap.pixels.values
      for row in firstRow..<rows {
        for column in firstColumn..<columns {
          let value = Int(coverage[row * bitmap.width + column])
          if value > 0 {
            blend(x: originX + column, y: originY + row, color: color, coverage: value)
          }
        }
      }
    case .premultipliedRGBA:
      let rgba = bitmap.pixels.values
      for row in firstRow..<rows {
        for column in firstColumn..<columns {
          let index = (row * bitmap.width + column) * 4
          let alpha = Int(rgba[index + 3])
          guard alpha > 0 else { continue }
          func straight(_ value: UInt8) -> Int { min(255, (Int(value) * 255 + alpha / 2) / alpha) }
          blend(
            x: originX + column, y: originY + row, red: straight(rgba[index]),
            green: straight(rgba[index + 1]), blue: straight(rgba[index + 2]), alpha: alpha)
        }
      }
    }
  }

  // MARK: - Shapes

  /// Fills a rectangle.
  mutating func fill(_ rect: PixelRect, _ color: RGBAColor) {
    let left = max(0, rect.x)
    let top = max(0, rect.y)
    let right = min(image.width, rect.x + rect.width)
    let bottom = min(image.height, rect.y + rect.height)
    guard left < right, top < bottom else { return }
    for y in top..<bottom {
      for x in left..<right { blend(x: x, y: y, color: color) }
    }
  }

  /// Draws a horizontal line `thickness` pixels thick from x0 to x1 (exclusive), dashed when
  /// `dash` > 0 (dash and gap of `dash` pixels); only the part on the canvas is visited.
  package mutating func horizontalLine(
    y: Int, from x0: Int, to x1: Int, _ color: RGBAColor, thickness: Int = 1, dash: Int = 0
  ) {
    let start = max(x0, 0)
    let end = min(x1, image.width)
    guard end > start else { return }
    for x in start..<end where dash == 0 || ((x - x0) / dash) % 2 == 0 {
      for offset in 0..<max(1, thickness) { blend(x: x, y: y + offset, color: color) }
    }
  }

  /// Draws a vertical line `thickness` pixels thick from y0 to y1 (exclusive), dashed when
  /// `dash` > 0; only the part on the canvas is visited.
  mutating func verticalLine(
    x: Int, from y0: Int, to y1: Int, _ color: RGBAColor, thickness: Int = 1, dash: Int = 0
  ) {
    let start = max(y0, 0)
    let end = min(y1, image.height)
    guard end > start else { return }
    for y in start..<end where dash == 0 || ((y - y0) / dash) % 2 == 0 {
      for offset in 0..<max(1, thickness) { blend(x: x + offset, y: y, color: color) }
    }
  }

  /// Outlines a rectangle inside its edges, `thickness` pixels thick.
  package mutating func stroke(
    _ rect: PixelRect, _ color: RGBAColor, thickness: Int = 1, dash: Int = 0
  ) {
    guard rect.width > 0, rect.height > 0 else { return }
    let t = max(1, min(thickness, rect.width / 2, rect.height / 2))
    let right = rect.x + rect.width
    let bottom = rect.y + rect.height
    horizontalLine(y: rect.y, from: rect.x, to: right, color, thickness: t, dash: dash)
    horizontalLine(y: bottom - t, from: rect.x, to: right, color, thickness: t, dash: dash)
    verticalLine(x: rect.x, from: rect.y + t, to: bottom - t, color, thickness: t, dash: dash)
    verticalLine(x: right - t, from: rect.y + t, to: bottom - t, color, thickness: t, dash: dash)
  }
}
