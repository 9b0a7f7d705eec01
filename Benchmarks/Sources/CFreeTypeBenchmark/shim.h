// SPDX-License-Identifier: Apache-2.0
// FreeType for the benchmarks' floor: raw FT_New_Face/FT_Done_Face over the same files.
#include <ft2build.h>
#include FT_FREETYPE_H

#if defined(__GLIBC__)
#include <malloc.h>
// glibc's malloc_trim(3), so that resident memory counts live data only. <malloc.h> is not in
// Swift's Glibc module, and a @_silgen_name declaration would use the wrong calling convention.
static inline int CFreeTypeBenchmark_mallocTrim(void) { return malloc_trim(0); }
#else
static inline int CFreeTypeBenchmark_mallocTrim(void) { return 0; }
#endif
