// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleFonts

/// Registers one fixture in a fresh registry and returns both.
private func registered(_ name: String) throws -> (FontRegistry, [FontFace]) {
  let registry = try FontRegistry()
  return (registry, try registry.register(fileAt: Fixtures.font(name)))
}

@Suite struct FontRegistryTests {
  @Test func register_trueTypeReadsNamesStyleAndMetrics() throws {
    let (registry, faces) = try registered("Fixture-Regular.ttf")
    let face = try #require(faces.first)
    #expect(faces.count == 1)
    #expect(face.postScriptName == "TypeScaleFixture-Regular")
    #expect(face.postScriptNameSource == .font)
    #expect(face.family == "TypeScale Fixture")
    #expect(face.styleName == "Regular")
    #expect(face.weight == .regular)
    #expect(face.width == .normal)
    #expect(face.slope == .upright)
    #expect(!face.isVariable && face.namedInstanceIndex == nil)
    #expect(face.metrics.unitsPerEm == 1000)
    #expect(face.metrics.ascender == 1069 && face.metrics.descender == -293)
    #expect(face.metrics.lineGap == 0)
    #expect(face.metrics.lineHeight == 1362)
    #expect(face.metrics.capHeight == 714)
    #expect(face.metrics.glyphCount > 90)
    #expect(face.coverage.contains("A") && face.coverage.contains("~"))
    #expect(!face.coverage.contains("한"))
    #expect(face.faceIndex == 0 && face.collectionIndex == 0)
    #expect(face.source.kind == .file && face.source.fileName == "Fixture-Regular.ttf")
    #expect(registry.face(postScriptName: "TypeScaleFixture-Regular") == face)
    #expect(registry.faces(family: "typescale FIXTURE") == [face])
  }

