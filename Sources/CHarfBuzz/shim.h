// SPDX-License-Identifier: Apache-2.0
// HarfBuzz through pkg-config `harfbuzz`; TypeScale reaches it only from Bridging/ folders.
#include <hb.h>
#include <hb-ot.h>
