// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleFonts

/// A folder laid out like a SwiftPM resource bundle: fonts at the top (as `.process` leaves
/// them), in a subfolder (as `.copy("Fonts")` keeps them), a hidden folder, and a file that is
/// not a font.
private func makeBundleFolder() throws -> URL {
  let folder = try Fixtures.temporaryDirectory("typescale-bundle")
    .appendingPathComponent("App_App.resources")
  let manager = FileManager.default
  for sub in ["Fonts/Web", ".hidden"] {
    try manager.createDirectory(
      at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
  }
  for (fixture, path) in [
    ("Fixture-Regular.ttf", "Fixture-Regular.ttf"),
    ("Fixture-Bold.ttf", "Fonts/Fixture-Bold.TTF"),
    ("Fixture-Hangul.otf", "Fonts/Fixture-Hangul.otf"),
    ("Fixture-Italic.ttf", "Fonts/Web/Fixture-Italic.ttf"),
    ("Fixture-Black.ttf", ".hidden/Fixture-Black.ttf"),
  ] {
    try manager.copyItem(at: Fixtures.font(fixture), to: folder.appendingPathComponent(path))
  }
  try Data("not a font".utf8).write(to: folder.appendingPathComponent("Fonts/README.txt"))
  return folder
}

@Suite struct BundleRegistrationTests {
  @Test func registerFontsInBundle_registersEveryFontResourceRecursively() throws {
    let folder = try makeBundleFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let bundle = try #require(Bundle(path: folder.path))
    let registry = try FontRegistry()

    let registration = try registry.registerFonts(in: bundle)
    #expect(registration.fileCount == 4)
    #expect(registration.failures.isEmpty)
    #expect(
      registration.faces.map(\.postScriptName) == [
        "TypeScaleFixture-Regular", "TypeScaleFixture-Bold", "TypeScaleFixtureKR-Regular",
        "TypeScaleFixture-Italic",
      ])
    #expect(
      registry.face(postScriptName: "TypeScaleFixture-Bold")?.source.fileName
        == "Fixture-Bold.TTF")
    #expect(registry.face(postScriptName: "TypeScaleFixture-Black") == nil)  // hidden folder

    // Registering again is idempotent.
    let again = try registry.registerFonts(in: bundle)
    #expect(again.faces.map(\.id) == registration.faces.map(\.id))
  }

  @Test func registerFontsInBundle_subdirectoryLimitsTheSearch() throws {
    let folder = try makeBundleFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let bundle = try #require(Bundle(path: folder.path))
    let registry = try FontRegistry()

    let registration = try registry.registerFonts(in: bundle, subdirectory: "Fonts/Web")
    #expect(registration.fileCount == 1)
    #expect(registration.faces.map(\.postScriptName) == ["TypeScaleFixture-Italic"])

    #expect {
      try registry.registerFonts(in: bundle, subdirectory: "Missing")
    } throws: { error in
      let error = error as? FontError
      return error?.code == .fileNotFound && error?.message.contains("\"Missing\"") == true
    }
  }

  @Test func registerFontsInBundle_bundleWithoutFontsRegistersNothing() throws {
    let folder = try Fixtures.temporaryDirectory("typescale-empty-bundle")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try #require(Bundle(path: folder.path))
    let registry = try FontRegistry()
    let registration = try registry.registerFonts(in: bundle)
    #expect(registration.fileCount == 0 && registration.faces.isEmpty)
  }
}
