// SPDX-License-Identifier: Apache-2.0
// libpng through pkg-config `libpng`; TypeScale uses only the simplified API (png_image_*), which
// reports errors through return values instead of setjmp, which Swift cannot use.
#include <png.h>

// PNG_FORMAT_* are compound macros Swift does not import (reference/toolchain.md).
static const png_uint_32 CLibPNG_formatRGBA = PNG_FORMAT_RGBA;
static const png_uint_32 CLibPNG_formatGray = PNG_FORMAT_GRAY;
