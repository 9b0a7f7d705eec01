// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import TypeScaleLock

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GET requests for the sources: an explicit User-Agent, non-2xx statuses and transport failures
/// turned into ``FontStoreError``s.
///
/// Built on `dataTask(with:completionHandler:)`, whose completion runs on the session's delegate
/// queue rather than on Swift's cooperative pool, so that ``blockingData(for:session:)`` can wait
/// for it from a command-line tool without starving the pool.
enum HTTPFetch {
  /// The User-Agent sent with every request unless the request sets its own.
  ///
  /// Font CDNs pick formats by User-Agent (Google's CSS API serves WOFF2 subsets to browsers and
  /// one TTF to unknown agents), so TypeScale names itself instead of passing as a browser.
  static let userAgent = "TypeScale-FontStore/1 (Swift; Linux)"

  /// A successful response: the body and the final URL after redirects.
  struct Response: Sendable {
    let data: Data
    let statusCode: Int
    let url: URL?
  }

  /// The request with the User-Agent set, unless it sets one already.
  static func prepared(_ request: URLRequest) -> URLRequest {
    var request = request
    if request.value(forHTTPHeaderField: "User-Agent") == nil {
      request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    }
    return request
  }

  /// Sends a request and reports any HTTP answer, 404 included; only transport failures are
  /// errors.
  static func start(
    _ request: URLRequest, session: URLSession,
    completion: @escaping @Sendable (Result<Response, FontStoreError>) -> Void
  ) {
    let request = prepared(request)
    let description = request.url?.absoluteString ?? "<no URL>"
    let task = session.dataTask(with: request) { data, response, error in
      if let error {
        completion(.failure(networkError(error, url: description)))
        return
      }
      guard let http = response as? HTTPURLResponse else {
        completion(
          .failure(
            FontStoreError(.network, "\(description) gave no HTTP response; use an http(s) URL")))
        return
      }
      completion(
        .success(Response(data: data ?? Data(), statusCode: http.statusCode, url: http.url)))
    }
    task.resume()
  }

  /// The response to a request, awaited.
  static func response(
    for request: URLRequest, session: URLSession
  ) async -> Result<Response, FontStoreError> {
    await withCheckedContinuation { continuation in
      start(request, session: session) { continuation.resume(returning: $0) }
    }
  }

  /// The response to a request, waited for on the calling thread (for command-line tools).
  static func blockingResponse(
    for request: URLRequest, session: URLSession
  ) -> Result<Response, FontStoreError> {
    let done = DispatchSemaphore(value: 0)
    let box = _ResultBox()
    start(request, session: session) { result in
      box.set(result)
      done.signal()
    }
    done.wait()
    return box.get()
  }

  /// The body of a 2xx response, or ``FontStoreError/Code/httpStatus`` for any other status.
  static func body(
    of response: Response, request: URLRequest
  ) throws(FontStoreError) -> Data {
    guard (200..<300).contains(response.statusCode) else {
      throw statusError(response.statusCode, url: request.url)
    }
    return response.data
  }

  /// The error for a non-2xx status.
  static func statusError(_ status: Int, url: URL?) -> FontStoreError {
    let reason = HTTPURLResponse.localizedString(forStatusCode: status)
    let target = url?.absoluteString ?? "<no URL>"
    let advice =
      status == 404
      ? "check the URL and the file name (Family-Style.ext)"
      : (status == 401 || status == 403)
        ? "check the request's credentials" : "try again later or check the server"
    return FontStoreError(
      .httpStatus, "GET \(target) answered \(status) \(reason); \(advice)", statusCode: status)
  }

  /// The error for a request that got no HTTP answer.
  static func networkError(_ error: any Error, url: String) -> FontStoreError {
    let nsError = error as NSError
    let detail =
      (nsError.userInfo[NSLocalizedDescriptionKey] as? String) ?? nsError.localizedDescription
    return FontStoreError(
      .network,
      "could not fetch \(url): \(detail) (\(nsError.domain) \(nsError.code)); check the "
        + "address and the connection",
      systemCode: nsError.code)
  }
}

/// Carries a result from a completion handler to the waiting thread.
private final class _ResultBox: Sendable {
  private let result = Locked<Result<HTTPFetch.Response, FontStoreError>?>(nil)

  func set(_ value: Result<HTTPFetch.Response, FontStoreError>) {
    result.withLock { $0 = value }
  }

  func get() -> Result<HTTPFetch.Response, FontStoreError> {
    guard let value = result.withLock({ $0 }) else {
      preconditionFailure("the completion handler ran before the wait")
    }
    return value
  }
}
