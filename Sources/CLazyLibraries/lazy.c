// SPDX-License-Identifier: Apache-2.0

// Lazy loading of libcurl and libxml2 for the statically linked release `typescale`.
//
// With `-static-stdlib` the executable holds FoundationNetworking and FoundationXML, whose C parts
// call libcurl and libxml2. Linked directly, the two libraries put 36 shared objects (OpenSSL,
// GnuTLS, Kerberos, LDAP, ...) and about 9,000 of the 12,600 symbol relocations into every
// start of the tool, most of `typescale measure Hi`'s dynamic-loader time, although only
// `fonts install` (URLSession) and `check` of XML string files (XMLParser) use them.
//
// This file defines every libcurl and libxml2 function those archives call as a small hidden
// stub (Implib.so's technique): the first call `dlopen`s the library, looks the function up and
// stores its address; that call and every later one jump to the real function with the caller's
// registers untouched, so any signature, variadic ones included, passes through unchanged.
// `Package.swift` links the release executable with `--as-needed`, so that with every reference
// satisfied here the linker records no `DT_NEEDED` entry for either library. The stubs are
// hidden (not exported), so the libraries, once loaded, still bind to their own functions.
//
// Only x86-64 Linux has the stubs; elsewhere this file is empty and the libraries are linked as
// usual. A debug build links Foundation's shared libraries, which load libcurl and libxml2
// themselves; nothing references the stubs there and `--gc-sections` drops them.

#include "CLazyLibraries.h"

#if defined(__linux__) && defined(__x86_64__)

#include <dlfcn.h>
#include <string.h>
#include <unistd.h>

enum { LAZY_CURL, LAZY_XML, LAZY_LIBRARY_COUNT };

static const char *const lazy_library_names[LAZY_LIBRARY_COUNT] = {"libcurl.so.4", "libxml2.so.2"};
static void *lazy_library_handles[LAZY_LIBRARY_COUNT];

/// One function of a lazily loaded library: its address once resolved (read by its stub).
struct lazy_symbol {
  void *address;
  const char *name;
  int library;
};

/// Writes a message to standard error and ends the process: the tool cannot go on without the
/// library (linked eagerly it would not have started at all).
__attribute__((noreturn)) static void lazy_fail(const char *library, const char *symbol) {
  const char *reason = dlerror();
  const char *parts[] = {
    "typescale: cannot load ", symbol, " from ", library, ": ", reason ? reason : "not found",
    "; install the system library (Debian: libcurl4, libxml2)\n"};
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
    ssize_t ignored = write(2, parts[i], strlen(parts[i]));
    (void)ignored;
  }
  _exit(70);
}

static void *lazy_library(int library) {
  void *handle = __atomic_load_n(&lazy_library_handles[library], __ATOMIC_ACQUIRE);
  if (handle == NULL) {
    // dlopen is thread-safe and returns the same handle to racing threads.
    handle = dlopen(lazy_library_names[library], RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) lazy_fail(lazy_library_names[library], "the library");
    __atomic_store_n(&lazy_library_handles[library], handle, __ATOMIC_RELEASE);
  }
  return handle;
}

/// Resolves a stub's function (called by the trampoline below with every argument register
/// saved) and returns its address.
__attribute__((visibility("hidden"), used)) void *typescale_lazy_resolve(struct lazy_symbol *symbol) {
  void *address = dlsym(lazy_library(symbol->library), symbol->name);
  if (address == NULL) lazy_fail(lazy_library_names[symbol->library], symbol->name);
  __atomic_store_n(&symbol->address, address, __ATOMIC_RELEASE);
  return address;
}

