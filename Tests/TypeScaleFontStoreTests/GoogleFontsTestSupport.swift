// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleFontStore

/// A recorded answer from `Tests/Fixtures/GoogleFonts/`, with `{{BASE}}` and `{{REQUESTED}}`
/// filled in.
func googleFixture(_ name: String, base: String = "", requested: String = "") throws -> String {
  let url = packageRoot().appendingPathComponent("Tests/Fixtures/GoogleFonts/\(name)")
  return try String(contentsOf: url, encoding: .utf8)
    .replacingOccurrences(of: "{{BASE}}", with: base)
    .replacingOccurrences(of: "{{REQUESTED}}", with: requested)
}

/// The CSS2 API for one family on a loopback server, answering from a recorded stylesheet the
/// way Google does: the rules of the requested styles, or 400 with the recorded page when one
/// is missing (or the family is unknown).
struct FakeGoogleFamily {
  let server: LoopbackServer
  let source: GoogleFontsSource
  let family: String
  /// The recorded rules, each with the comment before it.
  let rules: [String]

  /// Reads a recorded stylesheet and serves its files: `files` maps each file's name in the
  /// stylesheet (its URL's last component) to a fixture font.
  init(
    _ server: LoopbackServer, source: GoogleFontsSource, family: String, stylesheet: String,
    files: [String: String], gate: LoopbackServer.Gate? = nil
  ) throws {
    self.server = server
    self.source = source
    self.family = family
    let css = try googleFixture(stylesheet, base: server.url("").absoluteString.trimmingSlash)
    self.rules = Self.split(css)
    for rule in rules {
      let face = try #require(try CSSFontFace.parse(rule).first)
      let url = try #require(face.fileURL)
      let fixture = try #require(files[url.lastPathComponent], "no fixture for \(url)")
      server.route(url.path, .font(Fixtures.font(fixture), gate: gate))
    }
  }

  /// Splits a stylesheet into its rules, keeping each rule's comment.
  static func split(_ css: String) -> [String] {
    var rules: [String] = []
    var current = ""
    for line in css.split(separator: "\n", omittingEmptySubsequences: false) {
      current += line + "\n"
      if line.hasPrefix("}") {
        rules.append(current)
        current = ""
      }
    }
    return rules
  }

  /// The path and query a request for `query` sends.
  func target(_ query: GoogleFontsQuery) throws -> String {
    let url = try source.url(for: query).absoluteString
    return String(url.dropFirst(server.url("").absoluteString.trimmingSlash.count))
  }

  /// Scripts the answer to `query` and, for the error path, to the family alone and to every
  /// probed style.
  func serve(_ query: GoogleFontsQuery) throws {
    try route(query)
    try route(GoogleFontsQuery(family: family, tuples: []))
    for style in GoogleFontsSource.probedStyles {
      try route(GoogleFontsQuery(family: family, styles: [style]))
    }
  }

  /// Scripts one query's answer.
  func route(_ query: GoogleFontsQuery) throws {
    let tuples = query.tuples.isEmpty ? [GoogleFontsQuery.Tuple()] : query.tuples
    var chosen: [String] = []
    for tuple in tuples {
      let matching = try rules.filter { rule in
        let face = try #require(try CSSFontFace.parse(rule).first)
        return (face.style == .italic) == tuple.italic
          && Double(face.weight.lowerBound) == tuple.weight.lowerBound
          && Double(face.weight.upperBound) == tuple.weight.upperBound
      }
      guard !matching.isEmpty else {
        server.route(try target(query), Self.refusal(family: family, query: query))
        return
      }
      chosen += matching
    }
    let css = rules.filter(chosen.contains).joined()
    server.route(
      try target(query),
      LoopbackServer.Response(contentType: "text/css; charset=utf-8", body: Array(css.utf8)))
  }

  /// Google's 400 page.
  static func refusal(family: String, query: GoogleFontsQuery) -> LoopbackServer.Response {
    let requested = "\(family) (style: normal, weight: \(query.tuples.first?.weight ?? 400))"
    let page = (try? googleFixture("missing-font-family.html", requested: requested)) ?? ""
    return LoopbackServer.Response(
      status: 400, contentType: "text/html; charset=UTF-8", body: Array(page.utf8))
  }
}

extension String {
  /// The string without a trailing slash.
  var trimmingSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
