// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A source whose bytes come from a closure: a database, an asset pipeline, a test.
///
/// ```swift
/// let assets = BytesFontSource(identifier: "assets", cacheKey: build) { request in
///   try await assetStore.data(named: request.fileName(extension: "ttf"))
/// }
/// ```
public struct BytesFontSource: RemoteFontSource {
  /// A stable name for where the bytes come from, part of the key faces are stored under.
  public let identifier: String
  /// The version of the bytes; change it to fetch every face again.
  public let cacheKey: String?
  private let bytes: @Sendable (FontRequest) async throws -> Data

  /// Creates a source from a closure.
  ///
  /// - Parameters:
  ///   - identifier: A stable name for the source.
  ///   - cacheKey: The version of the bytes, or `nil`.
  ///   - bytes: Returns a face's bytes; an error it throws is reported as
  ///     ``FontStoreError/Code/sourceFailed`` unless it is a ``FontStoreError``.
  public init(
    identifier: String, cacheKey: String? = nil,
    bytes: @escaping @Sendable (FontRequest) async throws -> Data
  ) {
    self.identifier = identifier
    self.cacheKey = cacheKey
    self.bytes = bytes
  }

  /// Calls the closure.
  ///
  /// - Parameter request: The face.
  /// - Returns: The closure's bytes.
  /// - Throws: What the closure throws.
  public func fetch(_ request: FontRequest) async throws -> Data {
    try await bytes(request)
  }
}
