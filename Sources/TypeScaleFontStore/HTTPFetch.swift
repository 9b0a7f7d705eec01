// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import TypeScaleInternals
import TypeScaleMetrics

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GET requests for the sources: an explicit User-Agent, non-2xx statuses and transport failures
/// turned into ``FontStoreError``s, and every ``DownloadLimits`` bound enforced while the bytes
/// arrive.
///
/// Each request runs in a session of its own, made from the caller's session's configuration
/// (proxy, headers, idle timeout, cookies) with a data delegate (`Transfer`): it refuses a
/// `Content-Length` over the size limit before reading the body, counts the bytes as they arrive
/// and cancels at the first byte past the limit, cancels at the deadline, and vets every
/// redirect. The body is kept in memory, never more than the limit (64 KiB for a non-2xx answer,
/// which only feeds messages). swift-corelibs-foundation calls only a session's delegate (not a
/// task's), hence one session per request.
///
/// Every request asks for `Accept-Encoding: identity`, and an answer with any other
/// `Content-Encoding` is refused when its headers arrive (``FontStoreError/Code/network``,
/// `systemCode` -1016, `NSURLErrorCannotDecodeContentData`). FoundationNetworking has libcurl
/// decode every encoding it knows (`CURLOPT_ACCEPT_ENCODING ""`: gzip, deflate, br, zstd) with
/// no way to turn it off, and hands the decoded chunks to the delegate queue without waiting
/// for them: 841 bytes of Brotli inflate to 1 GiB inside one libcurl call, queued faster than
/// any delegate can drop them. So the delegate runs inline (`InlineDelegateQueue`), on the
/// thread libcurl calls back on: each decoded chunk is counted and dropped before the next is
/// made, and memory stays within the limit whatever the server sends; what libcurl decodes from
/// bytes it has already read is decoded, then dropped, before the cancellation takes effect.
///
/// ``response(for:session:policy:)`` awaits a continuation: no thread of Swift's cooperative
/// pool waits for the network. ``blockingResponse(for:session:policy:)`` is for synchronous
/// callers (command-line tools) and blocks the calling thread.
enum HTTPFetch {
  /// The User-Agent sent with every request unless the request sets its own.
  ///
  /// Font CDNs pick formats by User-Agent (Google's CSS API serves WOFF2 subsets to browsers and
  /// one TTF to unknown agents), so TypeScale names itself instead of passing as a browser.
  static let userAgent = "TypeScale-FontStore/1 (Swift; Linux)"

  /// The most bytes of a non-2xx answer's body kept: enough for the message of an error page.
  static let maximumErrorBodySize = 64 << 10

  /// A successful response: the body and the final URL after redirects.
  struct Response: Sendable {
    let data: Data
    let statusCode: Int
    let url: URL?
  }

  /// A size limit and how messages name it: `the store's limit of 20000 bytes`, and what to do.
  struct SizeLimit: Sendable {
    let bytes: Int
    let name: String
    let advice: String

    /// A store's ``FontStore/maximumFileSize``.
    static func store(_ bytes: Int) -> SizeLimit {
      SizeLimit(
        bytes: bytes, name: "the store's limit of \(bytes) bytes",
        advice: "raise FontStore's maximumFileSize to accept it")
    }

    /// A source's own ``DownloadLimits/maximumSize``.
    static func download(_ bytes: Int) -> SizeLimit {
      SizeLimit(
        bytes: bytes, name: "the download limit of \(bytes) bytes",
        advice: "raise the source's DownloadLimits.maximumSize to accept it")
    }
  }

  /// What one request may do: the source's limits, the size limit that applies to this body,
  /// and a budget shared with other requests (the files of one style).
  struct Policy: Sendable {
    var limits: DownloadLimits
    var size: SizeLimit
    var budget: Budget?
    /// Hosts a redirect may lead to besides the request's own, on top of the limits'.
    var extraRedirectHosts: Set<String> = []

    /// The policy for a font file: the limits, or the loading store's smaller limit.
    static func font(_ limits: DownloadLimits, budget: Budget? = nil) -> Policy {
      Policy(limits: limits, size: FontStore.fileLimit(within: limits), budget: budget)
    }

    /// The policy for a file the store downloads itself (`install(contentsOf:)`): the default
    /// limits with the store's size limit.
    static func storeFile(_ maximumFileSize: Int) -> Policy {
      Policy(limits: DownloadLimits(), size: .store(maximumFileSize), budget: nil)
    }

