// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Testing
import TypeScaleInternals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1, in the test process: real sockets, so requests go
/// through URLSession's real stack, with answers a test scripts per path and a log it can count.
///
/// It binds port 0 (the kernel picks a free port) on the loopback address only, answers each
/// connection on its own thread with `Connection: close`, and stops when the test calls
/// ``stop()`` — which `withLoopbackServer` does even when the test fails. Running in-process
/// means no child process can outlive the test.
public final class LoopbackServer: Sendable {
  /// One request as received.
  public struct Request: Sendable {
    /// The method, such as `GET`.
    public let method: String
    /// The path and query, such as `/css2?family=Inter`.
    public let path: String
    /// Header values by lowercased name.
    public let headers: [String: String]
  }

  /// A scripted answer.
  public struct Response: Sendable {
    /// The status code; 200 by default.
    public var status = 200
    /// The `Content-Type`.
    public var contentType = "application/octet-stream"
    /// The bytes of the body.
    public var body: [UInt8] = []
    /// The Content-Length announced; larger than the body to simulate a dropped transfer.
    public var announcedLength: Int?
    /// Whether to send no Content-Length: the body ends when the connection closes.
    public var omitsLength = false
    /// More header lines, such as `Location` or `Content-Encoding`.
    public var headers: [String: String] = [:]
    /// What follows the body: nothing, or bytes until the client hangs up.
    public var tail: Tail = .none
    /// A gate the answer waits for, to hold a download in flight.
    public var gate: Gate?

    /// An answer; every part has a default (200, `application/octet-stream`, no body).
    public init(
      status: Int = 200, contentType: String = "application/octet-stream", body: [UInt8] = [],
      announcedLength: Int? = nil, omitsLength: Bool = false, headers: [String: String] = [:],
      tail: Tail = .none, gate: Gate? = nil
    ) {
      self.status = status
      self.contentType = contentType
      self.body = body
      self.announcedLength = announcedLength
      self.omitsLength = omitsLength
      self.headers = headers
      self.tail = tail
      self.gate = gate
    }

    /// Bytes sent after the body, to test limits on what a server may send.
    public enum Tail: Sendable {
      case none
      /// 64 KiB chunks of zeros, as fast as the client takes them, until it hangs up (or 4 GiB).
      case endless
      /// One byte every `interval` seconds until the client hangs up (or `count` bytes).
      case drip(interval: Double, count: Int)
    }

    /// A redirect to `location`.
    public static func redirect(_ location: String, status: Int = 302) -> Response {
      Response(status: status, contentType: "text/html", headers: ["Location": location])
    }

    /// A fixture font's bytes.
    public static func font(_ url: URL, gate: Gate? = nil) -> Response {
      let bytes = (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
      return Response(body: bytes, gate: gate)
    }

    /// A status with a small HTML page, the way web servers answer errors.
    public static func status(_ code: Int) -> Response {
      Response(
        status: code, contentType: "text/html",
        body: Array("<!DOCTYPE html><html><body>\(code)</body></html>".utf8))
    }
  }

  /// Holds answers until opened.
  ///
  /// The server's thread waits for the opening itself (a semaphore), not for a deadline: a gate
  /// still shut after `seconds` makes the server answer 504, so the test fails instead of passing
  /// late.
  public final class Gate: Sendable {
    private let opened = DispatchSemaphore(value: 0)
    private let isOpen = Locked(false)

    /// A shut gate.
    public init() {}

    /// Opens the gate for every answer waiting or to come; opening twice does nothing.
    public func open() {
      let first = isOpen.withLock { isOpen in
        defer { isOpen = true }
        return !isOpen
      }
      if first { opened.signal() }
    }

    /// Waits until open, for at most `seconds`; `false` when the gate stayed shut.
    public func wait(seconds: Double = 180) -> Bool {
      guard opened.wait(timeout: .now() + seconds) == .success else { return false }
      opened.signal()  // the next waiter passes too
      return true
    }
  }

  /// The port the server listens on.
  public let port: Int
  private let listener: Int32
  private let routes = Locked<[String: Response]>([:])
  private let log = Locked<[Request]>([])
  private let sent = Locked<[String: Int]>([:])
  private let stopped = Locked(false)
  private let arrivals = Locked<[Arrival]>([])
  private let running = DispatchGroup()

