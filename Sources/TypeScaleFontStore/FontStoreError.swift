// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleMetrics

/// An error from the font store or a remote source: an HTTP status, a body that is too large or
/// not a font, a network or storage failure.
///
/// The message names the URL, file or key and says what would fix it. When the store rejects a
/// download, nothing of it is left in the store:
///
/// ```swift
/// do {
///   _ = try await store.load(family: "Pretendard", styles: [.semibold], from: hosted)
/// } catch {
///   error.code        // .httpStatus
///   error.statusCode  // 404
///   print(error)      // GET https://cdn.example.com/fonts/Pretendard-SemiBold.otf answered 404…
/// }
/// ```
///
/// The error that caused it — a `FontError`, a system or network error, a source's own
/// error — is kept in ``underlying``; `init(_:)` (`ConvertingError`) converts a registry
/// error. It is a
/// `LocalizedError`, so `error.localizedDescription` is the message; equality and hashing
/// compare the code, message, status, registry error and system code, not the cause.
public struct FontStoreError: ConvertingError, StoredError, LocalizedError {
  /// The code, message and cause (``code``, ``message``, ``underlying``): the message names the
  /// URL, file or key and says how to fix it; the cause is the registry's, the system's, the
  /// network's or a source's own error.
  public let fields: ErrorFields<Code>
  /// The HTTP status code, for ``Code/httpStatus``.
  public let statusCode: Int?
  /// The registry's error behind the failure, for fonts FreeType rejected and name conflicts.
  public let fontError: FontError?
  /// The system's code behind the failure: `errno` for storage failures, the
  /// `NSURLErrorDomain` code (such as -1004, could not connect) for network failures.
  public let systemCode: Int?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and how to fix it.
  ///   - statusCode: The HTTP status, for ``Code/httpStatus``.
  ///   - fontError: The registry's error, if it reported the failure.
  ///   - systemCode: The `errno` or `NSURLErrorDomain` code, if any.
  ///   - cause: The error that caused this one, if any (``underlying``); `fontError` when
  ///     not given.
  public init(
    _ code: Code, _ message: String, statusCode: Int? = nil, fontError: FontError? = nil,
    systemCode: Int? = nil, cause: (any Error & Sendable)? = nil
  ) {
    fields = ErrorFields(code, message, cause: cause ?? fontError)
    self.statusCode = statusCode
    self.fontError = fontError
    self.systemCode = systemCode
  }

  /// Creates an error with no status or system code (the `ConvertingError` requirement).
  ///
  /// - Parameter fields: The code, message and cause; a cause that is a `FontError` is also
  ///   ``fontError``.
  public init(fields: ErrorFields<Code>) {
    self.init(
      fields.code, fields.message, fontError: fields.cause as? FontError, cause: fields.cause)
  }

  /// The error that caused this one, if any (`cause`); not part of equality.
  public var underlying: (any Error & Sendable)? { cause }

  /// The code a registry error about bytes the store was given or holds becomes.
  ///
  /// It follows what the registry found: ``Code/notAFont``, ``Code/tooLarge``,
  /// ``Code/storage`` for a file missing or unreadable, ``Code/conflict`` for a PostScript name
  /// another file has, ``Code/corrupt`` otherwise. Converted with `init(_:)`, the message is
  /// the registry's, and the registry error is both ``fontError`` and ``underlying``.
  ///
  /// - Parameter error: The registry error.
  /// - Returns: The store's code.
  public static func code(converting error: any CodedError) -> Code {
    guard let error = error as? FontError else { return .corrupt }
    return switch error.code {
    case .notAFont: .notAFont
    case .tooLarge: .tooLarge
    case .fileNotFound, .unreadableFile: .storage
    case .duplicatePostScriptName: .conflict
    default: .corrupt
    }
  }

  /// The HTTP status, registry error and system code, which equality and hashing compare
  /// besides the code and the message.
  public var comparedDetails: [AnyHashable] { [statusCode, fontError, systemCode] }

  /// The kind of a ``FontStoreError`` (an `ErrorCode`).
  public enum Code: String, ErrorCode {
    /// The server answered with a status other than 2xx; ``FontStoreError/statusCode`` has it.
    case httpStatus
    /// The bytes are larger than the store accepts (``FontStore/maximumFileSize``).
    case tooLarge
    /// The bytes are not a font; the message says what their first bytes look like (an HTML
    /// page, JSON, a ZIP archive…).
    case notAFont
    /// The bytes start like a font but FreeType cannot open every face: truncated or damaged.
    case corrupt
    /// The request never got an HTTP answer: no connection, a timeout, a dropped transfer.
    case network
    /// The store's folder, a stored file or the index could not be read or written.
    case storage
    /// A face's PostScript name is already registered from another file.
    case conflict
    /// The registry refused to unregister a stored file; the file and the index are unchanged.
    case registration
    /// No stored font has the key or PostScript name.
    case notFound
    /// A source failed with an error of its own (a ``BytesFontSource`` closure that threw).
    case sourceFailed
    /// An argument is not usable, such as a URL scheme the store cannot fetch, or a path to
    /// install from that is a FIFO, a device or a folder rather than a file.
    case invalidArgument
    /// The folder is not a font store this TypeScale may use.
    ///
    /// The folder or its `blobs/` is a symbolic link or not a folder, or it is a non-empty folder the store did not create
    /// (no `.typescale-store` marker, and no valid index of an earlier TypeScale). Nothing in
    /// it was changed; the message names the path and what would be valid.
    case notAStore
    /// A change (install, remove) was asked of a store opened with
    /// ``FontStore/AccessMode/readOnly``.
    case readOnly
    /// A source returned a font that is not the face it was asked for.
    ///
    /// Another family, or the family in another weight or slope. The message names what was asked for and what the
    /// file holds; ``FontStoreError/underlying`` is a ``FontMismatch``. Nothing was stored.
    case mismatch
  }
}

extension FontStoreError {
  /// Converts a registry error about bytes the store was validating, naming them `name`
  /// instead of the scratch file they were read from.
  static func validation(_ error: FontError, file: URL, name: String) -> FontStoreError {
    // The registry names files by their resolved path; replace the longest spelling first.
    let message = error.message
      .replacingOccurrences(of: file.resolvingSymlinksInPath().path, with: name)
      .replacingOccurrences(of: file.path, with: name)
      .replacingOccurrences(of: file.lastPathComponent, with: name)
    return FontStoreError(code(converting: error), message, fontError: error)
  }
}