// The trampoline: saves the System V argument registers (integer, vector and %al, the vector
// count of a variadic call), resolves the symbol whose record is in %r11, restores them and
// jumps to the function, which returns straight to the stub's caller.
__asm__(
  ".text\n"
  ".p2align 4\n"
  ".type typescale_lazy_trampoline, @function\n"
  "typescale_lazy_trampoline:\n"
  "  pushq %rbp\n"
  "  movq %rsp, %rbp\n"
  "  pushq %rdi\n  pushq %rsi\n  pushq %rdx\n  pushq %rcx\n"
  "  pushq %r8\n  pushq %r9\n  pushq %rax\n  pushq %r10\n"
  "  subq $128, %rsp\n"
  "  movdqu %xmm0, 0(%rsp)\n  movdqu %xmm1, 16(%rsp)\n  movdqu %xmm2, 32(%rsp)\n"
  "  movdqu %xmm3, 48(%rsp)\n  movdqu %xmm4, 64(%rsp)\n  movdqu %xmm5, 80(%rsp)\n"
  "  movdqu %xmm6, 96(%rsp)\n  movdqu %xmm7, 112(%rsp)\n"
  "  movq %r11, %rdi\n"
  "  call typescale_lazy_resolve\n"
  "  movq %rax, %r11\n"
  "  movdqu 0(%rsp), %xmm0\n  movdqu 16(%rsp), %xmm1\n  movdqu 32(%rsp), %xmm2\n"
  "  movdqu 48(%rsp), %xmm3\n  movdqu 64(%rsp), %xmm4\n  movdqu 80(%rsp), %xmm5\n"
  "  movdqu 96(%rsp), %xmm6\n  movdqu 112(%rsp), %xmm7\n"
  "  addq $128, %rsp\n"
  "  popq %r10\n  popq %rax\n  popq %r9\n  popq %r8\n"
  "  popq %rcx\n  popq %rdx\n  popq %rsi\n  popq %rdi\n"
  "  popq %rbp\n"
  "  jmp *%r11\n"
  ".size typescale_lazy_trampoline, .-typescale_lazy_trampoline\n");

