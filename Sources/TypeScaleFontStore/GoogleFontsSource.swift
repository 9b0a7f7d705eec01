// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleInternals
import TypeScaleMetrics

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Google Fonts as a font source: asks the CSS2 API for a family's styles, reads the
/// `@font-face` rules it answers with, and fetches their files for the store.
///
/// ```swift
/// let google = GoogleFontsSource()
/// let faces = try await store.load(family: "Noto Sans KR", styles: [.regular, .bold],
///                                  from: google)
/// // GET <base>/css2?family=Noto+Sans+KR:wght@400;700, then each style's file, once
/// let inter = try await store.load(.variable(family: "Inter", weights: 100...900),
///                                  from: google)
/// inter[0].axes   // [wght 100…900]
/// ```
///
/// Loading through ``FontStore/load(_:from:)-(GoogleFontsQuery,_)`` (or
/// ``FontStore/load(family:styles:from:)-(_,_,GoogleFontsSource)`` with this type) asks for every
/// missing style in one CSS request, fetches each style's files once however many callers ask,
/// and stores each style under its own key, content-addressed. A style the store holds never
/// touches the network, so a store opened again on the same folder works offline. There is no
/// blocking counterpart: command-line tools await the load too (`typescale fonts install
/// --google` does).
///
/// The API answers in one of two shapes, and the source copes with both:
/// - one file per style — what it sends to an unknown User-Agent such as TypeScale's (sent
///   unless you give another), usually TrueType;
/// - several `unicode-range` subsets per style — what browsers get, WOFF2. The subsets are
///   combined into one collection file whose faces are the subsets, the stylesheet's last one
///   first: every subset is registered with its coverage, even though Google's subsets share
///   one PostScript name. The registry finds the first subset by name and family; give the
///   other faces the load returns to `FontRegistry.cascade(for:preferring:)` so layout draws
///   every range.
///
/// A family Google does not have, or a style it lacks, is a ``FontStoreError/Code/notFound``
/// error naming what exists. The API answers both with 400 ("Missing font family"), so on a
/// 400 the source asks again for the family alone — a 400 there means the family is unknown —
/// and then for each weight from 100 to 900, upright and italic, one request each (18 small
/// requests, only on this error path), and lists the styles whose CSS answers came back.
///
/// The base URL is the only place Google's address appears: point it at a mirror, a proxy that
/// speaks the CSS2 API, or a test server. Every request carries the User-Agent, so the files
/// come in the format that agent gets.
///
/// Every request keeps ``limits``, and redirects go only to ``allowedRedirectHosts``. A
/// stylesheet may be at most ``maximumStylesheetSize`` bytes and list at most ``maximumFiles``
/// files, checked before any file is fetched; the files of one style (its `unicode-range`
/// subsets) may together be at most the size limit, as the one file they are combined into.
public struct GoogleFontsSource: RemoteFontSource {
  /// Google Fonts' own address, the default base URL.
  public static let defaultBaseURL: URL = {
    guard let url = URL(string: "https://" + _apiHost) else {
      preconditionFailure("the default Google Fonts address does not parse")
    }
    return url
  }()

  /// The styles asked for one by one to find what a family has: weights 100 to 900, upright,
  /// then italic.
  public static let probedStyles: [FontRequest.Style] = [false, true].flatMap { italic in
    [
      FontWeight.thin, .extraLight, .light, .regular, .medium, .semibold, .bold, .extraBold, .black,
    ].map { FontRequest.Style(weight: $0, italic: italic) }
  }

  /// The largest stylesheet accepted, in bytes (Korean subsets in many styles stay well below),
  /// checked as it arrives.
  public static let maximumStylesheetSize = 8 << 20

  /// The default ``maximumFiles``: 2,500, above the 18 static styles of a CJK family (about 124
  /// `unicode-range` subsets each) that a browser's User-Agent gets in one stylesheet.
  public static let defaultMaximumFiles = 2_500

  /// The host of Google's CSS API: the only place it is written.
  static let _apiHost = "fonts.googleapis.com"
  /// The host Google's stylesheets list files on.
  static let _filesHost = "fonts.gstatic.com"

  /// Google Fonts' two hosts: the CSS API's and the files'.
  public static let googleHosts: Set<String> = [_apiHost, _filesHost]

  /// How many requests run at once for probes and subset files.
  static let maximumConcurrentRequests = 6

