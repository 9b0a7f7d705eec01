// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts

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
public struct FontStoreError: Error, Hashable, Sendable, CustomStringConvertible {
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

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and how to fix it.
  ///   - statusCode: The HTTP status, for ``Code/httpStatus``.
  ///   - fontError: The registry's error, if it reported the failure.
  ///   - systemCode: The `errno` or `NSURLErrorDomain` code, if any.
  public init(
    _ code: Code, _ message: String, statusCode: Int? = nil, fontError: FontError? = nil,
    systemCode: Int? = nil
  ) {
    self.code = code
    self.message = message
    self.statusCode = statusCode
    self.fontError = fontError
    self.systemCode = systemCode
  }

  /// The message.
  public var description: String { message }

  /// The kind of a ``FontStoreError``; compare with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum _Storage: String, Hashable, Sendable {
      case httpStatus, tooLarge, notAFont, corrupt, network, storage, conflict, notFound
      case sourceFailed, invalidArgument, registration, notAStore, readOnly
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
    let code: Code
    switch error.code {
    case .notAFont: code = .notAFont
    case .tooLarge: code = .tooLarge
    case .fileNotFound, .unreadableFile: code = .storage
    case .duplicatePostScriptName: code = .conflict
    default: code = .corrupt
    }
    return FontStoreError(code, message, fontError: error)
  }
}