// A record and a stub per symbol: the stub jumps through the record's address, or to the
// trampoline with the record in %r11 (a scratch register no call passes arguments in) while the
// address is still unresolved.
#define LAZY_RECORD(library, name)                                              \
  __attribute__((visibility("hidden"), used)) struct lazy_symbol typescale_lazy_##name = { \
    NULL, #name, library};                                                      \
  __asm__(                                                                      \
    ".text\n"                                                                   \
    ".p2align 4\n"                                                              \
    ".globl " #name "\n"                                                        \
    ".hidden " #name "\n"                                                       \
    ".type " #name ", @function\n" #name ":\n"                                  \
    "  movq typescale_lazy_" #name "(%rip), %r11\n"                             \
    "  testq %r11, %r11\n"                                                      \
    "  jz 1f\n"                                                                 \
    "  jmp *%r11\n"                                                             \
    "1:\n"                                                                      \
    "  leaq typescale_lazy_" #name "(%rip), %r11\n"                             \
    "  jmp typescale_lazy_trampoline\n"                                         \
    ".size " #name ", .-" #name "\n");

#define LAZY_SYMBOLS(X) \
  X(LAZY_CURL, curl_easy_cleanup) \
  X(LAZY_CURL, curl_easy_getinfo) \
  X(LAZY_CURL, curl_easy_init) \
  X(LAZY_CURL, curl_easy_pause) \
  X(LAZY_CURL, curl_easy_setopt) \
  X(LAZY_CURL, curl_easy_strerror) \
  X(LAZY_CURL, curl_free) \
  X(LAZY_CURL, curl_global_init) \
  X(LAZY_CURL, curl_multi_add_handle) \
  X(LAZY_CURL, curl_multi_assign) \
  X(LAZY_CURL, curl_multi_cleanup) \
  X(LAZY_CURL, curl_multi_info_read) \
  X(LAZY_CURL, curl_multi_init) \
  X(LAZY_CURL, curl_multi_remove_handle) \
  X(LAZY_CURL, curl_multi_setopt) \
  X(LAZY_CURL, curl_multi_socket_action) \
  X(LAZY_CURL, curl_slist_append) \
  X(LAZY_CURL, curl_slist_free_all) \
  X(LAZY_CURL, curl_url) \
  X(LAZY_CURL, curl_url_get) \
  X(LAZY_CURL, curl_url_set) \
  X(LAZY_CURL, curl_version) \
  X(LAZY_CURL, curl_version_info) \
  X(LAZY_XML, xmlAddAttributeDecl) \
  X(LAZY_XML, xmlAddChild) \
  X(LAZY_XML, xmlAddElementDecl) \
  X(LAZY_XML, xmlAddNextSibling) \
  X(LAZY_XML, xmlAddPrevSibling) \
  X(LAZY_XML, xmlBufferContent) \
  X(LAZY_XML, xmlBufferCreate) \
  X(LAZY_XML, xmlBufferFree) \
  X(LAZY_XML, xmlBuildQName) \
  X(LAZY_XML, xmlChildElementCount) \
  X(LAZY_XML, xmlCopyDoc) \
  X(LAZY_XML, xmlCopyDtd) \
  X(LAZY_XML, xmlCopyNamespace) \
  X(LAZY_XML, xmlCopyNode) \
  X(LAZY_XML, xmlCreatePushParserCtxt) \
  X(LAZY_XML, xmlCtxtGetLastError) \
  X(LAZY_XML, xmlCtxtUseOptions) \
  X(LAZY_XML, xmlDictOwns) \
  X(LAZY_XML, xmlDocGetRootElement) \
  X(LAZY_XML, xmlDocSetRootElement) \
  X(LAZY_XML, xmlEncodeEntitiesReentrant) \
  X(LAZY_XML, xmlFreeDoc) \
  X(LAZY_XML, xmlFreeDocElementContent) \
  X(LAZY_XML, xmlFreeDtd) \
  X(LAZY_XML, xmlFreeEnumeration) \
  X(LAZY_XML, xmlFreeNode) \
  X(LAZY_XML, xmlFreeNs) \
  X(LAZY_XML, xmlFreeNsList) \
  X(LAZY_XML, xmlFreeParserCtxt) \
  X(LAZY_XML, xmlFreeProp) \
  X(LAZY_XML, xmlFreeValidCtxt) \
  X(LAZY_XML, xmlGetDocEntity) \
  X(LAZY_XML, xmlGetDtdAttrDesc) \
  X(LAZY_XML, xmlGetDtdElementDesc) \
  X(LAZY_XML, xmlGetDtdEntity) \
  X(LAZY_XML, xmlGetDtdNotationDesc) \
  X(LAZY_XML, xmlGetExternalEntityLoader) \
  X(LAZY_XML, xmlGetIntSubset) \
  X(LAZY_XML, xmlGetNodePath) \
  X(LAZY_XML, xmlGetParameterEntity) \
  X(LAZY_XML, xmlGetPredefinedEntity) \
  X(LAZY_XML, xmlHasNsProp) \
  X(LAZY_XML, xmlHashLookup) \
  X(LAZY_XML, xmlHashLookup3) \
  X(LAZY_XML, xmlHashRemoveEntry) \
  X(LAZY_XML, xmlHashRemoveEntry3) \
  X(LAZY_XML, xmlHashScan) \
  X(LAZY_XML, xmlIOParseDTD) \
  X(LAZY_XML, xmlInitParser) \
  X(LAZY_XML, xmlNewComment) \
  X(LAZY_XML, xmlNewDoc) \
  X(LAZY_XML, xmlNewDtd) \
  X(LAZY_XML, xmlNewNode) \
  X(LAZY_XML, xmlNewNs) \
  X(LAZY_XML, xmlNewNsProp) \
  X(LAZY_XML, xmlNewPI) \
  X(LAZY_XML, xmlNewProp) \
  X(LAZY_XML, xmlNewText) \
  X(LAZY_XML, xmlNewValidCtxt) \
  X(LAZY_XML, xmlNoNetExternalEntityLoader) \
  X(LAZY_XML, xmlNodeGetContent) \
  X(LAZY_XML, xmlNodeSetContent) \
  X(LAZY_XML, xmlNodeSetName) \
  X(LAZY_XML, xmlParseChunk) \
  X(LAZY_XML, xmlParseDTD) \
  X(LAZY_XML, xmlParserInputBufferCreateMem) \
  X(LAZY_XML, xmlReadMemory) \
  X(LAZY_XML, xmlRegFreeRegexp) \
  X(LAZY_XML, xmlReplaceNode) \
  X(LAZY_XML, xmlSAX2ExternalSubset) \
  X(LAZY_XML, xmlSAX2GetColumnNumber) \
  X(LAZY_XML, xmlSAX2GetEntity) \
  X(LAZY_XML, xmlSAX2GetLineNumber) \
  X(LAZY_XML, xmlSAX2InternalSubset) \
  X(LAZY_XML, xmlSAX2UnparsedEntityDecl) \
  X(LAZY_XML, xmlSaveClose) \
  X(LAZY_XML, xmlSaveToBuffer) \
  X(LAZY_XML, xmlSaveTree) \
  X(LAZY_XML, xmlSearchNsByHref) \
  X(LAZY_XML, xmlSetExternalEntityLoader) \
  X(LAZY_XML, xmlSetNs) \
  X(LAZY_XML, xmlSetStructuredErrorFunc) \
  X(LAZY_XML, xmlSnprintfElementContent) \
  X(LAZY_XML, xmlSplitQName2) \
  X(LAZY_XML, xmlSplitQName3) \
  X(LAZY_XML, xmlStopParser) \
  X(LAZY_XML, xmlStrcmp) \
  X(LAZY_XML, xmlStrdup) \
  X(LAZY_XML, xmlStrlen) \
  X(LAZY_XML, xmlStrndup) \
  X(LAZY_XML, xmlUnlinkNode) \
  X(LAZY_XML, xmlValidateDocument) \
  X(LAZY_XML, xmlXPathFreeContext) \
  X(LAZY_XML, xmlXPathFreeObject) \
  X(LAZY_XML, xmlXPathNewContext) \
  X(LAZY_XML, xmlXPathNodeEval) \
  X(LAZY_XML, xmlXPathRegisterNs)

LAZY_SYMBOLS(LAZY_RECORD)

// `xmlFree` is a variable in libxml2 (a pointer to its deallocator, `free` unless an application
// calls `xmlMemSetup`); FoundationXML calls through it. This copy forwards to the library's own.
typedef void (*lazy_free_function)(void *);
static lazy_free_function *lazy_xml_free_variable;

static void lazy_xml_free(void *pointer) {
  lazy_free_function *variable = __atomic_load_n(&lazy_xml_free_variable, __ATOMIC_ACQUIRE);
  if (variable == NULL) {
    variable = (lazy_free_function *)dlsym(lazy_library(LAZY_XML), "xmlFree");
    if (variable == NULL) lazy_fail(lazy_library_names[LAZY_XML], "xmlFree");
    __atomic_store_n(&lazy_xml_free_variable, variable, __ATOMIC_RELEASE);
  }
  (*variable)(pointer);
}

__attribute__((visibility("hidden"))) lazy_free_function xmlFree = lazy_xml_free;

// The calls the tests make through the stubs, declared here rather than by the libraries'
// headers (which this target does not need).
char *curl_version(void);
void *curl_easy_init(void);
int curl_easy_setopt(void *handle, int option, ...);
int curl_easy_getinfo(void *handle, int info, ...);
void curl_easy_cleanup(void *handle);
unsigned char *xmlStrndup(const unsigned char *text, int length);
int xmlStrcmp(const unsigned char *one, const unsigned char *other);

int CLazyLibraries_isAvailable(void) { return 1; }

int CLazyLibraries_isLoaded(int library) {
  return library >= 0 && library < LAZY_LIBRARY_COUNT
    && __atomic_load_n(&lazy_library_handles[library], __ATOMIC_ACQUIRE) != NULL;
}

const char *CLazyLibraries_curlVersion(void) { return curl_version(); }

int CLazyLibraries_curlPrivateRoundTrip(void *pointer) {
  void *handle = curl_easy_init();
  if (handle == NULL) return 0;
  void *read = NULL;
  // CURLOPT_PRIVATE (CURLOPTTYPE_OBJECTPOINT + 103) and CURLINFO_PRIVATE (CURLINFO_STRING + 21):
  // a pointer through each variadic stub and back.
  int same = curl_easy_setopt(handle, 10103, pointer) == 0
    && curl_easy_getinfo(handle, 0x100000 + 21, &read) == 0 && read == pointer;
  curl_easy_cleanup(handle);
  return same;
}

int CLazyLibraries_xmlPrefixEquals(const char *text, int length, const char *expected) {
  unsigned char *copy = xmlStrndup((const unsigned char *)text, length);
  if (copy == NULL) return 0;
  int equal = xmlStrcmp(copy, (const unsigned char *)expected) == 0;
  xmlFree(copy);
  return equal;
}

#else

int CLazyLibraries_isAvailable(void) { return 0; }
int CLazyLibraries_isLoaded(int library) { (void)library; return 0; }
const char *CLazyLibraries_curlVersion(void) { return ""; }
int CLazyLibraries_curlPrivateRoundTrip(void *pointer) { (void)pointer; return 0; }
int CLazyLibraries_xmlPrefixEquals(const char *text, int length, const char *expected) {
  (void)text; (void)length; (void)expected;
  return 0;
}

#endif
