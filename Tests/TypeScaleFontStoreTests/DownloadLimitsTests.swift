// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleInternals
import TypeScaleTestSupport

@testable import TypeScaleFontStore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `count` zero bytes, gzip-compressed by the system's `gzip` (a few KiB per MiB).
private func gzippedZeros(_ count: Int) throws -> [UInt8] {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", "head -c \(count) /dev/zero | gzip -c"]
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  try #require(process.terminationStatus == 0, "gzip failed")
  return [UInt8](data)
}

/// A file of `Tests/Fixtures/Downloads/`.
private func downloadFixture(_ name: String) -> URL {
  packageRoot().appendingPathComponent("Tests/Fixtures/Downloads/\(name)")
}

/// A hosted source on the loopback server's `/fonts/` with the given limits.
private func hosted(
  _ server: LoopbackServer, _ limits: DownloadLimits = DownloadLimits()
) throws -> HostedFolderFontSource {
  HostedFolderFontSource(
    baseURL: server.url("/fonts/"), extensions: ["ttf"], session: try loopbackSession(),
    limits: limits)
}

/// What `body` throws as a store error, and how long it took.
private func timedError(
  _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) async -> (error: FontStoreError?, seconds: Double) {
  let clock = ContinuousClock()
  let start = clock.now
  let error = await storeError(body, sourceLocation: sourceLocation)
  let elapsed = (clock.now - start).components
  return (error, Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
}

private let regular = fixtureRequest()

/// How long a refused download may take at most, as seen by the test: far below what the
/// unbounded behaviour would take (the drips below last 1,000 s), and far above the fraction of
/// a second these take alone, because in the full suite CPU-bound tests can hold both of a
/// 2-core machine's cooperative threads for tens of seconds before an awaiting test resumes.
private let guardSeconds = 60 * timeScale
private let path = "/fonts/Fixture-Regular.ttf"

@Suite struct DownloadLimitsTests {
  @Test func endlessBodyIsCutOffAtTheLimit() async throws {
    try await withLoopbackServer { server in
      var endless = LoopbackServer.Response(omitsLength: true)
      endless.tail = .endless
      server.route(path, endless)
      let source = try hosted(server, DownloadLimits(maximumSize: 256 << 10))
      let (error, seconds) = await timedError { _ = try await source.fetch(regular) }
      #expect(error?.code == .tooLarge)
      #expect(
        error?.message.contains(
          "sent more than 262144 bytes, over the download limit of 262144 bytes; raise the "
            + "source's DownloadLimits.maximumSize") == true, "\(error?.message ?? "")")
      #expect(seconds < guardSeconds)
      // The caller has its answer at once; what is still in flight is dropped, not kept. How
      // much the server manages to send meanwhile depends on how soon FoundationNetworking
      // tears the cancelled transfer down (on a loaded machine loopback moved the server's
      // whole 4 GiB first), so it is not asserted.
      await server.stopAndDrain()
    }
  }

  @Test func hugeContentLengthIsRefusedBeforeTheBody() async throws {
    try await withLoopbackServer { server in
      var huge = LoopbackServer.Response(body: [0, 1, 0, 0], announcedLength: 5_000_000_000)
      huge.tail = .endless
      server.route(path, huge)
      let source = try hosted(server)
      let (error, seconds) = await timedError { _ = try await source.fetch(regular) }
      #expect(error?.code == .tooLarge)
      #expect(
        error?.message.contains(
          "announced 5000000000 bytes (Content-Length), over the download limit of 33554432 "
            + "bytes") == true, "\(error?.message ?? "")")
      #expect(seconds < guardSeconds)
    }
  }

  @Test func theStoresSmallerLimitAppliesToItsLoads() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        var endless = LoopbackServer.Response(omitsLength: true)
        endless.tail = .endless
        server.route(path, endless)
        let store = try FontStore(
          directory: folder, registry: try FontRegistry(), maximumFileSize: 100_000)
        let source = try hosted(server)
        let (error, seconds) = await timedError { try await store.load([regular], from: source) }
        #expect(error?.code == .tooLarge)
        #expect(
          error?.message.contains(
            "sent more than 100000 bytes, over the store's limit of 100000 bytes; raise "
              + "FontStore's maximumFileSize") == true, "\(error?.message ?? "")")
        #expect(seconds < guardSeconds)
        #expect(store.entries.isEmpty)
      }
    }
  }

  /// An answer with a `Content-Encoding` is refused at its headers, whatever it inflates to.
  ///
  /// Requests ask for `identity`, and libcurl's decoding (which FoundationNetworking cannot
  /// turn off) is never trusted with a limit. A bomb (256 MiB of gzip, 1 GiB from 841 bytes of
  /// Brotli) is dropped a decoded chunk at a time (the delegate runs inline, tested below); the
  /// process's peak is measured outside the suite, where other tests do not share it.
  @Test(arguments: ["gzip", "br", "deflate", "x-unknown"])
  func encodedAnswerIsRefusedAndABombHoldsNoMemory(encoding: String) async throws {
    let body =
      switch encoding {
      case "gzip": try gzippedZeros(256 << 20)
      case "br": [UInt8](try Data(contentsOf: downloadFixture("zeros-1gib.br")))
      default: [UInt8](repeating: 0x78, count: 64)
      }
    #expect(body.count < 400 << 10)
    try await withLoopbackServer { server in
      server.route(
        path, LoopbackServer.Response(body: body, headers: ["Content-Encoding": encoding]))
      let source = try hosted(server, DownloadLimits(maximumSize: 1 << 20))
      let (error, seconds) = await timedError { _ = try await source.fetch(regular) }
      #expect(error?.code == .network)
      #expect(error?.systemCode == NSURLErrorCannotDecodeContentData)
      #expect(
        error?.message
          == "GET \(server.url(path).absoluteString) answered with Content-Encoding: "
          + "\(encoding), which TypeScale did not ask for (it sends Accept-Encoding: identity) "
          + "and does not decode; serve the file without a Content-Encoding")
      #expect(seconds < guardSeconds)
      #expect(server.requests.first?.headers["accept-encoding"] == "identity")
      await server.stopAndDrain()
    }
  }

  /// The transfer's delegate queue runs each call before `addOperation` returns: libcurl's
  /// decoded chunks cannot pile up behind a slow delegate (with a queued delegate taking
  /// 100 µs a chunk, the Brotli bomb held 397 MB after 3 s; inline, 53 MB).
  @Test func delegateCallsRunInlineOnTheCallingThread() {
    let queue = InlineDelegateQueue()
    let ran = Locked<[Int]>([])
    for index in 0..<3 {
      queue.addOperation { ran.withLock { $0.append(index) } }
      #expect(ran.withLock { $0.count } == index + 1)
    }
    #expect(ran.withLock { $0 } == [0, 1, 2])
  }

  /// An encoded error page reports its status: its body only feeds the message.
  @Test func encodedErrorPageReportsItsStatus() async throws {
    let page = try gzippedZeros(64 << 20)
    try await withLoopbackServer { server in
      var answer = LoopbackServer.Response(body: page, headers: ["Content-Encoding": "gzip"])
      answer.status = 404
      server.route(path, answer)
      let (error, seconds) = await timedError { _ = try await hosted(server).fetch(regular) }
      #expect(error?.code == .httpStatus)
      #expect(error?.statusCode == 404)
      #expect(seconds < guardSeconds)
      await server.stopAndDrain()
    }
  }

  /// An answer that says `identity` is read as it is.
  @Test func identityEncodingIsAccepted() async throws {
    try await withLoopbackServer { server in
      var font = LoopbackServer.Response.font(Fixtures.font("Fixture-Regular.ttf"))
      font.headers["Content-Encoding"] = "identity"
      server.route(path, font)
      let data = try await hosted(server).fetch(regular)
      #expect(data == (try fixtureData("Fixture-Regular.ttf")))
    }
  }

  @Test func slowDripRunsIntoTheTimeout() async throws {
    try await withLoopbackServer { server in
      var drip = LoopbackServer.Response(body: [0], announcedLength: 1_000)
      drip.tail = .drip(interval: 0.2, count: 5_000)
      server.route(path, drip)
      let source = try hosted(server, DownloadLimits(timeout: .milliseconds(1_500)))
      let (error, seconds) = await timedError { _ = try await source.fetch(regular) }
      #expect(error?.code == .network)
      #expect(error?.systemCode == NSURLErrorTimedOut)
      #expect(
        error?.message.contains("did not finish within 1.5 s (the download timeout)") == true,
        "\(error?.message ?? "")")
      #expect(seconds >= 1.4)
      #expect(seconds < guardSeconds)
      // The client hung up long before the drip's end, 1,000 s away.
      await server.stopAndDrain()
      #expect(server.bytesSent(path) < 1_000)
    }
  }

  @Test func cancellingTheTaskCancelsTheRequest() async throws {
    try await withLoopbackServer { server in
      var drip = LoopbackServer.Response(body: [0], announcedLength: 1_000)
      drip.tail = .drip(interval: 0.2, count: 5_000)
      server.route(path, drip)
      let source = try hosted(server)
      let clock = ContinuousClock()
      let start = clock.now
      let fetch = Task { try await source.fetch(regular) }
      #expect(await server.waitForRequests(1, path: path))
      fetch.cancel()
      switch await fetch.result {
      case .success: Issue.record("the cancelled fetch succeeded")
      case .failure(let error): #expect((error as? FontStoreError)?.code == .network, "\(error)")
      }
      #expect(clock.now - start < .seconds(guardSeconds + 30))
    }
  }

  @Test func redirectsToTheSameHostAreFollowed() async throws {
    try await withLoopbackServer { server in
      server.route(path, .redirect(server.url("/moved/Fixture-Regular.ttf").absoluteString))
      server.route("/moved/Fixture-Regular.ttf", .font(Fixtures.font("Fixture-Regular.ttf")))
      let data = try await hosted(server).fetch(regular)
      #expect(data == (try fixtureData("Fixture-Regular.ttf")))
      #expect(server.requests.map(\.path) == [path, "/moved/Fixture-Regular.ttf"])
      #expect(server.requests.last?.headers["user-agent"] == HTTPFetch.userAgent)
    }
  }

  @Test func redirectsToAnotherPortOrHostOrSchemeAreRefused() async throws {
    try await withLoopbackServer { other in
      other.route(path, .font(Fixtures.font("Fixture-Regular.ttf")))
      try await withLoopbackServer { server in
        let targets = [
          other.url(path).absoluteString,
          "http://localhost:\(server.port)\(path)",
          "https://127.0.0.1:\(server.port)\(path)",
        ]
        for target in targets {
          server.route(path, .redirect(target))
          let (error, seconds) = await timedError { _ = try await hosted(server).fetch(regular) }
          #expect(error?.code == .network, "\(target)")
          #expect(error?.systemCode == NSURLErrorBadServerResponse, "\(target)")
          #expect(error?.message.contains("redirected to \(target)") == true, "\(target)")
          #expect(seconds < guardSeconds)
        }
        #expect(other.requests.isEmpty)
        // A host the limits allow is followed, on any port.
        server.route(path, .redirect(other.url(path).absoluteString))
        let allowed = try hosted(server, DownloadLimits(redirectHosts: ["127.0.0.1"]))
        #expect(try await allowed.fetch(regular) == (try fixtureData("Fixture-Regular.ttf")))
      }
    }
  }

  @Test(arguments: [0, 2])
  func redirectsPastTheLimitAreRefused(maximumRedirects: Int) async throws {
    try await withLoopbackServer { server in
      server.route(path, .redirect(server.url("/loop/1").absoluteString))
      for hop in 1...5 {
        server.route("/loop/\(hop)", .redirect(server.url("/loop/\(hop + 1)").absoluteString))
      }
      let source = try hosted(server, DownloadLimits(maximumRedirects: maximumRedirects))
      let (error, seconds) = await timedError { _ = try await source.fetch(regular) }
      #expect(error?.code == .network)
      #expect(error?.systemCode == NSURLErrorHTTPTooManyRedirects)
      #expect(
        error?.message.contains("redirected more than \(maximumRedirects) times") == true,
        "\(error?.message ?? "")")
      #expect(server.requests.count == maximumRedirects + 1)
      #expect(seconds < guardSeconds)
    }
  }

  @Test(arguments: [
    ("../../etc/passwd", "/fonts/..%2F..%2Fetc%2Fpasswd.ttf"),
    ("a/b", "/fonts/a%2Fb.ttf"),
    ("x?y#z%", "/fonts/x%3Fy%23z%25.ttf"),
    ("Noto Sans-Bold", "/fonts/Noto%20Sans-Bold.ttf"),
    ("본고딕", "/fonts/%EB%B3%B8%EA%B3%A0%EB%94%95.ttf"),
  ])
  func hostedFileNamesStayInsideTheFolder(stem: String, expected: String) async throws {
    try await withLoopbackServer { server in
      let source = try hosted(server)
      let request = FontRequest(family: "x", fileStem: stem)
      #expect(source.urls(for: request)[0].absoluteString == server.url(expected).absoluteString)
      _ = await storeError { _ = try await source.fetch(request) }
      #expect(server.requests.map(\.path) == [expected])
    }
  }

  @Test func hostedDotSegmentsAreEncoded() throws {
    let base = try #require(URL(string: "https://cdn.example.com/fonts?sig=1"))
    let source = HostedFolderFontSource(baseURL: base, extensions: [""])
    #expect(
      source.urls(for: FontRequest(family: "x", fileStem: ".")).map(\.absoluteString) == [
        "https://cdn.example.com/fonts/%2E%2E?sig=1"
      ])
  }

  @Test func googleStylesheetListingTooManyFilesIsRefusedBeforeAnyFile() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = GoogleFontsSource(
          baseURL: server.url(""), session: try loopbackSession(), maximumFiles: 2)
        let query = GoogleFontsQuery(family: "Many")
        let target = try source.url(for: query)
        let rules = (0..<3).map { index in
          "@font-face { font-family: 'Many'; src: url(\(server.url("/f/\(index).woff2"))) "
            + "format('woff2'); unicode-range: U+\(String(0x41 + index, radix: 16)); }\n"
        }
        server.route(
          String(
            target.absoluteString.dropFirst(server.url("").absoluteString.trimmingSlash.count)),
          LoopbackServer.Response(contentType: "text/css", body: Array(rules.joined().utf8)))
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let error = await storeError { try await store.load(query, from: source) }
        #expect(error?.code == .tooLarge)
        #expect(
          error?.message.contains(
            "a stylesheet listing 3 files, over the limit of 2 for one stylesheet") == true,
          "\(error?.message ?? "")")
        #expect(server.requests.map(\.path).allSatisfy { $0.hasPrefix("/css2") })
        #expect(server.requests.count == 1)
      }
    }
  }

  @Test func googleRedirectHostsAreGooglesOrTheMirrors() throws {
    #expect(
      GoogleFontsSource().allowedRedirectHosts == GoogleFontsSource.googleHosts)
    #expect(GoogleFontsSource.googleHosts.count == 2)
    let mirror = try #require(URL(string: "https://Mirror.Example.com/google"))
    #expect(GoogleFontsSource(baseURL: mirror).allowedRedirectHosts == ["mirror.example.com"])
  }

  @Test func googleStylesheetTimeoutBoundsTheLoad() async throws {
    try await withTemporaryFolder { folder in
      try await withLoopbackServer { server in
        let source = GoogleFontsSource(
          baseURL: server.url(""), session: try loopbackSession(),
          limits: DownloadLimits(timeout: .seconds(1)))
        let query = GoogleFontsQuery(family: "Slow")
        let target = try source.url(for: query).absoluteString
        var drip = LoopbackServer.Response(body: [0x40], announcedLength: 1_000)
        drip.tail = .drip(interval: 0.2, count: 5_000)
        server.route(
          String(target.dropFirst(server.url("").absoluteString.trimmingSlash.count)), drip)
        let store = try FontStore(directory: folder, registry: try FontRegistry())
        let (error, seconds) = await timedError {
          _ = try await store.load(query, from: source)
        }
        #expect(error?.systemCode == NSURLErrorTimedOut, "\(error?.message ?? "")")
        #expect(seconds < guardSeconds)
      }
    }
  }

  @Test func limitsClampNonsense() {
    let limits = DownloadLimits(maximumSize: -5, maximumRedirects: -1, redirectHosts: ["A.Example"])
    #expect(limits.maximumSize == 0)
    #expect(limits.maximumRedirects == 0)
    #expect(limits.redirectHosts == ["a.example"])
    #expect(DownloadLimits().maximumSize == 32 << 20)
    #expect(DownloadLimits().timeout == .seconds(120))
    #expect(DownloadLimits().maximumRedirects == 5)
  }
}
