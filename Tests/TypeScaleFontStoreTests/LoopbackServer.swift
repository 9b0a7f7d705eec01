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
final class LoopbackServer: Sendable {
  /// One request as received.
  struct Request: Sendable {
    let method: String
    let path: String
    /// Header values by lowercased name.
    let headers: [String: String]
  }

  /// A scripted answer.
  struct Response: Sendable {
    var status = 200
    var contentType = "application/octet-stream"
    var body: [UInt8] = []
    /// The Content-Length announced; larger than the body to simulate a dropped transfer.
    var announcedLength: Int?
    /// Whether to send no Content-Length: the body ends when the connection closes.
    var omitsLength = false
    /// More header lines, such as `Location` or `Content-Encoding`.
    var headers: [String: String] = [:]
    /// What follows the body: nothing, or bytes until the client hangs up.
    var tail: Tail = .none
    /// A gate the answer waits for, to hold a download in flight.
    var gate: Gate?

    /// Bytes sent after the body, to test limits on what a server may send.
    enum Tail: Sendable {
      case none
      /// 64 KiB chunks of zeros, as fast as the client takes them, until it hangs up (or 4 GiB).
      case endless
      /// One byte every `interval` seconds until the client hangs up (or `count` bytes).
      case drip(interval: Double, count: Int)
    }

    /// A redirect to `location`.
    static func redirect(_ location: String, status: Int = 302) -> Response {
      Response(status: status, contentType: "text/html", headers: ["Location": location])
    }

    /// A fixture font's bytes.
    static func font(_ url: URL, gate: Gate? = nil) -> Response {
      let bytes = (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
      return Response(body: bytes, gate: gate)
    }

    /// A status with a small HTML page, the way web servers answer errors.
    static func status(_ code: Int) -> Response {
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
  final class Gate: Sendable {
    private let opened = DispatchSemaphore(value: 0)
    private let isOpen = Locked(false)

    /// Opens the gate for every answer waiting or to come; opening twice does nothing.
    func open() {
      let first = isOpen.withLock { isOpen in
        defer { isOpen = true }
        return !isOpen
      }
      if first { opened.signal() }
    }

    /// Waits until open, for at most `seconds`; `false` when the gate stayed shut.
    func wait(seconds: Double = 180) -> Bool {
      guard opened.wait(timeout: .now() + seconds) == .success else { return false }
      opened.signal()  // the next waiter passes too
      return true
    }
  }

  /// The port the server listens on.
  let port: Int
  private let listener: Int32
  private let routes = Locked<[String: Response]>([:])
  private let log = Locked<[Request]>([])
  private let sent = Locked<[String: Int]>([:])
  private let stopped = Locked(false)
  private let running = DispatchGroup()

  /// Binds 127.0.0.1:0 and starts accepting.
  init() throws {
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
  func url(_ path: String) -> URL {
    guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else {
      preconditionFailure("not a URL path: \(path)")
    }
    return url
  }

  /// Scripts the answer for a path; unscripted paths answer 404.
  func route(_ path: String, _ response: Response) {
    routes.withLock { $0[path] = response }
  }

  /// Every request received, in order.
  var requests: [Request] { log.withLock { $0 } }

  /// How many requests asked for a path.
  func requestCount(_ path: String) -> Int {
    log.withLock { $0.filter { $0.path == path }.count }
  }

  /// How many bytes of body (tails included) the server sent for a path.
  func bytesSent(_ path: String) -> Int {
    sent.withLock { $0[path] ?? 0 }
  }

  /// Stops accepting and ends endless answers; returns at once.
  ///
  /// Closing the listener twice is harmless: the second `close` fails with `EBADF`.
  func stop() {
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
  func stopAndDrain() async -> Bool {
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
    var timeout = timeval(tv_sec: Int(eventDeadline), tv_usec: 0)
    setsockopt(
      connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    // A client that stops reading without hanging up ends an endless answer within 2 s.
    var sendTimeout = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(
      connection, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
    guard let request = readRequest(connection) else { return }
    log.withLock { $0.append(request) }
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

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}

/// Runs `body` with a fresh loopback server, stopping it afterwards whatever happens.
func withLoopbackServer<T>(
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

/// An ephemeral session for talking to the loopback server.
///
/// URLSession on Linux (libcurl) honours `http_proxy` and `all_proxy` and ignores the
/// configuration's proxy dictionary, so a proxy in the environment would carry loopback requests
/// off the machine. The tests refuse to run in that case rather than reach any other address.
func loopbackSession() throws -> URLSession {
  let environment = ProcessInfo.processInfo.environment
  let proxies = ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"].compactMap {
    environment[$0].flatMap { $0.isEmpty ? nil : $0 }
  }
  let bypass = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  try #require(
    proxies.isEmpty || bypass.contains("127.0.0.1") || bypass.contains("*"),
    "a proxy is set (\(proxies)); add 127.0.0.1 to no_proxy so tests stay on the loopback")
  let configuration = URLSessionConfiguration.ephemeral
  configuration.timeoutIntervalForRequest = 240
  return URLSession(configuration: configuration)
}
