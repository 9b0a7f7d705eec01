// SPDX-License-Identifier: Apache-2.0

import CLazyLibraries
import Testing

/// The stubs that stand in for libcurl and libxml2 in the release CLI (x86-64 Linux): a library
/// loads at the first call, and arguments (variadic ones included) and results pass through.
@Suite struct LazyLibrariesTests {
  @Test(.enabled(if: CLazyLibraries_isAvailable() == 1, "the stubs exist on x86-64 Linux only"))
  func stubs_loadOnFirstCall_andPassCallsThrough() {
    // Nothing else in the test process calls through the stubs: the libraries are not loaded
    // by them yet.
    #expect(CLazyLibraries_isLoaded(0) == 0)
    #expect(CLazyLibraries_isLoaded(1) == 0)

    let version = String(cString: CLazyLibraries_curlVersion())
    #expect(version.hasPrefix("libcurl/"), "curl_version() answered \(version)")
    #expect(CLazyLibraries_isLoaded(0) == 1)
    #expect(CLazyLibraries_isLoaded(1) == 0)

    var marker = 42
    let roundTrip = withUnsafeMutablePointer(to: &marker) {
      CLazyLibraries_curlPrivateRoundTrip($0)
    }
    #expect(roundTrip == 1)

    #expect(CLazyLibraries_xmlPrefixEquals("hello", 3, "hel") == 1)
    #expect(CLazyLibraries_xmlPrefixEquals("hello", 3, "hello") == 0)
    #expect(CLazyLibraries_isLoaded(1) == 1)
  }
}