    /// The policy for a small text answer, such as a stylesheet, under its own limit.
    static func text(_ limits: DownloadLimits, size: SizeLimit) -> Policy {
      Policy(
        limits: limits,
        size: size.bytes <= limits.maximumSize ? size : .download(limits.maximumSize))
    }
  }

  /// A byte budget several requests draw from, such as the `unicode-range` subsets of one style
  /// that are combined into one file.
  final class Budget: Sendable {
    let limit: SizeLimit
    private let used = Locked(0)

    init(_ limit: SizeLimit) { self.limit = limit }

    /// Takes `count` bytes; `false` once the total passes the limit.
    func take(_ count: Int) -> Bool {
      used.withLock { used in
        used += count
        return used <= limit.bytes
      }
    }
  }

  /// The request with the User-Agent set, unless it sets one already, and
  /// `Accept-Encoding: identity`: no encoded answer is asked for (fonts are compressed already,
  /// stylesheets are small), and one that comes anyway is refused.
  static func prepared(_ request: URLRequest) -> URLRequest {
    var request = request
    if request.value(forHTTPHeaderField: "User-Agent") == nil {
      request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    }
    request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    return request
  }

  /// The `Content-Encoding` of an answer other than `identity`, or `nil` when it has none.
  static func contentEncoding(of response: URLResponse) -> String? {
    guard let http = response as? HTTPURLResponse else { return nil }
    for (key, value) in http.allHeaderFields {
      guard let key = key as? String, key.lowercased() == "content-encoding" else { continue }
      let text = "\(value)".trimmingCharacters(in: .whitespaces)
      return text.isEmpty || text.lowercased() == "identity" ? nil : text
    }
    return nil
  }

  /// Sends a request and reports any HTTP answer, 404 included; transport failures and broken
  /// limits are errors.
  static func start(
    _ request: URLRequest, session: URLSession, policy: Policy,
    completion: @escaping @Sendable (Result<Response, FontStoreError>) -> Void
  ) -> Transfer {
    let transfer = Transfer(prepared(request), policy: policy, completion: completion)
    transfer.start(configuration: session.configuration)
    return transfer
  }

  /// The response to a request, awaited; cancelling the task cancels the request.
  static func response(
    for request: URLRequest, session: URLSession, policy: Policy
  ) async -> Result<Response, FontStoreError> {
    let transfer = Locked<Transfer?>(nil)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let started = start(request, session: session, policy: policy) {
          continuation.resume(returning: $0)
        }
        transfer.withLock { $0 = started }
        if Task.isCancelled { started.cancelForTask() }
      }
    } onCancel: {
      transfer.withLock { $0 }?.cancelForTask()
    }
  }

  /// The response to a request, waited for on the calling thread (for command-line tools; from
  /// async code use ``response(for:session:policy:)``).
  static func blockingResponse(
    for request: URLRequest, session: URLSession, policy: Policy
  ) -> Result<Response, FontStoreError> {
    let done = DispatchSemaphore(value: 0)
    let result = Locked<Result<Response, FontStoreError>?>(nil)
    _ = start(request, session: session, policy: policy) { outcome in
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    guard let outcome = result.withLock({ $0 }) else {
      preconditionFailure("the transfer signalled without a result")
    }
    return outcome
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
      systemCode: nsError.code, cause: error)
  }
}

