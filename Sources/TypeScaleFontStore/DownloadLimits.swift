// SPDX-License-Identifier: Apache-2.0

/// The bounds every download of a source keeps: how many bytes, how long, how many redirects and
/// to which hosts.
///
/// ``HostedFolderFontSource``, ``RequestFontSource`` and ``GoogleFontsSource`` take limits when
/// they are created; the defaults suit fonts (a few MiB each) over a slow connection. Each limit
/// is checked as the bytes arrive, not after the download:
///
/// - a `Content-Length` over ``maximumSize`` is refused before the body is read, and a body is
///   cut off at the first byte past it — ``FontStoreError/Code/tooLarge``;
/// - requests send `Accept-Encoding: identity`, and a 2xx answer with another
///   `Content-Encoding` (gzip, deflate, br…) is refused when its headers arrive, before any of
///   its body is kept (an encoded error page reports its status) —
///   ``FontStoreError/Code/network``, `systemCode` -1016 (`NSURLErrorCannotDecodeContentData`).
///   libcurl decodes such an answer whatever the request asked for; its decoded chunks are
///   counted and dropped one at a time, so a compression bomb never holds more than the limit;
/// - a request that has not finished ``timeout`` after it started, however steadily the server
///   trickles bytes, is cancelled — ``FontStoreError/Code/network``, `systemCode` -1001
///   (`NSURLErrorTimedOut`);
/// - a redirect past ``maximumRedirects``, to another scheme, or to a host other than the
///   request's own (same host and port) or one of ``redirectHosts`` is not followed —
///   ``FontStoreError/Code/network``, `systemCode` -1007 (`NSURLErrorHTTPTooManyRedirects`) or
///   -1011 (`NSURLErrorBadServerResponse`) for a refused target.
///
/// When a ``FontStore`` loads through a source, the smaller of ``maximumSize`` and the store's
/// ``FontStore/maximumFileSize`` applies to the font files.
///
/// ```swift
/// let limits = DownloadLimits(maximumSize: 64 << 20, timeout: .seconds(600),
///                             redirectHosts: ["cdn-2.example.com"])
/// let hosted = HostedFolderFontSource(baseURL: folder, limits: limits)
/// ```
public struct DownloadLimits: Hashable, Sendable {
  /// The default ``maximumSize``: 32 MiB, the same as ``FontStore/maximumFileSize``'s default.
  public static let defaultMaximumSize = 32 << 20
  /// The default ``timeout``: two minutes, time for 32 MiB at about 2 Mbit/s.
  public static let defaultTimeout: Duration = .seconds(120)
  /// The default ``maximumRedirects``: 5.
  public static let defaultMaximumRedirects = 5

  /// The largest body accepted, in bytes (bodies are never `Content-Encoding`-encoded: such an
  /// answer is refused).
  public var maximumSize: Int
  /// The longest one request may take, from sending it to its last byte, redirects included.
  public var timeout: Duration
  /// How many redirects one request may follow.
  public var maximumRedirects: Int
  /// The hosts, besides the request's own, that a redirect may lead to.
  ///
  /// Lowercased names, any port, the same scheme. Empty by default; ``GoogleFontsSource`` adds
  /// Google's two hosts, or its mirror's.
  public var redirectHosts: Set<String>

  /// Creates limits; every argument has a default.
  ///
  /// - Parameters:
  ///   - maximumSize: The largest body in bytes; ``defaultMaximumSize`` (32 MiB) by default.
  ///     Negative values count as 0.
  ///   - timeout: The longest one request may take; ``defaultTimeout`` (120 s) by default. A
  ///     zero or negative timeout fails every request.
  ///   - maximumRedirects: How many redirects to follow; ``defaultMaximumRedirects`` (5) by
  ///     default, 0 to follow none. Negative values count as 0.
  ///   - redirectHosts: Hosts redirects may lead to besides the request's own; none by default.
  public init(
    maximumSize: Int = DownloadLimits.defaultMaximumSize,
    timeout: Duration = DownloadLimits.defaultTimeout,
    maximumRedirects: Int = DownloadLimits.defaultMaximumRedirects,
    redirectHosts: Set<String> = []
  ) {
    self.maximumSize = max(0, maximumSize)
    self.timeout = timeout
    self.maximumRedirects = max(0, maximumRedirects)
    self.redirectHosts = Set(redirectHosts.map { $0.lowercased() })
  }

  /// ``timeout`` in seconds.
  var timeoutSeconds: Double {
    let parts = timeout.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