  /// `true`: Google's stylesheet, not the file, says which family a file is.
  ///
  /// The store still checks each file's weight and slope; a file whose family names differ from
  /// the requested family is stored under its own names with a
  /// ``FontStoreDiagnostic/Kind/familyRenamed`` note rather than refused. Google serves files
  /// generated from its own sources (static instances of variable families, `unicode-range`
  /// subsets), whose internal names it controls; a mirror or a test server may serve anything
  /// under a family's stylesheet.
  public var familyNamesMayDiffer: Bool { true }

  /// The API's address: ``defaultBaseURL``, or a mirror's.
  public let baseURL: URL
  /// The session whose configuration requests use (proxy, headers, idle timeout, cookies).
  ///
  /// Each request runs in a session of its own made from this configuration, whose delegate
  /// keeps ``limits``; this session's own delegate is not called.
  public let session: URLSession
  /// The User-Agent every request sends; it decides the format the API serves.
  public let userAgent: String
  /// The version of what the source serves; change it to fetch every face again.
  public let cacheKey: String?
  /// The bounds every request keeps: size, time, redirects.
  public let limits: DownloadLimits
  /// The most distinct files one stylesheet may list; a longer answer is refused
  /// (``FontStoreError/Code/tooLarge``) before any file is fetched.
  public let maximumFiles: Int

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - baseURL: The API's address; ``defaultBaseURL`` by default. The stylesheet comes from
  ///     `<baseURL>/css2`.
  ///   - session: The session to send requests through; `.shared` by default.
  ///   - userAgent: The User-Agent to send; TypeScale's by default, which gets one file per
  ///     style. A browser's gets WOFF2 `unicode-range` subsets.
  ///   - cacheKey: The version of the fonts, or `nil` to keep stored faces until removed.
  ///   - limits: The bounds of every request; the defaults of ``DownloadLimits`` (32 MiB, 120 s,
  ///     5 redirects) by default.
  ///   - maximumFiles: The most files one stylesheet may list; ``defaultMaximumFiles`` by
  ///     default. Values below 1 count as 1.
  public init(
    baseURL: URL = GoogleFontsSource.defaultBaseURL, session: URLSession = .shared,
    userAgent: String? = nil, cacheKey: String? = nil, limits: DownloadLimits = DownloadLimits(),
    maximumFiles: Int = GoogleFontsSource.defaultMaximumFiles
  ) {
    self.baseURL = baseURL
    self.session = session
    self.userAgent = userAgent ?? HTTPFetch.userAgent
    self.cacheKey = cacheKey
    self.limits = limits
    self.maximumFiles = max(1, maximumFiles)
  }

  /// The hosts a redirect may lead to, besides the request's own host and
  /// ``DownloadLimits/redirectHosts``: ``googleHosts`` with the default base URL, the base URL's
  /// host for a mirror.
  public var allowedRedirectHosts: Set<String> {
    guard baseURL != Self.defaultBaseURL else { return Self.googleHosts }
    return Set([baseURL.host?.lowercased()].compactMap { $0 })
  }

  /// The stylesheet endpoint, `<baseURL>/css2`.
  public var stylesheetEndpoint: URL { baseURL.appendingPathComponent("css2") }

  /// The stylesheet endpoint's address: part of every key the store files these faces under.
  public var identifier: String { stylesheetEndpoint.absoluteString }

  /// The stylesheet URL for a query: `<baseURL>/css2?family=Inter:ital,wght@0,400;1,700`, with
  /// spaces written `+`.
  ///
  /// - Parameter query: The family and styles.
  /// - Returns: The URL.
  /// - Throws: ``FontStoreError/Code/invalidArgument`` for a query the API would refuse
  ///   (``GoogleFontsQuery/validate()``).
  public func url(for query: GoogleFontsQuery) throws(FontStoreError) -> URL {
    try query.validate()
    let text = stylesheetEndpoint.absoluteString + "?family=" + Self._encode(query.familyParameter)
    guard let url = URL(string: text) else {
      throw FontStoreError(.invalidArgument, "\(text) is not a URL; check the base URL")
    }
    return url
  }

