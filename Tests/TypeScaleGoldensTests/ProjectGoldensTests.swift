// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleGoldens
import TypeScaleLayout
import TypeScaleTestSupport
import TypeScaleTesting

/// The project's own goldens: real UI strings in twelve languages, in `Goldens/ui-strings.cases`.
@Suite struct ProjectGoldensTests {
  private var casesFile: URL { packageRoot().appendingPathComponent("Goldens/ui-strings.cases") }

  @Test func projectGoldens_uiStringsMatch() {
    expectGoldens(casesFile: casesFile)
  }

  /// An app's own type scale (`Goldens/app-typography.json`: Fixture faces, body capped at
  /// 32 pt, a fixed caption2, tokens `button`, `overline` and `tabLabel`) held to its goldens;
  /// its buttons must fit through Large and its tab labels everywhere.
  @Test func projectGoldens_appTypographyMatch() {
    expectGoldens(casesFile: packageRoot().appendingPathComponent("Goldens/app-typography.cases"))
  }

  /// Lays every distinct text of the suite out once, at 17 pt in its set's font and language, and
  /// checks that nothing is drawn as `.notdef` and that a fixture font borrows nothing from the
  /// embedded default: the `Fixture-UI-*` subsets must cover their strings.
  @Test func projectGoldens_noMissingCharacters() throws {
    let suite = try GoldenCasesFile.load(casesFile)
    let folder = casesFile.deletingLastPathComponent()
    let registry = try FontRegistry()
    let engine = TextLayoutEngine(registry: registry)
    var fonts: [String: (font: LayoutFont, faces: [FontFace])] = [:]
    for font in suite.fonts {
      guard !font.paths.isEmpty else {
        fonts[font.alias] = (try LayoutFont(face: registry.defaultFace, pointSize: 17), [])
        continue
      }
      var faces: [FontFace] = []
      for path in font.paths {
        let registered = try registry.register(fileAt: folder.appendingPathComponent(path))
        faces.append(try #require(registered.first, "\(path) has no face"))
      }
      let primary = try LayoutFont(
        face: faces[0], pointSize: 17, fallbackFaces: Array(faces.dropFirst()))
      fonts[font.alias] = (primary, faces)
    }

    var seen: Set<[String]> = []
    for test in suite.cases
    where seen.insert([test.font, test.language ?? "", test.text]).inserted {
      let font = try #require(fonts[test.font], "no font \(test.font)")
      var options = LayoutOptions()
      options.language = test.language
      let layout = try engine.layout(test.text, font: font.font, options: options)
      let missing = layout.diagnostics.missingCharacters
      #expect(
        missing.isEmpty,
        "\(test.id): no face covers \(missing.map { "U+\(String($0.value, radix: 16, uppercase: true))" })"
      )
      if !font.faces.isEmpty {
        let borrowed = layout.diagnostics.fallbackFaces.filter { !font.faces.contains($0) }
        #expect(
          borrowed.isEmpty,
          "\(test.id): borrowed \(borrowed.map(\.postScriptName)) from the embedded default")
      }
    }
    #expect(!seen.isEmpty)
  }
}
