// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts

/// The embedded fonts' digests, memoised across registries, are the digests of their bytes and
/// the ones `fonts.json` publishes.
@Suite struct EmbeddedDigestTests {
  /// Every registry reports the same digest for each embedded file, equal to a fresh hash of the
  /// file's bytes and to `fonts.json`'s `sha256`.
  @Test func embeddedDigests_areTheBytesDigestInEveryRegistry() throws {
    let first = try FontRegistry()
    let second = try FontRegistry()
    let manifestURL = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/TypeScaleFonts/Fonts/fonts.json")
    let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL))
    let entries = (manifest as? [String: Any])?["fonts"] as? [[String: Any]] ?? []
    var published: [String: String] = [:]
    for entry in entries {
      if let file = entry["file"] as? String, let digest = entry["sha256"] as? String {
        published[file] = digest
      }
    }
    // Four Noto faces of the default cascade and three Roboto faces for Android's.
    #expect(published.count == 7)
    #expect(first.embeddedFaces.count == second.embeddedFaces.count)
    let firstFaces = try first.embeddedFaces + first.androidRobotoFaces()
    let secondFaces = try second.embeddedFaces + second.androidRobotoFaces()
    #expect(firstFaces.count == 7)
    for (one, other) in zip(firstFaces, secondFaces) {
      let path = try #require(one.source.path)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      let expected = SHA256Digest.hash(bytes).hex
      #expect(try one.source.sha256().hex == expected)
      #expect(try other.source.sha256().hex == expected)
      #expect(published[one.source.fileName] == expected, "\(one.source.fileName)")
    }
  }
}
