// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A folder of font files served over HTTP(S), named `Family-Style.ext`: a self-hosted copy of
/// a family, like WebFontKit's hosted source.
///
/// For each request the source tries the configured extensions in order and takes the first
/// file the server has; a 404 moves on to the next extension, any other failure stops. The file
/// name is percent-encoded as one path segment (everything but letters, digits and `-._~`), so a
/// family or file stem holding `/`, `../`, `?`, `#` or `%` names a file inside the folder and
/// never another path. Every download keeps ``limits``.
///
/// ```swift
/// let hosted = HostedFolderFontSource(
///   baseURL: URL(string: "https://cdn.example.com/fonts/")!, extensions: ["woff2", "otf"])
/// let faces = try await store.load(family: "Pretendard", styles: [.semibold], from: hosted)
/// // GET https://cdn.example.com/fonts/Pretendard-SemiBold.woff2 (404)
/// // GET https://cdn.example.com/fonts/Pretendard-SemiBold.otf   (200)
/// ```
public struct HostedFolderFontSource: RemoteFontSource {
  /// The folder's URL; file names are appended to it.
  public let baseURL: URL
  /// The extensions tried, in order, without dots.
  public let extensions: [String]
  /// The session whose configuration requests use (proxy, headers, idle timeout, cookies).
  ///
  /// Each request runs in a session of its own made from this configuration, whose delegate
  /// keeps ``limits``; this session's own delegate is not called.
  public let session: URLSession
  /// The version of what the folder serves; change it to fetch every face again.
  public let cacheKey: String?
  /// The bounds every download keeps: size, time, redirects (to the folder's own host unless
  /// ``DownloadLimits/redirectHosts`` names others).
  public let limits: DownloadLimits

  /// Creates a hosted source.
  ///
  /// - Parameters:
  ///   - baseURL: The folder's URL, such as `https://cdn.example.com/fonts/`.
  ///   - extensions: The extensions to try, in order; WOFF2, then OpenType, then TrueType by
  ///     default. WOFF and WOFF2 files are stored as plain sfnt.
  ///   - session: The session to send requests through; `.shared` by default.
  ///   - cacheKey: The version of the folder's contents, or `nil`.
  ///   - limits: The bounds of every download; ``DownloadLimits/init(maximumSize:timeout:maximumRedirects:redirectHosts:)``'s
  ///     defaults (32 MiB, 120 s, 5 redirects to the same host) by default.
  public init(
    baseURL: URL, extensions: [String] = ["woff2", "otf", "ttf"], session: URLSession = .shared,
    cacheKey: String? = nil, limits: DownloadLimits = DownloadLimits()
  ) {
    self.baseURL = baseURL
    self.extensions = extensions.isEmpty ? ["ttf"] : extensions
    self.session = session
    self.cacheKey = cacheKey
    self.limits = limits
  }

  /// The folder's URL.
  public var identifier: String { baseURL.absoluteString }

  /// The URLs tried for a request, in order: the folder's URL and the file name, percent-encoded
  /// as one path segment.
  ///
  /// ```swift
  /// hosted.urls(for: FontRequest(family: "x", fileStem: "../../etc/passwd"))[0]
  /// // https://cdn.example.com/fonts/..%2F..%2Fetc%2Fpasswd.woff2
  /// ```
  ///
  /// - Parameter request: The face.
  /// - Returns: One URL per extension.
  public func urls(for request: FontRequest) -> [URL] {
    extensions.map { Self._url(baseURL, appending: request.fileName(extension: $0)) }
  }

  /// The folder's URL with one more path segment, percent-encoded so that it stays one segment.
  static func _url(_ folder: URL, appending name: String) -> URL {
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    // "." and ".." are path segments of their own: encode their dots too.
    let keepDots = name != "." && name != ".."
    var segment = ""
    for byte in name.utf8 {
      if unreserved.contains(byte), keepDots || byte != UInt8(ascii: ".") {
        segment.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        segment += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    guard var components = URLComponents(url: folder, resolvingAgainstBaseURL: true) else {
      return folder
    }
    let path = components.percentEncodedPath
    components.percentEncodedPath = path + (path.hasSuffix("/") ? "" : "/") + segment
    return components.url ?? folder
  }

  /// Fetches the first of the face's files the server has.
  ///
  /// - Parameter request: The face.
  /// - Returns: The file's bytes.
  /// - Throws: ``FontStoreError/Code/httpStatus`` (404 naming every URL tried when none
  ///   exists), ``FontStoreError/Code/network`` (also for the timeout and a refused redirect) or
  ///   ``FontStoreError/Code/tooLarge`` (see ``limits``).
  public func fetch(_ request: FontRequest) async throws -> Data {
    try await _fetch(request)
  }

  private func _fetch(_ request: FontRequest) async throws(FontStoreError) -> Data {
    let candidates = urls(for: request)
    for url in candidates {
      let urlRequest = URLRequest(url: url)
      let response = try await HTTPFetch.response(
        for: urlRequest, session: session, policy: .font(limits)
      ).get()
      if response.statusCode == 404 { continue }
      return try HTTPFetch.body(of: response, request: urlRequest)
    }
    let tried = candidates.map(\.lastPathComponent).joined(separator: ", ")
    throw FontStoreError(
      .httpStatus,
      "\(baseURL.absoluteString) has no file for \(request) (404 for \(tried)); check the "
        + "family and style names, or the extensions the folder serves",
      statusCode: 404)
  }
}
