// SPDX-License-Identifier: Apache-2.0
// Pango's FreeType backend through pkg-config `pangoft2`, for the benchmarks' peer
// (CBenchmarkPeers). Only CBenchmarkPeers' .c files include it; Swift does not import it.
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>
