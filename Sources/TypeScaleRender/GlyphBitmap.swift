// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// One rasterized glyph: its pixels and where they sit relative to the pen position.
struct GlyphBitmap: Sendable {
  /// The pixels: coverage for outline glyphs, colour for colour glyphs (CBDT, sbix, COLR).
  ///
  /// A struct with a format beside one array, not an enum with an array in each case: Swift
  /// stores a multi-payload enum's case in the spare bits of the array's pointer, which hides
  /// the pointer from LeakSanitizer and made every cached colour glyph look leaked.
  struct Pixels: Sendable {
    /// How the bytes are laid out.
    enum Format: Sendable {
      /// One byte per pixel, 0 (no ink) to 255 (full ink).
      case coverage
      /// Four bytes per pixel, red, green, blue, alpha, colour multiplied by alpha.
      case premultipliedRGBA
    }

    /// How ``values`` are laid out.
    let format: Format
    /// The bytes, row by row, top first.
    let values: [UInt8]

    /// Bytes per pixel: 1 for coverage, 4 for colour.
    var channels: Int { format == .coverage ? 1 : 4 }

    /// One byte per pixel, 0 (no ink) to 255 (full ink).
    static func coverage(_ values: [UInt8]) -> Pixels { Pixels(format: .coverage, values: values) }

    /// Four bytes per pixel, red, green, blue, alpha, colour multiplied by alpha.
    static func premultipliedRGBA(_ values: [UInt8]) -> Pixels {
      Pixels(format: .premultipliedRGBA, values: values)
    }
  }

  /// The width, in pixels.
  let width: Int
  /// The height, in pixels.
  let height: Int
  /// The distance from the pen's x to the bitmap's left column, in pixels (FreeType's
  /// `bitmap_left`).
  let left: Int
  /// The distance from the baseline up to the bitmap's top row, in pixels (FreeType's
  /// `bitmap_top`).
  let top: Int
  /// The pixels, row by row, top first.
  let pixels: Pixels

  /// An empty glyph (a space).
  static let empty = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, pixels: .coverage([]))

  /// The bitmap resampled by `factor` with a box filter (each output pixel averages the input
  /// area it covers); `left` and `top` scale with it.
  ///
  /// Used for bitmap-only faces (CBDT, sbix), whose strikes come in fixed sizes: the nearest
  /// strike is drawn and then scaled to the size the layout asked for.
  ///
  /// - Complexity: O(input pixels + output pixels).
  func scaled(by factor: Double) -> GlyphBitmap {
    guard factor != 1, width > 0, height > 0 else { return self }
    let outWidth = max(1, Int((Double(width) * factor).rounded()))
    let outHeight = max(1, Int((Double(height) * factor).rounded()))
    let channels = pixels.channels
    let input = pixels.values
    let sx = Double(width) / Double(outWidth)
    let sy = Double(height) / Double(outHeight)
    var output = [UInt8](repeating: 0, count: outWidth * outHeight * channels)
    var sums = [Double](repeating: 0, count: channels)
    for oy in 0..<outHeight {
      let y0 = Double(oy) * sy
      let y1 = y0 + sy
      for ox in 0..<outWidth {
        let x0 = Double(ox) * sx
        let x1 = x0 + sx
        for c in 0..<channels { sums[c] = 0 }
        var area = 0.0
        var iy = Int(y0)
        while Double(iy) < y1, iy < height {
          let wy = min(y1, Double(iy + 1)) - max(y0, Double(iy))
          var ix = Int(x0)
          while Double(ix) < x1, ix < width {
            let weight = wy * (min(x1, Double(ix + 1)) - max(x0, Double(ix)))
            let base = (iy * width + ix) * channels
            for c in 0..<channels { sums[c] += Double(input[base + c]) * weight }
            area += weight
            ix += 1
          }
          iy += 1
        }
        let base = (oy * outWidth + ox) * channels
        for c in 0..<channels where area > 0 {
          output[base + c] = UInt8(min(255, (sums[c] / area).rounded()))
        }
      }
    }
    return GlyphBitmap(
      width: outWidth, height: outHeight, left: Int((Double(left) * factor).rounded()),
      top: Int((Double(top) * factor).rounded()),
      pixels: channels == 1 ? .coverage(output) : .premultipliedRGBA(output))
  }
}

/// The renderer's glyph bitmaps, keyed by face, glyph, size, variations and subpixel bin.
///
/// Capacity: ``capacity`` bitmaps; when full, the cache is emptied and refilled (a contact sheet
/// or a page reuses few glyphs at few sizes, so a whole-cache reset is rare and cheap). Not
/// `Sendable`: the renderer's mutex guards it with the FreeType faces.
struct GlyphCache {
  /// What identifies one rasterization.
  struct Key: Hashable {
    /// The face.
    var face: FontFace.ID
    /// The glyph ID.
    var glyph: UInt32
    /// The size in pixels per em, 26.6 fixed point.
    var pixelsPerEm: Int32
    /// The variation coordinates applied, by tag.
    var variations: [String: Double]
    /// The pen position's fraction of a pixel, in quarters: x and y, 0–3 each.
    var subpixel: UInt8
  }

  /// The most bitmaps kept.
  static let capacity = 4096

  private var bitmaps: [Key: GlyphBitmap] = [:]

  /// The bitmap for a key, or `nil`.
  func bitmap(for key: Key) -> GlyphBitmap? { bitmaps[key] }

  /// Remembers a bitmap; empties the cache first when it is full.
  mutating func insert(_ bitmap: GlyphBitmap, for key: Key) {
    if bitmaps.count >= Self.capacity { bitmaps.removeAll(keepingCapacity: true) }
    bitmaps[key] = bitmap
  }
}
