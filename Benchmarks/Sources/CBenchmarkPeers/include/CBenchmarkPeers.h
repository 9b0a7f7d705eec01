// SPDX-License-Identifier: Apache-2.0
//
// The two baselines TypeScale's layout benchmarks are measured against, in C:
//
//   - the floor: raw HarfBuzz shaping of the whole text plus ICU line-break iteration and greedy
//     line filling, with no fallback, no itemization and no bidi: the least any engine must pay;
//   - the peer: Pango (PangoFT2) over a private fontconfig configuration restricted to one fonts
//     folder, a new PangoLayout per call: what a service built on Pango pays per request.
//
// This header includes no library header (ICU's clash with the ICU module Foundation ships on
// Linux; Pango's pull in GLib): every type is opaque or plain C.
#ifndef CBENCHMARKPEERS_H
#define CBENCHMARKPEERS_H

#include <stdbool.h>
#include <stddef.h>

/// What one layout measured.
typedef struct {
  /// The number of lines.
  int lines;
  /// The widest line's width, in points (for the peer: the logical extents' width).
  double width;
  /// The height, in points (for the peer: the logical extents' height).
  double height;
  /// Whether the peer ellipsized the text at its line limit; always false for the floor.
  bool truncated;
  /// Whether a word wider than the line was broken between characters (an emergency break, a
  /// line that does not start at a line break opportunity).
  bool breaks_words;
  /// Coverage problems: for the floor, glyphs that are .notdef; for the peer, runs drawn with a
  /// family other than the one asked for (fallback). Counted only by the `…_check` functions.
  int problems;
} BenchmarkLayout;

/// The floor's state for one font file: HarfBuzz face and font, a reusable buffer, and one ICU
/// line break iterator per language. Use one context per thread.
typedef struct FloorContext FloorContext;

/// Creates a floor context for face 0 of a font file, at scale = units per em.
///
/// Returns NULL when the file cannot be read or holds no font.
FloorContext *floor_context_create(const char *font_path);

/// Destroys a floor context.
void floor_context_destroy(FloorContext *context);

/// Lays UTF-8 text out with the floor: shape the whole text as one HarfBuzz buffer (segment
/// properties guessed, the language given), walk ICU's line break opportunities and fill lines
/// greedily with the glyph advances (trailing spaces hang); a segment wider than the line breaks
/// between grapheme clusters, as many on each line as fit (at least one), and sets
/// `result->breaks_words`. `width_pt` <= 0 lays the text out on one line (mandatory breaks
/// aside).
/// Height is lines × (ascender − descender + line gap) × size / units per em.
///
/// Returns false when ICU fails (an invalid language, say).
bool floor_layout(
    FloorContext *context, const char *utf8, size_t length, const char *language, double size_pt,
    double width_pt, BenchmarkLayout *result);

/// `floor_layout`, also counting .notdef glyphs into `result->problems`.
bool floor_layout_check(
    FloorContext *context, const char *utf8, size_t length, const char *language, double size_pt,
    double width_pt, BenchmarkLayout *result);

/// The peer's state: a PangoFT2 font map over a private fontconfig configuration, and a Pango
/// context (72 dpi, hinting off, unrounded glyph positions). Use one context per thread.
typedef struct PeerContext PeerContext;

/// Creates a peer context whose fontconfig configuration knows only the fonts in `fonts_dir`
/// (and fontconfig's bitmap-scaling rule, for color bitmap fonts).
///
/// Returns NULL when fontconfig rejects the folder.
PeerContext *peer_context_create(const char *fonts_dir);

/// Destroys a peer context.
void peer_context_destroy(PeerContext *context);

/// Lays UTF-8 text out with Pango: a new PangoLayout with a font description of `family` at the
/// absolute size `size_pt`, the context language `language`, PANGO_WRAP_WORD_CHAR at `width_pt`
/// (<= 0: unwrapped) and at most `max_lines` lines, ellipsized at the end (0: no limit); then
/// its logical extents, line count and whether a line starts inside a word (Pango's log
/// attributes: not a line break opportunity).
///
/// Returns false when Pango returns no lines.
bool peer_layout(
    PeerContext *context, const char *utf8, size_t length, const char *family,
    const char *language, double size_pt, double width_pt, int max_lines,
    BenchmarkLayout *result);

/// `peer_layout`, also counting runs Pango drew in another family into `result->problems`.
bool peer_layout_check(
    PeerContext *context, const char *utf8, size_t length, const char *family,
    const char *language, double size_pt, double width_pt, int max_lines,
    BenchmarkLayout *result);

/// Copies the family fontconfig reads from face 0 of a font file (what Pango matches on) into
/// `buffer`, NUL-terminated. Returns false when fontconfig cannot read the file or the name does
/// not fit.
bool benchmark_font_family(const char *font_path, char *buffer, size_t capacity);

/// The versions of the libraries the baselines link, as "name version" pairs separated by
/// ", " (HarfBuzz, ICU, Pango, fontconfig), into `buffer`.
void benchmark_library_versions(char *buffer, size_t capacity);

#endif
