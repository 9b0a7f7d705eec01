// SPDX-License-Identifier: Apache-2.0
//
// Pango set up the way every Pango baseline of the benchmarks sets it up (CBenchmarkPeers'
// peer, pango-batch, pango-hi, Recorders/pango-lines), written once: PangoFT2 (no cairo) over
// a private fontconfig configuration, 72 dpi (1 pt = 1 px), hinting off (which also keeps Pango
// from rounding metrics) and unrounded glyph positions. Only C files include it; Swift does not
// import it.
#ifndef C_PANGO_SETUP_H
#define C_PANGO_SETUP_H

#include <fontconfig/fontconfig.h>
#include <pango/pango.h>

/// A private fontconfig configuration that knows only the fonts of `fonts_dir`, so that no
/// system font or rule takes part, with one rule: fontconfig's own bitmap scaling
/// (conf.d/10-scale-bitmap-fonts.conf), without which a CBDT emoji font is laid out at its
/// strike size. NULL when fontconfig cannot load it.
FcConfig *benchmark_pango_config_for_folder(const char *fonts_dir);

/// A PangoFT2 font map over `config` (it holds its own reference): 72 dpi, hinting off.
PangoFontMap *benchmark_pango_font_map(FcConfig *config);

/// A context of `font_map` that does not round glyph positions.
PangoContext *benchmark_pango_context(PangoFontMap *font_map);

#endif
