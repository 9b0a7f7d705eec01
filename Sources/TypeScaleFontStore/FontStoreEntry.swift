// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts

/// One font the store holds: the key it is filed under, its file and its faces.
///
/// ```swift
/// for entry in store.entries {
///   print(entry.key, entry.postScriptNames, entry.fileURL.lastPathComponent)
///   // https://cdn.example.com/fonts/#Pretendard-SemiBold  ["Pretendard-SemiBold"]  9f2c….otf
/// }
/// ```
public struct FontStoreEntry: Hashable, Sendable, CustomStringConvertible {
  /// The key: a source's identifier and the face's file stem, or what
  /// ``FontStore/install(_:key:origin:version:)`` was given.
  public let key: String
  /// The stored file, named by the SHA-256 of its bytes.
  public let fileURL: URL
  /// The SHA-256 of the stored file (after WOFF or WOFF2 decoding).
  public let sha256: SHA256Digest
  /// The PostScript names of the file's faces, in file order.
  public let postScriptNames: [String]
  /// Where the bytes came from, such as a URL, when known.
  public let origin: String?
  /// The source's cache key when the file was stored.
  public let version: String?
  /// When the file was stored, to the second.
  public let installed: Date
  /// The registered faces; empty when the file could not be registered (see
  /// ``FontStore/issues``).
  public let faces: [FontFace]

  /// `key: PostScript names (file)`.
  public var description: String {
    "\(key): \(postScriptNames.joined(separator: ", ")) (\(fileURL.lastPathComponent))"
  }
}
