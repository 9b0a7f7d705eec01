// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleMetrics

/// An error from the font registry: a file that is missing, unreadable or not a font, a name
/// conflict, a lookup that found nothing.
///
/// The message names the offending file, name or value and says what would fix it:
///
/// ```swift
/// do {
///   _ = try registry.register(fileAt: URL(fileURLWithPath: "Pretendard.ttf"))
/// } catch {
///   print(error)  // Pretendard.ttf is not a font: it starts with "<!DOCTYPE html>" (an HTML page…
/// }
/// ```
///
/// Each code also gives the matching `CTFontManagerError` number (``Code/ctFontManagerErrorCode``)
/// so that logs read the same as on Apple platforms.
///
/// Like every TypeScale error (`CodedError`) it is a ``code``, a ``message`` and an optional
/// cause — here ``cause``, because ``underlying`` already names the FreeType status, which it
/// keeps with the function as a `CStatus` (`CStatusError`). It is a
/// `LocalizedError`, so `error.localizedDescription` is the message; equality and hashing
/// compare the code, message, FreeType status and function, not the cause.
public struct FontError: CStatusError, LocalizedError {
  /// The code, message and cause (``code``, ``message``, ``cause``).
  public let fields: ErrorFields<Code>
  /// The FreeType error code behind the failure (``underlying``, `FT_Err_*`) and the C function
  /// that reported it (``function``, such as `FT_Open_Face`), if any.
  public let status: CStatus

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and how to fix it.
  ///   - underlying: The FreeType error code, if any.
  ///   - function: The C function that reported it, if any.
  ///   - cause: The error that caused this one, if any (``cause``), such as the system's error
  ///     for a folder that cannot be listed.
  public init(
    _ code: Code, _ message: String, underlying: Int32? = nil, function: String? = nil,
    cause: (any Error & Sendable)? = nil
  ) {
    fields = ErrorFields(code, message, cause: cause)
    status = CStatus(underlying, function: function)
  }

  /// The message, with the C function and code when FreeType reported the failure.
  public var description: String {
    guard let underlying, let function else { return message }
    return "\(message) [\(function) error 0x\(String(underlying, radix: 16))]"
  }

  /// The kind of a ``FontError`` (an `ErrorCode`).
  public enum Code: String, ErrorCode {
    /// No file at the path (`kCTFontManagerErrorFileNotFound`, 101).
    case fileNotFound
    /// The path exists but cannot be read: permissions, or a directory (102).
    case unreadableFile
    /// The bytes are not a font format FreeType knows (103).
    case notAFont
    /// The bytes look like a font but are truncated or corrupt (104).
    case corruptFont
    /// A face index beyond the faces in the file (104).
    case faceIndexOutOfRange
    /// Another file already registered a face with this PostScript name (305).
    case duplicatePostScriptName
    /// No registered face or file matches (201).
    case notRegistered
    /// An argument is out of range, such as a weight of 0 (306 for paths).
    case invalidArgument
    /// The embedded default font's resource bundle could not be found (107).
    case defaultFontMissing
    /// The file, or what it declares, is over one of the registry's limits (106).
    ///
    /// The limits (``FontRegistry/Options``) bound its size, the size it decodes to, its faces
    /// and its named instances; the message names the limit and how to raise it.
    case tooLarge
    /// A registered file was replaced or modified since it was registered: another file is at
    /// its path, or its size or modification time differ (104, as invalid font data: CoreText has
    /// no code of its own for this, because it maps registered files and does not check them).
    ///
    /// A registered file that was deleted is ``fileNotFound``. The message names the file and
    /// what changed; registering the file again replaces the registration.
    case fileChanged

    /// The `CTFontManagerError` value CoreText reports for the same failure.
    public var ctFontManagerErrorCode: Int {
      switch self {
      case .fileNotFound: 101
      case .unreadableFile: 102
      case .notAFont: 103
      case .corruptFont, .faceIndexOutOfRange, .fileChanged: 104
      case .tooLarge: 106
      case .defaultFontMissing: 107
      case .notRegistered: 201
      case .duplicatePostScriptName: 305
      case .invalidArgument: 306
      }
    }
  }
}
