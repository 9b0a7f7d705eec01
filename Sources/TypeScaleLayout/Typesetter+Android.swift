// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

extension Typesetter {
  /// The density (px per dp) Android targets lay out on: the options' display scale, or the
  /// target's 2.625.
  var androidDensity: Double {
    options.effectiveDisplayScale ?? LayoutTarget.androidDefaultDensity
  }

  /// A face's `Paint.getFontMetricsInt` at a text size in px: from its Skia metrics (see
  /// ``AndroidFontMetrics``), or, when HarfBuzz cannot read its tables, from its `hhea` metrics
  /// with top and bottom at the ascent and descent.
  func androidMetrics(of face: FontFace, textSize: Double) -> AndroidFontMetrics {
    if let skia = try? shaper.fonts.face(for: face).skiaMetrics {
      return AndroidFontMetrics(skia, textSize: textSize)
    }
    let metrics = face.metrics
    return AndroidFontMetrics(
      SkiaFaceMetrics(
        unitsPerEm: metrics.unitsPerEm, ascender: metrics.ascender, descender: metrics.descender,
        lineGap: metrics.lineGap, yMax: metrics.ascender, yMin: metrics.descender),
      textSize: textSize)
  }

  /// Places lines as Android's `StaticLayout` stacks them, in whole pixels of the density,
  /// reported in dp.
  ///
  /// For each line (AOSP `core/java/android/text/StaticLayout.java`, `generate` and `out`):
  ///
  /// - Its ascent and descent are the base font's `getFontMetricsInt` values (the elegant
  ///   proportions under ``LayoutOptions/effectiveElegantTextHeight``); with fallback line
  ///   spacing (``LayoutOptions/effectiveFallbackLineSpacing``) they widen to the rounded
  ///   extents of every other face drawn on the line (`Math.min(fmAscent, round(ascent))`).
  ///   Top and bottom are the base font's, widened to the line's ascent and descent when those
  ///   reach further (as hwui's `doFontExtent` widens them).
  /// - With ``LayoutOptions/effectiveIncludeFontPadding``, the first line starts at `top`
  ///   instead of `ascent`, and the last *visible* line (under the line limit) ends at
  ///   `bottom` instead of `descent`.
  /// - A line's height is `below − above`, plus the line spacing below.
  ///
  /// Line spacing and height (``LayoutOptions/lineHeight``, read the Android way):
  ///
  /// - ``LineHeight/minimum`` > 0 is the line height in dp. A `TextView` applies it as
  ///   `setLineHeight` (API 28) does: the height in px rounded half up (`getDimensionPixelSize`)
  ///   less `getFontMetricsInt(null)` (`descent − ascent + leading`) becomes the spacing added to
  ///   every line but the last. Compose (`LineHeightStyle` of Material 3: `Center`,
  ///   `Trim.None`) makes every line `ceil(lineHeight px)` tall, the difference split half above
  ///   and half below the line's metrics (AndroidX `LineHeightStyleSpan`).
  /// - Otherwise, for a `TextView`, ``LineHeight/multiple`` is `lineSpacingMultiplier` and
  ///   ``LineHeight/spacing`` `lineSpacingExtra` (dp, rounded half up to px): every line but
  ///   the last gets `(below − above) × (multiplier − 1) + extra`, rounded half away from
  ///   zero. Compose has neither; they are ignored there, as is ``LineHeight/maximum``.
  ///
  /// Justified alignment is placed as leading: `JUSTIFICATION_MODE_NONE` is both targets'
  /// default, and inter-word justification is not modelled for them.
  func placeAndroid(_ pending: [PendingLine], pointSize: Double, layoutWidth: Double) -> [Line] {
    let density = androidDensity
    let textSize = pointSize * density
    let base =
      options.effectiveElegantTextHeight
      ? AndroidFontMetrics(elegantAt: textSize) : androidMetrics(of: font.face, textSize: textSize)
    var extents: [FontFace: AndroidFontMetrics] = [font.face: base]
    let includePad = options.effectiveIncludeFontPadding
    let fallback = options.effectiveFallbackLineSpacing
    let isCompose = options.target == .compose
    let lineHeight = options.lineHeight
    // TextView's spacing: (add in px, multiplier).
    var spacingAdd = 0.0
    var multiplier = 1.0
    if !isCompose {
      if lineHeight.minimum > 0 {
        let heightPx = Int((lineHeight.minimum * density + 0.5).rounded(.down))
        spacingAdd = Double(heightPx - base.spacing)
      } else {
        spacingAdd = ((lineHeight.spacing * density) + 0.5).rounded(.down)
        if lineHeight.multiple > 0 { multiplier = lineHeight.multiple }
      }
    }
    let composeHeight: Int? =
      isCompose && lineHeight.minimum > 0
      ? Int((lineHeight.minimum * density).rounded(.up)) : nil

    let spacing = LetterSpacing(options).perCluster
    var lines: [Line] = []
    lines.reserveCapacity(pending.count)
    var topPx = 0
    for (number, line) in pending.enumerated() {
      var ascent = base.ascent
      var descent = base.descent
      if fallback {
        for piece in line.pieces where piece.shaped.run.face != font.face {
          let face = piece.shaped.run.face
          let metrics: AndroidFontMetrics
          if let known = extents[face] {
            metrics = known
          } else {
            metrics = androidMetrics(of: face, textSize: textSize)
            extents[face] = metrics
          }
          ascent = min(ascent, metrics.ascent)
          descent = max(descent, metrics.descent)
        }
      }
      let top = min(base.top, ascent)
      let bottom = max(base.bottom, descent)
      let isFirst = number == 0
      let isLast = number == pending.count - 1
      var above = ascent
      var below = descent
      if isFirst && includePad { above = top }
      if isLast && includePad { below = bottom }
      var heightPx = below - above
      if let composeHeight {
        // Center: the difference split between above and below, the larger half below.
        let difference = composeHeight - (descent - ascent)
        let belowShare = Int((Double(difference) / 2).rounded(.up))
        above = ascent - (difference - belowShare)
        below = descent + belowShare
        heightPx = composeHeight
      } else if !isLast, spacingAdd != 0 || multiplier != 1 {
        let extra = Double(below - above) * (multiplier - 1) + spacingAdd
        heightPx += extra >= 0 ? Int(extra + 0.5) : -Int(-extra + 0.5)
      }
      let baselinePx = topPx - above

      let rightToLeft = line.paragraphLevel & 1 == 1
      let free = max(0, layoutWidth - line.width)
      var x = 0.0
      switch options.alignment {
      case .leading, .natural, .justified: x = rightToLeft ? free : 0
      case .trailing: x = rightToLeft ? 0 : free
      case .center: x = free / 2
      }
      let baseline = Double(baselinePx) / density
      let glyphs = LineGlyphs(
        pieces: line.pieces, x: x, rightToLeft: rightToLeft, contentWidth: line.width,
        baseline: baseline, pointSize: pointSize, spacing: spacing,
        clusterBoundaries: line.clusterBoundaries, justifyExtra: 0, spaces: line.spaces,
        paragraphStart: line.paragraphStart, lineEnd: line.range.upperBound,
        variations: shaper.variations)
      lines.append(
        Line(
          range: line.range, width: line.width, x: x, top: Double(topPx) / density,
          height: Double(heightPx) / density, ascent: Double(-above) / density,
          descent: Double(below) / density, leading: 0, baseline: baseline, glyphs: glyphs,
          isTruncated: line.isTruncated, endsWithMandatoryBreak: line.mandatory,
          breaksWord: line.breaksWord))
      topPx += heightPx
    }
    return lines
  }
}
