// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleFontStore

/// A file a source serves for a request, and whether the store must refuse it.
struct ServedFile: Sendable, CustomTestStringConvertible {
  let file: String
  let family: String
  let style: FontRequest.Style
  /// What differs, or `nil` when the file is the face asked for.
  let refused: FontMismatch.Aspect?

  init(
    _ file: String, as family: String, _ style: FontRequest.Style, _ refused: FontMismatch.Aspect?
  ) {
    self.file = file
    self.family = family
    self.style = style
    self.refused = refused
  }

  var request: FontRequest { FontRequest(family: family, style: style) }
  var testDescription: String { "\(file) for \(request)" }

  static let all: [ServedFile] = [
    // The cases: another family, and Thin filed as Regular.
    ServedFile("Fixture-Regular.woff", as: "WoffOnly", .regular, .family),
    ServedFile("Fixture-Thin.ttf", as: "TypeScale Fixture", .regular, .style),
    ServedFile("Fixture-Hangul.otf", as: "TypeScale Fixture", .regular, .family),
    ServedFile("Fixture-Regular.ttf", as: "TypeScale Fixture", .italic, .style),
    ServedFile("Fixture-Italic.ttf", as: "TypeScale Fixture", .regular, .style),
    ServedFile("Fixture-Bold.ttf", as: "TypeScale Fixture", .boldItalic, .style),
    ServedFile("Fixture-Black.ttf", as: "TypeScale Fixture", .bold, .style),
    ServedFile("Fixture-Variable.ttf", as: "TypeScale Variable", .italic, .style),
    // Accepted: the family case-insensitively, by its legacy (ID 1) name, or a PostScript name;
    // a variable font whose wght axis holds the weight; a collection with the face.
    ServedFile("Fixture-Light.ttf", as: "typescale FIXTURE", .light, nil),
    ServedFile("Fixture-Light.ttf", as: "TypeScale Fixture Light", .light, nil),
    ServedFile("Fixture-Medium.ttf", as: "TypeScaleFixture-Medium", .medium, nil),
    ServedFile("Fixture-Variable.ttf", as: "TypeScale Variable", .semibold, nil),
    ServedFile("Fixture-Variable.ttf", as: "TypeScale Variable", .extraBold, nil),
    ServedFile("Fixture-Collection.ttc", as: "TypeScale Fixture", .italic, nil),
    ServedFile("Fixture-BoldItalic.ttf", as: "TypeScale Fixture", .boldItalic, nil),
    ServedFile("Fixture-Regular.woff2", as: "TypeScale Fixture", .regular, nil),
  ]
}

@Suite struct FontStoreRequestCheckTests {
  @Test(arguments: ServedFile.all)
  func load_checksTheFileAgainstTheRequestBeforeStoring(_ served: ServedFile) async throws {
    try await withTemporaryFolder { folder in
      let registry = try FontRegistry()
      let store = try FontStore(directory: folder, registry: registry)
      let bytes = try fixtureData(served.file)
      let source = BytesFontSource(identifier: "assets") { _ in bytes }
      let key = FontStore.key(for: served.request, from: source)
      guard let aspect = served.refused else {
        let faces = try await store.load([served.request], from: source)
        #expect(!faces.isEmpty)
        #expect(store.entries.map(\.key) == [key])
        #expect(store.diagnostics.isEmpty)
        return
      }
      let error = await storeError { try await store.load([served.request], from: source) }
      #expect(error?.code == .mismatch, "\(String(describing: error))")
      let mismatch = error?.underlying as? FontMismatch
      #expect(mismatch?.aspect == aspect)
      #expect(mismatch?.request == served.request)
      #expect(mismatch?.found.isEmpty == false)
      #expect(error?.message.contains("is not \(served.request)") == true)
      #expect(error?.message.contains("nothing was stored") == true)
      // Nothing of it is left: no entry, no file, no face.
      #expect(store.entries.isEmpty)
      #expect(snapshot(of: folder).keys.filter { $0.hasPrefix("blobs/") }.isEmpty)
      #expect(registeredNames(registry).isEmpty)
      #expect(error.map { store.state(for: key) == .failed($0) } == true)
    }
  }

