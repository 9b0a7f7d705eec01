// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleInternals
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleFontStore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct FontStoreLoadTests {
  @Test func load_fiftyConcurrentLoadsMakeOneRequest() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let gate = LoopbackServer.Gate()
        defer { gate.open() }
        server.route(
          "/fonts/Fixture-Regular.ttf",
          .font(Fixtures.font("Fixture-Regular.ttf"), gate: gate))
        let source = HostedFolderFontSource(
          baseURL: server.url("/fonts/"), extensions: ["ttf"], session: try loopbackSession())
        let store = try FontStore(directory: folder, registry: try FontRegistry())

        let results = try await withThrowingTaskGroup(of: [FontFace].self) { group in
          for _ in 0..<50 {
            group.addTask { try await store.load([fixtureRequest()], from: source) }
          }
          // Hold the answer until every load has joined the one fetch in flight.
          try await waitUntil { store.statistics.joinedLoads == 49 }
          gate.open()
          return try await group.reduce(into: [[FontFace]]()) { $0.append($1) }
        }

        #expect(results.count == 50)
        #expect(Set(results.map { $0.map(\.postScriptName) }) == [["TypeScaleFixture-Regular"]])
        #expect(server.requestCount("/fonts/Fixture-Regular.ttf") == 1)
        #expect(server.requests.count == 1)
        #expect(store.statistics.fetches == 1)
        #expect(server.requests.first?.headers["user-agent"] == HTTPFetch.userAgent)
        #expect(store.registry.face(postScriptName: "TypeScaleFixture-Regular") != nil)
      }
    }
  }

  @Test func load_secondStoreOnTheSameFolderRegistersWithoutARequest() async throws {
    try await withTemporaryFolder { folder in
      let baseURL = try await withLoopbackServer { server in
        server.route("/fonts/Fixture-Regular.ttf", .font(Fixtures.font("Fixture-Regular.ttf")))
        server.route("/fonts/Fixture-Bold.ttf", .font(Fixtures.font("Fixture-Bold.ttf")))
        let source = HostedFolderFontSource(
          baseURL: server.url("/fonts/"), extensions: ["ttf"], session: try loopbackSession())
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let faces = try await store.load(
          [.regular, .bold].map(fixtureRequest), from: source)
        #expect(
          faces.map(\.postScriptName) == ["TypeScaleFixture-Regular", "TypeScaleFixture-Bold"])
        #expect(server.requests.count == 2)
        return server.url("/fonts/")
      }

      // The server is gone: any request would fail to connect.
      let registry = try FontRegistry()
      let reopened = try FontStore(directory: folder, registry: registry)
      #expect(registeredNames(registry) == ["TypeScaleFixture-Bold", "TypeScaleFixture-Regular"])
      #expect(reopened.entries.count == 2)
      #expect(reopened.issues.isEmpty)
      let source = HostedFolderFontSource(
        baseURL: baseURL, extensions: ["ttf"], session: try loopbackSession())
      let faces = try await reopened.load(
        [.bold, .regular].map(fixtureRequest), from: source)
      #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-Bold", "TypeScaleFixture-Regular"])
      #expect(reopened.statistics.fetches == 0)
      #expect(reopened.statistics.storedHits == 2)
    }
  }

  @Test func hostedSource_triesExtensionsInOrderAndStoresWOFF2AsSFNT() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        server.route(
          "/fonts/Fixture-Regular.woff2", .font(Fixtures.font("Fixture-Regular.woff2")))
        server.route("/fonts/Fixture-Bold.ttf", .font(Fixtures.font("Fixture-Bold.ttf")))
        let source = HostedFolderFontSource(
          baseURL: server.url("/fonts/"), session: try loopbackSession())
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        try await store.load([.regular, .bold].map(fixtureRequest), from: source)

        #expect(
          server.requests.map(\.path).filter { $0.contains("Bold") } == [
            "/fonts/Fixture-Bold.woff2", "/fonts/Fixture-Bold.otf", "/fonts/Fixture-Bold.ttf",
          ])
        #expect(server.requestCount("/fonts/Fixture-Regular.woff2") == 1)
        let regular = try #require(
          store.entry(forKey: FontStore.key(for: fixtureRequest(), from: source)))
        #expect(regular.fileURL.pathExtension == "ttf")
        let stored = try Data(contentsOf: regular.fileURL)
        #expect(Array(stored.prefix(4)) == [0, 1, 0, 0])
        #expect(regular.sha256 == SHA256Digest.hash(stored))
        #expect(regular.postScriptNames == ["TypeScaleFixture-Regular"])
      }
    }
  }

  @Test func hostedSource_allExtensionsMissingIsA404NamingThem() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = HostedFolderFontSource(
          baseURL: server.url("/fonts/"), extensions: ["woff2", "ttf"],
          session: try loopbackSession())
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let error = await storeError { try await store.load(family: "Nope", from: source) }
        #expect(error?.code == .httpStatus)
        #expect(error?.statusCode == 404)
        #expect(error?.message.contains("Nope-Regular.woff2, Nope-Regular.ttf") == true)
      }
    }
  }

  @Test func requestSource_sendsItsHeadersAndReportsStatuses() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        server.route("/api/Fixture-Italic", .font(Fixtures.font("Fixture-Italic.ttf")))
        server.route("/api/Fixture-Bold", .status(401))
        let serverURL = server.url("/api/")
        let source = RequestFontSource(identifier: "api", session: try loopbackSession()) {
          request in
          var urlRequest = URLRequest(url: serverURL.appendingPathComponent(request.fileStem))
          urlRequest.setValue("Bearer secret-token", forHTTPHeaderField: "Authorization")
          return urlRequest
        }
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let faces = try await store.load([fixtureRequest(.italic)], from: source)
        #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-Italic"])
        let request = try #require(server.requests.first)
        #expect(request.headers["authorization"] == "Bearer secret-token")
        #expect(request.headers["user-agent"] == HTTPFetch.userAgent)

        let error = await storeError {
          try await store.load([fixtureRequest(.bold)], from: source)
        }
        #expect(error?.code == .httpStatus)
        #expect(error?.statusCode == 401)
        #expect(error?.message.contains("credentials") == true)
      }
    }
  }

  @Test func bytesSource_closureErrorsAreSourceFailures() async throws {
    struct Unavailable: Error {}
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      let failing = BytesFontSource(identifier: "assets") { _ in throw Unavailable() }
      let error = await storeError { try await store.load([fixtureRequest()], from: failing) }
      #expect(error?.code == .sourceFailed)
      #expect(
        error?.message.contains("assets could not fetch \"TypeScale Fixture\" Regular") == true)

      let working = BytesFontSource(identifier: "assets") { request in
        try fixtureData("Fixture-\(request.style.name).ttf")
      }
      let faces = try await store.load([fixtureRequest(.semibold)], from: working)
      #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-SemiBold"])
    }
  }

  @Test func cacheKey_bumpFetchesAgainAndReplacesTheOldFile() async throws {
    try await withTemporaryFolder { folder in
      let calls = Locked(0)
      func source(_ version: String, serving file: String) -> BytesFontSource {
        BytesFontSource(identifier: "assets", cacheKey: version) { _ in
          calls.withLock { $0 += 1 }
          return try fixtureData(file)
        }
      }
      let registry = try FontRegistry()
      let store = try FontStore(directory: folder, registry: registry)
      let key = FontStore.key(
        for: fixtureRequest(), from: source("v1", serving: "Fixture-Regular.ttf"))

      try await store.load([fixtureRequest()], from: source("v1", serving: "Fixture-Regular.ttf"))
      try await store.load([fixtureRequest()], from: source("v1", serving: "Fixture-Regular.ttf"))
      #expect(calls.withLock { $0 } == 1)
      let old = try #require(store.entry(forKey: key))
      #expect(old.version == "v1")

      let faces = try await store.load(
        [fixtureRequest()], from: source("v2", serving: "Fixture-Collection.ttc"))
      #expect(calls.withLock { $0 } == 2)
      // v2 is the collection: its first face is the regular one asked for.
      #expect(
        faces.map(\.postScriptName) == [
          "TypeScaleFixture-Regular", "TypeScaleFixture-Bold", "TypeScaleFixture-Italic",
        ])
      let new = try #require(store.entry(forKey: key))
      #expect(new.version == "v2")
      #expect(!FileManager.default.fileExists(atPath: old.fileURL.path))
      #expect(FileManager.default.fileExists(atPath: new.fileURL.path))
      #expect(
        registeredNames(registry) == [
          "TypeScaleFixture-Bold", "TypeScaleFixture-Italic", "TypeScaleFixture-Regular",
        ])
      #expect(store.entries.count == 1)
    }
  }

  @Test func resolve_whileLoadingUsesTheDefaultFaceAndStatesAreStreamed() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let gate = LoopbackServer.Gate()
        defer { gate.open() }
        server.route(
          "/fonts/TypeScaleFixture-Bold.ttf", .font(Fixtures.font("Fixture-Bold.ttf"), gate: gate))
        let source = HostedFolderFontSource(
          baseURL: server.url("/fonts/"), extensions: ["ttf"], session: try loopbackSession())
        let registry = try FontRegistry()
        let store = try FontStore(directory: folder, registry: registry)
        let request = FontRequest(family: "TypeScale Fixture", style: .bold)
        let key = FontStore.key(for: request, from: source)
        var events = store.states().makeAsyncIterator()
        #expect(store.state(for: key) == nil)

        let load = Task { try await store.load([request], from: source) }
        #expect(await server.waitForRequests(1, path: "/fonts/TypeScaleFixture-Bold.ttf"))
        #expect(store.state(for: key) == .loading)
        let query = FontQuery(family: "TypeScale Fixture", weight: .bold)
        let waiting = store.resolve(query)
        #expect(waiting.isLoading)
        #expect(waiting.pendingLoads == [request])
        #expect(waiting.face.family == registry.defaultFace.family)
        #expect(waiting.face.weight == .bold)
        #expect(waiting.loadingMessage?.contains("is loading; using NotoSans-Bold") == true)

        gate.open()
        let faces = try await load.value
        let loaded = store.resolve(query)
        #expect(!loaded.isLoading)
        #expect(loaded.match.isExact)
        #expect(loaded.face.postScriptName == "TypeScaleFixture-Bold")
        #expect(store.state(for: key) == .loaded(faces))

        let first = await events.next()
        let second = await events.next()
        #expect(first == FontLoadEvent(key: key, request: request, state: .loading))
        #expect(second == FontLoadEvent(key: key, request: request, state: .loaded(faces)))
      }
    }
  }

  @Test func request_namesFilesLikeFontDistributions() throws {
    #expect(FontRequest(family: "Pretendard", style: .semibold).fileStem == "Pretendard-SemiBold")
    #expect(FontRequest(family: "Noto Sans", style: .boldItalic).fileStem == "NotoSans-BoldItalic")
    #expect(
      FontRequest(family: "Inter", style: .italic).fileName(extension: "otf") == "Inter-Italic.otf")
    #expect(FontRequest.Style(weight: .thin).name == "Thin")
    #expect(FontRequest.Style(weight: FontWeight(200)).name == "ExtraLight")
    #expect(FontRequest.Style(weight: FontWeight(450), italic: true).name == "450Italic")
    #expect(FontRequest(family: "X", fileStem: "x_regular").fileStem == "x_regular")
  }
}
