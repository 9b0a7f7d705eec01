// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics

/// An error from rendering: an option out of range, an image over the pixel limit, a font FreeType cannot draw, a PNG libpng
/// cannot write or read, a file that cannot be written.
///
/// The message names what failed and says what would fix it; ``underlying`` and ``function``
/// record the C status and call when FreeType or libpng reported the failure, and ``cause`` the
/// error (a `LayoutError`, a `FontError`, a system error) that caused it. It is a
/// `LocalizedError`, so `error.localizedDescription` is the message; equality and hashing
/// compare the code, message, C status and function, not the cause.
///
/// ```swift
/// do {
///   let image = try PNG.decode(bytes)
/// } catch {
///   print(error)  // not a PNG file … [png_image_begin_read_from_memory]
/// }
/// ```
public struct RenderError: ConvertingError, CStatusError, LocalizedError {
  /// The code, message and cause (``code``, ``message``, ``cause``). (``underlying`` already
  /// names the C status, so the cause has this name.)
  public let fields: ErrorFields<Code>
  /// The C status behind the failure (``underlying``: an `FT_Error`, or libpng's 0 return) and
  /// the C function that reported it (``function``, such as `FT_Load_Glyph`), if any.
  public let status: CStatus

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and how to fix it.
  ///   - underlying: The C status, if any.
  ///   - function: The C function that reported it, if any.
  ///   - cause: The error that caused this one, if any (``cause``).
  public init(
    _ code: Code, _ message: String, underlying: Int32? = nil, function: String? = nil,
    cause: (any Error & Sendable)? = nil
  ) {
    self.init(
      fields: ErrorFields(code, message, cause: cause),
      status: CStatus(underlying, function: function))
  }

  /// Creates an error with no C status (the `ConvertingError` requirement).
  ///
  /// - Parameter fields: The code, message and cause.
  public init(fields: ErrorFields<Code>) {
    self.init(fields: fields, status: CStatus(nil, function: nil))
  }

  /// Creates an error with these fields and this C status.
  private init(fields: ErrorFields<Code>, status: CStatus) {
    self.fields = fields
    self.status = status
  }

  /// The code a lower error becomes, keeping a bad option apart from a failed layout.
  ///
  /// `LayoutError.Code.invalidOption` and `FontError.Code.invalidArgument` stay a bad option,
  /// ``Code/invalidOption``; `LayoutError.Code.fontUnavailable` and any other registry error
  /// mean the font could not be used, ``Code/font``; any other layout error is
  /// ``Code/layout``.
  ///
  /// - Parameter error: A `LayoutError` or a `FontError`.
  /// - Returns: The render error's code.
  public static func code(converting error: any CodedError) -> Code {
    switch error {
    case let error as LayoutError:
      switch error.code {
      case .invalidOption: .invalidOption
      case .fontUnavailable: .font
      default: .layout
      }
    case let error as FontError: error.code == .invalidArgument ? .invalidOption : .font
    default: .layout
    }
  }

  /// The message, with the C function and status when a C library reported the failure.
  public var description: String {
    guard let function else { return message }
    guard let underlying else { return "\(message) [\(function)]" }
    return "\(message) [\(function) error 0x\(String(underlying, radix: 16))]"
  }

  /// The kind of a ``RenderError`` (an `ErrorCode`).
  public enum Code: String, ErrorCode {
    /// An option is out of range (a scale of 0, a margin < 0).
    case invalidOption
    /// The image (or a glyph's bitmap) would have more pixels than
    /// ``RenderOptions/maximumPixels``, or a size that is not finite: nothing was allocated.
    case imageTooLarge
    /// A face's bytes could not be read from its source.
    case font
    /// FreeType failed to open a face, size it or draw a glyph.
    case freeType
    /// libpng failed to encode or decode, or the bytes are not a PNG.
    case png
    /// A label or a golden case could not be laid out.
    case layout
    /// A file could not be read or written.
    case io
  }
}
