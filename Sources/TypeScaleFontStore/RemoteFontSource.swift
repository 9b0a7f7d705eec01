// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Where a ``FontStore`` fetches font files from: a hosted folder, a custom HTTP request, or any
/// code that returns bytes.
///
/// A source only fetches; the store validates, stores and registers what it returns, and never
/// asks a source for a face it already holds. Implement it to add a source of your own:
///
/// ```swift
/// struct BundleSource: RemoteFontSource {
///   var identifier: String { "bundle:Fonts" }
///   func fetch(_ request: FontRequest) async throws -> Data {
///     try Data(contentsOf: fontsFolder.appendingPathComponent(request.fileName(extension: "ttf")))
///   }
/// }
/// ```
///
/// The store files what a source returns under ``identifier`` and the request's file stem, and
/// records ``cacheKey`` beside it: change the cache key (a version, a release date) and the next
/// load fetches again and replaces the stored file.
public protocol RemoteFontSource: Sendable {
  /// A stable name for where the bytes come from, such as the hosted folder's URL; part of the
  /// key the store files a face under.
  var identifier: String { get }

  /// The version of what the source serves; `nil` when it never changes.
  ///
  /// A face stored under another cache key is fetched again and replaced.
  var cacheKey: String? { get }

  /// Fetches the bytes of one face: TrueType, OpenType, a collection, WOFF or WOFF2.
  ///
  /// - Parameter request: The family and style, and the file name a host keeps it under.
  /// - Returns: The bytes, unvalidated: the store checks them.
  /// - Throws: A ``FontStoreError`` (``FontStoreError/Code/httpStatus``,
  ///   ``FontStoreError/Code/network``) or any error of the source's own, which the store
  ///   reports as ``FontStoreError/Code/sourceFailed``.
  func fetch(_ request: FontRequest) async throws -> Data
}

extension RemoteFontSource {
  /// No cache key: a stored face is kept until it is removed.
  public var cacheKey: String? { nil }
}
