// SPDX-License-Identifier: Apache-2.0
//
// The floor: HarfBuzz shapes the whole text as one buffer, ICU's line break iterator walks the
// break opportunities over the same UTF-8 bytes, and lines are filled greedily from the glyph
// advances. No itemization, no font fallback, no bidi reordering, no caching, no allocation per
// call once the scratch arrays have grown: the least any layout engine must pay for the same
// lines. A word wider than the line breaks between grapheme clusters, as TypeScale's and Pango's
// do. (Benchmarks/Recorders/hb-widths.c shapes the same way.)
#include "CBenchmarkPeers.h"

#include <hb.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/utext.h>

enum { FLOOR_MAX_LANGUAGES = 16 };

typedef struct {
  char *tag;
  hb_language_t hb_language;
  UBreakIterator *iterator;
} FloorLanguage;

struct FloorContext {
  hb_font_t *font;
  hb_buffer_t *buffer;
  double upem;
  /// ascender − descender + line gap, in font units.
  double line_height;
  FloorLanguage languages[FLOOR_MAX_LANGUAGES];
  int language_count;
  /// Grapheme cluster boundaries (root locale), for a word wider than the line.
  UBreakIterator *clusters;
  /// prefix[i]: the advance of every cluster before UTF-8 byte i, in font units.
  int64_t *prefix;
  size_t capacity;
};

FloorContext *floor_context_create(const char *font_path) {
  hb_blob_t *blob = hb_blob_create_from_file_or_fail(font_path);
  if (!blob) return NULL;
  hb_face_t *face = hb_face_create(blob, 0);
  hb_blob_destroy(blob);
  if (hb_face_get_glyph_count(face) == 0) {
    hb_face_destroy(face);
    return NULL;
  }
  FloorContext *context = calloc(1, sizeof *context);
  if (!context) {
    hb_face_destroy(face);
    return NULL;
  }
  unsigned upem = hb_face_get_upem(face);
  context->font = hb_font_create(face);
  hb_face_destroy(face);
  hb_font_set_scale(context->font, (int)upem, (int)upem);
  context->upem = upem;
  hb_font_extents_t extents;
  hb_font_get_h_extents(context->font, &extents);
  context->line_height = (double)extents.ascender - extents.descender + extents.line_gap;
  context->buffer = hb_buffer_create();
  UErrorCode status = U_ZERO_ERROR;
  context->clusters = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &status);
  if (U_FAILURE(status)) {
    floor_context_destroy(context);
    return NULL;
  }
  return context;
}

void floor_context_destroy(FloorContext *context) {
  if (!context) return;
  for (int i = 0; i < context->language_count; i++) {
    ubrk_close(context->languages[i].iterator);
    free(context->languages[i].tag);
  }
  if (context->clusters) ubrk_close(context->clusters);
  hb_buffer_destroy(context->buffer);
  hb_font_destroy(context->font);
  free(context->prefix);
  free(context);
}

/// The language's HarfBuzz tag and line break iterator, created on first use.
static FloorLanguage *floor_language(FloorContext *context, const char *tag) {
  for (int i = 0; i < context->language_count; i++)
    if (strcmp(context->languages[i].tag, tag) == 0) return &context->languages[i];
  if (context->language_count == FLOOR_MAX_LANGUAGES) return NULL;
  char locale[ULOC_FULLNAME_CAPACITY];
  UErrorCode status = U_ZERO_ERROR;
  uloc_forLanguageTag(tag, locale, (int32_t)sizeof locale, NULL, &status);
  if (U_FAILURE(status)) return NULL;
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
  if (U_FAILURE(status)) return NULL;
  size_t size = strlen(tag) + 1;
  char *copy = malloc(size);
  if (!copy) {
    ubrk_close(iterator);
    return NULL;
  }
  memcpy(copy, tag, size);
  FloorLanguage *language = &context->languages[context->language_count++];
  *language = (FloorLanguage){copy, hb_language_from_string(tag, -1), iterator};
  return language;
}

/// Whether a byte is whitespace that hangs past the line end (not measured).
static bool floor_hangs(char byte) {
  return byte == ' ' || byte == '\t' || byte == '\n' || byte == '\r';
}

/// The advance of bytes [start, end) without trailing hanging whitespace, in font units.
static int64_t floor_content(const FloorContext *context, const char *utf8, int32_t start,
                             int32_t end) {
  while (end > start && floor_hangs(utf8[end - 1])) end--;
  return context->prefix[end] - context->prefix[start];
}

