// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleFonts

/// A family shaped like NanumGothic: its regular face's PostScript name is the family name
/// (`FixtureGothic`), the others are `FixtureGothicBold` and `FixtureGothic-Italic`; the regular
/// face's full name is the family name too, as NanumGothic's is.
private func gothicFamily() throws -> FontRegistry {
  let registry = try FontRegistry()
  for (fixture, style, fullName, postScriptName) in [
    ("Fixture-Regular.ttf", "Regular", "FixtureGothic", "FixtureGothic"),
    ("Fixture-Bold.ttf", "Bold", "FixtureGothic Bold", "FixtureGothicBold"),
    ("Fixture-Italic.ttf", "Italic", "FixtureGothic Italic", "FixtureGothic-Italic"),
  ] {
    let bytes = try FontBytes.renamed(
      fixture, family: "FixtureGothic", style: style, fullName: fullName,
      postScriptName: postScriptName)
    try registry.register(data: bytes, name: postScriptName + ".ttf")
  }
  return registry
}

@Suite struct FontNameLookupTests {
  fileprivate struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    var weight = 400
    var italic = false
    var width = FontWidth.normal
    let expected: String
    let diagnostics: [FontDiagnostic.Kind]
    var testDescription: String {
      "\"\(name)\" \(weight)\(italic ? " italic" : "") \(width) → \(expected)"
    }
  }

  private static let cases = [
    // The family name that is also the regular face's PostScript name: no style asked → that
    // face; any style asked → CSS matching over the family, every substitution reported.
    Case(name: "FixtureGothic", expected: "FixtureGothic", diagnostics: []),
    Case(name: "FixtureGothic", weight: 700, expected: "FixtureGothicBold", diagnostics: []),
    Case(name: "fixturegothic", weight: 700, expected: "FixtureGothicBold", diagnostics: []),
    Case(name: "FixtureGothic", italic: true, expected: "FixtureGothic-Italic", diagnostics: []),
    Case(
      name: "FixtureGothic", weight: 900, italic: true, expected: "FixtureGothic-Italic",
      diagnostics: [.weightSubstituted]),
    Case(
      name: "FixtureGothic", weight: 600, expected: "FixtureGothicBold",
      diagnostics: [.weightSubstituted]),
    Case(
      name: "FixtureGothic", width: .condensed, expected: "FixtureGothic",
      diagnostics: [.widthSubstituted]),
    // A PostScript name that is not a family names one face: kept, and a style it lacks is
    // reported rather than dropped.
    Case(name: "FixtureGothicBold", expected: "FixtureGothicBold", diagnostics: []),
    Case(name: "FixtureGothicBold", weight: 700, expected: "FixtureGothicBold", diagnostics: []),
    Case(
      name: "FixtureGothicBold", weight: 300, expected: "FixtureGothicBold",
      diagnostics: [.weightSubstituted]),
    Case(
      name: "FixtureGothic-Italic", weight: 700, expected: "FixtureGothic-Italic",
      diagnostics: [.weightSubstituted]),
    // Full names (name ID 4), case-insensitive, after PostScript and family names.
    Case(name: "FixtureGothic Bold", expected: "FixtureGothicBold", diagnostics: []),
    Case(name: "fixturegothic BOLD", weight: 700, expected: "FixtureGothicBold", diagnostics: []),
    Case(name: "FixtureGothic Italic", expected: "FixtureGothic-Italic", diagnostics: []),
    Case(
      name: "FixtureGothic Bold", italic: true, expected: "FixtureGothicBold",
      diagnostics: [.slopeSubstituted]),
  ]

  @Test(arguments: cases)
  fileprivate func match_namesFollowTheDocumentedPrecedence(_ test: Case) throws {
    let registry = try gothicFamily()
    let query = FontQuery(
      family: test.name, weight: try FontWeight(test.weight), italic: test.italic,
      width: test.width)
    let match = try registry.match(query)
    #expect(match.face.postScriptName == test.expected)
    #expect(match.diagnostics.map(\.kind) == test.diagnostics)
    #expect(match.isExact == test.diagnostics.isEmpty)
    let resolved = registry.resolve(query)
    #expect(resolved == match)
  }

  @Test func resolve_boldOfAFamilyNamedLikeItsRegularFaceIsTheBoldFace() throws {
    // issue 19 item 1: "NanumGothic" bold resolved to the regular face, exact, with no note.
    let registry = try gothicFamily()
    let match = registry.resolve(FontQuery(family: "FixtureGothic", weight: .bold))
    #expect(match.face.postScriptName == "FixtureGothicBold")
    #expect(match.face.weight.value == 700)
    #expect(match.isExact && match.diagnostics.isEmpty)
  }

  @Test func match_styleNotAppliedToAPostScriptNameSaysWhatToAskFor() throws {
    let registry = try gothicFamily()
    let match = try registry.match(FontQuery(family: "FixtureGothicBold", weight: .light))
    let message = try #require(match.diagnostics.first?.message)
    #expect(
      message
        == "\"FixtureGothicBold\" is the PostScript name of one face, FixtureGothicBold (weight "
        + "700); the requested light (300) was not applied (bold is not synthesized); ask for "
        + "the family \"FixtureGothic\" to match styles")
  }

  @Test func faceFullName_findsTheFixtureFacesByNameID4() throws {
    let registry = try FontRegistry()
    try registry.register(fileAt: Fixtures.font("Fixture-Bold.ttf"))
    let bold = try #require(registry.face(postScriptName: "TypeScaleFixture-Bold"))
    let fullName = try #require(bold.fullName)
    #expect(registry.face(fullName: fullName) == bold)
    #expect(registry.face(fullName: fullName.uppercased()) == bold)
    #expect(registry.face(fullName: "TypeScaleFixture-Bold") == nil)
    // The embedded default answers to its full name too.
    #expect(registry.face(fullName: "Noto Sans Regular")?.postScriptName == "NotoSans-Regular")
    #expect(try registry.match(FontQuery(family: fullName)).face == bold)
  }

  @Test func faceFullName_forgetsUnregisteredFaces() throws {
    let registry = try FontRegistry()
    let url = Fixtures.font("Fixture-Bold.ttf")
    let faces = try registry.register(fileAt: url)
    let fullName = try #require(faces.first?.fullName)
    try registry.unregister(fileAt: url)
    #expect(registry.face(fullName: fullName) == nil)
    #expect(registry.resolve(FontQuery(family: fullName)).usedDefault)
  }

  @Test func match_unknownNameMentionsFullNames() throws {
    let registry = try gothicFamily()
    #expect {
      try registry.match(FontQuery(family: "Nowhere Sans"))
    } throws: { error in
      let error = error as? FontError
      return error?.code == .notRegistered && error?.message.contains("a full name") == true
    }
  }
}
