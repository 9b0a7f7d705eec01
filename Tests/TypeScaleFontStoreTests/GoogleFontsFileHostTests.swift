// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import TypeScaleFontStore

/// The faces of a one-rule stylesheet whose `src` is `url`.
private func faces(_ url: String) throws -> [CSSFontFace] {
  try CSSFontFace.parse(
    """
    @font-face {
      font-family: 'Inter';
      font-style: normal;
      font-weight: 400;
      src: url(\(url)) format('woff2');
    }
    """)
}

private let label = "\"Inter\" regular"

@Suite struct GoogleFontsFileHostTests {
  /// Google's stylesheets list files on Google's hosts; a mirror's list files on the mirror.
  @Test(
    arguments: [
      ("https://fonts.gstatic.com/s/inter/v1/a.woff2", nil),
      ("https://FONTS.GSTATIC.COM/s/inter/v1/a.woff2", nil),
      ("https://fonts.googleapis.com/a.woff2", nil),
      ("http://127.0.0.1:8080/fonts/a.woff2", "http://127.0.0.1:8080"),
      ("https://127.0.0.1/fonts/a.woff2", "http://127.0.0.1:8080"),
      ("https://mirror.example.com/a.woff2", "https://mirror.example.com/api"),
    ] as [(String, String?)])
  func allowedFileHostsAreFetched(url: String, mirror: String?) throws {
    let source =
      try mirror.map { GoogleFontsSource(baseURL: try #require(URL(string: $0))) }
      ?? GoogleFontsSource()
    #expect(try source._files(of: try faces(url), label: label).map(\.absoluteString) == [url])
  }

  @Test(
    arguments: [
      (
        "https://evil.example.com/a.woff2", nil,
        "a host this source does not allow (it allows https from fonts.googleapis.com, "
          + "fonts.gstatic.com)"
      ),
      (
        "http://fonts.gstatic.com/a.woff2", nil,
        "over http, which this source does not allow (it allows https from "
          + "fonts.googleapis.com, fonts.gstatic.com)"
      ),
      (
        "https://fonts.gstatic.com/a.woff2", "http://127.0.0.1:8080",
        "a host this source does not allow (it allows http or https from 127.0.0.1)"
      ),
      (
        "http://169.254.169.254/latest/a.woff2", "http://127.0.0.1:8080",
        "a host this source does not allow (it allows http or https from 127.0.0.1)"
      ),
    ] as [(String, String?, String)])
  func otherFileHostsAreRefusedBeforeAnyRequest(url: String, mirror: String?, reason: String)
    throws
  {
    let source =
      try mirror.map { GoogleFontsSource(baseURL: try #require(URL(string: $0))) }
      ?? GoogleFontsSource()
    let error = #expect(throws: FontStoreError.self) {
      try source._files(of: try faces(url), label: label)
    }
    #expect(error?.code == .sourceFailed)
    #expect(
      error?.message
        == "the stylesheet for \"Inter\" regular lists \(url), \(reason); use a mirror that "
        + "serves its own files, or add the host to the source's DownloadLimits.redirectHosts")
  }

  /// The limits' redirect hosts are the setting that allows one more file host.
  @Test func redirectHostsAllowAFileHost() throws {
    let source = GoogleFontsSource(limits: DownloadLimits(redirectHosts: ["CDN.example.com"]))
    #expect(source.allowedFileHosts == GoogleFontsSource.googleHosts.union(["cdn.example.com"]))
    let url = "https://cdn.example.com/a.woff2"
    #expect(try source._files(of: try faces(url), label: label).map(\.absoluteString) == [url])
  }
}
