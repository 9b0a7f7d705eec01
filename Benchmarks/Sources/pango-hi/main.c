// SPDX-License-Identifier: Apache-2.0
//
// pango-hi: the start-up scenario's baseline, a C program doing what `typescale measure Hi`
// does, with Pango: from process start, make a PangoFT2 font map over a private fontconfig
// configuration that knows one font file (TypeScale's default face, Noto Sans Regular, given on
// the command line), lay the text out at 17 pt (72 dpi, hinting off, unrounded positions, as
// the benchmark's Pango peer does, by CPangoSetup; without the peer's bitmap scaling rule,
// which one outline font does not need), print its width and height, and exit.
//
//   pango-hi FONT_FILE [TEXT]      (TEXT defaults to "Hi")
//
// Like `typescale measure Hi`, the width and height are printed exactly and rounded up to the
// pixel grid of a 3× display (UILabel's sizeThatFits).
#include <CPangoSetup.h>
#include <math.h>
#include <stdio.h>

/// `value` rounded up to the pixel grid of a 3× display.
static double pixel_ceiling(double value) { return ceil(value * 3.0 - 1e-9) / 3.0; }

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: pango-hi FONT_FILE [TEXT]\n");
    return 2;
  }
  const char *text = argc == 3 ? argv[2] : "Hi";
  FcConfig *config = FcConfigCreate();
  if (!config || !FcConfigAppFontAddFile(config, (const FcChar8 *)argv[1])) {
    fprintf(stderr, "error: fontconfig cannot read %s\n", argv[1]);
    return 2;
  }
  // The family fontconfig read from the file, so that the layout asks for exactly that face.
  FcFontSet *fonts = FcConfigGetFonts(config, FcSetApplication);
  FcChar8 *family = NULL;
  if (!fonts || fonts->nfont < 1 ||
      FcPatternGetString(fonts->fonts[0], FC_FAMILY, 0, &family) != FcResultMatch) {
    fprintf(stderr, "error: %s has no family name\n", argv[1]);
    return 2;
  }
  PangoFontMap *font_map = benchmark_pango_font_map(config);
  PangoContext *context = benchmark_pango_context(font_map);

  PangoLayout *layout = pango_layout_new(context);
  PangoFontDescription *description = pango_font_description_new();
  pango_font_description_set_family(description, (const char *)family);
  pango_font_description_set_absolute_size(description, 17 * PANGO_SCALE);
  pango_layout_set_font_description(layout, description);
  pango_font_description_free(description);
  pango_layout_set_text(layout, text, -1);
  PangoRectangle logical;
  pango_layout_get_extents(layout, NULL, &logical);
  double width = pango_units_to_double(logical.width);
  double height = pango_units_to_double(logical.height);
  printf("width:     %g (exact %.3f)\nheight:    %g (exact %.3f)\nlines:     %d\n",
         pixel_ceiling(width), width, pixel_ceiling(height), height,
         pango_layout_get_line_count(layout));
  g_object_unref(layout);
  g_object_unref(context);
  g_object_unref(font_map);
  FcConfigDestroy(config);
  return 0;
}