/// One request in flight: the delegate of a session of its own, which enforces a
/// ``HTTPFetch/Policy`` as the answer arrives and reports the outcome once.
///
/// Its state is behind a lock: the session's delegate queue, the deadline timer and a task's
/// cancellation handler all reach it.
final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct State {
    var task: URLSessionDataTask?
    var session: URLSession?
    var timer: (any DispatchSourceTimer)?
    var body = Data()
    var status: Int?
    var finalURL: URL?
    var redirects = 0
    /// A broken limit or a cancellation, which wins over what the session reports.
    var failure: FontStoreError?
    /// A non-2xx body cut short on purpose: the answer is complete enough.
    var truncated = false
    var finished = false
  }

  private let request: URLRequest
  private let policy: HTTPFetch.Policy
  private let completion: @Sendable (Result<HTTPFetch.Response, FontStoreError>) -> Void
  private let state = Locked(State())
  private let target: String

  init(
    _ request: URLRequest, policy: HTTPFetch.Policy,
    completion: @escaping @Sendable (Result<HTTPFetch.Response, FontStoreError>) -> Void
  ) {
    self.request = request
    self.policy = policy
    self.completion = completion
    self.target = request.url?.absoluteString ?? "<no URL>"
  }

  /// Starts the request and its deadline.
  func start(configuration: URLSessionConfiguration) {
    let queue = InlineDelegateQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "TypeScaleFontStore.HTTPFetch"
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    let task = session.dataTask(with: request)
    let seconds = policy.limits.timeoutSeconds
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: .now() + max(0, min(seconds, 1e9)))
    timer.setEventHandler { [weak self] in self?.deadlinePassed(seconds) }
    state.withLock {
      $0.task = task
      $0.session = session
      $0.timer = timer
    }
    timer.resume()
    task.resume()
  }

  /// Cancels the request because the task awaiting it was cancelled.
  func cancelForTask() {
    fail(
      FontStoreError(
        .network, "the request for \(target) was cancelled",
        systemCode: NSURLErrorCancelled))
  }

  /// Records a failure (the first one wins), cancels the request and reports the failure at
  /// once.
  ///
  /// The caller does not wait for the session to confirm the cancellation: under load,
  /// FoundationNetworking can take seconds to tear a transfer down while it keeps reading (and
  /// this delegate keeps dropping) what the server sends.
  private func fail(_ error: FontStoreError) {
    let taken = state.withLock {
      state -> (FontStoreError, URLSessionDataTask?, (any DispatchSourceTimer)?)? in
      guard !state.finished else { return nil }
      state.finished = true
      if state.failure == nil { state.failure = error }
      let taken = (state.failure ?? error, state.task, state.timer)
      state.task = nil
      state.timer = nil
      state.body = Data()
      return taken
    }
    guard let (failure, task, timer) = taken else { return }
    timer?.cancel()
    // Off the calling thread: this may run inside a delegate call, on the work queue that
    // `cancel()` waits for.
    if let task { DispatchQueue.global().async { task.cancel() } }
    completion(.failure(failure))
  }

  /// Records a failure (the first one wins); returns the task while it runs.
  @discardableResult
  private func record(_ error: FontStoreError) -> URLSessionDataTask? {
    state.withLock { state -> URLSessionDataTask? in
      guard !state.finished else { return nil }
      if state.failure == nil { state.failure = error }
      return state.task
    }
  }

  private func deadlinePassed(_ seconds: Double) {
    fail(
      FontStoreError(
        .network,
        "GET \(target) did not finish within \(NumberText.shortest(seconds)) s (the "
          + "download timeout); check the server, or raise the source's DownloadLimits.timeout "
          + "for slow connections",
        systemCode: NSURLErrorTimedOut))
  }

  private func _tooLarge(_ what: String, limit: HTTPFetch.SizeLimit) -> FontStoreError {
    FontStoreError(.tooLarge, "GET \(target) \(what), over \(limit.name); \(limit.advice)")
  }

  // MARK: - URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode
    state.withLock {
      $0.status = status
      $0.finalURL = response.url
    }
    // A non-2xx answer's body only feeds a message (64 KiB at most, counted as it is decoded):
    // its status is the error to report.
    if let status, (200..<300).contains(status),
      let encoding = HTTPFetch.contentEncoding(of: response)
    {
      fail(
        FontStoreError(
          .network,
          "GET \(target) answered with Content-Encoding: \(DisplayText.quoted(encoding)), which "
            + "TypeScale did not ask for (it sends Accept-Encoding: identity) and does not "
            + "decode; serve the file without a Content-Encoding",
          systemCode: NSURLErrorCannotDecodeContentData))
      completionHandler(.cancel)
      return
    }
    let length = response.expectedContentLength
    if let status, (200..<300).contains(status), length > policy.size.bytes {
      fail(_tooLarge("announced \(length) bytes (Content-Length)", limit: policy.size))
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    enum Verdict { case more, tooLarge(Int), overBudget, enough }
    let verdict = state.withLock { state -> Verdict in
      guard !state.finished, state.failure == nil, !state.truncated else { return .more }
      let isSuccess = state.status.map { (200..<300).contains($0) } ?? false
      guard isSuccess else {
        let room = HTTPFetch.maximumErrorBodySize - state.body.count
        state.body.append(data.prefix(max(0, room)))
        if data.count < room { return .more }
        state.truncated = true
        return .enough
      }
      let total = state.body.count + data.count
      if total > policy.size.bytes { return .tooLarge(total) }
      if let budget = policy.budget, !budget.take(data.count) { return .overBudget }
      state.body.append(data)
      return .more
    }
    switch verdict {
    case .more:
      break
    case .tooLarge:
      fail(_tooLarge("sent more than \(policy.size.bytes) bytes", limit: policy.size))
    case .overBudget:
      if let budget = policy.budget {
        fail(
          _tooLarge(
            "took the files of one style past \(budget.limit.bytes) bytes together",
            limit: budget.limit))
      }
    case .enough:
      // Not on this thread, which may be the work queue `cancel()` waits for.
      DispatchQueue.global().async { dataTask.cancel() }
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let count = state.withLock { state -> Int in
      state.redirects += 1
      return state.redirects
    }
    let target = newRequest.url?.absoluteString ?? "<no URL>"
    if count > policy.limits.maximumRedirects {
      record(
        FontStoreError(
          .network,
          "GET \(self.target) redirected more than \(policy.limits.maximumRedirects) times "
            + "(the last one to \(target)); check the address, or raise the source's "
            + "DownloadLimits.maximumRedirects",
          systemCode: NSURLErrorHTTPTooManyRedirects))
      completionHandler(nil)
      return
    }
    // Refusals are recorded, not cancelled: with a nil request the session finishes the task
    // with the redirect's own answer, and cancelling a task that waits for this decision traps
    // in swift-corelibs-foundation ("not waiting for it").
    if let refusal = _refusal(of: newRequest.url) {
      record(
        FontStoreError(
          .network,
          "GET \(self.target) redirected to \(target), \(refusal); use the final address, or "
            + "add its host to the source's DownloadLimits.redirectHosts",
          systemCode: NSURLErrorBadServerResponse))
      completionHandler(nil)
      return
    }
    var next = newRequest
    if next.value(forHTTPHeaderField: "User-Agent") == nil,
      let agent = request.value(forHTTPHeaderField: "User-Agent")
    {
      next.setValue(agent, forHTTPHeaderField: "User-Agent")
    }
    completionHandler(next)
  }

  /// Why a redirect target is refused, or `nil` when it may be followed: the same scheme, and
  /// the request's own host and port or an allowed host.
  private func _refusal(of target: URL?) -> String? {
    guard let target, let origin = request.url else { return "which is not a URL" }
    let scheme = origin.scheme?.lowercased() ?? ""
    guard target.scheme?.lowercased() == scheme else {
      return "another scheme than \(scheme)"
    }
    let host = target.host?.lowercased() ?? ""
    if host == origin.host?.lowercased() && Self._port(target) == Self._port(origin) {
      return nil
    }
    let allowed = policy.limits.redirectHosts.union(policy.extraRedirectHosts)
    if allowed.contains(host) { return nil }
    let origins = ([Self.hostAndPort(origin)] + allowed.sorted()).joined(separator: ", ")
    return "a host this source does not allow (it allows \(origins))"
  }

  private static func _port(_ url: URL) -> Int? {
    url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
  }

  private static func hostAndPort(_ url: URL) -> String {
    (url.host ?? "") + (url.port.map { ":\($0)" } ?? "")
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let (outcome, timer) = state.withLock {
      state -> (Result<HTTPFetch.Response, FontStoreError>?, (any DispatchSourceTimer)?) in
      guard !state.finished else { return (nil, nil) }
      state.finished = true
      let timer = state.timer
      state.timer = nil
      state.task = nil
      state.session = nil
      if let failure = state.failure { return (.failure(failure), timer) }
      if let error, !state.truncated {
        return (.failure(HTTPFetch.networkError(error, url: target)), timer)
      }
      guard let status = state.status else {
        return (
          .failure(
            FontStoreError(.network, "\(target) gave no HTTP response; use an http(s) URL")),
          timer
        )
      }
      let response = HTTPFetch.Response(
        data: state.body, statusCode: status, url: state.finalURL ?? request.url)
      state.body = Data()
      return (.success(response), timer)
    }
    timer?.cancel()
    session.finishTasksAndInvalidate()
    if let outcome { completion(outcome) }
  }
}

/// The delegate queue of a transfer's session: runs each delegate call at once, on the thread
/// that hands it over (FoundationNetworking's work queue, inside libcurl's callbacks).
///
/// FoundationNetworking queues a delegate call per decoded chunk and never waits for it, so a
/// queue that runs them later lets a compression bomb pile up gigabytes of chunks before the
/// first is looked at. Run inline, each chunk is counted, and dropped past the limit, before
/// libcurl makes the next. `Transfer` is built for it: its state is behind a lock and nothing it
/// does waits for the work queue (it cancels its task from another thread).
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
  /// Runs `block` now, on the calling thread.
  ///
  /// - Parameter block: The delegate call.
  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    block()
  }
}
