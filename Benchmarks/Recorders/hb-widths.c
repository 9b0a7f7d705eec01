/* SPDX-License-Identifier: Apache-2.0 */
/* hb-widths: the advance sum of every corpus string, shaped by HarfBuzz alone.
 *
 *   hb-widths STRINGS.tsv FONTS_DIR > harfbuzz-widths.csv
 *
 * Each string is shaped whole, as one buffer (no itemization, no bidi, no line
 * breaking), with the fixture font its row names:
 *
 *   hb_blob_create_from_file_or_fail -> hb_face_create(blob, 0) -> hb_font_create
 *   hb_font_set_scale(font, upem, upem)           advances come out in font units
 *   hb_buffer_add_utf8; hb_buffer_set_language    (the corpus's language)
 *   hb_buffer_guess_segment_properties            script and direction from the text
 *   hb_shape(font, buffer, NULL, 0)               default features, hb-ot font functions
 *
 * and the row is `id,font,upem,advance_sum,glyph_count`, where advance_sum is
 * the sum of x_advance over all glyphs. A string that shapes to .notdef (glyph
 * 0) means the fixture lacks a character: that is reported on stderr and the
 * exit status is 1 (the CSV is still written whole). The output has no date
 * and depends only on the corpus, the fonts and the HarfBuzz version.
 */
#include <hb.h>

#include "corpus.h"

typedef struct {
  const char *file;
  hb_font_t *font;
  unsigned upem;
} cached_font;

static cached_font *fonts;
static size_t font_count;

static cached_font *font_named(const char *dir, const char *file) {
  for (size_t i = 0; i < font_count; i++)
    if (strcmp(fonts[i].file, file) == 0) return &fonts[i];
  size_t length = strlen(dir) + 1 + strlen(file) + 1;
  char *path = malloc(length);
  snprintf(path, length, "%s/%s", dir, file);
  hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
  if (!blob) {
    fprintf(stderr, "hb-widths: cannot read %s\n", path);
    exit(1);
  }
  hb_face_t *face = hb_face_create(blob, 0);
  hb_blob_destroy(blob);
  unsigned upem = hb_face_get_upem(face);
  if (hb_face_get_glyph_count(face) == 0) {
    fprintf(stderr, "hb-widths: %s is not a font HarfBuzz can read\n", path);
    exit(1);
  }
  hb_font_t *font = hb_font_create(face);
  hb_face_destroy(face);
  hb_font_set_scale(font, (int)upem, (int)upem);
  free(path);
  fonts = realloc(fonts, (font_count + 1) * sizeof *fonts);
  fonts[font_count] = (cached_font){file, font, upem};
  return &fonts[font_count++];
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: hb-widths STRINGS.tsv FONTS_DIR > harfbuzz-widths.csv\n");
    return 2;
  }
  corpus strings = corpus_read(argv[1]);
  int status = 0;

  printf("# harfbuzz_version: %s\n", hb_version_string());
  printf("# generated_by: Benchmarks/Recorders/hb-widths.c\n");
  printf("# corpus: Tests/Fixtures/Layout/strings.tsv\n");
  printf("# fonts: Tests/Fixtures/Fonts\n");
  printf("# units: font units (advance sum at scale = upem)\n");
  printf("# shaping: whole string as one buffer; language from the corpus, then "
         "hb_buffer_guess_segment_properties; default features; hb-ot font functions\n");
  printf("id,font,upem,advance_sum,glyph_count\n");

  hb_buffer_t *buffer = hb_buffer_create();
  for (size_t i = 0; i < strings.count; i++) {
    const corpus_row *row = &strings.rows[i];
    cached_font *font = font_named(argv[2], row->font);
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf8(buffer, row->text, -1, 0, -1);
    hb_buffer_set_language(buffer, hb_language_from_string(row->language, -1));
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font->font, buffer, NULL, 0);

    unsigned count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    long long sum = 0;
    unsigned notdef = 0;
    for (unsigned g = 0; g < count; g++) {
      sum += positions[g].x_advance;
      if (infos[g].codepoint == 0) notdef++;
    }
    if (notdef) {
      fprintf(stderr, "hb-widths: %s: %u glyph(s) are .notdef in %s\n", row->id, notdef,
              row->font);
      status = 1;
    }
    printf("%s,%s,%u,%lld,%u\n", row->id, row->font, font->upem, sum, count);
  }
  hb_buffer_destroy(buffer);
  for (size_t i = 0; i < font_count; i++) hb_font_destroy(fonts[i].font);
  free(fonts);
  corpus_free(&strings);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    perror("hb-widths: stdout");
    return 1;
  }
  return status;
}
