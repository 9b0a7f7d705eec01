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

  /// Whether the files the source serves may name their family differently from the family
  /// they were asked for; `false` by default.
  ///
  /// The store checks every fetched file against the request before storing it. When this is
  /// `false`, a file none of whose faces is in the requested family (by its typographic,
  /// legacy or WWS family name, case-insensitively, or its PostScript name) is refused with
  /// ``FontStoreError/Code/mismatch``: a hosted folder's `Inter-Regular.ttf` that holds another
  /// family is a wrong file, not a new name. When it is `true` (``GoogleFontsSource``, whose
  /// stylesheet rather than the file says which family a file is), such a file is stored and a
  /// ``FontStoreDiagnostic/Kind/familyRenamed`` note says so. The style — weight class, or a
  /// `wght` axis that holds the weight, and slope — is checked for every source.
  var familyNamesMayDiffer: Bool { get }

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

  /// `false`: a file in another family is refused (``FontStoreError/Code/mismatch``).
  public var familyNamesMayDiffer: Bool { false }
}
