// SPDX-License-Identifier: Apache-2.0

// CLazyLibraries' stubs (lazy.c) stand in for libcurl's and libxml2's functions at link time, so
// that the release `typescale` loads those libraries on first use. The functions below exist for
// the tests: they call through the stubs and report whether a library has been loaded.

#ifndef CLAZYLIBRARIES_H
#define CLAZYLIBRARIES_H

/// 1 where the stubs exist (x86-64 Linux), 0 elsewhere (the functions below then do nothing).
int CLazyLibraries_isAvailable(void);

/// Whether the stubs have loaded a library yet: 0 is libcurl, 1 libxml2.
int CLazyLibraries_isLoaded(int library);

/// `curl_version()` through its stub.
const char *CLazyLibraries_curlVersion(void);

/// Stores a pointer in a new easy handle (`curl_easy_setopt(CURLOPT_PRIVATE)`) and reads it back
/// (`curl_easy_getinfo(CURLINFO_PRIVATE)`), through the variadic stubs; 1 when it comes back.
int CLazyLibraries_curlPrivateRoundTrip(void *pointer);

/// `xmlStrndup(text, length)` compared with `xmlStrcmp` to `expected`, then released with
/// `xmlFree`, through the stubs; 1 when equal.
int CLazyLibraries_xmlPrefixEquals(const char *text, int length, const char *expected);

#endif