  @Test func register_collectionGivesEveryFace() throws {
    let (_, faces) = try registered("Fixture-Collection.ttc")
    #expect(
      faces.map(\.postScriptName)
        == ["TypeScaleFixture-Regular", "TypeScaleFixture-Bold", "TypeScaleFixture-Italic"])
    #expect(faces.map(\.faceIndex) == [0, 1, 2])
    #expect(faces.map(\.weight) == [.regular, .bold, .regular])
    #expect(faces.map(\.slope) == [.upright, .upright, .italic])
    #expect(Set(faces.map(\.source)).count == 1)
  }

  @Test(arguments: ["Fixture-Regular.woff", "Fixture-Regular.woff2"])
  func register_webFontsMatchTheOriginal(_ name: String) throws {
    let (_, original) = try registered("Fixture-Regular.ttf")
    let (_, web) = try registered(name)
    let lhs = try #require(original.first)
    let rhs = try #require(web.first)
    #expect(rhs.postScriptName == lhs.postScriptName)
    #expect(rhs.family == lhs.family && rhs.styleName == lhs.styleName)
    #expect(rhs.weight == lhs.weight && rhs.width == lhs.width && rhs.slope == lhs.slope)
    #expect(rhs.metrics == lhs.metrics)
    #expect(rhs.coverage == lhs.coverage)
  }

  @Test func register_variableFontGivesEachNamedInstance() throws {
    let (_, faces) = try registered("Fixture-Variable.ttf")
    #expect(faces.count == 7)
    #expect(faces.map(\.weight.value) == [100, 300, 400, 500, 600, 700, 900])
    #expect(
      faces.map(\.postScriptName) == [
        "TypeScaleVariable-Thin", "TypeScaleVariable-Light", "TypeScaleVariable-Regular",
        "TypeScaleVariable-Medium", "TypeScaleVariable-SemiBold", "TypeScaleVariable-Bold",
        "TypeScaleVariable-Black",
      ])
    // The Medium instance has no postScriptNameID and FreeType 2.12 gives none: synthesized.
    #expect(faces[3].postScriptNameSource == .synthesized)
    #expect(faces[4].postScriptNameSource == .namedInstance)
    #expect(faces.map(\.styleName)[3] == "Medium")
    #expect(faces.allSatisfy { $0.isVariable && $0.family == "TypeScale Variable" })
    #expect(faces.map(\.namedInstanceIndex) == Array(0..<7).map(Optional.some))
    #expect(faces.map(\.faceIndex) == (1...7).map { $0 << 16 })
    let axis = try #require(faces.first?.axes.first)
    #expect(axis.tag == "wght" && axis.minimum == 100 && axis.maximum == 900)
    #expect(axis.defaultValue == 400)
    #expect(faces[5].variationCoordinates == ["wght": 700])
    #expect(faces[0].namedInstances.count == 7)
  }

  @Test func register_koreanFixture() throws {
    let (_, faces) = try registered("Fixture-Hangul.otf")
    let face = try #require(faces.first)
    #expect(face.postScriptName == "TypeScaleFixtureKR-Regular")
    #expect(face.coverage.covers("안녕하세요 여러분"))
  }

  @Test func register_lineMetricsComeFromHheaNotTypo() throws {
    // The CJK fixture's hhea (1160, −288, 0) and OS/2 typo metrics (880, −120, 0) differ; Core
    // Text reads hhea, so a 17 pt line is 17 × 1448 / 1000 high, not 17.
    let (_, faces) = try registered("Fixture-Hangul.otf")
    let metrics = try #require(faces.first).metrics
    #expect(metrics.ascender == 1160 && metrics.descender == -288 && metrics.lineGap == 0)
    #expect(metrics.lineHeight == 1448)
    #expect(abs(metrics.lineHeight(atPointSize: 17) - 24.616) < 1e-9)
  }

  @Test func register_colourBitmapFontReadsUnitsPerEmFromHead() throws {
    // FreeType reports 0 units per em for bitmap-only (CBDT) fonts; the head table has 2048.
    let (_, faces) = try registered("Fixture-Emoji.ttf")
    let face = try #require(faces.first)
    #expect(face.metrics.unitsPerEm == 2048)
    #expect(face.metrics.lineHeight(atPointSize: 17).isFinite)
    #expect(face.coverage.contains("👍"))
  }

  @Test func register_sameFileAgainReturnsTheSameFaces() throws {
    let (registry, first) = try registered("Fixture-Collection.ttc")
    let scans = registry.statistics.scans
    let again = try registry.register(fileAt: Fixtures.font("Fixture-Collection.ttc"))
    // Another spelling of the same path is the same file.
    let spelled = Fixtures.fontsDirectory.appendingPathComponent("../Fonts/Fixture-Collection.ttc")
    let third = try registry.register(fileAt: spelled)
    #expect(again == first && third == first)
    #expect(again.map { $0._storage === first[0]._storage } == [true, false, false])
    #expect(registry.statistics.scans == scans)
    #expect(registry.statistics.deduplicatedRegistrations == 2)
  }

  @Test func register_conflictingPostScriptNameNamesBothFiles() throws {
    let (registry, _) = try registered("Fixture-Regular.ttf")
    let error = #expect(throws: FontError.self) {
      try registry.register(fileAt: Fixtures.font("Fixture-Collection.ttc"))
    }
    #expect(error?.code == .duplicatePostScriptName)
    #expect(error?.code.ctFontManagerErrorCode == 305)
    #expect(
      error?.message.contains("Fixture-Collection.ttc has a face named TypeScaleFixture-Regular")
        == true)
    #expect(error?.message.contains("Fixture-Regular.ttf already registered") == true)
    // Nothing of the conflicting file was registered.
    #expect(registry.face(postScriptName: "TypeScaleFixture-Bold") == nil)
  }

  @Test func unregister_removesFromLookupAndKeepsHeldFacesValid() throws {
    let (registry, faces) = try registered("Fixture-Bold.ttf")
    let held = try #require(faces.first)
    try registry.unregister(fileAt: Fixtures.font("Fixture-Bold.ttf"))
    #expect(registry.face(postScriptName: "TypeScaleFixture-Bold") == nil)
    #expect(registry.faces(family: "TypeScale Fixture").isEmpty)
    #expect(held.postScriptName == "TypeScaleFixture-Bold")
    #expect(try held.source.bytes().count == held.source.byteCount)
    let error = #expect(throws: FontError.self) {
      try registry.unregister(fileAt: Fixtures.font("Fixture-Bold.ttf"))
    }
    #expect(error?.code == .notRegistered)
    // Registering again works and a different file may now take the name.
    #expect(try registry.register(fileAt: Fixtures.font("Fixture-Bold.ttf")).count == 1)
  }

  @Test func register_concurrentCallsForOneFileScanOnce() async throws {
    let registry = try FontRegistry()
    let before = registry.statistics
    let url = Fixtures.font("Fixture-Collection.ttc")
    let results = try await withThrowingTaskGroup(of: [FontFace].self) { group in
      for _ in 0..<64 {
        group.addTask { try registry.register(fileAt: url) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 64)
    #expect(Set(results.map { $0.map(\.postScriptName) }).count == 1)
    let after = registry.statistics
    #expect(after.scans == before.scans + 1)
    #expect(after.deduplicatedRegistrations == before.deduplicatedRegistrations + 63)
    #expect(after.registeredFaces == before.registeredFaces + 3)
  }

  @Test func register_dataRoundTripsAndUnregistersByHandle() throws {
    let registry = try FontRegistry()
    let bytes = try Data(contentsOf: Fixtures.font("Fixture-Regular.woff2"))
    let registration = try registry.register(data: bytes, name: "download.woff2")
    #expect(registration.faces.map(\.postScriptName) == ["TypeScaleFixture-Regular"])
    #expect(registration.source.kind == .data && registration.source.path == nil)
    #expect(registration.source.fileName == "download.woff2")
    #expect(try registry.register(data: bytes) == registration)
    try registry.unregister(registration)
    #expect(registry.face(postScriptName: "TypeScaleFixture-Regular") == nil)
    #expect(throws: FontError.self) { try registry.unregister(registration) }
  }

  @Test func register_replacedFileIsRegisteredAfresh() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("brand.ttf")
    try FileManager.default.copyItem(at: Fixtures.font("Fixture-Regular.ttf"), to: url)
    let registry = try FontRegistry()
    #expect(
      try registry.register(fileAt: url).map(\.postScriptName) == ["TypeScaleFixture-Regular"])
    try FileManager.default.removeItem(at: url)
    try FileManager.default.copyItem(at: Fixtures.font("Fixture-Bold.ttf"), to: url)
    #expect(try registry.register(fileAt: url).map(\.postScriptName) == ["TypeScaleFixture-Bold"])
    #expect(registry.face(postScriptName: "TypeScaleFixture-Regular") == nil)
  }

  @Test func register_fullFontShadowsTheEmbeddedSubset() throws {
    let registry = try FontRegistry()
    let embedded = try #require(registry.face(postScriptName: "NotoSans-Regular"))
    #expect(embedded.source.kind == .embedded)
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("NotoSans-Regular.ttf")
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: try #require(embedded.source.path)), to: copy)
    let faces = try registry.register(fileAt: copy)
    #expect(registry.face(postScriptName: "NotoSans-Regular") == faces.first)
    #expect(registry.faces(family: "Noto Sans") == faces)
    #expect(registry.defaultFace == embedded)
    #expect(registry.defaultCascade().first == embedded)
    try registry.unregister(fileAt: copy)
    #expect(registry.face(postScriptName: "NotoSans-Regular") == embedded)
  }

  @Test func sha256_matchesTheFixtureIndex() throws {
    let index =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: Fixtures.font("index.json"))) as? [String: Any]
    let fonts = try #require(index?["fonts"] as? [[String: Any]])
    let entry = try #require(fonts.first { $0["file"] as? String == "Fixture-Collection.ttc" })
    let (_, faces) = try registered("Fixture-Collection.ttc")
    #expect(try faces[0].source.sha256().hex == entry["sha256"] as? String)
    #expect(faces[0].source.byteCount == entry["size"] as? Int)
  }
}