  /// The first case through a hosted folder: `WoffOnly-Regular.woff` holding the fixture
  /// family is refused, naming what was asked for and what the file holds.
  @Test func hostedSource_fileOfAnotherFamilyIsAMismatchNamingBoth() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        server.route("/fonts/WoffOnly-Regular.woff", .font(Fixtures.font("Fixture-Regular.woff")))
        let source = HostedFolderFontSource(
          baseURL: server.url("/fonts/"), extensions: ["woff"], session: try loopbackSession())
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let error = await storeError { try await store.load(family: "WoffOnly", from: source) }
        #expect(error?.code == .mismatch)
        let message = error?.message ?? ""
        #expect(message.hasPrefix("WoffOnly-Regular (from \(source.identifier)) is not "))
        #expect(message.contains("\"WoffOnly\" Regular"), "\(message)")
        #expect(
          message.contains(
            "TypeScaleFixture-Regular (\"TypeScale Fixture\" Regular, full name "
              + "\"TypeScale Fixture Regular\", weight 400, upright)"), "\(message)")
        #expect(message.contains("ask for the family the file names"))
        #expect(store.entries.isEmpty)
      }
    }
  }

  /// The second case: `Inter.ttf` holding Thin, fetched as Regular.
  @Test func hostedSource_thinFileFetchedAsRegularIsAMismatchNamingTheWeights() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        server.route("/fonts/Inter.ttf", .font(Fixtures.font("Fixture-Thin.ttf")))
        let source = HostedFolderFontSource(
          baseURL: server.url("/fonts/"), extensions: ["ttf"], session: try loopbackSession())
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let request = FontRequest(family: "TypeScale Fixture", fileStem: "Inter")
        let error = await storeError { try await store.load([request], from: source) }
        #expect(error?.code == .mismatch)
        #expect((error?.underlying as? FontMismatch)?.aspect == .style)
        let message = error?.message ?? ""
        #expect(
          message.contains("is not \"TypeScale Fixture\" Regular (weight 400, upright)"),
          "\(message)")
        #expect(message.contains("TypeScaleFixture-Thin (\"TypeScale Fixture\" Thin"), "\(message)")
        #expect(message.contains("weight 100, upright"), "\(message)")
        #expect(store.entries.isEmpty)
      }
    }
  }

  @Test func install_withoutARequestChecksNoFamily() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      let faces = try store.install(try fixtureData("Fixture-Thin.ttf"), key: "Inter-Regular")
      #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-Thin"])
      #expect(store.diagnostics.isEmpty)
    }
  }

  // MARK: - Offline: found by family and style

  /// A port nothing listens on: every request fails to connect.
  private func unreachableURL() throws -> URL {
    let closed = try LoopbackServer()
    closed.stop()
    return closed.url("/fonts/")
  }

  @Test func load_offlineFindsAFaceStoredThroughAnotherSource() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      let assets = BytesFontSource(identifier: "assets") { request in
        try fixtureData("Fixture-\(request.style.name).ttf")
      }
      try await store.load(family: "TypeScale Fixture", styles: [.bold], from: assets)

      for registry in [store.registry, try FontRegistry()] {
        // The same store, and another opened on the folder (a restart): both answer offline.
        let opened =
          registry === store.registry ? store : try FontStore(directory: folder, registry: registry)
        let hosted = HostedFolderFontSource(
          baseURL: try unreachableURL(), extensions: ["ttf"], session: try loopbackSession())
        let faces = try await opened.load(
          family: "typescale fixture", styles: [.bold], from: hosted)
        #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-Bold"])
        #expect(opened.statistics.offlineHits == 1)
        #expect(opened.entries.map(\.key) == ["assets#TypeScaleFixture-Bold"])
        let note = try #require(opened.diagnostics.last)
        #expect(note.kind == .answeredFromStore)
        #expect(
          note.key
            == FontStore.key(
              for: FontRequest(family: "typescale fixture", style: .bold), from: hosted))
        #expect(note.message.contains("could not be reached"), "\(note.message)")
        #expect(
          note.message.contains("stored under assets#TypeScaleFixture-Bold"), "\(note.message)")

        // A style the store does not hold is still the network error.
        let error = await storeError {
          try await opened.load(family: "TypeScale Fixture", styles: [.italic], from: hosted)
        }
        #expect(error?.code == .network)
      }
    }
  }

  @Test func load_offlineThroughGoogleFindsAFaceStoredFromBytes() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      let assets = BytesFontSource(identifier: "assets") { _ in
        try fixtureData("Fixture-Regular.ttf")
      }
      try await store.load(family: "TypeScale Fixture", from: assets)
      let google = GoogleFontsSource(
        baseURL: try unreachableURL(), session: try loopbackSession())
      let faces = try await store.load(family: "TypeScale Fixture", from: google)
      #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-Regular"])
      #expect(store.diagnostics.map(\.kind) == [.answeredFromStore])
    }
  }

  @Test func load_offlineFindsAGoogleFaceByTheFamilyItWasLoadedAs() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = GoogleFontsSource(baseURL: server.url(""), session: try loopbackSession())
        let google = try FakeGoogleFamily(
          server, source: source, family: "Inter", stylesheet: "inter.css", files: interFiles)
        try google.serve(GoogleFontsQuery(family: "Inter", styles: [.regular]))
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        try await store.load(family: "Inter", styles: [.regular], from: source)
      }
      // The fixture calls itself "TypeScale Fixture"; the index recorded the request, "Inter".
      let reopened = try FontStore(directory: folder, registry: try FontRegistry())
      let hosted = HostedFolderFontSource(
        baseURL: try unreachableURL(), extensions: ["ttf"], session: try loopbackSession())
      let faces = try await reopened.load(family: "Inter", styles: [.regular], from: hosted)
      #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-Regular"])
      #expect(reopened.statistics.offlineHits == 1)
    }
  }

  // MARK: - Google Fonts: the family may differ, the style may not

  @Test func googleSource_fileNamedOtherwiseIsStoredWithANote() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = GoogleFontsSource(baseURL: server.url(""), session: try loopbackSession())
        let google = try FakeGoogleFamily(
          server, source: source, family: "Inter", stylesheet: "inter.css", files: interFiles)
        try google.serve(GoogleFontsQuery(family: "Inter", styles: [.bold]))
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let faces = try await store.load(family: "Inter", styles: [.bold], from: source)
        #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-Bold"])
        let note = try #require(store.diagnostics.first)
        #expect(store.diagnostics.count == 1)
        #expect(note.kind == .familyRenamed)
        #expect(note.key == source.identifier + "#Inter-Bold")
        #expect(note.request == FontRequest(family: "Inter", style: .bold))
        #expect(
          note.message.contains(
            "was served for \"Inter\" Bold and names its family \"TypeScale Fixture\""),
          "\(note.message)")
      }
    }
  }

  @Test func googleSource_fileOfAnotherStyleIsAMismatch() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        var files = interFiles
        for (name, fixture) in files where fixture == "Fixture-Bold.ttf" {
          files[name] = "Fixture-Thin.ttf"
        }
        let source = GoogleFontsSource(baseURL: server.url(""), session: try loopbackSession())
        let google = try FakeGoogleFamily(
          server, source: source, family: "Inter", stylesheet: "inter.css", files: files)
        try google.serve(GoogleFontsQuery(family: "Inter", styles: [.bold]))
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let error = await storeError {
          try await store.load(family: "Inter", styles: [.bold], from: source)
        }
        #expect(error?.code == .mismatch)
        #expect((error?.underlying as? FontMismatch)?.aspect == .style)
        #expect(error?.message.contains("weight 700, upright") == true)
        #expect(store.entries.isEmpty)
      }
    }
  }
}

