// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics

/// Text styles and platforms decode every spelling their parsers accept, as content-size
/// categories do, and an unknown name is refused with the valid names listed.
@Suite struct NameDecodingTests {
  /// Decodes one JSON string as `T`.
  private func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
    let data = Data("[\"\(name)\"]".utf8)
    return try JSONDecoder().decode([T].self, from: data)[0]
  }

  @Test(arguments: [
    ("title", TextStyle.title1), ("title1", .title1), ("Title 1", .title1), ("title-2", .title2),
    ("Large Title", .largeTitle), ("largeTitle", .largeTitle), ("LARGE_TITLE", .largeTitle),
    ("body", .body), ("Caption 2", .caption2), ("extraLargeTitle2", .extraLargeTitle2),
  ])
  func textStyle_decodesEverySpellingTheParserAccepts(_ name: String, _ style: TextStyle) throws {
    #expect(try decode(TextStyle.self, name) == style)
    #expect(try decode(TextStyle.self, name) == TextStyle(parsing: name))
  }

  @Test(arguments: [
    ("ios", Platform.iOS), ("iOS", .iOS), ("iPadOS", .iOS), ("watchOS", .watchOS),
    ("MACOS", .macOS), ("tvos", .tvOS),
  ])
  func platform_decodesEverySpellingTheParserAccepts(_ name: String, _ platform: Platform) throws {
    #expect(try decode(Platform.self, name) == platform)
  }

  @Test func textStyle_unknownNameListsTheValidStyles() throws {
    let error = #expect(throws: DecodingError.self) { try decode(TextStyle.self, "headlines") }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(
      context.debugDescription.hasPrefix(
        "unknown text style \"headlines\"; valid styles: largeTitle, "),
      "\(context.debugDescription)")
    #expect((context.underlyingError as? MetricsError)?.code == .unknownTextStyle)
  }

  @Test func platform_unknownNameListsTheValidPlatforms() throws {
    let error = #expect(throws: DecodingError.self) { try decode(Platform.self, "android") }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(
      context.debugDescription.hasPrefix("unknown platform \"android\"; valid platforms: ios"),
      "\(context.debugDescription)")
  }

  /// Encoding is unchanged: the raw value, which decodes back to the same value.
  @Test func encoding_isTheRawValueAndRoundTrips() throws {
    let styles = try JSONEncoder().encode(TextStyle.allCases)
    #expect(try JSONDecoder().decode([TextStyle].self, from: styles) == TextStyle.allCases)
    #expect(
      try JSONSerialization.jsonObject(with: styles) as? [String]
        == TextStyle.allCases.map(\.rawValue))
    let platforms = try JSONEncoder().encode(Platform.allCases)
    #expect(try JSONDecoder().decode([Platform].self, from: platforms) == Platform.allCases)
    #expect(
      try JSONSerialization.jsonObject(with: platforms) as? [String]
        == Platform.allCases.map(\.rawValue))
  }
}
