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
public struct FontStoreError: ConvertingError, LocalizedError {
  /// The kind of failure.
  public let code: Code
  /// What went wrong and how to fix it, naming the URL, file or key.
  public let message: String
  /// The HTTP status code, for ``Code/httpStatus``.
  public let statusCode: Int?
  /// The registry's error behind the failure, for fonts FreeType rejected and name conflicts.
  public let fontError: FontError?
  /// The system's code behind the failure: `errno` for storage failures, the
  /// `NSURLErrorDomain` code (such as -1004, could not connect) for network failures.
  public let systemCode: Int?
  /// The error that caused this one, if any: the registry's, the system's, the network's or a
  /// source's own; not part of equality.
  public let underlying: (any Error & Sendable)?

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
    self.code = code
    self.message = message
    self.statusCode = statusCode
    self.fontError = fontError
    self.systemCode = systemCode
    self.underlying = cause ?? fontError
  }

  /// Creates an error with no status or system code (the `ConvertingError` requirement).
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and how to fix it.
  ///   - cause: The error that caused this one, if any (``underlying``); when it is a
  ///     `FontError`, also ``fontError``.
  public init(code: Code, message: String, cause: (any Error & Sendable)?) {
    self.init(code, message, fontError: cause as? FontError, cause: cause)
  }

  /// The error that caused this one (``underlying``), as `CodedError` names it.
  public var cause: (any Error & Sendable)? { underlying }

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

  /// The message, for `error.localizedDescription`.
  public var errorDescription: String? { message }

  /// The kind of a ``FontStoreError``; compare with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum _Storage: String, Hashable, Sendable {
      case httpStatus, tooLarge, notAFont, corrupt, network, storage, conflict, notFound
      case sourceFailed, invalidArgument, registration, notAStore, readOnly, mismatch
    }

    private let storage: _Storage
    private init(_ storage: _Storage) { self.storage = storage }

    /// The server answered with a status other than 2xx; ``FontStoreError/statusCode`` has it.
    public static let httpStatus = Code(.httpStatus)
    /// The bytes are larger than the store accepts (``FontStore/maximumFileSize``).
    public static let tooLarge = Code(.tooLarge)
    /// The bytes are not a font; the message says what their first bytes look like (an HTML
    /// page, JSON, a ZIP archive…).
    public static let notAFont = Code(.notAFont)
    /// The bytes start like a font but FreeType cannot open every face: truncated or damaged.
    public static let corrupt = Code(.corrupt)
    /// The request never got an HTTP answer: no connection, a timeout, a dropped transfer.
    public static let network = Code(.network)
    /// The store's folder, a stored file or the index could not be read or written.
    public static let storage = Code(.storage)
    /// A face's PostScript name is already registered from another file.
    public static let conflict = Code(.conflict)
    /// The registry refused to unregister a stored file; the file and the index are unchanged.
    public static let registration = Code(.registration)
    /// No stored font has the key or PostScript name.
    public static let notFound = Code(.notFound)
    /// A source failed with an error of its own (a ``BytesFontSource`` closure that threw).
    public static let sourceFailed = Code(.sourceFailed)
    /// An argument is not usable, such as a URL scheme the store cannot fetch, or a path to
    /// install from that is a FIFO, a device or a folder rather than a file.
    public static let invalidArgument = Code(.invalidArgument)
    /// The folder is not a font store this TypeScale may use.
    ///
    /// The folder or its `blobs/` is a symbolic link or not a folder, or it is a non-empty folder the store did not create
    /// (no `.typescale-store` marker, and no valid index of an earlier TypeScale). Nothing in
    /// it was changed; the message names the path and what would be valid.
    public static let notAStore = Code(.notAStore)
    /// A change (install, remove) was asked of a store opened with
    /// ``FontStore/AccessMode/readOnly``.
    public static let readOnly = Code(.readOnly)
    /// A source returned a font that is not the face it was asked for.
    ///
    /// Another family, or the family in another weight or slope. The message names what was asked for and what the
    /// file holds; ``FontStoreError/underlying`` is a ``FontMismatch``. Nothing was stored.
    public static let mismatch = Code(.mismatch)

    /// The code's name, such as `httpStatus`.
    public var description: String { storage.rawValue }
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