@Suite struct FontRequestStyleTests {
  @Test(
    arguments: [
      (FontRequest.Style.thin, 100, false, "Thin"), (.thinItalic, 100, true, "ThinItalic"),
      (.extraLight, 200, false, "ExtraLight"), (.extraLightItalic, 200, true, "ExtraLightItalic"),
      (.light, 300, false, "Light"), (.lightItalic, 300, true, "LightItalic"),
      (.regular, 400, false, "Regular"), (.italic, 400, true, "Italic"),
      (.medium, 500, false, "Medium"), (.mediumItalic, 500, true, "MediumItalic"),
      (.semibold, 600, false, "SemiBold"), (.semiboldItalic, 600, true, "SemiBoldItalic"),
      (.bold, 700, false, "Bold"), (.boldItalic, 700, true, "BoldItalic"),
      (.extraBold, 800, false, "ExtraBold"), (.extraBoldItalic, 800, true, "ExtraBoldItalic"),
      (.black, 900, false, "Black"), (.blackItalic, 900, true, "BlackItalic"),
    ])
  func preset_hasItsWeightSlopeAndFileName(
    _ style: FontRequest.Style, weight: Int, italic: Bool, name: String
  ) {
    #expect(style.weight.value == weight)
    #expect(style.italic == italic)
    #expect(style.name == name)
  }

  @Test func presets_listEveryPresetOnceLightestFirst() {
    let presets = FontRequest.Style.presets
    #expect(presets.count == 18)
    #expect(Set(presets).count == 18)
    #expect(presets.map(\.weight.value) == (1...9).flatMap { [$0 * 100, $0 * 100] })
    #expect(presets.map(\.italic) == Array(repeating: [false, true], count: 9).flatMap { $0 })
    let styles: [FontRequest.Style] = [.regular, .bold, .boldItalic]
    #expect(
      styles.map { FontRequest(family: "Pretendard", style: $0).fileStem } == [
        "Pretendard-Regular", "Pretendard-Bold", "Pretendard-BoldItalic",
      ])
  }

  @Test func probedStyles_areTheNineWeightsUprightThenItalic() {
    let probed = GoogleFontsSource.probedStyles
    #expect(
      probed.map(\.weight.value) == Array((1...9).map { $0 * 100 }) + (1...9).map { $0 * 100 })
    #expect(probed.prefix(9).allSatisfy { !$0.italic })
    #expect(probed.suffix(9).allSatisfy { $0.italic })
  }
}