  /// The store request for one style: the `Family-Style` file stem for a static style (the
  /// same key ``fetch(_:)`` uses), `Family[wght@100..900]` for a variable one.
  ///
  /// - Parameters:
  ///   - tuple: The style.
  ///   - family: The family name.
  /// - Returns: The request; ``FontStore/key(for:from:)`` gives its store key.
  public func request(for tuple: GoogleFontsQuery.Tuple, family: String) -> FontRequest {
    guard !tuple.isStatic else { return FontRequest(family: family, style: tuple.style) }
    let stem = family.filter { !$0.isWhitespace } + "[" + tuple.description + "]"
    return FontRequest(family: family, style: tuple.style, fileStem: stem)
  }

  /// The store requests for a query's styles, in the query's order.
  ///
  /// - Parameter query: The family and styles.
  /// - Returns: One request per tuple.
  public func requests(for query: GoogleFontsQuery) -> [FontRequest] {
    query.tuples.map { request(for: $0, family: query.family) }
  }

  // MARK: - Stylesheets

  /// Fetches and reads the stylesheet for a query.
  ///
  /// - Parameter query: The family and styles.
  /// - Returns: Every `@font-face` rule of the answer, in order (several per style when the
  ///   answer splits styles into `unicode-range` subsets).
  /// - Throws: ``FontStoreError`` — `notFound` for a family Google does not have or styles it
  ///   lacks (naming what it has; `statusCode` 400), `httpStatus` for another status,
  ///   `sourceFailed` for an answer that is not `@font-face` CSS, `tooLarge`, `network`.
  public func faces(for query: GoogleFontsQuery) async throws(FontStoreError) -> [CSSFontFace] {
    let url = try url(for: query)
    let response = try await _get(url).get()
    switch try _answer(response, url: url) {
    case .faces(let faces): return faces
    case .refused(let message): throw await _refusal(query, url: url, message: message)
    }
  }

  /// The styles a family has: its default style's answer, then one request per style of
  /// ``probedStyles``, keeping the answers that came back.
  ///
  /// - Parameter family: The family name.
  /// - Returns: One rule per style (the first subset of a subsetted style), upright first, by
  ///   weight.
  /// - Throws: ``FontStoreError/Code/notFound`` when Google does not have the family, or what
  ///   ``faces(for:)`` throws for the family's default style.
  public func availableFaces(of family: String) async throws(FontStoreError) -> [CSSFontFace] {
    let url = try url(for: GoogleFontsQuery(family: family, tuples: []))
    let response = try await _get(url).get()
    switch try _answer(response, url: url) {
    case .refused(let message):
      throw Self.unknownFamily(family, url: url, message: message)
    case .faces(let defaults):
      var probed: [CSSFontFace] = []
      let urls = Self.probedStyles.compactMap {
        try? self.url(for: GoogleFontsQuery(family: family, styles: [$0]))
      }
      for result in await _concurrently(urls, { await self._get($0) }) {
        if case .success(let response) = result.value,
          case .faces(let faces)? = try? _answer(response, url: result.url)
        {
          probed += faces
        }
      }
      return Self.distinctStyles(defaults + probed)
    }
  }

  /// Fetches one static style's file for the store: the stylesheet for that style alone, then
  /// its file, or its subsets combined into one collection.
  ///
  /// ``FontStore/load(_:from:)-(GoogleFontsQuery,_)`` asks for all of a load's styles in one
  /// stylesheet request and handles variable styles; this is what the store calls through
  /// ``RemoteFontSource``.
  ///
  /// - Parameter request: The family and static style.
  /// - Returns: The file's bytes.
  /// - Throws: What ``faces(for:)`` throws, `httpStatus` or `network` for a file, `notAFont`
  ///   or `corrupt` for a subset FreeType refuses.
  public func fetch(_ request: FontRequest) async throws -> Data {
    try await _fetch(GoogleFontsQuery.Tuple(request.style), family: request.family)
  }

  func _fetch(_ tuple: GoogleFontsQuery.Tuple, family: String) async throws(FontStoreError) -> Data
  {
    let query = GoogleFontsQuery(family: family, tuples: [tuple])
    let faces = try await faces(for: query)
    let assigned = try Self.assign(faces, to: query, url: try url(for: query))
    return try await _download(assigned[0], label: "\"\(family)\" \(Self._describe(tuple))")
  }

  // MARK: - Answers

  /// A stylesheet answer: rules, or the API's 400 and its message.
  enum Answer {
    case faces([CSSFontFace])
    case refused(String)
  }

