// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Wall-clock bounds for tests, stretched when a sanitizer slows the code down.
///
/// A bound in a test guards against a blow-up (quadratic work, a hang), not a benchmark: it is
/// set far above what a plain debug run takes, and multiplied by ``scale`` under
/// ThreadSanitizer, which runs the suite on two cores several times slower and starves Swift's
/// cooperative pool for minutes at a time.
///
/// ```swift
/// #expect(elapsed < TimeBudget.seconds(10))
/// ```
public enum TimeBudget {
  /// How many times longer than in a plain debug run a bound is: 30 under ThreadSanitizer, 5
  /// under AddressSanitizer, else 1.
  public static let scale: Double =
    dlsym(nil, "__tsan_init") != nil ? 30 : dlsym(nil, "__asan_init") != nil ? 5 : 1

  /// A bound of `plain` seconds in a plain debug run, times ``scale``.
  ///
  /// - Parameter plain: The bound without a sanitizer, in seconds.
  /// - Returns: The bound for this run, in seconds.
  public static func seconds(_ plain: Double) -> Double { plain * scale }

  /// How long a test awaits an event before it gives up and fails: 180 s times ``scale``, at
  /// most 15 minutes.
  ///
  /// Generous because it only matters when a test fails: with two cores, the rest of the suite
  /// (slowed several times under ThreadSanitizer) can keep Swift's cooperative pool busy for
  /// minutes, and a task may wait that long to be scheduled whatever it waits for.
  public static var eventWait: Double { min(seconds(180), 900) }
}
