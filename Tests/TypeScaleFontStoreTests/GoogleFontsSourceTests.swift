// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleInternals
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleFontStore

/// The fixture fonts served for `inter.css`, by file name.
let interFiles = [
  "UcCO3FwrK3iLTeHuS_nVMrMxCp50SjIw2boKoduKmMEVuLyfMZg.ttf": "Fixture-Regular.ttf",
  "UcCO3FwrK3iLTeHuS_nVMrMxCp50SjIw2boKoduKmMEVuGKYMZg.ttf": "Fixture-Bold.ttf",
  "UcCM3FwrK3iLTcvneQg7Ca725JhhKnNqk4j1ebLhAm8SrXTc2dphjZ-Ek-7MeA.ttf": "Fixture-Italic.ttf",
  "UcCM3FwrK3iLTcvneQg7Ca725JhhKnNqk4j1ebLhAm8SrXTcPtxhjZ-Ek-7MeA.ttf": "Fixture-BoldItalic.ttf",
]

/// The subsets of `noto-sans-kr-subsets.css`, in stylesheet order.
private let koreanSubsets = [
  "PbyxFmXiEBPT4ITbgNA5Cgms3VYcOA-vvnIzzuoyeLTq8H4hfeE.110.woff2",
  "PbyxFmXiEBPT4ITbgNA5Cgms3VYcOA-vvnIzzuoyeLTq8H4hfeE.119.woff2",
  "PbyxFmXiEBPT4ITbgNA5Cgms3VYcOA-vvnIzzuoyeLTq8H4hfeE.woff2",
]

private func googleSource(_ server: LoopbackServer, cacheKey: String? = nil) throws
  -> GoogleFontsSource
{
  GoogleFontsSource(baseURL: server.url(""), session: try loopbackSession(), cacheKey: cacheKey)
}

/// The requests for font files (not stylesheets).
private func fileRequests(_ server: LoopbackServer) -> [String] {
  server.requests.map(\.path).filter { !$0.hasPrefix("/css2") }
}