  /// Reads a stylesheet response.
  func _answer(_ response: HTTPFetch.Response, url: URL) throws(FontStoreError) -> Answer {
    switch response.statusCode {
    case 200..<300:
      // HTTPFetch stopped reading at the limit; this guards answers from elsewhere.
      guard response.data.count <= Self.maximumStylesheetSize else {
        throw FontStoreError(
          .tooLarge,
          "GET \(url.absoluteString) answered \(response.data.count) bytes, over the limit of "
            + "\(Self.maximumStylesheetSize) for a stylesheet; check the base URL")
      }
      let css = String(decoding: response.data, as: UTF8.self)
      let faces: [CSSFontFace]
      do throws(FontStoreError) {
        faces = try CSSFontFace.parse(css, baseURL: response.url ?? url)
      } catch {
        throw FontStoreError(
          .sourceFailed,
          "GET \(url.absoluteString) answered something TypeScale cannot read as @font-face "
            + "rules (\(error.message)); check the base URL, which must serve the CSS2 API",
          cause: error)
      }
      let files = Set(faces.compactMap(\.fileURL)).count
      guard files <= maximumFiles else {
        throw FontStoreError(
          .tooLarge,
          "GET \(url.absoluteString) answered a stylesheet listing \(files) files, over the "
            + "limit of \(maximumFiles) for one stylesheet; ask for fewer styles at once, or "
            + "raise GoogleFontsSource's maximumFiles")
      }
      return .faces(faces)
    case 400:
      return .refused(Self.serverMessage(response.data))
    default:
      let reason = HTTPURLResponse.localizedString(forStatusCode: response.statusCode)
      throw FontStoreError(
        .httpStatus,
        "GET \(url.absoluteString) answered \(response.statusCode) \(reason); check the base URL "
          + "(\(baseURL.absoluteString)), which must serve the CSS2 API at /css2",
        statusCode: response.statusCode)
    }
  }

  /// The error for a 400: an unknown family, or styles the family lacks, listing what it has.
  func _refusal(_ query: GoogleFontsQuery, url: URL, message: String) async -> FontStoreError {
    let available: [CSSFontFace]
    do throws(FontStoreError) {
      available = try await availableFaces(of: query.family)
    } catch {
      return error
    }
    return Self.missingStyles(
      query, available: available,
      context: "\(url.absoluteString) answered 400: \(message)")
  }

  /// Which rules serve each tuple of a query, in stylesheet order.
  ///
  /// - Throws: ``FontStoreError/Code/notFound`` naming the tuples no rule serves and the styles
  ///   the answer has.
  static func assign(
    _ faces: [CSSFontFace], to query: GoogleFontsQuery, url: URL
  ) throws(FontStoreError) -> [[CSSFontFace]] {
    let assigned = query.tuples.map { tuple in faces.filter { _matches($0, tuple) } }
    if assigned.contains(where: \.isEmpty) {
      throw missingStyles(
        query, available: faces,
        context: "its answer to \(url.absoluteString) has no @font-face rule for it")
    }
    return assigned
  }

  /// Whether a rule serves a tuple: the same slope, a weight (and width) range that holds the
  /// tuple's.
  static func _matches(_ face: CSSFontFace, _ tuple: GoogleFontsQuery.Tuple) -> Bool {
    guard (face.style == .italic) == tuple.italic,
      Double(face.weight.lowerBound) <= tuple.weight.lowerBound,
      tuple.weight.upperBound <= Double(face.weight.upperBound)
    else { return false }
    if let width = tuple.axes["wdth"], let stretch = face.stretch {
      return stretch.lowerBound <= width.lowerBound && width.upperBound <= stretch.upperBound
    }
    return true
  }

  static func missingStyles(
    _ query: GoogleFontsQuery, available: [CSSFontFace], context: String
  ) -> FontStoreError {
    var missing = query.tuples.filter { tuple in !available.contains { _matches($0, tuple) } }
    if missing.isEmpty { missing = query.tuples }
    let styles = distinctStyles(available).map(\.styleDescription)
    return FontStoreError(
      .notFound,
      "Google Fonts has no \(missing.map(_describe).joined(separator: ", ")) of "
        + "\"\(query.family)\" (\(context)); the styles it has: "
        + (styles.isEmpty ? "none found" : styles.joined(separator: ", ")),
      statusCode: 400)
  }

