// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A source that sends a request you build: an API that needs a bearer token, a signed URL, a
/// custom header.
///
/// ```swift
/// let api = RequestFontSource(identifier: "brand-api") { request in
///   var urlRequest = URLRequest(
///     url: URL(string: "https://fonts.example.com/v1/\(request.fileName(extension: "otf"))")!)
///   urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
///   return urlRequest
/// }
/// ```
///
/// Any status other than 2xx is an error (``FontStoreError/Code/httpStatus``). The request is
/// sent with TypeScale's User-Agent unless it sets its own, and keeps ``limits``; redirects go
/// only to the request's own host unless ``DownloadLimits/redirectHosts`` names others.
public struct RequestFontSource: RemoteFontSource {
  /// A stable name for the service, part of the key faces are stored under.
  public let identifier: String
  /// The version of what the service serves; change it to fetch every face again.
  public let cacheKey: String?
  /// The session whose configuration requests use (proxy, headers, idle timeout, cookies).
  ///
  /// Each request runs in a session of its own made from this configuration, whose delegate
  /// keeps ``limits``; this session's own delegate is not called.
  public let session: URLSession
  /// The bounds every download keeps: size, time, redirects.
  public let limits: DownloadLimits
  private let makeRequest: @Sendable (FontRequest) -> URLRequest

  /// Creates a source from a request builder.
  ///
  /// - Parameters:
  ///   - identifier: A stable name for the service, such as its host.
  ///   - cacheKey: The version of the service's fonts, or `nil`.
  ///   - session: The session to send requests through; `.shared` by default.
  ///   - limits: The bounds of every download; the defaults of ``DownloadLimits`` (32 MiB, 120 s,
  ///     5 redirects to the same host) by default.
  ///   - makeRequest: Builds the request for a face: URL, headers, method.
  public init(
    identifier: String, cacheKey: String? = nil, session: URLSession = .shared,
    limits: DownloadLimits = DownloadLimits(),
    makeRequest: @escaping @Sendable (FontRequest) -> URLRequest
  ) {
    self.identifier = identifier
    self.cacheKey = cacheKey
    self.session = session
    self.limits = limits
    self.makeRequest = makeRequest
  }

  /// The request sent for a face, with the User-Agent filled in.
  ///
  /// - Parameter request: The face.
  /// - Returns: The URL request.
  public func urlRequest(for request: FontRequest) -> URLRequest {
    HTTPFetch.prepared(makeRequest(request))
  }

  /// Sends the face's request and returns the body of a 2xx response.
  ///
  /// - Parameter request: The face.
  /// - Returns: The body.
  /// - Throws: ``FontStoreError/Code/httpStatus``, ``FontStoreError/Code/network`` (also for the
  ///   timeout and a refused redirect) or ``FontStoreError/Code/tooLarge`` (see ``limits``).
  public func fetch(_ request: FontRequest) async throws -> Data {
    let urlRequest = urlRequest(for: request)
    let response = try await HTTPFetch.response(
      for: urlRequest, session: session, policy: .font(limits)
    ).get()
    return try HTTPFetch.body(of: response, request: urlRequest)
  }
}
