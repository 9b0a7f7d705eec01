// SPDX-License-Identifier: Apache-2.0

/// A raster image: RGBA, 8 bits per channel, straight (not premultiplied) alpha, rows top to
/// bottom without padding — what ``Renderer`` draws and ``PNG`` encodes and decodes.
///
/// Pixel (x, y) starts at byte `(y * width + x) * 4` of ``pixels``, in the order red, green,
/// blue, alpha. Colours are sRGB, as PNG stores them.
///
/// ```swift
/// let image = try renderer.render(layout)
/// image.width                      // pixels: ceil(layout width × scale) + 2 × margin
/// image[x: 10, y: 4].alpha         // 0 where nothing was drawn on a clear background
/// try PNG.write(image, to: URL(fileURLWithPath: "out.png"))
/// ```
public struct Image: Hashable, Sendable {
  /// The width, in pixels.
  public let width: Int
  /// The height, in pixels.
  public let height: Int
  /// The pixels: `width × height × 4` bytes, RGBA, straight alpha, top row first.
  public internal(set) var pixels: [UInt8]

  /// Creates an image filled with one colour.
  ///
  /// - Parameters:
  ///   - width: The width in pixels, ≥ 0.
  ///   - height: The height in pixels, ≥ 0.
  ///   - color: The colour of every pixel; transparent by default.
  public init(width: Int, height: Int, color: RGBAColor = .clear) {
    precondition(width >= 0 && height >= 0, "an image's size is ≥ 0")
    self.width = width
    self.height = height
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    if color != .clear {
      for index in stride(from: 0, to: pixels.count, by: 4) {
        pixels[index] = color.red
        pixels[index + 1] = color.green
        pixels[index + 2] = color.blue
        pixels[index + 3] = color.alpha
      }
    }
    self.pixels = pixels
  }

  /// Creates an image from pixels.
  ///
  /// - Parameters:
  ///   - width: The width in pixels, ≥ 0.
  ///   - height: The height in pixels, ≥ 0.
  ///   - pixels: `width × height × 4` bytes, RGBA with straight alpha, top row first.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0, "an image's size is ≥ 0")
    precondition(pixels.count == width * height * 4, "an RGBA image has width × height × 4 bytes")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The colour of one pixel.
  ///
  /// - Parameters:
  ///   - x: The column, from 0 at the left.
  ///   - y: The row, from 0 at the top.
  public subscript(x x: Int, y y: Int) -> RGBAColor {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside")
    let index = (y * width + x) * 4
    return RGBAColor(
      red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2],
      alpha: pixels[index + 3])
  }
}
