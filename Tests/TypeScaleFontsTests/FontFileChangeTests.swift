// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleLayout
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleFonts

/// A temporary folder with copies of fixture fonts, registered into a fresh registry.
private struct Registered {
  let folder: URL
  let registry: FontRegistry

  init(_ fixtures: [String]) throws {
    folder = try Fixtures.temporaryDirectory("typescale-changes")
    registry = try FontRegistry()
    for name in fixtures {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.copyItem(at: Fixtures.font(name), to: url)
      try registry.register(fileAt: url)
    }
  }

  func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

  func delete(_ name: String) throws { try FileManager.default.removeItem(at: url(name)) }

  /// Lays out with a fresh engine (no HarfBuzz face cached), as a new request would.
  func layout(_ match: FontMatch) throws -> TextLayout {
    try TextLayoutEngine(registry: registry).layout(
      "Hamburgefonstiv", font: LayoutFont(match: match, pointSize: 17))
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// How a registered file is replaced.
enum Replacement: String, CaseIterable, Sendable {
  /// Another file renamed over it (a new inode), as deployments and atomic writers do.
  case renamedOver
  /// Rewritten in place (same inode, new size and modification time), as `cp` does.
  case rewrittenInPlace

  func replace(_ url: URL, with fixture: String) throws {
    let bytes = try Data(contentsOf: Fixtures.font(fixture))
    switch self {
    case .renamedOver:
      try bytes.write(to: url, options: .atomic)
    case .rewrittenInPlace:
      let handle = try FileHandle(forWritingTo: url)
      defer { try? handle.close() }
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: bytes)
    }
  }
}

@Suite struct FontFileChangeTests {
  @Test func resolve_deletedFaceGivesTheFamilysNextFaceAndSaysWhy() throws {
    let fonts = try Registered(["Fixture-Regular.ttf", "Fixture-Bold.ttf"])
    defer { fonts.remove() }
    try fonts.delete("Fixture-Bold.ttf")
    let query = FontQuery(family: "TypeScale Fixture", weight: .bold)

    let match = fonts.registry.resolve(query)
    #expect(match.face.postScriptName == "TypeScaleFixture-Regular")
    #expect(!match.isExact)
    #expect(match.diagnostics.map(\.kind) == [.fileUnavailable, .weightSubstituted])
    #expect(match.diagnostics[0].message.contains(fonts.url("Fixture-Bold.ttf").path))
    #expect(match.diagnostics[0].message.contains("deleted"))
    #expect(try fonts.registry.match(query) == match)

    let layout = try fonts.layout(match)
    #expect(layout.font.face.postScriptName == "TypeScaleFixture-Regular")
    #expect(layout.width > 0)
  }

  @Test func resolve_deletedOnlyFaceFallsBackToTheDefaultAndMatchThrows() throws {
    let fonts = try Registered(["Fixture-Bold.ttf"])
    defer { fonts.remove() }
    try fonts.delete("Fixture-Bold.ttf")
    let query = FontQuery(family: "TypeScaleFixture-Bold")

    let match = fonts.registry.resolve(query)
    #expect(match.usedDefault && !match.isExact)
    #expect(match.face.family == "Noto Sans")
    #expect(match.diagnostics.map(\.kind) == [.fileUnavailable, .notRegistered])
    #expect(throws: FontError.self) { try fonts.registry.match(query) }
    do {
      _ = try fonts.registry.match(query)
    } catch {
      #expect(error.code == .fileNotFound)
      #expect(error.message.contains("deleted"))
    }
    #expect(try fonts.layout(match).font.face.family == "Noto Sans")
  }

  @Test(arguments: Replacement.allCases)
  func resolve_replacedFileIsNotServedAsTheRegisteredFace(_ replacement: Replacement) throws {
    let fonts = try Registered(["Fixture-Regular.ttf"])
    defer { fonts.remove() }
    let url = fonts.url("Fixture-Regular.ttf")
    let registered = try #require(fonts.registry.face(postScriptName: "TypeScaleFixture-Regular"))
    try replacement.replace(url, with: "Fixture-Black.ttf")
    let query = FontQuery(family: "TypeScaleFixture-Regular")

    let match = fonts.registry.resolve(query)
    #expect(match.usedDefault)
    #expect(match.diagnostics.map(\.kind) == [.fileUnavailable, .notRegistered])
    #expect(match.diagnostics[0].message.contains("changed since it was registered"))
    do {
      _ = try fonts.registry.match(query)
      Issue.record("match served a replaced file")
    } catch {
      #expect(error.code == .fileChanged)
      #expect(error.message.contains(url.path))
    }
    #expect(throws: FontError.self) { try registered.source.bytes() }
    #expect(try fonts.layout(match).font.face.family == "Noto Sans")

    // Registering the file again takes the new font.
    let again = try fonts.registry.register(fileAt: url)
    #expect(again.map(\.postScriptName) == ["TypeScaleFixture-Black"])
    let black = try fonts.registry.match(FontQuery(family: "TypeScaleFixture-Black"))
    #expect(black.isExact)
    #expect(try fonts.layout(black).font.face.weight.value == 900)
  }

  @Test func resolve_bytesAlreadyReadKeepServingAfterTheFileIsDeleted() throws {
    let fonts = try Registered(["Fixture-Regular.ttf"])
    defer { fonts.remove() }
    let query = FontQuery(family: "TypeScaleFixture-Regular")
    let before = try fonts.layout(fonts.registry.resolve(query))
    #expect(fonts.registry.dataCache.statistics.files == 1)
    try fonts.delete("Fixture-Regular.ttf")

    let match = fonts.registry.resolve(query)
    #expect(match.isExact && match.diagnostics.isEmpty)
    #expect(match.face.postScriptName == "TypeScaleFixture-Regular")
    let after = try fonts.layout(match)
    #expect(after.width == before.width)

    // Once the cached bytes are gone, the face is reported unavailable, not served.
    fonts.registry.dataCache.removeAll()
    let dropped = fonts.registry.resolve(query)
    #expect(dropped.usedDefault)
    #expect(dropped.diagnostics.first?.kind == .fileUnavailable)
  }

  @Test func dataCache_refusesAReplacedFileOfTheSameSize() throws {
    // The size alone used to be checked: a file of the same size but other bytes was read as
    // the registered font.
    let fonts = try Registered(["Fixture-Regular.ttf"])
    defer { fonts.remove() }
    let url = fonts.url("Fixture-Regular.ttf")
    let face = try #require(fonts.registry.face(postScriptName: "TypeScaleFixture-Regular"))
    var bytes = try Data(contentsOf: url)
    bytes[bytes.count - 1] ^= 0xFF
    try bytes.write(to: url, options: .atomic)
    #expect(throws: FontError.self) { try fonts.registry.dataCache.bytes(for: face.source) }
    #expect(fonts.registry.resolve(FontQuery(family: "TypeScaleFixture-Regular")).usedDefault)
  }
}
