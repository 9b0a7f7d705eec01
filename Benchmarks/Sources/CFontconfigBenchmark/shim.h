// SPDX-License-Identifier: Apache-2.0
// fontconfig through pkg-config `fontconfig`, for the peer's private configuration
// (CBenchmarkPeers). Named apart from the root package's CFontconfig.
#include <fontconfig/fontconfig.h>
