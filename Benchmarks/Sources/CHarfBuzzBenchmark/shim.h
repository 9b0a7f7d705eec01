// SPDX-License-Identifier: Apache-2.0
// HarfBuzz through pkg-config `harfbuzz`, for the benchmarks' floor (CBenchmarkPeers). Named
// apart from the root package's CHarfBuzz so that both module maps can be seen at once.
#include <hb.h>