  /// Binds 127.0.0.1:0 and starts accepting.
  public init() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var reuse: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 128) == 0 else {
      let code = errno
      close(listener)
      throw POSIXError(.init(rawValue: code) ?? .EIO)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    self.listener = listener
    self.port = Int(UInt16(bigEndian: address.sin_port))
    running.enter()
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// The URL of a path on this server, such as `/fonts/Fixture-Regular.ttf`.
  public func url(_ path: String) -> URL {
    guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else {
      preconditionFailure("not a URL path: \(path)")
    }
    return url
  }

  /// Scripts the answer for a path; unscripted paths answer 404.
  public func route(_ path: String, _ response: Response) {
    routes.withLock { $0[path] = response }
  }

  /// Every request received, in order.
  public var requests: [Request] { log.withLock { $0 } }

  /// How many requests asked for a path.
  public func requestCount(_ path: String) -> Int {
    log.withLock { $0.filter { $0.path == path }.count }
  }

  /// Waits until `count` requests (for `path`, or for any path) have arrived, without polling:
  /// the server resumes the wait when it logs the request that makes the count.
  ///
  /// The bound only matters when the test fails: a wait still short after `seconds` returns
  /// `false` instead of hanging the suite.
  ///
  /// - Parameters:
  ///   - count: How many requests to wait for.
  ///   - path: The path and query they ask for; any when `nil`.
  ///   - seconds: The most to wait; `TimeBudget.eventWait` by default.
  /// - Returns: Whether the requests arrived in time.
  public func waitForRequests(
    _ count: Int, path: String? = nil, seconds: Double = TimeBudget.eventWait
  ) async -> Bool {
    let arrival = Arrival(count: count, path: path)
    return await withCheckedContinuation { continuation in
      arrival.continuation.withLock { $0 = continuation }
      let arrived = log.withLock { log in
        let done = arrival.isMet(by: log)
        if !done { arrivals.withLock { $0.append(arrival) } }
        return done
      }
      if arrived {
        arrival.resume(true)
      } else {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { arrival.resume(false) }
      }
    }
  }

  /// How many bytes of body (tails included) the server sent for a path.
  public func bytesSent(_ path: String) -> Int {
    sent.withLock { $0[path] ?? 0 }
  }

  /// Stops accepting and ends endless answers; returns at once.
  ///
  /// Closing the listener twice is harmless: the second `close` fails with `EBADF`.
  public func stop() {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  /// Stops, then awaits the answers in progress (at most ten seconds) without blocking a thread
  /// of the cooperative pool; `false` when some were still running.
  @discardableResult
  public func stopAndDrain() async -> Bool {
    stop()
    let drained = Locked<CheckedContinuation<Bool, Never>?>(nil)
    return await withCheckedContinuation { continuation in
      drained.withLock { $0 = continuation }
      let resume: @Sendable (Bool) -> Void = { value in
        drained.withLock { pending in
          pending?.resume(returning: value)
          pending = nil
        }
      }
      running.notify(queue: .global()) { resume(true) }
      DispatchQueue.global().asyncAfter(deadline: .now() + 10) { resume(false) }
    }
  }

  private func acceptLoop() {
    defer { running.leave() }
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        return  // the listener was shut down
      }
      running.enter()
      Thread.detachNewThread { [self] in
        defer { running.leave() }
        serve(connection)
      }
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    // A client that connected sends its request, but on two cores busy with other suites its
    // thread may not run for seconds: with a 5 s limit the server hung up first and the client
    // saw "Empty reply from server" (CI, 2026-12-01). The limit only ends a silent connection.
    var timeout = timeval(tv_sec: Int(TimeBudget.seconds(120)), tv_usec: 0)
    setsockopt(
      connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    // A client that stops reading without hanging up ends an endless answer within 2 s.
    var sendTimeout = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(
      connection, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
    guard let request = readRequest(connection) else { return }
    let met = log.withLock { log in
      log.append(request)
      return arrivals.withLock { arrivals in
        let met = arrivals.filter { $0.isMet(by: log) }
        arrivals.removeAll { $0.isMet(by: log) }
        return met
      }
    }
    for arrival in met { arrival.resume(true) }
    var response = routes.withLock { $0[request.path] } ?? .status(404)
    if let gate = response.gate, !gate.wait() { response = .status(504) }
    let reason = HTTPURLResponse.localizedString(forStatusCode: response.status)
    var head =
      "HTTP/1.1 \(response.status) \(reason)\r\n"
      + "Content-Type: \(response.contentType)\r\n"
    if !response.omitsLength {
      head += "Content-Length: \(response.announcedLength ?? response.body.count)\r\n"
    }
    for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
      head += "\(name): \(value)\r\n"
    }
    head += "Connection: close\r\n\r\n"
    guard sendAll(connection, Array(head.utf8)), sendAll(connection, response.body) else { return }
    record(response.body.count, for: request.path)
    sendTail(response.tail, on: connection, path: request.path)
    shutdown(connection, Int32(SHUT_WR))
  }

  private func record(_ count: Int, for path: String) {
    sent.withLock { $0[path, default: 0] += count }
  }

  /// Sends a response's tail until the client hangs up, the server stops or the cap is reached.
  private func sendTail(_ tail: Response.Tail, on connection: Int32, path: String) {
    switch tail {
    case .none:
      return
    case .endless:
      let chunk = [UInt8](repeating: 0, count: 64 << 10)
      for _ in 0..<(1 << 16) where !stopped.withLock({ $0 }) {
        guard sendAll(connection, chunk) else { return }
        record(chunk.count, for: path)
      }
    case .drip(let interval, let count):
      for _ in 0..<count where !stopped.withLock({ $0 }) {
        usleep(useconds_t(interval * 1_000_000))
        guard sendAll(connection, [0]) else { return }
        record(1, for: path)
      }
    }
  }

  private func readRequest(_ connection: Int32) -> Request? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let end = Array("\r\n\r\n".utf8)
    while !received.ends(with: end), received.count < 65_536 {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      received += buffer[0..<count]
      if let range = received.firstRange(of: end) {
        received = Array(received[..<range.upperBound])
      }
    }
    let lines = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
    let parts = lines.first?.split(separator: " ") ?? []
    guard parts.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] =
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Request(method: String(parts[0]), path: String(parts[1]), headers: headers)
  }