static bool floor_run(FloorContext *context, const char *utf8, size_t length,
                      const char *language_tag, double size_pt, double width_pt, bool check,
                      BenchmarkLayout *result) {
  *result = (BenchmarkLayout){0};
  FloorLanguage *language = floor_language(context, language_tag);
  if (!language || length > INT32_MAX) return false;

  // Shape the whole text as one run.
  hb_buffer_clear_contents(context->buffer);
  hb_buffer_add_utf8(context->buffer, utf8, (int)length, 0, (int)length);
  hb_buffer_set_language(context->buffer, language->hb_language);
  hb_buffer_guess_segment_properties(context->buffer);
  hb_shape(context->font, context->buffer, NULL, 0);
  unsigned count = 0;
  const hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(context->buffer, &count);
  const hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(context->buffer, &count);

  // Advances by cluster (a UTF-8 byte offset), then prefix sums over bytes.
  if (context->capacity < length + 1) {
    int64_t *grown = realloc(context->prefix, (length + 1) * sizeof *grown);
    if (!grown) return false;
    context->prefix = grown;
    context->capacity = length + 1;
  }
  int64_t *prefix = context->prefix;
  memset(prefix, 0, (length + 1) * sizeof *prefix);
  for (unsigned g = 0; g < count; g++) {
    prefix[infos[g].cluster + 1] += positions[g].x_advance;
    if (check && infos[g].codepoint == 0) result->problems++;
  }
  for (size_t i = 1; i <= length; i++) prefix[i] += prefix[i - 1];

  // Break opportunities over the same bytes: UText's native indices are UTF-8 offsets.
  UErrorCode status = U_ZERO_ERROR;
  UText text = UTEXT_INITIALIZER;
  utext_openUTF8(&text, utf8, (int64_t)length, &status);
  ubrk_setUText(language->iterator, &text, &status);
  if (U_FAILURE(status)) {
    utext_close(&text);
    return false;
  }

  // Greedy filling: a line takes every opportunity that still fits.
  const double limit = width_pt > 0 ? width_pt * context->upem / size_pt + 1e-6 : INFINITY;
  int lines = 0;
  int64_t widest = 0;
  int32_t start = 0, fit = -1;
  int64_t fit_width = 0;
  bool clusters_set = false;
  for (int32_t at = ubrk_following(language->iterator, 0); at != UBRK_DONE;
       at = ubrk_next(language->iterator)) {
    bool mandatory =
        at < (int32_t)length && ubrk_getRuleStatus(language->iterator) >= UBRK_LINE_HARD;
    int64_t width = floor_content(context, utf8, start, at);
    if (width > limit && fit > start) {
      lines++;
      if (fit_width > widest) widest = fit_width;
      start = fit;
      width = floor_content(context, utf8, start, at);
    }
    // A word wider than the line: lines of as many grapheme clusters as fit (at least one),
    // until the rest of the word fits.
    int32_t content = at;
    while (content > start && floor_hangs(utf8[content - 1])) content--;
    while (width > limit) {
      if (!clusters_set) {
        ubrk_setUText(context->clusters, &text, &status);
        if (U_FAILURE(status)) {
          utext_close(&text);
          return false;
        }
        clusters_set = true;
      }
      int32_t end = ubrk_following(context->clusters, start);
      for (int32_t next = ubrk_next(context->clusters);
           next != UBRK_DONE && next <= content && prefix[next] - prefix[start] <= limit;
           next = ubrk_next(context->clusters))
        end = next;
      if (end == UBRK_DONE || end >= content) break;  // one cluster wider than the line
      lines++;
      if (prefix[end] - prefix[start] > widest) widest = prefix[end] - prefix[start];
      result->breaks_words = true;
      start = end;
      width = floor_content(context, utf8, start, at);
    }
    if (width > limit || mandatory) {
      // A cluster wider than the line has the line to itself; a mandatory break ends it.
      lines++;
      if (width > widest) widest = width;
      start = at;
      fit = -1;
    } else {
      fit = at;
      fit_width = width;
    }
  }
  if (fit > start) {
    lines++;
    if (fit_width > widest) widest = fit_width;
  }
  utext_close(&text);

  const double scale = size_pt / context->upem;
  result->lines = lines;
  result->width = (double)widest * scale;
  result->height = lines * context->line_height * scale;
  return true;
}

bool floor_layout(FloorContext *context, const char *utf8, size_t length, const char *language,
                  double size_pt, double width_pt, BenchmarkLayout *result) {
  return floor_run(context, utf8, length, language, size_pt, width_pt, false, result);
}

bool floor_layout_check(FloorContext *context, const char *utf8, size_t length,
                        const char *language, double size_pt, double width_pt,
                        BenchmarkLayout *result) {
  return floor_run(context, utf8, length, language, size_pt, width_pt, true, result);
}
