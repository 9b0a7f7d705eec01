// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The store's index, `index.json`: which file each key maps to and the faces it holds.
///
/// ```json
/// {
///   "entries" : {
///     "https://cdn.example.com/fonts/#Pretendard-SemiBold" : {
///       "family" : "Pretendard",
///       "file" : "blobs/9f2c….otf",
///       "installed" : "2026-01-31T12:00:00Z",
///       "italic" : false,
///       "postScriptNames" : ["Pretendard-SemiBold"],
///       "sha256" : "9f2c…",
///       "size" : 1843220,
///       "version" : "v2",
///       "weight" : 600
///     }
///   },
///   "format" : 1
/// }
/// ```
///
/// `family`, `weight` and `italic` record the request a load stored the file for (an
/// ``FontStore/install(_:key:origin:version:)`` has none): keys are per source, so a load through
/// another source finds the face by them when its own source cannot be reached. They are
/// optional, so an index an earlier TypeScale wrote reads as before (and an earlier TypeScale
/// ignores them).
///
/// Written whole to a temporary file and renamed over the old one, under the store's lock; a
/// reader sees the old index or the new one, never a mix.
struct FontStoreIndex: Codable, Equatable, Sendable {
  /// The format this TypeScale reads and writes.
  ///
  /// A store with a newer format is refused rather than rewritten; an older one is started
  /// afresh (the store is a cache).
  static let currentFormat = 1

  /// One stored font.
  struct Entry: Codable, Equatable, Sendable {
    /// The file, relative to the store's folder: `blobs/<sha256>.<ext>`.
    var file: String
    /// The SHA-256 of the file, 64 lowercase hexadecimal digits.
    var sha256: String
    /// The file's size in bytes; `nil` in entries an earlier TypeScale wrote.
    var size: Int?
    /// The PostScript names of its faces.
    var postScriptNames: [String]
    /// Where the bytes came from, when known.
    var origin: String?
    /// The source's cache key when stored.
    var version: String?
    /// When it was stored, to the second.
    var installed: Date
    /// The family it was loaded for, as the request spelled it; `nil` for a font installed
    /// under a key of its own, and in entries an earlier TypeScale wrote.
    var family: String?
    /// The weight it was loaded for; `nil` as for ``family``.
    var weight: Int?
    /// Whether it was loaded as italic; `nil` as for ``family``.
    var italic: Bool?

    /// Whether the entry was stored for a request of this family (case-insensitively) and
    /// style: what an offline load from another source matches on.
    func wasStored(for request: FontRequest) -> Bool {
      guard let family, let weight, let italic else { return false }
      return FontRequest._fold(family) == FontRequest._fold(request.family)
        && weight == request.style.weight.value && italic == request.style.italic
    }
  }

  var format = FontStoreIndex.currentFormat
  var entries: [String: Entry] = [:]

  /// The index's JSON: sorted keys and indented, so two writes of one index are the same bytes.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(self)
  }

  /// Reads an index; throws for anything that is not one.
  static func decoded(from data: Data) throws -> FontStoreIndex {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(FontStoreIndex.self, from: data)
  }

  /// The format number alone, to tell a newer store from a damaged index.
  static func format(of data: Data) -> Int? {
    struct Header: Decodable { var format: Int }
    return try? JSONDecoder().decode(Header.self, from: data).format
  }

  /// The keys whose entries name a file.
  func keys(referencing file: String) -> [String] {
    entries.filter { $0.value.file == file }.map(\.key)
  }
}
