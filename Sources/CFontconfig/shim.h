// SPDX-License-Identifier: Apache-2.0
// fontconfig through pkg-config `fontconfig`, for the opt-in system-font fallback only.
#include <fontconfig/fontconfig.h>
