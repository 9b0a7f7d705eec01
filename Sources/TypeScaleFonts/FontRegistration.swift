// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The handle for fonts registered from bytes: the faces, and the key to unregister them.
///
/// ```swift
/// let registration = try registry.register(data: downloaded, name: "brand.woff2")
/// registration.faces.map(\.postScriptName)   // ["Brand-Regular"]
/// try registry.unregister(registration)
/// ```
public struct FontRegistration: Hashable, Sendable {
  /// The faces the bytes contained, in file order.
  public let faces: [FontFace]
  /// The source every face shares.
  public let source: FontSource
}

/// The result of registering a folder: what registered, and per file what failed and why.
///
/// One bad file never stops the rest.
public struct DirectoryRegistration: Sendable {
  /// A file that could not be registered and the reason.
  public struct Failure: Sendable, CustomStringConvertible {
    /// The file.
    public let url: URL
    /// Why it failed.
    public let error: FontError
    /// `path: message`.
    public var description: String { "\(url.path): \(error.message)" }
  }

  /// Every face registered from the folder, in path order.
  public let faces: [FontFace]
  /// Every font-named file that failed, in path order.
  public let failures: [Failure]
  /// How many files had a font extension.
  public let fileCount: Int
}
