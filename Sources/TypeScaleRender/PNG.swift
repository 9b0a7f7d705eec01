// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// PNG files: encoding an ``Image``, decoding one, writing one atomically — through libpng.
///
/// Encoding is deterministic: the same pixels give the same bytes (libpng's simplified API writes
/// no time stamp), so rendered images can be compared byte for byte.
///
/// ```swift
/// let data = try PNG.encode(image)
/// let back = try PNG.decode(data)     // back == image
/// try PNG.write(image, to: URL(fileURLWithPath: ".build/demo/sheet.png"))
/// ```
public enum PNG {
  /// Encodes an image as an 8-bit RGBA PNG.
  ///
  /// - Parameter image: The image; at least 1 × 1 pixels.
  /// - Returns: The PNG file's bytes.
  /// - Throws: ``RenderError/Code/png`` for an empty image or when libpng fails.
  public static func encode(_ image: Image) throws(RenderError) -> Data {
    Data(try LibPNG.encode(width: image.width, height: image.height, pixels: image.pixels))
  }

  /// Decodes a PNG file of any colour type and bit depth to 8-bit RGBA.
  ///
  /// - Parameter data: The file's bytes.
  /// - Returns: The image, straight alpha.
  /// - Throws: ``RenderError/Code/png`` with libpng's reason when the bytes are not a PNG or are
  ///   damaged.
  public static func decode(_ data: Data) throws(RenderError) -> Image {
    let decoded = try LibPNG.decode([UInt8](data))
    return Image(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
  }

  /// Encodes an image and writes it atomically.
  ///
  /// The bytes go to a temporary file beside `url`, which is synced and then renamed, so a reader
  /// never sees half a file. A symbolic link is followed (the file it points at is replaced and
  /// the link stays); a device or FIFO is written through, never replaced. Missing folders are
  /// created.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - url: The file to write.
  /// - Throws: ``RenderError/Code/png`` when encoding fails, ``RenderError/Code/io`` when the
  ///   file cannot be written.
  public static func write(_ image: Image, to url: URL) throws(RenderError) {
    let data = try encode(image)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw RenderError(
        .io, "cannot write \(url.path): \(error.localizedDescription)", cause: error)
    }
    do throws(OutputFileError) {
      try OutputFile.write(data, to: url.path)
    } catch {
      throw RenderError(.io, error.message, cause: error)
    }
  }
}