  static func unknownFamily(_ family: String, url: URL, message: String) -> FontStoreError {
    FontStoreError(
      .notFound,
      "Google Fonts has no family \"\(family)\" (\(url.absoluteString) answered 400: \(message)); "
        + "check the family name's spelling and capitals in the Google Fonts catalogue",
      statusCode: 400)
  }

  /// `Black (900)`, `Bold Italic (700 italic)`, `wght 100..900 italic, opsz 14..32`.
  static func _describe(_ tuple: GoogleFontsQuery.Tuple) -> String {
    if tuple.isStatic {
      let weight = Int(tuple.weight.lowerBound)
      return "\(tuple.style.name) (\(weight)\(tuple.italic ? " italic" : ""))"
    }
    let axes = tuple.axes.sorted { GoogleFontsQuery.axisOrder($0.key, $1.key) }
      .map { ", \($0.key) \($0.value)" }.joined()
    return "wght \(tuple.weight)\(tuple.italic ? " italic" : "")\(axes)"
  }

  /// One rule per distinct style, upright before italic, by weight.
  static func distinctStyles(_ faces: [CSSFontFace]) -> [CSSFontFace] {
    var seen: Set<String> = []
    return faces.filter { seen.insert($0.styleDescription).inserted }.sorted {
      ($0.style == .italic ? 1 : 0, $0.weight.lowerBound, $0.weight.upperBound)
        < ($1.style == .italic ? 1 : 0, $1.weight.lowerBound, $1.weight.upperBound)
    }
  }

  /// The text of an error answer: Google sends a small HTML page ("400: Missing font family").
  static func serverMessage(_ data: Data) -> String {
    var text = String(decoding: data.prefix(64 << 10), as: UTF8.self)
    for pattern in ["<head[\\s\\S]*?</head>", "<script[\\s\\S]*?</script>", "<[^>]*>"] {
      text = text.replacingOccurrences(
        of: pattern, with: " ", options: [.regularExpression, .caseInsensitive])
    }
    for (entity, character) in [
      ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
      ("&amp;", "&"),
    ] {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    text = text.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
      .trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return "no message" }
    return text.count > 240 ? String(text.prefix(240)) + "…" : text
  }

