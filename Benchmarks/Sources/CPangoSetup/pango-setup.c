// SPDX-License-Identifier: Apache-2.0
//
// Pango set up for the benchmarks' baselines: see include/CPangoSetup.h. A target of its own,
// with no dependency but Pango and fontconfig, so that pango-hi links nothing it does not need
// for start-up.
#include "CPangoSetup.h"

#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>

// fontconfig's 10-scale-bitmap-fonts.conf for fonts without outlines: scale the strike to the
// requested pixel size through the font matrix (its color-bitmap part; the rules for non-color
// bitmap fonts with hinting on are left out: hinting is off here).
static const char BITMAP_SCALING[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
    "<fontconfig>\n"
    "  <match target=\"font\">\n"
    "    <test name=\"outline\" compare=\"eq\"><bool>false</bool></test>\n"
    "    <edit name=\"pixelsizefixupfactor\" mode=\"assign\">\n"
    "      <divide><name target=\"pattern\">pixelsize</name>"
    "<name target=\"font\">pixelsize</name></divide>\n"
    "    </edit>\n"
    "  </match>\n"
    "  <match target=\"font\">\n"
    "    <test name=\"outline\" compare=\"eq\"><bool>false</bool></test>\n"
    "    <test name=\"pixelsizefixupfactor\" compare=\"not_eq\"><double>1.0</double></test>\n"
    "    <edit name=\"matrix\" mode=\"assign\">\n"
    "      <times><name>matrix</name><matrix>\n"
    "        <name>pixelsizefixupfactor</name><double>0</double>\n"
    "        <double>0</double><name>pixelsizefixupfactor</name>\n"
    "      </matrix></times>\n"
    "    </edit>\n"
    "    <edit name=\"size\" mode=\"assign\">\n"
    "      <divide><name>size</name><name>pixelsizefixupfactor</name></divide>\n"
    "    </edit>\n"
    "  </match>\n"
    "</fontconfig>\n";

static const double BENCHMARK_PANGO_DPI = 72.0;

FcConfig *benchmark_pango_config_for_folder(const char *fonts_dir) {
  FcConfig *config = FcConfigCreate();
  if (!config) return NULL;
  if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)BITMAP_SCALING, FcTrue) ||
      !FcConfigAppFontAddDir(config, (const FcChar8 *)fonts_dir)) {
    FcConfigDestroy(config);
    return NULL;
  }
  return config;
}

// The font map's default substitute: hinting, hint style and the autohinter off.
static void no_hinting(FcPattern *pattern, gpointer data) {
  (void)data;
  FcPatternDel(pattern, FC_HINTING);
  FcPatternAddBool(pattern, FC_HINTING, FcFalse);
  FcPatternDel(pattern, FC_HINT_STYLE);
  FcPatternAddInteger(pattern, FC_HINT_STYLE, FC_HINT_NONE);
  FcPatternDel(pattern, FC_AUTOHINT);
  FcPatternAddBool(pattern, FC_AUTOHINT, FcFalse);
}

PangoFontMap *benchmark_pango_font_map(FcConfig *config) {
  PangoFontMap *font_map = pango_ft2_font_map_new();
  pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map), config);
  pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(font_map), BENCHMARK_PANGO_DPI,
                                    BENCHMARK_PANGO_DPI);
  pango_fc_font_map_set_default_substitute(PANGO_FC_FONT_MAP(font_map), no_hinting, NULL, NULL);
  return font_map;
}

PangoContext *benchmark_pango_context(PangoFontMap *font_map) {
  PangoContext *context = pango_font_map_create_context(font_map);
  pango_context_set_round_glyph_positions(context, FALSE);
  return context;
}
