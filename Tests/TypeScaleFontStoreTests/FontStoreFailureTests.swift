// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleFontStore

/// A bad answer from the server and the error it must give.
struct BadAnswer: Sendable, CustomTestStringConvertible {
  let name: String
  let code: FontStoreError.Code
  /// Text the message must contain.
  let message: String
  /// Scripts the server, returning the base URL to fetch from when it is not the server's.
  ///
  /// A case that scripts nothing leaves the path unrouted: the server answers 404.
  let setUp: @Sendable (LoopbackServer) throws -> URL?

  var testDescription: String { name }

  static let all: [BadAnswer] = [
    BadAnswer(name: "404", code: .httpStatus, message: "(404 for Fixture-Regular.ttf)") { _ in nil
    },
    BadAnswer(
      name: "HTML page", code: .notAFont,
      message: "/fonts/) is not a font: it starts with \"<!DOCTYPE html>"
    ) { server in
      var page = LoopbackServer.Response.font(Fixtures.font("broken-html.ttf"))
      page.contentType = "text/html"
      server.route("/fonts/Fixture-Regular.ttf", page)
      return nil
    },
    BadAnswer(name: "truncated font", code: .corrupt, message: "Fixture-Regular") { server in
      server.route("/fonts/Fixture-Regular.ttf", .font(Fixtures.font("broken-truncated.ttf")))
      return nil
    },
    BadAnswer(name: "over the cap", code: .tooLarge, message: "over the store's limit of 20000") {
      server in
      server.route("/fonts/Fixture-Regular.ttf", .font(Fixtures.font("Fixture-Sans.ttf")))
      return nil
    },
    BadAnswer(name: "dropped transfer", code: .network, message: "could not fetch") { server in
      var response = LoopbackServer.Response.font(Fixtures.font("Fixture-Regular.ttf"))
      response.announcedLength = response.body.count + 4096
      server.route("/fonts/Fixture-Regular.ttf", response)
      return nil
    },
    BadAnswer(name: "connection refused", code: .network, message: "NSURLErrorDomain -1004") {
      _ in
      // A port that was just free: nothing listens on it.
      let closed = try LoopbackServer()
      closed.stop()
      return closed.url("/fonts/")
    },
  ]
}

@Suite struct FontStoreFailureTests {
  @Test(arguments: BadAnswer.all)
  func load_badAnswerGivesItsTypedErrorAndLeavesTheStoreUnchanged(_ answer: BadAnswer) async throws
  {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let baseURL = try answer.setUp(server) ?? server.url("/fonts/")
        let registry = try FontRegistry()
        let store = try FontStore(directory: folder, registry: registry, maximumFileSize: 20_000)
        try store.install(try fixtureData("Fixture-Bold.ttf"), key: "existing")
        let before = snapshot(of: folder)
        let source = HostedFolderFontSource(
          baseURL: baseURL, extensions: ["ttf"], session: try loopbackSession())

        let error = await storeError { try await store.load([fixtureRequest()], from: source) }

        #expect(error?.code == answer.code, "\(error?.message ?? "no error")")
        #expect(error?.message.contains(answer.message) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains(StoreFiles.temporaryPrefix) == false)
        #expect(snapshot(of: folder) == before)
        #expect(registeredNames(registry) == ["TypeScaleFixture-Bold"])
        #expect(store.entries.map(\.key) == ["existing"])
        let key = FontStore.key(for: fixtureRequest(), from: source)
        #expect(error.map { store.state(for: key) == .failed($0) } == true)
      }
    }
  }

  @Test func load_failedFaceIsFetchedAgainNextTime() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = HostedFolderFontSource(
          baseURL: server.url("/fonts/"), extensions: ["ttf"], session: try loopbackSession())
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        _ = await storeError { try await store.load([fixtureRequest()], from: source) }
        server.route("/fonts/Fixture-Regular.ttf", .font(Fixtures.font("Fixture-Regular.ttf")))
        let faces = try await store.load([fixtureRequest()], from: source)
        #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-Regular"])
        #expect(server.requestCount("/fonts/Fixture-Regular.ttf") == 2)
      }
    }
  }

  @Test func install_conflictingPostScriptNameIsTypedAndChangesNothing() async throws {
    try await withTemporaryFolder { folder in
      let registry = try FontRegistry()
      let store = try FontStore(directory: folder, registry: registry)
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let before = snapshot(of: folder)
      // The collection's first face is also TypeScaleFixture-Regular.
      let collection = try fixtureData("Fixture-Collection.ttc")
      let error = await storeError { try store.install(collection, key: "collection") }
      #expect(error?.code == .conflict)
      #expect(error?.fontError?.code == .duplicatePostScriptName)
      #expect(snapshot(of: folder) == before)
      #expect(registeredNames(registry) == ["TypeScaleFixture-Regular"])
    }
  }

  @Test func install_notAFontDescribesTheFirstBytes() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      for (file, phrase) in [
        ("broken-zip.otf", "ZIP archive"), ("broken-empty.ttf", "empty"),
        ("broken-html.ttf", "HTML page"),
      ] {
        let data = try fixtureData(file)
        let error = await storeError {
          try store.install(data, key: file, origin: "https://fonts.invalid/" + file)
        }
        #expect(error?.code == .notAFont)
        #expect(
          error?.message.hasPrefix("\(file) is not a font") == true, "\(String(describing: error))")
        #expect(error?.message.contains(phrase) == true, "\(String(describing: error))")
      }
      #expect(snapshot(of: folder).keys.sorted() == [])
    }
  }
}
