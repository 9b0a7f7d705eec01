/* SPDX-License-Identifier: Apache-2.0 */
/* Reading Tests/Fixtures/Layout/strings.tsv: shared by the reference recorders.
 *
 * The file is UTF-8, one header line `id<TAB>script<TAB>font<TAB>language<TAB>text`,
 * then one string per line with exactly five tab-separated fields. Texts hold no
 * tab and no newline. Any other shape is an error: the recorders exit with a
 * message naming the line.
 */
#ifndef TYPESCALE_RECORDERS_CORPUS_H
#define TYPESCALE_RECORDERS_CORPUS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *id;
  char *script;
  char *font;     /* file name inside the fonts directory */
  char *language; /* BCP 47 */
  char *text;     /* UTF-8 */
} corpus_row;

typedef struct {
  corpus_row *rows;
  size_t count;
  char *storage;
} corpus;

static inline void corpus_fail(const char *path, size_t line, const char *what) {
  fprintf(stderr, "%s:%zu: %s\n", path, line, what);
  exit(1);
}

static inline corpus corpus_read(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    perror(path);
    exit(1);
  }
  size_t capacity = 1 << 16, size = 0;
  char *data = malloc(capacity + 1);
  size_t got;
  while ((got = fread(data + size, 1, capacity - size, file)) > 0) {
    size += got;
    if (size == capacity) {
      capacity *= 2;
      data = realloc(data, capacity + 1);
    }
  }
  fclose(file);
  data[size] = '\0';

  corpus result = {NULL, 0, data};
  size_t allocated = 0, line_number = 0;
  char *line = data;
  while (*line) {
    char *end = strchr(line, '\n');
    char *next = end ? end + 1 : line + strlen(line);
    if (end) *end = '\0';
    if (end > line && end[-1] == '\r') corpus_fail(path, line_number + 1, "CR LF line ending");
    line_number++;
    char *fields[5];
    size_t n = 0;
    char *field = line;
    for (;;) {
      char *tab = strchr(field, '\t');
      if (n < 5) fields[n] = field;
      n++;
      if (!tab) break;
      *tab = '\0';
      field = tab + 1;
    }
    if (n != 5) corpus_fail(path, line_number, "expected 5 tab-separated fields");
    if (line_number == 1) {
      const char *header[5] = {"id", "script", "font", "language", "text"};
      for (size_t i = 0; i < 5; i++)
        if (strcmp(fields[i], header[i]) != 0)
          corpus_fail(path, 1, "header is not id, script, font, language, text");
    } else {
      if (!*fields[0] || !*fields[2] || !*fields[3] || !*fields[4])
        corpus_fail(path, line_number, "empty id, font, language or text");
      if (result.count == allocated) {
        allocated = allocated ? allocated * 2 : 64;
        result.rows = realloc(result.rows, allocated * sizeof *result.rows);
      }
      result.rows[result.count++] =
          (corpus_row){fields[0], fields[1], fields[2], fields[3], fields[4]};
    }
    line = next;
  }
  if (line_number == 0) corpus_fail(path, 0, "empty file");
  return result;
}

static inline void corpus_free(corpus *c) {
  free(c->rows);
  free(c->storage);
}

/* Length of `text` in UTF-16 code units, counting its first `bytes` bytes. */
static inline size_t utf16_length(const char *text, size_t bytes) {
  size_t units = 0;
  for (size_t i = 0; i < bytes; i++) {
    unsigned char c = (unsigned char)text[i];
    if ((c & 0xC0) == 0x80) continue; /* continuation byte */
    units += (c >= 0xF0) ? 2 : 1;     /* 4-byte sequences are outside the BMP */
  }
  return units;
}

#endif