  /// Percent-encodes a `family` value the way the API's own links do: spaces as `+`, and
  /// `:,;@.` kept.
  static func _encode(_ text: String) -> String {
    let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:,;@".utf8)
    var encoded = ""
    for byte in text.utf8 {
      if byte == UInt8(ascii: " ") {
        encoded += "+"
      } else if kept.contains(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return encoded
  }

  // MARK: - Files

  /// The files of a style's rules: one URL per rule, duplicates dropped.
  func _files(of faces: [CSSFontFace], label: String) throws(FontStoreError) -> [URL] {
    var urls: [URL] = []
    for face in faces {
      guard let url = face.fileURL else {
        let sources = face.sources.map(\.description).joined(separator: ", ")
        throw FontStoreError(
          .sourceFailed,
          "the @font-face rule for \(label)\(face.comment.map { " [\($0)]" } ?? "") lists no "
            + "file TypeScale can fetch (src: \(sources)); it needs an http(s) url() in WOFF2, "
            + "WOFF, TrueType or OpenType")
      }
      try _checkFileHost(url, label: label)
      if !urls.contains(url) { urls.append(url) }
    }
    return urls
  }

  /// The hosts a stylesheet's `src: url(...)` may point at: ``allowedRedirectHosts`` (Google's
  /// two hosts with the default base URL, the mirror's own host otherwise) and the limits'
  /// ``DownloadLimits/redirectHosts``.
  public var allowedFileHosts: Set<String> {
    allowedRedirectHosts.union(limits.redirectHosts)
  }

  /// Refuses a file URL on a host the source does not allow, or over another scheme than
  /// `https` and the base URL's own (`http` only for a mirror reached over `http`).
  func _checkFileHost(_ url: URL, label: String) throws(FontStoreError) {
    let scheme = url.scheme?.lowercased() ?? ""
    let schemes = Set(["https", baseURL.scheme?.lowercased() ?? "https"])
    let host = url.host?.lowercased() ?? ""
    let hosts = allowedFileHosts
    guard !schemes.contains(scheme) || !hosts.contains(host) else { return }
    let reason =
      schemes.contains(scheme)
      ? "a host this source does not allow" : "over \(scheme), which this source does not allow"
    throw FontStoreError(
      .sourceFailed,
      "the stylesheet for \(label) lists \(DisplayText.quoted(url.absoluteString)), \(reason) "
        + "(it allows \(schemes.sorted().joined(separator: " or ")) from "
        + "\(hosts.sorted().joined(separator: ", "))); use a mirror that serves its own files, "
        + "or add the host to the source's DownloadLimits.redirectHosts")
  }

  /// Downloads a style's files: the file itself, or its subsets combined into a collection.
  ///
  /// The files draw from one byte budget, the size limit of the file they make.
  func _download(_ faces: [CSSFontFace], label: String) async throws(FontStoreError) -> Data {
    let urls = try _files(of: faces, label: label)
    let budget = styleBudget()
    let results = await _concurrently(urls) { await self._body($0, budget: budget) }
    var files: [GoogleFontsSubsets.File] = []
    for result in results {
      files.append(
        GoogleFontsSubsets.File(data: try result.value.get(), name: result.url.lastPathComponent))
    }
    // Decoding and combining subsets is FreeType work: keep it off the cooperative pool.
    let combined = files
    return try await FontStore.offPool { () throws(FontStoreError) in
      try Self._combine(combined)
    }
  }

  /// One file's bytes: the body of a 2xx answer.
  func _body(_ url: URL, budget: HTTPFetch.Budget) async -> Result<Data, FontStoreError> {
    let request = _request(url)
    let policy = filePolicy(budget: budget)
    return await HTTPFetch.response(for: request, session: session, policy: policy).flatMap {
      response in
      Result { () throws(FontStoreError) in try HTTPFetch.body(of: response, request: request) }
    }
  }

  /// The file itself, or the subsets as one collection.
  static func _combine(_ files: [GoogleFontsSubsets.File]) throws(FontStoreError) -> Data {
    guard files.count > 1 else {
      guard let file = files.first else {
        throw FontStoreError(.sourceFailed, "the stylesheet lists no file for the style")
      }
      return file.data
    }
    return try GoogleFontsSubsets.collection(of: files)
  }

  // MARK: - Requests

  /// A GET request with the User-Agent.
  func _request(_ url: URL) -> URLRequest {
    var request = URLRequest(url: url)
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    return request
  }

  func _get(_ url: URL) async -> Result<HTTPFetch.Response, FontStoreError> {
    await HTTPFetch.response(for: _request(url), session: session, policy: _stylesheetPolicy)
  }

  /// The policy of a stylesheet request: the limits, at most ``maximumStylesheetSize`` bytes.
  var _stylesheetPolicy: HTTPFetch.Policy {
    var policy = HTTPFetch.Policy.text(
      limits,
      size: HTTPFetch.SizeLimit(
        bytes: Self.maximumStylesheetSize,
        name: "the limit of \(Self.maximumStylesheetSize) bytes for a stylesheet",
        advice: "check the base URL, which must serve the CSS2 API"))
    policy.extraRedirectHosts = allowedRedirectHosts
    return policy
  }

  /// The byte budget of one style's files: the size limit of the one file they make.
  func styleBudget() -> HTTPFetch.Budget {
    HTTPFetch.Budget(FontStore.fileLimit(within: limits))
  }

  /// The policy of a font file request, drawing from its style's budget.
  func filePolicy(budget: HTTPFetch.Budget) -> HTTPFetch.Policy {
    var policy = HTTPFetch.Policy.font(limits, budget: budget)
    policy.extraRedirectHosts = allowedRedirectHosts
    return policy
  }

  /// Runs `body` for every URL, ``maximumConcurrentRequests`` at a time, and returns the results
  /// in the URLs' order.
  func _concurrently<T: Sendable>(
    _ urls: [URL], _ body: @escaping @Sendable (URL) async -> T
  ) async -> [(url: URL, value: T)] {
    await withTaskGroup(of: (Int, T).self) { group in
      var values = [T?](repeating: nil, count: urls.count)
      var next = 0
      func start() {
        let index = next
        next += 1
        group.addTask { (index, await body(urls[index])) }
      }
      while next < min(urls.count, Self.maximumConcurrentRequests) { start() }
      while let (index, value) = await group.next() {
        values[index] = value
        if next < urls.count { start() }
      }
      return zip(urls, values).compactMap { url, value in value.map { (url, $0) } }
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
