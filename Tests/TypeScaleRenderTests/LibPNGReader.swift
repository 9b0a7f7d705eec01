// SPDX-License-Identifier: Apache-2.0

internal import CLibPNG
import Foundation

/// Decodes a PNG straight through libpng's simplified API, independently of `PNG.decode`, so a
/// test does not trust the code it checks.
///
/// - Parameter data: The PNG file's bytes.
/// - Returns: Width, height and RGBA pixels, or `nil` when libpng refuses the bytes.
func decodeWithLibPNG(_ data: Data) -> (width: Int, height: Int, pixels: [UInt8])? {
  var image = png_image()
  image.version = png_uint_32(PNG_IMAGE_VERSION)
  defer { png_image_free(&image) }
  let bytes = [UInt8](data)
  let begun = bytes.withUnsafeBytes {
    png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count)
  }
  guard begun != 0 else { return nil }
  image.format = CLibPNG_formatRGBA
  var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
  let finished = pixels.withUnsafeMutableBytes {
    png_image_finish_read(&image, nil, $0.baseAddress, 0, nil)
  }
  guard finished != 0 else { return nil }
  return (Int(image.width), Int(image.height), pixels)
}
