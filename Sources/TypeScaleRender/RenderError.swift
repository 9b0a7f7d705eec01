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
public struct RenderError: ConvertingError, LocalizedError {
  /// The kind of failure.
  public let code: Code
  /// What went wrong and how to fix it.
  public let message: String
  /// The C status behind the failure, if any: an `FT_Error`, or libpng's 0 return.
  public let underlying: Int32?
  /// The C function that reported ``underlying``, such as `FT_Load_Glyph`.
  public let function: String?
  /// The error that caused this one, if any; not part of equality. (``underlying`` already
  /// names the C status, so the cause has this name.)
  public let cause: (any Error & Sendable)?

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
    self.code = code
    self.message = message
    self.underlying = underlying
    self.function = function
    self.cause = cause
  }

  /// Creates an error with no C status (the `ConvertingError` requirement).
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and how to fix it.
  ///   - cause: The error that caused this one, if any (``cause``).
  public init(code: Code, message: String, cause: (any Error & Sendable)?) {
    self.init(code, message, cause: cause)
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

  /// The message, for `error.localizedDescription`.
  public var errorDescription: String? { message }

  /// The C status and function, which equality and hashing compare besides the code and the
  /// message.
  public var comparedDetails: [AnyHashable] { [underlying, function] }

  /// The message, with the C function and status when a C library reported the failure.
  public var description: String {
    guard let function else { return message }
    guard let underlying else { return "\(message) [\(function)]" }
    return "\(message) [\(function) error 0x\(String(underlying, radix: 16))]"
  }

  /// The kind of a ``RenderError``; compare with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum _Storage: String, Hashable, Sendable {
      case invalidOption, imageTooLarge, font, freeType, png, layout, io
    }

    private let storage: _Storage
    private init(_ storage: _Storage) { self.storage = storage }

    /// An option is out of range (a scale of 0, a margin < 0).
    public static let invalidOption = Code(.invalidOption)
    /// The image (or a glyph's bitmap) would have more pixels than
    /// ``RenderOptions/maximumPixels``, or a size that is not finite: nothing was allocated.
    public static let imageTooLarge = Code(.imageTooLarge)
    /// A face's bytes could not be read from its source.
    public static let font = Code(.font)
    /// FreeType failed to open a face, size it or draw a glyph.
    public static let freeType = Code(.freeType)
    /// libpng failed to encode or decode, or the bytes are not a PNG.
    public static let png = Code(.png)
    /// A label or a golden case could not be laid out.
    public static let layout = Code(.layout)
    /// A file could not be read or written.
    public static let io = Code(.io)

    /// The code's name, such as `freeType`.
    public var description: String { storage.rawValue }
  }
}