@Suite struct FontRegistryBadInputTests {
  fileprivate struct BadFile: Sendable, CustomTestStringConvertible {
    let name: String
    let code: FontError.Code
    let message: String
    var testDescription: String { name }
  }

  private static let badFiles = [
    BadFile(
      name: "broken-empty.ttf", code: .notAFont,
      message: "is not a font: the file is empty (0 bytes)"),
    BadFile(
      name: "broken-html.ttf", code: .notAFont,
      message: "is not a font: it starts with \"<!DOCTYPE html>⏎<html la…\": an HTML page"),
    BadFile(
      name: "broken-truncated.ttf", code: .corruptFont,
      message:
        "is truncated or corrupt: table 'GDEF' ends at byte 11608, but the file has 5491 bytes"),
    BadFile(
      name: "broken-random.ttf", code: .notAFont,
      message:
        "is not a font: its first bytes are 1c ce 1c cb 18 5f a4 77, which match no font format"),
    BadFile(
      name: "broken-zip.otf", code: .notAFont,
      message: "is not a font: it is a ZIP archive; extract the .ttf or .otf files from it first"),
    BadFile(name: "no-such-file.ttf", code: .fileNotFound, message: "no font file at "),
  ]

  @Test(arguments: badFiles)
  fileprivate func register_badFileThrowsItsTypedError(_ bad: BadFile) throws {
    let registry = try FontRegistry()
    let faces = registry.statistics.registeredFaces
    let error = #expect(throws: FontError.self) {
      try registry.register(fileAt: Fixtures.font(bad.name))
    }
    #expect(error?.code == bad.code)
    #expect(error?.message.contains(bad.message) == true, "\(error?.message ?? "")")
    #expect(error?.message.contains(bad.name) == true)
    #expect(registry.statistics.registeredFaces == faces)
  }

  @Test(arguments: badFiles.filter { $0.code != .fileNotFound })
  fileprivate func registerData_badBytesThrowTheSameCode(_ bad: BadFile) throws {
    let registry = try FontRegistry()
    let bytes = try Data(contentsOf: Fixtures.font(bad.name))
    let error = #expect(throws: FontError.self) {
      try registry.register(data: bytes, name: bad.name)
    }
    #expect(error?.code == bad.code)
  }

  @Test func register_directoryNamedLikeAFont() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fake = folder.appendingPathComponent("x.ttf")
    try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
    let registry = try FontRegistry()
    let error = #expect(throws: FontError.self) { try registry.register(fileAt: fake) }
    #expect(error?.code == .unreadableFile)
    #expect(error?.message.contains("x.ttf is a folder, not a font file") == true)
  }

  @Test func register_rejectsFilesOverTheSizeLimit() throws {
    let registry = try FontRegistry(options: .init(maximumFileSize: 1000))
    let error = #expect(throws: FontError.self) {
      try registry.register(fileAt: Fixtures.font("Fixture-Regular.ttf"))
    }
    #expect(error?.code == .tooLarge)
    #expect(error?.message.contains("over the limit of 1000") == true)
  }

  @Test func unregister_embeddedFontsStay() throws {
    let registry = try FontRegistry()
    let path = try #require(registry.defaultFace.source.path)
    let error = #expect(throws: FontError.self) {
      try registry.unregister(fileAt: URL(fileURLWithPath: path))
    }
    #expect(error?.code == .invalidArgument)
    #expect(registry.face(postScriptName: "NotoSans-Regular") != nil)
  }

  @Test func registerFonts_inFolderReportsEachFailureAndRegistersTheRest() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let nested = folder.appendingPathComponent("nested")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    for name in ["Fixture-Regular.ttf", "Fixture-Bold.ttf", "broken-html.ttf"] {
      try FileManager.default.copyItem(
        at: Fixtures.font(name), to: folder.appendingPathComponent(name))
    }
    try FileManager.default.copyItem(
      at: Fixtures.font("Fixture-Italic.ttf"), to: nested.appendingPathComponent("ITALIC.TTF"))
    try FileManager.default.copyItem(
      at: Fixtures.font("Fixture-Light.ttf"), to: folder.appendingPathComponent("notes.txt"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("x.ttf"), withIntermediateDirectories: true)

    let registry = try FontRegistry()
    let flat = try registry.registerFonts(in: folder, recursive: false)
    #expect(flat.fileCount == 4)
    #expect(
      flat.faces.map(\.postScriptName) == ["TypeScaleFixture-Bold", "TypeScaleFixture-Regular"])
    #expect(flat.failures.map { $0.url.lastPathComponent } == ["broken-html.ttf", "x.ttf"])
    #expect(flat.failures.map(\.error.code) == [.notAFont, .unreadableFile])

    let deep = try registry.registerFonts(in: folder)
    #expect(deep.fileCount == 5)
    #expect(deep.faces.map(\.postScriptName).contains("TypeScaleFixture-Italic"))
    #expect(registry.face(postScriptName: "TypeScaleFixture-Light") == nil)
  }

  @Test func registerFonts_missingFolderThrows() throws {
    let registry = try FontRegistry()
    let error = #expect(throws: FontError.self) {
      try registry.registerFonts(in: Fixtures.font("no-such-folder"))
    }
    #expect(error?.code == .fileNotFound)
  }
}
