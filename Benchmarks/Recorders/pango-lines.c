/* SPDX-License-Identifier: Apache-2.0 */
/* pango-lines: where Pango breaks every corpus string into lines.
 *
 *   pango-lines STRINGS.tsv FONTS_DIR > pango-lines.csv
 *
 * Pango (PangoFT2, no cairo) over a private fontconfig configuration that
 * knows only the fonts in FONTS_DIR (FcConfigCreate + FcConfigAppFontAddDir,
 * given to the font map with pango_fc_font_map_set_config): no system font can
 * take part, and no system fontconfig rule (alias, substitution) applies. The
 * one rule the private configuration has (Sources/CPangoSetup) is fontconfig's
 * own conf.d/10-scale-bitmap-fonts.conf (its color-bitmap part): without it a
 * bitmap-only font (Fixture-Emoji.ttf, one strike at 109 ppem) is laid out at
 * its strike size, 109 px, whatever size is asked for.
 *
 * Each string is one paragraph, laid out at 17 pt at 72 dpi (1 pt = 1 px) in
 * the family of the fixture its row names (read from the font file with
 * FcFreeTypeQuery), with the row's language as the context language, at each
 * width of WIDTHS_PT, with PANGO_WRAP_WORD_CHAR (break between words; inside a
 * word only when the word alone is wider than the line). Hinting is off
 * (FC_HINTING false in the font map's default substitute, so Pango's metrics
 * are not rounded either) and glyph positions are not rounded
 * (pango_context_set_round_glyph_positions FALSE).
 *
 * Row: `id,width_pt,line_count,line_starts,height_pt`. line_starts are the
 * offsets of the lines' first characters in UTF-16 code units (converted from
 * Pango's UTF-8 byte indices), `;`-separated, starting with 0; height_pt is the
 * height of the layout's logical extents in points (Pango units / 1024, exact).
 *
 * If Pango draws any run of a string with a face of another family (fallback
 * because the fixture lacks a character), that is reported on stderr and the
 * exit status is 1 (the CSV is still written whole).
 */
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>

#include "CPangoSetup.h"
#include "corpus.h"

static const int WIDTHS_PT[] = {200, 320};

static const double SIZE_PT = 17.0;
static const double DPI = 72.0;

/* The family (first FC_FAMILY value) of face 0 of a font file; g_free it. */
static char *family_of(const char *dir, const char *file) {
  size_t length = strlen(dir) + 1 + strlen(file) + 1;
  char *path = malloc(length);
  snprintf(path, length, "%s/%s", dir, file);
  int count = 0;
  FcPattern *pattern = FcFreeTypeQuery((const FcChar8 *)path, 0, NULL, &count);
  FcChar8 *family = NULL;
  if (!pattern || FcPatternGetString(pattern, FC_FAMILY, 0, &family) != FcResultMatch) {
    fprintf(stderr, "pango-lines: fontconfig cannot read %s\n", path);
    exit(1);
  }
  char *result = g_strdup((const char *)family);
  FcPatternDestroy(pattern);
  free(path);
  return result;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: pango-lines STRINGS.tsv FONTS_DIR > pango-lines.csv\n");
    return 2;
  }
  corpus strings = corpus_read(argv[1]);
  const char *fonts_dir = argv[2];
  int status = 0;

  /* Set up as the benchmarks' Pango baselines are (Sources/CPangoSetup). */
  FcConfig *config = benchmark_pango_config_for_folder(fonts_dir);
  if (!config) {
    fprintf(stderr, "pango-lines: fontconfig cannot load the folder %s\n", fonts_dir);
    return 1;
  }
  PangoFontMap *font_map = benchmark_pango_font_map(config);
  FcConfigDestroy(config); /* the font map holds its own reference */
  PangoContext *context = benchmark_pango_context(font_map);

  int fc_version = FcGetVersion();
  printf("# pango_version: %s\n", pango_version_string());
  printf("# harfbuzz_version: %s\n", hb_version_string());
  printf("# fontconfig_version: %d.%d.%d\n", fc_version / 10000, fc_version / 100 % 100,
         fc_version % 100);
  printf("# fontconfig: private config over Tests/Fixtures/Fonts\n");
  printf("# fontconfig_rules: bitmap scaling only (as conf.d/10-scale-bitmap-fonts.conf)\n");
  printf("# font_map: PangoFT2\n");
  printf("# size_pt: %g\n", SIZE_PT);
  printf("# dpi: %g\n", DPI);
  printf("# wrap: PANGO_WRAP_WORD_CHAR\n");
  printf("# hinting: none (FC_HINTING false); round_glyph_positions: false\n");
  printf("# widths_pt: ");
  for (size_t w = 0; w < sizeof WIDTHS_PT / sizeof *WIDTHS_PT; w++)
    printf("%s%d", w ? ";" : "", WIDTHS_PT[w]);
  printf("\n");
  printf("# line_starts: UTF-16 code unit offsets of each line's first character\n");
  printf("# height_pt: height of the layout's logical extents\n");
  printf("# generated_by: Benchmarks/Recorders/pango-lines.c\n");
  printf("# corpus: Tests/Fixtures/Layout/strings.tsv\n");
  printf("id,width_pt,line_count,line_starts,height_pt\n");

  for (size_t i = 0; i < strings.count; i++) {
    const corpus_row *row = &strings.rows[i];
    char *family = family_of(fonts_dir, row->font);
    PangoFontDescription *description = pango_font_description_new();
    pango_font_description_set_family(description, family);
    pango_font_description_set_size(description, (gint)(SIZE_PT * PANGO_SCALE));
    pango_context_set_language(context, pango_language_from_string(row->language));

    for (size_t w = 0; w < sizeof WIDTHS_PT / sizeof *WIDTHS_PT; w++) {
      PangoLayout *layout = pango_layout_new(context);
      pango_layout_set_font_description(layout, description);
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_width(layout, WIDTHS_PT[w] * PANGO_SCALE);
      pango_layout_set_text(layout, row->text, -1);

      GSList *lines = pango_layout_get_lines_readonly(layout);
      printf("%s,%d,%u,", row->id, WIDTHS_PT[w], g_slist_length(lines));
      int fallback_runs = 0;
      for (GSList *l = lines; l; l = l->next) {
        PangoLayoutLine *line = l->data;
        printf("%s%zu", l == lines ? "" : ";", utf16_length(row->text, (size_t)line->start_index));
        for (GSList *r = line->runs; r; r = r->next) {
          PangoGlyphItem *run = r->data;
          PangoFontDescription *used = pango_font_describe(run->item->analysis.font);
          const char *used_family = pango_font_description_get_family(used);
          if (!used_family || strcmp(used_family, family) != 0) fallback_runs++;
          pango_font_description_free(used);
        }
      }
      PangoRectangle logical;
      pango_layout_get_extents(layout, NULL, &logical);
      printf(",%.4f\n", (double)logical.height / PANGO_SCALE);
      if (fallback_runs) {
        fprintf(stderr, "pango-lines: %s at %d pt: %d run(s) not in \"%s\" (font fallback)\n",
                row->id, WIDTHS_PT[w], fallback_runs, family);
        status = 1;
      }
      g_object_unref(layout);
    }
    pango_font_description_free(description);
    g_free(family);
  }
  g_object_unref(context);
  g_object_unref(font_map);
  corpus_free(&strings);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    perror("pango-lines: stdout");
    return 1;
  }
  return status;
}
