// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The blocking counterparts of the source's requests, for
/// ``FontStore/install(_:from:)-(GoogleFontsQuery,_)``.
///
/// A command-line tool waits on its own thread (`HTTPFetch.blockingResponse(for:session:)`)
/// rather than on Swift's cooperative pool, which a blocked caller could starve. Requests run
/// one after another: this path serves tools, where the few extra round trips do not matter.
extension GoogleFontsSource {
  /// ``faces(for:)``, blocking.
  func _facesBlocking(for query: GoogleFontsQuery) throws(FontStoreError) -> [CSSFontFace] {
    let url = try url(for: query)
    let response = try _getBlocking(url).get()
    switch try _answer(response, url: url) {
    case .faces(let faces):
      return faces
    case .refused(let message):
      let available = try _availableFacesBlocking(of: query.family)
      throw Self._missingStyles(
        query, available: available, context: "\(url.absoluteString) answered 400: \(message)")
    }
  }

  /// ``availableFaces(of:)``, blocking.
  func _availableFacesBlocking(of family: String) throws(FontStoreError) -> [CSSFontFace] {
    let url = try url(for: GoogleFontsQuery(family: family, tuples: []))
    let response = try _getBlocking(url).get()
    switch try _answer(response, url: url) {
    case .refused(let message):
      throw Self._unknownFamily(family, url: url, message: message)
    case .faces(let defaults):
      var probed: [CSSFontFace] = []
      for style in Self.probedStyles {
        guard let probe = try? self.url(for: GoogleFontsQuery(family: family, styles: [style])),
          case .success(let response) = _getBlocking(probe),
          case .faces(let faces)? = try? _answer(response, url: probe)
        else { continue }
        probed += faces
      }
      return Self._distinctStyles(defaults + probed)
    }
  }

  /// ``_download(_:label:)``, blocking.
  func _downloadBlocking(_ faces: [CSSFontFace], label: String) throws(FontStoreError) -> Data {
    var files: [GoogleFontsSubsets.File] = []
    let budget = _styleBudget()
    for url in try _files(of: faces, label: label) {
      let request = _request(url)
      let response = try HTTPFetch.blockingResponse(
        for: request, session: session, policy: _filePolicy(budget: budget)
      ).get()
      files.append(
        GoogleFontsSubsets.File(
          data: try HTTPFetch.body(of: response, request: request), name: url.lastPathComponent))
    }
    return try Self._combine(files)
  }

  func _getBlocking(_ url: URL) -> Result<HTTPFetch.Response, FontStoreError> {
    HTTPFetch.blockingResponse(for: _request(url), session: session, policy: _stylesheetPolicy)
  }
}
