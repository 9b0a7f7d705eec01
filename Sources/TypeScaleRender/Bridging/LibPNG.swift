// SPDX-License-Identifier: Apache-2.0

internal import CLibPNG

/// PNG encoding and decoding through libpng's simplified API (`png_image_*`), which reports
/// errors through return values and `png_image.message` instead of `setjmp`.
enum LibPNG {
  /// The most pixels a decoded image may have (1 GiB of RGBA): a guard against decompression
  /// bombs.
  static let maximumPixels = 1 << 28

  /// Encodes RGBA pixels (straight alpha, rows top first) as PNG bytes.
  ///
  /// Wraps `png_image_write_to_memory()`, called once into a buffer sized for the rows
  /// uncompressed (once more with the size libpng names, should that be short). The simplified
  /// API writes no time stamp or other varying chunk, so equal pixels give equal bytes.
  ///
  /// - Throws: ``RenderError/Code/png`` with libpng's message.
  static func encode(width: Int, height: Int, pixels: [UInt8]) throws(RenderError) -> [UInt8] {
    guard width > 0, height > 0 else {
      throw RenderError(
        .png, "a PNG must be at least 1 × 1 pixels; this image is \(width) × \(height)")
    }
    guard let pngWidth = png_uint_32(exactly: width), let pngHeight = png_uint_32(exactly: height)
    else {
      throw RenderError(
        .png,
        "a PNG is at most \(png_uint_32.max) pixels each way; this image is \(width) × \(height)")
    }
    // One compression pass into a buffer that holds the rows uncompressed plus every chunk's
    // and deflate block's overhead (png.h's PNG_IMAGE_PNG_SIZE_MAX bounds it the same way);
    // asking for the size first, with a NULL buffer, compresses the whole image twice. Should
    // the bound be short, libpng reports the size it needs and the write is made once more.
    let rows = (width * 4 + 1) * height
    var capacity = rows + rows / 64 + 4096
    while true {
      var image = png_image()
      image.version = png_uint_32(PNG_IMAGE_VERSION)
      image.width = pngWidth
      image.height = pngHeight
      image.format = CLibPNG_formatRGBA
      var output = [UInt8](repeating: 0, count: capacity)
      var size = png_alloc_size_t(capacity)
      let written = pixels.withUnsafeBytes { buffer in
        output.withUnsafeMutableBytes { memory in
          png_image_write_to_memory(
            &image, memory.baseAddress, &size, 0, buffer.baseAddress, 0, nil)
        }
      }
      if written != 0 { return Array(output.prefix(Int(size))) }
      // Too small a buffer: libpng names the size it needs (larger than given).
      guard size > png_alloc_size_t(capacity) else {
        try LibPNGCheck.call(written, &image, "png_image_write_to_memory")
        return Array(output.prefix(Int(size)))
      }
      capacity = Int(size)
    }
  }

  /// Decodes PNG bytes to RGBA pixels (straight alpha, rows top first), whatever the file's
  /// colour type and bit depth.
  ///
  /// Wraps `png_image_begin_read_from_memory()` and `png_image_finish_read()`.
  ///
  /// - Throws: ``RenderError/Code/png`` with libpng's message for bytes that are not a PNG or
  ///   are damaged, or for an image larger than ``maximumPixels``.
  static func decode(
    _ bytes: [UInt8]
  ) throws(RenderError) -> (width: Int, height: Int, pixels: [UInt8]) {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    defer { png_image_free(&image) }
    let begun = bytes.withUnsafeBytes { buffer in
      png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
    }
    try LibPNGCheck.call(begun, &image, "png_image_begin_read_from_memory")
    let width = Int(image.width)
    let height = Int(image.height)
    let area = width.multipliedReportingOverflow(by: height)
    guard !area.overflow, area.partialValue <= maximumPixels else {
      throw RenderError(
        .png, "the PNG is \(width) × \(height) pixels, more than TypeScale decodes (2^28)")
    }
    image.format = CLibPNG_formatRGBA
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let finished = pixels.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
    }
    try LibPNGCheck.call(finished, &image, "png_image_finish_read")
    return (width, height, pixels)
  }
}

/// The checkpoint every libpng status goes through.
enum LibPNGCheck {
  /// Throws when a simplified-API call returned 0, with the message libpng left in `image`.
  ///
  /// - Parameters:
  ///   - result: What the call returned: non-zero on success.
  ///   - image: The control structure, whose `message` holds libpng's reason.
  ///   - function: The C function called.
  /// - Throws: ``RenderError/Code/png``.
  static func call(_ result: Int32, _ image: inout png_image, _ function: String)
    throws(RenderError)
  {
    guard result == 0 else { return }
    let reason = withUnsafeBytes(of: &image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    throw RenderError(
      .png, "libpng failed: \(reason.isEmpty ? "unknown error" : reason)",
      underlying: Int32(bitPattern: image.warning_or_error), function: function)
  }
}
