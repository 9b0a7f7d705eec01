// SPDX-License-Identifier: Apache-2.0
//
// pango-batch: the batch scenario's peer, Pango answering one measurement request per line the
// way `typescale measure --batch` answers its JSON lines.
//
//   pango-batch FONTS_DIR < requests.tsv > answers.jsonl
//
// Each input line is `size_pt<TAB>width_pt<TAB>family<TAB>language<TAB>text`, width 0 for no
// wrapping; in the text `\n`, `\t` and `\\` stand for a line break, a tab and a backslash. Each
// answer is one JSON line, `{"width": W, "height": H, "lineCount": N}`, with the logical extents
// in points, written through stdio (fully buffered into a file or a pipe).
//
// Pango is set up as CBenchmarkPeers/peer.c (and Recorders/pango-lines.c) set it up, by
// CPangoSetup: PangoFT2 over a private fontconfig configuration that knows only the fonts of
// FONTS_DIR, plus fontconfig's bitmap scaling rule; 72 dpi; hinting off; unrounded glyph
// positions; a new
// PangoLayout per request with the family at an absolute size, PANGO_WRAP_WORD_CHAR, the
// request's language as the context language.
#include <CPangoSetup.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Splits off the next tab-separated field of `*rest` (in place); NULL when there is none.
static char *field(char **rest) {
  if (!*rest) return NULL;
  char *start = *rest;
  char *tab = strchr(start, '\t');
  if (tab) {
    *tab = '\0';
    *rest = tab + 1;
  } else {
    *rest = NULL;
  }
  return start;
}

// Undoes the text's escapes in place; returns its length.
static size_t unescape(char *text) {
  char *out = text;
  for (const char *in = text; *in; in++) {
    if (*in == '\\' && in[1]) {
      in++;
      *out++ = *in == 'n' ? '\n' : *in == 't' ? '\t' : *in;
    } else {
      *out++ = *in;
    }
  }
  *out = '\0';
  return (size_t)(out - text);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: pango-batch FONTS_DIR < requests.tsv > answers.jsonl\n");
    return 2;
  }
  FcConfig *config = benchmark_pango_config_for_folder(argv[1]);
  if (!config) {
    fprintf(stderr, "pango-batch: fontconfig cannot load the folder %s\n", argv[1]);
    return 1;
  }
  PangoFontMap *font_map = benchmark_pango_font_map(config);
  FcConfigDestroy(config);  // the font map holds its own reference
  PangoContext *context = benchmark_pango_context(font_map);
  PangoLanguage *current_language = NULL;

  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  while ((length = getline(&line, &capacity, stdin)) > 0) {
    if (line[length - 1] == '\n') line[length - 1] = '\0';
    char *rest = line;
    char *size = field(&rest), *width = field(&rest), *family = field(&rest);
    char *language = field(&rest), *text = field(&rest);
    if (!text) {
      fputs("{\"error\": \"expected size, width, family, language and text\"}\n", stdout);
      continue;
    }
    size_t text_length = unescape(text);
    PangoLanguage *wanted = pango_language_from_string(language);
    if (wanted != current_language) {
      pango_context_set_language(context, wanted);
      current_language = wanted;
    }
    PangoLayout *layout = pango_layout_new(context);
    PangoFontDescription *description = pango_font_description_new();
    pango_font_description_set_family_static(description, family);
    pango_font_description_set_absolute_size(description, strtod(size, NULL) * PANGO_SCALE);
    pango_layout_set_font_description(layout, description);
    pango_font_description_free(description);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    double width_pt = strtod(width, NULL);
    if (width_pt > 0) pango_layout_set_width(layout, pango_units_from_double(width_pt));
    pango_layout_set_text(layout, text, (int)text_length);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    printf("{\"width\": %.4f, \"height\": %.4f, \"lineCount\": %d}\n",
           pango_units_to_double(logical.width), pango_units_to_double(logical.height),
           pango_layout_get_line_count(layout));
    g_object_unref(layout);
  }
  free(line);
  g_object_unref(context);
  g_object_unref(font_map);
  return 0;
}
