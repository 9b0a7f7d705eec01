// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// The second pipeline stage: shapes runs with HarfBuzz, in font units, through the shape cache.
///
/// A run is shaped at a scale of one unit per font unit, so its positions scale linearly to any
/// size: a sweep over twelve sizes shapes once. Faces whose shaping depends on the size (an
/// `opsz` axis, a `trak` table) are shaped per size instead, with `opsz` set to the size.
struct Shaper {
  let fonts: HarfBuzzFontCache
  let cache: ShapeCache
  let options: LayoutOptions
  let variations: [String: Double]

  /// The features to shape with: the options', with nonessential ligatures off while tracking
  /// is not 0 (``LetterSpacing/features(for:)``).
  var features: [FontFeature] { LetterSpacing.features(for: options) }

  /// ``features`` as the shape cache's key spells them, so that runs shaped with and without
  /// tracking's ligatures never share an entry.
  private var featureKey: String {
    guard options.tracking != 0 || !options.features.isEmpty else { return "" }
    return features.map(\.description).joined(separator: ",")
  }

  /// The HarfBuzz font for a face with this shaper's variations: the context's recent one, or
  /// the engine's.
  ///
  /// - Returns: The font, whether its shaping depends on the size, and the coordinates key.
  func harfBuzzFont(
    for face: FontFace, pointSize: Double, context: LayoutContext
  ) throws(LayoutError) -> (font: HarfBuzzFont, sizeDependent: Bool, coordinates: String) {
    let coordinates =
      face.isVariable
      ? HarfBuzzFontCache.coordinateKey(
        HarfBuzzFontCache.coordinates(for: face, overrides: variations)) : ""
    if let recent = context.recentFont(from: fonts, face: face, coordinates: coordinates) {
      return (recent, false, coordinates)
    }
    let (font, sizeDependent) = try fonts.font(
      for: face, overrides: variations, pointSize: pointSize)
    if !sizeDependent {
      context.remember(font, from: fonts, face: face, coordinates: coordinates)
    }
    return (font, sizeDependent, coordinates)
  }

  /// Shapes `range` of `text` with `run`'s face, direction, script and language, giving up to
  /// five UTF-16 units of context on each side — none on a side where a line breaks
  /// (`isolatedBefore`, `isolatedAfter`), as a line break ends shaping there.
  ///
  /// `continuesCluster` says that `range` starts inside a grapheme cluster: a piece of a
  /// cluster longer than ``TextLayoutEngine/maximumShapedClusterLength``.
  func shape(
    _ run: TextRun, range: Range<Int>, in text: [UInt16], pointSize: Double,
    isolatedBefore: Bool = false, isolatedAfter: Bool = false, continuesCluster: Bool = false,
    context: LayoutContext
  ) throws(LayoutError) -> ShapedRun {
    let (font, sizeDependent, coordinates) = try harfBuzzFont(
      for: run.face, pointSize: pointSize, context: context)
    let start = isolatedBefore ? range.lowerBound : max(0, range.lowerBound - 5)
    let end = isolatedAfter ? range.upperBound : min(text.count, range.upperBound + 5)
    let unitsPerEm = font.unitsPerEm
    let glyphs = try text.withUnsafeBufferPointer {
      (text) throws(LayoutError) -> ShapedGlyphs in
      // The key borrows the window from `text`: a hit copies nothing.
      let key = ShapeCache.Lookup(
        window: UnsafeBufferPointer(rebasing: text[start..<end]),
        text: (range.lowerBound - start)..<(range.upperBound - start), face: run.face.id,
        coordinates: coordinates, features: featureKey, script: run.script,
        rightToLeft: run.isRightToLeft, language: options.language ?? "",
        pointSize: sizeDependent ? pointSize : nil, continuesCluster: continuesCluster)
      if let glyphs = cache.value(for: key) { return glyphs }
      // Shape the range with its context only, so the result depends on nothing outside the key.
      let glyphs = try context.buffer.shape(
        text: key.window, range: key.text, font: font, rightToLeft: run.isRightToLeft,
        script: run.script == .japanese
          ? HarfBuzzFont.tag("Hani") : UnicodeServices.scriptTagValue(run.script),
        language: options.language ?? "", features: features,
        continuesCluster: continuesCluster)
      cache.insert(glyphs, for: key)
      return glyphs
    }
    return ShapedRun(
      run: run, glyphs: glyphs, unitsPerEm: unitsPerEm, sizeDependent: sizeDependent)
  }
}