@Suite struct GoogleFontsQueryTests {
  @Test func familyParameter_followsTheCSS2Syntax() throws {
    let styles = GoogleFontsQuery(family: "Inter", styles: [.bold, .italic, .regular])
    #expect(styles.familyParameter == "Inter:ital,wght@0,400;0,700;1,400")
    #expect(
      GoogleFontsQuery(family: "Inter", styles: [.bold, .regular]).familyParameter
        == "Inter:wght@400;700")
    #expect(GoogleFontsQuery(family: "Inter").familyParameter == "Inter:wght@400")
    #expect(GoogleFontsQuery(family: "Inter", tuples: []).familyParameter == "Inter")
    #expect(
      GoogleFontsQuery.variable(family: "Inter", weights: 100...900, italic: true).familyParameter
        == "Inter:ital,wght@0,100..900;1,100..900")
    let flex = GoogleFontsQuery(
      family: "Roboto Flex",
      tuples: [
        .init(weight: .range(100...1000), axes: ["opsz": .range(8...144), "GRAD": 0, "XTRA": 468])
      ])
    #expect(flex.axisTags == ["opsz", "wght", "GRAD", "XTRA"])
    #expect(flex.familyParameter == "Roboto Flex:opsz,wght,GRAD,XTRA@8..144,100..1000,0,468")
    let duplicates = GoogleFontsQuery(family: "Inter", styles: [.regular, .regular, .bold])
    #expect(duplicates.familyParameter == "Inter:wght@400;700")
  }

  @Test func url_encodesSpacesAndKeepsTheSyntax() throws {
    let source = GoogleFontsSource()
    let url = try source.url(
      for: GoogleFontsQuery(family: "Noto Sans KR", styles: [.bold, .regular]))
    #expect(
      url.absoluteString.hasPrefix(GoogleFontsSource.defaultBaseURL.absoluteString + "/css2?"))
    #expect(url.absoluteString.hasSuffix("/css2?family=Noto+Sans+KR:wght@400;700"))
    #expect(source.identifier == GoogleFontsSource.defaultBaseURL.absoluteString + "/css2")
    let mirror = GoogleFontsSource(baseURL: try #require(URL(string: "http://mirror.test/google")))
    #expect(
      try mirror.url(for: GoogleFontsQuery(family: "Ünïcode Sans")).absoluteString
        == "http://mirror.test/google/css2?family=%C3%9Cn%C3%AFcode+Sans:wght@400")
  }

  @Test func requests_staticStylesUseTheFamilyStyleStemAndVariableOnesTheirTuple() {
    let source = GoogleFontsSource()
    let query = GoogleFontsQuery(
      family: "Noto Sans KR",
      tuples: [.init(weight: 700), .init(italic: true, weight: .range(100...900))])
    let requests = source.requests(for: query)
    #expect(requests.map(\.fileStem) == ["NotoSansKR-Bold", "NotoSansKR[ital,wght@1,100..900]"])
    #expect(requests[1].style == .italic)
    #expect(
      FontStore.key(for: requests[0], from: source)
        == GoogleFontsSource.defaultBaseURL.absoluteString + "/css2#NotoSansKR-Bold")
  }

  @Test func validate_refusesWhatTheAPIWouldRefuse() {
    let source = GoogleFontsSource()
    let bad: [GoogleFontsQuery] = [
      GoogleFontsQuery(family: " "),
      GoogleFontsQuery(family: "Inter:wght@400"),
      GoogleFontsQuery(family: "Inter", tuples: [.init(weight: 1200)]),
      GoogleFontsQuery(family: "Inter", tuples: [.init(weight: .range(400...400))]),
      GoogleFontsQuery(family: "Inter", tuples: [.init(axes: ["width": 100])]),
      GoogleFontsQuery(family: "Inter", tuples: [.init(axes: ["wdth": 100]), .init()]),
    ]
    for query in bad {
      do {
        _ = try source.url(for: query)
        Issue.record("\(query) was accepted")
      } catch {
        #expect(error.code == .invalidArgument)
        #expect(error.message.hasPrefix("cannot ask Google Fonts for "))
      }
    }
  }

  @Test func googlesHostAppearsInOnePlaceOnly() throws {
    let sources = packageRoot().appendingPathComponent("Sources")
    var hits: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: sources.path)
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let text = try String(
        contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
      for host in ["fonts.googleapis.com", "fonts.gstatic.com", "googleapis", "gstatic"] {
        let count = text.components(separatedBy: host).count - 1
        hits += Array(repeating: "\(relative): \(host)", count: count)
      }
    }
    #expect(
      hits.sorted() == [
        "TypeScaleFontStore/GoogleFontsSource.swift: fonts.googleapis.com",
        "TypeScaleFontStore/GoogleFontsSource.swift: fonts.gstatic.com",
        "TypeScaleFontStore/GoogleFontsSource.swift: googleapis",
        "TypeScaleFontStore/GoogleFontsSource.swift: gstatic",
      ])
  }
}

@Suite struct GoogleFontsSourceTests {
  @Test func load_wholeFilesParsesTheFacesAndStoresEachStyle() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Inter", stylesheet: "inter.css", files: interFiles)
        let query = GoogleFontsQuery(family: "Inter", styles: [.regular, .bold, .italic])
        try google.serve(query)