  /// Sends every byte; `false` when the client hung up.
  @discardableResult
  private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let sent = send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        if sent < 0, errno == EINTR { continue }
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }
  }
}

/// A wait for requests, resumed once.
private final class Arrival: Sendable {
  let count: Int
  let path: String?
  let continuation = Locked<CheckedContinuation<Bool, Never>?>(nil)

  init(count: Int, path: String?) {
    self.count = count
    self.path = path
  }

  func isMet(by log: [LoopbackServer.Request]) -> Bool {
    (path.map { path in log.filter { $0.path == path }.count } ?? log.count) >= count
  }

  /// Resumes the wait; later calls do nothing.
  func resume(_ value: Bool) {
    continuation.withLock { pending in
      pending?.resume(returning: value)
      pending = nil
    }
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}

/// Runs `body` with a fresh loopback server, stopping it afterwards whatever happens.
public func withLoopbackServer<T>(
  _ body: (LoopbackServer) async throws -> T
) async throws -> T {
  let server = try LoopbackServer()
  do {
    let result = try await body(server)
    #expect(await server.stopAndDrain(), "the server's answers did not end within 10 s")
    return result
  } catch {
    await server.stopAndDrain()
    throw error
  }
}

/// Throws unless requests to 127.0.0.1 stay on this machine.
///
/// URLSession on Linux (libcurl) honours `http_proxy` and `all_proxy` and ignores the
/// configuration's proxy dictionary, so a proxy in the environment would carry loopback requests
/// off the machine. The tests refuse to run in that case rather than reach any other address.
public func requireLoopbackWithoutProxy(sourceLocation: SourceLocation = #_sourceLocation) throws {
  let environment = ProcessInfo.processInfo.environment
  let proxies = ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"].compactMap {
    environment[$0].flatMap { $0.isEmpty ? nil : $0 }
  }
  let bypass = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  try #require(
    proxies.isEmpty || bypass.contains("127.0.0.1") || bypass.contains("*"),
    "a proxy is set (\(proxies)); add 127.0.0.1 to no_proxy so tests stay on the loopback",
    sourceLocation: sourceLocation)
}

/// An ephemeral session for talking to the loopback server, after
/// ``requireLoopbackWithoutProxy(sourceLocation:)``.
public func loopbackSession(sourceLocation: SourceLocation = #_sourceLocation) throws -> URLSession
{
  try requireLoopbackWithoutProxy(sourceLocation: sourceLocation)
  let configuration = URLSessionConfiguration.ephemeral
  configuration.timeoutIntervalForRequest = 240
  return URLSession(configuration: configuration)
}
