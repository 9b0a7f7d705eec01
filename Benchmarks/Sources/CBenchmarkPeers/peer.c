// SPDX-License-Identifier: Apache-2.0
//
// The peer: Pango laying out the same texts, set up exactly as
// Benchmarks/Recorders/pango-lines.c sets it up for the layout tests' reference data:
//
//   - PangoFT2 (no cairo) over a private fontconfig configuration (FcConfigCreate +
//     FcConfigAppFontAddDir) that knows only the fonts of one folder, so no system font or rule
//     takes part; its one rule is fontconfig's own bitmap scaling for color bitmap fonts
//     (conf.d/10-scale-bitmap-fonts.conf), without which a CBDT emoji font is laid out at its
//     strike size;
//   - 72 dpi (1 pt = 1 px), hinting off (which also keeps Pango from rounding metrics) and
//     unrounded glyph positions;
//   - a new PangoLayout per call with a font description of the family at an absolute size, the
//     text as one paragraph, PANGO_WRAP_WORD_CHAR; logical extents measured.
#include "CBenchmarkPeers.h"

#include <CPangoSetup.h>

#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uversion.h>

struct PeerContext {
  PangoFontMap *font_map;
  PangoContext *context;
  PangoLanguage *language;
};

PeerContext *peer_context_create(const char *fonts_dir) {
  FcConfig *config = benchmark_pango_config_for_folder(fonts_dir);
  if (!config) return NULL;
  PeerContext *peer = calloc(1, sizeof *peer);
  if (!peer) {
    FcConfigDestroy(config);
    return NULL;
  }
  peer->font_map = benchmark_pango_font_map(config);
  FcConfigDestroy(config);  // the font map holds its own reference
  peer->context = benchmark_pango_context(peer->font_map);
  return peer;
}

void peer_context_destroy(PeerContext *peer) {
  if (!peer) return;
  g_object_unref(peer->context);
  g_object_unref(peer->font_map);
  free(peer);
}

/// Whether a line after the first starts where Pango's log attributes have no line break
/// opportunity: PANGO_WRAP_WORD_CHAR broke a word wider than the line between characters.
static bool peer_breaks_words(PangoLayout *layout) {
  GSList *lines = pango_layout_get_lines_readonly(layout);
  if (!lines || !lines->next) return false;
  const char *text = pango_layout_get_text(layout);
  int count = 0;
  const PangoLogAttr *attributes = pango_layout_get_log_attrs_readonly(layout, &count);
  for (GSList *l = lines->next; l; l = l->next) {
    const PangoLayoutLine *line = l->data;
    glong offset = g_utf8_pointer_to_offset(text, text + line->start_index);
    if (offset < count && !attributes[offset].is_line_break) return true;
  }
  return false;
}

/// Runs whose font's family differs from `family`: what Pango had to fall back for.
static int peer_fallback_runs(PangoLayout *layout, const char *family) {
  int runs = 0;
  for (GSList *l = pango_layout_get_lines_readonly(layout); l; l = l->next) {
    PangoLayoutLine *line = l->data;
    for (GSList *r = line->runs; r; r = r->next) {
      PangoGlyphItem *run = r->data;
      PangoFontDescription *used = pango_font_describe(run->item->analysis.font);
      const char *used_family = pango_font_description_get_family(used);
      if (!used_family || strcmp(used_family, family) != 0) runs++;
      pango_font_description_free(used);
    }
  }
  return runs;
}

static bool peer_run(PeerContext *peer, const char *utf8, size_t length, const char *family,
                     const char *language_tag, double size_pt, double width_pt, int max_lines,
                     bool check, BenchmarkLayout *result) {
  *result = (BenchmarkLayout){0};
  PangoLanguage *language = pango_language_from_string(language_tag);
  if (language != peer->language) {
    pango_context_set_language(peer->context, language);
    peer->language = language;
  }
  PangoLayout *layout = pango_layout_new(peer->context);
  PangoFontDescription *description = pango_font_description_new();
  pango_font_description_set_family_static(description, family);
  pango_font_description_set_absolute_size(description, size_pt * PANGO_SCALE);
  pango_layout_set_font_description(layout, description);
  pango_font_description_free(description);
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  if (width_pt > 0) pango_layout_set_width(layout, pango_units_from_double(width_pt));
  if (max_lines > 0) {
    pango_layout_set_height(layout, -max_lines);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
  }
  pango_layout_set_text(layout, utf8, (int)length);

  PangoRectangle logical;
  pango_layout_get_extents(layout, NULL, &logical);
  result->lines = pango_layout_get_line_count(layout);
  result->width = pango_units_to_double(logical.width);
  result->height = pango_units_to_double(logical.height);
  result->truncated = max_lines > 0 && pango_layout_is_ellipsized(layout);
  result->breaks_words = peer_breaks_words(layout);
  if (check) result->problems = peer_fallback_runs(layout, family);
  g_object_unref(layout);
  return result->lines > 0;
}

bool peer_layout(PeerContext *peer, const char *utf8, size_t length, const char *family,
                 const char *language, double size_pt, double width_pt, int max_lines,
                 BenchmarkLayout *result) {
  return peer_run(peer, utf8, length, family, language, size_pt, width_pt, max_lines, false,
                  result);
}

bool peer_layout_check(PeerContext *peer, const char *utf8, size_t length, const char *family,
                       const char *language, double size_pt, double width_pt, int max_lines,
                       BenchmarkLayout *result) {
  return peer_run(peer, utf8, length, family, language, size_pt, width_pt, max_lines, true,
                  result);
}

bool benchmark_font_family(const char *font_path, char *buffer, size_t capacity) {
  int count = 0;
  FcPattern *pattern = FcFreeTypeQuery((const FcChar8 *)font_path, 0, NULL, &count);
  FcChar8 *family = NULL;
  bool found = pattern && FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch &&
               strlen((const char *)family) < capacity;
  if (found) strcpy(buffer, (const char *)family);
  if (pattern) FcPatternDestroy(pattern);
  return found;
}

void benchmark_library_versions(char *buffer, size_t capacity) {
  UVersionInfo icu;
  char icu_version[U_MAX_VERSION_STRING_LENGTH];
  u_getVersion(icu);
  u_versionToString(icu, icu_version);
  int fc = FcGetVersion();
  snprintf(buffer, capacity, "HarfBuzz %s, ICU %s, Pango %s, fontconfig %d.%d.%d",
           hb_version_string(), icu_version, pango_version_string(), fc / 10000, fc / 100 % 100,
           fc % 100);
}