        let parsed = try await source.faces(for: query)
        #expect(parsed.map(\.family) == ["Inter", "Inter", "Inter"])
        #expect(parsed.map(\.style) == [.italic, .normal, .normal])
        #expect(parsed.map(\.weight) == [400...400, 400...400, 700...700])
        #expect(parsed.allSatisfy { $0.unicodeRange == nil && !$0.isVariable })
        guard case .url(let url, let format)? = parsed.first?.sources.first else {
          Issue.record("no url() source")
          return
        }
        #expect(format == "truetype")
        #expect(url.host == "127.0.0.1" && url.pathExtension == "ttf")

        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let faces = try await store.load(
          family: "Inter", styles: [.regular, .bold, .italic], from: source)
        #expect(
          faces.map(\.postScriptName) == [
            "TypeScaleFixture-Regular", "TypeScaleFixture-Bold", "TypeScaleFixture-Italic",
          ])
        let target = try google.target(query)
        #expect(server.requestCount(target) == 2)  // faces(for:) above, then the load
        #expect(fileRequests(server).count == 3)
        #expect(Set(fileRequests(server)).count == 3)
        #expect(server.requests.allSatisfy { $0.headers["user-agent"] == HTTPFetch.userAgent })
        #expect(
          store.entries.map(\.key) == [
            source.identifier + "#Inter-Bold", source.identifier + "#Inter-Italic",
            source.identifier + "#Inter-Regular",
          ])
        #expect(store.entries.allSatisfy { $0.fileURL.pathExtension == "ttf" })
        #expect(store.entries.allSatisfy { $0.origin == source.identifier })
        let match = store.resolve(FontQuery(family: "TypeScale Fixture", weight: .bold))
        #expect(match.face.postScriptName == "TypeScaleFixture-Bold")
      }
    }
  }

  @Test func load_fiftyConcurrentCallersMakeOneStylesheetRequestAndOnePerFile() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let gate = LoopbackServer.Gate()
        defer { gate.open() }
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Inter", stylesheet: "inter.css", files: interFiles,
          gate: gate)
        let styles: [FontRequest.Style] = [.regular, .bold, .italic, .boldItalic]
        try google.serve(GoogleFontsQuery(family: "Inter", styles: styles))
        let store = try FontStore(directory: folder, registry: try FontRegistry())

        let results = try await withThrowingTaskGroup(of: [FontFace].self) { group in
          for _ in 0..<50 {
            group.addTask { try await store.load(family: "Inter", styles: styles, from: source) }
          }
          // Hold the files until the stylesheet and all four files have been asked for.
          #expect(await server.waitForRequests(5))
          gate.open()
          return try await group.reduce(into: [[FontFace]]()) { $0.append($1) }
        }

        #expect(results.count == 50)
        #expect(
          Set(results.map { $0.map(\.postScriptName) }) == [
            [
              "TypeScaleFixture-Regular", "TypeScaleFixture-Bold", "TypeScaleFixture-Italic",
              "TypeScaleFixture-BoldItalic",
            ]
          ])
        #expect(server.requests.count == 5)
        #expect(
          server.requestCount(try google.target(GoogleFontsQuery(family: "Inter", styles: styles)))
            == 1)
        #expect(Set(fileRequests(server)).count == 4)
        #expect(store.statistics.fetches == 4)
        #expect(store.statistics.installs == 4)
      }
    }
  }

  /// The subsets of one style become one file: together they keep the file's size limit.
  @Test func subsetsOfOneStyleShareTheSizeLimit() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Noto Sans KR", stylesheet: "noto-sans-kr-subsets.css",
          files: [
            koreanSubsets[0]: "Fixture-Hangul.otf", koreanSubsets[1]: "Fixture-KR.otf",
            koreanSubsets[2]: "Fixture-Regular.woff2",
          ])
        try google.serve(GoogleFontsQuery(family: "Noto Sans KR"))
        // Each subset is under 64,000 bytes; the three make 125,584.
        let store = try FontStore(
          directory: folder, registry: try FontRegistry(), maximumFileSize: 100_000)
        let error = await storeError { try await store.load(family: "Noto Sans KR", from: source) }
        #expect(error?.code == .tooLarge)
        #expect(
          error?.message.contains(
            "took the files of one style past 100000 bytes together, over the store's limit "
              + "of 100000 bytes") == true, "\(error?.message ?? "")")
        #expect(store.entries.isEmpty)
      }
    }
  }

  @Test func load_unicodeRangeSubsetsAreRegisteredTogetherAsOneCollection() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Noto Sans KR", stylesheet: "noto-sans-kr-subsets.css",
          files: [
            koreanSubsets[0]: "Fixture-Hangul.otf", koreanSubsets[1]: "Fixture-KR.otf",
            koreanSubsets[2]: "Fixture-Regular.woff2",
          ])
        let query = GoogleFontsQuery(family: "Noto Sans KR")
        try google.serve(query)

        let parsed = try await source.faces(for: query)
        #expect(parsed.map(\.comment) == ["[110]", "[119]", "latin"])
        #expect(parsed.allSatisfy { $0.sources.count == 1 && $0.fileURL?.pathExtension == "woff2" })
        #expect(parsed[0].unicodeRange?.contains("한") == true)
        #expect(parsed[0].unicodeRange?.contains("A") == false)
        #expect(parsed[2].unicodeRange?.contains("A") == true)

        let registry = try FontRegistry()
        let store = try FontStore(directory: folder, registry: registry)
        let faces = try await store.load(family: "Noto Sans KR", from: source)
        // The stylesheet's last subset comes first, as CSS consults it first.
        #expect(
          faces.map(\.postScriptName) == [
            "TypeScaleFixture-Regular", "TypeScaleFixtureKorean-Regular",
            "TypeScaleFixtureKR-Regular",
          ])
        #expect(faces.map(\.faceIndex) == [0, 1, 2])
        #expect(Set(fileRequests(server)) == Set(koreanSubsets.map { "/s/notosanskr/v36/" + $0 }))
        #expect(fileRequests(server).count == 3)

        let entry = try #require(store.entries.first)
        #expect(store.entries.count == 1)
        #expect(entry.key == source.identifier + "#NotoSansKR-Regular")
        #expect(entry.fileURL.pathExtension == "ttc")
        #expect(entry.faces.count == 3)
        let cascade = registry.cascade(for: faces[0], preferring: Array(faces.dropFirst()))
        #expect(cascade.face(for: "A")?.postScriptName == "TypeScaleFixture-Regular")
        #expect(cascade.face(for: "한")?.postScriptName == "TypeScaleFixtureKorean-Regular")
        #expect(registeredNames(registry).count == 3)
      }
    }
  }

  @Test func load_subsetsSharingAPostScriptNameDoNotConflict() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Noto Sans KR", stylesheet: "noto-sans-kr-subsets.css",
          files: [
            koreanSubsets[0]: "Fixture-Regular.woff", koreanSubsets[1]: "Fixture-Regular.ttf",
            koreanSubsets[2]: "Fixture-Regular.woff2",
          ])
        try google.serve(GoogleFontsQuery(family: "Noto Sans KR"))
        let registry = try FontRegistry()
        let store = try FontStore(directory: folder, registry: registry)
        let faces = try await store.load(family: "Noto Sans KR", from: source)
        #expect(faces.count == 3)
        #expect(Set(faces.map(\.postScriptName)) == ["TypeScaleFixture-Regular"])
        #expect(registry.face(postScriptName: "TypeScaleFixture-Regular") == faces[0])
        #expect(store.issues.isEmpty)

        let reopened = try FontStore(directory: folder, registry: try FontRegistry())
        #expect(reopened.issues.isEmpty)
        #expect(reopened.entries.first?.faces.count == 3)
      }
    }
  }

  @Test func load_variableFamilyIsRegisteredWithItsAxes() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Inter", stylesheet: "inter-variable.css",
          files: ["UcCo3FwrK3iLTcviYwY.ttf": "Fixture-Variable.ttf"])
        let query = GoogleFontsQuery.variable(family: "Inter", weights: 100...900)
        try google.serve(query)
        #expect(try google.target(query) == "/css2?family=Inter:wght@100..900")

        let parsed = try await source.faces(for: query)
        #expect(parsed.first?.weight == 100...900)
        #expect(parsed.first?.isVariable == true)

        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let faces = try await store.load(query, from: source)
        let axis = try #require(faces.first?.axes.first { $0.tag == "wght" })
        #expect(axis.minimum == 100 && axis.maximum == 900)
        #expect(faces.count > 1)  // the default instance and the named instances
        #expect(faces.allSatisfy { $0.isVariable })
        #expect(store.entries.map(\.key) == [source.identifier + "#Inter[wght@100..900]"])
        let match = store.resolve(FontQuery(family: "TypeScaleVariable-Regular"))
        #expect(match.face.isVariable)

        // Asked again, the store answers.
        let again = try await store.load(query, from: source)
        #expect(again == faces)
        #expect(server.requests.filter { $0.path.hasPrefix("/css2") }.count == 2)
      }
    }
  }

  @Test func load_unknownFamilyIsATypedErrorNamingIt() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Nope Sans", stylesheet: "inter.css", files: interFiles)
        let query = GoogleFontsQuery(family: "Nope Sans", styles: [.regular, .bold])
        for target in [
          try google.target(query), try google.target(.init(family: "Nope Sans", tuples: [])),
        ] {
          server.route(target, FakeGoogleFamily.refusal(family: "Nope Sans", query: query))
        }
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let error = await storeError {
          try await store.load(family: "Nope Sans", styles: [.regular, .bold], from: source)
        }
        #expect(error?.code == .notFound)
        #expect(error?.statusCode == 400)
        #expect(error?.message.hasPrefix("Google Fonts has no family \"Nope Sans\" (") == true)
        #expect(
          error?.message.contains(
            "answered 400: Fonts 400: Missing font family The requested font families are not "
              + "available. Requested: Nope Sans (style: normal, weight: 400)") == true,
          "\(error?.message ?? "")")
        #expect(error?.message.contains("ppConfig") == false)
        #expect(fileRequests(server).isEmpty)
        #expect(store.entries.isEmpty)
        #expect(snapshot(of: folder).keys.filter { $0.hasPrefix("blobs/") }.isEmpty)
      }
    }
  }

  @Test func load_missingWeightNamesTheStylesTheFamilyHas() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Inter", stylesheet: "inter.css", files: interFiles)
        let black = FontRequest.Style(weight: .black)
        let query = GoogleFontsQuery(family: "Inter", styles: [.regular, black])
        try google.serve(query)
        #expect(try google.target(query) == "/css2?family=Inter:wght@400;900")
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let error = await storeError {
          try await store.load(family: "Inter", styles: [.regular, black], from: source)
        }
        #expect(error?.code == .notFound)
        #expect(error?.message.hasPrefix("Google Fonts has no Black (900) of \"Inter\" (") == true)
        #expect(
          error?.message.hasSuffix(
            "the styles it has: Regular (400), Bold (700), Italic (400 italic), "
              + "BoldItalic (700 italic)") == true, "\(error?.message ?? "")")
        #expect(fileRequests(server).isEmpty)
        #expect(store.entries.isEmpty)

        let available = try await source.availableFaces(of: "Inter")
        #expect(available.map(\.styleDescription).count == 4)
      }
    }
  }

  @Test func load_secondStoreOnTheSameFolderWorksOffline() async throws {
    try await withTemporaryFolder { folder in
      let (baseURL, identifier) = try await withLoopbackServer { server in
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Inter", stylesheet: "inter.css", files: interFiles)
        try google.serve(GoogleFontsQuery(family: "Inter", styles: [.regular, .boldItalic]))
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        try await store.load(family: "Inter", styles: [.regular, .boldItalic], from: source)
        #expect(server.requests.count == 3)
        return (server.url(""), source.identifier)
      }

      // The server is gone: a request would fail to connect.
      let registry = try FontRegistry()
      let reopened = try FontStore(directory: folder, registry: registry)
      #expect(reopened.issues.isEmpty)
      #expect(
        registeredNames(registry) == ["TypeScaleFixture-BoldItalic", "TypeScaleFixture-Regular"])
      let source = GoogleFontsSource(baseURL: baseURL, session: try loopbackSession())
      #expect(source.identifier == identifier)
      let faces = try await reopened.load(
        family: "Inter", styles: [.boldItalic, .regular], from: source)
      #expect(
        faces.map(\.postScriptName) == ["TypeScaleFixture-BoldItalic", "TypeScaleFixture-Regular"])
      #expect(reopened.statistics.fetches == 0)
      #expect(reopened.statistics.storedHits == 2)
      let regular = try await reopened.load(family: "Inter", styles: [.regular], from: source)
      #expect(regular.map(\.postScriptName) == ["TypeScaleFixture-Regular"])
      #expect(reopened.statistics.fetches == 0)
      #expect(reopened.entries.count == 2)
    }
  }

  /// A subsetted style is stored under one key, which another store on the same folder reads
  /// without a request.
  @Test func load_subsetsAreStoredUnderOneKeyThatAnotherStoreReadsOffline() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Noto Sans KR", stylesheet: "noto-sans-kr-subsets.css",
          files: [
            koreanSubsets[0]: "Fixture-Hangul.otf", koreanSubsets[1]: "Fixture-KR.otf",
            koreanSubsets[2]: "Fixture-Regular.woff2",
          ])
        try google.serve(GoogleFontsQuery(family: "Noto Sans KR"))
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let faces = try await store.load(family: "Noto Sans KR", from: source)
        #expect(faces.count == 3)
        #expect(store.entries.map(\.key) == [source.identifier + "#NotoSansKR-Regular"])
        let before = server.requests.count
        #expect(before == 4)

        let other = try FontStore(directory: folder, registry: try FontRegistry())
        let loaded = try await other.load(family: "Noto Sans KR", from: source)
        #expect(loaded.map(\.postScriptName) == faces.map(\.postScriptName))
        #expect(server.requests.count == before)
      }
    }
  }

  @Test func fetch_throughTheRemoteFontSourceProtocolUsesTheSameKey() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = try googleSource(server)
        let google = try FakeGoogleFamily(
          server, source: source, family: "Inter", stylesheet: "inter.css", files: interFiles)
        try google.serve(GoogleFontsQuery(family: "Inter", styles: [.bold]))
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let generic: any RemoteFontSource = source
        let faces = try await store.load(
          [FontRequest(family: "Inter", style: .bold)], from: generic)
        #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-Bold"])
        #expect(store.entries.map(\.key) == [source.identifier + "#Inter-Bold"])
        #expect(server.requestCount("/css2?family=Inter:wght@700") == 1)

        try await store.load(family: "Inter", styles: [.bold], from: source)
        #expect(server.requests.count == 2)
      }
    }
  }

  @Test func stylesheetAnswersThatAreNotCSSOrNotOKAreTypedErrors() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = try googleSource(server)
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        server.route(
          "/css2?family=Portal:wght@400",
          LoopbackServer.Response(
            contentType: "text/html", body: Array("<!DOCTYPE html><p>Sign in</p>".utf8)))
        let html = await storeError { try await store.load(family: "Portal", from: source) }
        #expect(html?.code == .sourceFailed)
        #expect(html?.message.contains("like an HTML or XML page") == true)

        server.route("/css2?family=Down:wght@400", .status(503))
        let down = await storeError { try await store.load(family: "Down", from: source) }
        #expect(down?.code == .httpStatus)
        #expect(down?.statusCode == 503)

        let noFile = """
          @font-face { font-family: 'Old'; src: url(/old.eot) format('embedded-opentype'); }
          """
        server.route(
          "/css2?family=Old:wght@400",
          LoopbackServer.Response(contentType: "text/css", body: Array(noFile.utf8)))
        let old = await storeError { try await store.load(family: "Old", from: source) }
        #expect(old?.code == .sourceFailed)
        #expect(old?.message.contains("lists no file TypeScale can fetch") == true)

        let missingFile = """
          @font-face { font-family: 'Gone'; src: url(/s/gone/v1/x.ttf) format('truetype'); }
          """
        server.route(
          "/css2?family=Gone:wght@400",
          LoopbackServer.Response(contentType: "text/css", body: Array(missingFile.utf8)))
        let gone = await storeError { try await store.load(family: "Gone", from: source) }
        #expect(gone?.code == .httpStatus)
        #expect(gone?.statusCode == 404)
        #expect(store.entries.isEmpty)
      }
    }
  }
}
