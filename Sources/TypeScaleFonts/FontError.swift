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
/// cause — here
/// ``cause``, because ``underlying`` already names the FreeType status. It is a
/// `LocalizedError`, so `error.localizedDescription` is the message; equality and hashing
/// compare the code, message, FreeType status and function, not the cause.
public struct FontError: CodedError, LocalizedError {
  /// The kind of failure.
  public let code: Code
  /// What went wrong and how to fix it, naming the file or value.
  public let message: String
  /// The FreeType error code behind the failure, if any (`FT_Err_*`).
  public let underlying: Int32?
  /// The C function that reported `underlying`, if any, such as `FT_Open_Face`.
  public let function: String?
  /// The error that caused this one, if any, such as the system's error for a folder that
  /// cannot be listed; not part of equality.
  public let cause: (any Error & Sendable)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and how to fix it.
  ///   - underlying: The FreeType error code, if any.
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

  /// The message, for `error.localizedDescription`.
  public var errorDescription: String? { message }

  /// The FreeType status and function, which equality and hashing compare besides the code
  /// and the message.
  public var comparedDetails: [AnyHashable] { [underlying, function] }

  /// The message, with the C function and code when FreeType reported the failure.
  public var description: String {
    guard let underlying, let function else { return message }
    return "\(message) [\(function) error 0x\(String(underlying, radix: 16))]"
  }

  /// The kind of a ``FontError``; compare with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum _Storage: String, Hashable, Sendable {
      case fileNotFound, unreadableFile, notAFont, corruptFont, faceIndexOutOfRange
      case duplicatePostScriptName, notRegistered, invalidArgument, defaultFontMissing
      case tooLarge, fileChanged
    }

    private let storage: _Storage
    private init(_ storage: _Storage) { self.storage = storage }

    /// No file at the path (`kCTFontManagerErrorFileNotFound`, 101).
    public static let fileNotFound = Code(.fileNotFound)
    /// The path exists but cannot be read: permissions, or a directory (102).
    public static let unreadableFile = Code(.unreadableFile)
    /// The bytes are not a font format FreeType knows (103).
    public static let notAFont = Code(.notAFont)
    /// The bytes look like a font but are truncated or corrupt (104).
    public static let corruptFont = Code(.corruptFont)
    /// A face index beyond the faces in the file (104).
    public static let faceIndexOutOfRange = Code(.faceIndexOutOfRange)
    /// Another file already registered a face with this PostScript name (305).
    public static let duplicatePostScriptName = Code(.duplicatePostScriptName)
    /// No registered face or file matches (201).
    public static let notRegistered = Code(.notRegistered)
    /// An argument is out of range, such as a weight of 0 (306 for paths).
    public static let invalidArgument = Code(.invalidArgument)
    /// The embedded default font's resource bundle could not be found (107).
    public static let defaultFontMissing = Code(.defaultFontMissing)
    /// The file, or what it declares, is over one of the registry's limits (106).
    ///
    /// The limits (``FontRegistry/Options``) bound its size, the size it decodes to, its faces
    /// and its named instances; the message names the limit and how to raise it.
    public static let tooLarge = Code(.tooLarge)
    /// A registered file was replaced or modified since it was registered: another file is at
    /// its path, or its size or modification time differ (104, as invalid font data: CoreText has
    /// no code of its own for this, because it maps registered files and does not check them).
    ///
    /// A registered file that was deleted is ``fileNotFound``. The message names the file and
    /// what changed; registering the file again replaces the registration.
    public static let fileChanged = Code(.fileChanged)

    /// The code's name, such as `notAFont`.
    public var description: String { storage.rawValue }

    /// The `CTFontManagerError` value CoreText reports for the same failure.
    public var ctFontManagerErrorCode: Int {
      switch storage {
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
